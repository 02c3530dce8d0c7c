"""Rescoring imported travellers: another program's results file, scored again by us.

``traveller rescore FILE --json`` reads a PBN or USEBIO results file (:mod:`server.formats`)
and hands the parsed file to :func:`rescore`, which scores every board again (matchpoints,
Butler or cross-IMPs) and returns the figures and the ranking as one JSON-able dict. It is pure:
no files, no printing. Putting our figures beside the ones the file carries is how we hold
ourselves to other scoring programs' published numbers.

The JSON, field by field (the README carries the same list)::

    {
      "title":         the file's event title
      "source":        "pbn" or "usebio": the kind of file read
      "method":        "mp", "butler" or "cross-imps": how we scored it (the method asked for,
                       else the file's, else "mp"; a file's plain "imps" is read as cross-IMPs)
      "method_stated": the file's own method, normalised, or null
      "factoring":     "neuberg" or "own-top": how a board with fewer results than the most any
                       board had is scored (matchpoints only; null for IMP methods)
      "decimals":      the decimals each board's matchpoints were rounded to before the totals
                       (as many as the file's own board figures show); null: exact
      "comparison":    matchpoints: "section" (each section's results among themselves) or
                       "top-integral" (all sections together, K4.2), whichever gives the
                       file's own board figures ("section" when it shows none); null for IMPs
      "movement":      "mitchell" (pairs that only ever sit one direction: two rankings, NS and
                       EW) or "howell" (one ranking); decided from the travellers
      "boards": [{
        "board":   the board number
        "top":     the top the board is scored on (the largest top under Neuberg); null for IMPs
        "datum":   Butler's North-South datum; null otherwise
        "results": [{
          "ns", "ew":               the pairs, as the file names them
          "ns_score":               North-South's score; null for an artificial adjusted score
          "adjusted":               [ns_percent, ew_percent] of an artificial adjusted score,
                                    or null
          "contract", "declarer", "tricks": as the file gives them, or null
          "ns_mp", "ew_mp":         matchpoints (factored when the board is), 2 decimals; null
                                    for IMPs
          "ns_pct", "ew_pct":       those matchpoints as a percentage of the top, 2 decimals; null
                                    for IMPs or when the top is 0
          "ns_imps", "ew_imps":     IMPs (Butler: whole IMPs against the datum; cross-IMPs: the
                                    average per comparison, 2 decimals); null for matchpoints
          "original_ns_mp", "original_ew_mp": what the producing program gave, when the file says
          "original_ns_imps", "original_ew_imps": the IMPs the producing program gave (Butler or
                                    cross-IMPs: USEBIO's NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS,
                                    PBN's IMP_NS), when the file says; else null
        }]
      }]
      "ranking": [{                 field by field (NS then EW, or the one field), best first
        "pair":     the pair, as the file names it
        "field":    "NS", "EW" (a Mitchell) or "ALL" (a Howell)
        "rank":     1 first; level pairs share a rank and the next one skips (1, 2, 2, 4)
        "score":    total matchpoints (factored), or total IMPs, 2 decimals
        "pct":      matchpoints over the sum of the tops of the boards played, 2 decimals;
                    null for IMPs
        "boards":   boards played (adjusted ones included)
        "top":      the sum of those tops (null for IMPs)
        "per_board": IMPs per board, 2 decimals (null for matchpoints)
        "original": the file's own figure for the pair (percentage or score, as the file has
                    it), when the file has one and the pair's name is not shared by an NS and an
                    EW pair; else null
      }]
    }

A file of several stages (a competition exported stage by stage) is scored stage by stage: each
stage alone, as if it were a file of its own, in ``"stages"`` (``{"stage": its name, ...the
fields above, or the teams fields...}``); the whole file's ``"boards"`` (pairs) or ``"matches"``
(teams) are every stage's, each with its ``"stage"``, and its ``"ranking"`` is empty: a
competition ranks stage by stage.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import is_dataclass, replace
from typing import Any, Literal, Protocol, cast

from ..errors import shown
from ..scoring.adjusted import TableResult
from ..scoring.butler import DatumRule, ImpMethod, score_imp_pairs
from ..scoring.matchpoints import (
    BoardResult,
    Comparison,
    Factoring,
    Scale,
    ScoringError,
    score_pairs,
)
from .rescore_swiss import swiss_pairs
from .rescore_teams import METHODS as TEAM_METHODS
from .rescore_teams import TeamsFileLike, rescore_teams

METHODS = ("mp", "butler", "cross-imps")
"""The methods :func:`rescore` scores a pairs file by (a teams file: :data:`TEAM_METHODS`)."""
DEFAULT_DATUM = DatumRule()
"""Butler's datum: the highest and lowest dropped (from 4 results), rounded to the nearest 10."""


