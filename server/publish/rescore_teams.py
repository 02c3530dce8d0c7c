"""Rescoring a teams results file: every match IMPed again between its two tables, then VPs.

A teams file (USEBIO ``MATCH`` elements, or a PBN file written one game per table) gives each
board of a match twice: once where the home team sat North-South, once where it sat East-West.
The home team gains ``imps(ns_score there - ns_score here)`` (the WBF scale); an artificial
adjusted score at a table is worth 3 IMPs per 10% off average to the side it favours (Law 12C2's
usual convention in IMP scoring: average-plus +3 IMPs, average-minus -3), and then the other
table's result does not count on that board. A match's net IMPs become VPs on the scale asked
for, else the first of our scales that gives the file's own VPs, else the WBF 2013 scale; a file
that scores matches by total IMPs (a knock-out, a board-a-match of IMPs) ranks by IMPs.
A knock-out match's carry-over (the file's, when it gives one) counts in its totals, not in
the IMPs of its boards; VP a team kept from an earlier stage (a competition's stage) count in
its total, not in its matches'.

Two other methods score a teams file whose program scored it so (``method``):

- ``"cross-imps"``, pairwise cross-IMPs (the EBU's multiple teams): every table's result of a
  board, in every match of the stage, is IMPed against every other table's result of that board
  as a cross-IMP pairs event does (:func:`~server.scoring.butler.score_imp_board`), and a team
  scores what its North-South pair and its East-West pair got; averaged over the comparisons,
  or added up, whichever gives the file's totals (averaged when it gives none);
- ``"bam"``, board-a-match (point-a-board): a board is won (1), tied (0.5) or lost (0) by the
  team's net score against the other room of the same match (``"match"``), or, in a multi-team
  event scored so, against every other team's net score on that board (``"field"``: 1 for each
  team beaten, 0.5 for each tied), whichever gives the file's totals (the match when it gives
  none). An artificial adjusted score gives the team it favours 0.1 of the board per 10% above
  50 (average-plus: 0.6 to 0.4), the other table's result not counting.

Both rank by the total. :func:`rescore_teams` returns the JSON the README documents; it is pure.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..formats.travellers import TeamMatch, TeamTable
from ..scoring.adjusted import TableResult
from ..scoring.butler import ImpMethod, score_imp_board
from ..scoring.imps import imps
from ..scoring.vp import VpScale, VpScaleError, find_scale

METHODS = ("imps", "cross-imps", "bam")
"""The methods a teams file is scored by."""

SCALE_ORDER = ("wbf2013", "wbf25", "acbl30", "wbf30", "wbf25i")
"""The scales tried, in this order, when the file's VPs decide the scale."""
ADJUSTED_IMPS_PER_10_PERCENT = 3.0
"""Law 12C2 in IMP scoring: average-plus (60%) is +3 IMPs, average-minus (40%) -3."""
EPSILON = 0.005
LEVEL = 1e-9
"""A file's figure printed to 2 decimals is within :data:`EPSILON` of ours, give or take this."""


class TeamsFileLike(Protocol):
    """What is read of a parsed teams file."""

    @property
    def source(self) -> str: ...
    @property
    def method(self) -> str | None: ...
    @property
    def title(self) -> str: ...
    @property
    def original_ranking(self) -> Sequence[tuple[str, float]]: ...
    @property
    def team_tables(self) -> Sequence[TeamTable]: ...
    @property
    def matches(self) -> Sequence[TeamMatch]: ...
    @property
    def match_scoring(self) -> str | None: ...
    @property
    def missing(self) -> Sequence[str]: ...


@dataclass
class _Match:
    round: str
    home: str
    away: str
    original_home: float | None = None
    original_away: float | None = None
    boards: dict[int, dict[str, TeamTable]] = field(default_factory=dict)
    stage: str = ""
    carry_over: float | None = None

    def net(self) -> float:
        return sum(board_imps(tables) or 0.0 for tables in self.boards.values())


def board_imps(tables: dict[str, TeamTable]) -> float | None:
    """The home team's IMPs on a board from its two tables (``"NS"``: where it sat NS); None
    when a table is missing or was not played."""
    ns, ew = tables.get("NS"), tables.get("EW")
    if ns is None or ew is None:
        return None
    if ns.adjusted is not None or ew.adjusted is not None:
        won = 0.0
        if ns.adjusted is not None:
            won += (ns.adjusted[0] - 50.0) / 10 * ADJUSTED_IMPS_PER_10_PERCENT
        if ew.adjusted is not None:
            won += (ew.adjusted[1] - 50.0) / 10 * ADJUSTED_IMPS_PER_10_PERCENT
        return won
    if ns.ns_score is None or ew.ns_score is None:
        return None
    return float(imps(ns.ns_score - ew.ns_score))


