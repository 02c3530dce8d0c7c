"""Matchpoints: each result of a board compared with every other result of the same board.

Pairs events are scored top-bottom (K17.3): on each board a result earns 2 matchpoints for every
result it beats and 1 for every result it ties (the ACBL pays 1 and ½: :class:`Scale`), so a
board played n times has a top of 2 * (n - 1). North-South results are compared with
North-South results, East-West with East-West. Adjusted scores (:mod:`server.scoring.adjusted`)
join in: an artificial one is a percentage of the board's top and is compared with nothing, a
weighted one is compared for the weight of each of its scores, a split one scores each side on
its own. A board scored on fewer results than the most any board had is factored up to that
top by Neuberg's formula, or kept on its own top (:class:`Factoring`); either way an artificial
score counts as one of the board's results, the results compared being factored up to them. A
session's pairs are ranked by percentage, in two fields (a Mitchell) or one (a Howell),
section by section or across sections on the same boards (top integral, K4.2).
:class:`LiveMatchpoints` keeps all of it up to date one result at a time.

Neuberg's formula, in the form used here (matchpoints MP of a result compared with n results,
the board factored up to N results; ``tie`` is the value of a tie, 1 on the 2/1 scale)::

    MP' = (MP + tie) * N / n - tie

On the 2/1 scale that is ``(MP + 1) * N / n - 1``. Source: Max Bavin (EBU Chief Tournament
Director), *The Neuberg Formula*, EBU Laws & Ethics articles, worked example of 10 results
factored to 11 (+520 beats nine: (18 + 1) * 11 / 10 - 1 = 19.9; -50 gets 0.1); the same form in
the ACBL's ``(MP + 0.5) * N / n - 0.5`` and in Magic Contest's documentation. It is exactly
"match-point as if each of the n results had happened N / n times".
"""

from __future__ import annotations

import enum
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from operator import itemgetter
from typing import Any, NamedTuple, TypeAlias, TypeVar

from server.scoring.adjusted import Artificial, Score, TableResult, Weighted

PairId: TypeAlias = int | str
"""A pair as its event or file names it: ``7`` or ``"7"`` or ``"A12"``."""

T = TypeVar("T")

LEVEL = 1e-9
"""Two percentages closer than this are level: factored matchpoints are not exact in binary."""


class ScoringError(ValueError):
    """Results that cannot be scored together: a pair twice on a board, N below n, ..."""


class Scale(enum.Enum):
    """What a result earns for each result it beats and each it ties."""

    TWO_ONE = "2/1"
    """2 per result beaten, 1 per tie: the international scale (WBF, EBU, GABSI)."""
    ACBL = "1/0.5"
    """1 per result beaten, ½ per tie: the ACBL's."""

    @property
    def win(self) -> float:
        """Matchpoints for each result beaten."""
        return 2.0 if self is Scale.TWO_ONE else 1.0

    @property
    def tie(self) -> float:
        """Matchpoints for each result tied."""
        return self.win / 2

    def top(self, results: int) -> float:
        """The top of a board compared across ``results`` results."""
        return self.win * (results - 1) if results > 1 else 0.0

    @classmethod
    def parse(cls, text: str) -> Scale:
        """``"2/1"`` or ``"acbl"`` (case-insensitive); raises :class:`ScoringError` otherwise."""
        key = text.strip().lower()
        for scale in cls:
            if key in (scale.value, scale.name.lower()):
                return scale
        raise ScoringError(f"invalid matchpoint scale: {text!r}")


class Factoring(enum.Enum):
    """How a board scored on fewer results than the most any board had is made to count."""

    NEUBERG = "neuberg"
    """Factored up to the largest top by Neuberg's formula (EBU programs, ScoreBridge, Magic)."""
    OWN_TOP = "own-top"
    """Scored on its own, smaller top (Compscore); it then weighs less in a percentage. The top
    is the board's own results', artificial scores included: the results compared are factored
    up to them by Neuberg's formula, as every program does for an artificial score."""

    @classmethod
    def parse(cls, text: str) -> Factoring:
        """``"neuberg"`` or ``"own-top"`` (case-insensitive); raises :class:`ScoringError`."""
        key = text.strip().lower().replace("_", "-")
        for factoring in cls:
            if key == factoring.value:
                return factoring
        raise ScoringError(f"invalid factoring: {text!r}")


