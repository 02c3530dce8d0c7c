"""What the server's work on a remote location shares (the results site, `serve --publish`; the
venues' exchange, `serve --exchange`): a backoff after failed tries, the loop that looks again
every few seconds, and `traveller` run in a process of its own for the kinds whose fsspec
implementation runs an asyncio loop of its own (SFTP, S3), which gevent's threads cannot host.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .location import RemoteError

FIRST_BACKOFF_S = 5.0
MAX_BACKOFF_S = 300.0
LOOK_EVERY_S = 5.0

IN_A_PROCESS = frozenset({"sftp", "s3"})
"""Kinds whose fsspec implementation runs an asyncio loop of its own, which gevent's patched
threads cannot host: a server reaches them with `traveller` in a process of its own."""

log = logging.getLogger(__name__)


class Backoff:
    """The wait after failed tries: `first_s`, then twice as long each time, at most `max_s`;
    none once a try has worked."""

    def __init__(self, first_s: float = FIRST_BACKOFF_S, max_s: float = MAX_BACKOFF_S) -> None:
        self.first_s = first_s
        self.max_s = max_s
        self.wait_s = 0.0

    def failed(self) -> float:
        """One more failed try: the wait before the next."""
        self.wait_s = min(self.max_s, self.wait_s * 2 if self.wait_s else self.first_s)
        return self.wait_s

    def worked(self) -> None:
        self.wait_s = 0.0


def keep_looking(step: Callable[[], Any], sleep: Callable[[float], Any], pause_s: float,
                 what: str) -> None:
    """Run `step` every `pause_s` seconds, for ever; a fault of one step is logged, not fatal."""
    while True:
        try:
            step()
        except Exception:
            log.warning("%s step failed", what, exc_info=True)
        sleep(pause_s)


def traveller_json(args: Sequence[str], display: str, *, exit_codes: tuple[int, ...] = (0,)
                   ) -> dict[str, Any]:
    """`traveller ARGS --json` in a process of its own: what it printed, or RemoteError with
    the one line it wrote on stderr."""
    command = [sys.executable, "-m", "server", *args, "--json"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RemoteError(f"cannot reach {display}: {type(exc).__name__}") from None
    if done.returncode in exit_codes:
        try:
            found: dict[str, Any] = json.loads(done.stdout)
            return found
        except json.JSONDecodeError:
            pass
    line = (done.stderr.strip().splitlines() or ["it failed"])[-1]
    raise RemoteError(re.sub(r" \(nothing (was|is) lost.*$", "",
                             line.removeprefix("traveller: ")))


__all__ = ["FIRST_BACKOFF_S", "IN_A_PROCESS", "LOOK_EVERY_S", "MAX_BACKOFF_S", "Backoff",
           "keep_looking", "traveller_json"]
