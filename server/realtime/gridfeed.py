"""The director's grid as the consoles last heard it, and its version.

At 500 tables the grid is 275 KB of JSON, and it went whole to every console at most four
times a second while tables entered: its text alone held the event loop about 3 ms, its
sending more, and with one console open the terminals' acknowledgement p99 went from 8 ms to
35 ms in the real-size bench (measured). A console that says so when it connects (`auth:
{"patches": true}`, as ours does) gets the grid whole once, with its `version`, then each
change as a `grid_patch` `{"base", "version", "patch"}`, the patch an RFC 6902 JSON Patch as a
table's `state_patch` is (`server.realtime.patch`); a console whose grid is not at `base` asks
for it whole (`get_grid`). Any other `/director` connection gets the whole grid with each
change, as the protocol has always said.

A grid's versions are "EPOCH.N", EPOCH new with each server process (as a table's). A row of
`tables` is replaced whole when anything in it changed but the time of the grid's building: its
clock's `now_ms`, and a running clock's `remaining_ms` (its `deadline_ms` says it). So in a
patched grid a row keeps those of its last change, and a console counts a running clock from
its deadline, as ours does. The round's `clock` gets them with every patch. Rows are compared
with Python's `==`: a row's members keep their JSON types from one grid to the next (a
`connected` is always a boolean), where `True == 1` would otherwise hide a change.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from typing import Any

from .patch import Patch
from .versions import Sent, moving

Grid = dict[str, Any]

PATCHES = "grid:patches"
"""The `/director` room of the consoles that take patches."""
WHOLE = "grid:whole"
"""The `/director` room of every other connection: the whole grid with each change."""


def _still(clock: Any) -> Any:
    """A clock without the time of the grid's building (as a table's state's, `moving`)."""
    if not isinstance(clock, dict):
        return clock
    return {k: v for k, v in clock.items() if k not in moving(clock)}


def _steady(grid: Grid) -> Grid:
    """The grid without the time of its building, to compare with the last one."""
    out = {k: v for k, v in grid.items() if k not in ("tables", "clock")}
    out["clock"] = _still(grid.get("clock"))
    out["tables"] = [{**row, "clock": _still(row.get("clock"))} for row in grid.get("tables", [])]
    return out


def _keys(rows: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    return [(row.get("section"), row.get("table")) for row in rows]


def grid_patch(old: Grid, new: Grid, old_steady: Grid, new_steady: Grid) -> Patch:
    """The operations that turn the grid `old` into `new` (their steady forms given), without
    the rows' clocks' times when nothing else in the row changed; empty when nothing did."""
    ops: Patch = []
    old_rows, new_rows = old_steady["tables"], new_steady["tables"]
    if _keys(old_rows) != _keys(new_rows):
        ops.append({"op": "replace", "path": "/tables", "value": new["tables"]})
    else:
        ops += [{"op": "replace", "path": f"/tables/{i}", "value": new["tables"][i]}
                for i, (was, now) in enumerate(zip(old_rows, new_rows, strict=True))
                if was != now]
    for key in old_steady:
        if key not in new_steady:
            ops.append({"op": "remove", "path": f"/{key}"})
    for key, value in new_steady.items():
        if key == "tables":
            continue
        if key not in old_steady:
            ops.append({"op": "add", "path": f"/{key}", "value": new[key]})
        elif old_steady[key] != value and key != "clock":
            ops.append({"op": "replace", "path": f"/{key}", "value": new[key]})
    if not ops and old_steady.get("clock") == new_steady.get("clock"):
        return []
    # The round's clock as it is now: whole when it changed, else its time.
    if old_steady.get("clock") != new_steady.get("clock") or not isinstance(new["clock"], dict):
        ops.append({"op": "replace", "path": "/clock", "value": new["clock"]})
    else:
        ops += [{"op": "replace", "path": f"/clock/{k}", "value": new["clock"][k]}
                for k in moving(new["clock"]) if k in new["clock"]]
    return ops


class GridVersions:
    """The last grid the consoles heard, and its version number."""

    def __init__(self, epoch: str | None = None) -> None:
        self.epoch = epoch or secrets.token_hex(4)
        self._lock = threading.Lock()
        self._number = 0
        self._last: tuple[Grid, Grid] | None = None
        """The last grid sent, and its steady form."""

    def version(self, number: int) -> str:
        return f"{self.epoch}.{number}"

    def sent(self, grid: Grid, deliver: Callable[[Sent], None] | None = None) -> Sent:
        """Take `grid` as what the consoles have now: a new version when it differs from the
        last one beyond its time, with the patch from it. `deliver` runs inside the lock, so
        the patches leave in the order of their versions."""
        steady = _steady(grid)
        with self._lock:
            number = self._number
            if self._last is None:
                patch: Patch | None = None
                base = None
                number += 1
            else:
                ops = grid_patch(self._last[0], grid, self._last[1], steady)
                if ops:
                    number += 1
                    patch = [*ops, {"op": "replace", "path": "/version",
                                    "value": self.version(number)}]
                else:
                    patch = None
                base = self.version(self._number)
            if number != self._number:  # a new version (the first one too)
                self._last = (grid, steady)
            self._number = number
            sent = Sent(grid | {"version": self.version(number)}, self.version(number), base,
                        patch)
            if deliver is not None:
                deliver(sent)
        return sent
