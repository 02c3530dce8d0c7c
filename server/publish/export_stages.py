"""A competition's results as the exports take them: stage by stage.

A competition event plays its stages one after another in one event file. :func:`stage_values`
gives each stage begun as the competition model resolves it (each group's standings with VP,
kept VP or percentages, the knock-out matches with their carry-over, extra boards and winner,
the Butler ranking a league keeps (D4.1, D5.2; League II's also over all its groups), who
qualified where and the final places), and :func:`competition_event` adds to each the stage's
own results: a team stage's matches (a round robin's or a Swiss's with their VP, a knock-out's
with its IMPs and carry-over, never VP) with each table's result, or a pairs stage's travellers
scored as the stage scores them (matchpoints session by session, top integral across groups
when the stage says so, K4.2; a Swiss pairs stage's IMPs against the round's datum, KC1.2).

Nothing here raises on a competition at any moment: a stage not begun is left out, a stage
begun with nothing played yet has its entrants and no results.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..competition import CompetitionView
from ..competition.flow import StageView
from ..event.numbering import Numbering, numbering
from ..formats.competition import StageKind
from ..formats.interchange import (
    PairLine,
    PairsEvent,
    PairStanding,
    StageButler,
    StageButlerHolds,
    StageDecision,
    StageGroup,
    StageLine,
    StageMatch,
    StageResult,
    TeamMatchResult,
    TeamsEvent,
    TeamStanding,
)
from ..scoring.butler import butler
from ..stages.view import current
from ..store import Store
from ..store import competition as sql
from .results import Entry, entries


def _signed_carry(line: Any) -> float:
    """A knock-out line's carry-over as the home team's IMPs (negative: the away team's)."""
    if line.carry_over is None:
        return 0.0
    return float(line.carry_over.imps if line.carry_over.to == line.home
                 else -line.carry_over.imps)


def stage_values(view: CompetitionView) -> tuple[StageResult, ...]:
    """A competition's stages that have begun, each with its groups' standings (places, VP or
    percentages as the console's Competition page shows them), its knock-out matches, its
    Butler ranking and what it decided (who qualified where, the final places it gave)."""
    names = {e.id: e.name for e in view.entries}
    stage_names = {s.spec.id: s.spec.name or s.spec.id for s in view.stages}
    last_stage = {entry: index for index, stage in enumerate(view.stages)
                  for entry in stage.entrants}
    out = []
    for index, stage in enumerate(view.stages):
        if stage.progress is None:
            continue
        groups = tuple(StageGroup(
            name=group.name,
            # The place a line shows: level lines (`shared`) the first of theirs, "3=" on
            # each and then 5, as `traveller standings --json` ranks them (`rank`).
            lines=tuple(StageLine(place=s.rank or s.place,
                                  name=names.get(s.entry, str(s.entry)),
                                  vp=s.vp, carried_vp=s.carried_vp, percent=s.percent,
                                  shared=s.shared, entry=s.entry, imps=s.imps,
                                  tie_break=s.tie_break) for s in group.standings),
            butler=tuple(StageButler(place=b.place, entry=b.entry,
                                     name=names.get(b.entry, str(b.entry)), pair=b.pair,
                                     boards=b.boards, imps=b.imps, per_board=b.per_board)
                         for b in group.butler))
            for group in stage.progress.groups if group.standings or group.butler)
        decided = [StageDecision(name=names.get(q.entry, str(q.entry)),
                                 what=stage_names.get(q.to, q.to), why=q.why, qualified=True)
                   for q in stage.qualified]
        # The final places: once the competition is complete, each entry's on the page of the
        # last stage it played in; before, the places a stage has given already (knock-outs).
        places: list[Any] = ([p for p in view.final_places if last_stage.get(p.entry) == index]
                             if view.complete else stage.progress.places)
        decided += [StageDecision(name=names.get(p.entry, str(p.entry)), what=" ".join(
            x for x in (p.group, getattr(p, "shown", None) or str(p.place)
                        if p.place is not None else "", p.outcome) if x),
            why=p.why, qualified=False) for p in places]
        matches = tuple(StageMatch(
            round=m.round, home=names.get(m.home, str(m.home)),
            away=names.get(m.away, str(m.away)), imps=m.imps, carry_over=_signed_carry(m),
            winner="" if m.winner is None else names.get(m.winner, str(m.winner)),
            id=f"{m.group}/{m.id}" if m.group else m.id,
            carry_over_rule=m.carry_over.rule if m.carry_over else "",
            extra_boards=m.extra_boards, decided_by=m.decided_by or "")
            for m in stage.progress.matches)
        combined = stage.progress.butler_combined
        group_of = {e: g.name for g in stage.progress.groups for e in g.entries}
        out.append(StageResult(
            id=stage.spec.id, name=stage_names[stage.spec.id], complete=stage.complete,
            groups=groups, decided=tuple(decided), matches=matches, kind=stage.spec.kind.value,
            butler_combined=() if combined is None else tuple(
                StageButler(place=b.place, entry=b.entry, name=names.get(b.entry, str(b.entry)),
                            pair=b.pair, boards=b.boards, imps=b.imps, per_board=b.per_board,
                            group=group_of.get(b.entry, ""))
                for b in combined.lines),
            butler_holds=None if combined is None else StageButlerHolds(
                combined.groups, combined.of, combined.up_to_round, combined.rounds)))
    return tuple(out)


def competition_event(store: Store, event: TeamsEvent | PairsEvent,
                      now_ms: int) -> TeamsEvent | PairsEvent:
    """``event`` (the whole event file's results) as a competition: its stages, each with its
    own results, the entries' names, and the room's numbers of rounds and boards."""
    view = current(store, now_ms).view
    names = {e.id: e.name for e in view.entries}
    stages = stage_values(view)
    fixtures = sql.fixtures(store)
    numbers = numbering(store)
    if isinstance(event, TeamsEvent):
        return _teams(event, view, fixtures, names, stages, numbers)
    return _pairs(store, event, view, fixtures, names, stages, numbers)


# --- team stages -----------------------------------------------------------------------------


def _knockout_lines(view: CompetitionView) -> dict[tuple[str, str, str], Any]:
    """Every knock-out line by (stage, group, match id)."""
    return {(s.spec.id, m.group, m.id): m for s in view.stages if s.progress
            for m in s.progress.matches}


def _line_key(key: str, stage: str, group: str) -> tuple[str, str, str]:
    """The knock-out line a match's fixture key plays: its own, or the one whose extra or
    sudden-death boards it is (``stage/p1/extra``, ``stage/p1/sd2``)."""
    prefix = f"{stage}/{group}/" if group else f"{stage}/"
    rest = key[len(prefix):] if key.startswith(prefix) else key
    return stage, group, rest.split("/", 1)[0]


def _teams(event: TeamsEvent, view: CompetitionView, fixtures: dict[str, dict[str, Any]],
           names: dict[int, str], stages: Sequence[StageResult],
           numbers: Numbering) -> TeamsEvent:
    by_place = {(f["first_round"], f["detail"]["table"]): (key, f)
                for key, f in fixtures.items() if f["kind"] == "match"}
    specs = {s.spec.id: s for s in view.stages}
    lines = _knockout_lines(view)
    matches: list[TeamMatchResult] = []
    stage_of: dict[tuple[int, int], str] = {}
    # A knock-out's extra and sudden-death boards are its match's (K17.2): one match, its
    # boards numbered on after the match's own; their tables are the match's.
    main: dict[tuple[str, str, str], int] = {}
    moved: dict[tuple[int, int], tuple[int, int]] = {}
    # A knock-out's rounds in the order its bracket plays them ("line 1" 1, ..., "final"): the
    # same two teams may meet in two of them (a line, then the semi-final).
    bracket: dict[str, dict[str, int]] = defaultdict(dict)
    for match in event.matches:
        shown = tuple(numbers.number(b) for b in match.boards)
        name = numbers.round(match.round, "O", match.table)
        found = by_place.get((match.round, match.table))
        number = name.number
        if found is not None and found[1]["detail"].get("knockout"):
            rounds = bracket[found[1]["stage"]]
            number = rounds.setdefault(name.match or name.text(), len(rounds) + 1)
        match = replace(match, numbers=shown, round_number=number, round_name=name.text())
        found = by_place.get((match.round, match.table))
        if found is None:
            matches.append(match)
            continue
        key, fixture = found
        detail = fixture["detail"]
        stage = specs.get(fixture["stage"])
        knockout = bool(detail.get("knockout"))
        line_key = _line_key(key, fixture["stage"], fixture["grp"] or "")
        line = lines.get(line_key) if knockout else None
        if knockout and line_key in main and key != "/".join(x for x in line_key if x):
            into = matches[main[line_key]]
            moved[match.round, match.table] = (into.round, into.table)
            matches[main[line_key]] = replace(
                into, boards=into.boards + match.boards, numbers=into.numbers + match.numbers,
                board_imps=into.board_imps + match.board_imps,
                home_imps=into.home_imps + match.home_imps,
                away_imps=into.away_imps + match.away_imps)
            continue
        carry = detail.get("carry_over")
        signed = 0.0
        if carry:
            signed = float(carry["imps"]) if carry["team"] == match.home else -float(carry["imps"])
        stage_of[match.round, match.table] = fixture["stage"]
        if knockout:
            main[line_key] = len(matches)
        matches.append(replace(
            match, stage=stage.spec.name if stage else fixture["stage"],
            group=fixture["grp"] or "", label=str(detail.get("label") or ""),
            knockout=knockout, carry_over=signed,
            home_vp=None if knockout else match.home_vp,
            away_vp=None if knockout else match.away_vp,
            winner=line.winner if line is not None else None))
    number_of = {(m.round, m.table, b): m.shown(b) for m in matches for b in m.boards}
    tables = []
    for t in event.tables:
        round_number, table = moved.get((t.round, t.table), (t.round, t.table))
        tables.append(replace(t, round=round_number, table=table,
                              number=number_of.get((round_number, table, t.board), t.board)))
    out_stages = []
    for result in stages:
        view_stage = specs[result.id]
        mine = tuple(m for m in matches if stage_of.get((m.round, m.table)) == result.id)
        places = {(m.round, m.table) for m in mine}
        boards = {b for m in mine for b in m.boards}
        knockout = view_stage.spec.kind is StageKind.KNOCKOUT
        out_stages.append(replace(result, results=TeamsEvent(
            title=event.title, swiss=view_stage.spec.kind is StageKind.SWISS_TEAMS,
            standings=() if knockout else _team_standings(view_stage, names),
            matches=mine, tables=tuple(t for t in tables if (t.round, t.table) in places),
            deals={b: d for b, d in event.deals.items() if b in boards},
            stage=result.name, knockout=knockout, entries=names)))
    return replace(event, matches=tuple(matches), tables=tuple(tables), standings=(),
                   entries=names, stages=tuple(out_stages))


def _team_standings(stage: StageView, names: dict[int, str]) -> tuple[TeamStanding, ...]:
    if stage.progress is None:
        return ()
    return tuple(
        # Level teams (`shared`) both at the first of their places, as every page shows them.
        TeamStanding(team=s.entry, name=names.get(s.entry, f"Team {s.entry}"),
                     rank=s.rank or s.place,
                     vp=s.vp or 0.0, imps_won=s.imps[0] if s.imps else 0.0,
                     imps_lost=s.imps[1] if s.imps else 0.0, players=(), group=group.name,
                     carried_vp=s.carried_vp)
        for group in stage.progress.groups for s in group.standings)


# --- pairs stages ----------------------------------------------------------------------------


def _pairs(store: Store, event: PairsEvent, view: CompetitionView,
           fixtures: dict[str, dict[str, Any]], names: dict[int, str],
           stages: Sequence[StageResult], numbers: Numbering) -> PairsEvent:
    """Each stage's travellers, as the results pages score them (a matchpoint session as its
    stage scores it, `server.publish.results.score`), a Swiss pairs round against its datum."""
    specs = {s.spec.id: s for s in view.stages}
    where: dict[tuple[str, int], str] = {}
    for fixture in fixtures.values():
        if fixture["kind"] == "session":
            for number in range(fixture["first_round"], fixture["last_round"] + 1):
                where[fixture["detail"]["section"], number] = fixture["stage"]
    by_stage: dict[str, list[PairLine]] = defaultdict(list)
    for x in event.lines:
        by_stage[where.get((x.section, x.round), "")].append(_named(x, numbers))
    # A Swiss pairs round's lines are made again from the entries: who sat there, and when.
    seated = {(x.section, x.round, x.table, x.board): x for x in event.lines}
    swiss_entries: dict[str, list[Entry]] = defaultdict(list)
    if any(s.spec.kind is StageKind.SWISS_PAIRS for s in view.stages):
        for e in entries(store):
            stage = where.get((e.key.section, e.key.round), "")
            if stage in specs and specs[stage].spec.kind is StageKind.SWISS_PAIRS:
                swiss_entries[stage].append(e)
    all_lines: list[PairLine] = []
    out_stages = []
    for result in stages:
        stage = specs[result.id]
        swiss = stage.spec.kind is StageKind.SWISS_PAIRS
        lines = ([replace(x, players=found.players, played_on=found.played_on)
                  if (found := seated.get((x.section, x.round, x.table, x.board))) else x
                  for x in _datum_lines(swiss_entries[result.id], numbers)] if swiss
                 else by_stage.get(result.id, []))
        lines.sort(key=lambda x: (x.section, x.board, x.round, x.table))
        all_lines += lines
        sections = tuple(sorted({x.section for x in lines}
                                | {f["detail"]["section"] for f in fixtures.values()
                                   if f["stage"] == result.id and f["kind"] == "session"}))
        out_stages.append(replace(result, results=PairsEvent(
            title=event.title, sections=sections,
            standings=_pair_standings(stage, names, lines, swiss), lines=tuple(lines),
            deals={b: d for b, d in event.deals.items() if b in {x.board for x in lines}},
            stage=result.name, method="butler" if swiss else "mp", entries=names)))
    all_lines.sort(key=lambda x: (x.section, x.board, x.round, x.table))
    return replace(event, lines=tuple(all_lines), standings=(), entries=names,
                   sections=tuple(sorted({x.section for x in all_lines})),
                   stages=tuple(out_stages))


def _named(line: PairLine, numbers: Numbering) -> PairLine:
    """`line` with its board and round as the room names them: the stage, the session when the
    stage has several, the group when it has several, the session's board and round."""
    name = numbers.round(line.round, line.section)
    return replace(line, number=numbers.number(line.board), round_number=name.number,
                   stage=name.stage, group=name.group,
                   session=(name.session or 0) if (name.sessions or 0) > 1 else 0)


def adjusted_percents(adjustment: dict[str, Any] | None) -> tuple[float, float] | None:
    """An artificial adjusted score's percentages for North-South and East-West (written
    `A6040`), or None for none or an assigned score."""
    if adjustment is None:
        return None
    ns, ew = adjustment.get("ns", {}), adjustment.get("ew", {})
    if "percent" in ns and "percent" in ew:
        return (float(ns["percent"]), float(ew["percent"]))
    return None


def _datum_lines(session: list[Entry], numbers: Numbering) -> list[PairLine]:
    """A Swiss pairs stage's travellers with each result's IMPs against the datum of every
    table of its round (KC1.2); an adjusted score has none."""
    by_board: dict[int, list[Entry]] = defaultdict(list)
    for e in session:
        if e.scored:
            by_board[e.key.board].append(e)
    out = []
    for board in sorted(by_board):
        played = [e for e in by_board[board] if e.adjustment is None and e.result is not None]
        imps = butler([e.result.ns_score for e in played if e.result is not None])[1]
        figures = {id(e): imp for e, imp in zip(played, imps, strict=True)}
        for e in by_board[board]:
            imp = figures.get(id(e))
            result = e.result if e.adjustment is None else None
            out.append(_named(PairLine(
                section=e.key.section, round=e.key.round, table=e.key.table_number,
                board=e.key.board, ns=e.ns_pair, ew=e.ew_pair,
                contract=result.contract if result else None,
                declarer=result.declarer if result else None,
                tricks=result.tricks if result else None,
                lead=result.lead if result else None,
                ns_score=result.ns_score if result else None,
                adjusted=adjusted_percents(e.adjustment), ns_mp=None, ew_mp=None, ns_pct=None,
                ew_pct=None, ns_imps=None if imp is None else float(imp),
                ew_imps=None if imp is None else float(-imp)), numbers))
    return out


def _pair_standings(stage: StageView, names: dict[int, str], lines: list[PairLine],
                    swiss: bool) -> tuple[PairStanding, ...]:
    """A pairs stage's standings as the file gives them: a pair's matchpoints and percentage
    over the stage's boards in the file (or a Swiss's VP, KC1), placed as the stage places
    them once its sessions are over, by percentage before."""
    earned: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    section_of: dict[int, str] = {}
    for x in lines:
        for pair, mp, imps in ((x.ns, x.ns_mp, x.ns_imps), (x.ew, x.ew_mp, x.ew_imps)):
            row = earned[pair]
            row[2] += 1
            section_of.setdefault(pair, x.section)
            if swiss:
                row[0] += imps or 0.0
            else:
                row[0] += mp or 0.0
                top = (x.ns_mp or 0.0) + (x.ew_mp or 0.0)
                row[1] += top
    model: dict[int, Any] = {}
    if stage.progress is not None:
        model = {s.entry: s for g in stage.progress.groups for s in g.standings}
    out = []
    if swiss:
        for entry, line in model.items():
            row = earned.get(entry, [0.0, 0.0, 0])
            out.append(PairStanding(section=section_of.get(entry, "A"), pair=entry, field="ALL",
                                    rank=line.rank or line.place,
                                    names=(names.get(entry, str(entry)),),
                                    boards=int(row[2]), matchpoints=row[0], percentage=None,
                                    vp=line.vp))
        return tuple(sorted(out, key=lambda s: (s.section, s.rank, s.pair)))
    percent = {e: 100 * row[0] / row[1] if row[1] else 0.0 for e, row in earned.items()}
    settled = stage.complete and all(
        abs((model[e].percent or 0.0) - percent[e]) < 0.01 for e in percent if e in model)
    order = sorted(percent, key=lambda e: (section_of[e], -percent[e], e))
    place, previous, index = 0, None, 0
    section = None
    for entry in order:
        if section_of[entry] != section:
            section, index, previous = section_of[entry], 0, None
        index += 1
        if round(percent[entry], 9) != previous:
            place, previous = index, round(percent[entry], 9)
        rank = (model[entry].rank or model[entry].place) if settled and entry in model else place
        out.append(PairStanding(section=section_of[entry], pair=entry, field="ALL", rank=rank,
                                names=(names.get(entry, str(entry)),),
                                boards=int(earned[entry][2]), matchpoints=earned[entry][0],
                                percentage=percent[entry]))
    return tuple(sorted(out, key=lambda s: (s.section, s.rank, s.pair)))