class RescoreError(ValueError):
    """A rescore asked for something we cannot do: an unknown method or factoring."""


class TravellerLineLike(Protocol):
    """What :func:`rescore` reads of a traveller line (``server.formats.travellers``)."""

    @property
    def board(self) -> int: ...
    @property
    def ns(self) -> str: ...
    @property
    def ew(self) -> str: ...
    @property
    def ns_score(self) -> int | None: ...
    @property
    def adjusted(self) -> tuple[float, float] | None: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def declarer(self) -> str | None: ...
    @property
    def tricks(self) -> int | None: ...
    @property
    def original_ns_mp(self) -> float | None: ...
    @property
    def original_ew_mp(self) -> float | None: ...
    @property
    def original_ns_imps(self) -> float | None: ...
    @property
    def original_ew_imps(self) -> float | None: ...


class ResultsFileLike(Protocol):
    """What :func:`rescore` reads of a parsed results file (``server.formats.travellers``)."""

    @property
    def source(self) -> str: ...
    @property
    def method(self) -> str | None: ...
    @property
    def lines(self) -> Sequence[TravellerLineLike]: ...
    @property
    def original_ranking(self) -> Sequence[tuple[str, float]]: ...
    @property
    def title(self) -> str: ...


def resolve_method(asked: str | None, stated: str | None) -> str:
    """The method to score by: the one asked for, else the file's, else ``"mp"``."""
    method = (asked or stated or "mp").strip().lower().replace("_", "-")
    method = {"imps": "cross-imps", "crossimps": "cross-imps", "matchpoints": "mp"}.get(method,
                                                                                        method)
    if method == "bam":
        raise RescoreError("bam (board-a-match) scores team matches: a pairs file is scored by "
                           f"{', '.join(METHODS)}")  # fmt: skip
    if method not in METHODS:
        raise RescoreError(f"invalid method: {shown(asked or stated)} "
                           f"(one of {', '.join(METHODS)})")
    return method


def resolve_teams_method(asked: str | None, stated: str | None) -> str:
    """A teams file's method: the one asked for, else the file's, else ``"imps"``."""
    method = (asked or stated or "imps").strip().lower().replace("_", "-")
    method = {"crossimps": "cross-imps", "imp": "imps"}.get(method, method)
    if method not in TEAM_METHODS:
        raise RescoreError(f"a teams file is scored by IMPs between its two tables, pairwise "
                           f"cross-IMPs or board-a-match ({', '.join(TEAM_METHODS)}), not by "
                           f"{shown(asked or stated)}")  # fmt: skip
    return method


