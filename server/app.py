"""The application factory: one Flask app and one Socket.IO server per event file.

`create_app` wires the store, the Socket.IO namespaces and the web blueprints, the way Flask's
own tutorial does. The async mode is a setting: "threading" for tests and tools, "gevent" when
`serve` runs it for `traveller serve` and `traveller demo` (which have patched gevent in before
importing anything), with the print spool's worker beside it.

An app may start before its event exists (`ALLOW_CREATE`: `traveller serve` on a missing file).
Until the director creates the event in the console, `traveller.store` is None and the web
layer answers every page with the creation form or a clear refusal (see `server.context`).
The realtime and web layers read what the factory puts in `app.extensions` through
`server.context`, never from here, so nothing the factory imports imports it back.
"""

from __future__ import annotations

import logging
import secrets
import signal
import socket
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from flask_socketio import SocketIO
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from .backup import BackupSchedule
from .context import Offline, Presence, tell_director, watch_storage
from .errors import CliError, TravellerError, error_body
from .event.keys import secret_key
from .exchange.serving import Exchanger
from .publish.printing import work
from .publish.web import Publisher
from .realtime import register as register_realtime
from .realtime.packet import Packet
from .realtime.rooms import IndexedManager
from .remote.retry import IN_A_PROCESS
from .store import Store
from .web import register as register_web
from .web.forms import wants_json
from .web.pages import error_page
from .web.security import session_lifetime

log = logging.getLogger(__name__)

REPO = Path(__file__).resolve().parent.parent


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
        PERMANENT_SESSION_LIFETIME=session_lifetime(),
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
        app.config["SECRET_KEY"] = secret_key(app.config["DATABASE"])
        app.extensions["traveller.store"] = store
    app.extensions["traveller.presence"] = Presence()
    app.extensions["traveller.offline"] = Offline()
    app.extensions["traveller.publisher"] = publisher(app)
    app.extensions["traveller.exchanger"] = exchanger(app, app.config.get("DATABASE"))

    socketio = SocketIO(
        app,
        async_mode=app.config["ASYNC_MODE"],
        # Terminals are served by this same server; a phone on the venue Wi-Fi reaches it by
        # whatever address the table card printed, so the origin is checked against the host.
        cors_allowed_origins=None,
        ping_interval=10,
        ping_timeout=10,
        # The library's packet, its JSON written once (server.realtime.packet).
        serializer=Packet,
        # Each connection's rooms indexed, so a disconnection does not walk every room.
        client_manager=IndexedManager(),
    )
    app.extensions["traveller.socketio"] = socketio

    register_web(app)
    register_realtime(app, socketio)
    watch_storage(app)
    install_error_pages(app)
    return app


def install_error_pages(app: Flask) -> None:
    """Every refusal and every failure answers: the envelope to a JSON request (a JSON body,
    an Accept header preferring JSON, an /api/ path), a small page of ours to a browser;
    never a traceback or Flask's stock page. A bug is logged once, here."""

    def answer(code: str, error: str, status: int, title: str) -> Any:
        if wants_json():
            return jsonify(error_body(code, error, status)), status
        try:
            page = render_template("error.html", title=title, error=error, status=status)
        except Exception:
            log.warning("could not render the error page", exc_info=True)
            page = f"{status} {title}"
        return page, status

    @app.after_request
    def json_refusal(response: Any) -> Any:
        # A view that answers a refusal with its page, to a request that asked for JSON.
        if response.status_code >= 400 and not response.is_json and wants_json():
            status = response.status_code
            name = HTTP_STATUS_CODES.get(status, "Error")
            code = name.lower().replace(" ", "_").replace("'", "")
            refusal = jsonify(error_body(code, f"{name.lower()}: {request.path[:60]}", status))
            refusal.status_code = status
            return refusal
        return response

    @app.errorhandler(TravellerError)
    def refused(exc: TravellerError) -> Any:
        return answer(exc.code, exc.error, exc.status, "Refused")

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        status = exc.code or 500
        if status < 400 or exc.response is not None:
            return exc  # a redirect, or a response already made
        name = exc.name or "Error"
        code = name.lower().replace(" ", "_").replace("'", "")
        if not wants_json():
            return error_page(exc)  # our page, in the visitor's language
        return answer(code, exc.description or name, status, name)

    @app.errorhandler(Exception)
    def failed(exc: Exception) -> Any:
        if isinstance(exc, HTTPException):
            return http_error(exc)
        log.error("%s %s failed", request.method, request.path, exc_info=exc)
        # `name` is a property of the exception, not of its class: the title is the status's.
        return answer("internal_error", "the server could not do this; the director's "
                      "laptop has logged what went wrong", 500, HTTP_STATUS_CODES[500])


def lan_address() -> str:
    """This machine's address on the venue network, as phones will reach it."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    except OSError:
        pass
    try:
        # Connecting a UDP socket sends nothing; it only asks the kernel which interface
        # would carry traffic, which is the address the phones on the same network can use.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def _print_worker(app: Flask, socketio: SocketIO) -> None:
    """The print spool's worker, from the moment the event exists (it may be created later,
    in the console)."""
    import gevent

    while app.extensions["traveller.store"] is None:
        socketio.sleep(1)
    # Drawing a raster job's pictures runs in the hub's thread pool, not on the tables' loop.
    work(app.extensions["traveller.store"], socketio.sleep,
         offload=gevent.get_hub().threadpool.apply)


def backup_schedule(app: Flask, offload: Any = None) -> BackupSchedule | None:
    """The app's backups (BACKUP_DIR, every BACKUP_EVERY_S seconds), or None without them."""
    folder = app.config.get("BACKUP_DIR")
    if not folder:
        return None
    return BackupSchedule(
        lambda: app.extensions["traveller.store"], folder,
        float(app.config.get("BACKUP_EVERY_S") or 300),
        notify=lambda: tell_director(app), **({"offload": offload} if offload else {}))


