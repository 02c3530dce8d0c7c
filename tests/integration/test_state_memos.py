"""A table's state is pushed after every result, so what a result cannot change is kept
between states (`Store.seated_memo`): the players block of each table. Every change that
can change it is seen at once: a seating, the players list, a setting, the schedule."""

from __future__ import annotations

import uuid
from pathlib import Path

from server.store import Store, TableRow
from server.store import players as players_sql
from server.table.seating import set_players, state_players
from server.table.state import table_state
from tests.conftest import make_event


def _seat(store: Store, table: TableRow, ids: list[str]) -> None:
    north, south, east, west = ids
    set_players(store, table, {"op_id": str(uuid.uuid4()), "round": 1, "north": north,
                               "south": south, "east": east, "west": west}, 0, actor="test")


def test_k4_4_a_tables_players_block_follows_every_change_that_makes_it(tmp_path: Path) -> None:
    store = Store.open(make_event(tmp_path / "e.db", tables=4))
    try:
        table = store.tables()[0]
        with store.write() as db:
            players_sql.import_players(store, db, [
                {"federation_id": str(n), "name": f"Player {n}", "gender": "", "club": ""}
                for n in range(101, 109)], actor="test", why="")
        first = state_players(store, table)
        assert first["seated"] == [] and first["listed"] == 8
        assert state_players(store, table) is first  # kept: a result changes none of it

        _seat(store, table, ["101", "102", "103", "104"])  # a seating
        seated = state_players(store, table)
        assert [s["north"] for s in seated["seated"]] == ["101"]
        assert seated["known"]["101"]["name"] == "Player 101"

        with store.write() as db:  # the players list
            players_sql.import_players(store, db, [{"federation_id": "101", "name": "Renamed",
                                                    "gender": "", "club": ""}],
                                       actor="test", why="")
        assert state_players(store, table)["known"]["101"]["name"] == "Renamed"

        with store.write() as db:  # a setting
            store.put_setting(db, "mixed", True, actor="test")
        assert state_players(store, table)["mixed"] is True

        # Another process's commit (the console's `traveller` commands) is seen too.
        other = Store.open(tmp_path / "e.db")
        try:
            with other.write() as db:
                other.put_setting(db, "mixed", False, actor="test")
        finally:
            other.close()
        store._checked_at = 0.0  # the next read looks at the file's version at once
        assert state_players(store, table)["mixed"] is False
        assert table_state(store, table, 0)["players"] is state_players(store, table)
    finally:
        store.close()


def commit_elsewhere(path: Path) -> None:
    """A setting written through a connection of its own (as another process would)."""
    other = Store.open(path)
    try:
        with other.write() as db:
            other.put_setting(db, "other", 1, actor="test")
    finally:
        other.close()


def test_a_read_kept_between_writes_is_read_again_after_any_write(tmp_path: Path) -> None:
    """`Store.read_memo` (results, clocks, adjustments, confirmations read by every push):
    kept while nothing is written, read again after any write of this connection (one
    rolled back too), at once after another process's commit, never kept inside a write."""
    path = make_event(tmp_path / "e.db", tables=4)
    store = Store.open(path)
    try:
        reads: list[int] = []

        def count() -> int:
            reads.append(1)
            with store.read() as db:
                return int(db.execute("select count(*) from settings").fetchone()[0])

        first = store.read_memo("n", count)
        assert store.read_memo("n", count) == first and len(reads) == 1
        with store.write() as db:  # this connection writes: read again
            store.put_setting(db, "mixed", True, actor="test")
        assert store.read_memo("n", count) == first + 1 and len(reads) == 2
        try:
            with store.write() as db:  # a write rolled back still counts as one
                store.put_setting(db, "brand_new", 1, actor="test")
                assert store.read_memo("n", count) == first + 2  # inside: read, not kept
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        assert store.read_memo("n", count) == first + 1 and len(reads) == 4
        commit_elsewhere(path)  # another process's commit: seen at the next read
        assert store.read_memo("n", count) == first + 2
    finally:
        store.close()


