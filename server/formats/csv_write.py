"""Writing an event's results as CSV: the ranking, the travellers and, for teams, the matches.

Each file is UTF-8 with a header row, one row per item, comma-separated (RFC 4180 quoting): a
spreadsheet opens it as it is. ``ranking.csv`` ranks pairs (``section, field, rank, pair,
names, boards, matchpoints, percentage``) or teams (``rank, team, name, vp, imps_won,
imps_lost, players``); ``travellers.csv`` holds every table's result (pairs: ``section, board,
round, table, ns, ew, contract, declarer, tricks, lead, ns_score, adjusted, ns_mp, ew_mp,
ns_pct, ew_pct``; teams: ``round, table, home, away, board, room, contract, declarer, tricks,
lead, ns_score, adjusted``), an artificial adjusted score in ``adjusted`` as ``A6040``;
``matches.csv`` (teams) holds ``round, table, home, away, home_imps, away_imps, home_vp,
away_vp``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from server.formats.interchange import ExportEvent, PairsEvent, artificial


def _figure(value: float | None) -> str:
    if value is None:
        return ""
    text = f"{round(value, 4):.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return out.getvalue()


def write_csv(event: ExportEvent) -> dict[str, str]:
    """The CSV files of ``event``, by file name."""
    if isinstance(event, PairsEvent):
        ranking = [("section", "field", "rank", "pair", "names", "boards", "matchpoints",
                    "percentage")] + [
            (s.section, s.field, s.rank, s.pair, " - ".join(s.names), s.boards,
             _figure(s.matchpoints), _figure(s.percentage)) for s in event.standings]
        travellers = [("section", "board", "round", "table", "ns", "ew", "contract", "declarer",
                       "tricks", "lead", "ns_score", "adjusted", "ns_mp", "ew_mp", "ns_pct",
                       "ew_pct")] + [
            (x.section, x.board, x.round, x.table, x.ns, x.ew, x.contract, x.declarer, x.tricks,
             x.lead, x.ns_score, artificial(x.adjusted) if x.adjusted else None,
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
         t.contract, t.declarer, t.tricks, t.lead, t.ns_score,
         artificial(t.adjusted) if t.adjusted else None) for t in event.tables]  # fmt: skip
    return {"ranking.csv": _text(teams), "matches.csv": _text(matches),
            "travellers.csv": _text(tables)}
