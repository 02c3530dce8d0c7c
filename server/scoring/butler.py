"""IMPs across a field: Butler (against a datum), cross-IMPs, IMP pairs and a league's Butler.

In a pairs event scored by IMPs there is no other room to compare with, so each result is
compared with the field. *Butler* compares it with a datum, the mean of the board's results
after dropping the highest and lowest (how many: :class:`DatumRule`), rounded (to the nearest
10 by default); *cross-IMPs* compares it with every other result and adds up (or averages) the
IMPs. Both use the WBF scale of :mod:`server.scoring.imps`. Cross-IMPs is done in O(n log n):
the scale is a staircase, so the IMPs a score wins against the field are, for each step of the
staircase, the number of results at least that step below it (a binary search in the sorted
scores), less those at least that step above it. A team league keeps a Butler ranking of its
pairs too (D4.1, D5.2): every table of every match on the same deal makes one datum.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from typing import TypeAlias

from server.scoring.adjusted import Artificial, Score, TableResult, Weighted
from server.scoring.imps import IMP_BANDS, imps
from server.scoring.matchpoints import (
    BoardResult,
    Comparison,
    Field,
    Movement,
    Pair,
    PairId,
    ScoringError,
    detect_movement,
    group_boards,
    level_groups,
    pair_order,
    pairs_of,
)

ADJUSTED_IMPS_PER_10_PERCENT = 3
"""Law 12C2 in IMP scoring: average-plus is +3 IMPs, average-minus -3 (per comparison)."""


class Rounding(enum.Enum):
    """How a datum is rounded to its step when it falls exactly half-way."""

    HALF_AWAY = "half-away"
    """Away from zero (305 -> 310, -305 -> -310): the same datum seen from either side."""
    HALF_UP = "half-up"
    """Towards plus infinity (-305 -> -300), as JavaScript's ``Math.round`` (npm bridge-scorer)."""
    HALF_EVEN = "half-even"
    """To the even step (315 -> 320, 305 -> 300)."""
    NONE = "none"
    """Not rounded: the mean itself."""


@dataclass(frozen=True)
class DatumRule:
    """How a Butler datum is made from a board's results."""

    drops: tuple[tuple[int, int], ...] = ((4, 1),)
    """``(results, drop)`` steps in increasing order of results: from that many results on,
    drop that many from each end. The default drops the highest and the lowest once a board
    has 4 results (2 are kept)."""
    step: int = 10
    """Round the mean to a multiple of this (10 by default)."""
    rounding: Rounding = Rounding.HALF_AWAY
    """How a mean half-way between two steps is rounded."""

    def __post_init__(self) -> None:
        thresholds = [n for n, _ in self.drops]
        if (self.step < 1 or any(n < 2 * k + 1 or k < 0 for n, k in self.drops)
                or thresholds != sorted(set(thresholds))):  # fmt: skip
            raise ScoringError(f"invalid datum rule: {self!r}")

    def dropped(self, results: int) -> int:
        """How many results are dropped from each end of a board with ``results`` results."""
        drop = 0
        for at_least, count in self.drops:  # in increasing order: the last that applies wins
            if results < at_least:
                break
            drop = count
        return drop


def datum(scores: Sequence[int | Fraction], rule: DatumRule = DatumRule()) -> float:
    """The datum of a board's North-South scores: the trimmed mean, rounded as the rule says.

    ``datum([650, 170, 1440, -100, 170, 200])`` drops 1440 and -100 and rounds the mean of the
    rest, 297.5, to 300. Raises :class:`ScoringError` for a board without scores.
    """
    if not scores:
        raise ScoringError("a datum needs at least one score")
    ordered = sorted(scores)
    drop = rule.dropped(len(ordered))
    kept = ordered[drop : len(ordered) - drop]
    # The mean in steps, as a numerator and a denominator: integers for plain scores, so that
    # a mean exactly half-way between two steps is seen as such, and quickly.
    total = sum(kept)
    if isinstance(total, int):
        numerator, denominator = total, len(kept) * rule.step
    else:
        steps = Fraction(total) / (len(kept) * rule.step)
        numerator, denominator = steps.numerator, steps.denominator
    if rule.rounding is Rounding.NONE:
        return float(Fraction(numerator, denominator) * rule.step)
    return float(_round(numerator, denominator, rule.rounding) * rule.step)