def matchpoints(scores: Sequence[int], scale: Scale = Scale.TWO_ONE) -> list[float]:
    """The North-South matchpoints of each of the North-South ``scores`` of one board.

    2 for each other score it beats, 1 for each it ties, in the order given: ``[420, 420, 450,
    -50]`` gives ``[3.0, 3.0, 6.0, 0.0]``. Floats because adjusted and factored scores are not
    whole; the results here always are (halves on the ACBL scale). O(n log n): the distinct
    scores are sorted once and each is paid for the results below it.
    """
    counts = Counter(scores)
    win, tie = scale.win, scale.tie
    points: dict[int, float] = {}
    below = 0
    for score in sorted(counts):
        same = counts[score]
        points[score] = win * below + tie * (same - 1)  # a score does not tie itself
        below += same
    return [points[score] for score in scores]


def neuberg(points: float, results: int, most: int, scale: Scale = Scale.TWO_ONE) -> float:
    """Neuberg's formula: ``points`` earned among ``results`` results, factored up to ``most``.

    ``(MP + tie) * N / n - tie`` (see the module's note for the source). A lone result (n = 1)
    gets the average of the larger top, ``tie * (N - 1)``.
    """
    if not 0 < results <= most:
        raise ScoringError(f"cannot factor {results} results up to {most}")
    return (points + scale.tie) * most / results - scale.tie


@dataclass(frozen=True)
class SideScore:
    """What one side of one table earned on a board."""

    matchpoints: float
    """Matchpoints, factored when the board is; for an artificial score, its share of the top."""
    percentage: float | None
    """``matchpoints / top * 100``; ``None`` when the top is 0 (a board played once, own top)."""
    out_of: float
    """The top this side is scored on."""
    mark: int
    """K17.3 (2): 2 above average, 1 average, 0 below average."""
    is_top: bool
    """A top: beat every other result compared (a board compared across one result has none)."""
    is_bottom: bool
    """A bottom: beaten by every other result compared."""
    adjusted: bool = False
    """An artificial adjusted score (compared with nothing)."""


@dataclass(frozen=True)
class TableScore:
    """The figures of one table on a board."""

    ns: SideScore
    """North-South's."""
    ew: SideScore
    """East-West's."""


@dataclass(frozen=True)
class BoardScore:
    """A board scored: its top and each table's figures, in the order of the results given."""

    top: float
    """The top the board is scored on (the largest top under Neuberg; the top of the board's own
    results, artificial ones included, on its own top)."""
    results: int
    """Tables with a result on the board, adjusted or not."""
    compared: int
    """Results that North-South's field compared (artificial scores are not)."""
    tables: tuple[TableScore, ...]
    """Each table's figures."""


