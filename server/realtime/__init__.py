"""The Socket.IO namespaces: `/table` for the terminals (server/realtime/table.py), `/director`
for the console, `/results` for the projector (server/realtime/projector.py).

Handlers validate, call one use-case function and deliver the Outcome it returns
(server/realtime/push.py): a terminal's acknowledgement goes back at once and everyone else
hears of the change soon after; a console form's Outcome is delivered at once through the
Broadcaster that `register` puts in `app.extensions` for the web layer (`server.context`).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, session
from flask_socketio import ConnectionRefusedError, SocketIO, emit

from ..context import has_event
from . import connections, guards, table
from .projector import register as register_projector
from .push import Broadcaster, Notifier, director_grid


def register(app: Flask, socketio: SocketIO) -> None:
    notifier = app.extensions["traveller.notifier"] = Notifier(socketio)
    app.extensions["traveller.broadcast"] = Broadcaster(socketio, notifier)
    connections.register(app)
    guards.install(socketio)
    table.register(socketio, notifier)
    register_projector(app, socketio, notifier.projector)

    @socketio.on("connect", namespace="/director")
    def director_connect(auth: Any = None) -> None:
        if not session.get("director") or not has_event():
            raise ConnectionRefusedError("log in as the director first")
        emit("grid", director_grid())
