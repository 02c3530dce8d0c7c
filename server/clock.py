"""Round clocks, server-authoritative and free of the wall clock.

A clock is a value: every operation takes `now_ms` (epoch milliseconds) from the caller and
returns a new clock, so the rules (pause, resume, extend, late minutes) are tested without
sleeping and a clock survives a restart by being stored as plain numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class RoundClock:
    """The time limit of one round (or session) of play."""

    round: int
    """The round this clock times."""
    duration_ms: int
    """The allowed time: boards x the preset's minutes per board."""
    started_ms: int | None = None
    """When the clock was (last) started or resumed; None while stopped or paused."""
    used_ms: int = 0
    """Time already run before the last pause."""
    extension_ms: int = 0
    """Extra time the director granted."""

    @property
    def running(self) -> bool:
        return self.started_ms is not None

    def start(self, now_ms: int) -> RoundClock:
        """Start (or resume) the clock; starting a running clock changes nothing."""
        if self.running:
            return self
        return replace(self, started_ms=now_ms)

    def pause(self, now_ms: int) -> RoundClock:
        if self.started_ms is None:
            return self
        return replace(self, started_ms=None, used_ms=self.used_ms + now_ms - self.started_ms)

    def extend(self, ms: int) -> RoundClock:
        return replace(self, extension_ms=self.extension_ms + ms)

    def elapsed_ms(self, now_ms: int) -> int:
        running = now_ms - self.started_ms if self.started_ms is not None else 0
        return self.used_ms + max(0, running)

    def remaining_ms(self, now_ms: int) -> int:
        """Time left; negative once the round is over time."""
        return self.duration_ms + self.extension_ms - self.elapsed_ms(now_ms)

    def deadline_ms(self) -> int | None:
        """The epoch millisecond the round ends at, while running."""
        if self.started_ms is None:
            return None
        return self.started_ms + self.duration_ms + self.extension_ms - self.used_ms

    def late_minutes(self, finished_ms: int) -> int:
        """Whole minutes begun after the deadline (a table 10 s late is 1 minute late)."""
        over = -self.remaining_ms(finished_ms)
        return 0 if over <= 0 else -(-over // 60_000)


def round_duration_ms(boards: int, minutes: float, per_boards: int = 1) -> int:
    """A round's time: `minutes` per `per_boards` boards (8 per 1 in GABSI, 102 per 12 in PZBS)."""
    return round(boards * minutes * 60_000 / per_boards)


def k12_1_locked(boards: list[int] | tuple[int, ...], entered_ms: dict[int, int],
                 clock: RoundClock, now_ms: int,
                 unlocked: set[int] | frozenset[int] = frozenset()) -> list[int]:
    """K12.1: the boards of a teams session that may no longer be played, in play order.

    Once the session's time has run out, a board with no result entered by the deadline was
    not started, except the first of them: the board on the table when time ran out is taken
    as started and is played out. `entered_ms` holds the entry time of each board with a
    result; the director's `unlocked` boards are never locked. Nothing is locked while time
    remains."""
    remaining = clock.remaining_ms(now_ms)
    if remaining >= 0:
        return []
    deadline = now_ms + remaining
    waiting = [b for b in boards if entered_ms.get(b, deadline + 1) > deadline]
    return [b for b in waiting[1:] if b not in unlocked and b not in entered_ms]
