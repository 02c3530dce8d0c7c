"""Issue 14 item 5: a failed write is an alert on the director's console and a line on stderr
at once (the table still gets no acknowledgement); `serve` refuses an unwritable, damaged or
foreign file; `traveller check` says what is wrong, or that the file is fine.

CI runs as root, whom chmod does not stop: a full disk is SQLite's own page limit on the
store's connection, a read-only file is a `query_only` connection or a `mode=ro` open."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from server.store import Store, StoreError
from server.store.health import inspect
from tests.conftest import REPO, make_event, received
from tests.integration.test_clocks import JSON, post
from tests.integration.test_director import login


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server.cli", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def submit(table: Any, board: int) -> dict[str, Any]:
    ack: dict[str, Any] = table.emit("submit_result", {
        "op_id": uuid.uuid4().hex, "board": board, "contract": "3N", "declarer": "S",
        "tricks": 9}, namespace="/table", callback=True)
    return ack


def storage_alerts(grid: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in grid["alerts"] if a["kind"] == "storage"]


def fill_up(store: Store) -> None:
    """The disk is full: the file may grow no more."""
    with store.read() as db:
        pages = db.execute("pragma page_count").fetchone()[0]
        db.execute(f"pragma max_page_count = {pages}")


def test_14_5_a_full_disk_alerts_the_director_and_stderr_at_once(
        app: Any, capsys: pytest.CaptureFixture[str]) -> None:
    store = app.extensions["traveller.store"]
    socketio = app.extensions["traveller.socketio"]
    http = login(app)
    director = socketio.test_client(app, namespace="/director", flask_test_client=http)
    received(director, "grid", "/director")
    table = socketio.test_client(app, namespace="/table", auth={"token": store.tables()[0].token})
    schedule = received(table, "state", "/table")[-1]["schedule"]
    boards = [b for seating in schedule for b in seating["boards"]]
    fill_up(store)
    acks = []
    for board in boards:  # the room left in the file's pages fills up, then a write fails
        acks.append(submit(table, board))
        if not acks[-1]["ok"]:
            break
    failed = acks[-1]
    assert not failed["ok"], "the page limit never stopped a write"
    assert failed["code"] == "internal_error"  # no acknowledgement
    stored = {r.board for r in store.results()}
    assert len(stored) == len(acks) - 1
    # The console is told at once, without waiting for anything else to change.
    grids = received(director, "grid", "/director")
    deadline = time.monotonic() + 3
    while not any(storage_alerts(g) for g in grids) and time.monotonic() < deadline:
        grids += received(director, "grid", "/director", timeout=0.2)
    alert = storage_alerts(grids[-1])[0]
    assert "database or disk is full" in alert["text"] and alert["section"] is None
    err = capsys.readouterr().err
    assert "cannot write" in err and "database or disk is full" in err
    assert err.count("cannot write") == 1  # one line per run of failures, not per retry
    # While writes still fail the alert stays; once they work it may be acknowledged.
    refused = post(http, "/director/alerts/ack", key=alert["key"])
    assert refused.status_code == 409 and refused.json["code"] == "still_failing"
    with store.read() as db:
        db.execute("pragma max_page_count = 1000000")
    assert submit(table, boards[len(stored)])["ok"]
    grid = http.get("/director/api/grid", headers=JSON).json
    assert [a["key"] for a in storage_alerts(grid)] == [alert["key"]]
    assert post(http, "/director/alerts/ack", key=alert["key"]).status_code == 200
    assert storage_alerts(http.get("/director/api/grid", headers=JSON).json) == []
    table.disconnect(namespace="/table")
    director.disconnect(namespace="/director")


def test_14_5_a_file_made_read_only_is_an_alert_and_nothing_is_acknowledged(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    socketio = app.extensions["traveller.socketio"]
    table = socketio.test_client(app, namespace="/table", auth={"token": store.tables()[1].token})
    board = received(table, "state", "/table")[-1]["boards"][0]
    with store.read() as db:
        db.execute("pragma query_only = 1")
    ack = submit(table, board)
    assert not ack["ok"] and store.results() == []
    alert = storage_alerts(http.get("/director/api/grid", headers=JSON).json)[0]
    assert "readonly" in alert["text"]
    table.disconnect(namespace="/table")


def corrupt(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[4096 * 2:4096 * 6] = b"\xa5" * (4096 * 4)
    path.write_bytes(bytes(data))


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    good = make_event(tmp_path / "good.db")
    damaged = make_event(tmp_path / "damaged.db")
    corrupt(damaged)
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as db:
        db.execute("create table invoices(amount)")
    junk = tmp_path / "junk.db"
    junk.write_text("not a database at all\n" * 100)
    return {"good": good, "damaged": damaged, "foreign": foreign, "junk": junk}


@pytest.mark.parametrize("kind, says", [
    ("damaged", "damaged"),
    ("foreign", "not a Traveller event file"),
    ("junk", "not an SQLite database"),
])
def test_14_5_serve_refuses_a_damaged_or_foreign_file_in_one_line(
        files: dict[str, Path], kind: str, says: str) -> None:
    before = files[kind].read_bytes()
    out = traveller("serve", str(files[kind]), "--port", "1")
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and says in out.stderr and "traveller check" in out.stderr
    assert files[kind].read_bytes() == before  # nothing touched it, no migration ran


def test_14_5_a_foreign_sqlite_file_is_never_converted(files: dict[str, Path]) -> None:
    before = files["foreign"].read_bytes()
    with pytest.raises(StoreError, match="not a Traveller event file"):
        Store.open(files["foreign"])
    assert files["foreign"].read_bytes() == before
    assert traveller("tables", str(files["foreign"])).returncode == 1


def test_14_5_check_says_what_is_wrong_or_that_the_file_is_fine(files: dict[str, Path]) -> None:
    fine = traveller("check", str(files["good"]))
    assert fine.returncode == 0 and "fine" in fine.stdout
    out = traveller("check", str(files["good"]), "--json")
    report = json.loads(out.stdout)
    assert report == {
        "ok": True, "path": str(files["good"]), "problems": [], "sqlite": True,
        "traveller": True, "integrity": "ok", "schema_version": report["schema_known"],
        "schema_known": report["schema_known"], "writable": True,
        "key_file": f"{files['good']}.key"}  # made by `new` beside the event file
    for kind in ("damaged", "foreign", "junk"):
        bad = traveller("check", str(files[kind]), "--json")
        assert bad.returncode == 1 and json.loads(bad.stdout)["problems"]
    damaged = json.loads(traveller("check", str(files["damaged"]), "--json").stdout)
    assert damaged["traveller"] is True and damaged["integrity"] != "ok"
    key = files["good"].with_name("good.db.key")
    key.write_text("")
    keyed = json.loads(traveller("check", str(files["good"]), "--json").stdout)
    assert keyed["key_file"] == str(key) and "empty" in keyed["problems"][0]


def test_14_5_an_unwritable_file_is_found_by_the_write_probe(files: dict[str, Path]) -> None:
    """A write-protected medium as root can produce it: a read-only open."""
    report = inspect(files["good"], read_only=True)
    assert report.writable is False and "cannot write" in report.problems[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a file whatever its mode")
def test_14_5_serve_refuses_a_file_it_cannot_write(files: dict[str, Path]) -> None:
    files["good"].chmod(0o444)
    out = traveller("serve", str(files["good"]), "--port", "1")
    assert out.returncode == 1 and "cannot write" in out.stderr