def _round(numerator: int, denominator: int, rounding: Rounding) -> int:
    # numerator / denominator (denominator > 0) to a whole number, halves as configured, in
    # integers so that a mean exactly half-way is seen as such.
    if rounding is Rounding.HALF_UP:
        return (2 * numerator + denominator) // (2 * denominator)
    if rounding is Rounding.HALF_AWAY:
        whole = (2 * abs(numerator) + denominator) // (2 * denominator)
        return whole if numerator >= 0 else -whole
    quotient, remainder = divmod(numerator, denominator)
    if 2 * remainder > denominator or (2 * remainder == denominator and quotient % 2):
        return quotient + 1
    return quotient


def butler(scores: Sequence[int], rule: DatumRule = DatumRule()) -> tuple[float, list[int]]:
    """The datum of a board and each North-South score's IMPs against it (East-West: negated)."""
    if not scores:
        return 0.0, []
    level = datum(scores, rule)
    won = {score: imps(score - level) for score in set(scores)}
    return level, [won[score] for score in scores]


def cross_imps(scores: Sequence[int], *, average: bool = False) -> list[float]:
    """Each North-South score's IMPs against every other score of the board, added up.

    ``average`` divides by the number of comparisons (n - 1), so that boards played a
    different number of times weigh the same. O(n log n) (see the module's note).
    """
    n = len(scores)
    if n < 2:
        return [0.0] * n
    ordered = sorted(scores)
    distinct = sorted(set(scores))
    spread = ordered[-1] - ordered[0]
    bands = [band for band in IMP_BANDS if band <= spread]  # wider steps count nobody
    k = len(distinct)
    lows = [value - band for band in bands for value in distinct]
    highs = [value + band for band in bands for value in distinct]
    beaten = list(map(bisect_right, repeat(ordered, len(lows)), lows))  # at least a step below
    below = list(map(bisect_left, repeat(ordered, len(highs)), highs))  # n - (a step above)
    offset = n * len(bands)
    total = {value: sum(beaten[i::k]) + sum(below[i::k]) - offset
             for i, value in enumerate(distinct)}  # fmt: skip
    if average:
        return [total[score] / (n - 1) for score in scores]
    return [float(total[score]) for score in scores]


class ImpMethod(enum.Enum):
    """How a pairs event compares a result with its field by IMPs."""

    BUTLER = "butler"
    """Against the datum."""
    CROSS_IMPS = "cross-imps"
    """Against every other result."""

    @classmethod
    def parse(cls, text: str) -> ImpMethod:
        """``"butler"`` or ``"cross-imps"`` (case-insensitive); raises :class:`ScoringError`."""
        key = text.strip().lower().replace("_", "-")
        for method in cls:
            if key == method.value:
                return method
        raise ScoringError(f"invalid IMP method: {text!r}")


@dataclass(frozen=True)
class ImpTable:
    """One table's IMPs on a board."""

    ns: float
    """North-South's IMPs."""
    ew: float
    """East-West's IMPs (the negation of North-South's unless the score is split)."""


@dataclass(frozen=True)
class ImpBoard:
    """A board scored by IMPs against its field."""

    datum: float | None
    """North-South's datum (Butler), ``None`` for cross-IMPs or a board without scores."""
    tables: tuple[ImpTable, ...]
    """Each table's IMPs, in the order of the results given."""


def score_imp_board(
    results: Sequence[TableResult | int],
    method: ImpMethod = ImpMethod.BUTLER,
    *,
    rule: DatumRule = DatumRule(),
    average: bool = False,
) -> ImpBoard:
    """IMP one board against its field, adjusted scores included.

    An artificial score is worth 3 IMPs per 10% above or below 50 (Law 12C2: average-plus +3),
    per comparison: times the comparisons it stands for in summed cross-IMPs. A weighted score
    (Law 12C1(c)) gets the weighted mix of its scores' IMPs; the datum counts it at its
    weighted mean. A split score IMPs each side in its own field.
    """
    tables = [TableResult.played(r) if isinstance(r, int) else r for r in results]
    level, ns = _imp_field([t.ns for t in tables], method, rule, average)
    if all(isinstance(t.ns, int) and t.ns == t.ew for t in tables):
        ew = [-value for value in ns]
    else:
        ew = [-value for value in _imp_field([t.ew for t in tables], method, rule, average)[1]]
        ew = [_flip_artificial(t.ew, value) for t, value in zip(tables, ew, strict=True)]
    return ImpBoard(level, tuple(ImpTable(a, b) for a, b in zip(ns, ew, strict=True)))


def _flip_artificial(score: Score, value: float) -> float:
    # An artificial percentage is East-West's own: its IMPs are not negated.
    return -value if isinstance(score, Artificial) else value