def score_board(
    results: Sequence[TableResult | int],
    *,
    scale: Scale = Scale.TWO_ONE,
    factoring: Factoring = Factoring.NEUBERG,
    most: int | None = None,
) -> BoardScore:
    """Matchpoint one board: every table's figures for both sides.

    ``results`` are the tables' results (a plain ``int`` is a North-South score played out).
    ``most`` is the largest number of results on any board of the session (``None``: this
    board's own), the N of Neuberg's formula. Each field (North-South, East-West) compares its
    results that are not artificial among themselves and factors them up by Neuberg's formula
    to ``most`` (:attr:`Factoring.NEUBERG`) or to the board's own results, artificial scores
    included (:attr:`Factoring.OWN_TOP`: a board that fewer tables played keeps its smaller
    top, but an artificial score does not make it smaller). An artificial score is its
    percentage of the top the board is scored on.
    """
    tables = [TableResult.played(r) if isinstance(r, int) else r for r in results]
    most = len(tables) if most is None else most
    if most < len(tables):
        raise ScoringError(f"a board with {len(tables)} results cannot be factored to {most}")
    ns_raw = _field([table.ns for table in tables], scale, east_west=False)
    if all(isinstance(table.ns, int) and table.ns == table.ew for table in tables):
        ew_raw = _mirror(ns_raw, scale)  # East-West get what North-South did not, exactly
    else:
        ew_raw = _field([table.ew for table in tables], scale, east_west=True)
    target = most if factoring is Factoring.NEUBERG else len(tables)
    ns_side = _sides(ns_raw, [table.ns for table in tables], scale, target)
    ew_side = _sides(ew_raw, [table.ew for table in tables], scale, target)
    compared = sum(points is not None for points in ns_raw)
    return BoardScore(
        top=scale.top(target),
        results=len(tables),
        compared=compared,
        tables=tuple(TableScore(ns, ew) for ns, ew in zip(ns_side, ew_side, strict=True)),
    )


def _mirror(raw: list[float | None], scale: Scale) -> list[float | None]:
    top = scale.top(sum(points is not None for points in raw))
    return [None if points is None else top - points for points in raw]


def _field(scores: Sequence[Score], scale: Scale, east_west: bool) -> list[float | None]:
    """The unfactored matchpoints of each compared score; ``None`` for an artificial one."""
    plain = [score for score in scores if isinstance(score, int)]
    if len(plain) == len(scores):
        return list(matchpoints([-s for s in plain] if east_west else plain, scale))
    sign = -1 if east_west else 1
    entries: list[tuple[tuple[Fraction, int], ...]] = []
    for score in scores:
        if isinstance(score, int):
            entries.append(((Fraction(1), sign * score),))
        elif isinstance(score, Weighted):
            entries.append(tuple((weight, sign * value) for weight, value in score.parts))
        else:
            entries.append(())
    return _weighted_field(entries, scale)


def _weighted_field(
    entries: list[tuple[tuple[Fraction, int], ...]], scale: Scale
) -> list[float | None]:
    # Each compared result is a set of (weight, score); a plain one is a single score of weight
    # 1. A result earns, for each of its scores and that score's weight, what the score earns
    # against every score of the other results, each counted for its own weight (Law 12C1(c)).
    weight_at: dict[int, Fraction] = defaultdict(Fraction)
    for parts in entries:
        for weight, value in parts:
            weight_at[value] += weight
    values = sorted(weight_at)
    below: dict[int, Fraction] = {}
    running = Fraction(0)
    for value in values:
        below[value] = running
        running += weight_at[value]
    win, tie = Fraction(scale.win), Fraction(scale.tie)

    def earned(value: int, against: Iterable[tuple[Fraction, int]]) -> Fraction:
        return sum(
            (w * (win if value > other else tie if value == other else 0) for w, other in against),
            Fraction(0),
        )

    points: list[float | None] = []
    for parts in entries:
        if not parts:
            points.append(None)
            continue
        total = Fraction(0)
        for weight, value in parts:
            against_all = win * below[value] + tie * weight_at[value]
            total += weight * (against_all - earned(value, parts))  # not against itself
        points.append(float(total))
    return points