def _vp(scale: VpScale, net: float, boards: int) -> tuple[float, float] | None:
    try:
        return scale.convert(net, boards)
    except VpScaleError:
        return None


def _scale_fits(scale: VpScale, matches: list[_Match],
                totals: dict[str, float]) -> bool:  # fmt: skip
    compared = False
    sums: dict[str, float] = defaultdict(float)
    for match in matches:
        vps = _vp(scale, match.net(), len(match.boards))
        if vps is None:
            return False
        sums[match.home] += vps[0]
        sums[match.away] += vps[1]
        for ours, theirs in zip(vps, (match.original_home, match.original_away), strict=True):
            if theirs is not None:
                compared = True
                if abs(ours - theirs) > EPSILON:
                    return False
    if not compared and totals:
        return all(abs(sums.get(team, 0.0) - total) <= EPSILON * max(1, len(matches))
                   for team, total in totals.items())  # fmt: skip
    return compared


def choose_scale(asked: str | None, matches: list[_Match],
                 totals: dict[str, float]) -> tuple[VpScale, bool]:  # fmt: skip
    """The VP scale: the one asked for, else the first of :data:`SCALE_ORDER` that gives the
    file's VPs, else WBF 2013. The flag says whether the file's figures decided it."""
    if asked:
        return find_scale(asked), False
    for name in SCALE_ORDER:
        scale = find_scale(name)
        if _scale_fits(scale, matches, totals):
            return scale, True
    return find_scale("wbf2013"), False


def _matches(results: TeamsFileLike) -> list[_Match]:
    found: dict[tuple[str, str, str, str], _Match] = {}
    for match in results.matches:
        key = (match.stage, match.round, match.home, match.away)
        found[key] = _Match(match.round, match.home, match.away, match.original_home,
                            match.original_away, stage=match.stage,
                            carry_over=match.carry_over)  # fmt: skip
    for table in results.team_tables:
        key = (table.stage, table.round, table.home, table.away)
        if key not in found:
            found[key] = _Match(table.round, table.home, table.away, stage=table.stage)
        found[key].boards.setdefault(table.board, {})[table.home_seat] = table
    # A match the file lists without a result at any table was not played: it scores nothing.
    return [match for match in found.values() if match.boards]


def _table(table: TeamTable | None) -> dict[str, Any] | None:
    if table is None:
        return None
    return {"ns_score": table.ns_score,
            "adjusted": list(table.adjusted) if table.adjusted is not None else None,
            "contract": table.contract, "declarer": table.declarer,
            "tricks": table.tricks}  # fmt: skip


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2) + 0.0


# Each method's figures for every board of every match: (home's, away's), by (match, board).
Figures = dict[tuple[int, int], tuple[float, float]]


def _imp_figures(matches: list[_Match]) -> Figures:
    out: Figures = {}
    for index, match in enumerate(matches):
        for number, tables in match.boards.items():
            won = board_imps(tables) or 0.0
            out[index, number] = (max(won, 0.0), max(-won, 0.0))
    return out


def _result(table: TeamTable) -> TableResult | None:
    if table.adjusted is not None:
        return TableResult.artificial(*table.adjusted)
    return TableResult.played(table.ns_score) if table.ns_score is not None else None


def _cross_imp_figures(matches: list[_Match], average: bool) -> Figures:
    """Pairwise cross-IMPs: each table against every other table of the stage's board."""
    fields: dict[tuple[str, int], list[tuple[int, str, TableResult]]] = defaultdict(list)
    for index, match in enumerate(matches):
        for number, tables in match.boards.items():
            for seat, table in tables.items():
                result = _result(table)
                if result is not None:
                    fields[match.stage, number].append((index, seat, result))
    sums: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for (_, number), entries in fields.items():
        scored = score_imp_board([result for _, _, result in entries], ImpMethod.CROSS_IMPS,
                                 average=average)  # fmt: skip
        for (index, seat, _), figure in zip(entries, scored.tables, strict=True):
            home, away = (figure.ns, figure.ew) if seat == "NS" else (figure.ew, figure.ns)
            sums[index, number][0] += home
            sums[index, number][1] += away
    return {(index, number): (sums[index, number][0], sums[index, number][1])
            for index, match in enumerate(matches) for number in match.boards}  # fmt: skip


