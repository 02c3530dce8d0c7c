"""Serving the table terminal: its app shell, its modules, its service worker, socket.io-client.

The terminal is plain files in `terminal/`; socket.io-client is served from where npm installed
it (never copied into the repository). The shell is sent with `no-cache` so a terminal online
always revalidates, while its service worker keeps a copy for when the Wi-Fi is gone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, render_template, send_from_directory

from ..app import get_store

bp = Blueprint("terminal", __name__)

_HIDDEN = ("node_modules", "tests", "package.json", "package-lock.json")


def _terminal_dir() -> Path:
    return Path(current_app.config["TERMINAL_DIR"])


def _send(directory: Path, path: str, **headers: str) -> Any:
    response = send_from_directory(directory, path, max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    response.headers.update(headers)
    return response


@bp.get("/")
def home() -> Any:
    store = get_store()
    return render_template("home.html", name=store.setting("name", ""))


@bp.get("/t/<token>")
def table(token: str) -> Any:
    if get_store().table_by_token(token) is None:
        return render_template("unknown_table.html"), 404
    return _send(_terminal_dir(), "index.html")


@bp.get("/terminal/<path:path>")
def terminal_file(path: str) -> Any:
    if path.split("/", 1)[0] in _HIDDEN:
        abort(404)
    return _send(_terminal_dir(), path)


@bp.get("/vendor/socket.io.esm.min.js")
def socketio_client() -> Any:
    dist = _terminal_dir() / "node_modules" / "socket.io-client" / "dist"
    if not (dist / "socket.io.esm.min.js").is_file():
        abort(500, description="socket.io-client is not installed: run `make setup`")
    return _send(dist, "socket.io.esm.min.js")


@bp.get("/sw.js")
def service_worker() -> Any:
    return _send(_terminal_dir(), "sw.js", **{"Service-Worker-Allowed": "/"})
