"""Online backups of an event file, and restoring one, through SQLite's backup API.

A file copy of a live WAL database misses what sits in the WAL and can tear a page; the backup
API reads one consistent snapshot instead. The source is a connection of its own (read-only),
never the store's: in WAL mode its read transaction does not stop the store from writing, and
the store's lock is never taken, so the tables keep being acknowledged while a backup runs.

Each backup is written under a temporary name in the backup folder, made a single file
(journal mode DELETE: nothing beside it on the stick), checked with `PRAGMA integrity_check`,
flushed to the medium and only then renamed to its final name, EVENT-YYYYMMDD-HHMMSS-mmm.db
(UTC), so the newest sorts last and a half-written file never looks like a backup. The folder
keeps the last `keep` backups of the event.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .health import connect_read_only, inspect

if TYPE_CHECKING:
    from . import Store

KEEP = 12
"""Backups kept per event in the backup folder (an hour of them at the default 5 minutes)."""

PARTIAL = ".partial"


class BackupError(Exception):
    """A backup or restore could not be made or did not verify; nothing was replaced."""


def backup_name(event: Path, now_ms: int) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now_ms / 1000))
    return f"{event.stem}-{stamp}-{now_ms % 1000:03d}.db"


def _pattern(event_stem: str) -> re.Pattern[str]:
    return re.compile(re.escape(event_stem) + r"-\d{8}-\d{6}-\d{3}\.db")


def backups(folder: str | Path, event_stem: str | None = None) -> list[Path]:
    """The backups in `folder` (of one event, or of any), oldest first."""
    pattern = (_pattern(event_stem) if event_stem is not None
               else re.compile(r".+-\d{8}-\d{6}-\d{3}\.db"))
    found = [p for p in Path(folder).iterdir() if p.is_file() and pattern.fullmatch(p.name)]
    # The name's time stamp (its last 22 characters) orders them, whatever the event's name.
    return sorted(found, key=lambda p: (p.name[-22:], p.name))


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy `source` into a new file `target` through the backup API, as one file."""
    dest = sqlite3.connect(str(target))
    try:
        source.backup(dest)
        # The copy inherits WAL mode from the event; one self-contained file is what a
        # stick, a mail or a second laptop needs.
        dest.execute("PRAGMA journal_mode = DELETE")
    finally:
        dest.close()


def verify(path: str | Path) -> None:
    """Raise BackupError unless `path` is a whole Traveller event file."""
    report = inspect(path, thorough=True, read_only=True)
    problems = [p for p in report.problems if not p.startswith("cannot write")]
    if problems:
        raise BackupError(f"{path}: {problems[0]}")


def backup(event: str | Path, folder: str | Path, keep: int = KEEP,
           now_ms: int | None = None) -> Path:
    """One verified backup of `event` in `folder`, the oldest beyond `keep` removed; its path.

    Safe while the event is served (see the module's note)."""
    event, folder = Path(event), Path(folder)
    if not event.is_file():
        raise BackupError(f"no event file at {str(event)!r}")
    if not folder.is_dir():
        raise BackupError(f"no backup folder {str(folder)!r} (is the stick plugged in?)")
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    final = folder / backup_name(event, now_ms)
    partial = final.with_name(final.name + PARTIAL)
    try:
        source = connect_read_only(event)
        try:
            copy(source, partial)
        finally:
            source.close()
        verify(partial)
        _sync(partial)
        os.replace(partial, final)
        _sync(folder)
    except (OSError, sqlite3.Error, BackupError) as exc:
        partial.unlink(missing_ok=True)
        if isinstance(exc, BackupError):
            raise
        raise BackupError(f"cannot back up {str(event)!r} to {str(folder)!r}: {exc}") from None
    for old in backups(folder, event.stem)[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
    return final


def newest(folder: str | Path) -> Path:
    """The newest backup in `folder` (of any event)."""
    found = backups(folder)
    if not found:
        raise BackupError(f"no backup in {str(folder)!r}")
    return found[-1]


def restore(source: str | Path, event: str | Path, force: bool = False) -> Path:
    """Make `event` a copy of the backup `source` (a file, or a folder: its newest backup).

    The backup is verified first; an existing event file is replaced only with `force`, and
    then through the backup API into that file, so its own WAL cannot be replayed over the
    restored pages. Returns the backup restored."""
    source, event = Path(source), Path(event)
    if source.is_dir():
        source = newest(source)
    if not source.is_file():
        raise BackupError(f"no backup at {str(source)!r}")
    verify(source)
    if event.exists() and not force:
        raise BackupError(f"{str(event)!r} already exists; add --force to replace it")
    if not event.resolve().parent.is_dir():
        raise BackupError(f"no folder for {str(event)!r}")
    if event.exists() and event.resolve() == source.resolve():
        raise BackupError("the backup and the event file are the same file")
    sides = [event.with_name(event.name + s) for s in ("-wal", "-shm")]
    if event.exists() and not inspect(event, thorough=False).sqlite:
        # Not SQLite at all (a stray file): nothing of it is worth keeping, forced.
        for path in [event, *sides]:
            path.unlink(missing_ok=True)
    elif not event.exists() and sides[0].exists():
        raise BackupError(f"{str(sides[0])!r} is left from another event file: move it away "
                          "first (SQLite would replay it over the restored file)")
    try:
        src = connect_read_only(source)
        try:
            if event.exists():
                dest = sqlite3.connect(str(event), timeout=30)
                try:
                    src.backup(dest)
                finally:
                    dest.close()
            else:
                partial = event.with_name(event.name + PARTIAL)
                partial.unlink(missing_ok=True)
                try:
                    copy(src, partial)
                    os.replace(partial, event)
                finally:
                    partial.unlink(missing_ok=True)
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore {str(source)!r} to {str(event)!r}: {exc}") from None
    verify(event)
    return source


def change_mark(store: Store) -> int:
    """A number that grows with every stored change (each one is audited): equal marks, the
    same event."""
    with store.read() as db:
        rows = list(db.query("select max(id) as mark from audit"))
    return int(rows[0]["mark"] or 0)