def test_a_read_no_result_changes_is_kept_through_the_entries(tmp_path: Path) -> None:
    """`read_memo(result_proof=True)` (the clocks, rulings, confirmations and unlocks that
    every teams entry and push reads): a result entered, with its audit row, does not drop
    it, as it drops every other kept read; any other write does, and so does another
    process's commit."""
    import time

    from server.table import actions

    path = make_event(tmp_path / "e.db", tables=4)
    store = Store.open(path)
    try:
        reads: list[str] = []

        def count(name: str) -> int:
            reads.append(name)
            with store.read() as db:
                return int(db.execute("select count(*) from settings").fetchone()[0])

        first = store.read_memo("proof", lambda: count("proof"), result_proof=True)
        store.read_memo("plain", lambda: count("plain"))
        table = store.tables()[0]
        now = int(time.time() * 1000)
        board = table_state(store, table, now)["boards"][0]
        ack = actions.submit_result(store, table, "ns", {
            "op_id": str(uuid.uuid4()), "board": board, "contract": "4S", "declarer": "N",
            "tricks": 10}, now).body
        assert ack["ok"], ack
        assert store.read_memo("proof", lambda: count("proof"), result_proof=True) == first
        store.read_memo("plain", lambda: count("plain"))
        assert reads == ["proof", "plain", "plain"]  # the entry dropped the plain read only
        with store.write() as db:  # anything else written: read again
            store.put_setting(db, "mixed", True, actor="test")
        assert store.read_memo("proof", lambda: count("proof"), result_proof=True) == first + 1
        commit_elsewhere(path)  # another process's commit: seen at the next read
        assert store.read_memo("proof", lambda: count("proof"), result_proof=True) == first + 2
        assert reads.count("proof") == 3
    finally:
        store.close()


def test_every_result_is_kept_and_only_the_new_entries_read(tmp_path: Path) -> None:
    """`Store.results()` (every result: the grid and the projector read them after every few
    entries): the entries since the last read are read and added, nothing else; a write to
    another table reads nothing again, any other change of a result (a director's correction)
    reads them all again, and another process's entry is seen at the next read. Each read
    equals the file's results read by a new connection."""
    import time

    from server.table import actions

    path = make_event(tmp_path / "e.db", tables=4)
    store = Store.open(path)
    whole: list[str] = []
    read = store._result_tuples

    def counting(where: str = "", args: object = ()) -> list[tuple[object, ...]]:
        if not where:
            whole.append(where)
        return read(where, args)

    store._result_tuples = counting  # type: ignore[method-assign]

    def on_file() -> list[object]:
        other = Store.open(path)
        try:
            return other.results()
        finally:
            other.close()

    def enter(into: Store, table: TableRow, tricks: int = 10) -> None:
        now = int(time.time() * 1000)
        done = {r.board for r in into.results() if r.table_number == table.number}
        board = next(b for b in table_state(into, table, now)["boards"] if b not in done)
        assert actions.submit_result(into, table, "ns", {
            "op_id": str(uuid.uuid4()), "board": board, "contract": "4S", "declarer": "N",
            "tricks": tricks}, now).body["ok"]

    try:
        assert store.results() == on_file() == [] and len(whole) == 1
        tables = store.tables()
        for table in (*tables, tables[0]):
            enter(store, table)
            assert store.results() == on_file()
        assert len(store.results()) == 5 and len(whole) == 1  # the entries only, each once
        with store.write() as db:  # a write to anything else: the results are as they were
            store.audit(db, "director", "note", "event", "1", None, None, "a note")
        assert store.results() == on_file() and len(whole) == 1
        with store.write() as db:  # a correction: everything read again
            db.execute("update results set tricks = 9, ns_score = 170 where id = 2")
        assert store.results() == on_file() and store.results()[1].tricks == 9
        assert len(whole) == 2
        other = Store.open(path)  # another process enters a result
        try:
            enter(other, tables[1])
        finally:
            other.close()
        assert store.results() == on_file() and len(store.results()) == 6
    finally:
        store.close()
