"""The connections of the `/table` namespace: the Socket.IO session id a handler runs for, and
which side of its table each terminal is.

An East-West terminal connects with its table's East-West secret and joins the table's room,
so it hears everything the table hears (clocks, the director's answers), and a room of its
own, `table:S:N:ew`: the table's `state` goes to each side with its `side` ("ns" or "ew").
Which side may do what is the use case's rule (`server.table.actions`).
"""

from __future__ import annotations

import threading

from flask import Flask, current_app, request
from flask_socketio import join_room

from ..context import ByTable, get_store
from ..store import TableRow
from ..table.terminals import table_by_token
from .gridfeed import GridVersions
from .versions import Versions


def session_id() -> str:
    """The Socket.IO session id of the connection the handler runs for (Flask-SocketIO sets
    it on the request)."""
    sid: str = request.sid  # type: ignore[attr-defined]
    return sid


def table_room(table: TableRow) -> str:
    return f"table:{table.section}:{table.number}"


def ew_room(table: TableRow) -> str:
    return f"table:{table.section}:{table.number}:ew"


class Sides:
    """Which connections are East-West terminals (in memory, like Presence)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ew = ByTable()

    def join(self, sid: str, table: TableRow) -> None:
        with self._lock:
            self._ew.add(sid, table)

    def leave(self, sid: str) -> None:
        with self._lock:
            self._ew.remove(sid)

    def is_ew(self, sid: str) -> bool:
        with self._lock:
            return self._ew.table_of(sid) is not None

    def at(self, table: TableRow) -> list[str]:
        """The East-West connections of a table."""
        with self._lock:
            return self._ew.at(table)


def register(app: Flask) -> None:
    app.extensions["traveller.ew_sides"] = Sides()
    app.extensions["traveller.state_versions"] = Versions()
    app.extensions["traveller.grid_versions"] = GridVersions()


def get_versions() -> Versions:
    """Each table's state as its terminals last heard it (server.realtime.versions)."""
    versions: Versions = current_app.extensions["traveller.state_versions"]
    return versions


def get_grid_versions() -> GridVersions:
    """The director's grid as the consoles last heard it (server.realtime.gridfeed)."""
    versions: GridVersions = current_app.extensions["traveller.grid_versions"]
    return versions


def get_sides() -> Sides:
    sides: Sides = current_app.extensions["traveller.ew_sides"]
    return sides


def find_table(token: str) -> tuple[TableRow | None, str]:
    """The table a terminal's secret opens, and which side: "ns" or "ew"."""
    store = get_store()
    table = store.table_by_token(token)
    if table is not None:
        return table, "ns"
    return table_by_token(store, token), "ew"


def joined(sid: str, table: TableRow, side: str) -> None:
    if side == "ew":
        join_room(ew_room(table))
        get_sides().join(sid, table)


def side_of(sid: str) -> str:
    return "ew" if get_sides().is_ew(sid) else "ns"
