"""Adjusted scores: what one table is scored on when the board was not simply played out.

The Laws give a director two kinds of adjusted score. An *artificial* one (Law 12C2) is a
percentage of the board's top, average-plus 60, average 50, average-minus 40, and K13.3's 60
for a pair whose opponents cannot continue the session; it is compared with nothing, so the
other results of the board are matchpointed among themselves (and factored back up to the
board's top, see :mod:`server.scoring.matchpoints`). An *assigned* one is a bridge score, and
Law 12C1(c) lets it be a weighted mix of several scores (40% of 4♠= and 60% of 4♠-1): it
takes part in the comparisons with each of its scores counting for its weight. Either kind may
be *split*, North-South and East-West scored on different things, so a table's result says
what each side is scored on. Scores are always from North-South's point of view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

AVERAGE_PLUS = 60.0
"""Law 12C2: the percentage of a top for a side not at fault (average-plus)."""
AVERAGE = 50.0
"""Law 12C2: the percentage of a top for a side partly at fault, or for both when neither is."""
AVERAGE_MINUS = 40.0
"""Law 12C2: the percentage of a top for a side directly at fault (average-minus)."""
OPPONENTS_CANNOT_CONTINUE = 60.0
"""K13.3: a pair whose opponents cannot continue gets 60% on every board not played."""


class AdjustedScoreError(ValueError):
    """An adjusted score that cannot be: a percentage out of 0-100, weights not adding up to 1."""


@dataclass(frozen=True)
class Artificial:
    """An artificial adjusted score (Law 12C2): a percentage of the board's top for one side."""

    percent: float
    """The side's share of the top, 0 to 100 (60 for average-plus)."""

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise AdjustedScoreError(f"invalid adjusted percentage: {self.percent!r}")

    def __repr__(self) -> str:
        return f"Artificial({self.percent!r})"


@dataclass(frozen=True)
class Weighted:
    """A weighted assigned adjusted score (Law 12C1(c)): several scores, each with its weight.

    ``Weighted.of((0.4, 420), (0.6, -50))`` is 40% of +420 and 60% of -50. It earns the weighted
    mix of what each score would have earned against the field, and each other result of the
    board compares with each of its scores for that score's weight.
    """

    parts: tuple[tuple[Fraction, int], ...]
    """``(weight, ns_score)`` pairs; the weights are positive and add up to exactly 1."""

    def __post_init__(self) -> None:
        if not self.parts or any(weight <= 0 for weight, _ in self.parts):
            raise AdjustedScoreError(f"invalid weighted score: {self.parts!r}")
        if sum(weight for weight, _ in self.parts) != 1:
            raise AdjustedScoreError(f"weights do not add up to 1: {self.parts!r}")

    @classmethod
    def of(cls, *parts: tuple[float | Fraction | str, int]) -> Weighted:
        """From ``(weight, ns_score)`` pairs; a float weight is read as its decimal (0.4 is 2/5)."""
        return cls(tuple((_weight(weight), int(ns_score)) for weight, ns_score in parts))

    @property
    def expected(self) -> Fraction:
        """The weighted mean of the scores (what a datum counts for this table)."""
        return sum((weight * ns_score for weight, ns_score in self.parts), Fraction(0))


def _weight(weight: float | Fraction | str) -> Fraction:
    # A weight typed as 0.4 means two fifths, not the binary float nearest to it.
    value = Fraction(weight) if isinstance(weight, Fraction) else Fraction(str(weight))
    if value > 1 and value <= 100:
        value /= 100  # "40" as a percentage
    return value


Score: TypeAlias = int | Weighted | Artificial
"""What one side of one table is scored on: a North-South score, a weighted mix, or a percentage."""


@dataclass(frozen=True)
class TableResult:
    """One table's result on one board: what North-South and what East-West are scored on.

    The two are the same unless the score is split. Build one with :meth:`played`,
    :meth:`artificial`, :meth:`weighted` or :meth:`split`.
    """

    ns: Score
    """What North-South are scored on; scores from North-South's point of view."""
    ew: Score
    """What East-West are scored on; scores still from North-South's point of view."""

    @classmethod
    def played(cls, ns_score: int) -> TableResult:
        """The board played out: both sides scored on the table's score."""
        return cls(ns_score, ns_score)

    @classmethod
    def artificial(cls, ns_percent: float, ew_percent: float) -> TableResult:
        """Artificial adjusted scores: ``artificial(60, 40)`` is average-plus to North-South."""
        return cls(Artificial(ns_percent), Artificial(ew_percent))

    @classmethod
    def weighted(cls, *parts: tuple[float | Fraction | str, int]) -> TableResult:
        """The same weighted assigned score for both sides (Law 12C1(c))."""
        score = Weighted.of(*parts)
        return cls(score, score)

    @classmethod
    def split(cls, ns: Score, ew: Score) -> TableResult:
        """Different adjustments for the two sides (a split score)."""
        return cls(ns, ew)

    @property
    def is_played(self) -> bool:
        """Whether both sides are scored on one plain table score."""
        return isinstance(self.ns, int) and self.ns == self.ew

    @property
    def ns_score(self) -> int | None:
        """The table score when both sides are scored on the same plain score, else ``None``."""
        return self.ns if isinstance(self.ns, int) and self.ns == self.ew else None


def opponents_cannot_continue(
    boards: Iterable[int], staying_ns: bool, leaving_percent: float = AVERAGE_MINUS
) -> dict[int, TableResult]:
    """K13.3: the adjusted results of the boards a pair that left the session did not play.

    The staying pair gets 60% on every such board. The regulation says nothing of the pair that
    left (it is usually out of the ranking); ``leaving_percent`` (default average-minus) is what
    its side of the traveller shows. ``staying_ns`` says which side the staying pair sat.
    """
    staying, leaving = OPPONENTS_CANNOT_CONTINUE, leaving_percent
    ns, ew = (staying, leaving) if staying_ns else (leaving, staying)
    return {board: TableResult.artificial(ns, ew) for board in boards}
