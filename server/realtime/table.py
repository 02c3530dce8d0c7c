"""The `/table` namespace: the terminals at the tables.

A terminal authenticates at connect with its table's secret (`auth={"token": ...}`) and is
refused there if the secret is unknown, so no handler ever runs for a stranger. It joins its
table's room; every change at a table is pushed to that room as a fresh `state`, and to the
director namespace as a fresh grid. Each event handler validates, calls one use-case function
(`server.table.actions`) and hands its Outcome to the Notifier; under `table_event` it never
raises: bad input and bugs become error acks.

The events after the connection, and the disconnection, are python-socketio handlers run in
an app context, given the connection's sid; not Flask-SocketIO's, which build a whole request
context (a URL match, a session) for every message: a terminal's events read no request, no
cookie and no session, and that context was the largest cost of an acknowledgement besides
the store (measured). Connecting, which reads the handshake, stays a Flask-SocketIO handler.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask_socketio import ConnectionRefusedError, SocketIO, emit, join_room

from ..context import get_offline, get_presence, get_store, has_event
from ..errors import TravellerError, check_input, error_body, has_lone_surrogate, ok_body
from ..store import TableRow
from ..table import actions, seating
from ..table.state import traveller
from .budget import BURST, PER_SECOND, MessageBudget
from .connections import find_table, get_sides, joined, session_id, side_of, table_room
from .push import Notifier, now_ms, send_state

log = logging.getLogger(__name__)

Handler = Callable[[TableRow, str, Any], dict[str, Any]]


def table_event(app: Flask, failure: str, budget: MessageBudget | None = None,
                ) -> Callable[[Handler], Callable[..., dict[str, Any]]]:
    """Run a `/table` event, in an app context of `app`, for the connection's table and sid: a
    connection without a table is refused, a message past its table's `budget` is refused
    (`server.realtime.budget`), an input with a string too long or not valid Unicode is
    refused before the handler sees it, a TravellerError becomes its error ack, and a bug the
    `internal_error` ack saying `failure` (the terminal keeps what it sent and can retry);
    never an exception. Arguments after the payload are ignored."""

    def guard(handler: Handler) -> Callable[..., dict[str, Any]]:
        @functools.wraps(handler)
        def run(sid: str, payload: Any = None, *_: Any) -> dict[str, Any]:
            with app.app_context():
                table = get_presence().table_of(sid)
                if table is None:
                    return error_body("not_joined", "this connection has no table", 403)
                key = (table.section, table.number)
                if budget is not None and not budget.take(key):
                    return error_body(
                        "too_many_messages", f"this table sent more than {budget.burst} "
                        f"messages in a few seconds: try again in {budget.retry_after(key)} "
                        "seconds", 429)
                try:
                    check_input(payload)
                    return handler(table, sid, payload)
                except TravellerError as exc:
                    return exc.body()
                except Exception:
                    log.exception("%s failed for table %s", handler.__name__, table.number)
                    return error_body("internal_error", failure, 500)

        return run

    return guard


def register(app: Flask, socketio: SocketIO, notifier: Notifier) -> None:
    # TABLE_MESSAGES: (burst, per second) of a table's messages; a burst of 0 takes them all.
    budget = MessageBudget(*app.config.get("TABLE_MESSAGES", (BURST, PER_SECOND)))

    def on(event: str, failure: str) -> Callable[[Handler], Handler]:
        """Register a python-socketio handler of `/table` (see the module's text)."""
        def add(handler: Handler) -> Handler:
            socketio.server.on(event, table_event(app, failure, budget)(handler),
                               namespace="/table")
            return handler

        return add

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
        others = same_side(table, side, session_id())
        join_room(table_room(table))
        joined(session_id(), table, side)
        get_presence().join(session_id(), table)
        get_offline().joined(table)
        # The count first: a device to be warned never shows the table before the warning.
        emit("terminals", {"others": len(others)})
        emit("state", send_state(socketio, table, to=session_id()))
        notifier.changed(standings=False)

    def same_side(table: TableRow, side: str, me: str) -> list[str]:
        """The connections other than `me` of this table's side (North-South or East-West)."""
        return [sid for sid in get_presence().sids_at(table)
                if sid != me and side_of(sid) == side]

    @on("take_over", "the server could not do this")
    def take_over(table: TableRow, sid: str, _: Any) -> dict[str, Any]:
        """This device is the table's terminal now: the others of its side are told so."""
        others = same_side(table, side_of(sid), sid)
        for other in others:
            socketio.emit("taken_over", {}, namespace="/table", to=other)
        return ok_body(others=len(others))

    def table_disconnect(sid: str, *_: Any) -> None:
        """A terminal left (a python-socketio handler, as the events: it reads no request)."""
        with app.app_context():
            try:
                get_sides().leave(sid)
                table = get_presence().leave(sid)
                if table is not None:
                    get_offline().left(table, len(get_presence().sids_at(table)), now_ms())
                    notifier.changed(standings=False)
            except Exception:
                log.exception("a terminal's disconnection failed")

    socketio.server.on("disconnect", table_disconnect, namespace="/table")

    @on("submit_result", "the server could not store this result")
    def submit_result(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.submit_result(
            get_store(), table, side_of(sid), payload, now_ms()))

    @on("call_director", "the server could not do this")
    def call_director(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.call_director(get_store(), table, payload, now_ms()))

    @on("set_players", "the server could not do this")
    def set_players(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.set_players(
            get_store(), table, side_of(sid), payload, now_ms()))

    @on("confirm_match", "the server could not do this")
    def confirm_match(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.confirm_match(
            get_store(), table, side_of(sid), payload, now_ms()))

    @on("confirm_result", "the server could not store this answer")
    def confirm_result(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.confirm_result(
            get_store(), table, side_of(sid), payload, now_ms()))

    @on("reject_result", "the server could not store this answer")
    def reject_result(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return notifier.deliver(actions.reject_result(
            get_store(), table, side_of(sid), payload, now_ms()))

    @on("get_traveller", "the server could not do this")
    def get_traveller(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        board = payload.get("board") if isinstance(payload, dict) else None
        return traveller(get_store(), table, board)

    @on("get_players", "the server could not do this")
    def get_players(table: TableRow, sid: str, payload: Any) -> dict[str, Any]:
        return seating.get_players(get_store(), payload)

    @on("get_state", "the server could not do this")
    def get_state(table: TableRow, sid: str, _: Any) -> dict[str, Any]:
        return {"ok": True, "state": send_state(socketio, table, to=sid)}
