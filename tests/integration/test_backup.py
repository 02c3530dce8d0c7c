"""Issue 14 item 4: online backups through the SQLite backup API, verified and rotated, the
`backup` and `restore` commands, and a take-over: the first server killed mid-round, the last
backup served by a second one, and the terminals' replay bringing back every acknowledged
result the backup did not have."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
import socketio

from server.backup import BackupSchedule
from server.store import Store
from server.store.backup import BackupError, backup, backups, restore, verify
from tests.conftest import REPO, ServerProcess, make_event, served_event


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server.cli", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def result_ops(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [r[0] for r in db.execute("select op_id from results order by id")]


def test_14_4_backups_are_verified_single_files_named_newest_last_and_rotated(
        tmp_path: Path) -> None:
    event = make_event(tmp_path / "club.db")
    folder = tmp_path / "stick"
    folder.mkdir()
    start = 1_780_000_000_000
    made = [backup(event, folder, keep=12, now_ms=start + i * 61_000) for i in range(14)]
    kept = backups(folder, "club")
    assert kept == made[2:]  # the oldest two went; the names sort by time
    assert sorted(p.name for p in folder.iterdir()) == [p.name for p in kept]  # no -wal, .partial
    assert made[-1].name == "club-20260528-" + made[-1].name[14:]
    for path in kept:
        verify(path)
        with sqlite3.connect(path) as db:
            assert db.execute("pragma journal_mode").fetchone()[0] == "delete"


def test_14_4_backup_while_the_store_writes_is_whole(tmp_path: Path) -> None:
    """The backup reads through a connection of its own while the store keeps writing."""
    event = make_event(tmp_path / "busy.db")
    folder = tmp_path / "stick"
    folder.mkdir()
    store = Store.open(event)
    stop = threading.Event()

    def write() -> None:
        n = 0
        while not stop.is_set():
            with store.write() as db:
                store.put_setting(db, "note", n, actor="test")
            n += 1

    writer = threading.Thread(target=write)
    writer.start()
    try:
        paths = [backup(event, folder, keep=50, now_ms=1_780_000_000_000 + i) for i in range(10)]
    finally:
        stop.set()
        writer.join()
    notes = []
    for path in paths:
        verify(path)
        with sqlite3.connect(path) as db:
            row = db.execute("select value from settings where key='note'").fetchone()
            notes.append(-1 if row is None else int(row[0]))
    assert notes == sorted(notes) and store.setting("note") >= notes[-1]
    store.close()


def test_14_4_backup_and_restore_commands(tmp_path: Path) -> None:
    event = make_event(tmp_path / "event.db")
    folder = tmp_path / "stick"
    folder.mkdir()
    made = traveller("backup", str(event), str(folder))
    assert made.returncode == 0, made.stderr
    path = Path(made.stdout.strip())
    assert path.parent == folder and path.is_file()
    # A folder restores its newest backup; an existing event file only with --force.
    out = traveller("restore", str(folder), str(tmp_path / "second.db"))
    assert out.returncode == 0 and str(path) in out.stdout
    again = traveller("restore", str(path), str(tmp_path / "second.db"))
    assert again.returncode == 1 and "--force" in again.stderr and again.stderr.count("\n") == 1
    assert traveller("restore", str(path), str(tmp_path / "second.db"), "--force").returncode == 0
    assert traveller("check", str(tmp_path / "second.db")).returncode == 0
    nowhere = traveller("backup", str(event), str(tmp_path / "unplugged"))
    assert nowhere.returncode == 1 and "no backup folder" in nowhere.stderr


def test_14_4_restore_refuses_a_damaged_or_foreign_backup(tmp_path: Path) -> None:
    folder = tmp_path / "stick"
    folder.mkdir()
    damaged = backup(make_event(tmp_path / "e.db"), folder)
    data = bytearray(damaged.read_bytes())
    data[4096 * 2:4096 * 6] = b"\xa5" * (4096 * 4)
    damaged.write_bytes(bytes(data))
    with pytest.raises(BackupError, match=r"damaged|not"):
        restore(damaged, tmp_path / "x.db")
    assert not (tmp_path / "x.db").exists()
    foreign = tmp_path / "notes.db"
    with sqlite3.connect(foreign) as db:
        db.execute("create table notes(text)")
    with pytest.raises(BackupError, match="not a Traveller event"):
        restore(foreign, tmp_path / "x.db")


def test_14_4_the_schedule_backs_up_at_start_at_a_round_end_and_after_the_interval(
        tmp_path: Path) -> None:
    event = make_event(tmp_path / "event.db", tables=3)
    folder = tmp_path / "stick"
    folder.mkdir()
    store = Store.open(event)
    now = [1_780_000_000.0]
    told: list[int] = []
    schedule = BackupSchedule(lambda: store, folder, every_s=300, clock=lambda: now[0],
                              notify=lambda: told.append(1))
    assert schedule.step() is not None  # at start
    now[0] += 10
    assert schedule.step() is None  # nothing changed
    from server.table.entry import submit_result

    tables = store.tables()
    for table in tables:
        for board in store.seatings(table.section, table.number)[0].boards:
            now[0] += 1
            submit_result(store, table, {"op_id": uuid.uuid4().hex, "board": board,
                                         "contract": "3N", "declarer": "S", "tricks": 9},
                          int(now[0] * 1000), actor="test")
    ended = schedule.step()  # round 1 finished at every table
    assert ended is not None and len(result_ops(ended)) == 9
    now[0] += 299
    assert schedule.step() is None
    with store.write() as db:
        store.put_setting(db, "note", 1, actor="test")
    now[0] += 2
    assert schedule.step() is not None  # the interval passed, with a change
    # The stick pulled out: an alert, and a line on stderr; back in, it clears.
    folder.rename(tmp_path / "gone")
    with store.write() as db:
        store.put_setting(db, "note", 2, actor="test")
    now[0] += 301
    assert schedule.step() is None
    assert store.health.backup_failure is not None and told == [1]
    (tmp_path / "gone").rename(folder)
    now[0] += 301
    assert schedule.step() is not None and store.health.backup_failure is None
    store.close()


# -- the take-over ------------------------------------------------------------------------


class Terminal:
    """A table terminal as terminal/js does it: an outbox that keeps acknowledged entries and
    sends again those the server's state lacks, before anything newer."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.acked: list[dict[str, Any]] = []
        self.unsent: list[dict[str, Any]] = []
        self.client: socketio.Client | None = None
        self.states: list[dict[str, Any]] = []

    def connect(self, base_url: str) -> None:
        self.states = []
        self.client = socketio.Client(reconnection=False)
        self.client.on("state", self.states.append, namespace="/table")
        self.client.connect(base_url, namespaces=["/table"], auth={"token": self.token},
                            transports=["websocket"], wait_timeout=10)
        deadline = time.monotonic() + 10
        while not self.states and time.monotonic() < deadline:
            time.sleep(0.02)

    def state(self) -> dict[str, Any]:
        assert self.client is not None
        ack = self.client.call("get_state", {}, namespace="/table", timeout=10)
        return dict(ack["state"])

    def enter(self, board: int) -> dict[str, Any]:
        entry = {"op_id": uuid.uuid4().hex, "board": board, "contract": "4S", "declarer": "N",
                 "tricks": 10}
        self.unsent.append(entry)
        return self.flush()[-1]

    def flush(self) -> list[dict[str, Any]]:
        assert self.client is not None
        acks = []
        while self.unsent:
            ack = self.client.call("submit_result", self.unsent[0], namespace="/table",
                                   timeout=10)
            assert ack["ok"], ack
            self.acked.append(self.unsent.pop(0))
            acks.append(ack)
        return acks

    def replay(self) -> list[dict[str, Any]]:
        held = {r["op_id"] for r in self.state()["results"]}
        lost = [e for e in self.acked if e["op_id"] not in held]
        self.acked = [e for e in self.acked if e["op_id"] in held]
        self.unsent = lost + self.unsent
        return self.flush()