def rescore(
    results: ResultsFileLike,
    method: str | None = None,
    factoring: str = "neuberg",
    *,
    scale: Scale = Scale.TWO_ONE,
    datum_rule: DatumRule = DEFAULT_DATUM,
    decimals: int | Literal["file"] | None = "file",
    vp_scale: str | None = None,
) -> dict[str, Any]:
    """Score a parsed results file again and return the JSON described in the module's note.

    A teams file (its ``team_tables``) is scored by :func:`rescore_teams` by the method asked
    for, else the file's, else ``"imps"`` (``"cross-imps"``, ``"bam"``: :data:`TEAM_METHODS`),
    its matches' VPs on ``vp_scale`` (default: the scale that gives the file's own VPs). A
    Swiss pairs file (``match_scoring`` "vp") scored by IMPs is ranked by its matches' VPs on
    the same scale (:func:`server.publish.rescore_swiss.swiss_pairs`).

    ``decimals`` rounds each board's matchpoints before the totals, as the producing program
    did: ``"file"`` (the default) takes as many decimals as the file's own board figures show
    (Magic Contest prints 28.3 and totals the rounded figures), none when it shows none; an
    int forces it; ``None`` keeps the figures exact. Lines with neither a score nor an
    adjusted score (boards not played) are left out. Raises
    :class:`RescoreError` for an unknown method or factoring, and a :class:`ScoringError` (a
    ``ValueError``) for travellers that cannot be scored (a pair twice on one board).
    """
    stages = getattr(results, "stages", ())
    if stages and is_dataclass(results):
        return _by_stage(results, stages, method, factoring, scale=scale, datum_rule=datum_rule,
                         decimals=decimals, vp_scale=vp_scale)
    # A teams file (server.formats.travellers.ResultsFile.team_tables) is scored as matches.
    if getattr(results, "team_tables", ()):
        return rescore_teams(cast(TeamsFileLike, results), vp_scale,
                             method=resolve_teams_method(method, results.method))
    chosen = resolve_method(method, results.method)
    try:
        factored = Factoring.parse(factoring)
    except ScoringError as error:
        raise RescoreError(f"invalid factoring: {shown(factoring)} (neuberg or own-top)") from error
    source_lines = [line for line in results.lines
                    if line.ns_score is not None or line.adjusted is not None]  # fmt: skip
    board_results = [BoardResult(line.board, line.ns, line.ew, _table(line))
                     for line in source_lines]  # fmt: skip
    by_result = {id(result): line for result, line in zip(board_results, source_lines, strict=True)}
    originals = _originals(results.original_ranking)
    out: dict[str, Any] = {
        "title": results.title,
        "source": results.source,
        "kind": "pairs",
        "missing": list(getattr(results, "missing", ())),
        "method": chosen,
        "method_stated": results.method,
        "factoring": factored.value if chosen == "mp" else None,
    }
    if chosen == "mp":
        places = file_decimals(source_lines) if decimals == "file" else decimals
        out["decimals"] = places
        comparison, board_results = _comparison(source_lines, scale, factored, places)
        by_result = {id(result): line
                     for result, line in zip(board_results, source_lines, strict=True)}
        out["comparison"] = comparison.value
        scored = score_pairs(board_results, scale=scale, factoring=factored, decimals=places,
                             comparison=comparison)  # fmt: skip
        out["movement"] = scored.movement.value
        out["boards"] = [
            {
                "board": board.board,
                "top": _round(board.score.top),
                "datum": None,
                "results": [
                    _line(by_result[id(result)], ns_mp=table.ns.matchpoints,
                          ew_mp=table.ew.matchpoints, ns_pct=table.ns.percentage,
                          ew_pct=table.ew.percentage)
                    for result, table in zip(board.results, board.score.tables, strict=True)
                ],
            }
            for board in scored.boards
        ]  # fmt: skip
        out["ranking"] = [
            {"pair": str(s.pair.number), "field": s.pair.field.value, "rank": s.rank,
             "score": _round(s.matchpoints), "pct": s.percentage, "boards": s.boards,
             "top": _round(s.top), "per_board": None, "original": originals.get(str(s.pair.number))}
            for s in scored.standings
        ]  # fmt: skip
        return out
    out["decimals"] = None
    out["comparison"] = None
    imp_method = ImpMethod.parse(chosen)
    imp_scored = score_imp_pairs(board_results, imp_method, rule=datum_rule,
                                 average=imp_method is ImpMethod.CROSS_IMPS)  # fmt: skip
    out["movement"] = imp_scored.movement.value
    out["boards"] = [
        {
            "board": board.board,
            "top": None,
            "datum": board.score.datum,
            "results": [
                _line(by_result[id(result)], ns_imps=table.ns, ew_imps=table.ew)
                for result, table in zip(board.results, board.score.tables, strict=True)
            ],
        }
        for board in imp_scored.boards
    ]
    out["ranking"] = [
        {"pair": str(s.pair.number), "field": s.pair.field.value, "rank": s.rank,
         "score": _round(s.imps), "pct": None, "boards": s.boards, "top": None,
         "per_board": s.per_board, "original": originals.get(str(s.pair.number))}
        for s in imp_scored.standings
    ]  # fmt: skip
    if getattr(results, "match_scoring", None) == "vp":
        out.update(swiss_pairs(out["boards"], out["ranking"], vp_scale))
    return out


def _by_stage(results: Any, stages: Sequence[Any], method: str | None, factoring: str, *,
              scale: Scale, datum_rule: DatumRule, decimals: int | Literal["file"] | None,
              vp_scale: str | None) -> dict[str, Any]:
    """A file of several stages, each scored on its own (the module's note)."""
    teams = bool(getattr(results, "team_tables", ()))
    parts = []
    for stage in stages:
        name = stage.name
        part = replace(results, stages=(), original_ranking=stage.ranking,
                       lines=tuple(x for x in results.lines if x.stage == name),
                       team_tables=tuple(t for t in results.team_tables if t.stage == name),
                       matches=tuple(m for m in results.matches if m.stage == name),
                       match_scoring=stage.match_scoring,
                       missing=tuple(m for m in results.missing if m.startswith(f"{name}, ")))
        if teams:
            if not part.team_tables:
                continue
            scored = rescore_teams(part, vp_scale, carried=dict(stage.carried),
                                   method=resolve_teams_method(method, results.method))
        else:
            if not part.lines:
                continue
            scored = rescore(part, method, factoring, scale=scale, datum_rule=datum_rule,
                             decimals=decimals)
        parts.append({"stage": name, **scored})
    first = parts[0] if parts else {}
    out: dict[str, Any] = {
        "title": results.title, "source": results.source, "kind": "teams" if teams else "pairs",
        "missing": list(results.missing),
        "method": first.get("method", "imps") if teams else first.get("method"),
        "method_stated": results.method,
        "factoring": None if teams else first.get("factoring"),
        "decimals": None if teams else first.get("decimals"),
        "comparison": None if teams else first.get("comparison"),
        "movement": None if teams else first.get("movement"),
        "boards": [] if teams else [{"stage": p["stage"], **b} for p in parts
                                   for b in p["boards"]],
        "ranking": [],
        "stages": parts,
    }
    if teams:
        out["match_scoring"] = None
        out["vp_scale"] = None
        out["matches"] = [m for p in parts for m in p["matches"]]
    return out


