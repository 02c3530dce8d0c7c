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
    top = side.out_of if side.out_of > 0 else scale.top(2)
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
        figures = score_board([line.result for line in board_lines], scale=scale,
                              factoring=factoring, most=target)  # fmt: skip
        incomplete = len(board_lines) < expected.get((unit, number), 0)
        if incomplete and factoring is Factoring.OWN_TOP and figures.compared == 1:
            figures = _lone_average(figures, scale)
        if shown is not None and number not in shown:
            figures = _held_back(figures, scale)
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


def _held_back(figures: BoardScore, scale: Scale) -> BoardScore:
    tables = tuple(TableScore(average(t.ns, scale), average(t.ew, scale))
                   for t in figures.tables)
    return replace(figures, tables=tables)
