"""The director's grid sent as patches (server/realtime/gridfeed.py): a console that follows
them, with any RFC 6902 library (the `jsonpatch` package here), holds the grid the server
built last, each row as of its last change."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from server.realtime.gridfeed import GridVersions

TABLES = [("A", 1), ("A", 2), ("B", 1)]


def _clock(round_: int | None, running: bool, now: int) -> dict[str, Any]:
    deadline = 1_000_000 if running else None
    return {"round": round_, "deadline_ms": deadline, "running": running,
            "remaining_ms": (deadline - now) if running else 60_000, "now_ms": now}


# One table's row as the grid draws it: what a change can touch.
ROW = st.fixed_dictionaries({
    "round": st.integers(1, 3), "boards_done": st.integers(0, 3),
    "connected": st.booleans(), "late_minutes": st.integers(0, 2),
    "last_entry": st.none() | st.fixed_dictionaries({"board": st.integers(1, 9),
                                                     "contract": st.sampled_from(["4S", "3NT"])}),
    "running": st.booleans(),
})
GRID = st.fixed_dictionaries({
    "rows": st.lists(ROW, min_size=len(TABLES), max_size=len(TABLES)),
    "tables": st.sampled_from([TABLES, TABLES[:2]]),
    "results": st.integers(0, 9),
    "running": st.booleans(),
    "calls": st.lists(st.text("ab", max_size=2), max_size=2),
})


def _grid(drawn: dict[str, Any], now: int) -> dict[str, Any]:
    rows = []
    for (section, number), row in zip(drawn["tables"], drawn["rows"], strict=False):
        running = row["running"]
        rows.append({"section": section, "table": number,
                     **{k: v for k, v in row.items() if k != "running"},
                     "clock": _clock(row["round"], running, now)})
    return {"tables": rows, "results": drawn["results"],
            "clock": _clock(2, drawn["running"], now), "calls": drawn["calls"], "alerts": []}


def _without_time(grid: dict[str, Any]) -> dict[str, Any]:
    def still(clock: dict[str, Any]) -> dict[str, Any]:
        moving = ("now_ms", "remaining_ms") if clock["running"] else ("now_ms",)
        return {k: v for k, v in clock.items() if k not in moving}

    return {**grid, "version": None, "clock": still(grid["clock"]),
            "tables": [{**row, "clock": still(row["clock"])} for row in grid["tables"]]}


@settings(max_examples=200, deadline=None)
@given(st.lists(GRID, min_size=1, max_size=8))
def test_a_console_following_the_patches_holds_the_last_grid(drawn: list[dict[str, Any]]) -> None:
    feed = GridVersions("e")
    held: dict[str, Any] | None = None
    for step, one in enumerate(drawn):
        grid = _grid(one, now=1000 * step)
        sent = feed.sent(grid)
        if held is None:
            held = sent.state  # the whole grid, at connect
            continue
        assert sent.base == held["version"]
        if sent.patch is not None:
            json.dumps(sent.patch)  # what goes on the wire
            earlier = held
            held = jsonpatch.apply_patch(held, sent.patch)
            assert held["version"] == sent.version
            # The round's clock is as of now; each row changed is exactly as built now, the
            # others as they were.
            assert held["clock"] == grid["clock"]
            for row in held["tables"]:
                if row not in earlier["tables"]:
                    assert row in grid["tables"]
        assert _without_time(held) == _without_time(sent.state)


def test_a_grid_that_changed_only_with_time_sends_no_patch() -> None:
    feed = GridVersions("e")
    drawn = {"rows": [{"round": 1, "boards_done": 0, "connected": True, "late_minutes": 0,
                       "last_entry": None, "running": True}] * 3, "tables": TABLES,
             "results": 0, "running": True, "calls": []}
    first = feed.sent(_grid(drawn, now=0))
    later = feed.sent(_grid(drawn, now=5000))
    assert later.patch is None and later.version == later.base == first.version


def test_a_result_at_one_of_500_tables_patches_its_row_only() -> None:
    feed = GridVersions("e")
    row = {"round": 1, "boards_done": 0, "connected": True, "late_minutes": 0,
           "last_entry": None, "running": True}
    tables = [("A", n) for n in range(1, 501)]
    drawn = {"rows": [row] * 500, "tables": tables, "results": 0, "running": True, "calls": []}
    whole = feed.sent(_grid(drawn, now=0))
    drawn["rows"] = [row] * 250 + [{**row, "boards_done": 1}] + [row] * 249
    drawn["results"] = 1
    sent = feed.sent(_grid(drawn, now=300))
    assert sent.patch is not None
    assert [op["path"] for op in sent.patch] == ["/tables/250", "/results", "/clock/now_ms",
                                                 "/clock/remaining_ms", "/version"]
    assert len(json.dumps(sent.patch)) * 100 < len(json.dumps(whole.state))