def bam_share(tables: dict[str, TeamTable]) -> float | None:
    """The home team's share of a board played board-a-match: 1 won, 0.5 tied, 0 lost by its
    net score; an artificial adjusted score 0.1 per 10% from 50 to the side it favours. None
    when a table is missing or was not played."""
    ns, ew = tables.get("NS"), tables.get("EW")
    if ns is None or ew is None:
        return None
    if ns.adjusted is not None or ew.adjusted is not None:
        share = 0.5
        if ns.adjusted is not None:
            share += (ns.adjusted[0] - 50.0) / 100
        if ew.adjusted is not None:
            share += (ew.adjusted[1] - 50.0) / 100
        return min(max(share, 0.0), 1.0)
    if ns.ns_score is None or ew.ns_score is None:
        return None
    net = ns.ns_score - ew.ns_score
    return 1.0 if net > 0 else 0.5 if net == 0 else 0.0


def _bam_figures(matches: list[_Match], field: bool) -> Figures:
    """Board-a-match against the other room (``field`` False) or every other team's net score
    on the stage's board (True)."""
    out: Figures = {}
    if not field:
        for index, match in enumerate(matches):
            for number, tables in match.boards.items():
                share = bam_share(tables)
                out[index, number] = (share, 1.0 - share) if share is not None else (0.0, 0.0)
        return out
    # Each team of a board: (match, home?, net score or None when adjusted, share).
    teams: dict[tuple[str, int], list[tuple[int, bool, int | None, float]]] = defaultdict(list)
    for index, match in enumerate(matches):
        for number, tables in match.boards.items():
            out[index, number] = (0.0, 0.0)
            share = bam_share(tables)
            if share is None:
                continue
            ns, ew = tables["NS"], tables["EW"]
            plain = ns.adjusted is None and ew.adjusted is None
            net = (ns.ns_score or 0) - (ew.ns_score or 0) if plain else None
            teams[match.stage, number].append((index, True, net, share))
            teams[match.stage, number].append((index, False, None if net is None else -net,
                                               1.0 - share))
    for (_, number), entries in teams.items():
        for position, (index, home, net, share) in enumerate(entries):
            won = 0.0
            for other, (_, _, their_net, their_share) in enumerate(entries):
                if other == position:
                    continue
                if net is not None and their_net is not None:
                    won += 1.0 if net > their_net else 0.5 if net == their_net else 0.0
                else:
                    won += share if net is None else 1.0 - their_share
            old = out[index, number]
            out[index, number] = (won, old[1]) if home else (old[0], won)
    return out


def _totals(matches: list[_Match], figures: Figures) -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    for index, match in enumerate(matches):
        for number in match.boards:
            home, away = figures[index, number]
            totals[match.home] += home
            totals[match.away] += away
    return totals


def _agrees(matches: list[_Match], figures: Figures, stated: dict[str, float]) -> bool:
    """The figures give the file's totals of every team, and its matches' scores."""
    totals = _totals(matches, figures)
    compared = False
    for team, total in stated.items():
        compared = True
        if abs(totals.get(team, 0.0) - total) > EPSILON + LEVEL:
            return False
    for index, match in enumerate(matches):
        won = [sum(figures[index, n][side] for n in match.boards) for side in (0, 1)]
        for ours, theirs in zip(won, (match.original_home, match.original_away), strict=True):
            if theirs is not None:
                compared = True
                if abs(ours - theirs) > EPSILON + LEVEL:
                    return False
    return compared


def _method_figures(method: str, matches: list[_Match],
                   stated: dict[str, float]) -> tuple[Figures, str | None]:  # fmt: skip
    """The figures of ``method`` and the comparison that gives the file's totals (the first
    one when none does): cross-IMPs ``"average"`` or ``"sum"``, BAM ``"match"`` or
    ``"field"``; IMPs: no comparison (None)."""
    if method == "imps":
        return _imp_figures(matches), None
    if method == "cross-imps":
        options = [("average", _cross_imp_figures(matches, True)),
                   ("sum", _cross_imp_figures(matches, False))]
    else:
        options = [("match", _bam_figures(matches, False)), ("field", _bam_figures(matches, True))]
    chosen = next(((name, figures) for name, figures in options
                   if _agrees(matches, figures, stated)), options[0])  # fmt: skip
    return chosen[1], chosen[0]


