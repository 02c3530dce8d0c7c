"""A simulated (or played) competition as the README's JSON and as text for people.

The JSON is documented field by field in the README; checks rely on it. Numbers are rounded
to two decimals; the same competition gives the same bytes.
"""

from __future__ import annotations

from typing import Any

from ..formats.competition import CompetitionSpec, StageKind
from .flow import CompetitionView, StageView
from .model import (
    ButlerLine,
    CombinedButler,
    GroupResult,
    KnockoutLine,
    Standing,
    tie_break_text,
)
from .simulate import Simulation


def _num(value: float) -> float | int:
    rounded = round(float(value), 2)
    return int(rounded) if rounded == int(rounded) else rounded


def to_json(sim: Simulation) -> dict[str, Any]:
    return view_json(sim.view, sim.spec, preset=sim.preset, seed=sim.seed)


def view_json(view: CompetitionView, spec: CompetitionSpec, *, preset: str | None,
              seed: int | None) -> dict[str, Any]:
    """A competition as far as it has gone, in the README's schema (`simulate --json`, and
    `traveller standings --json` for an event file)."""
    grouped = bool(spec.entries.groups)
    entries = []
    for entry in view.entries:
        row: dict[str, Any] = {"id": entry.id, "name": entry.name}
        if grouped and entry.group:
            row["group"] = entry.group
        if entry.joined:
            row["joined"] = entry.joined
            row["from"] = entry.origin
        entries.append(row)
    return {
        "preset": preset,
        "competition": spec.name,
        "seed": seed,
        "rules": list(spec.rules),
        "restricted_systems": spec.restricted_systems,
        "entries": entries,
        "stages": [stage_json(s) for s in view.stages],
        "final_places": [
            {"place": p.place, "entry": p.entry, "why": p.why,
             **({"group": p.group} if grouped else {}), "outcome": p.outcome or None,
             **({"shared": True} if p.shared else {})}
            for p in view.final_places],
    }


def _boards(stage: StageView) -> int:
    spec = stage.spec
    if spec.kind is StageKind.KNOCKOUT:
        return spec.bracket.matches[0].boards if spec.bracket else 0
    if spec.kind in (StageKind.PAIRS, StageKind.BAROMETER):
        groups = stage.progress.groups if stage.progress else []
        return groups[0].boards_per_session if groups else 0
    return spec.boards_per_match


def stage_json(stage: StageView) -> dict[str, Any]:
    spec = stage.spec
    progress = stage.progress
    pairs = spec.kind in (StageKind.PAIRS, StageKind.BAROMETER)
    combined = progress.butler_combined if progress else None
    return {
        "id": spec.id,
        "name": spec.name,
        "rules": list(spec.rules),
        "kind": spec.kind.value,
        "boards_per_match": _boards(stage),
        "sessions": spec.sessions if pairs else 1,
        "top_integral": spec.top_integral if pairs else False,
        "groups": [_group(g) for g in (progress.groups if progress else [])],
        "matches": [_match(m) for m in (progress.matches if progress else [])],
        "qualified": [{"entry": q.entry, "to": q.to, "why": q.why} for q in stage.qualified],
        "joined": [{"entry": q.entry, "why": q.why} for q in stage.joined],
        **({} if combined is None else {
            "butler_combined": _butler(combined.lines),
            "butler_combined_holds": holds_json(combined)}),
    }


def _butler(lines: tuple[ButlerLine, ...]) -> list[dict[str, Any]]:
    return [{"place": b.place, "entry": b.entry, "pair": b.pair, "boards": b.boards,
             "imps": _num(b.imps), "per_board": _num(b.per_board)} for b in lines]


def holds_json(combined: CombinedButler) -> dict[str, int]:
    """What a combined Butler ranking holds (D5.2): ``groups`` of ``of`` groups have results in
    it, every one of them finished up to round ``up_to_round`` of ``rounds``."""
    return {"groups": combined.groups, "of": combined.of, "up_to_round": combined.up_to_round,
            "rounds": combined.rounds}


def holds_text(combined: CombinedButler) -> str:
    """``"4 of 4 groups, up to match 15 of 15"`` (English, for the command line)."""
    return (f"{combined.groups} of {combined.of} groups, up to match {combined.up_to_round} "
            f"of {combined.rounds}")


def _group(group: GroupResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": group.name,
        "entries": list(group.entries),
        "rounds": [{"round": r.round, "matches": [
            {"home": m.home, "away": m.away, "boards": m.boards,
             "imps": [_num(m.imps[0]), _num(m.imps[1])], "vp": [_num(m.vp[0]), _num(m.vp[1])]}
            for m in r.matches]} for r in group.rounds],
        "standings": [_standing(s) for s in group.standings],
    }
    if group.butler:
        out["butler"] = _butler(group.butler)
    if group.after_rounds:
        out["after_rounds"] = [{"round": r, "order": list(order)}
                               for r, order in group.after_rounds]
    return out


def _standing(line: Standing) -> dict[str, Any]:
    row: dict[str, Any] = {
        "place": line.place, "entry": line.entry,
        "vp": None if line.vp is None else _num(line.vp),
        "carried_vp": _num(line.carried_vp),
        "imps": None if line.imps is None else [_num(line.imps[0]), _num(line.imps[1])],
        "percent": None if line.percent is None else _num(line.percent),
    }
    if line.shared:
        # Level on everything the stage's ranking looks at: it shows "6=" (rank 6) twice.
        row["shared"] = True
        row["rank"] = line.rank or line.place
    if line.sessions:
        row["sessions"] = [_num(p) for p in line.sessions]
    if line.tie_break:
        row["tie_break"] = line.tie_break
    return row


