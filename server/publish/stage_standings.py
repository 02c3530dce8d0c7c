"""A competition's standings as its results pages and JSON give them: stage by stage.

A competition has no one ranking while it is played: each stage ranks its own groups (VP with
the VP kept from an earlier stage, or percentages), a knock-out has matches and winners, and a
league keeps a Butler ranking of its pairs (D4.1, D5.2). :func:`standings` is every stage
begun, for ``/results/api/standings``; :func:`team_stages` a team's line in each stage and
:func:`match_details` what a match of the event is in the competition (its stage, a
knock-out's carry-over and winner, the room's round), for a team's card.
"""

from __future__ import annotations

from typing import Any

from ..competition import CompetitionView
from ..competition.report import stage_json
from ..event.numbering import numbering
from ..stages.view import STANDING_STATUS, current
from ..store import Store
from ..store import competition as sql


def _status(stage: Any, in_play: dict[str, dict[str, Any]]) -> str:
    if stage.progress is None:
        return "waiting"
    if stage.complete:
        return "complete"
    return "playing" if any(f["stage"] == stage.spec.id for f in in_play.values()) else "ready"


def standings(store: Store, now_ms: int) -> dict[str, Any]:
    """Every stage begun, in order, with its status ("playing", "complete"...), each group's
    standings (each line with the entry's name), its Butler ranking where it keeps one (and
    over all its groups, D5.2), and a knock-out's matches; the stages in play; the final
    places once known."""
    view = current(store, now_ms).view
    names = {e.id: e.name for e in view.entries}
    in_play = sql.fixtures(store)
    stages = []
    for stage in view.stages:
        if stage.progress is None:
            continue
        data = stage_json(stage)
        for group in data["groups"]:
            group.pop("rounds", None)
            for line in group["standings"]:
                line["name"] = names.get(line["entry"], str(line["entry"]))
            for line in group.get("butler", []):
                line["name"] = names.get(line["entry"], str(line["entry"]))
        for line in data.get("butler_combined", []):
            line["name"] = names.get(line["entry"], str(line["entry"]))
        for match in data["matches"]:
            for side in ("home", "away", "winner"):
                match[f"{side}_name"] = names.get(match[side]) if match[side] else None
        stages.append({"id": data["id"], "name": data["name"], "kind": data["kind"],
                       "status": STANDING_STATUS[_status(stage, in_play)],
                       "groups": data["groups"], "matches": data["matches"],
                       "qualified": data["qualified"],
                       **{key: data[key] for key in ("butler_combined", "butler_combined_holds")
                          if key in data}})
    return {
        "kind": "competition", "competition": view.spec.name,
        "teams": view.spec.kind == "teams",
        "in_play": [s["id"] for s in stages if s["status"] == "playing"],
        "complete": view.complete,
        "stages": stages,
        "final_places": [{"place": p.place, "entry": p.entry,
                          "name": names.get(p.entry, str(p.entry)), "group": p.group or None,
                          "outcome": p.outcome or None, "why": p.why, "shared": p.shared}
                         for p in view.final_places],
    }


def team_card(store: Store, team: int, now_ms: int) -> tuple[
        dict[tuple[int, int], dict[str, Any]], list[dict[str, Any]]]:
    """What a team's card of a competition adds: :func:`match_details` and
    :func:`team_stages`, the competition resolved once."""
    view = current(store, now_ms).view
    return match_details(store, view), team_stages(view, team)


def team_stages(view: CompetitionView, team: int) -> list[dict[str, Any]]:
    """The team's line in each stage it has played: its group's place (`rank` the place it
    shows, the first of theirs when the stage's tie-breaks leave it level, `shared`), VP (kept
    VP in it) and IMPs, or its knock-out matches' outcome."""
    out = []
    for stage in view.stages:
        if stage.progress is None or team not in stage.entrants:
            continue
        row: dict[str, Any] = {"stage": stage.spec.id, "name": stage.spec.name,
                               "kind": stage.spec.kind.value, "complete": stage.complete,
                               "group": "", "place": None, "rank": None, "vp": None,
                               "carried_vp": 0.0,
                               "imps": None, "percent": None, "shared": False, "won": [],
                               "lost": []}
        for group in stage.progress.groups:
            for line in group.standings:
                if line.entry == team:
                    row.update(group=group.name, place=line.place,
                               rank=line.rank or line.place, vp=line.vp,
                               carried_vp=line.carried_vp,
                               imps=list(line.imps) if line.imps else None,
                               percent=line.percent, shared=line.shared)
        row["won"] = [m.id for m in stage.progress.matches if m.winner == team]
        row["lost"] = [m.id for m in stage.progress.matches if m.loser == team]
        out.append(row)
    return out


def match_details(store: Store,
                  view: CompetitionView) -> dict[tuple[int, int], dict[str, Any]]:
    """Each competition match of the event by (round, table): its stage, group and label,
    whether it is a knock-out, the carry-over (IMPs the home team started with, negative: the
    away team's), its winner once decided, and the round as the room names it."""
    fixtures = sql.fixtures(store)
    if not fixtures:
        return {}
    lines = {(s.spec.id, m.group, m.id): m for s in view.stages if s.progress
             for m in s.progress.matches}
    numbers = numbering(store)
    out = {}
    for key, f in fixtures.items():
        if f["kind"] != "match":
            continue
        detail = f["detail"]
        group = f["grp"] or ""
        prefix = f"{f['stage']}/{group}/" if group else f"{f['stage']}/"
        ident = key[len(prefix):].split("/", 1)[0] if key.startswith(prefix) else key
        line = lines.get((f["stage"], group, ident)) if detail.get("knockout") else None
        carry = detail.get("carry_over")
        signed = 0.0
        if carry:
            signed = float(carry["imps"]) if carry["team"] == detail["home"] else -float(
                carry["imps"])
        name = numbers.round(f["first_round"], "O", int(detail["table"]))
        out[f["first_round"], int(detail["table"])] = {
            "stage": f["stage"], "stage_name": detail.get("stage_name") or f["stage"],
            "group": group, "label": detail.get("label") or "",
            "knockout": bool(detail.get("knockout")), "carry_over": signed,
            "carry_over_rule": carry["rule"] if carry else None,
            "winner": line.winner if line is not None else None,
            "round_number": name.number, "round_name": name.text()}
    return out