def rescore_teams(results: TeamsFileLike, vp_scale: str | None = None,
                  carried: dict[str, float] | None = None,
                  method: str = "imps") -> dict[str, Any]:  # fmt: skip
    """Score a teams file's matches again; the JSON the README documents for teams.
    ``carried``: VP each team kept from an earlier stage, in the file's totals. ``method``:
    ``"imps"`` (the match's two tables, then VPs or net IMPs), ``"cross-imps"`` or ``"bam"``
    (the module's note).

    Raises :class:`~server.scoring.vp.VpScaleError` for an unknown ``vp_scale``.
    """
    matches = _matches(results)
    carried = carried or {}
    stated = dict(results.original_ranking)
    # The file's totals hold the VP kept from an earlier stage; its matches do not.
    totals = {team: total - carried.get(team, 0.0) for team, total in stated.items()}
    scoring = results.match_scoring
    scale: VpScale | None = None
    figures, comparison = _method_figures(method, matches, stated)
    if method != "imps":
        scoring = method
    elif scoring != "imps" or vp_scale:
        scale, fitted = choose_scale(vp_scale, matches, totals)
        if scoring is None and not fitted and not vp_scale:
            scale, scoring = None, "imps"
        else:
            scoring = "vp"
    out_matches = []
    standing: dict[str, dict[str, float]] = defaultdict(
        lambda: {"matches": 0, "vp": 0.0, "points": 0.0, "imps_for": 0.0, "imps_against": 0.0,
                 "boards": 0})  # fmt: skip
    for index, match in enumerate(matches):
        deals = []
        won = lost = 0.0
        points = [0.0, 0.0]
        for number in sorted(match.boards):
            tables = match.boards[number]
            home_imps = board_imps(tables)
            won += max(home_imps or 0.0, 0.0)
            lost += max(-(home_imps or 0.0), 0.0)
            home_score, away_score = figures[index, number]
            points[0] += home_score
            points[1] += away_score
            original = next((t.original_home_imps for t in tables.values()
                             if t.original_home_imps is not None), None)  # fmt: skip
            deals.append({"board": number, "home_ns": _table(tables.get("NS")),
                          "home_ew": _table(tables.get("EW")), "home_imps": _round(home_imps),
                          "home_score": _round(home_score), "away_score": _round(away_score),
                          "original_home_imps": original})  # fmt: skip
        vps = _vp(scale, won - lost, len(match.boards)) if scale is not None else None
        carry = match.carry_over or 0.0
        out_matches.append({
            "stage": match.stage, "round": match.round, "home": match.home, "away": match.away,
            "board_count": len(match.boards), "home_imps": _round(won), "away_imps": _round(lost),
            "carry_over": match.carry_over,
            "home_total": _round(won + max(carry, 0.0)),
            "away_total": _round(lost + max(-carry, 0.0)),
            "home_vp": _round(vps[0]) if vps else None, "away_vp": _round(vps[1]) if vps else None,
            "home_score": _round(points[0]), "away_score": _round(points[1]),
            "original_home": match.original_home, "original_away": match.original_away,
            "boards": deals,
        })  # fmt: skip
        for team, got, gave, vp, score in (
                (match.home, won, lost, vps[0] if vps else 0.0, points[0]),
                (match.away, lost, won, vps[1] if vps else 0.0, points[1])):  # fmt: skip
            row = standing[team]
            row["matches"] += 1
            row["vp"] += vp
            row["points"] += score
            row["imps_for"] += got
            row["imps_against"] += gave
            row["boards"] += len(match.boards)
    ranking: list[dict[str, Any]] = []
    for team, row in standing.items():
        net = row["imps_for"] - row["imps_against"]
        kept = carried.get(team, 0.0) if scoring == "vp" else 0.0
        score = row["vp"] + kept if scoring == "vp" else net if scoring == "imps" else row[
            "points"]
        ranking.append({"team": team, "field": "ALL", "rank": 0, "score": _round(score),
                        "vp": _round(row["vp"] + kept) if scoring == "vp" else None,
                        "carried_vp": _round(kept),
                        "imps_for": _round(row["imps_for"]),
                        "imps_against": _round(row["imps_against"]), "net_imps": _round(net),
                        "matches": int(row["matches"]), "boards": int(row["boards"]),
                        "original": stated.get(team)})  # fmt: skip
    ranking.sort(key=lambda r: (-r["score"], -r["net_imps"], _team_order(r["team"])))
    for index, row in enumerate(ranking):
        level = index and ranking[index - 1]["score"] == row["score"]
        row["rank"] = ranking[index - 1]["rank"] if level else index + 1
    return {
        "title": results.title, "source": results.source, "kind": "teams", "method": method,
        "method_stated": results.method, "factoring": None, "decimals": None, "movement": None,
        "comparison": comparison, "match_scoring": scoring,
        "vp_scale": scale.name if scale is not None else None,
        "boards": [], "matches": out_matches, "ranking": ranking,
        "missing": list(results.missing),
    }  # fmt: skip


def _team_order(team: str) -> tuple[int, str]:
    return (int(team), "") if team.isdigit() else (1 << 30, team)
