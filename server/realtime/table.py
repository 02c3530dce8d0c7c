"""The `/table` namespace: the terminals at the tables.

A terminal authenticates at connect with its table's secret (`auth={"token": ...}`) and is
refused there if the secret is unknown, so no handler ever runs for a stranger. It joins its
table's room; every change at a table is pushed to that room as a fresh `state`, and to the
director namespace as a fresh grid. Each event handler validates, calls one use-case function
(`server.table.actions`) and hands its Outcome to the Notifier; under `table_event` it never
raises: bad input and bugs become error acks.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from flask_socketio import ConnectionRefusedError, SocketIO, emit, join_room

from ..context import get_offline, get_presence, get_store, has_event
from ..errors import TravellerError, check_input, error_body, has_lone_surrogate, ok_body
from ..store import TableRow
from ..table import actions
from ..table.state import table_state, traveller
from .connections import find_table, get_sides, joined, session_id, side_of, table_room
from .push import Notifier, now_ms

log = logging.getLogger(__name__)

Handler = Callable[[TableRow, Any], dict[str, Any]]


def table_event(failure: str) -> Callable[[Handler], Callable[..., dict[str, Any]]]:
    """Run a `/table` event for the connection's table: a connection without one is refused,
    an input with a string too long or not valid Unicode is refused before the handler sees
    it, a TravellerError becomes its error ack, and a bug the `internal_error` ack saying
    `failure` (the terminal keeps what it sent and can retry); never an exception. Arguments
    after the payload are ignored."""

    def guard(handler: Handler) -> Callable[..., dict[str, Any]]:
        @functools.wraps(handler)
        def run(payload: Any = None, *_: Any) -> dict[str, Any]:
            table = get_presence().table_of(session_id())
            if table is None:
                return error_body("not_joined", "this connection has no table", 403)
            try:
                check_input(payload)
                return handler(table, payload)
            except TravellerError as exc:
                return exc.body()
            except Exception:
                log.exception("%s failed for table %s", handler.__name__, table.number)
                return error_body("internal_error", failure, 500)

        return run

    return guard


def register(socketio: SocketIO, notifier: Notifier) -> None:
    @socketio.on("connect", namespace="/table")
    def table_connect(auth: Any = None) -> None:
        if not has_event():
            raise ConnectionRefusedError("no event yet: wait for the director to create it")
        token = auth.get("token") if isinstance(auth, dict) else None
        if not isinstance(token, str) or len(token) > 200 or has_lone_surrogate(token):
            token = None  # never a secret: refused below like any unknown one
        table, side = find_table(token) if token is not None else (None, "ns")
        if table is None:
            raise ConnectionRefusedError("unknown table: scan the QR code on the table card again")
        # Another device already the terminal of this side of the table: the newcomer is
        # warned before it enters (it may take over, the other one then hears of it).
        others = same_side(table, side)
        join_room(table_room(table))
        joined(session_id(), table, side)
        get_presence().join(session_id(), table)
        get_offline().joined(table)
        # The count first: a device to be warned never shows the table before the warning.
        emit("terminals", {"others": len(others)})
        emit("state", table_state(get_store(), table, now_ms()) | {"side": side})
        notifier.changed(standings=False)

    def same_side(table: TableRow, side: str) -> list[str]:
        """The other connections of this table's side (North-South or East-West)."""
        me = session_id()
        return [sid for sid in get_presence().sids_at(table)
                if sid != me and side_of(sid) == side]

    @socketio.on("take_over", namespace="/table")
    @table_event("the server could not do this")
    def take_over(table: TableRow, _: Any) -> dict[str, Any]:
        """This device is the table's terminal now: the others of its side are told so."""
        others = same_side(table, side_of(session_id()))
        for sid in others:
            socketio.emit("taken_over", {}, namespace="/table", to=sid)
        return ok_body(others=len(others))

    @socketio.on("disconnect", namespace="/table")
    def table_disconnect(*_: Any) -> None:
        get_sides().leave(session_id())
        table = get_presence().leave(session_id())
        if table is not None:
            get_offline().left(table, get_presence().snapshot(), now_ms())
            notifier.changed(standings=False)

    @socketio.on("submit_result", namespace="/table")
    @table_event("the server could not store this result")
    def submit_result(table: TableRow, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.submit_result(
            get_store(), table, side_of(session_id()), payload, now_ms()))

    @socketio.on("call_director", namespace="/table")
    @table_event("the server could not do this")
    def call_director(table: TableRow, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.call_director(get_store(), table, payload, now_ms()))

    @socketio.on("set_players", namespace="/table")
    @table_event("the server could not do this")
    def set_players(table: TableRow, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.set_players(
            get_store(), table, side_of(session_id()), payload, now_ms()))

    @socketio.on("confirm_match", namespace="/table")
    @table_event("the server could not do this")
    def confirm_match(table: TableRow, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.confirm_match(
            get_store(), table, side_of(session_id()), payload, now_ms()))

    @socketio.on("confirm_result", namespace="/table")
    @table_event("the server could not store this answer")
    def confirm_result(table: TableRow, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.confirm_result(
            get_store(), table, side_of(session_id()), payload, now_ms()))

    @socketio.on("reject_result", namespace="/table")
    @table_event("the server could not store this answer")
    def reject_result(table: TableRow, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.reject_result(
            get_store(), table, side_of(session_id()), payload, now_ms()))

    @socketio.on("get_traveller", namespace="/table")
    @table_event("the server could not do this")
    def get_traveller(table: TableRow, payload: Any) -> dict[str, Any]:
        board = payload.get("board") if isinstance(payload, dict) else None
        return traveller(get_store(), table, board)

    @socketio.on("get_state", namespace="/table")
    @table_event("the server could not do this")
    def get_state(table: TableRow, _: Any) -> dict[str, Any]:
        state = table_state(get_store(), table, now_ms())
        return {"ok": True, "state": state | {"side": side_of(session_id())}}
