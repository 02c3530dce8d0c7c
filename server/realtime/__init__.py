"""The Socket.IO namespaces: `/table` for the terminals, `/director` for the console.

A terminal authenticates at connect with its table's secret (`auth={"token": ...}`) and is
refused there if the secret is unknown, so no handler ever runs for a stranger. It joins its
table's room; every change at a table is pushed to that room as a fresh `state`, and to the
director namespace as a fresh grid. Handlers never raise: bad input becomes an error ack.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from flask import request, session
from flask_socketio import ConnectionRefusedError, SocketIO, emit, join_room

from .. import play
from ..app import get_presence, get_store
from ..errors import TravellerError, error_body
from ..store import TableRow

log = logging.getLogger(__name__)


def now_ms() -> int:
    return int(time.time() * 1000)


def table_room(table: TableRow) -> str:
    return f"table:{table.section}:{table.number}"


def push_table(socketio: SocketIO, table: TableRow) -> None:
    store = get_store()
    socketio.emit("state", play.table_state(store, table, now_ms()), namespace="/table",
                  to=table_room(table))


def push_grid(socketio: SocketIO) -> None:
    socketio.emit("grid", play.grid(get_store(), get_presence().snapshot(), now_ms()),
                  namespace="/director")


def push_clock(socketio: SocketIO) -> None:
    wire = play.clock_wire(get_store().clock(), now_ms())
    socketio.emit("clock", wire, namespace="/table")
    socketio.emit("clock", wire, namespace="/director")


def register(socketio: SocketIO) -> None:
    @socketio.on("connect", namespace="/table")
    def table_connect(auth: Any = None) -> None:
        token = auth.get("token") if isinstance(auth, dict) else None
        table = get_store().table_by_token(token) if isinstance(token, str) else None
        if table is None:
            raise ConnectionRefusedError("unknown table: scan the QR code on the table card again")
        join_room(table_room(table))
        get_presence().join(request.sid, table)  # type: ignore[attr-defined]
        emit("state", play.table_state(get_store(), table, now_ms()))
        push_grid(socketio)

    @socketio.on("disconnect", namespace="/table")
    def table_disconnect(*_: Any) -> None:
        if get_presence().leave(request.sid) is not None:  # type: ignore[attr-defined]
            push_grid(socketio)

    @socketio.on("submit_result", namespace="/table")
    def submit_result(payload: Any = None) -> dict[str, Any]:
        table = get_presence().table_of(request.sid)  # type: ignore[attr-defined]
        if table is None:
            return error_body("not_joined", "this connection has no table", 403)
        try:
            ack = play.submit_result(
                get_store(), table, payload, now_ms(), actor=f"table {table.number}"
            )
        except TravellerError as exc:
            return exc.body()
        except Exception:
            # Never let a bug cost the terminal its ack: it keeps the entry and can retry.
            log.exception("submit_result failed for table %s", table.number)
            return error_body("internal_error", "the server could not store this result", 500)
        if not ack.get("duplicate"):
            push_table(socketio, table)
            push_grid(socketio)
        return ack

    @socketio.on("get_state", namespace="/table")
    def get_state(*_: Any) -> dict[str, Any]:
        table = get_presence().table_of(request.sid)  # type: ignore[attr-defined]
        if table is None:
            return error_body("not_joined", "this connection has no table", 403)
        return {"ok": True, "state": play.table_state(get_store(), table, now_ms())}

    @socketio.on("connect", namespace="/director")
    def director_connect(auth: Any = None) -> None:
        if not session.get("director"):
            raise ConnectionRefusedError("log in as the director first")
        emit("grid", play.grid(get_store(), get_presence().snapshot(), now_ms()))