def _imp_field(
    scores: Sequence[Score], method: ImpMethod, rule: DatumRule, average: bool
) -> tuple[float | None, list[float]]:
    compared = [s for s in scores if not isinstance(s, Artificial)]
    # An artificial score stands for one comparison with each compared result.
    comparisons = 1 if method is ImpMethod.BUTLER or average else len(compared)
    level: float | None = None
    if all(isinstance(s, int) for s in compared):
        plain = [s for s in compared if isinstance(s, int)]
        if method is ImpMethod.BUTLER:
            level, won = butler(plain, rule) if plain else (None, [])
            figures: list[float] = [float(x) for x in won]
        else:
            figures = cross_imps(plain, average=average)
    else:
        level, figures = _weighted_imps(compared, method, rule, average)
    values = iter(figures)
    out: list[float] = []
    for score in scores:
        if isinstance(score, Artificial):
            out.append((score.percent - 50) / 10 * ADJUSTED_IMPS_PER_10_PERCENT * comparisons)
        else:
            out.append(next(values))
    return level, out


def _weighted_imps(
    scores: Sequence[int | Weighted | Artificial], method: ImpMethod, rule: DatumRule,
    average: bool,
) -> tuple[float | None, list[float]]:
    # Boards with a weighted score are rare and small: the plain definitions, weight by weight.
    parts = [s.parts if isinstance(s, Weighted) else ((Fraction(1), int(s)),)
             for s in scores if not isinstance(s, Artificial)]  # fmt: skip
    if method is ImpMethod.BUTLER:
        means = [sum((w * v for w, v in p), Fraction(0)) for p in parts]
        level = datum(means, rule)
        return level, [float(sum(w * imps(v - level) for w, v in p)) for p in parts]
    totals: list[float] = []
    for i, mine in enumerate(parts):
        total = Fraction(0)
        for j, theirs in enumerate(parts):
            if i != j:
                total += sum((w * x * imps(v - u) for w, v in mine for x, u in theirs), Fraction())
        totals.append(float(total / (len(parts) - 1)) if average else float(total))
    return None, totals


@dataclass(frozen=True)
class ImpStanding:
    """One pair's line in an IMP ranking."""

    pair: Pair
    """The pair."""
    boards: int
    """Boards played."""
    imps: float
    """IMPs over those boards."""
    per_board: float
    """``imps / boards``, rounded to 2 decimals."""
    rank: int | None
    """Place in the field, 1 first, level pairs share; ``None``: too few boards to be ranked."""


@dataclass(frozen=True)
class ScoredImpBoard:
    """One board of an IMP pairs session with its results and IMPs (in the same order)."""

    board: int
    """The board number."""
    section: str
    """The section ("" when all sections are compared together)."""
    results: tuple[BoardResult, ...]
    """The traveller's lines."""
    score: ImpBoard
    """The IMPs of each line."""


@dataclass(frozen=True)
class ImpPairsScore:
    """A pairs session scored by IMPs across the field."""

    movement: Movement
    """Two fields or one."""
    method: ImpMethod
    """Butler or cross-IMPs."""
    boards: tuple[ScoredImpBoard, ...]
    """Every board, by section then number."""
    standings: tuple[ImpStanding, ...]
    """Every field's ranking by total IMPs, best first."""


def score_imp_pairs(
    results: Iterable[BoardResult],
    method: ImpMethod = ImpMethod.BUTLER,
    *,
    rule: DatumRule = DatumRule(),
    average: bool = False,
    movement: Movement | None = None,
) -> ImpPairsScore:
    """Score an IMP pairs session (Butler or cross-IMPs) and rank its pairs by total IMPs."""
    lines = list(results)
    movement = detect_movement(lines) if movement is None else movement
    grouped = group_boards(lines, movement, Comparison.SECTION)
    boards: list[ScoredImpBoard] = []
    totals: dict[Pair, list[float]] = defaultdict(lambda: [0, 0.0])
    for (section, number), board_lines in sorted(grouped.items()):
        figures = score_imp_board([line.result for line in board_lines], method, rule=rule,
                                  average=average)  # fmt: skip
        boards.append(ScoredImpBoard(number, section, tuple(board_lines), figures))
        for line, table in zip(board_lines, figures.tables, strict=True):
            ns, ew = pairs_of(line, movement)
            for pair, won in ((ns, table.ns), (ew, table.ew)):
                totals[pair][0] += 1
                totals[pair][1] += won
    fields: dict[tuple[str, Field], list[tuple[Pair, int, float]]] = defaultdict(list)
    for pair, (played, won) in totals.items():
        fields[pair.section, pair.field].append((pair, int(played), won))
    standings: list[ImpStanding] = []
    for key in sorted(fields, key=lambda k: (k[0], (Field.NS, Field.EW, Field.ALL).index(k[1]))):
        standings.extend(rank_imps(fields[key], per_board=False))
    return ImpPairsScore(movement, method, tuple(boards), tuple(standings))


