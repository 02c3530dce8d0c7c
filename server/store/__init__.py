"""The event file: the only place in Traveller that speaks SQL.

One SQLite file holds one event. It runs in WAL mode so readers (the results pages, the CLI)
never wait for the writer, and every write is one short transaction opened with
`BEGIN IMMEDIATE`: a deferred transaction that later wants the write lock can deadlock against
another writer, an immediate one just waits its turn. A single connection per process, guarded
by a lock, keeps the handlers (threads in tests, greenlets when served) from interleaving
statements inside each other's transactions.

Under load the store keeps an acknowledgement cheap: the settings and the schedule are kept in
memory (dropped on every write of them here, and whenever another connection commits to the
file, which `PRAGMA data_version` tells within 0.1 s), hot reads and inserts go straight to
sqlite3, and table submissions share their commits (`grouped`): the submissions queued while
one commits go into the next transaction together, one savepoint each, so a refused one never
takes the others down, and every one of them learns its outcome only after that commit. The
COMMIT stays on the event loop when served: run in a thread, it held the lock across a greenlet
switch, and everything that reads the store queued behind it (worse p99 in the bench). Its
wait for the disk alone in a thread measured worse too: committed with `synchronous = NORMAL`,
the lock let go, the log flushed with fsync in gevent's pool before the batch heard of it, the
acknowledgements' median grew by 0.6 ms and their p99 did not shrink (interleaved A/B). So did
a helper process fsyncing the log (NORMAL commits, one byte each way on a pipe, no GIL to win
back), with the batches pipelined or one at a time: 500 paced terminals' p99 3-12% lower, 500
teams' burst 8-20% higher (interleaved A/B, 4 runs each), and with every fsync made 5 ms longer
(a slow laptop disk, emulated) no better at all: the acknowledgements wait for the chain of
fsyncs whichever process runs them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

from sqlite_utils import Database

from ..clock import RoundClock
from . import (  # noqa: F401  (they register migrations, in this order)
    schema_analysis,
    schema_clocks,
    schema_competition,
    schema_conflicts,
    schema_ew,
    schema_exchange,
    schema_opids,
    schema_players,
    schema_printing,
    schema_rulings,
    schema_sessions,
    schema_setup,
    schema_systems,
    schema_teams,
)
from .health import WriteHealth, identify, storage_failure
from .models import ResultRow, SeatingRow, TableRow
from .schema import migrations

T = TypeVar("T")

_RESULT_COLUMNS = ", ".join(ResultRow.__dataclass_fields__)
"""A result's columns in the order of ResultRow's fields."""


class StoreError(Exception):
    """The event file cannot be opened or created."""


class _Job(Generic[T]):
    """One piece of work queued for a grouped commit, and what became of it."""

    __slots__ = ("done", "error", "value", "work")

    def __init__(self, work: Callable[[Database], T]) -> None:
        self.work = work
        self.done = threading.Event()
        self.value: T | None = None
        self.error: BaseException | None = None


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        conn = sqlite3.connect(str(self.path), check_same_thread=False, timeout=30)
        self.db = Database(conn)
        self._lock = threading.RLock()
        # The schedule is written once and read on every submission: keep it in memory.
        self._seatings: dict[tuple[str, int], list[SeatingRow]] | None = None
        self._ordered: dict[str | None, list[SeatingRow]] = {}
        self._memo: dict[Any, Any] = {}
        self._settings: dict[str, str] | None = None
        self._settings_memo: dict[str, Any] = {}
        self._players_memo: dict[str, Any] = {}
        self._seated_memo: dict[Any, Any] = {}
        self._kept: dict[bool, tuple[dict[Any, Any], int]] = {}
        """`read_memo`'s values and the count of changes they were read at, by result_proof."""
        self._result_rows = 0
        """Rows changed by `insert_result` (a result and its audit row), rolled back or not."""
        self._all_results: tuple[list[ResultRow], int, int] | None = None
        """Every result, the last one's id, and the count of changes to results other than
        `insert_result`'s they were read at (`results`)."""
        self._result_changes = 0
        """Rows of results inserted, changed or deleted through this connection, rolled back or
        not (counted by temporary triggers, `_watch_results`)."""
        self._results_appended = 0
        """Of those, the rows `insert_result` inserted."""
        self._seated_from: tuple[Any, ...] = ()
        self._data_version = -1
        self._checked_at = 0.0
        # A setting or the schedule was written in the open transaction: a rollback must drop
        # what was cached meanwhile.
        self._dirty = False
        self._queue: list[_Job[Any]] = []
        self._queue_lock = threading.Lock()
        self._queued_at = 0.0
        self.health = WriteHealth()
        self._refused = False
        # Nobody else writes (a rehearsal): a grouped commit gathers nothing by waiting.
        self._alone = False
        self.db.execute("PRAGMA busy_timeout = 30000")
        self.db.enable_wal()
        # FULL makes each commit durable on its own: an acknowledged score survives a power cut.
        self.db.execute("PRAGMA synchronous = FULL")
        migrations.apply(self.db)
        conn.create_function("traveller_result_changed", 0, self._result_changed)
        self._watch_results()

    def _result_changed(self) -> None:
        self._result_changes += 1

    def _watch_results(self) -> None:
        """Count every change to results made through this connection (temporary triggers:
        this connection's own, never in the file), so that every result read whole is kept
        through writes to anything else (`_every_result`)."""
        for change in ("insert", "update", "delete"):
            self.db.conn.execute(
                f"create temp trigger if not exists traveller_result_{change} after {change} "
                "on main.results begin select traveller_result_changed(); end")

    @classmethod
    def open(cls, path: str | Path) -> Store:
        if not Path(path).is_file():
            raise StoreError(f"no event file at {str(path)!r}")
        # Before any migration touches it: a file that is not ours is refused, not converted.
        problem = identify(path)
        if problem is not None:
            raise StoreError(problem)
        try:
            return cls(path)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{str(path)!r} is not a Traveller event file: {exc}") from None

    @classmethod
    def create(cls, path: str | Path) -> Store:
        if Path(path).exists():
            raise StoreError(f"{str(path)!r} already exists; choose another name or remove it")
        return cls(path)

    def close(self) -> None:
        with self._lock:
            self.db.close()

    @contextmanager
    def write(self) -> Iterator[Database]:
        """One write transaction: BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""
        with self._lock:
            self._refused = False
            try:
                self.db.conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                    # Inside the try: a COMMIT that fails (a deferred constraint, a full disk)
                    # may leave the transaction open, and a later one must not commit it.
                    self.db.conn.execute("COMMIT")
                except BaseException:
                    if self.db.conn.in_transaction:
                        self.db.conn.execute("ROLLBACK")
                    if self._dirty:
                        self._forget()
                    raise
                finally:
                    self._dirty = False
            except sqlite3.Error as exc:
                self._failed(exc)
                raise
            if not self._refused:
                self.health.succeeded()

    def _failed(self, exc: BaseException) -> None:
        self._refused = True
        if storage_failure(exc):
            # The medium failed (disk full, read-only, I/O): nobody was acknowledged, and the
            # director must hear of it now (see `health`).
            self.health.failed(exc, int(time.time() * 1000))

    def grouped(self, work: Callable[[Database], T]) -> T:
        """Run `work` in a write transaction shared with the other work queued meanwhile, and
        return what it returned (or raise what it raised) once that transaction is committed.

        Each piece runs in its own savepoint, exactly as it would alone: one that raises is
        rolled back to its savepoint and raises for its caller only. The first piece queued
        leads its batch: it commits everything queued by then, so a burst of submissions costs
        one commit (one fsync) per batch instead of one each, and the others wait for it. A
        failed commit fails every piece of its batch.

        Served by gevent, a commit blocks the event loop: nothing queues while it runs. So in a
        burst (the last piece came, or the last commit ended, less than GATHER_SECONDS ago)
        the leader first yields once, so that the handlers ready to run queue theirs; out of a
        burst it commits at once, as waiting would only delay its acknowledgement. The yield
        is not a timed wait: a timer fires only when the loop is next free, which under load
        was 20-30 ms for a 1 ms wait (measured), and the whole batch waited with it.
        """
        job: _Job[T] = _Job(work)
        now = time.monotonic()
        with self._queue_lock:
            self._queue.append(job)
            leader = len(self._queue) == 1
            burst, self._queued_at = now - self._queued_at < self.GATHER_SECONDS, now
        if leader:
            if burst and not self._alone:
                # Never while holding the lock, which nothing may wait for long.
                time.sleep(0)
            with self._lock:
                with self._queue_lock:
                    batch, self._queue = self._queue, []
                self._commit_batch(batch)
        job.done.wait()
        if job.error is not None:
            raise job.error
        return job.value  # type: ignore[return-value]

    # Submissions closer together than this are a burst, whose commits are gathered.
    GATHER_SECONDS = 0.005

    def _commit_batch(self, batch: list[_Job[Any]]) -> None:
        conn = self.db.conn
        try:
            with self.write():
                for job in batch:
                    conn.execute("SAVEPOINT grouped")
                    try:
                        job.value = job.work(self.db)
                    except Exception as exc:
                        if not conn.in_transaction:
                            # The error ended the transaction (SQLite does on a full disk):
                            # the whole batch is lost, and every piece of it fails.
                            raise
                        conn.execute("ROLLBACK TO grouped")
                        if self._dirty:
                            self._forget()
                        if isinstance(exc, sqlite3.Error):
                            self._failed(exc)  # the file refused this piece's write
                        job.error = exc
                    conn.execute("RELEASE grouped")
        except BaseException as exc:
            for job in batch:
                job.value, job.error = None, exc
            if not isinstance(exc, Exception):
                raise
        finally:
            # Submissions that came while this one committed are a burst.
            self._queued_at = time.monotonic()
            for job in batch:
                job.done.set()

    @contextmanager
    def unhurried(self) -> Iterator[None]:
        """Commits that wait for no fsync (SQLite's synchronous NORMAL in WAL mode: a power cut
        may lose the last commits, never the file), for work that can be run again, such as a
        rehearsal by robots, and grouped commits that do not wait for company (this process
        writes alone); FULL again afterwards."""
        self.db.execute("PRAGMA synchronous = NORMAL")
        self._alone = True
        try:
            yield
        finally:
            self._alone = False
            self.db.execute("PRAGMA synchronous = FULL")

    @contextmanager
    def read(self) -> Iterator[Database]:
        with self._lock:
            yield self.db

    def _query(self, sql: str, args: Any = ()) -> list[dict[str, Any]]:
        """Rows as dicts, read straight through sqlite3 (hot paths: no savepoint per query)."""
        with self._lock:
            cursor = self.db.conn.execute(sql, args)
            keys = [d[0] for d in cursor.description]
            return [dict(zip(keys, row, strict=True)) for row in cursor]

    # Another process writing a served event (none of Traveller's commands does) is noticed
    # within this many seconds; this process's own writes are seen at once.
    FRESH_SECONDS = 0.1

    def _fresh(self, at_once: bool = False) -> None:
        """Drop what is kept in memory when another connection (another process) has
        committed to the file since it was read, looking at most every FRESH_SECONDS (every
        time `at_once`)."""
        now = time.monotonic()
        if not at_once and now - self._checked_at < self.FRESH_SECONDS:
            return
        self._checked_at = now
        version = self.db.conn.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._data_version = version
            self._forget()
            self._watch_results()  # the file may have been replaced (a restore)

    def _forget(self) -> None:
        self._settings = None
        self._settings_memo = {}
        self._players_memo = {}
        self._seated_memo = {}
        self._kept = {}
        self._all_results = None
        self._seatings = None
        self._dirty = False

    # -- the players list -------------------------------------------------------------------

    def players_memo(self, key: str, build: Callable[[], T]) -> T:
        """A value derived from the event's players list alone, built once until the list
        changes (`forget_players`, or another connection's commit). Every table's state holds
        the list, so a list of a thousand players was read and rebuilt at every push (2.7 ms
        a state, measured). The value is shared: callers must not change it."""
        with self._lock:
            self._fresh()
            if key not in self._players_memo:
                self._players_memo[key] = build()
            value: T = self._players_memo[key]
            return value

    def forget_players(self) -> None:
        """The players list was written in the open transaction."""
        self._players_memo = {}
        self._dirty = True

    def seated_memo(self, key: Any, build: Callable[[], T]) -> T:
        """A value derived from who sits where and nothing that a result changes: the
        settings, the schedule, the players list (teams and rosters with it) and the tables'
        line-ups. Built once until one of them changes: the first three forget their own
        memos (a new dict each time, which this one watches), the line-ups `forget_lineups`.
        Every state a table is pushed after a result held it built anew (a teams table's
        players block, a third of its state's cost, measured). Shared: callers must not
        change it."""
        with self._lock:
            self._schedule()  # reloads the schedule after a change, another process's too
            self._all_settings()
            sources = (self._memo, self._settings_memo, self._players_memo)
            if len(self._seated_from) != len(sources) or any(
                    a is not b for a, b in zip(sources, self._seated_from, strict=True)):
                self._seated_memo, self._seated_from = {}, sources
            if key not in self._seated_memo:
                self._seated_memo[key] = build()
            value: T = self._seated_memo[key]
            return value

    def read_memo(self, key: Any, build: Callable[[], T], *,
                  result_proof: bool = False) -> T:
        """A value read from the file, kept until anything is written to it: this connection's
        count of changed rows (`total_changes`, which a rolled-back change counts too) says
        so, and another process's commit too, looked for at every call (a results page
        never lags behind a correction made from the command line). Inside a write
        transaction it is read afresh, never kept. The two rooms' pushes after a teams result
        read the same results, clocks, confirmations, rulings and adjustments several times
        each, with no write between them. Shared: callers take a copy.

        `result_proof`: the value reads nothing a result's insertion changes (the clocks, the
        rulings, the captains' confirmations), so the rows `insert_result` changed do not
        count: it is kept through a round's entries, until anything else is written. Every
        teams entry read the rulings and the clocks again (the last entry's write had
        dropped them), and so did every push after it."""
        with self._lock:
            self._fresh(at_once=True)
            conn = self.db.conn
            if conn.in_transaction:
                return build()
            stamp = conn.total_changes - (self._result_rows if result_proof else 0)
            memo, kept_at = self._kept.get(result_proof, ({}, -1))
            if stamp != kept_at:
                memo = {}
                self._kept[result_proof] = (memo, stamp)
            if key not in memo:
                memo[key] = build()
            value: T = memo[key]
            return value

    def forget_lineups(self) -> None:
        """A table's seating (who sits where, a teams table's line-up) was written in the open
        transaction."""
        self._seated_memo = {}
        self._dirty = True

    # -- settings ---------------------------------------------------------------------------

    def _all_settings(self) -> dict[str, str]:
        with self._lock:
            self._fresh()
            if self._settings is None:
                self._settings = {r["key"]: r["value"]
                                  for r in self._query("select key, value from settings")}
            return self._settings

    def setting(self, key: str, default: Any = None) -> Any:
        # Decoded on every call: callers may change what they get without touching the cache.
        value = self._all_settings().get(key)
        return default if value is None else json.loads(value)

    def settings(self) -> dict[str, Any]:
        return {key: json.loads(value) for key, value in self._all_settings().items()}

    def settings_memo(self, key: str, build: Callable[[], T]) -> T:
        """A value derived from the settings alone, built once until a setting changes.

        Read without the lock while it is known and fresh (the common case: no lock to wait
        for on every submission and state)."""
        memo = self._settings_memo
        if key in memo and time.monotonic() - self._checked_at < self.FRESH_SECONDS:
            known: T = memo[key]
            return known
        with self._lock:
            self._all_settings()  # forgets the memos after a change by another process
            if key not in self._settings_memo:
                self._settings_memo[key] = build()
            value: T = self._settings_memo[key]
            return value

    def forget_settings(self) -> None:
        """A setting was written inside the open transaction: read them again."""
        with self._lock:
            self._settings = None
            self._settings_memo = {}
            self._dirty = True

    def put_setting(self, db: Database, key: str, value: Any, actor: str, why: str = "") -> None:
        """Change a setting inside an open write transaction, with its audit row."""
        old = [r["value"] for r in db.query("select value from settings where key = ?", [key])]
        new = json.dumps(value)
        db["settings"].upsert({"key": key, "value": new}, pk="key")
        self.forget_settings()
        secret = key in ("password_hash", "secret_key")
        self.audit(
            db, actor, "setting", "settings", key,
            None if secret or not old else old[0], "(secret)" if secret else new, why,
        )

    # -- tables and seatings ----------------------------------------------------------------

    def tables(self) -> list[TableRow]:
        """Every table, by section and number (kept until anything but a result is written:
        the grid, the clocks and the pushes read them all, 500 at a venue, many times a
        second)."""
        return list(self.read_memo("tables", lambda: [TableRow(**r) for r in self._query(
            "select section, number, token from tables order by section, number")],
            result_proof=True))

    def match_tables(self, number: int) -> list[TableRow]:
        """A teams event's table `number` in both rooms (its match's two tables)."""
        rows = self.read_memo(("match_tables", number), lambda: self._query(
            "select section, number, token from tables where section in ('O', 'C') and "
            "number = ? order by section", [number]), result_proof=True)
        return [TableRow(**r) for r in rows]

    def table_by_token(self, token: str) -> TableRow | None:
        rows = self._query("select section, number, token from tables where token = ?", [token])
        return TableRow(**rows[0]) if rows else None

    def seatings(self, section: str | None = None, table: int | None = None) -> list[SeatingRow]:
        with self._lock:
            cached, ordered = self._schedule()
        if section is not None and table is not None:
            return list(cached.get((section, table), []))
        if table is None and section in ordered:
            # A section's (or the event's) schedule is asked for on every state: sort it once.
            return list(ordered[section])
        rows = sorted(
            (s for (sec, _), rows in cached.items() if section in (None, sec) for s in rows
             if table in (None, s.table_number)),
            key=lambda s: (s.section, s.round, s.table_number),
        )
        if table is None:
            ordered[section] = rows
        return list(rows)

    def _schedule(
        self,
    ) -> tuple[dict[tuple[str, int], list[SeatingRow]], dict[str | None, list[SeatingRow]]]:
        """The schedule by table and its sorted lists, read again (with everything derived
        from it forgotten) after a change; call with the lock held."""
        self._fresh()
        if self._seatings is None:
            by_table: dict[tuple[str, int], list[SeatingRow]] = {}
            for row in self._query("select * from seatings order by section, table_number, round"):
                seating = SeatingRow.from_row(row)
                by_table.setdefault((seating.section, seating.table_number), []).append(seating)
            self._seatings = by_table
            self._ordered = {}
            self._memo = {}
        return self._seatings, self._ordered

    def schedule_memo(self, key: Any, build: Callable[[], Any]) -> Any:
        """A value derived from the schedule alone, built once until the seatings change."""
        with self._lock:
            self._schedule()  # reloads the schedule, and forgets the memos, after a change
            if key not in self._memo:
                self._memo[key] = build()
            return self._memo[key]

    def put_seatings(self, db: Database, rows: list[dict[str, Any]]) -> None:
        """Write schedule rows inside an open write transaction."""
        db["seatings"].insert_all(rows)
        self._seatings = None
        self._dirty = True

    def forget_schedule(self) -> None:
        """The schedule changed other than by `put_seatings` (an advance undone): read it
        again, with everything derived from it."""
        with self._lock:
            self._seatings = None
            self._dirty = True

    # -- results ----------------------------------------------------------------------------

    def results(self, section: str | None = None, table: int | None = None,
                round: int | None = None) -> list[ResultRow]:
        def read() -> list[ResultRow]:
            where, args = _filters(section=section, table_number=table, round=round)
            return [ResultRow(*r[1:]) for r in self._result_tuples(where, args)]

        if section is None and table is None and round is None:
            return list(self._every_result())
        return list(self.read_memo(("results", section, table, round), read))

    def _every_result(self) -> list[ResultRow]:
        """Every result, in the order entered; kept, and only the results entered since read
        while no result was changed otherwise (`insert_result` only appends; writes to other
        tables leave them as they were). The grid and the projector read them all after every
        few entries: at the end of a 500-table session, 13,500 rows read again (measured: a
        grid push took 30 ms); a League II season's 35,000 were read again after each
        line-up or captain's confirmation. Shared: callers copy."""
        with self._lock:
            self._fresh(at_once=True)
            conn = self.db.conn
            if conn.in_transaction:
                return [ResultRow(*r[1:]) for r in self._result_tuples()]
            others = self._result_changes - self._results_appended
            kept = self._all_results
            if kept is None or kept[2] != others:
                read = self._result_tuples()
                rows = [ResultRow(*r[1:]) for r in read]
                last = int(read[-1][0]) if read else 0
            else:
                rows, last = kept[0], kept[1]
                new = self._result_tuples("where id > ?", [last])
                if new:
                    rows = rows + [ResultRow(*r[1:]) for r in new]
                    last = int(new[-1][0])
            self._all_results = (rows, last, others)
            return rows

    def _result_tuples(self, where: str = "", args: Any = ()) -> list[tuple[Any, ...]]:
        """Rows of results as (id, then ResultRow's fields in order), in the order entered:
        read as tuples, a whole season in about half the time of dicts (`_query`)."""
        with self._lock:
            return self.db.conn.execute(
                f"select id, {_RESULT_COLUMNS} from results {where} order by id",
                args).fetchall()

    def result_by_op(self, db: Database, table: TableRow, op_id: str) -> ResultRow | None:
        """The result `table` stored with `op_id` (op_ids are unique per table)."""
        rows = self._query("select * from results where section = ? and table_number = ? "
                           "and op_id = ?", [table.section, table.number, op_id])
        return ResultRow.from_row(rows[0]) if rows else None

    def result_was_changed(self, db: Database, result: ResultRow) -> bool:
        """Whether the director has corrected, deleted or replaced the result of `result`'s
        board at its table (a `result_changes` row)."""
        return bool(list(db.query(
            "select 1 from result_changes where section = ? and table_number = ? and "
            "round = ? and board = ? limit 1",
            [result.section, result.table_number, result.round, result.board])))

    def scored_boards(self, db: Database, section: str, table: int) -> set[tuple[int, int]]:
        """(round, board) of every board done at a table: a result, or a director's adjusted
        score standing in for one (a board never played still lets the table move on)."""
        rows = db.conn.execute(
            "select round, board from results where section = ? and table_number = ? "
            "union all select round, board from adjustments where section = ? "
            "and table_number = ? and removed_ms is null",
            [section, table, section, table],
        )
        # The set drops a board both scored and adjusted, sooner than SQLite's UNION (it
        # sorted a table's whole season at each entry).
        return set(rows)

    def adjusted_boards(self) -> dict[tuple[str, int], set[tuple[int, int]]]:
        """Boards with an active adjusted score, per (section, table): (round, board)."""
        def read() -> dict[tuple[str, int], set[tuple[int, int]]]:
            out: dict[tuple[str, int], set[tuple[int, int]]] = {}
            rows = self._query("select section, table_number, round, board from adjustments "
                               "where removed_ms is null")
            for r in rows:
                out.setdefault((r["section"], r["table_number"]), set()).add(
                    (r["round"], r["board"]))
            return out

        return {k: set(v) for k, v in self.read_memo("adjusted_boards", read).items()}

    def insert_result(self, db: Database, result: ResultRow, actor: str) -> None:
        """Store a result inside an open write transaction, with its audit row (rows that
        `read_memo(result_proof=True)` does not count)."""
        row = {k: getattr(result, k) for k in ResultRow.__dataclass_fields__}
        before = self.db.conn.total_changes
        try:
            _insert(db, "results", row)
            self._results_appended += 1
            self.audit(
                db, actor, "result_entered", "result",
                f"{result.section}/{result.table_number}/{result.round}/{result.board}",
                None, json.dumps(result.wire()), "",
            )
        finally:
            self._result_rows += self.db.conn.total_changes - before

    # -- director calls ---------------------------------------------------------------------

    def calls(self, section: str | None = None, table: int | None = None,
              open_only: bool = False) -> list[dict[str, Any]]:
        where, args = _filters(section=section, table_number=table)
        if open_only:
            where = f"{where} and answer is null" if where else "where answer is null"
        return self._query(f"select * from calls {where} order by id", args)

    def call_by_op(self, db: Database, section: str, table_number: int,
                   op_id: str) -> dict[str, Any] | None:
        """The call a table made with `op_id` (op_ids are unique per table)."""
        rows = list(db.query("select * from calls where section = ? and table_number = ? and "
                             "op_id = ?", [section, table_number, op_id]))
        return rows[0] if rows else None

    def open_calls(self, db: Database, section: str, table_number: int) -> int:
        """How many of a table's calls wait for the director's answer."""
        rows = list(db.query("select count(*) as n from calls where section = ? and "
                             "table_number = ? and answer is null", [section, table_number]))
        return int(rows[0]["n"])

    def insert_call(self, db: Database, call: dict[str, Any], actor: str) -> int:
        """Store a director call inside an open write transaction; returns its id (a replayed
        op_id: the call it made)."""
        earlier = self.call_by_op(db, call["section"], call["table_number"], call["op_id"])
        if earlier:
            return int(earlier["id"])
        table = db["calls"].insert(call)
        call_id = int(table.last_pk)
        self.audit(db, actor, "director_called", "call", str(call_id), None, json.dumps(call),
                   call["reason"])
        return call_id

    def answer_call(self, db: Database, call_id: int, answer: str, now_ms: int,
                    actor: str) -> dict[str, Any] | None:
        rows = list(db.query("select * from calls where id = ?", [call_id]))
        if not rows:
            return None
        db["calls"].update(call_id, {"answer": answer, "answered_ms": now_ms})
        self.audit(db, actor, "call_answered", "call", str(call_id), rows[0]["answer"], answer,
                   "")
        return {**rows[0], "answer": answer, "answered_ms": now_ms}

    # -- clocks -----------------------------------------------------------------------------

    def clock(self, round: int | None = None) -> RoundClock | None:
        """The clock of a round, or of the latest round the director started."""
        if round is None:
            rows = self._query("select * from clocks order by round desc limit 1")
        else:
            rows = self._query("select * from clocks where round = ?", [round])
        return RoundClock(**rows[0]) if rows else None

    def clocks(self) -> dict[int, RoundClock]:
        """Every round clock the director started, by round."""
        return dict(self.read_memo("clocks", lambda: {
            r["round"]: RoundClock(**r) for r in self._query("select * from clocks")},
            result_proof=True))

    def table_clocks(self, round: int | None = None) -> dict[tuple[str, int, int], RoundClock]:
        """Tables' own clocks, by (section, table, round)."""
        def read() -> dict[tuple[str, int, int], RoundClock]:
            where, args = _filters(round=round)
            rows = self._query(f"select * from table_clocks {where}", args)
            return {
                (r.pop("section"), r.pop("table_number"), r["round"]): RoundClock(**r)
                for r in rows
            }

        return dict(self.read_memo(("table_clocks", round), read, result_proof=True))

    def save_table_clock(self, db: Database, section: str, table: int, clock: RoundClock,
                         actor: str, why: str = "") -> None:
        """Store a table's own clock for a round, with its audit row."""
        key = [section, table, clock.round]
        old = list(db.query("select * from table_clocks where section = ? and table_number = ?"
                            " and round = ?", key))
        new = {"section": section, "table_number": table, **_clock_row(clock)}
        db["table_clocks"].upsert(new, pk=("section", "table_number", "round"))
        self.audit(db, actor, "table_clock", "clock", f"{section}/{table}/{clock.round}",
                   json.dumps(old[0]) if old else None, json.dumps(new), why)

    def save_clock(self, db: Database, clock: RoundClock, actor: str, why: str = "") -> None:
        old = list(db.query("select * from clocks where round = ?", [clock.round]))
        new = _clock_row(clock)
        db["clocks"].upsert(new, pk="round")
        self.audit(
            db, actor, "clock", "clock", str(clock.round),
            json.dumps(old[0]) if old else None, json.dumps(new), why,
        )

    # -- slow play (K12.2) and alerts ------------------------------------------------------

    def slow_play_rulings(self, section: str | None = None) -> list[dict[str, Any]]:
        """The director's applied or waived slow-play penalties."""
        where, args = _filters(section=section)
        with self.read() as db:
            return list(db.query(
                f"select * from slow_play {where} order by section, session, pair_number", args))

    def save_slow_play(self, db: Database, ruling: dict[str, Any], actor: str, why: str) -> None:
        """Store the director's slow-play decision for one pair and session, with its audit."""
        key = [ruling["section"], ruling["session"], ruling["pair_number"]]
        old = list(db.query("select * from slow_play where section = ? and session = ? and "
                            "pair_number = ?", key))
        db["slow_play"].upsert(ruling, pk=("section", "session", "pair_number"))
        self.audit(db, actor, f"slow_play_{ruling['status']}", "slow_play",
                   "/".join(map(str, key)), json.dumps(old[0]) if old else None,
                   json.dumps(ruling), why)

    def alert_acks(self) -> dict[str, dict[str, Any]]:
        with self.read() as db:
            return {r["key"]: r for r in db.query("select * from alert_acks")}

    def ack_alert(self, db: Database, key: str, now_ms: int, actor: str) -> bool:
        """Acknowledge an alert once; False when it was already acknowledged."""
        if list(db.query("select key from alert_acks where key = ?", [key])):
            return False
        db["alert_acks"].insert({"key": key, "acked_ms": now_ms, "actor": actor})
        self.audit(db, actor, "alert_acknowledged", "alert", key, None, str(now_ms), "")
        return True

    # -- audit ------------------------------------------------------------------------------

    def audit(
        self, db: Database, actor: str, action: str, entity: str, entity_id: str,
        old: str | None, new: str | None, why: str,
    ) -> None:
        _insert(
            db, "audit", {
                "at_ms": int(time.time() * 1000),
                "actor": actor,
                "action": action,
                "entity": entity,
                "entity_id": entity_id,
                "old": old,
                "new": new,
                "why": why,
            }
        )

    def audit_rows(self) -> list[dict[str, Any]]:
        with self.read() as db:
            return list(db.query("select * from audit order by id"))


def _insert(db: Database, table: str, row: dict[str, Any]) -> None:
    """Insert one row of plain values (what sqlite-utils' `insert` would do for it, without
    reading the table's shape on every call): the hot path of every submission."""
    columns = ", ".join(row)
    marks = ", ".join("?" * len(row))
    db.conn.execute(f"insert into [{table}] ({columns}) values ({marks})", list(row.values()))


def _clock_row(clock: RoundClock) -> dict[str, Any]:
    return {
        "round": clock.round,
        "duration_ms": clock.duration_ms,
        "started_ms": clock.started_ms,
        "used_ms": clock.used_ms,
        "extension_ms": clock.extension_ms,
    }


def _filters(**columns: Any) -> tuple[str, list[Any]]:
    parts = [(f"{name} = ?", value) for name, value in columns.items() if value is not None]
    if not parts:
        return "", []
    return "where " + " and ".join(p for p, _ in parts), [v for _, v in parts]


__all__ = ["ResultRow", "SeatingRow", "Store", "StoreError", "TableRow"]
