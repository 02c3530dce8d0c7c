"""Whether an event file can be trusted and written, and what the store's writes have met.

`inspect` looks at a file without changing it (no migration, no journal-mode switch): is it
SQLite at all, is it a Traveller event (its migrations are ours), is it whole (`PRAGMA
integrity_check`, or the quicker `quick_check`), was it made by a newer Traveller, can this
process write it, and is the key file beside it readable. `serve` refuses a file with any
problem and `traveller check` lists them all.

`WriteHealth` is the store's memory of failed writes (disk full, a file made read-only, an I/O
error): the director's console raises an alert from it, and whoever serves the event is told
at once through its listeners. It lives in memory only: a failed write cannot be recorded in
the file that refused it.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .schema import migrations

MIGRATION_SET = migrations.name

KEY_SUFFIXES = (".key",)
"""A key file beside the event file is EVENT.db.key (the signing secret kept out of the
event file): `check` reports whether one is there and readable."""

STORAGE_FAILURES = frozenset({
    sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB,
    sqlite3.SQLITE_PERM,
})
"""The SQLite primary result codes that say the medium failed, not the statement."""


def storage_failure(exc: BaseException) -> bool:
    """Whether `exc` says the file could not be written (not a bad statement or a constraint)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(exc, sqlite3.Error) and code is not None and (code & 0xFF) in (
        STORAGE_FAILURES)


@dataclass
class Report:
    """What `inspect` found about one event file."""

    path: str
    problems: list[str] = field(default_factory=list)
    """Each thing wrong, as a sentence; empty when the file is fine."""
    sqlite: bool = False
    traveller: bool = False
    integrity: str | None = None
    """"ok", or the first line integrity_check reported (None: not checked)."""
    schema_version: int | None = None
    """How many of Traveller's migrations the file has."""
    schema_known: int = field(default_factory=lambda: len(migrations._migrations))
    """How many this program knows: a file with fewer is brought up to date on serve."""
    writable: bool | None = None
    key_file: str | None = None
    """The key file beside the event file, when there is one."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def wire(self) -> dict[str, Any]:
        return {
            "ok": self.ok, "path": self.path, "problems": list(self.problems),
            "sqlite": self.sqlite, "traveller": self.traveller, "integrity": self.integrity,
            "schema_version": self.schema_version, "schema_known": self.schema_known,
            "writable": self.writable, "key_file": self.key_file,
        }


def connect_read_only(path: str | Path) -> sqlite3.Connection:
    """A connection that cannot change the file (a `mode=ro` URI)."""
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    return sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=30)


def _first(rows: list[Any]) -> str:
    return str(rows[0][0]) if rows else "no answer"


def inspect(path: str | Path, *, thorough: bool = True, read_only: bool = False) -> Report:
    """Everything wrong with the event file at `path`, without changing it.

    `thorough` runs the full `integrity_check` (else `quick_check`, which `serve` uses at
    start-up); `read_only` opens the file as a write-protected medium would (the writable probe
    then fails), which is how a test shows the refusal as root, whom chmod does not stop."""
    report = Report(str(path))
    target = Path(path)
    if not target.is_file():
        report.problems.append(f"no event file at {str(path)!r}")
        return report
    if target.stat().st_size == 0:
        report.problems.append(f"{str(path)!r} is empty: not a Traveller event file")
        return report
    try:
        conn = connect_read_only(target)
    except sqlite3.Error as exc:
        report.problems.append(f"cannot open {str(path)!r}: {exc}")
        return report
    try:
        _look(conn, report, thorough)
    finally:
        conn.close()
    if report.sqlite and report.traveller:
        report.writable = _writable(target, report, read_only)
    report.key_file = _key_file(target, report)
    return report


def identify(path: str | Path) -> str | None:
    """Why the existing file at `path` is not a Traveller event file, or None when it is one
    (no integrity check: quick enough for every open)."""
    report = Report(str(path))
    if Path(path).stat().st_size == 0:
        return f"{str(path)!r} is empty: not a Traveller event file"
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as exc:
        return f"cannot open {str(path)!r}: {exc}"
    try:
        _look(conn, report, None)
    finally:
        conn.close()
    return None if report.traveller else report.problems[0]


def _look(conn: sqlite3.Connection, report: Report, thorough: bool | None) -> None:
    try:
        names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    except sqlite3.DatabaseError as exc:
        report.problems.append(f"{report.path!r} is not an SQLite database ({exc})")
        return
    report.sqlite = True
    if "_sqlite_migrations" not in names or "settings" not in names:
        report.problems.append(f"{report.path!r} is an SQLite database but not a Traveller "
                               "event file")
        return
    try:
        applied = [r[0] for r in conn.execute(
            "select name from _sqlite_migrations where migration_set = ?", [MIGRATION_SET])]
    except sqlite3.DatabaseError as exc:
        report.traveller = True  # its tables are ours; their pages are not readable
        report.integrity = str(exc)
        report.problems.append(f"damaged: {exc}; restore the last backup (traveller restore)")
        return
    if not applied:
        report.problems.append(f"{report.path!r} is an SQLite database but not a Traveller "
                               "event file")
        return
    report.traveller = True
    report.schema_version = len(applied)
    known = {m.name for m in migrations._migrations}
    newer = [name for name in applied if name not in known]
    if newer:
        report.problems.append(f"made by a newer Traveller (schema step {newer[0]} is unknown "
                               "here): serve it with that version")
    if thorough is None:
        return
    try:
        rows = conn.execute("PRAGMA integrity_check" if thorough else "PRAGMA quick_check")
        found = [str(r[0]) for r in rows.fetchall()]
    except sqlite3.DatabaseError as exc:
        found = [str(exc)]
    report.integrity = "ok" if found == ["ok"] else found[0] if found else "no answer"
    if report.integrity != "ok":
        report.problems.append(f"damaged: the integrity check says {report.integrity!r}; "
                               "restore the last backup (traveller restore)")


def _writable(target: Path, report: Report, read_only: bool) -> bool:
    """Whether this process can write the file: take the write lock and write the header's
    user_version over itself, then roll back (nothing changes). The folder must take the
    WAL's side files too."""
    folder = target.resolve().parent
    if not os.access(folder, os.W_OK | os.X_OK):
        report.problems.append(f"cannot write in the folder {str(folder)!r} (SQLite keeps "
                               "its journal beside the event file)")
        return False
    try:
        conn = (connect_read_only(target) if read_only
                else sqlite3.connect(str(target), check_same_thread=False, timeout=5))
        try:
            conn.execute("BEGIN IMMEDIATE")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            conn.execute(f"PRAGMA user_version = {int(version)}")
            conn.execute("ROLLBACK")
        finally:
            conn.close()
    except sqlite3.Error as exc:
        report.problems.append(f"cannot write {report.path!r}: {exc}")
        return False
    return True


