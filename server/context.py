"""What a request shares with the rest of the running server: the event's store, which terminals
are connected, since when a table has had none, and the way a console form's changes reach the
terminals.

Each lives in the Flask app's `extensions`, put there by the app factory (`server.app`) and the
Socket.IO layer (`server.realtime`); the socket handlers and the web views read them from here,
never from the module that built them. This module imports nothing of the layers above it,
so any of them may use it without an import circle.

An app may start before its event exists: until the director creates it in the console,
`traveller.store` is None, `get_store` raises `NoEvent`, and `open_event` later makes the new
file the app's store for good.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Protocol

from flask import Flask, current_app, g, session

from .errors import TravellerError
from .event import access
from .event.keys import secret_key
from .event.outcome import Outcome
from .store import Store, TableRow
from .store.sessions import SessionRow


class NoEvent(TravellerError):
    """The server was started before its event file exists: nothing can be read or played."""

    def __init__(self) -> None:
        super().__init__("no_event", "there is no event yet: the director creates it in the "
                         "console at /director/create", 503)


class ByTable:
    """Connections and their tables, kept both ways: a connection's table, and a table's
    connections, so that a table's cost its own, not a walk over every one. Not locked: its
    owner holds its own lock around it."""

    def __init__(self) -> None:
        self._tables: dict[str, TableRow] = {}
        self._at: dict[tuple[str, int], set[str]] = {}

    def add(self, sid: str, table: TableRow) -> None:
        self.remove(sid)
        self._tables[sid] = table
        self._at.setdefault((table.section, table.number), set()).add(sid)

    def remove(self, sid: str) -> TableRow | None:
        table = self._tables.pop(sid, None)
        if table is not None:
            key = (table.section, table.number)
            self._at[key].discard(sid)
            if not self._at[key]:
                del self._at[key]
        return table

    def table_of(self, sid: str) -> TableRow | None:
        return self._tables.get(sid)

    def at(self, table: TableRow) -> list[str]:
        return list(self._at.get((table.section, table.number), ()))

    def counts(self) -> dict[tuple[str, int], int]:
        return {key: len(sids) for key, sids in self._at.items()}


class Presence:
    """Which terminals are connected right now (in memory: after a restart nobody is)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._connected = ByTable()

    def join(self, sid: str, table: TableRow) -> None:
        with self._lock:
            self._connected.add(sid, table)

    def leave(self, sid: str) -> TableRow | None:
        with self._lock:
            return self._connected.remove(sid)

    def table_of(self, sid: str) -> TableRow | None:
        with self._lock:
            return self._connected.table_of(sid)

    def sids_at(self, table: TableRow) -> list[str]:
        """The connections of one table's terminals."""
        with self._lock:
            return self._connected.at(table)

    def snapshot(self) -> dict[tuple[str, int], int]:
        """Connected terminals per (section, table)."""
        with self._lock:
            return self._connected.counts()


