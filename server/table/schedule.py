"""A table's place in the movement: the round it plays now, where its pairs and boards go
next, and each board's dealer and vulnerability.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ..bridge import Board
from ..store import SeatingRow, Store


def current_round(seatings: list[SeatingRow], scored: set[tuple[int, int]]) -> SeatingRow | None:
    """The round a table is playing: the first with a board not scored yet (None when done)."""
    for seating in sorted(seatings, key=lambda s: s.round):
        number = seating.round
        for board in seating.boards:  # no any(): run at every entry, over a whole season
            if (number, board) not in scored:
                return seating
    return None


@dataclass(frozen=True)
class SectionPlan:
    """A section's schedule read for the moves between rounds, built once per schedule."""

    rounds: dict[int, list[SeatingRow]]
    """The section's seatings by round."""
    seats: dict[int, dict[int, tuple[int, str]]]
    """Each round's (table, direction) of every pair that plays it."""
    later: dict[int, frozenset[int]]
    """The boards played in each round or any later one."""


def section_plan(store: Store, section: str) -> SectionPlan:
    """The plan of `section`, kept by the store until its seatings change."""
    def build() -> SectionPlan:
        rounds: dict[int, list[SeatingRow]] = {}
        for seating in store.seatings(section):
            rounds.setdefault(seating.round, []).append(seating)
        seats = {number: {pair: (s.table_number, side) for s in rows
                          for pair, side in ((s.ns_pair, "NS"), (s.ew_pair, "EW"))}
                 for number, rows in rounds.items()}
        later: dict[int, frozenset[int]] = {}
        seen: frozenset[int] = frozenset()
        for number in sorted(rounds, reverse=True):
            seen = seen | {b for s in rounds[number] for b in s.boards}
            later[number] = seen
        return SectionPlan(rounds, seats, later)

    plan: SectionPlan = store.schedule_memo(("plan", section), build)
    return plan


def moves_after(plan: SectionPlan, here: SeatingRow) -> dict[str, Any] | None:
    """Where the pairs and boards of `here` go in the next round, read from the seatings of its
    section: each pair's table and direction (None: it sits out), and whether the boards rest
    on a relay or bye stand (no table plays them next round, one does later). None when no next
    round is drawn (the last round). A terminal shows it at the end of a round, offline too, so
    a Howell's North-South pair or a half table's sit-out is told where to go."""
    seats = plan.seats.get(here.round + 1)
    if not seats:
        return None
    rest = here.boards_next_table is None and bool(
        set(here.boards) & plan.later.get(here.round + 2, frozenset()))

    def seat(pair: int) -> dict[str, Any] | None:
        found = seats.get(pair)
        return None if found is None else {"table": found[0], "direction": found[1]}

    return {"round": here.round + 1, "ns": seat(here.ns_pair), "ew": seat(here.ew_pair),
            "boards_rest": rest}


@functools.cache
def _board_facts(number: int) -> tuple[str, str]:
    board = Board(number)
    return board.dealer.name, board.vulnerability.name.lower()


def board_info(number: int) -> dict[str, Any]:
    """A board's dealer and vulnerability (every state carries them for all its boards)."""
    dealer, vulnerability = _board_facts(number)
    return {"dealer": dealer, "vulnerability": vulnerability}