def _match(m: KnockoutLine) -> dict[str, Any]:
    return {
        "id": f"{m.group}/{m.id}" if m.group else m.id,
        "round": m.round,
        "home": m.home, "away": m.away, "boards": m.boards, "segments": m.segments,
        "chosen_by": m.chosen_by, "choice_from": list(m.choice_from),
        "carry_over": (None if m.carry_over is None else
                       {"to": m.carry_over.to, "imps": _num(m.carry_over.imps),
                        "rule": m.carry_over.rule}),
        "imps": [_num(m.imps[0]), _num(m.imps[1])],
        "imp_penalties": [_num(m.imp_penalties[0]), _num(m.imp_penalties[1])],
        "extra_boards": m.extra_boards, "winner": m.winner, "loser": m.loser,
        "decided_by": m.decided_by,
    }


def to_text(sim: Simulation) -> str:
    return view_text(sim.view, sim.spec, f"seed {sim.seed}, {sim.boards_played} table results")


def view_text(view: CompetitionView, spec: CompetitionSpec, about: str,
              status: dict[str, str] | None = None) -> str:
    """The competition for people: each stage's standings, matches and qualifiers (with its
    status when given), then the final places."""
    names = {e.id: e.name for e in view.entries}
    out = [f"{spec.name}: {len(view.entries)} entries, {about}",
           f"Rules: {', '.join(spec.rules)}"]
    if spec.restricted_systems:
        out.append("K9.1: no psychic bids, no complex artificial systems")
    for stage in view.stages:
        out.append("")
        lines = _stage_text(stage, names)
        if status:
            lines[0] += f": {status[stage.spec.id]}"
        out += lines
    out += ["", "Final places" if view.final_places else "Final places: not known yet"]
    for place in view.final_places:
        where = f"{place.group} " if place.group else ""
        out.append(f"  {where}{place.shown:>3}  {names[place.entry]:<28} {place.why}")
    return "\n".join(out) + "\n"


def _stage_text(stage: StageView, names: dict[int, str]) -> list[str]:
    spec = stage.spec
    out = [f"== {spec.name} ({spec.kind.value.replace('_', ' ')}; {', '.join(spec.rules)})"]
    progress = stage.progress
    if progress is None:
        return [*out, "  not played"]
    for group in progress.groups:
        if group.name and (group.standings or group.butler or group.after_rounds):
            # A knock-out's groups hold no standings: its matches, below, name their group.
            out.append(f"  Group {group.name}")
        tie_breaks = tie_break_text(group.standings)
        for line in group.standings:
            score = (f"{line.percent:6.2f}%" if line.percent is not None
                     else f"{line.vp:7.2f} VP")
            kept = f" (kept {line.carried_vp:.2f})" if line.carried_vp else ""
            imps = (f"  IMPs {line.imps[0]:.0f}-{line.imps[1]:.0f}"
                    if line.imps is not None else "")
            reason = f"  [{tie_breaks[line.entry]}]" if line.entry in tie_breaks else ""
            out.append(f"  {line.shown:>4} {names.get(line.entry, line.entry):<28} "
                       f"{score}{kept}{imps}{reason}")
        if group.butler:
            out.append(f"  Butler (IMPs a board, D4.1/D5.2): {_best(group.butler, names)}")
        if group.after_rounds:
            leaders = ", ".join(f"r{r}: {names.get(order[0], order[0])}"
                                for r, order in group.after_rounds)
            out.append(f"  Leader after each round: {leaders}")
    combined = progress.butler_combined
    if combined is not None:
        out.append(f"  Butler over all groups (IMPs a board, D5.2; {holds_text(combined)}): "
                   f"{_best(combined.lines, names) if combined.lines else 'no results yet'}")
    for m in progress.matches:
        label = f"{m.group}/{m.id}" if m.group else m.id
        chosen = (f", chosen by {names[m.chosen_by]} from "
                  f"{_listed([names[t] for t in m.choice_from])}" if m.chosen_by else "")
        carry = (f", c/o {m.carry_over.imps:g} to {names[m.carry_over.to]} "
                 f"({m.carry_over.rule})" if m.carry_over else "")
        extra = f", {m.extra_boards} extra boards" if m.extra_boards else ""
        outcome = (f"-> {names.get(m.winner, m.winner)} ({m.decided_by})" if m.winner
                   else "not over yet")
        out.append(f"  {label:<8} {m.round:<14} {names[m.home]} v {names[m.away]}: "
                   f"{m.imps[0]:g}-{m.imps[1]:g}{carry}{chosen}{extra} {outcome}")
    for q in stage.joined:
        out.append(f"  <- {names.get(q.entry, q.entry)} joins: {q.why}")
    for q in stage.qualified:
        out.append(f"  -> {names.get(q.entry, q.entry)} to {q.to}: {q.why}")
    return out


def _best(lines: tuple[ButlerLine, ...], names: dict[int, str]) -> str:
    best = ", ".join(f"{names.get(b.entry, b.entry)} pair {b.pair} {b.per_board:+.2f}"
                     for b in lines[:3])
    return f"{best} ..."


def _listed(names: list[str]) -> str:
    """Names as a sentence lists them: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


__all__ = ["CompetitionView", "to_json", "to_text"]
