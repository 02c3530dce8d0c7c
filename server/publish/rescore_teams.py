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
:func:`rescore_teams` returns the JSON the README documents; it is pure.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..formats.travellers import TeamMatch, TeamTable
from ..scoring.imps import imps
from ..scoring.vp import VpScale, VpScaleError, find_scale

SCALE_ORDER = ("wbf2013", "wbf25", "acbl30", "wbf30", "wbf25i")
"""The scales tried, in this order, when the file's VPs decide the scale."""
ADJUSTED_IMPS_PER_10_PERCENT = 3.0
"""Law 12C2 in IMP scoring: average-plus (60%) is +3 IMPs, average-minus (40%) -3."""
EPSILON = 0.005


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


def rescore_teams(results: TeamsFileLike, vp_scale: str | None = None,
                  carried: dict[str, float] | None = None) -> dict[str, Any]:
    """Score a teams file's matches again; the JSON the README documents for teams.
    ``carried``: VP each team kept from an earlier stage, in the file's totals.

    Raises :class:`~server.scoring.vp.VpScaleError` for an unknown ``vp_scale``.
    """
    matches = _matches(results)
    carried = carried or {}
    stated = dict(results.original_ranking)
    # The file's totals hold the VP kept from an earlier stage; its matches do not.
    totals = {team: total - carried.get(team, 0.0) for team, total in stated.items()}
    scoring = results.match_scoring
    scale: VpScale | None = None
    if scoring != "imps" or vp_scale:
        scale, fitted = choose_scale(vp_scale, matches, totals)
        if scoring is None and not fitted and not vp_scale:
            scale, scoring = None, "imps"
        else:
            scoring = "vp"
    out_matches = []
    standing: dict[str, dict[str, float]] = defaultdict(
        lambda: {"matches": 0, "vp": 0.0, "imps_for": 0.0, "imps_against": 0.0, "boards": 0})
    for match in matches:
        deals = []
        won = lost = 0.0
        for number in sorted(match.boards):
            tables = match.boards[number]
            home_imps = board_imps(tables)
            won += max(home_imps or 0.0, 0.0)
            lost += max(-(home_imps or 0.0), 0.0)
            original = next((t.original_home_imps for t in tables.values()
                             if t.original_home_imps is not None), None)  # fmt: skip
            deals.append({"board": number, "home_ns": _table(tables.get("NS")),
                          "home_ew": _table(tables.get("EW")), "home_imps": _round(home_imps),
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
            "original_home": match.original_home, "original_away": match.original_away,
            "boards": deals,
        })  # fmt: skip
        for team, got, gave, vp in ((match.home, won, lost, vps[0] if vps else 0.0),
                                    (match.away, lost, won, vps[1] if vps else 0.0)):
            row = standing[team]
            row["matches"] += 1
            row["vp"] += vp
            row["imps_for"] += got
            row["imps_against"] += gave
            row["boards"] += len(match.boards)
    ranking: list[dict[str, Any]] = []
    for team, row in standing.items():
        net = row["imps_for"] - row["imps_against"]
        kept = carried.get(team, 0.0) if scoring == "vp" else 0.0
        score = row["vp"] + kept if scoring == "vp" else net
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
        "title": results.title, "source": results.source, "kind": "teams", "method": "imps",
        "method_stated": results.method, "factoring": None, "decimals": None, "movement": None,
        "match_scoring": scoring, "vp_scale": scale.name if scale is not None else None,
        "boards": [], "matches": out_matches, "ranking": ranking,
        "missing": list(results.missing),
    }  # fmt: skip


def _team_order(team: str) -> tuple[int, str]:
    return (int(team), "") if team.isdigit() else (1 << 30, team)