def _key_file(target: Path, report: Report) -> str | None:
    for suffix in KEY_SUFFIXES:
        key = target.with_name(target.name + suffix)
        if key.exists():
            try:
                if not key.read_bytes().strip():
                    report.problems.append(f"the key file {str(key)!r} is empty")
            except OSError as exc:
                report.problems.append(f"cannot read the key file {str(key)!r}: "
                                       f"{exc.strerror}")
            return str(key)
    return None


class WriteHealth:
    """The store's failed writes since it opened, and the backups' last outcome, in memory
    (the file refused the writes; a backup's failure may be the event file's too)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failures: list[tuple[int, str]] = []
        self._count = 0
        self._failing = False
        self._listeners: list[Callable[[BaseException], None]] = []
        self.last_backup: tuple[int, str] | None = None
        """(when, path) of the last verified backup."""
        self.backup_failure: tuple[int, str] | None = None
        """(since when, why) backups fail; None once one succeeds again."""
        self.acknowledged: set[str] = set()
        """Alert keys the director acknowledged (see `server.direction.grid`)."""

    def listen(self, listener: Callable[[BaseException], None]) -> None:
        """Call `listener(exc)` on every failed write (it must not raise)."""
        with self._lock:
            self._listeners.append(listener)

    def failed(self, exc: BaseException, now_ms: int) -> None:
        with self._lock:
            self._count += 1
            if not self._failing:
                # A run of failures is one alert, from its first failure on.
                self._failures.append((now_ms, str(exc)))
                self._failures = self._failures[-20:]
                self._failing = True
            listeners = list(self._listeners)
        for listener in listeners:
            listener(exc)

    def succeeded(self) -> None:
        if self._failing:
            with self._lock:
                self._failing = False

    @property
    def failing(self) -> bool:
        """Whether the last write failed."""
        return self._failing

    @property
    def count(self) -> int:
        return self._count

    def failures(self) -> list[tuple[int, str]]:
        """(since_ms, error) of each run of failed writes, oldest first."""
        with self._lock:
            return list(self._failures)

    def backed_up(self, path: str, now_ms: int) -> None:
        with self._lock:
            self.last_backup = (now_ms, path)
            self.backup_failure = None

    def backup_failed(self, error: str, now_ms: int) -> None:
        with self._lock:
            since = self.backup_failure[0] if self.backup_failure else now_ms
            self.backup_failure = (since, error)

    def acknowledge(self, key: str) -> bool:
        """The director has seen the alert `key`; False while its cause lasts (the last write
        failed, or backups still fail), which keeps it in the queue."""
        with self._lock:
            current_write = (self._failing and bool(self._failures)
                             and key == f"storage:{self._failures[-1][0]}")
            current_backup = (self.backup_failure is not None
                              and key == f"backup:{self.backup_failure[0]}")
            if current_write or current_backup:
                return False
            self.acknowledged.add(key)
            return True