def _sides(
    raw: list[float | None],
    scores: Sequence[Score],
    scale: Scale,
    target: int,
) -> list[SideScore]:
    # ``target``: the results the board is scored on (the session's most under Neuberg, its
    # own on its own top); the compared results are factored up to them.
    compared = sum(points is not None for points in raw)
    own_top = scale.top(compared)
    top = scale.top(target)
    factor = 0 < compared < target
    sides: list[SideScore] = []
    for points, score in zip(raw, scores, strict=True):
        if points is None:
            assert isinstance(score, Artificial)
            earned = score.percent / 100 * top
            mark = 2 if score.percent > 50 else 1 if score.percent == 50 else 0
            sides.append(SideScore(earned, _percent(earned, top), top, mark, False, False, True))
            continue
        earned = neuberg(points, compared, target, scale) if factor else points
        # Above or below average is judged before factoring, which keeps the average in place.
        mark = 1 if math.isclose(2 * points, own_top) else 2 if 2 * points > own_top else 0
        contested = compared > 1
        sides.append(
            SideScore(
                earned,
                _percent(earned, top),
                top,
                mark,
                contested and math.isclose(points, own_top),
                contested and points < LEVEL,
            )
        )
    return sides


def _percent(earned: float, top: float) -> float | None:
    return earned / top * 100 if top > 0 else None


class Movement(enum.Enum):
    """How the pairs of a session are ranked: in two fields or in one."""

    MITCHELL = "mitchell"
    """Every pair keeps one direction: North-South and East-West are ranked apart."""
    HOWELL = "howell"
    """Pairs sit both ways: one field, one ranking."""


class Field(enum.Enum):
    """The field a pair is ranked in."""

    NS = "NS"
    """North-South of a Mitchell."""
    EW = "EW"
    """East-West of a Mitchell."""
    ALL = "ALL"
    """Everyone, in a Howell."""


class Comparison(enum.Enum):
    """Which results of a board are compared when several sections play the same boards."""

    SECTION = "section"
    """Each section's results among themselves; each section ranked apart."""
    TOP_INTEGRAL = "top-integral"
    """K4.2: all sections' results together, one comparison and one ranking per field."""


@dataclass(frozen=True)
class BoardResult:
    """One line of a traveller: who played a board, and the result."""

    board: int
    """The board number."""
    ns_pair: PairId
    """The pair that sat North-South."""
    ew_pair: PairId
    """The pair that sat East-West."""
    result: TableResult
    """What each side is scored on (:meth:`TableResult.played` for a board played out)."""
    section: str = ""
    """The section, when the session has several."""
    round: int | None = None
    """The round it was played in (a barometer ranks after each, K4.3)."""

    @classmethod
    def played(
        cls, board: int, ns_pair: PairId, ew_pair: PairId, ns_score: int, section: str = "",
        round: int | None = None,
    ) -> BoardResult:
        """A board played out with North-South's score ``ns_score``."""
        return cls(board, ns_pair, ew_pair, TableResult.played(ns_score), section, round)


@dataclass(frozen=True)
class Pair:
    """A pair of a session, as the ranking knows it."""

    section: str
    """Its section ("" when there is one)."""
    field: Field
    """Its field: in a Mitchell, pair 1 North-South and pair 1 East-West are two pairs."""
    number: PairId
    """Its number or name."""

    def __str__(self) -> str:
        side = "" if self.field is Field.ALL else self.field.value
        return f"{self.section}{self.number}{side}"


def pair_order(pair: Pair) -> tuple[str, int, int, int, str]:
    """Sort key: section, field (NS, EW, ALL), then numbers in numeric order, names after."""
    number = pair.number
    text = str(number)
    numeric = isinstance(number, int) or text.isdigit()
    fields = (Field.NS, Field.EW, Field.ALL)
    return (pair.section, fields.index(pair.field), 0 if numeric else 1,
            int(text) if numeric else 0, text)  # fmt: skip


@dataclass(frozen=True)
class PairBoard:
    """One board as one pair played it (what a tie-break reads)."""

    board: int
    """The board number."""
    opponent: Pair
    """The pair at the other side of the table."""
    score: SideScore
    """What the pair earned, out of what."""


