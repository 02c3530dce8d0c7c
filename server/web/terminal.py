"""Serving the table terminal: its app shell, its modules, its service worker, socket.io-client.

The terminal is plain files in `terminal/`; socket.io-client is served from where npm installed
it (never copied into the repository). The shell is sent with `no-cache` so a terminal online
always revalidates, while its service worker keeps a copy for when the Wi-Fi is gone.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    render_template,
    request,
    send_from_directory,
)
from werkzeug.security import safe_join

from ..context import get_store
from ..errors import error_body
from ..table.terminals import table_by_token
from .forms import wants_json

bp = Blueprint("terminal", __name__)

_HIDDEN = ("node_modules", "tests", "package.json", "package-lock.json", "README.md")
_VERSION_LINE = re.compile(r'^const VERSION = "[^"]*";$', re.M)


def _terminal_dir() -> Path:
    return Path(current_app.config["TERMINAL_DIR"])


_COMPRESSIBLE = {".js": "text/javascript", ".css": "text/css", ".html": "text/html",
                 ".json": "application/json", ".webmanifest": "application/manifest+json"}
_gzipped: dict[tuple[str, float], tuple[bytes, str]] = {}


def _gzip(file: Path) -> tuple[bytes, str]:
    """The file gzipped once (per modification time) and its entity tag."""
    key = (str(file), file.stat().st_mtime)
    if key not in _gzipped:
        raw = file.read_bytes()
        _gzipped[key] = (gzip.compress(raw, compresslevel=9, mtime=0),
                         hashlib.sha256(raw).hexdigest()[:20])
    return _gzipped[key]


def _send(directory: Path, path: str, **headers: str) -> Any:
    # Phones on a crowded venue Wi-Fi load the shell once; gzip makes that a third as long.
    file = safe_join(str(directory), path)
    suffix = Path(path).suffix
    if (file is not None and suffix in _COMPRESSIBLE and Path(file).is_file()
            and "gzip" in request.headers.get("Accept-Encoding", "")):
        body, etag = _gzip(Path(file))
        response = Response(body, mimetype=_COMPRESSIBLE[suffix])
        response.headers["Content-Encoding"] = "gzip"
        response.headers["Vary"] = "Accept-Encoding"
        response.set_etag(etag)
        response = response.make_conditional(request)
    else:
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
    # An East-West secret opens the same terminal; it learns its side from its `state`.
    store = get_store()
    if store.table_by_token(token) is None and table_by_token(store, token) is None:
        if wants_json():
            return jsonify(error_body("unknown_table", "there is no table with this secret: "
                                      "scan the QR code on the table card again", 404)), 404
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


def shell_version(terminal_dir: Path) -> str:
    """A digest of every file the terminal is made of, socket.io-client included.

    It becomes the service worker's cache name, so any change to a shell file makes browsers
    install the new worker and fetch the new shell: nobody has to remember to bump a constant.
    """
    digest = hashlib.sha256()
    files = sorted(p for p in terminal_dir.rglob("*") if p.is_file()
                   and p.relative_to(terminal_dir).parts[0] not in _HIDDEN)
    files.append(terminal_dir / "node_modules" / "socket.io-client" / "dist" /
                 "socket.io.esm.min.js")
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(terminal_dir)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@bp.get("/sw.js")
def service_worker() -> Any:
    terminal_dir = _terminal_dir()
    version = current_app.extensions.get("traveller.shell_version")
    if version is None:
        version = current_app.extensions["traveller.shell_version"] = shell_version(terminal_dir)
    source = (terminal_dir / "sw.js").read_text(encoding="utf-8")
    source, count = _VERSION_LINE.subn(f'const VERSION = "traveller-terminal-{version}";',
                                       source, count=1)
    if count != 1:
        abort(500, description="terminal/sw.js has no VERSION constant")
    response = Response(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response
