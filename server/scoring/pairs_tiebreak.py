"""The pairs tie-break of K17.3, step by step, each step explained.

K17.3: pairs level on percentage are separated by (1) for two pairs who met, their direct
match, the boards they played against each other; (2) if still level, or more than two, a
count over every board each of them played: 2 for a board above average, 1 for average, 0
below, the highest total ahead; (3) if two are still level, (1) again, then the most 2s, the
fewest 0s, the most tops, the fewest bottoms. A group that a step splits goes on with the
steps after it; a group of two still level when (3) starts, or split off during it, tries (1)
again first (our reading of "(1) again"). Pairs level after every step stay level and share
their place. Each step is returned with every pair's figure, so a results page can show why.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from server.scoring.matchpoints import Pair, PairBoard, Standing, level_groups, pair_order


class Criterion(enum.Enum):
    """A step of K17.3, with the text that explains it."""

    DIRECT = "K17.3 (1): matchpoints on the boards they played against each other"
    MARKS = "K17.3 (2): on every board played, above average 2, average 1, below 0"
    DIRECT_AGAIN = "K17.3 (3): their direct match again"
    MOST_TWOS = "K17.3 (3): most boards above average (2s)"
    FEWEST_ZEROS = "K17.3 (3): fewest boards below average (0s)"
    MOST_TOPS = "K17.3 (3): most tops"
    FEWEST_BOTTOMS = "K17.3 (3): fewest bottoms"


@dataclass(frozen=True)
class Step:
    """One criterion applied to one level group."""

    criterion: Criterion
    """Which step."""
    pairs: tuple[Pair, ...]
    """The level group it was applied to."""
    values: tuple[float, ...] | None
    """Each pair's figure, in the order of ``pairs``; ``None`` when the step did not apply
    (two pairs who never met)."""
    groups: tuple[tuple[Pair, ...], ...]
    """The group after the step, best first; more than one group: the step separated them."""

    @property
    def separated(self) -> bool:
        """Whether the step put some of the pairs ahead of others."""
        return len(self.groups) > 1

    @property
    def figures(self) -> tuple[tuple[str, str], ...]:
        """Each pair and its figure as a results page prints them (("A1NS", "4.50"), ...);
        empty when the step did not apply."""
        if self.values is None:
            return ()
        return tuple((str(pair), _number(v)) for pair, v in zip(self.pairs, self.values,
                                                                strict=True))  # fmt: skip

    def explain(self, name: Callable[[str], str] = str) -> str:
        """The step in one English sentence (the structured fields are there to translate),
        each pair as `name` gives it (its number, by default)."""
        if self.values is None:
            return (f"{self.criterion.value}: {' and '.join(name(str(p)) for p in self.pairs)} "
                    "did not meet")
        figures = ", ".join(f"{name(pair)} {figure}" for pair, figure in self.figures)
        verdict = "separated" if self.separated else "still level"
        return f"{self.criterion.value}: {figures}: {verdict}"


@dataclass(frozen=True)
class TieBreak:
    """The outcome of K17.3 for one group of level pairs."""

    order: tuple[tuple[Pair, ...], ...]
    """Best first; a group of more than one pair is level after every step."""
    steps: tuple[Step, ...]
    """Every step applied, in order."""


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.2f}"


def break_tie(pairs: Sequence[Pair], boards: Mapping[Pair, Sequence[PairBoard]]) -> TieBreak:
    """Apply K17.3 to ``pairs``, level on percentage; ``boards`` holds each pair's boards."""
    steps: list[Step] = []
    group = tuple(sorted(pairs, key=pair_order))
    if len(group) < 2:
        return TieBreak((group,) if group else (), ())
    order: list[tuple[Pair, ...]] = []
    if len(group) == 2:
        split = _apply(Criterion.DIRECT, group, boards, steps)
        if len(split) > 1:
            return TieBreak(tuple(split), tuple(steps))
    for level in _apply(Criterion.MARKS, group, boards, steps):
        order.extend(_third(level, boards, steps))
    return TieBreak(tuple(order), tuple(steps))


