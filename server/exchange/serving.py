"""`serve --exchange LOCATION`: the venue exchanges while it serves.

Every `every_s` seconds (and at once when the server starts) the venue makes its bundle of what
changed, sends what it has not sent yet and takes in the other venues' new bundles, as
`traveller exchange` does; the location is reached from a thread of the hub's pool, the store
only on the loop. A failed link is retried with a backoff (doubling, at most `MAX_BACKOFF_S`)
and loses nothing: the bundles wait in the venue's file. The console shows the last exchange,
any error, and each venue's last bundle with its age (`status`).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import TravellerError
from ..remote import RemoteError, open_location
from ..store import Store
from .run import Exchanged, exchange, run_here, status

log = logging.getLogger(__name__)

FIRST_BACKOFF_S = 5.0
MAX_BACKOFF_S = 300.0
LOOK_EVERY_S = 5.0


@dataclass
class ExchangeStatus:
    location: str
    every_s: float
    last_ms: int | None = None
    """When the last exchange that reached the location ended."""
    sent: int = 0
    received: dict[str, int] = field(default_factory=dict)
    refused: list[dict[str, str]] = field(default_factory=list)
    waiting: list[dict[str, str]] = field(default_factory=list)
    error: str | None = None
    error_since_ms: int | None = None
    retry_ms: int | None = None


class Exchanger:
    """Exchanges the store `get_store` returns (None until the event exists) with `text`."""

    def __init__(self, get_store: Callable[[], Store | None], text: str, *,
                 event: Path | None = None, every_s: float = 60.0,
                 offload: Callable[[Callable[[], Any]], Any] = run_here,
                 clock: Callable[[], float] = time.time) -> None:
        self.get_store = get_store
        self.text = text
        self.event = event
        self.offload = offload
        self.clock = clock
        # Parsed now, so a malformed location fails at start, not an hour later.
        location = open_location(text)
        self.status = ExchangeStatus(location=location.display, every_s=every_s)
        self.by_process = False
        """Exchange with `traveller exchange` in a process of its own (serving: SFTP, S3)."""
        self.kind = location.kind
        self._last_try_s: float | None = None
        self._backoff_s = 0.0
        self._lock = threading.Lock()

    def due(self) -> bool:
        now = self.clock()
        if self._last_try_s is None:
            return True
        wait = self._backoff_s if self.status.error is not None else self.status.every_s
        return now >= self._last_try_s + wait

    def step(self) -> Exchanged | None:
        store = self.get_store()
        if store is None or not self.due():
            return None
        return self.exchange_now(store)

    def exchange_now(self, store: Store) -> Exchanged | None:
        with self._lock:
            self._last_try_s = self.clock()
            try:
                done = (self._by_process(store) if self.by_process else
                        exchange(store, self.text, event=self.event, offload=self.offload))
            except RemoteError as exc:
                self._failed(str(exc))
                return None
            except TravellerError as exc:
                self._failed(exc.error)
                return None
            recovered = self.status.error is not None
            self._backoff_s = 0.0
            self.status.last_ms = int(self.clock() * 1000)
            self.status.sent, self.status.received = done.sent, dict(done.received)
            self.status.refused, self.status.waiting = done.refused, done.waiting
            self.status.error = self.status.error_since_ms = self.status.retry_ms = None
            if done.sent or done.received:
                log.info("exchanged with %s: sent %d, took in %s", done.location, done.sent,
                         done.received)
            for refused in done.refused:
                print(f"traveller: exchange refused {refused['file']}: {refused['why']}",
                      file=sys.stderr, flush=True)
            if recovered:
                print(f"traveller: exchanging with {done.location} again", file=sys.stderr,
                      flush=True)
            return done

    def _by_process(self, store: Store) -> Exchanged:
        """`traveller exchange` in a process of its own: SFTP's and S3's implementations run
        an asyncio loop that gevent's threads cannot host. It writes the same file, which
        this process sees within 0.1 s (`PRAGMA data_version`)."""
        command = [sys.executable, "-m", "server", "exchange", str(store.path), self.text,
                   "--json"]
        try:
            ran = subprocess.run(command, capture_output=True, text=True, check=False,
                                 timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise RemoteError(f"cannot exchange with {self.status.location}: "
                              f"{type(exc).__name__}") from None
        try:
            counts = json.loads(ran.stdout)
        except json.JSONDecodeError:
            line = (ran.stderr.strip().splitlines() or ["it failed"])[-1]
            raise RemoteError(line.removeprefix("traveller: ").split(" (nothing is lost")[0]
                              ) from None
        return Exchanged(sent=counts["sent"], received=counts["received"],
                         refused=counts["refused"], waiting=counts["waiting"],
                         location=self.status.location)

    def _failed(self, error: str) -> None:
        now = self.clock()
        self._backoff_s = min(MAX_BACKOFF_S, self._backoff_s * 2 if self._backoff_s
                              else FIRST_BACKOFF_S)
        if self.status.error is None:
            self.status.error_since_ms = int(now * 1000)
        self.status.error = error
        self.status.retry_ms = int((now + self._backoff_s) * 1000)
        print(f"traveller: exchange failed: {error} (tried again in {self._backoff_s:g} s; "
              "nothing is lost)", file=sys.stderr, flush=True)

    def run(self, sleep: Callable[[float], Any]) -> None:
        """Look every few seconds, for ever."""
        while True:
            try:
                self.step()
            except Exception:
                log.warning("exchange step failed", exc_info=True)
            sleep(min(LOOK_EVERY_S, self.status.every_s))

    def wire(self, store: Store | None) -> dict[str, Any]:
        """For the console: this exchange's status and each venue's last bundle."""
        now = int(self.clock() * 1000)
        return {**asdict(self.status), **(status(store, now) if store is not None else {})}


__all__ = ["ExchangeStatus", "Exchanger"]
