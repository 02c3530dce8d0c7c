"""When the served event is backed up, and what the director hears of it.

`BackupSchedule.run` is a background task of the server: it backs the event up when it starts,
then looks every few seconds whether anything was stored since the last backup (the audit
grows with every stored change) and backs up when a round has just ended for every table, or
when the interval has passed since the last backup; `last` makes one more when the server is
stopped with Ctrl-C. An interval in which nothing changed makes
no new backup: the newest one is still the event.

The copy itself (`server.store.backup.backup`) is handed to `offload`, which runs it off the
event loop (the gevent hub's threadpool when served): it reads the event file through a
connection of its own, so neither the event loop nor the store's lock is held while it runs.
A backup that fails is an alert on the console until one succeeds again, and a line on stderr.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..publish.projector import finished_rounds
from ..store import Store
from ..store.backup import KEEP, BackupError, backup, change_mark

log = logging.getLogger(__name__)

T = TypeVar("T")

LOOK_EVERY_S = 5.0
"""How often the schedule looks for a finished round or a due backup."""


def run_here(work: Callable[[], T]) -> T:
    return work()


class BackupSchedule:
    """Backs up the store that `get_store` returns (None until the event exists)."""

    def __init__(self, get_store: Callable[[], Store | None], folder: str | Path,
                 every_s: float, *, keep: int = KEEP,
                 offload: Callable[[Callable[[], Any]], Any] = run_here,
                 notify: Callable[[], None] = lambda: None,
                 clock: Callable[[], float] = time.time) -> None:
        self.get_store = get_store
        self.folder = Path(folder)
        self.every_s = every_s
        self.keep = keep
        self.offload = offload
        self.notify = notify
        self.clock = clock
        self._mark: int | None = None
        self._rounds: int | None = None
        self._last_s: float | None = None

    def backup_now(self, store: Store, why: str) -> Path | None:
        """One backup now; its path, or None when it failed (then an alert)."""
        mark = self._read_mark(store)
        now_ms = int(self.clock() * 1000)
        self._last_s = self.clock()
        try:
            path: Path = self.offload(lambda: backup(store.path, self.folder, keep=self.keep,
                                                     now_ms=now_ms))
        except BackupError as exc:
            failing_already = store.health.backup_failure is not None
            store.health.backup_failed(str(exc), now_ms)
            print(f"traveller: backup failed ({why}): {exc}", file=sys.stderr, flush=True)
            if not failing_already:
                self.notify()
            return None
        recovered = store.health.backup_failure is not None
        store.health.backed_up(str(path), now_ms)
        self._mark = mark
        log.info("backup (%s): %s", why, path)
        if recovered:
            self.notify()
        return path

    def _read_mark(self, store: Store) -> int | None:
        try:
            return change_mark(store)
        except Exception:
            return None

    def _finished(self, store: Store) -> int:
        try:
            return finished_rounds(store)
        except Exception:
            log.warning("could not count the finished rounds", exc_info=True)
            return self._rounds or 0

    def step(self) -> Path | None:
        """Look once: back up if a round ended or the interval passed with changes."""
        store = self.get_store()
        if store is None:
            return None
        if self._last_s is None:
            self._rounds = self._finished(store)
            return self.backup_now(store, "start")
        mark = self._read_mark(store)
        if mark is not None and mark == self._mark:
            return None
        rounds = self._finished(store)
        ended = self._rounds is not None and rounds > self._rounds
        self._rounds = rounds
        if ended:
            return self.backup_now(store, f"round {rounds} ended")
        if self.clock() - self._last_s >= self.every_s:
            return self.backup_now(store, "interval")
        return None

    def last(self) -> Path | None:
        """The server stops (Ctrl-C): one last backup if anything changed since the previous
        one, here and now (the event loop is gone)."""
        store = self.get_store()
        if store is None or self._last_s is None:
            return None
        mark = self._read_mark(store)
        if mark is not None and mark == self._mark:
            return None
        self.offload = run_here
        return self.backup_now(store, "stop")

    def run(self, sleep: Callable[[float], Any]) -> None:
        """Look every LOOK_EVERY_S seconds (or the interval, if shorter), for ever."""
        while True:
            try:
                self.step()
            except Exception:
                log.warning("backup schedule step failed", exc_info=True)
            sleep(min(LOOK_EVERY_S, self.every_s))
