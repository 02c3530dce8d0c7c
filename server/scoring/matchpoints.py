"""Matchpoints: each result of a board compared with every other result of the same board.

Pairs events are scored top-bottom (K17.3): on each board a result earns 2 matchpoints for every
result it beats and 1 for every result it ties, so a board played n times has a top of
2 * (n - 1). North-South results are compared with North-South results; East-West earn the top
minus what North-South earned at their table. A pair's percentage is its matchpoints over the
sum of the tops of the boards it played, and pairs are ranked in two fields, North-South and
East-West, as a Mitchell movement requires.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction


def matchpoints(scores: Sequence[int]) -> list[float]:
    """The North-South matchpoints of each of the North-South ``scores`` of one board.

    2 for each other score it beats, 1 for each it ties, in the order given: ``[420, 420, 450,
    -50]`` gives ``[3.0, 3.0, 6.0, 0.0]``. Floats because adjusted and factored scores are not
    whole; the results here always are.
    """
    ordered = sorted(scores)
    points = []
    for ns_score in scores:
        beaten = bisect_left(ordered, ns_score)
        tied = bisect_right(ordered, ns_score) - beaten - 1  # every score ties itself
        points.append(float(2 * beaten + tied))
    return points


@dataclass(frozen=True)
class Played:
    """One result of a board as the traveller records it."""

    board: int
    """The board number."""
    ns_pair: int
    """The pair that sat North-South."""
    ew_pair: int
    """The pair that sat East-West."""
    ns_score: int
    """The score from North-South's point of view (``server.bridge.ns_score``)."""


@dataclass(frozen=True)
class PairStanding:
    """One pair's line in the ranking of its field."""

    pair: int
    """The pair number."""
    direction: str
    """The field: ``"NS"`` or ``"EW"``."""
    boards: int
    """Boards played, including any played at no other table (which earn nothing)."""
    matchpoints: float
    """Matchpoints earned over all boards played."""
    top: float
    """The sum of the tops of the boards played: the most the pair could have earned."""
    percentage: float
    """``matchpoints / top * 100``, rounded to 2 decimals; 0.0 when ``top`` is 0."""
    rank: int
    """Place in the field, 1 first; pairs with equal percentages share a rank ("1=")."""


@dataclass
class _Tally:
    boards: int = 0
    matchpoints: float = 0.0
    top: float = 0.0

    def add(self, earned: float, top: float) -> None:
        self.boards += 1
        self.matchpoints += earned
        self.top += top


def pair_standings(played: Iterable[Played]) -> list[PairStanding]:
    """The two-field Mitchell ranking: North-South pairs ranked among themselves, East-West too.

    Every result of a board is matchpointed against all the others of that board (a board
    played once has a top of 0 and gives nothing). Each field is ordered by percentage, highest
    first, then by pair number; equal percentages share a rank and the next rank skips
    (1, 2=, 2=, 4). North-South pairs come first, then East-West. No Neuberg factoring: boards
    played a different number of times just have different tops.

    Raises ``ValueError`` when a pair has two results on the same board, which would count the
    board twice.
    """
    by_board: dict[int, list[Played]] = defaultdict(list)
    for result in played:
        by_board[result.board].append(result)

    tallies: dict[tuple[str, int], _Tally] = defaultdict(_Tally)
    for board, results in by_board.items():
        _check_once_per_pair(board, results)
        top = 2 * (len(results) - 1)
        points = matchpoints([result.ns_score for result in results])
        for result, ns_points in zip(results, points, strict=True):
            tallies["NS", result.ns_pair].add(ns_points, top)
            tallies["EW", result.ew_pair].add(top - ns_points, top)

    standings: list[PairStanding] = []
    for direction in ("NS", "EW"):
        field = [(pair, tally) for (side, pair), tally in tallies.items() if side == direction]
        standings.extend(_rank(direction, field))
    return standings


def _check_once_per_pair(board: int, results: list[Played]) -> None:
    for direction, pairs in (
        ("NS", [result.ns_pair for result in results]),
        ("EW", [result.ew_pair for result in results]),
    ):
        repeated = sorted({pair for pair in pairs if pairs.count(pair) > 1})
        if repeated:
            raise ValueError(f"board {board} has two results for {direction} pair {repeated[0]}")


def _rank(direction: str, field: list[tuple[int, _Tally]]) -> list[PairStanding]:
    # Ranked on the exact fraction, not the rounded percentage: two pairs are level only when
    # they really are, and a tie-break (K17.3) then decides between them.
    def ratio(tally: _Tally) -> Fraction:
        return Fraction(tally.matchpoints) / Fraction(tally.top) if tally.top else Fraction(0)

    ordered = sorted(field, key=lambda entry: (-ratio(entry[1]), entry[0]))
    standings: list[PairStanding] = []
    rank = 0
    previous: Fraction | None = None
    for place, (pair, tally) in enumerate(ordered, start=1):
        if ratio(tally) != previous:
            rank, previous = place, ratio(tally)
        percentage = round(tally.matchpoints / tally.top * 100, 2) if tally.top else 0.0
        standings.append(
            PairStanding(
                pair=pair,
                direction=direction,
                boards=tally.boards,
                matchpoints=tally.matchpoints,
                top=tally.top,
                percentage=percentage,
                rank=rank,
            )
        )
    return standings