def test_14_4_takeover_after_sigkill_mid_round_keeps_every_acknowledged_result(
        tmp_path: Path) -> None:
    folder = tmp_path / "stick"
    folder.mkdir()
    first = served_event(tmp_path, tables=4)
    first.args = ["--backup", str(folder), "--backup-every", "60"]
    first.start()
    second: ServerProcess | None = None
    try:
        terminals = [Terminal(t["token"]) for t in first.tables()[:3]]
        for terminal in terminals:
            terminal.connect(first.base_url)
        deadline = time.monotonic() + 20
        while not backups(folder) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert backups(folder), "no backup at start"
        boards = {t.token: t.state()["boards"] for t in terminals}
        for terminal in terminals:
            terminal.enter(boards[terminal.token][0])
        # A backup from another process while the server serves (the backup API, online).
        out = traveller("backup", str(first.db_path), str(folder))
        assert out.returncode == 0, out.stderr
        for terminal in terminals:  # acknowledged after the backup
            for board in boards[terminal.token][1:]:
                assert terminal.enter(board)["duplicate"] is False
        nxt = {t.token: t.state()["boards"] for t in terminals}
        terminals[0].enter(nxt[terminals[0].token][0])  # round 2 at table 1
        acknowledged = [e["op_id"] for t in terminals for e in t.acked]
        assert len(acknowledged) == 10
        first.kill()  # SIGKILL mid-round
        for terminal in terminals:
            assert terminal.client is not None
            terminal.client.disconnect()

        # The second laptop: the newest backup restored, served at the same address and port.
        restored = tmp_path / "second" / "served.db"
        restored.parent.mkdir()
        out = traveller("restore", str(folder), str(restored))
        assert out.returncode == 0, out.stderr
        assert len(result_ops(restored)) == 3  # the backup had the first board of each table
        second = ServerProcess(db_path=restored, port=first.port).start()
        replayed = 0
        for terminal in terminals:
            terminal.connect(second.base_url)
            acks = terminal.replay()
            replayed += len(acks)
            assert all(a["ok"] and a["duplicate"] is False for a in acks)
        assert replayed == 7
        assert sorted(result_ops(restored)) == sorted(acknowledged)  # each once, none lost
        assert terminals[0].state()["round"] == 2
    finally:
        first.stop()
        if second is not None:
            second.stop()


