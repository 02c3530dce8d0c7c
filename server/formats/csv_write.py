"""Writing an event's results as CSV: the ranking, the travellers and, for teams, the matches.

Each file is UTF-8 with a header row, one row per item, comma-separated (RFC 4180 quoting): a
spreadsheet opens it as it is. ``ranking.csv`` ranks pairs (``section, field, rank, pair,
names, boards, matchpoints, percentage``) or teams (``rank, team, name, vp, imps_won,
imps_lost, players``); ``travellers.csv`` holds every table's result (pairs: ``section, board,
round, table, ns, ew, contract, declarer, tricks, lead, ns_score, adjusted, ns_mp, ew_mp,
ns_pct, ew_pct``; teams: ``round, table, home, away, board, room, contract, declarer, tricks,
lead, ns_score, adjusted``), a contract as PBN and USEBIO write it (``3NT``, not the
terminal's ``3N``; a pass-out ``PASS``), an artificial adjusted score in ``adjusted`` as
``A6040``; ``matches.csv`` (teams) holds ``round, table, home, away, home_imps, away_imps,
home_vp, away_vp``.

A competition is written stage by stage. ``ranking.csv`` holds every stage's standings, group
by group (``stage, group, place, entry, name, vp, carried_vp, imps_won, imps_lost, percent,
shared, tie_break``: VP with the VP kept from an earlier stage in a team stage, the percentage
in a pairs stage); ``matches.csv`` (teams) every match played or in play (``stage, group,
label, round, table, home, away, knockout, carry_over, home_imps, away_imps, home_vp, away_vp,
winner``: a knock-out's IMPs with its carry-over and its winner, never VP, its extra boards
in it);
``knockout.csv`` every knock-out match of the bracket as it stands, extra boards included
(``stage, match, round, home, away, carry_over, carry_over_rule, home_imps, away_imps,
extra_boards, winner, decided_by``); ``butler.csv`` the Butler rankings a league keeps (D4.1,
D5.2: ``stage, group, place, entry, name, pair, boards, imps, per_board``; the ranking over all
the groups together, D5.2, after the stage's groups as the group ``combined``); ``decisions.csv``
who qualified where and the final places (``stage, name, qualified, what, why``); and
``travellers.csv`` gains the ``stage`` first, and ``event_round, event_board`` last (pairs: also
``ns_imps, ew_imps`` before them, a Swiss pairs stage's IMPs against the datum). A competition's
rounds and boards are the room's (the stage's or the session's rounds 1-R, a match's or a
session's boards 1-N); ``event_round`` and ``event_board`` are the event file's, a board one
deal.

``pkl.csv`` (a teams event whose preset has a ``[classification]``) holds each player's
classification points for the federation's central ranking (``player_id, name, team, boards,
share, premium, pkl``: the boards played in the season, their share of the team's boards in
percent, the premium of the team's final place and the player's PKL, D8; the last two empty
until the final places are known).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence

from server.formats.interchange import (
    ExportEvent,
    PairsEvent,
    StageResult,
    TeamsEvent,
    artificial,
    written_contract,
)


def _figure(value: float | None) -> str:
    if value is None:
        return ""
    text = f"{round(value, 4):.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _contract(contract: str | None) -> str | None:
    """A contract as PBN and USEBIO write it: ``"3NT"``, not the terminal's ``"3N"``."""
    return None if contract is None else written_contract(contract)


