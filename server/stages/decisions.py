"""The decisions a competition's director took, as they stand: what each one decides, whether
it may still change, and what it could be changed to.

A choice of opponent (K1.4, D4.3, D4.5, D4.7, D5.7-D5.9) decides the matches of its bracket
that name it (the team chosen, the teams left over) and those of the choices that exclude it
(D4.7: the League I teams choose in turn); a wild card (KC2.2), the entries joining (K4.2,
K4.3, D4.7) and a replacement (K4.5) decide a stage's entrants, so every match and session of
that stage. A decision may be changed or withdrawn until one of the matches it decides is put
in play; taking that advance back opens it again. What it may be changed to is what the
competition would ask for without it (`without`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..competition import Competition, CompetitionView, Due, Inputs
from ..formats.competition import CompetitionError, Entrants, StageSpec
from ..movements.knockout import Best, Chosen, Entrant, FirstOf, NotChosen
from ..store import Store
from ..store import competition as sql
from .inputs import competition_spec, joined_entries, load, own_entries

KINDS = ("choice", "wild card", "join", "replace")


@dataclass(frozen=True)
class About:
    """Where a decision belongs and how the regulation names it."""

    stage: str
    group: str
    name: str
    rule: str


def stage_of(view: CompetitionView, stage_id: str) -> StageSpec | None:
    return next((s.spec for s in view.stages if s.spec.id == stage_id), None)


def about(view: CompetitionView, key: str, kind: str) -> About:
    """The stage, group, name and rule of the decision `key`."""
    stage_id, _, rest = key.partition("/")
    spec = stage_of(view, stage_id)
    if spec is None:
        return About(stage_id, "", rest, "")
    if kind == "choice" and spec.bracket is not None:
        for choice in spec.bracket.choices:
            if rest == choice.id or rest.endswith("/" + choice.id):
                return About(stage_id, rest[:-len(choice.id)].rstrip("/"), choice.id,
                             choice.rule)
    if kind == "replace":
        return About(stage_id, "", "replacement", "K4.5")
    block = entrants_block(view, key, kind)
    if block is not None:
        name = (block.why or block.name) if kind == "join" else "wild card"
        return About(stage_id, "", name, block.rule)
    return About(stage_id, "", rest, spec.rules[0] if spec.rules else "")


def entrants_block(view: CompetitionView, key: str, kind: str) -> Entrants | None:
    """The `[[stage.entrants]]` block a join or a wild card answers: its key numbers it among
    the stage's blocks for the competition's entries (`join2`: the second)."""
    stage_id, _, rest = key.partition("/")
    spec = stage_of(view, stage_id)
    if spec is None or kind not in ("join", "wild card"):
        return None
    own = sum(1 for e in view.entries if not e.joined)
    blocks = [b for b in spec.entrants if b.when is None or b.when.applies(own)]
    digits = rest.removeprefix(kind)
    index = int(digits) - 1 if digits.isdigit() else 0
    if 0 <= index < len(blocks) and blocks[index].source == kind:
        return blocks[index]
    return next((b for b in blocks if b.source == kind), None)


def decided_matches(view: CompetitionView, key: str, kind: str) -> tuple[str, set[str] | None]:
    """The stage of a decision and the fixture keys of the matches it decides; None: the whole
    stage (its entrants)."""
    stage_id = key.partition("/")[0]
    spec = stage_of(view, stage_id)
    if kind != "choice" or spec is None or spec.bracket is None:
        return stage_id, None
    info = about(view, key, kind)
    prefix = f"{stage_id}/{info.group}/" if info.group else f"{stage_id}/"
    bracket = spec.bracket
    ids = {info.name}
    grew = True
    while grew:  # choices made in turn: one that excludes this one depends on it
        more = {c.id for c in bracket.choices if set(c.exclude) & ids} - ids
        grew = bool(more)
        ids |= more
    return stage_id, {prefix + m.id for m in bracket.matches
                      if _names(m.home, ids) or _names(m.away, ids)}


def dependents(view: CompetitionView, key: str, kind: str,
               in_force: list[dict[str, Any]]) -> list[str]:
    """The decisions in force that were taken on top of this one: the choices that exclude a
    choice (D4.7: chosen in turn), every choice of a stage whose entrants a wild card, a join or
    a replacement decides. Withdrawing it would leave them without their ground."""
    stage_id = key.partition("/")[0]
    if kind != "choice":
        return [d["key"] for d in in_force
                if d["kind"] == "choice" and d["key"].partition("/")[0] == stage_id]
    spec = stage_of(view, stage_id)
    if spec is None or spec.bracket is None:
        return []
    info = about(view, key, kind)
    prefix = f"{stage_id}/{info.group}/" if info.group else f"{stage_id}/"
    ids = {info.name}
    grew = True
    while grew:
        more = {c.id for c in spec.bracket.choices if set(c.exclude) & ids} - ids
        grew = bool(more)
        ids |= more
    later = {prefix + i for i in ids - {info.name}}
    return [d["key"] for d in in_force if d["key"] in later]


def _names(entrant: Entrant, ids: set[str]) -> bool:
    if isinstance(entrant, Chosen | NotChosen):
        return entrant.choice in ids
    if isinstance(entrant, Best):
        return any(_names(e, ids) for e in entrant.among)
    if isinstance(entrant, FirstOf):
        return any(_names(e, ids) for e in (*entrant.candidates, *entrant.among))
    return False


def in_play(store: Store, view: CompetitionView, key: str, kind: str) -> list[dict[str, Any]]:
    """The matches or sessions in play that the decision decides (then it stands)."""
    stage_id, keys = decided_matches(view, key, kind)
    return [f for k, f in sql.fixtures(store).items()
            if (f["stage"] == stage_id if keys is None
                else any(k == m or k.startswith(m + "/") for m in keys))]


def why_it_stands(fixtures: list[dict[str, Any]]) -> str:
    """Why a decision may no longer change: what of it is in play, and since when."""
    labels = sorted({str(f["detail"].get("label") or f["key"]) for f in fixtures})
    first = min(f["first_round"] for f in fixtures)
    shown = ", ".join(labels[:6]) + (f" and {len(labels) - 6} more" if len(labels) > 6 else "")
    return (f"its matches are in play since round {first} ({shown}): it stands unless that "
            "advance is undone")


def without(store: Store, now_ms: int, key: str, kind: str) -> CompetitionView:
    """The competition as it would be without the decision `key`: what it would ask for."""
    inputs = load(store, now_ms)
    drop(inputs, key, kind)
    return Competition(competition_spec(store), own_entries(store)).view(inputs)


def drop(inputs: Inputs, key: str, kind: str) -> None:
    """Take the decision `key` out of `inputs`."""
    if kind == "replace":
        inputs.replaced.pop(key.partition("/")[0], None)
    else:
        for found in (inputs.choices, inputs.picks, inputs.joins):
            found.pop(key, None)


def resolves(store: Store, now_ms: int, key: str, kind: str, value: Any) -> str | None:
    """None when the competition resolves with the decision `key` set to `value` (None:
    withdrawn); else why not (a later decision in force that it contradicts)."""
    inputs = load(store, now_ms)
    drop(inputs, key, kind)
    stage_id = key.partition("/")[0]
    if value is not None:
        if kind == "choice":
            inputs.choices[key] = int(value)
        elif kind == "wild card":
            inputs.picks[key] = tuple(int(v) for v in value)
        elif kind == "join":
            inputs.joins[key] = joined_entries(value["entries"], stage_id,
                                               value.get("origin", ""))
        else:
            inputs.replaced[stage_id] = {int(k): int(v) for k, v in value.items()}
    try:
        Competition(competition_spec(store), own_entries(store)).view(inputs)
    except (CompetitionError, ValueError) as exc:
        return str(exc)
    return None


def due_of(view: CompetitionView, key: str) -> Due | None:
    return next((d for d in view.due if d.key == key), None)


def players_required(view: CompetitionView, stage_id: str) -> int:
    """K4.4: how many players each entry joining `stage_id` names (0: given by name only).

    A stage that lists K4.4 among its rules takes its joining entries with their players,
    each on the event's players list: a pair's two (K4.2, K4.3), a team's four or more. D4.7's
    League II runners-up join by name (their rosters are League II's)."""
    spec = stage_of(view, stage_id)
    if spec is None or "K4.4" not in spec.rules:
        return 0
    return 2 if spec.kind.pairs else 4


def taken(store: Store, view: CompetitionView, now_ms: int) -> list[dict[str, Any]]:
    """Every decision in force for the console: what it is, who took it and why, whether it
    may still change (`open`) or why it stands, and what it may be changed to."""
    out = []
    lines = {(s.spec.id, m.group, m.id): m for s in view.stages if s.progress
             for m in s.progress.matches}
    for row in sql.decisions(store):
        key, kind = row["key"], row["kind"]
        info = about(view, key, kind)
        playing = in_play(store, view, key, kind)
        item: dict[str, Any] = {
            "key": key, "kind": kind, "stage": info.stage, "group": info.group,
            "name": info.name, "rule": info.rule, "value": row["value"],
            "actor": row["actor"], "at_ms": row["at_ms"], "why": row["why"],
            "open": not playing, "stands": why_it_stands(playing) if playing else None,
            "chooser": None, "allowed": [], "count": 1,
        }
        block = entrants_block(view, key, kind)
        if not playing and kind == "choice":
            item.update(_choice_options(view, key, lines) or {})
        elif not playing and kind == "join" and block is not None:
            item.update(count=block.count)
        elif not playing and kind == "wild card":
            due = due_of(without(store, now_ms, key, kind), key)
            if due is not None:
                item.update(chooser=due.chooser, allowed=list(due.allowed), count=due.count)
        out.append(item)
    return out


def _choice_options(view: CompetitionView, key: str,
                    lines: dict[tuple[str, str, str], Any]) -> dict[str, Any] | None:
    """A choice's chooser and the teams it may choose, as the match it made shows them."""
    info = about(view, key, "choice")
    spec = stage_of(view, info.stage)
    if spec is None or spec.bracket is None:
        return None
    for match in spec.bracket.matches:
        for side in (match.away, match.home):
            if isinstance(side, Chosen) and side.choice == info.name:
                line = lines.get((info.stage, info.group, match.id))
                if line is not None and line.chosen_by is not None:
                    return {"chooser": line.chosen_by, "allowed": list(line.choice_from)}
    return None
