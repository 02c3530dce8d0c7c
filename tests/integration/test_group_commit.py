"""Issue 14 item 1: submissions share their commits, and what the store keeps in memory is
never stale.

Table submissions queued while one commits go into one transaction, each in its own
savepoint: each is stored once with its audit row, a refused one takes none of the others
down, and every one is answered only after the commit. The settings the store keeps in memory
follow every write of them, a rolled-back one and another process's too.
"""

from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from server.errors import TravellerError
from server.store import ResultRow, Store
from server.store import setup as setup_sql
from server.table import actions
from server.table.terminals import event_wire
from tests.conftest import make_event


@pytest.fixture
def store(tmp_path: Path) -> Any:
    store = Store.open(make_event(tmp_path / "event.db", tables=10))
    yield store
    store.close()


def _payload(store: Store, number: int, board_index: int = 0, **changes: Any) -> dict[str, Any]:
    [first] = [s for s in store.seatings("A", number) if s.round == 1]
    return {"op_id": str(uuid.uuid4()), "board": first.boards[board_index], "contract": "4S",
            "declarer": "N", "tricks": 10} | changes


def _result(store: Store, number: int, op_id: str) -> ResultRow:
    [first] = [s for s in store.seatings("A", number) if s.round == 1]
    return ResultRow(op_id=op_id, section="A", table_number=number, round=1,
                     board=first.boards[0], ns_pair=first.ns_pair, ew_pair=first.ew_pair,
                     contract="4S", declarer="N", tricks=10, ns_score=420, entered_ms=0,
                     source=f"table {number}")


def _in_one_batch(store: Store, jobs: dict[int, Any]) -> tuple[dict[int, Any], list[str]]:
    """Hand every job to `store.grouped` from its own thread while the write lock is held (as
    while a batch commits), so all are queued before one of them commits them all; returns
    each one's answer (its value or its exception) and the COMMITs run."""
    answers: dict[int, Any] = {}

    def run(key: int) -> None:
        try:
            answers[key] = store.grouped(jobs[key])
        except Exception as exc:
            answers[key] = exc

    commits: list[str] = []
    store.db.conn.set_trace_callback(
        lambda sql: commits.append(sql) if sql.strip().upper() == "COMMIT" else None)
    threads = [threading.Thread(target=run, args=(key,)) for key in jobs]
    with store._lock:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(store._queue) < len(jobs) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(store._queue) == len(jobs)
        assert not answers, "nothing is answered before the commit"
    for thread in threads:
        thread.join(10)
    store.db.conn.set_trace_callback(None)
    return answers, commits


def test_14_1_work_queued_meanwhile_shares_one_commit_and_a_refusal_loses_nothing(
        store: Store) -> None:
    """While one commits (here: the lock is held), the others queue; the next to take the
    lock commits them all in one transaction, each in its own savepoint."""
    def storing(number: int, fail: BaseException | None = None) -> Any:
        def work(db: Any) -> str:
            store.insert_result(db, _result(store, number, f"op-{number}"), actor="test")
            if fail is not None:
                raise fail  # after writing: its savepoint must take the write back
            return f"stored {number}"
        return work

    jobs = {1: storing(1), 2: storing(2), 3: storing(3, TravellerError("refused", "no")),
            4: storing(4, ValueError("a bug")), 5: storing(5),
            6: storing(1)}  # the same op_id again: the unique index refuses it
    answers, commits = _in_one_batch(store, jobs)
    assert commits == ["COMMIT"], "one transaction for the whole batch"
    assert [answers[k] for k in (1, 2, 5)] == ["stored 1", "stored 2", "stored 5"]
    assert isinstance(answers[3], TravellerError) and isinstance(answers[4], ValueError)
    assert "UNIQUE" in str(answers[6])
    assert sorted(r.table_number for r in store.results("A")) == [1, 2, 5]
    entered = [a["entity_id"] for a in store.audit_rows() if a["action"] == "result_entered"]
    assert sorted(entered) == sorted(f"A/{r.table_number}/1/{r.board}"
                                     for r in store.results("A"))


def test_14_1_concurrent_submissions_are_each_stored_once(store: Store) -> None:
    """Ten tables submit their round at once, each board twice (the outbox replays it), and
    one board that is not theirs: every good one stored once, the wrong one refused."""
    tables = {t.number: t for t in store.tables()}
    payloads = [(n, _payload(store, n, i)) for n in range(1, 11) for i in range(3)]
    sent = [*payloads, *((n, dict(p)) for n, p in payloads), (5, _payload(store, 5, board=999))]
    answers: list[Any] = [None] * len(sent)
    barrier = threading.Barrier(len(sent))

    def submit(i: int) -> None:
        number, payload = sent[i]
        barrier.wait()
        try:
            answers[i] = actions.submit_result(store, tables[number], "ns", payload,
                                               int(time.time() * 1000)).body
        except TravellerError as exc:
            answers[i] = exc

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(sent))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert all(a["ok"] for a in answers[:-1])
    assert sum(not a["duplicate"] for a in answers[:-1]) == len(payloads)
    assert isinstance(answers[-1], TravellerError) and answers[-1].code == "board_not_in_round"
    stored = store.results("A")
    assert sorted(r.op_id for r in stored) == sorted(p["op_id"] for _, p in payloads)
    entered = [a for a in store.audit_rows() if a["action"] == "result_entered"]
    assert len(entered) == len(payloads)


def test_14_1_a_failed_commit_acknowledges_none_of_its_batch(store: Store) -> None:
    """A commit that fails (here a deferred constraint; a full disk alike) fails every
    submission of its batch: none is acknowledged, none is stored."""
    conn = store.db.conn
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("create temp table parent (id integer primary key)")
    conn.execute("create temp table child (parent integer references parent(id) "
                 "deferrable initially deferred)")

    def result(db: Any) -> str:
        store.insert_result(db, _result(store, 1, "op-1"), actor="test")
        return "stored"

    def orphan(db: Any) -> str:
        db.conn.execute("insert into child (parent) values (7)")
        return "stored"

    answers, _ = _in_one_batch(store, {1: result, 2: orphan})
    assert all("FOREIGN KEY" in str(a) for a in answers.values())
    assert store.results("A") == []


def test_14_1_a_setting_written_is_seen_at_once(store: Store) -> None:
    assert event_wire(store)["lead"] == "optional"  # now kept in memory
    with store.write() as db:
        setup_sql.put_setting_field(store, db, "preset", "lead", "required", "director", "")
    assert event_wire(store)["lead"] == "required"
    with store.write() as db:
        store.put_setting(db, "name", "Club night", actor="director")
    assert store.setting("name") == event_wire(store)["name"] == "Club night"


def test_14_1_a_rolled_back_setting_is_not_kept(store: Store) -> None:
    name = store.setting("name")
    with pytest.raises(RuntimeError), store.write() as db:
        store.put_setting(db, "name", "never", actor="director")
        assert store.setting("name") == "never"  # inside the transaction
        raise RuntimeError("changed my mind")
    assert store.setting("name") == event_wire(store)["name"] == name


def test_14_1_a_setting_written_by_another_process_is_seen(store: Store) -> None:
    assert store.setting("name") != "From elsewhere"
    other = Store.open(store.path)
    with other.write() as db:
        other.put_setting(db, "name", "From elsewhere", actor="cli")
    other.close()
    deadline = time.monotonic() + 5
    while store.setting("name") != "From elsewhere" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert store.setting("name") == event_wire(store)["name"] == "From elsewhere"