def publisher(app: Flask) -> Publisher | None:
    """The results site's publisher (PUBLISH, at most every PUBLISH_EVERY_S seconds, with the
    credentials file PUBLISH_CREDENTIALS), or None without one; `serve` starts it."""
    location = app.config.get("PUBLISH")
    if not location:
        return None
    credentials = app.config.get("PUBLISH_CREDENTIALS")
    return Publisher(lambda: app.extensions["traveller.store"], location,
                     every_s=float(app.config.get("PUBLISH_EVERY_S") or 60),
                     credentials=Path(credentials) if credentials else None)


def exchanger(app: Flask, db_path: Any) -> Exchanger | None:
    """The venues' exchange (EXCHANGE, every EXCHANGE_EVERY_S seconds), or None; `serve`
    starts it."""
    location = app.config.get("EXCHANGE")
    if not location:
        return None
    return Exchanger(lambda: app.extensions["traveller.store"], location,
                     event=Path(db_path) if db_path else None,
                     every_s=float(app.config.get("EXCHANGE_EVERY_S") or 60))


OPEN_FILES = 65536
"""The open files a server asks for: a connection each terminal and console, and a few for
the event file and its log, the backups and the printers."""
SPARE_FILES = 100
"""Files a server needs besides its terminals' connections."""


def open_files(wanted: int = OPEN_FILES) -> int:
    """Raise this process's limit of open files to its hard limit (at most `wanted`), and
    return the limit as it is now. Every terminal's connection is an open file, and a
    laptop's shell starts programs with a soft limit of 1,024: a room of 1,000 tables would be
    refused from about its thousandth connection on, though the hard limit allows far more."""
    try:
        import resource
    except ImportError:  # not a POSIX system: its own limits stand
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass  # as it was: `terminals_allowed` says what that means
    return OPEN_FILES if soft == resource.RLIM_INFINITY else soft


def terminals_allowed(limit: int) -> int:
    """How many terminals can be connected at once with `limit` open files."""
    return max(0, limit - SPARE_FILES)


def serve(db_path: str, host: str, port: int, on_ready: Any = None,
          config: dict[str, Any] | None = None, tls: tuple[str, str] | None = None) -> None:
    """Serve the event with gevent until Ctrl-C or SIGTERM (gevent must already be patched
    in), then return: the server stops taking requests, the last backup is made.

    `config` adds to the app's, e.g. ALLOW_CREATE to serve a file not created yet, BACKUP_DIR
    and BACKUP_EVERY_S for backups while serving. `tls` is (certificate file, key file) to
    serve https, so that phones run the terminal's service worker (a secure context)."""
    open_files()
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise CliError(f"port {port} on {host} is in use; choose another with --port") from None
    app = create_app({"DATABASE": db_path, "ASYNC_MODE": "gevent", **(config or {})})
    socketio = app.extensions["traveller.socketio"]
    socketio.start_background_task(_print_worker, app, socketio)
    import gevent

    # The copy runs in a thread of the hub's pool: SQLite's C code would hold the event loop.
    backups = backup_schedule(app, offload=gevent.get_hub().threadpool.apply)
    if backups is not None:
        socketio.start_background_task(backups.run, socketio.sleep)
    # The results site on the web: built on the loop, sent from a thread of the hub's pool
    # (a slow or dead link never holds the tables' loop).
    published = app.extensions["traveller.publisher"]
    if published is not None:
        published.offload = gevent.get_hub().threadpool.apply
        published.by_process = published.kind in IN_A_PROCESS
        socketio.start_background_task(published.run, socketio.sleep)
    # The venues' exchange likewise: the store on the loop, the location in the pool.
    exchanging = app.extensions["traveller.exchanger"]
    if exchanging is not None:
        exchanging.offload = gevent.get_hub().threadpool.apply
        exchanging.by_process = exchanging.kind in IN_A_PROCESS
        socketio.start_background_task(exchanging.run, socketio.sleep)
    if on_ready is not None:
        socketio.start_background_task(on_ready)
    # Garbage is collected at quiet moments, not in the middle of a round's entries.
    collector = app.extensions["traveller.collector"]
    collector.install()
    socketio.start_background_task(collector.run, socketio.sleep)

    def stop() -> None:
        # Ctrl-C stops the server instead of raising KeyboardInterrupt through gevent's hub
        # (which prints it with a traceback); open sockets get a second to close.
        if socketio.wsgi_server is not None:
            socketio.wsgi_server.stop(timeout=1)

    for number in (signal.SIGINT, signal.SIGTERM):
        gevent.signal_handler(number, stop)
    certificate = {"certfile": tls[0], "keyfile": tls[1]} if tls else {}
    try:
        socketio.run(app, host=host, port=port, log_output=False, **certificate)
    finally:
        collector.uninstall()
        if backups is not None:
            backups.last()