class Standing(NamedTuple):
    """One pair's line in the ranking of its field.

    A named tuple rather than a dataclass: the live ranking builds one per pair after every
    result, and a tuple is built four times faster.
    """

    pair: Pair
    """The pair."""
    boards: int
    """Boards played, adjusted ones included."""
    matchpoints: float
    """Matchpoints earned over those boards (factored when boards were)."""
    top: float
    """The sum of the tops of those boards: the most the pair could have earned."""
    percentage: float
    """``matchpoints / top * 100``, rounded to 2 decimals; 0.0 when ``top`` is 0."""
    rank: int
    """Place in the field, 1 first; level pairs share a rank and the next skips (1, 2, 2, 4)."""


@dataclass(frozen=True)
class ScoredBoard:
    """One board of a session with its results and figures (in the same order)."""

    board: int
    """The board number."""
    section: str
    """The section ("" when all sections are compared together, K4.2)."""
    results: tuple[BoardResult, ...]
    """The traveller's lines."""
    score: BoardScore
    """The figures of each line."""


@dataclass(frozen=True)
class PairsScore:
    """A pairs session scored by matchpoints."""

    movement: Movement
    """Two fields or one."""
    boards: tuple[ScoredBoard, ...]
    """Every board, by section then number."""
    standings: tuple[Standing, ...]
    """Every ranking: field by field (section by section unless top integral), best first."""
    pair_boards: dict[Pair, tuple[PairBoard, ...]] = field(default_factory=dict)
    """Each pair's boards, for the tie-breaks of K17.3."""


def detect_movement(results: Iterable[BoardResult]) -> Movement:
    """A Mitchell when no pair sits both ways, else a Howell.

    Files number a Mitchell's pairs either apart (1-10 North-South, 11-20 East-West) or both
    from 1; in the second case a number is seen both ways, but then it is seen both ways on
    one board too, which one pair cannot do: that is a Mitchell as well.
    """
    lines = list(results)
    ns = {(line.section, line.ns_pair) for line in lines}
    ew = {(line.section, line.ew_pair) for line in lines}
    if not ns & ew:
        return Movement.MITCHELL
    by_board: dict[tuple[str, int], tuple[set[PairId], set[PairId]]] = defaultdict(
        lambda: (set(), set())
    )
    for line in lines:
        ns_seen, ew_seen = by_board[line.section, line.board]
        ns_seen.add(line.ns_pair)
        ew_seen.add(line.ew_pair)
    if any(ns_seen & ew_seen for ns_seen, ew_seen in by_board.values()):
        return Movement.MITCHELL
    return Movement.HOWELL


def pairs_of(line: BoardResult, movement: Movement) -> tuple[Pair, Pair]:
    """The North-South and East-West pairs of a traveller line."""
    if movement is Movement.HOWELL:
        return Pair(line.section, Field.ALL, line.ns_pair), Pair(line.section, Field.ALL,
                                                                  line.ew_pair)  # fmt: skip
    return Pair(line.section, Field.NS, line.ns_pair), Pair(line.section, Field.EW, line.ew_pair)


def group_boards(
    results: Iterable[BoardResult], movement: Movement, comparison: Comparison
) -> dict[tuple[str, int], list[BoardResult]]:
    """The lines of each board as compared: by (section, board), section "" when top integral.

    Raises :class:`ScoringError` when a pair has two results on one board, or plays itself.
    """
    boards: dict[tuple[str, int], list[BoardResult]] = defaultdict(list)
    seen: set[tuple[str, int, Pair]] = set()
    for line in results:
        unit = line.section if comparison is Comparison.SECTION else ""
        for pair in pairs_of(line, movement):
            if (unit, line.board, pair) in seen:
                raise ScoringError(f"board {line.board} has two results for pair {pair}")
            seen.add((unit, line.board, pair))
        boards[unit, line.board].append(line)
    return boards


