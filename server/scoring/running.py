"""Running matchpoints: a pairs session scored while it is played, and what the public sees.

While a session is played most boards have fewer results than they will have. The running
score scores each board on the results it has, as :func:`~server.scoring.matchpoints.score_pairs`
does (compared among themselves, factored up to the most results of any board under Neuberg),
with one difference: a board that more tables will play and that has one result so far is
worth the average to both pairs (50%), not a top of 0 that counts for nothing. Under Neuberg
that follows from factoring to at least two results; on its own top (:attr:`Factoring.OWN_TOP`)
the lone result is scored as if level with one other. Once every board has all the results it
will have, the running score is exactly ``score_pairs``.

The public must not learn a board's results before every table that plays it has played it:
:func:`running_pairs` takes the boards that may be shown, and every other board counts the
average for each pair that played it: it reveals nothing and moves nobody, and it counts its
real figures as soon as its last table has played it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace

from server.scoring.adjusted import Artificial, TableResult
from server.scoring.matchpoints import (
    BoardResult,
    BoardScore,
    Comparison,
    Factoring,
    Field,
    Movement,
    Pair,
    PairBoard,
    PairsScore,
    Scale,
    ScoredBoard,
    SideScore,
    Standing,
    TableScore,
    detect_movement,
    group_boards,
    pairs_of,
    rank_field,
    score_board,
)

_FIELDS = (Field.NS, Field.EW, Field.ALL)


def average(side: SideScore, scale: Scale) -> SideScore:
    """The average on a board (50%) instead of ``side``'s figure: on its top, or, where that is
    0 (a lone result on its own top), on the top of a board of two results."""
    return average_of(side.out_of, scale)


def average_of(top: float, scale: Scale) -> SideScore:
    """The average (50%) of ``top``, or of a board of two results' top where ``top`` is 0."""
    top = top if top > 0 else scale.top(2)
    return SideScore(top / 2, 50.0, top, 1, False, False)


def running_pairs(
    results: Iterable[BoardResult],
    planned: Mapping[tuple[str, int], int],
    *,
    scale: Scale = Scale.TWO_ONE,
    factoring: Factoring = Factoring.NEUBERG,
    comparison: Comparison = Comparison.SECTION,
    movement: Movement | None = None,
    shown: Collection[int] | None = None,
) -> PairsScore:
    """Score a session in play and rank its pairs by percentage of the boards they played.

    ``planned`` is how many tables play each board of each section, ``(section, board)`` →
    tables, by the movement (a board missing from it is taken as complete). ``shown``, when
    given, is the board numbers whose figures count: every other board counts the average
    (50%) for each pair that played it, in the standings, the pairs' boards and the boards'
    figures alike. Everything else is as :func:`~server.scoring.matchpoints.score_pairs`.
    """
    lines = list(results)
    movement = detect_movement(lines) if movement is None else movement
    grouped = group_boards(lines, movement, comparison)
    expected: dict[tuple[str, int], int] = defaultdict(int)
    for (section, board), tables in planned.items():
        expected[section if comparison is Comparison.SECTION else "", board] += tables
    most: dict[str, int] = defaultdict(int)
    lone: dict[str, bool] = defaultdict(bool)
    for key, board_lines in grouped.items():
        most[key[0]] = max(most[key[0]], len(board_lines))
        if len(board_lines) < expected.get(key, 0):
            lone[key[0]] = True  # some board is still to be played by more tables
    boards: list[ScoredBoard] = []
    played: dict[Pair, list[PairBoard]] = defaultdict(list)
    for (unit, number), board_lines in sorted(grouped.items()):
        # Factored to two results at least while a board is to be played again: a lone
        # result is then the average of a real top, not a top of 0.
        target = max(most[unit], 2) if lone[unit] else most[unit]
        results_here = [line.result for line in board_lines]
        if shown is not None and number not in shown:
            # Held back: the average whatever the results, and no need to compare them.
            figures = _held_back(results_here, scale, factoring, target)
        else:
            figures = score_board(results_here, scale=scale, factoring=factoring,
                                  most=target)
            incomplete = len(board_lines) < expected.get((unit, number), 0)
            if incomplete and factoring is Factoring.OWN_TOP and figures.compared == 1:
                figures = _lone_average(figures, scale)
        boards.append(ScoredBoard(number, unit, tuple(board_lines), figures))
        for line, table in zip(board_lines, figures.tables, strict=True):
            ns, ew = pairs_of(line, movement)
            played[ns].append(PairBoard(number, ew, table.ns))
            played[ew].append(PairBoard(number, ns, table.ew))
    return PairsScore(
        movement=movement,
        boards=tuple(boards),
        standings=tuple(rank_pairs(played, comparison)),
        pair_boards={pair: tuple(boards_played) for pair, boards_played in played.items()},
    )


