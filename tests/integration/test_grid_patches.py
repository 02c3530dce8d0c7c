"""The director's grid over `/director` (server/realtime/gridfeed.py): a console that takes
patches holds, after a round's entries, the grid a console connecting then gets whole; any
other connection still gets the whole grid with each change, as the protocol says."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import jsonpatch
import pytest

from tests.integration.test_director import login


def _console(app: Any, patches: bool) -> tuple[Any, Any]:
    http = login(app)
    client = app.extensions["traveller.socketio"].test_client(
        app, namespace="/director", flask_test_client=http,
        auth={"patches": True} if patches else None)
    return http, client


def _enter(app: Any, table: int, board: int) -> None:
    store = app.extensions["traveller.store"]
    token = store.tables()[table - 1].token
    terminal = app.extensions["traveller.socketio"].test_client(
        app, namespace="/table", auth={"token": token})
    ack = terminal.emit("submit_result", {"op_id": str(uuid.uuid4()), "board": board,
                                          "contract": "4S", "declarer": "N", "tricks": 10},
                        namespace="/table", callback=True)
    assert ack["ok"], ack
    terminal.disconnect(namespace="/table")


def _messages(client: Any, until: Any, timeout: float = 5.0) -> list[dict[str, Any]]:
    """The `/director` messages received until `until(messages)` holds (pushes come from a
    background task, a quarter of a second after a change)."""
    out: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while not until(out) and time.monotonic() < deadline:
        out += client.get_received("/director")
        time.sleep(0.05)
    return out


def _still(grid: dict[str, Any]) -> dict[str, Any]:
    """A grid without the time of its building (a row keeps that of its last change)."""
    def clock(c: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in c.items()
                if k != "now_ms" and not (k == "remaining_ms" and c["running"])}

    return {**grid, "clock": clock(grid["clock"]),
            "tables": [{**row, "clock": clock(row["clock"])} for row in grid["tables"]]}


def test_a_console_taking_patches_holds_the_grid_a_new_console_gets(app: Any) -> None:
    _, console = _console(app, patches=True)
    first = console.get_received("/director")
    assert [m["name"] for m in first] == ["grid"]
    held = first[0]["args"][0]
    whole_bytes = len(json.dumps(held))
    store = app.extensions["traveller.store"]
    boards = {s.table_number: s.boards for s in store.seatings() if s.round == 1}
    patches: list[dict[str, Any]] = []
    for table, board in ((1, boards[1][0]), (2, boards[2][0]), (1, boards[1][1])):
        _enter(app, table, board)
        got = _messages(console, lambda m: any(x["name"] == "grid_patch" for x in m))
        assert {m["name"] for m in got} == {"grid_patch"}  # never the whole grid again
        patches += [m["args"][0] for m in got]
    for change in patches:
        assert change["base"] == held["version"]
        held = jsonpatch.apply_patch(held, change["patch"])
        assert held["version"] == change["version"]
    _, newcomer = _console(app, patches=True)
    fresh = newcomer.get_received("/director")[0]["args"][0]
    assert fresh["version"] == held["version"]
    assert _still(held) == _still(fresh)
    assert [row["boards_done"] for row in held["tables"][:2]] == [2, 1]
    # A change is a row or two, not the grid again.
    assert max(len(json.dumps(c)) for c in patches) * 3 < whole_bytes


def test_a_connection_without_patches_gets_the_whole_grid_with_each_change(app: Any) -> None:
    _, console = _console(app, patches=False)
    assert [m["name"] for m in console.get_received("/director")] == ["grid"]
    board = app.extensions["traveller.store"].seatings(section="A", table=1)[0].boards[0]
    _enter(app, 1, board)
    got = _messages(console, lambda m: any(
        x["name"] == "grid" and x["args"][0]["tables"][0]["boards_done"] == 1 for x in m))
    assert got and {m["name"] for m in got} == {"grid"}


def test_a_console_behind_asks_the_whole_grid_and_follows_from_there(app: Any) -> None:
    _, console = _console(app, patches=True)
    console.get_received("/director")
    store = app.extensions["traveller.store"]
    board = store.seatings(section="A", table=1)[0].boards[0]
    _enter(app, 1, board)  # its patch missed: the console's grid is not at its base
    _messages(console, lambda m: any(x["name"] == "grid_patch" for x in m))
    ack = console.emit("get_grid", {}, namespace="/director", callback=True)
    assert ack["ok"] and ack["grid"]["tables"][0]["boards_done"] == 1
    held = ack["grid"]
    _enter(app, 2, store.seatings(section="A", table=2)[0].boards[0])
    change = _messages(console, lambda m: any(x["name"] == "grid_patch" for x in m))[-1]
    held = jsonpatch.apply_patch(held, change["args"][0]["patch"])
    assert change["args"][0]["base"] == ack["grid"]["version"]
    assert held["tables"][1]["boards_done"] == 1


def test_a_console_asks_the_grid_again_for_what_time_alone_changes(app: Any) -> None:
    _, console = _console(app, patches=False)
    console.get_received("/director")
    assert console.emit("refresh_grid", {}, namespace="/director", callback=True) == {"ok": True}
    assert _messages(console, lambda m: any(x["name"] == "grid" for x in m))


def test_a_large_grid_is_pushed_less_often_so_that_it_holds_the_loop_half_a_percent(
        app: Any) -> None:
    notifier = app.extensions["traveller.notifier"]
    assert notifier.grid_interval() == notifier.GRID_INTERVAL == 0.25
    _, console = _console(app, patches=True)
    console.get_received("/director")
    _enter(app, 1, app.extensions["traveller.store"].seatings(section="A", table=1)[0].boards[0])
    assert _messages(console, lambda m: any(x["name"] == "grid_patch" for x in m))
    # This small event's grid goes four times a second.
    assert notifier._grid_rows == len(app.extensions["traveller.store"].tables())
    assert notifier.grid_interval() == 0.25
    notifier._grid_rows = 500  # a grid of 500 tables: every second
    assert notifier.grid_interval() == pytest.approx(1.0)


def test_a_large_grid_is_built_in_pieces_with_the_loop_let_through_between_them(
        tmp_path: Any) -> None:
    """`grid(pause=...)`: the Notifier lets the tables' frames through after the reads and
    every PAUSE_EVERY rows (500 tables held the loop 10-30 ms in one piece), and the grid is
    the same as one built at once, even when a result is entered during a pause: its rows are
    built from what was read before."""
    import time as clock
    from pathlib import Path

    from server.direction.grid import PAUSE_EVERY, grid
    from server.store import Store
    from server.table import actions
    from tests.conftest import make_event

    path = make_event(Path(tmp_path) / "big.db", tables=25, sections=6)
    store = Store.open(path)
    try:
        now = int(clock.time() * 1000)
        whole = grid(store, {}, now)
        assert len(whole["tables"]) == 150
        pauses: list[int] = []
        table = store.tables()[0]
        board = store.seatings(section=table.section, table=table.number)[0].boards[0]

        def pause() -> None:
            pauses.append(1)
            if len(pauses) == 2:  # a table's result is stored while the grid waits
                assert actions.submit_result(store, table, "ns", {
                    "op_id": str(uuid.uuid4()), "board": board, "contract": "4S",
                    "declarer": "N", "tricks": 10}, now).body["ok"]

        pieces = grid(store, {}, now, pause=pause)
        assert len(pauses) == -(-150 // PAUSE_EVERY) == 2
        assert pieces == whole  # the rows of the reads made before the first pause
        assert grid(store, {}, now)["tables"][0]["boards_done"] == 1
    finally:
        store.close()
