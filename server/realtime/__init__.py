"""The Socket.IO namespaces: `/table` for the terminals, `/director` for the console
(and `/results` for the projector, in server/realtime/projector.py).

A terminal authenticates at connect with its table's secret (`auth={"token": ...}`) and is
refused there if the secret is unknown, so no handler ever runs for a stranger. It joins its
table's room; every change at a table is pushed to that room as a fresh `state`, and to the
director namespace as a fresh grid. Handlers never raise: bad input becomes an error ack.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from flask import Flask, current_app, request, session
from flask_socketio import ConnectionRefusedError, SocketIO, emit, join_room

from ..context import get_offline, get_presence, get_store, has_event
from ..direction.grid import grid
from ..errors import TravellerError, error_body
from ..event.clocks import ClockBook, clock_wire
from ..store import TableRow
from ..table import calls, entry, seating
from ..table.state import table_state, traveller
from ..teams import captains
from ..teams.matches import partner_tables
from . import ew as east_west
from .projector import ProjectorFeed
from .projector import register as register_projector

log = logging.getLogger(__name__)


def now_ms() -> int:
    return int(time.time() * 1000)


def table_room(table: TableRow) -> str:
    return f"table:{table.section}:{table.number}"


def push_table(socketio: SocketIO, table: TableRow) -> None:
    store = get_store()
    state = table_state(store, table, now_ms())
    # Each side its own `side`: East-West terminals hear the table's room but not this push.
    ew_sids = east_west.get_sides().at(table)
    socketio.emit("state", state | {"side": "ns"}, namespace="/table", to=table_room(table),
                  skip_sid=ew_sids or None)
    if ew_sids:
        socketio.emit("state", state | {"side": "ew"}, namespace="/table",
                      to=east_west.ew_room(table))


def director_grid() -> dict[str, Any]:
    return grid(get_store(), get_presence().snapshot(), now_ms(), get_offline().snapshot())


def push_grid(socketio: SocketIO) -> None:
    socketio.emit("grid", director_grid(), namespace="/director")


def push_clock(socketio: SocketIO) -> None:
    """Each table its own effective clock (a table may run on its own), the console the
    round's clock."""
    store, now = get_store(), now_ms()
    clocks = ClockBook.load(store)
    for table in store.tables():
        socketio.emit("clock", clock_wire(clocks.of(table.section, table.number), now),
                      namespace="/table", to=table_room(table))
    socketio.emit("clock", clock_wire(store.clock(), now), namespace="/director")


class Notifier:
    """Pushes changes after the acknowledgement has gone, and the grid at most every 0.25 s.

    The ack is the handler's return value, so anything done inside the handler delays it;
    the table's new state and the director's grid are sent from a background task instead.
    A burst of entries from a hundred tables becomes a few grid pushes, not a hundred.
    """

    GRID_INTERVAL = 0.25

    def __init__(self, socketio: SocketIO) -> None:
        self.socketio = socketio
        self._lock = threading.Lock()
        self._grid_due = False
        self._tables: set[TableRow] = set()
        self.projector = ProjectorFeed(socketio)

    def changed(self, table: TableRow | None = None, *, standings: bool = True) -> None:
        """Push `table`'s state (and, in a teams event, the other room's of its match, whose
        match panel shows it too), the grid and the projector soon; `standings=False` says the
        change can at most complete a round (see ProjectorFeed.changed)."""
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        self.projector.changed(standings)
        tables = [] if table is None else [table, *partner_tables(get_store(), table)]
        with self._lock:
            self._tables.update(tables)
            if self._grid_due:
                return
            self._grid_due = True
        self.socketio.start_background_task(self._flush, app)

    def _flush(self, app: Flask) -> None:
        try:
            self._push(app)
        except Exception:
            # A push that fails (the event file closed at shutdown) loses nothing: terminals
            # ask for their state on every reconnect, and the grid is rebuilt on the next change.
            log.warning("could not push changes", exc_info=True)
            with self._lock:
                self._grid_due = False

    def _push(self, app: Flask) -> None:
        with app.app_context():
            # Tables first and at once: a terminal waits for its new state; the director can
            # wait a quarter of a second to see a burst of entries together.
            with self._lock:
                tables, self._tables = self._tables, set()
            for table in tables:
                push_table(self.socketio, table)
            self.socketio.sleep(self.GRID_INTERVAL)
            with self._lock:
                tables, self._tables = self._tables, set()
                self._grid_due = False
            for table in tables:
                push_table(self.socketio, table)
            push_grid(self.socketio)
            self.projector.push()


