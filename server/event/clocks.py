"""The clocks a table plays by, read from the event file, and as the wire sends them.

Each round has its clock; the director may give one table its own clock for a round (a table
that started late). `ClockBook` reads every stored clock once and answers which one a table
plays by; the director's operations on them are `server.direction.clocks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..clock import RoundClock
from ..store import Store


def clock_wire(clock: RoundClock | None, now_ms: int) -> dict[str, Any]:
    if clock is None:
        return {"round": None, "deadline_ms": None, "running": False, "remaining_ms": None,
                "now_ms": now_ms}
    return {
        "round": clock.round,
        "deadline_ms": clock.deadline_ms(),
        "running": clock.running,
        "remaining_ms": clock.remaining_ms(now_ms),
        "duration_ms": clock.duration_ms + clock.extension_ms,
        "now_ms": now_ms,
    }


@dataclass(frozen=True)
class ClockBook:
    """Every stored clock, read once: the rounds' clocks and the tables' own clocks."""

    rounds: dict[int, RoundClock]
    tables: dict[tuple[str, int, int], RoundClock]

    @classmethod
    def load(cls, store: Store) -> ClockBook:
        return cls(store.clocks(), store.table_clocks())

    def of(self, section: str, table: int, round: int | None = None) -> RoundClock | None:
        """A table's effective clock for `round` (its own, else the round's); without a
        round, or for a round not started yet, the latest round's clock."""
        if round is None or round not in self.rounds:
            if not self.rounds:
                return None
            round = max(self.rounds)
        return self.tables.get((section, table, round), self.rounds[round])

    def own(self, section: str, table: int, clock: RoundClock | None) -> bool:
        return clock is not None and (section, table, clock.round) in self.tables


def table_clock(store: Store, section: str, table: int,
                round: int | None = None) -> RoundClock | None:
    """The clock a table plays by: its own for the round if the director gave it one."""
    return ClockBook.load(store).of(section, table, round)
