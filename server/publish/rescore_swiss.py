"""A Swiss pairs file rescored: its pairs play matches (a round's boards against one pair,
KC1), each board IMPed against the datum, and each match's margin goes to victory points.

A file does not say which boards made a round, nor always the round of a line: a round is a
run of boards (in board order) on which no pair meets two opponents, which is how a Swiss
pairs session is played (every table of a round on the same boards). A match is then a round's
boards between its two pairs: North-South's IMPs over them are its margin, converted on the
VP scale asked for, else the first that gives the file's own VP totals, else WBF 2013
(:func:`server.publish.rescore_teams.choose_scale`). The ranking is by VP, then IMPs, level
VP sharing the rank (the teams files' rule).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ..scoring.vp import VpScale, VpScaleError, find_scale
from .rescore_teams import EPSILON, SCALE_ORDER


@dataclass
class _PairMatch:
    round: int
    ns: str
    ew: str
    imps: float = 0.0
    boards: int = 0


def _rounds(boards: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The boards in runs on which no pair meets two opponents: the rounds."""
    rounds: list[list[dict[str, Any]]] = []
    opponent: dict[str, str] = {}
    for board in sorted(boards, key=lambda b: b["board"]):
        pairs = [(str(r["ns"]), str(r["ew"])) for r in board["results"]]
        if not rounds or any(opponent.get(ns, ew) != ew or opponent.get(ew, ns) != ns
                             for ns, ew in pairs):
            rounds.append([])
            opponent = {}
        rounds[-1].append(board)
        for ns, ew in pairs:
            opponent[ns], opponent[ew] = ew, ns
    return rounds


def _matches(boards: list[dict[str, Any]]) -> list[_PairMatch]:
    out: list[_PairMatch] = []
    for number, played in enumerate(_rounds(boards), start=1):
        by_pairs: dict[tuple[str, str], _PairMatch] = {}
        for board in played:
            for line in board["results"]:
                ns, ew = str(line["ns"]), str(line["ew"])
                match = by_pairs.setdefault((ns, ew), _PairMatch(number, ns, ew))
                match.imps += line["ns_imps"] or 0.0
                match.boards += 1
        out += by_pairs.values()
    return out


def _vps(scale: VpScale, matches: list[_PairMatch]) -> dict[str, float] | None:
    totals: dict[str, float] = defaultdict(float)
    for match in matches:
        try:
            ns, ew = scale.convert(match.imps, match.boards)
        except VpScaleError:
            return None
        totals[match.ns] += ns
        totals[match.ew] += ew
    return totals


def _scale(asked: str | None, matches: list[_PairMatch],
           stated: dict[str, float]) -> tuple[VpScale, dict[str, float]]:
    if asked:
        scale = find_scale(asked)
        return scale, _vps(scale, matches) or {}
    for name in SCALE_ORDER:
        scale = find_scale(name)
        totals = _vps(scale, matches)
        if totals is not None and stated and all(
                abs(totals.get(pair, 0.0) - vp) <= EPSILON * max(1, len(matches))
                for pair, vp in stated.items()):
            return scale, totals
    scale = find_scale("wbf2013")
    return scale, _vps(scale, matches) or {}


def swiss_pairs(boards: list[dict[str, Any]], ranking: list[dict[str, Any]],
                vp_scale: str | None) -> dict[str, Any]:
    """The file's matches and its ranking by VP, from the boards IMPed against the datum and
    the IMP ranking (:func:`server.publish.rescore.rescore`'s); the fields to add: the
    ``"match_scoring"`` ("vp"), the ``"vp_scale"`` and each match (``"round"``, ``"ns"``,
    ``"ew"``, ``"boards"``, ``"ns_imps"``, ``"ns_vp"``, ``"ew_vp"``), and the ``"ranking"``
    with ``"score"`` the VP total (``"net_imps"`` the IMPs)."""
    matches = _matches(boards)
    stated = {row["pair"]: row["original"] for row in ranking if row["original"] is not None}
    scale, totals = _scale(vp_scale, matches, stated)
    rows = []
    for row in ranking:
        rows.append({**row, "score": round(totals.get(row["pair"], 0.0), 2),
                     "net_imps": row["score"]})
    rows.sort(key=lambda r: (-r["score"], -r["net_imps"], _pair_order(r["pair"])))
    for index, row in enumerate(rows):
        level = index and rows[index - 1]["score"] == row["score"]
        row["rank"] = rows[index - 1]["rank"] if level else index + 1
    wired = []
    for match in matches:
        vps: tuple[float, float] | tuple[None, None]
        try:
            vps = scale.convert(match.imps, match.boards)
        except VpScaleError:
            vps = (None, None)
        wired.append({"round": match.round, "ns": match.ns, "ew": match.ew,
                      "boards": match.boards, "ns_imps": round(match.imps, 2),
                      "ns_vp": vps[0], "ew_vp": vps[1]})
    return {"match_scoring": "vp", "vp_scale": scale.name, "matches": wired, "ranking": rows}


def _pair_order(pair: str) -> tuple[int, str]:
    return (int(pair), pair) if pair.isdigit() else (10**9, pair)