def score_pairs(
    results: Iterable[BoardResult],
    *,
    scale: Scale = Scale.TWO_ONE,
    factoring: Factoring = Factoring.NEUBERG,
    comparison: Comparison = Comparison.SECTION,
    movement: Movement | None = None,
    decimals: int | None = None,
) -> PairsScore:
    """Score a pairs session by matchpoints and rank its pairs by percentage.

    Boards are compared section by section, or all sections together (top integral, K4.2).
    Neuberg's N is the largest number of results on any board compared together, per section
    (all sections when top integral). ``movement`` ``None`` decides from the data
    (:func:`detect_movement`). A pair's percentage is its matchpoints over the sum of the tops
    of the boards it played; pairs whose percentages agree to :data:`LEVEL` share a rank.
    ``decimals`` rounds each board's (factored) matchpoints before they are added up, as
    programs that print one decimal do (Magic Contest: 1); ``None`` keeps them exact.
    """
    lines = list(results)
    movement = detect_movement(lines) if movement is None else movement
    grouped = group_boards(lines, movement, comparison)
    most: dict[str, int] = defaultdict(int)
    for (unit, _), board_lines in grouped.items():
        most[unit] = max(most[unit], len(board_lines))

    boards: list[ScoredBoard] = []
    played: dict[Pair, list[PairBoard]] = defaultdict(list)
    for (unit, number), board_lines in sorted(grouped.items()):
        figures = score_board([line.result for line in board_lines], scale=scale,
                              factoring=factoring, most=most[unit])  # fmt: skip
        if decimals is not None:
            figures = _rounded(figures, decimals)
        boards.append(ScoredBoard(number, unit, tuple(board_lines), figures))
        for line, table in zip(board_lines, figures.tables, strict=True):
            ns, ew = pairs_of(line, movement)
            played[ns].append(PairBoard(number, ew, table.ns))
            played[ew].append(PairBoard(number, ns, table.ew))

    fields: dict[tuple[str, Field], list[tuple[Pair, int, float, float]]] = defaultdict(list)
    for pair, pair_boards in played.items():
        unit = pair.section if comparison is Comparison.SECTION else ""
        earned = math.fsum(board.score.matchpoints for board in pair_boards)
        top = math.fsum(board.score.out_of for board in pair_boards)
        fields[unit, pair.field].append((pair, len(pair_boards), earned, top))
    standings: list[Standing] = []
    for key in sorted(fields, key=lambda k: (k[0], (Field.NS, Field.EW, Field.ALL).index(k[1]))):
        standings.extend(rank_field(fields[key]))
    return PairsScore(
        movement=movement,
        boards=tuple(boards),
        standings=tuple(standings),
        pair_boards={pair: tuple(boards_played) for pair, boards_played in played.items()},
    )



def _rounded(board: BoardScore, decimals: int) -> BoardScore:
    def side(score: SideScore) -> SideScore:
        earned = round(score.matchpoints, decimals)
        return replace(score, matchpoints=earned, percentage=_percent(earned, score.out_of))

    tables = tuple(TableScore(side(table.ns), side(table.ew)) for table in board.tables)
    return replace(board, tables=tables)


def level_groups(
    items: Iterable[T], value: Callable[[T], float], order: Callable[[T], Any]
) -> list[list[T]]:
    """``items`` by ``value``, highest first, in groups of level ones (within :data:`LEVEL`).

    Inside a group the items follow ``order``: two level figures that differ in the last bit
    of a float must not be told apart by that bit.
    """
    groups: list[list[T]] = []
    previous = math.inf
    for item in sorted(items, key=lambda entry: -value(entry)):
        current = value(item)
        if not groups or abs(current - previous) > LEVEL:
            groups.append([])
        groups[-1].append(item)
        previous = current
    return [group if len(group) == 1 else sorted(group, key=order) for group in groups]


def rank_field(entries: Iterable[tuple[Pair, int, float, float]]) -> list[Standing]:
    """Rank ``(pair, boards, matchpoints, top)`` by percentage, best first; level pairs share."""
    rated = [(earned / top * 100 if top > 0 else 0.0, pair, boards, earned, top)
             for pair, boards, earned, top in entries]  # fmt: skip
    standings: list[Standing] = []
    for group in level_groups(rated, itemgetter(0), lambda entry: pair_order(entry[1])):
        rank = len(standings) + 1
        for ratio, pair, boards, earned, top in group:
            standings.append(Standing(pair, boards, earned, top, round(ratio, 2), rank))
    return standings


