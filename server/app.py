"""The application factory: one Flask app and one Socket.IO server per event file.

`create_app` wires the store, the Socket.IO namespaces and the web blueprints, the way Flask's
own tutorial does. The async mode is a setting: "threading" for tests and tools, "gevent" when
`traveller serve` runs it (and has patched gevent in before importing anything).

An app may start before its event exists (`ALLOW_CREATE`: `traveller serve` on a missing file).
Until the director creates the event in the console, `traveller.store` is None, `get_store`
raises `NoEvent`, and the web layer answers every page with the creation form or a clear
refusal; `open_event` then makes the new file the app's store for good.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, current_app, jsonify
from flask_socketio import SocketIO
from werkzeug.exceptions import HTTPException

from .errors import TravellerError, error_body
from .store import Store, TableRow

REPO = Path(__file__).resolve().parent.parent


class NoEvent(TravellerError):
    """The server was started before its event file exists: nothing can be read or played."""

    def __init__(self) -> None:
        super().__init__("no_event", "there is no event yet: the director creates it in the "
                         "console at /director/create", 503)


class Presence:
    """Which terminals are connected right now (in memory: after a restart nobody is)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, TableRow] = {}

    def join(self, sid: str, table: TableRow) -> None:
        with self._lock:
            self._tables[sid] = table

    def leave(self, sid: str) -> TableRow | None:
        with self._lock:
            return self._tables.pop(sid, None)

    def table_of(self, sid: str) -> TableRow | None:
        with self._lock:
            return self._tables.get(sid)

    def snapshot(self) -> dict[tuple[str, int], int]:
        """Connected terminals per (section, table)."""
        counts: dict[tuple[str, int], int] = {}
        with self._lock:
            for table in self._tables.values():
                key = (table.section, table.number)
                counts[key] = counts.get(key, 0) + 1
        return counts


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, template_folder="web/templates", static_folder="web/static",
                static_url_path="/static")
    app.config.update(
        DATABASE=None,
        ASYNC_MODE="threading",
        TERMINAL_DIR=str(REPO / "terminal"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        ALLOW_CREATE=False,
        SEEDS=str(REPO / "seeds"),
        BASE_URL=None,
    )
    if test_config:
        app.config.update(test_config)
    if not app.config["DATABASE"]:
        raise ValueError("create_app needs DATABASE: the path of an event file")
    if app.config["ALLOW_CREATE"] and not Path(app.config["DATABASE"]).exists():
        # No event yet: sessions (and the creation form's CSRF token) are signed with a key
        # of this process until the event's own key takes over in `open_event`.
        app.config["SECRET_KEY"] = secrets.token_hex(32)
        app.extensions["traveller.store"] = None
    else:
        store = Store.open(app.config["DATABASE"])
        app.config["SECRET_KEY"] = store.setting("secret_key")
        app.extensions["traveller.store"] = store
    app.extensions["traveller.presence"] = Presence()

    socketio = SocketIO(
        app,
        async_mode=app.config["ASYNC_MODE"],
        # Terminals are served by this same server; a phone on the venue Wi-Fi reaches it by
        # whatever address the table card printed, so the origin is checked against the host.
        cors_allowed_origins=None,
        ping_interval=10,
        ping_timeout=10,
    )
    app.extensions["traveller.socketio"] = socketio

    from .realtime import register as register_realtime
    from .web import register as register_web

    register_web(app)
    register_realtime(app, socketio)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        from flask import request

        if request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json":
            code = (exc.name or "error").lower().replace(" ", "_")
            return jsonify(error_body(code, exc.description or exc.name, exc.code or 500)), exc.code
        return exc

    return app


def has_event() -> bool:
    """Whether the app has its event (False only while it waits to be created)."""
    return current_app.extensions.get("traveller.store") is not None


def get_store() -> Store:
    store: Store | None = current_app.extensions["traveller.store"]
    if store is None:
        raise NoEvent()
    return store


def open_event(app: Flask, store: Store) -> None:
    """Make a newly created event the app's store, with its own session key.

    The key changes so that sessions outlive a restart on the event file, as they do for an
    event that existed at start-up; forms opened before the switch must be reloaded."""
    if app.extensions.get("traveller.store") is not None:
        raise RuntimeError("this app already has its event")
    app.config["SECRET_KEY"] = store.setting("secret_key")
    app.extensions["traveller.store"] = store


def get_socketio() -> SocketIO:
    socketio: SocketIO = current_app.extensions["traveller.socketio"]
    return socketio


def get_presence() -> Presence:
    presence: Presence = current_app.extensions["traveller.presence"]
    return presence
