"""What every Socket.IO message meets before a handler: an answer, whatever it is.

Every event a client emits with an acknowledgement id gets the envelope back: an unknown
event its `unknown_event` refusal, a bug its `internal_error` (logged once), never silence.
python-socketio hands a client's EVENT packet named "connect" or "disconnect" to the server's
own connect and disconnect handlers, which would join or leave a table on a client's word, and
offers no setting against it: `install` renames such an event before dispatch, so it reaches
the catch-all handler and is refused as `reserved_event`, and the lifecycle handlers run only
for real connections and disconnections.

A message whose JSON cannot be read (`server.realtime.packet`) arrives as the event
`UNREADABLE` and is refused as `invalid_input`; a message that is no Socket.IO packet at all (an
unknown packet type, a binary packet nobody asked for) has no ack id to answer and is dropped,
logged in one line, never as a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import request
from flask_socketio import SocketIO

from ..errors import error_body, shown
from .packet import UNREADABLE

log = logging.getLogger(__name__)

NAMESPACES = ("/table", "/director", "/results")

RESERVED = "\x00reserved:"
"""The prefix a client's reserved event name is given: no real event can start with it."""

MALFORMED = "\x00malformed"
"""The name given to an EVENT packet without an event name."""

UNREADABLE_NAME = "\x00unreadable"
"""The name given to an EVENT packet whose JSON could not be read."""


def _renamed(server: Any, data: Any) -> Any:
    if isinstance(data, list) and data and data[0] is UNREADABLE:
        return [UNREADABLE_NAME]
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        return [MALFORMED]
    if data[0] in server.reserved_events or data[0].startswith("\x00"):
        return [RESERVED + data[0], *data[1:]]
    return data


def install(socketio: SocketIO, touch: Callable[[], None] = lambda: None) -> None:
    """Guard every namespace of `socketio` (after its server exists); `touch` hears of every
    event, connection and disconnection as it arrives (the garbage collector's quiet moments,
    `server.realtime.collector`)."""
    server = socketio.server
    dispatch: Callable[..., Any] = server._handle_event

    def handle_event(eio_sid: str, namespace: str | None, id: int | None, data: Any) -> Any:
        touch()
        return dispatch(eio_sid, namespace, id, _renamed(server, data))

    # Only EVENT packets come through here; real connections go through `_handle_connect`.
    server._handle_event = handle_event

    # Connecting and leaving are the clients' traffic too: five hundred terminals joining
    # (or coming back after the Wi-Fi dropped) send no event for seconds, which were taken
    # for silence, in which the collector may begin its whole-heap collection: 80-90 ms for a
    # 500-table event's objects alone (measured in-process), more with the connections',
    # every one of them waiting.
    def touching(handler: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            touch()
            return handler(*args, **kwargs)

        return run

    read: Callable[..., Any] = server._handle_eio_message

    def handle_message(eio_sid: str, data: Any) -> Any:
        try:
            return read(eio_sid, data)
        except ValueError as exc:
            # The library's refusal of a message that is no packet; events' own failures
            # never come here (the handlers answer them).
            log.info("a socket message that is no Socket.IO packet was dropped: %s", exc)
            return None

    server._handle_eio_message = handle_message
    server.eio.on("message", handle_message)

    server._handle_connect = touching(server._handle_connect)
    server._handle_disconnect = touching(server._handle_disconnect)

    for namespace in NAMESPACES:
        socketio.on("*", namespace=namespace)(_unknown)

    @socketio.on_error_default
    def failed(exc: BaseException) -> Any:
        event = getattr(request, "event", None) or {}
        message = event.get("message")
        log.error("socket event %s failed", shown(message), exc_info=exc)
        if message == "connect":
            return False  # a connection whose set-up failed is refused, not half made
        return error_body("internal_error", "the server could not do this", 500)


def _unknown(event: Any, *_: Any) -> dict[str, Any]:
    if isinstance(event, str) and event.startswith(RESERVED):
        return error_body("reserved_event", f"{shown(event[len(RESERVED):])} is the "
                          "server's own event: a client may not send it", 400)
    if event == MALFORMED:
        return error_body("unknown_event", "the message names no event", 400)
    if event == UNREADABLE_NAME:
        return error_body("invalid_input", "the message could not be read: it is not JSON, "
                          "nests too deeply or holds a number of more than 100 digits", 400)
    return error_body("unknown_event", f"there is no event {shown(event)}", 404)