class Offline:
    """Since when each table that had a terminal has had none (in memory, like Presence)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._since: dict[tuple[str, int], int] = {}

    def joined(self, table: TableRow) -> None:
        with self._lock:
            self._since.pop((table.section, table.number), None)

    def left(self, table: TableRow, connected: int, at_ms: int) -> None:
        """A terminal of `table` left; `connected` of its terminals are still there."""
        key = (table.section, table.number)
        with self._lock:
            if not connected:
                self._since.setdefault(key, at_ms)

    def snapshot(self) -> dict[tuple[str, int], int]:
        with self._lock:
            return dict(self._since)


class DirectorSockets:
    """The Socket.IO connections each director session opened (the console's `/director`, a
    projector's `/results`), so that ending a session closes them at once (in memory).

    The realtime layer records them and gives the way to close one (`disconnect`); the web
    layer ends them when it revokes sessions."""

    def __init__(self, disconnect: Callable[[str, str], None]) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, tuple[str, int]] = {}
        self._disconnect = disconnect

    def opened(self, sid: str, namespace: str, session_id: int) -> None:
        with self._lock:
            self._open[sid] = (namespace, session_id)

    def closed(self, sid: str) -> None:
        with self._lock:
            self._open.pop(sid, None)

    def end(self, session_ids: list[int]) -> int:
        """Close every connection of these sessions; returns how many were closed."""
        ended = set(session_ids)
        with self._lock:
            doomed = [(sid, ns) for sid, (ns, s) in self._open.items() if s in ended]
            for sid, _ in doomed:
                del self._open[sid]
        for sid, namespace in doomed:
            self._disconnect(sid, namespace)
        return len(doomed)


class Broadcast(Protocol):
    """Delivers a console form's Outcome to the terminals and the console at once (the
    realtime layer's Broadcaster)."""

    def send(self, outcome: Outcome) -> None: ...


def has_event() -> bool:
    """Whether the app has its event (False only while it waits to be created)."""
    return current_app.extensions.get("traveller.store") is not None


def get_store() -> Store:
    store: Store | None = current_app.extensions["traveller.store"]
    if store is None:
        raise NoEvent()
    return store


def open_event(app: Flask, store: Store) -> None:
    """Make a newly created event the app's store, with its own session key (from its key
    file or the environment, never from the event file).

    The key changes so that sessions outlive a restart on the event file, as they do for an
    event that existed at start-up; forms opened before the switch must be reloaded."""
    if app.extensions.get("traveller.store") is not None:
        raise RuntimeError("this app already has its event")
    app.config["SECRET_KEY"] = secret_key(store.path)
    app.extensions["traveller.store"] = store
    watch_storage(app)


STDERR_EVERY_S = 30.0
"""While writes keep failing, stderr is told again at most this often (a line per table's
retry would drown it)."""


def tell_director(app: Flask) -> None:
    """Push the director's grid soon (its alerts changed), from any greenlet or thread."""
    notifier = app.extensions.get("traveller.notifier")
    if notifier is None:
        return
    try:
        with app.app_context():
            notifier.changed(standings=False)
    except Exception:
        pass


def watch_storage(app: Flask) -> None:
    """Have a failed write of the app's store reach stderr and the director's console at once
    (the alert itself is built from `store.health` by the grid)."""
    store: Store | None = app.extensions.get("traveller.store")
    if store is None:
        return
    told = {"at": 0.0, "count": 0, "run": -1}

    def failed(exc: BaseException) -> None:
        now = time.monotonic()
        runs = store.health.failures()
        run = runs[-1][0] if runs else 0
        if run != told["run"] or now - told["at"] >= STDERR_EVERY_S:
            missed = store.health.count - told["count"]
            print(f"traveller: cannot write {store.path}: {exc} ({missed} failed write"
                  f"{'s' if missed != 1 else ''}; tables are not acknowledged)",
                  file=sys.stderr, flush=True)
            told["at"] = now
            told["count"] = store.health.count
            told["run"] = run
        tell_director(app)

    store.health.listen(failed)


def current_director() -> SessionRow | None:
    """The director's session this request (or socket connection) presents, if its row is
    live: signed cookies alone open nothing once the row is revoked or expired."""
    if "traveller_director" not in g:
        found = None
        token = session.get("sid")
        if token and has_event():
            found = access.live_session(get_store(), token, int(time.time() * 1000))
        g.traveller_director = found
    director: SessionRow | None = g.traveller_director
    return director


def get_presence() -> Presence:
    presence: Presence = current_app.extensions["traveller.presence"]
    return presence


def get_offline() -> Offline:
    offline: Offline = current_app.extensions["traveller.offline"]
    return offline


def get_director_sockets() -> DirectorSockets:
    sockets: DirectorSockets = current_app.extensions["traveller.director_sockets"]
    return sockets


def get_broadcast() -> Broadcast:
    broadcast: Broadcast = current_app.extensions["traveller.broadcast"]
    return broadcast