def test_14_4_a_replay_never_brings_back_a_result_the_director_deleted(tmp_path: Path) -> None:
    from server.direction.rulings import delete_result
    from server.store.rulings import EntryKey
    from server.table.entry import submit_result

    store = Store.open(make_event(tmp_path / "event.db"))
    table = store.tables()[0]
    board = store.seatings(table.section, table.number)[0].boards[0]
    entry = {"op_id": uuid.uuid4().hex, "board": board, "contract": "4S", "declarer": "N",
             "tricks": 10}
    assert submit_result(store, table, entry, 1, actor="table 1")["duplicate"] is False
    delete_result(store, EntryKey(table.section, table.number, 1, board), "wrong board", 2,
                  actor="director")
    again = submit_result(store, table, entry, 3, actor="table 1")
    assert again["ok"] and again["duplicate"] is True
    assert store.results() == []
    # The table enters the board anew (a new op_id): that is stored.
    fresh = submit_result(store, table, {**entry, "op_id": uuid.uuid4().hex}, 4, actor="t")
    assert fresh["duplicate"] is False and len(store.results()) == 1
    store.close()


@pytest.mark.skipif(signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
                    reason="Ctrl-C is ignored in this session, so in the server too")
def test_14_4_stopping_the_server_with_ctrl_c_makes_a_last_backup(tmp_path: Path) -> None:
    folder = tmp_path / "stick"
    folder.mkdir()
    server = served_event(tmp_path)
    server.args = ["--backup", str(folder)]
    server.start()
    try:
        deadline = time.monotonic() + 20
        while not backups(folder) and time.monotonic() < deadline:
            time.sleep(0.1)
        terminal = Terminal(server.tables()[0]["token"])
        terminal.connect(server.base_url)
        terminal.enter(terminal.state()["boards"][0])
        assert terminal.client is not None
        terminal.client.disconnect()
        assert server.proc is not None
        server.proc.send_signal(signal.SIGINT)
        server.proc.wait(timeout=30)
        assert result_ops(backups(folder)[-1]) == [terminal.acked[0]["op_id"]]
    finally:
        server.stop()
