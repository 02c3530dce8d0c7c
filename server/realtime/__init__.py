"""The Socket.IO namespaces: `/table` for the terminals (server/realtime/table.py), `/director`
for the console, `/results` for the projector (server/realtime/projector.py).

Handlers validate, call one use-case function and deliver the Outcome it returns
(server/realtime/push.py): a terminal's acknowledgement goes back at once and everyone else
hears of the change soon after; a console form's Outcome is delivered at once through the
Broadcaster that `register` puts in `app.extensions` for the web layer (`server.context`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, abort
from flask_socketio import ConnectionRefusedError, SocketIO, emit, join_room

from ..context import DirectorSockets, current_director, get_director_sockets, has_event
from . import connections, guards, table
from .collector import Activity, Collector
from .connections import session_id
from .gridfeed import PATCHES, WHOLE
from .projector import register as register_projector
from .push import Broadcaster, Notifier, push_grid


def loop_idle(socketio: SocketIO) -> Callable[[], Any]:
    """Wait until the event loop has nothing else to do: gevent's `idle` when serving, a
    mere yield under the other async modes (the tests' threading)."""
    if socketio.async_mode == "gevent":
        import gevent

        return gevent.idle
    return lambda: socketio.sleep(0)


def _transport() -> Any:
    abort(404)


def register(app: Flask, socketio: SocketIO) -> None:
    activity = Activity()
    notifier = app.extensions["traveller.notifier"] = Notifier(socketio, activity,
                                                               idle=loop_idle(socketio))
    app.extensions["traveller.broadcast"] = Broadcaster(socketio, notifier)
    connections.register(app)
    # Flask-SocketIO runs every event in a request context made from its connection's environ,
    # whose path is /socket.io/: with no rule for it, Werkzeug tried the app's eighty rules and
    # built a NotFound for every event, a third of the context's cost (measured). The
    # middleware answers /socket.io/ before Flask does, so this rule never serves a request.
    # A websocket's context matches only a websocket rule: without its twin, every one built
    # a WebsocketMismatch, whose traceback left a garbage cycle per connection (measured).
    app.add_url_rule("/socket.io/", endpoint="socketio_transport", view_func=_transport)
    app.add_url_rule("/socket.io/", endpoint="socketio_websocket", view_func=_transport,
                     websocket=True)
    app.extensions["traveller.collector"] = Collector(activity)
    guards.install(socketio, touch=activity.touch)
    table.register(app, socketio, notifier)
    register_projector(app, socketio, notifier.projector)

    app.extensions["traveller.director_sockets"] = DirectorSockets(
        lambda sid, namespace: socketio.server.disconnect(sid, namespace=namespace))

    @socketio.on("connect", namespace="/director")
    def director_connect(auth: Any = None) -> None:
        director = current_director() if has_event() else None
        if director is None:
            raise ConnectionRefusedError("log in as the director first")
        # Logging out or a password change closes this connection (server.context).
        get_director_sockets().opened(session_id(), "/director", director.id)
        # The console takes the grid's changes as patches when it says so (gridfeed).
        patches = isinstance(auth, dict) and auth.get("patches") is True
        join_room(PATCHES if patches else WHOLE)
        emit("grid", push_grid(socketio, to=session_id()))

    @socketio.on("get_grid", namespace="/director")
    def get_grid(*_: Any) -> dict[str, Any]:
        """The whole grid now, to a console whose grid is not at a patch's base."""
        return {"ok": True, "grid": push_grid(socketio, to=session_id())}

    @socketio.on("refresh_grid", namespace="/director")
    def refresh_grid(*_: Any) -> dict[str, Any]:
        """The grid again soon, to every console: the alerts that time alone raises (a table
        late, a terminal offline for a minute) come with no change to push them."""
        notifier.refresh_grid()
        return {"ok": True}

    @socketio.on("disconnect", namespace="/director")
    def director_disconnect(*_: Any) -> None:
        get_director_sockets().closed(session_id())