def _comparison(lines: Sequence[TravellerLineLike], scale: Scale, factoring: Factoring,
                places: int | None) -> tuple[Comparison, list[BoardResult]]:  # fmt: skip
    """How a file of several sections was matchpointed: each section apart (the default), or
    all together (top integral, K4.2), whichever gives the file's own board figures; with the
    lines as the scoring takes them."""
    results = [BoardResult(line.board, line.ns, line.ew, _table(line),
                           getattr(line, "section", "")) for line in lines]  # fmt: skip
    originals = {id(result): (line.original_ns_mp, line.original_ew_mp)
                 for result, line in zip(results, lines, strict=True)}  # fmt: skip
    shown = any(ns is not None or ew is not None for ns, ew in originals.values())
    if len({result.section for result in results}) < 2 or not shown:
        return Comparison.SECTION, results
    gaps = {}
    for comparison in (Comparison.SECTION, Comparison.TOP_INTEGRAL):
        scored = score_pairs(results, scale=scale, factoring=factoring, decimals=places,
                             comparison=comparison)  # fmt: skip
        gap = 0.0
        for board in scored.boards:
            for result, table in zip(board.results, board.score.tables, strict=True):
                ns, ew = originals[id(result)]
                gap += abs(ns - table.ns.matchpoints) if ns is not None else 0.0
                gap += abs(ew - table.ew.matchpoints) if ew is not None else 0.0
        gaps[comparison] = gap
    return min(gaps, key=lambda c: (gaps[c], c is not Comparison.SECTION)), results


def file_decimals(lines: Sequence[TravellerLineLike]) -> int | None:
    """How many decimals the file's own board matchpoints show (at most 4); ``None``: none given."""
    shown: int | None = None
    for line in lines:
        for value in (line.original_ns_mp, line.original_ew_mp):
            if value is not None:
                places = next((k for k in range(5) if round(value, k) == value), 4)
                shown = places if shown is None else max(shown, places)
    return shown


def _table(line: TravellerLineLike) -> TableResult:
    if line.ns_score is not None:
        return TableResult.played(line.ns_score)
    assert line.adjusted is not None
    ns_percent, ew_percent = line.adjusted
    return TableResult.artificial(ns_percent, ew_percent)


def _line(
    line: TravellerLineLike, *, ns_mp: float | None = None, ew_mp: float | None = None,
    ns_pct: float | None = None, ew_pct: float | None = None, ns_imps: float | None = None,
    ew_imps: float | None = None,
) -> dict[str, Any]:
    return {
        "ns": line.ns,
        "ew": line.ew,
        "ns_score": line.ns_score,
        "adjusted": list(line.adjusted) if line.adjusted is not None else None,
        "contract": line.contract,
        "declarer": line.declarer,
        "tricks": line.tricks,
        "ns_mp": _round(ns_mp),
        "ew_mp": _round(ew_mp),
        "ns_pct": _round(ns_pct),
        "ew_pct": _round(ew_pct),
        "ns_imps": _round(ns_imps),
        "ew_imps": _round(ew_imps),
        "original_ns_mp": line.original_ns_mp,
        "original_ew_mp": line.original_ew_mp,
        "original_ns_imps": line.original_ns_imps,
        "original_ew_imps": line.original_ew_imps,
    }


def _originals(ranking: Sequence[tuple[str, float]]) -> dict[str, float]:
    # A Mitchell numbered from 1 both ways names two pairs "1": their figures cannot be told apart.
    seen = Counter(str(pair) for pair, _ in ranking)
    return {str(pair): value for pair, value in ranking if seen[str(pair)] == 1}


def _round(value: float | None) -> float | None:
    if value is None:
        return None
    rounded = round(value, 2)
    return rounded + 0.0  # no "-0.0" in the JSON
