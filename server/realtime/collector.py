"""Python's cyclic garbage collector, kept out of the acknowledgements' way while serving.

CPython collects its oldest generation whenever enough objects have survived, wherever the
program happens to be. Serving 500 terminals, those collections walked the whole heap (the
modules, the event's schedule, every connection) and held the event loop for 50 to 140 ms
each, in the middle of a round's entries: they made most of the slowest acknowledgements.
Almost nothing they walked was garbage.

So, while serving (`install`):
- everything is collected once and frozen (`gc.freeze`): later collections skip it;
- the oldest generation is no longer collected on its own (its threshold is out of reach);
  instead, four times a second if anything has reached that generation since (the count of
  younger collections says so), at a moment no table has sent anything for QUIET_S, the
  objects made since the last freeze are collected and what survives is frozen: a
  collection of a few thousand objects, a millisecond or two;
- tables never silent that long (a round's entries from 500 tables come every few
  milliseconds) get no collection at all: after YOUNG_AT_MOST_S the objects made since the
  last freeze are frozen as they are, which costs nothing whatever their number (collecting
  them did: the objects of 500 connections, collected in the round that followed, held the
  loop for 80-160 ms, the slowest acknowledgements of the paced bench, measured), and the
  garbage cycles among them wait for the next whole collection;
- a frozen object is still freed the moment nothing refers to it (reference counting is not
  the collector's work); only garbage cycles among frozen objects wait, for a whole
  collection (unfreeze, collect, freeze) run when the tables have been silent for
  FULL_QUIET_S and either one has not run for FULL_EVERY_S or objects were frozen unswept
  since the last, and after FULL_AT_MOST_S however busy the tables are.

The younger generations are collected as always. `Activity` says how long the tables have been
silent: every Socket.IO event, connection and disconnection touches it
(`server.realtime.guards`), and the Notifier waits
for the same quiet moments to push states (`server.realtime.push`). `Collector.step` is the
whole policy, run by `Collector.run` every POLL_S.
"""

from __future__ import annotations

import gc as _gc
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class Activity:
    """When a client last sent the server something."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._last = clock()

    def touch(self) -> None:
        self._last = self.clock()

    def quiet_for(self) -> float:
        """Seconds since the last event."""
        return self.clock() - self._last


class Collector:
    POLL_S = 0.02
    QUIET_S = 0.015
    YOUNG_EVERY_S = 0.25
    YOUNG_AT_MOST_S = 1.0
    FULL_QUIET_S = 2.0
    FULL_EVERY_S = 300.0
    FULL_AT_MOST_S = 1800.0
    OUT_OF_REACH = 1 << 30
    """The oldest generation's threshold while installed: the number of younger collections
    it waits for, never reached."""

    def __init__(self, activity: Activity, gc: Any = _gc) -> None:
        self.activity = activity
        self.gc = gc
        self.clock = activity.clock
        self.active = False
        self._threshold: tuple[int, int, int] | None = None
        self._young = self._full = self.clock()
        self.unswept = False
        """Objects were frozen without a collection since the last whole one."""

    def install(self) -> None:
        """Take over the oldest generation (see the module's text)."""
        if self.active:
            return
        self._threshold = self.gc.get_threshold()
        self.gc.collect()
        self.gc.freeze()
        young, middle, _ = self._threshold
        self.gc.set_threshold(young, middle, self.OUT_OF_REACH)
        self.active = True
        self._young = self._full = self.clock()

    def uninstall(self) -> None:
        """Give the collector back as it was: nothing frozen, the thresholds restored."""
        if not self.active or self._threshold is None:
            return
        self.gc.unfreeze()
        self.gc.set_threshold(*self._threshold)
        self.active = False

    def step(self) -> str | None:
        """Collect if it is time: "full", "young", "frozen" (frozen without a collection), or
        None."""
        if not self.active:
            return None
        now = self.clock()
        quiet = self.activity.quiet_for()
        if (now - self._full >= self.FULL_AT_MOST_S
                or (quiet >= self.FULL_QUIET_S
                    and (self.unswept or now - self._full >= self.FULL_EVERY_S))):
            started = time.perf_counter()
            self.gc.unfreeze()
            found = self.gc.collect()
            self.gc.freeze()
            self._full = self._young = self.clock()
            self.unswept = False
            log.debug("whole collection: %d unreachable, %.0f ms", found,
                      (time.perf_counter() - started) * 1000)
            return "full"
        promoted = self.gc.get_count()[2] > 0  # objects reached the oldest generation
        if not promoted:
            return None
        if quiet >= self.QUIET_S and now - self._young >= self.YOUNG_EVERY_S:
            self.gc.collect()
            self.gc.freeze()
            self._young = self.clock()
            return "young"
        if now - self._young >= self.YOUNG_AT_MOST_S:
            self.gc.freeze()
            self._young = now
            self.unswept = True
            return "frozen"
        return None

    def run(self, sleep: Callable[[float], Any]) -> None:
        """The serving loop's task: `step` every POLL_S, for as long as the server runs."""
        while True:
            sleep(self.POLL_S)
            self.step()