def _text(rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return out.getvalue()


def write_csv(event: ExportEvent) -> dict[str, str]:
    """The CSV files of ``event``, by file name."""
    if event.stages:
        return _competition(event)
    if isinstance(event, PairsEvent):
        ranking = [("section", "field", "rank", "pair", "names", "boards", "matchpoints",
                    "percentage")] + [
            (s.section, s.field, s.rank, s.pair, " - ".join(s.names), s.boards,
             _figure(s.matchpoints), _figure(s.percentage)) for s in event.standings]
        travellers = [("section", "board", "round", "table", "ns", "ew", "contract", "declarer",
                       "tricks", "lead", "ns_score", "adjusted", "ns_mp", "ew_mp", "ns_pct",
                       "ew_pct")] + [
            (x.section, x.board, x.round, x.table, x.ns, x.ew, _contract(x.contract), x.declarer,
             x.tricks, x.lead, x.ns_score, artificial(x.adjusted) if x.adjusted else None,
             _figure(x.ns_mp), _figure(x.ew_mp), _figure(x.ns_pct), _figure(x.ew_pct))
            for x in event.lines]  # fmt: skip
        return {"ranking.csv": _text(ranking), "travellers.csv": _text(travellers)}
    teams = [("rank", "team", "name", "vp", "imps_won", "imps_lost", "players")] + [
        (s.rank, s.team, s.name, _figure(s.vp), _figure(s.imps_won), _figure(s.imps_lost),
         " - ".join(s.players)) for s in event.standings]  # fmt: skip
    matches = [("round", "table", "home", "away", "home_imps", "away_imps", "home_vp",
                "away_vp")] + [
        (m.round, m.table, m.home, m.away, _figure(m.home_imps), _figure(m.away_imps),
         _figure(m.home_vp), _figure(m.away_vp)) for m in event.matches]  # fmt: skip
    tables = [("round", "table", "home", "away", "board", "room", "contract", "declarer",
               "tricks", "lead", "ns_score", "adjusted")] + [
        (t.round, t.table, t.home, t.away, t.board, "open" if t.home_seat == "NS" else "closed",
         _contract(t.contract), t.declarer, t.tricks, t.lead, t.ns_score,
         artificial(t.adjusted) if t.adjusted else None) for t in event.tables]  # fmt: skip
    return {"ranking.csv": _text(teams), "matches.csv": _text(matches),
            "travellers.csv": _text(tables)}


COMBINED = "combined"
"""The group column of a Butler ranking over all the groups together (D5.2)."""


def _competition(event: ExportEvent) -> dict[str, str]:
    """A competition's files: every stage's rankings, matches, Butler rankings and decisions."""
    stages: tuple[StageResult, ...] = event.stages
    ranking = [("stage", "group", "place", "entry", "name", "vp", "carried_vp", "imps_won",
                "imps_lost", "percent", "shared", "tie_break")] + [
        (stage.name, group.name, line.place, line.entry, line.name, _figure(line.vp),
         _figure(line.carried_vp) if line.vp is not None else "",
         _figure(line.imps[0]) if line.imps else "", _figure(line.imps[1]) if line.imps else "",
         _figure(line.percent), "yes" if line.shared else "", line.tie_break)
        for stage in stages for group in stage.groups for line in group.lines]  # fmt: skip
    bracket = [("stage", "match", "round", "home", "away", "carry_over", "carry_over_rule",
                "home_imps", "away_imps", "extra_boards", "winner", "decided_by")] + [
        (stage.name, m.id, m.round, m.home, m.away, _figure(m.carry_over), m.carry_over_rule,
         _figure(m.imps[0]), _figure(m.imps[1]), m.extra_boards, m.winner, m.decided_by)
        for stage in stages for m in stage.matches]  # fmt: skip
    # D5.2's ranking over all the groups together follows the stage's groups, as the group
    # "combined".
    butler = [("stage", "group", "place", "entry", "name", "pair", "boards", "imps",
               "per_board")] + [
        (stage.name, group, b.place, b.entry, b.name, b.pair, b.boards, _figure(b.imps),
         _figure(b.per_board))
        for stage in stages
        for group, lines in [*((g.name, g.butler) for g in stage.groups),
                             (COMBINED, stage.butler_combined)]
        for b in lines]  # fmt: skip
    decisions = [("stage", "name", "qualified", "what", "why")] + [
        (stage.name, d.name, "yes" if d.qualified else "", d.what, d.why)
        for stage in stages for d in stage.decided]  # fmt: skip
    files = {"ranking.csv": _text(ranking), "decisions.csv": _text(decisions)}
    if len(bracket) > 1:
        files["knockout.csv"] = _text(bracket)
    if len(butler) > 1:
        files["butler.csv"] = _text(butler)
    names = event.entries
    if isinstance(event, TeamsEvent):
        matches = [("stage", "group", "label", "round", "table", "home", "away", "knockout",
                    "carry_over", "home_imps", "away_imps", "home_vp", "away_vp", "winner")] + [
            (m.stage, m.group, m.label, m.shown_round, m.table, m.home, m.away,
             "yes" if m.knockout else "", _figure(m.carry_over) if m.knockout else "",
             _figure(m.home_imps), _figure(m.away_imps), _figure(m.home_vp),
             _figure(m.away_vp), "" if m.winner is None else names.get(m.winner, m.winner))
            for m in event.matches]  # fmt: skip
        of = {(m.round, m.table): m for m in event.matches}
        tables = [("stage", "round", "table", "home", "away", "board", "room", "contract",
                   "declarer", "tricks", "lead", "ns_score", "adjusted", "event_round",
                   "event_board")] + [
            (of[t.round, t.table].stage if (t.round, t.table) in of else "",
             of[t.round, t.table].shown_round if (t.round, t.table) in of else t.round,
             t.table, t.home, t.away, t.number or t.board,
             "open" if t.home_seat == "NS" else "closed", _contract(t.contract), t.declarer,
             t.tricks, t.lead, t.ns_score, artificial(t.adjusted) if t.adjusted else None,
             t.round, t.board)
            for t in event.tables]  # fmt: skip
        files["matches.csv"] = _text(matches)
        files["travellers.csv"] = _text(tables)
        return files
    lines: list[tuple[object, ...]] = [(
        "stage", "section", "board", "round", "table", "ns", "ew", "contract", "declarer",
        "tricks", "lead", "ns_score", "adjusted", "ns_mp", "ew_mp", "ns_pct", "ew_pct",
        "ns_imps", "ew_imps", "event_round", "event_board")]
    for stage in stages:
        if not isinstance(stage.results, PairsEvent):
            continue
        lines += [(stage.name, x.section, x.number or x.board, x.round_number or x.round,
                   x.table, x.ns, x.ew, _contract(x.contract), x.declarer, x.tricks, x.lead,
                   x.ns_score, artificial(x.adjusted) if x.adjusted else None, _figure(x.ns_mp),
                   _figure(x.ew_mp), _figure(x.ns_pct), _figure(x.ew_pct), _figure(x.ns_imps),
                   _figure(x.ew_imps), x.round, x.board) for x in stage.results.lines]
    files["travellers.csv"] = _text(lines)
    return files


PKL_COLUMNS = ("player_id", "name", "team", "boards", "share", "premium", "pkl")
"""The columns of ``pkl.csv``."""


def write_pkl(rows: Iterable[Mapping[str, object]]) -> str:
    """``pkl.csv``: a player a row, by :data:`PKL_COLUMNS` (D8)."""
    return _text([PKL_COLUMNS, *([_cell(row.get(key)) for key in PKL_COLUMNS]
                                 for row in rows)])


def _cell(value: object) -> object:
    return _figure(value) if isinstance(value, float) else value