def rank_imps(
    entries: Iterable[tuple[Pair, int, float]], *, per_board: bool, min_boards: int = 0
) -> list[ImpStanding]:
    """Rank ``(pair, boards, imps)`` by total IMPs or IMPs per board, best first.

    Pairs with fewer than ``min_boards`` boards come last, unranked (rank ``None``).
    """

    def value(entry: tuple[Pair, int, float]) -> float:
        _, boards, won = entry
        return (won / boards if boards else 0.0) if per_board else won

    entries = list(entries)
    standings: list[ImpStanding] = []
    for ranked in (True, False):  # the ranked pairs, then those with too few boards
        field = [entry for entry in entries if (entry[1] >= min_boards) == ranked]
        first = len(standings)
        for group in level_groups(field, value, lambda entry: pair_order(entry[0])):
            rank = len(standings) - first + 1
            for pair, boards, won in group:
                per = round(won / boards, 2) if boards else 0.0
                standings.append(ImpStanding(pair, boards, won, per, rank if ranked else None))
    return standings

DealId: TypeAlias = int | str | tuple[int, ...]
"""A deal of a league: every table that played it shares its datum (e.g. (weekend, board))."""


@dataclass(frozen=True)
class LeagueTable:
    """One table's result on one deal of a team-league match (D1.2: the same deals everywhere)."""

    deal: DealId
    """The deal played, the same key at every table that played it."""
    ns_pair: PairId
    """The North-South pair (a team's pair of players, named uniquely in the league)."""
    ew_pair: PairId
    """The East-West pair."""
    ns_score: int
    """North-South's score."""
    group: str = ""
    """The league group (D5.1: League II has four), "" when there is one."""


def league_butler(
    tables: Iterable[LeagueTable],
    *,
    rule: DatumRule = DatumRule(),
    min_boards: int = 0,
    by_group: bool = True,
) -> list[ImpStanding]:
    """The Butler ranking of a team league's pairs across its matches (D4.1, D5.2).

    Each deal's datum is made from every table that played it: within its group
    (``by_group``, D5.2's ranking per group) or across all groups (D5.2's ranking over all
    groups together; D4.1's League I has one group). Each pair earns its IMPs against the
    datum, North-South or East-West; pairs are ranked by IMPs per board, and those with fewer
    than ``min_boards`` boards are listed after, unranked.
    """
    deals: dict[tuple[str, DealId], list[LeagueTable]] = defaultdict(list)
    for table in tables:
        deals[table.group if by_group else "", table.deal].append(table)
    # Keyed by (group, pair) and made a Pair once at the end: a league's season is millions
    # of additions, and a dataclass key is hashed and compared field by field at each.
    totals: dict[tuple[str, PairId], list[float]] = {}
    for (group, _), played in deals.items():
        _, won = butler([table.ns_score for table in played], rule)
        for table, ns_imps in zip(played, won, strict=True):
            for key, value in (((group, table.ns_pair), ns_imps),
                               ((group, table.ew_pair), -ns_imps)):
                total = totals.get(key)
                if total is None:
                    total = totals[key] = [0, 0.0]
                total[0] += 1
                total[1] += value
    fields: dict[str, list[tuple[Pair, int, float]]] = defaultdict(list)
    for (group, pair), (played_boards, won_imps) in totals.items():
        fields[group].append((Pair(group, Field.ALL, pair), int(played_boards), won_imps))
    standings: list[ImpStanding] = []
    for group in sorted(fields):
        standings.extend(rank_imps(fields[group], per_board=True, min_boards=min_boards))
    return standings


__all__ = [
    "ADJUSTED_IMPS_PER_10_PERCENT",
    "DatumRule",
    "DealId",
    "ImpBoard",
    "ImpMethod",
    "ImpPairsScore",
    "ImpStanding",
    "ImpTable",
    "LeagueTable",
    "Rounding",
    "ScoredImpBoard",
    "butler",
    "cross_imps",
    "datum",
    "league_butler",
    "rank_imps",
    "score_imp_board",
    "score_imp_pairs",
]