def rank_pairs(played: Mapping[Pair, Iterable[PairBoard]],
               comparison: Comparison = Comparison.SECTION) -> list[Standing]:
    """Every field's ranking from each pair's boards, in the order of ``score_pairs``."""
    fields: dict[tuple[str, Field], list[tuple[Pair, int, float, float]]] = defaultdict(list)
    for pair, pair_boards in played.items():
        figures = [board.score for board in pair_boards]
        unit = pair.section if comparison is Comparison.SECTION else ""
        fields[unit, pair.field].append((pair, len(figures),
                                         math.fsum(s.matchpoints for s in figures),
                                         math.fsum(s.out_of for s in figures)))
    standings: list[Standing] = []
    for key in sorted(fields, key=lambda k: (k[0], _FIELDS.index(k[1]))):
        standings.extend(rank_field(fields[key]))
    return standings


def _lone_average(figures: BoardScore, scale: Scale) -> BoardScore:
    tables = tuple(TableScore(_average_unless_adjusted(t.ns, scale),
                              _average_unless_adjusted(t.ew, scale)) for t in figures.tables)
    return replace(figures, top=max(figures.top, scale.top(2)), tables=tables)


def _average_unless_adjusted(side: SideScore, scale: Scale) -> SideScore:
    return side if side.adjusted else average(side, scale)


def _held_back(results: list[TableResult], scale: Scale, factoring: Factoring,
               most: int) -> BoardScore:
    """Every side of a board held back on the average of the top it is scored on: the
    largest under Neuberg, its own results' (a board of two at least) on its own top."""
    top = scale.top(most if factoring is Factoring.NEUBERG else len(results))
    ns = average_of(top, scale)
    ew = average_of(top, scale)
    compared = sum(not isinstance(r.ns, Artificial) for r in results)
    return BoardScore(ns.out_of, len(results), compared,
                      tuple(TableScore(ns, ew) for _ in results))


def rankings_by_round(
    results: Iterable[BoardResult],
    planned: Mapping[tuple[str, int], int],
    shows_after: Mapping[int, int],
    rounds: Iterable[int],
    *,
    scale: Scale = Scale.TWO_ONE,
    factoring: Factoring = Factoring.NEUBERG,
    comparison: Comparison = Comparison.SECTION,
    movement: Movement | None = None,
) -> dict[int, list[Standing]]:
    """The public's ranking after each of ``rounds`` (K4.3's places by round) in one pass.

    The same as ``running_pairs`` on the results of rounds 1..r with ``shown`` the boards whose
    ``shows_after`` round is r or before, for each r; but a board held back is only counted,
    never compared, and a board shown is compared once for each size of field, so that the
    rankings after every round of a large session cost little more than one scoring.
    Every result must say its round.
    """
    lines = sorted(results, key=lambda line: line.round or 0)
    movement = detect_movement(lines) if movement is None else movement
    grouped = group_boards(lines, movement, comparison)
    expected: dict[tuple[str, int], int] = defaultdict(int)
    for (section, board), tables in planned.items():
        expected[section if comparison is Comparison.SECTION else "", board] += tables
    sides = {key: [(pairs_of(line, movement), line.round or 0, line.result)
                   for line in board_lines] for key, board_lines in grouped.items()}
    compared_cache: dict[tuple[str, int, int], BoardScore] = {}
    out: dict[int, list[Standing]] = {}
    for after in sorted(set(rounds)):
        counts = {key: sum(1 for _, played, _ in rows if played <= after)
                  for key, rows in sides.items()}
        most: dict[str, int] = defaultdict(int)
        lone: dict[str, bool] = defaultdict(bool)
        for (unit, board), count in counts.items():
            most[unit] = max(most[unit], count)
            if count < expected.get((unit, board), 0):
                lone[unit] = True
        totals: dict[Pair, list[float]] = {}
        for (unit, board), rows in sides.items():
            count = counts[unit, board]
            if not count:
                continue
            target = max(most[unit], 2) if lone[unit] else most[unit]
            here = rows[:count]
            shown = shows_after.get(board) is not None and shows_after[board] <= after
            if shown:
                cached = (unit, board, target)
                if cached not in compared_cache:
                    figures = score_board([r for _, _, r in here], scale=scale,
                                          factoring=factoring, most=target)
                    if (count < expected.get((unit, board), 0)
                            and factoring is Factoring.OWN_TOP and figures.compared == 1):
                        figures = _lone_average(figures, scale)
                    compared_cache[cached] = figures
                figures_here = compared_cache[cached].tables
            else:
                figures_here = _held_back([r for _, _, r in here], scale, factoring,
                                          target).tables
            for ((ns, ew), _, _), table in zip(here, figures_here, strict=True):
                for pair, side in ((ns, table.ns), (ew, table.ew)):
                    figure = totals.setdefault(pair, [0.0, 0.0, 0.0])
                    figure[0] += side.matchpoints
                    figure[1] += side.out_of
                    figure[2] += 1
        fields: dict[tuple[str, Field], list[tuple[Pair, int, float, float]]] = defaultdict(list)
        for pair, (earned, top, boards) in totals.items():
            unit = pair.section if comparison is Comparison.SECTION else ""
            fields[unit, pair.field].append((pair, int(boards), earned, top))
        standings: list[Standing] = []
        for field_key in sorted(fields, key=lambda k: (k[0], _FIELDS.index(k[1]))):
            standings.extend(rank_field(fields[field_key]))
        out[after] = standings
    return out
