"""`serve --exchange LOCATION`: the venue exchanges while it serves.

Every `every_s` seconds (and at once when the server starts) the venue makes its bundle of what
changed, sends what it has not sent yet and takes in the other venues' new bundles, as
`traveller exchange` does; the location is reached from a thread of the hub's pool, the store
only on the loop. A failed link is retried with a backoff (doubling, at most 5 minutes)
and loses nothing: the bundles wait in the venue's file. The console shows the last exchange,
any error, and each venue's last bundle with its age (`status`).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..errors import TravellerError
from ..remote import RemoteError, open_location
from ..remote.retry import LOOK_EVERY_S, Backoff, keep_looking, traveller_json
from ..store import Store
from .run import Exchanged, exchange, run_here, status

log = logging.getLogger(__name__)


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
        self.backoff = Backoff()
        self._lock = threading.Lock()

    def due(self) -> bool:
        now = self.clock()
        if self._last_try_s is None:
            return True
        wait = self.backoff.wait_s if self.status.error is not None else self.status.every_s
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
            self.backoff.worked()
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
        """`traveller exchange` in a process of its own (SFTP, S3: see IN_A_PROCESS). It
        writes the same file, which this process sees within 0.1 s (`PRAGMA data_version`);
        a refused bundle is in what it prints, with exit status 1."""
        counts = traveller_json(["exchange", str(store.path), self.text],
                                self.status.location, exit_codes=(0, 1))
        return Exchanged(sent=counts["sent"], received=counts["received"],
                         refused=counts["refused"], waiting=counts["waiting"],
                         location=self.status.location)

    def _failed(self, error: str) -> None:
        now = self.clock()
        wait = self.backoff.failed()
        if self.status.error is None:
            self.status.error_since_ms = int(now * 1000)
        self.status.error = error
        self.status.retry_ms = int((now + wait) * 1000)
        print(f"traveller: exchange failed: {error} (tried again in {wait:g} s; "
              "nothing is lost)", file=sys.stderr, flush=True)

    def run(self, sleep: Callable[[float], Any]) -> None:
        """Look every few seconds, for ever."""
        keep_looking(self.step, sleep, min(LOOK_EVERY_S, self.status.every_s), "exchange")

    def wire(self, store: Store | None) -> dict[str, Any]:
        """For the console: this exchange's status and each venue's last bundle."""
        now = int(self.clock() * 1000)
        return {**asdict(self.status), **(status(store, now) if store is not None else {})}


__all__ = ["ExchangeStatus", "Exchanger"]