_THIRD = (Criterion.MOST_TWOS, Criterion.FEWEST_ZEROS, Criterion.MOST_TOPS,
          Criterion.FEWEST_BOTTOMS)  # fmt: skip


def _third(
    group: tuple[Pair, ...], boards: Mapping[Pair, Sequence[PairBoard]], steps: list[Step],
    start: int = 0,
) -> list[tuple[Pair, ...]]:
    if len(group) < 2:
        return [group]
    if len(group) == 2:
        split = _apply(Criterion.DIRECT_AGAIN, group, boards, steps)
        if len(split) > 1:
            return split
    for position in range(start, len(_THIRD)):
        split = _apply(_THIRD[position], group, boards, steps)
        if len(split) > 1:
            order: list[tuple[Pair, ...]] = []
            for level in split:
                order.extend(_third(level, boards, steps, position + 1))
            return order
    return [group]


def _apply(
    criterion: Criterion, group: tuple[Pair, ...], boards: Mapping[Pair, Sequence[PairBoard]],
    steps: list[Step],
) -> list[tuple[Pair, ...]]:
    if criterion in (Criterion.DIRECT, Criterion.DIRECT_AGAIN):
        first, second = group
        met = [b for b in boards.get(first, ()) if b.opponent == second]
        if not met:
            steps.append(Step(criterion, group, None, (group,)))
            return [group]
        theirs = {b.board for b in met}
        values: tuple[float, ...] = (math.fsum(b.score.matchpoints for b in met),
                  math.fsum(b.score.matchpoints for b in boards.get(second, ())
                            if b.board in theirs and b.opponent == first))  # fmt: skip
        best_first = True
    else:
        figure, best_first = _FIGURES[criterion]
        values = tuple(float(sum(figure(b) for b in boards.get(pair, ()))) for pair in group)
    split = _split(group, values, best_first)
    steps.append(Step(criterion, group, values, tuple(split)))
    return split


_FIGURES: dict[Criterion, tuple[Callable[[PairBoard], int], bool]] = {
    Criterion.MARKS: (lambda b: b.score.mark, True),
    Criterion.MOST_TWOS: (lambda b: b.score.mark == 2, True),
    Criterion.FEWEST_ZEROS: (lambda b: b.score.mark == 0, False),
    Criterion.MOST_TOPS: (lambda b: b.score.is_top, True),
    Criterion.FEWEST_BOTTOMS: (lambda b: b.score.is_bottom, False),
}


def _split(
    group: tuple[Pair, ...], values: Sequence[float], best_first: bool
) -> list[tuple[Pair, ...]]:
    sign = 1 if best_first else -1
    groups = level_groups(zip(group, values, strict=True), lambda e: sign * e[1],
                          lambda e: pair_order(e[0]))  # fmt: skip
    return [tuple(pair for pair, _ in level) for level in groups]


def rank_with_tiebreak(
    standings: Sequence[Standing], boards: Mapping[Pair, Sequence[PairBoard]]
) -> tuple[list[Standing], list[TieBreak]]:
    """A ranking with every group of level pairs ordered by K17.3, and each tie-break's steps.

    ``standings`` is one or more fields' rankings as :func:`score_pairs` gives them (pairs of a
    field together, best first); ``boards`` is :attr:`PairsScore.pair_boards`.
    """
    out: list[Standing] = []
    breaks: list[TieBreak] = []
    i = 0
    while i < len(standings):
        j = i
        key = (standings[i].pair.section, standings[i].pair.field, standings[i].rank)
        while j < len(standings) and (standings[j].pair.section, standings[j].pair.field,
                                      standings[j].rank) == key:  # fmt: skip
            j += 1
        level = standings[i:j]
        if len(level) == 1:
            out.append(level[0])
        else:
            by_pair = {s.pair: s for s in level}
            result = break_tie([s.pair for s in level], boards)
            breaks.append(result)
            place = level[0].rank
            for group in result.order:
                out.extend(by_pair[pair]._replace(rank=place) for pair in group)
                place += len(group)
        i = j
    return out, breaks
