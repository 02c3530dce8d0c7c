"""Each table's state as its terminals last heard it, and its version.

A terminal gets the whole state once per connection (`state`, with its `version`), then each
change as a `state_patch` `{"base", "version", "patch"}` (see `server.realtime.patch`). A
terminal whose state is not at `base` (it missed a push: a dropped socket, a push still on
its way when it reconnected) takes no patch: it asks for the whole state (`get_state`).

Versions are "EPOCH.N": EPOCH is new with each server process, so a terminal's version from
before a restart (or from another server, after a take-over) never matches. What the server
keeps per table is the last state sent, each member's compact JSON compressed with the digest
that says whether it changed (a teams table's 22 KB state keeps a few KB; its JSON string took
twice its length once a name had a letter beyond Latin-1, and a dict several times that: a
thousand tables' states were a tenth of the server's memory), without the time of its send,
which is not a change: `now_ms`, the clock's `now_ms`, and a running clock's `remaining_ms`
(its `deadline_ms` says it). A patch sets those last, so a state patched is the whole state
as it would have been sent.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .patch import Patch, diff, text

State = dict[str, Any]


@dataclass(frozen=True)
class Sent:
    """What to send after a state was built: the whole state at `version`, and the patch
    from `base` that brings the table's other terminals there (None: nothing changed, and
    then `base` is `version`; a None `base`: the table's first state, sent whole)."""

    state: State
    version: str
    base: str | None
    patch: Patch | None


_Kept = dict[str, tuple[bytes, bytes]]
"""A state as kept: each member's JSON text's digest (a member whose digest is the same did
not change) and the text compressed (read again only when the member changed)."""


SHARED = ("board_info", "schedule", "players")
"""Members a table's state takes from the store's memos (`server.table.state`): the same
object, never changed, until what they hold changes. Kept by reference, such a member is
known unchanged without its JSON text (a teams table's board_info, schedule and players were
most of the text a push encoded, for nothing)."""


def moving(clock: dict[str, Any]) -> tuple[str, ...]:
    """A wire clock's members that are the time of its send, not a change: `now_ms`, and a
    running clock's `remaining_ms` (its `deadline_ms` says it)."""
    return ("now_ms", "remaining_ms") if clock.get("running") else ("now_ms",)


def _times(state: State) -> tuple[State, Patch]:
    """The state without the time of its send, and the operations that set that time."""
    out = {k: v for k, v in state.items() if k != "now_ms"}
    times: Patch = []
    clock = state.get("clock")
    if isinstance(clock, dict):
        out["clock"] = {k: v for k, v in clock.items() if k not in moving(clock)}
        times += [{"op": "add", "path": f"/clock/{k}", "value": clock[k]}
                  for k in moving(clock) if k in clock]
    if "now_ms" in state:
        times.append({"op": "add", "path": "/now_ms", "value": state["now_ms"]})
    return out, times


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class Versions:
    """The last state sent to each table, by (section, number), and its version number."""

    def __init__(self, epoch: str | None = None) -> None:
        self.epoch = epoch or secrets.token_hex(4)
        self._lock = threading.Lock()
        self._last: dict[tuple[str, int], tuple[int, _Kept]] = {}
        self._shared: dict[tuple[str, int], dict[str, Any]] = {}
        """The SHARED members last sent to each table, by reference."""

    def version(self, number: int) -> str:
        return f"{self.epoch}.{number}"

    def sent(self, key: tuple[str, int], state: State,
             deliver: Callable[[Sent], None] | None = None) -> Sent:
        """Take `state` as what the table has now: a new version when it differs from the last
        one sent, with the patch from it. `deliver` runs inside the lock, so the pushes of one
        table leave in the order of their versions."""
        members, times = _times(state)
        with self._lock:
            number, last = self._last.get(key, (0, None))
            shared = self._shared.get(key, {})
            texts: dict[str, str] = {}
            digests: dict[str, bytes] = {}
            for k, value in members.items():
                if last is not None and k in last and shared.get(k) is value:
                    digests[k] = last[k][0]  # the very object sent last time: unchanged
                else:
                    texts[k] = text(value)
                    digests[k] = _digest(texts[k])
            self._shared[key] = {k: members[k] for k in SHARED if k in members}
            if last is not None and {k: d for k, (d, _) in last.items()} == digests:
                # Unchanged: nothing to send, but the whole state to a terminal that asks (a
                # None base would say "the table's first state", sent whole to every terminal).
                sent = Sent(state | {"version": self.version(number)}, self.version(number),
                            self.version(number), None)
            else:
                ops = None
                kept: _Kept = {}
                for k, digest in digests.items():
                    earlier = last.get(k) if last is not None else None
                    kept[k] = earlier if earlier is not None and earlier[0] == digest else (
                        digest, zlib.compress(texts[k].encode(), 1))
                if last is not None:
                    ops = [{"op": "remove", "path": f"/{k}"} for k in last if k not in digests]
                    for k, (digest, _) in kept.items():
                        earlier = last.get(k)
                        if earlier is None:
                            ops.append({"op": "add", "path": f"/{k}",
                                        "value": json.loads(texts[k])})
                        elif earlier[0] != digest:
                            # The new member as it is, not parsed again from its text.
                            ops += diff(json.loads(zlib.decompress(earlier[1])), members[k],
                                        f"/{k}")
                    ops += [{"op": "replace", "path": "/version",
                             "value": self.version(number + 1)}, *times]
                self._last[key] = (number + 1, kept)
                sent = Sent(state | {"version": self.version(number + 1)},
                            self.version(number + 1),
                            self.version(number) if last is not None else None, ops)
            if deliver is not None:
                deliver(sent)
        return sent

    def forget(self) -> None:
        """Every table's next state is sent whole (after the event file was replaced)."""
        with self._lock:
            self._last.clear()
            self._shared.clear()