def register(app: Flask, socketio: SocketIO) -> None:
    notifier = app.extensions["traveller.notifier"] = Notifier(socketio)
    east_west.register(app, socketio, notifier.changed)
    register_projector(app, socketio, notifier.projector)

    @socketio.on("connect", namespace="/table")
    def table_connect(auth: Any = None) -> None:
        if not has_event():
            raise ConnectionRefusedError("no event yet: wait for the director to create it")
        token = auth.get("token") if isinstance(auth, dict) else None
        table, side = east_west.find_table(token) if isinstance(token, str) else (None, "ns")
        if table is None:
            raise ConnectionRefusedError("unknown table: scan the QR code on the table card again")
        join_room(table_room(table))
        east_west.joined(request.sid, table, side)  # type: ignore[attr-defined]
        get_presence().join(request.sid, table)  # type: ignore[attr-defined]
        get_offline().joined(table)
        emit("state", table_state(get_store(), table, now_ms()) | {"side": side})
        notifier.changed(standings=False)

    @socketio.on("disconnect", namespace="/table")
    def table_disconnect(*_: Any) -> None:
        east_west.get_sides().leave(request.sid)  # type: ignore[attr-defined]
        table = get_presence().leave(request.sid)  # type: ignore[attr-defined]
        if table is not None:
            get_offline().left(table, get_presence().snapshot(), now_ms())
            notifier.changed(standings=False)

    @socketio.on("submit_result", namespace="/table")
    def submit_result(payload: Any = None) -> dict[str, Any]:
        table = get_presence().table_of(request.sid)  # type: ignore[attr-defined]
        if table is None:
            return error_body("not_joined", "this connection has no table", 403)
        if refused := east_west.ns_only(request.sid):  # type: ignore[attr-defined]
            return refused
        try:
            ack = entry.submit_result(
                get_store(), table, payload, now_ms(), actor=f"table {table.number}"
            )
        except TravellerError as exc:
            return exc.body()
        except Exception:
            # Never let a bug cost the terminal its ack: it keeps the entry and can retry.
            log.exception("submit_result failed for table %s", table.number)
            return error_body("internal_error", "the server could not store this result", 500)
        if not ack.get("duplicate"):
            notifier.changed(table, standings=False)
        return ack

    def guarded(table_action: Any) -> Any:
        """Run a table's request; bad input and bugs become error acks, never exceptions."""
        table = get_presence().table_of(request.sid)  # type: ignore[attr-defined]
        if table is None:
            return error_body("not_joined", "this connection has no table", 403)
        try:
            return table_action(table)
        except TravellerError as exc:
            return exc.body()
        except Exception:
            log.exception("table request failed for table %s", table.number)
            return error_body("internal_error", "the server could not do this", 500)

    @socketio.on("call_director", namespace="/table")
    def call_director(payload: Any = None) -> dict[str, Any]:
        def act(table: TableRow) -> dict[str, Any]:
            ack = calls.call_director(get_store(), table, payload, now_ms())
            notifier.changed(table)
            return ack

        result: dict[str, Any] = guarded(act)
        return result

    @socketio.on("set_players", namespace="/table")
    def set_players(payload: Any = None) -> dict[str, Any]:
        if refused := east_west.ns_only(request.sid):  # type: ignore[attr-defined]
            return refused

        def act(table: TableRow) -> dict[str, Any]:
            ack = seating.set_players(get_store(), table, payload, now_ms(),
                                      actor=f"table {table.number}")
            if not ack.get("duplicate"):
                notifier.changed(table)
            return ack

        result: dict[str, Any] = guarded(act)
        return result

    @socketio.on("confirm_match", namespace="/table")
    def confirm_match(payload: Any = None) -> dict[str, Any]:
        if refused := east_west.ns_only(request.sid):  # type: ignore[attr-defined]
            return refused

        def act(table: TableRow) -> dict[str, Any]:
            ack = captains.confirm_match(get_store(), table, payload, now_ms(),
                                      actor=f"table {table.section}{table.number}")
            if not ack.get("duplicate"):
                notifier.changed(table)
            return ack

        result: dict[str, Any] = guarded(act)
        return result

    @socketio.on("get_traveller", namespace="/table")
    def get_traveller(payload: Any = None) -> dict[str, Any]:
        board = payload.get("board") if isinstance(payload, dict) else None
        result: dict[str, Any] = guarded(lambda t: traveller(get_store(), t, board))
        return result

    @socketio.on("get_state", namespace="/table")
    def get_state(*_: Any) -> dict[str, Any]:
        table = get_presence().table_of(request.sid)  # type: ignore[attr-defined]
        if table is None:
            return error_body("not_joined", "this connection has no table", 403)
        side = east_west.side_of(request.sid)  # type: ignore[attr-defined]
        state = table_state(get_store(), table, now_ms())
        return {"ok": True, "state": state | {"side": side}}

    @socketio.on("connect", namespace="/director")
    def director_connect(auth: Any = None) -> None:
        if not session.get("director") or not has_event():
            raise ConnectionRefusedError("log in as the director first")
        emit("grid", director_grid())
