"""How fair a movement is: how often each two pairs are compared.

Matchpoints compare a pair with every pair that played the same board in the same direction:
those pairs are its real rivals, the pairs in the other direction its allies. Two pairs are
*compared* on a board when both play it in the same direction (an arrow switch turns the
direction). A movement is perfectly balanced when every two pairs are compared equally often
(Ach and Kennedy's criterion, used for Howells since the 1930s).
"""

from __future__ import annotations

import itertools
import statistics
from collections import Counter
from dataclasses import dataclass

from .base import Movement


@dataclass(frozen=True)
class Balance:
    """The spread of comparison counts over every two pairs of a section."""

    couples: int
    """How many two-pair couples were counted."""
    mean: float
    minimum: int
    maximum: int
    deviation: float
    """Population standard deviation of the counts: 0 for a perfectly balanced movement."""

    def as_dict(self) -> dict[str, float | int]:
        return {"couples": self.couples, "mean": round(self.mean, 4), "minimum": self.minimum,
                "maximum": self.maximum, "deviation": round(self.deviation, 4)}


def comparisons(movement: Movement, section: str | None = None) -> Counter[tuple[int, int]]:
    """(lower pair, higher pair) -> boards on which they are compared, for one section."""
    wanted = movement.sections[0] if section is None else section
    by_board: dict[int, list[tuple[int, str]]] = {}
    for rnd in movement.rounds:
        for s in rnd.seatings:
            if s.section != wanted:
                continue
            ns, ew = ("EW", "NS") if s.arrow_switch else ("NS", "EW")
            for board in s.boards:
                entries = by_board.setdefault(board, [])
                entries.append((s.ns_pair, ns))
                entries.append((s.ew_pair, ew))
    counts: Counter[tuple[int, int]] = Counter()
    for entries in by_board.values():
        # Opponents always sit in opposite directions, so "same direction" is "compared".
        for (a, da), (b, db) in itertools.combinations(entries, 2):
            if da == db and a != b:
                counts[(min(a, b), max(a, b))] += 1
    return counts


def balance(movement: Movement, section: str | None = None) -> Balance:
    """The comparison counts of every two real pairs (the phantom left out) summed up."""
    counts = comparisons(movement, section)
    pairs = movement.pairs
    values = [counts.get(couple, 0) for couple in itertools.combinations(pairs, 2)]
    if not values:
        return Balance(0, 0.0, 0, 0, 0.0)
    return Balance(len(values), statistics.fmean(values), min(values), max(values),
                   statistics.pstdev(values))
