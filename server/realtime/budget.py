"""How many messages a table's terminals may send: a bucket of BURST messages that fills again
at PER_SECOND, for each table (all its devices together).

A terminal sends a message for what its players do (a result, a confirmation, the players'
numbers, a call, a traveller looked at) and, back after the Wi-Fi dropped, its outbox at once:
a whole match's entries, some tens of messages. More than BURST in a moment, or more than
PER_SECOND a second for long, is no table at play but a device gone wrong, or someone with the
table card's code: each message past the budget is refused (`too_many_messages`, 429) before
its handler runs, so it writes nothing (no audit row, no push), and the other tables of the
room are not kept waiting behind it. The terminal keeps a refused entry in its outbox and
sends it again a few seconds later, as after a server fault.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable

BURST = 120
"""Messages a table may send at once (a teams table back online with a match's entries)."""
PER_SECOND = 5.0
"""Messages a second a table may send for as long as it likes."""


class MessageBudget:
    """The tables' buckets (see the module's text); `burst` 0 takes every message."""

    def __init__(self, burst: int = BURST, per_second: float = PER_SECOND,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[Hashable, tuple[float, float]] = {}
        """Each table's messages left, and when they were counted."""

    def take(self, table: Hashable) -> bool:
        """Whether `table` may send one more message now (it is counted if so)."""
        if self.burst <= 0:
            return True
        now = self.clock()
        with self._lock:
            left, at = self._buckets.get(table, (float(self.burst), now))
            left = min(float(self.burst), left + (now - at) * self.per_second)
            if left < 1.0:
                self._buckets[table] = (left, now)
                return False
            self._buckets[table] = (left - 1.0, now)
            return True

    def retry_after(self, table: Hashable) -> int:
        """Whole seconds until `table` may send a message again."""
        with self._lock:
            left = self._buckets.get(table, (float(self.burst), 0.0))[0]
        wait = (1.0 - left) / self.per_second if self.per_second > 0 else 60.0
        return max(1, int(wait + 0.999))