class LiveMatchpoints:
    """A session's matchpoints kept current as results come in, one at a time.

    A new result changes every figure of its board (each other result beat it, tied it or lost
    to it) and, under Neuberg, the board's factor; rescoring the session would touch every
    result of every board, this touches only the new result's board. A pair's totals are kept
    linear in N, the most results on any board (``matchpoints = a * N + b``, ``top = c * N +
    d``), so a board reaching a new N changes nobody's totals, only the final division. Adding
    a result is O(n log n) in the board's results; :meth:`standings` sorts the pairs. For a
    400-pair field the two together take well under a millisecond (``tests/bench``).
    """

    def __init__(
        self,
        movement: Movement,
        *,
        scale: Scale = Scale.TWO_ONE,
        factoring: Factoring = Factoring.NEUBERG,
        comparison: Comparison = Comparison.SECTION,
    ) -> None:
        self.movement = movement
        self.scale = scale
        self.factoring = factoring
        self.comparison = comparison
        self._index: dict[Pair, int] = {}
        self._pairs: list[Pair] = []
        self._unit: list[str] = []
        self._fields: dict[tuple[str, Field], list[int]] = defaultdict(list)
        self._boards_played: list[int] = []
        self._totals: list[list[float]] = [[], [], [], []]  # a, b, c, d of each pair
        self._boards: dict[tuple[str, int], _LiveBoard] = {}
        self._most: dict[str, int] = defaultdict(int)

    def add(self, line: BoardResult) -> None:
        """Take one new result: its board's figures and every total they touch are updated.

        Raises :class:`ScoringError` (and changes nothing) when a pair already has a result on
        that board.
        """
        unit = line.section if self.comparison is Comparison.SECTION else ""
        ns, ew = pairs_of(line, self.movement)
        board = self._boards.get((unit, line.board))
        if board is None:
            board = self._boards[unit, line.board] = _LiveBoard()
        for pair in (ns, ew):
            index = self._index.get(pair)
            if index is not None and (index in board.ns or index in board.ew):
                raise ScoringError(f"board {line.board} has two results for pair {pair}")
        ns_index, ew_index = self._pair(ns, unit), self._pair(ew, unit)
        self._boards_played[ns_index] += 1
        self._boards_played[ew_index] += 1
        board.lines.append(line)
        score = line.result.ns_score
        if score is None:
            board.plain = False
        else:
            board.scores.append(score)
        board.ns.append(ns_index)
        board.ew.append(ew_index)
        for side in (board.ns_terms, board.ew_terms):
            for terms in side:
                terms.append(0.0)
        self._most[unit] = max(self._most[unit], len(board.lines))
        self._rescore(board)

    def board(self, number: int, section: str = "") -> ScoredBoard:
        """One board's figures as they stand."""
        unit = section if self.comparison is Comparison.SECTION else ""
        board = self._boards[unit, number]
        figures = score_board([line.result for line in board.lines], scale=self.scale,
                              factoring=self.factoring, most=self._most[unit])  # fmt: skip
        return ScoredBoard(number, unit, tuple(board.lines), figures)

    def standings(self) -> list[Standing]:
        """Every field's ranking as it stands, in the order of :func:`score_pairs`."""
        a, b, c, d = self._totals
        most = [self._most[unit] for unit in self._unit]
        earned = [x * n + y for x, n, y in zip(a, most, b, strict=True)]
        tops = [x * n + y for x, n, y in zip(c, most, d, strict=True)]
        standings: list[Standing] = []
        for key in sorted(self._fields, key=lambda k: (k[0], _FIELDS.index(k[1]))):
            entries = [(self._pairs[i], self._boards_played[i], earned[i], tops[i])
                       for i in self._fields[key]]  # fmt: skip
            standings.extend(rank_field(entries))
        return standings

    def _pair(self, pair: Pair, unit: str) -> int:
        index = self._index.get(pair)
        if index is None:
            index = self._index[pair] = len(self._pairs)
            self._pairs.append(pair)
            self._unit.append(unit)
            self._fields[unit, pair.field].append(index)
            self._boards_played.append(0)
            for totals in self._totals:
                totals.append(0.0)
        return index

    def _rescore(self, board: _LiveBoard) -> None:
        if board.plain:  # the usual board: no adjusted score, East-West mirror North-South
            ns_raw: list[float | None] = list(matchpoints(board.scores, self.scale))
            ew_raw = _mirror(ns_raw, self.scale)
            ns_artificial: list[tuple[int, float]] = []
            ew_artificial: list[tuple[int, float]] = []
        else:
            results = [line.result for line in board.lines]
            ns_raw = _field([r.ns for r in results], self.scale, east_west=False)
            if all(isinstance(r.ns, int) and r.ns == r.ew for r in results):
                ew_raw = _mirror(ns_raw, self.scale)
            else:
                ew_raw = _field([r.ew for r in results], self.scale, east_west=True)
            ns_artificial = [(i, r.ns.percent) for i, r in enumerate(results)
                             if isinstance(r.ns, Artificial)]  # fmt: skip
            ew_artificial = [(i, r.ew.percent) for i, r in enumerate(results)
                             if isinstance(r.ew, Artificial)]  # fmt: skip
        for pairs, raw, artificial, old in (
            (board.ns, ns_raw, ns_artificial, board.ns_terms),
            (board.ew, ew_raw, ew_artificial, board.ew_terms),
        ):
            new = self._terms(raw, artificial)
            for totals, before, after in zip(self._totals, old, new, strict=True):
                if before == after:
                    continue  # under Neuberg most terms stay put: only a = (MP + tie) / n moves
                if before[:-1] == after[:-1]:  # only the new result's own term
                    totals[pairs[-1]] += after[-1] - before[-1]
                else:
                    for index, x, y in zip(pairs, before, after, strict=True):
                        totals[index] += y - x
                before[:] = after

    def _terms(
        self, raw: list[float | None], artificial: list[tuple[int, float]]
    ) -> list[list[float]]:
        # Each result's (a, b, c, d): matchpoints = a * N + b, top = c * N + d.
        compared = len(raw) - len(artificial)
        win, tie = self.scale.win, self.scale.tie
        n = len(raw)
        if self.factoring is Factoring.NEUBERG:
            a = [(p + tie) / compared if p is not None else 0.0 for p in raw]
            b = [-tie] * n
            for i, percent in artificial:
                a[i], b[i] = percent / 100 * win, -percent / 100 * win
            return [a, b, [win] * n, [-win] * n]
        # On its own top: the board's own results, artificial ones included, are its N.
        own = self.scale.top(n)
        b = [(neuberg(p, compared, n, self.scale) if compared < n else p) if p is not None
             else 0.0 for p in raw]  # fmt: skip
        for i, percent in artificial:
            b[i] = percent / 100 * own
        return [[0.0] * n, b, [0.0] * n, [own] * n]


_FIELDS = (Field.NS, Field.EW, Field.ALL)


class _LiveBoard:
    __slots__ = ("ew", "ew_terms", "lines", "ns", "ns_terms", "plain", "scores")

    def __init__(self) -> None:
        self.plain = True
        """No adjusted or split score so far: ``scores`` are the board's."""
        self.scores: list[int] = []
        self.lines: list[BoardResult] = []
        self.ns: list[int] = []
        self.ew: list[int] = []
        self.ns_terms: list[list[float]] = [[], [], [], []]
        self.ew_terms: list[list[float]] = [[], [], [], []]


# The first two-field ranking, kept for the live server: plain results, no factoring.


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
