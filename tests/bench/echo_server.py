"""The yardstick of the acknowledgement bench: a bare Flask-SocketIO server that stores nothing.

Served as `traveller serve` is (gevent patched in first, the same async mode and ping
settings), it has a `/table` namespace whose connect accepts any token and sends a `state`
with the round's boards, and whose `submit_result` acknowledges `{"ok": true}` at once. What
the real server adds to an acknowledgement over this is the cost of checking and storing.

Given a STATE file (a table's state as the real server sends it, JSON), it also pushes that
state after each acknowledgement, from a background task, with the connection's entries so
far as its results: the transport of everything the protocol sends a terminal, still storing
and checking nothing. The bench reports the server beside both.

    python tests/bench/echo_server.py PORT [STATE]
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import json
import sys
from typing import Any

from flask import Flask, request
from flask_socketio import SocketIO, emit

BOARDS = [1, 2, 3]


def create_echo(state: dict[str, Any] | None = None) -> tuple[Flask, SocketIO]:
    app = Flask(__name__)
    # The settings of server/app.py's SocketIO, so the transport is the same.
    socketio = SocketIO(app, async_mode="gevent", cors_allowed_origins=None, ping_interval=10,
                        ping_timeout=10)

    @app.get("/ready")
    def ready() -> str:
        return "ok"

    @socketio.on("connect", namespace="/table")
    def table_connect(auth: Any = None) -> None:
        emit("state", {"round": 1, "boards": BOARDS})

    entries: dict[str, list[dict[str, Any]]] = {}

    def push(sid: str, results: list[dict[str, Any]]) -> None:
        socketio.emit("state", (state or {}) | {"results": results}, namespace="/table", to=sid)

    @socketio.on("submit_result", namespace="/table")
    def submit_result(payload: Any = None) -> dict[str, Any]:
        if state is not None and isinstance(payload, dict):
            sid: str = request.sid  # type: ignore[attr-defined]
            mine = entries.setdefault(sid, [])
            mine.append({"op_id": payload.get("op_id"), "board": payload.get("board")})
            socketio.start_background_task(push, sid, list(mine))
        return {"ok": True}

    return app, socketio


if __name__ == "__main__":
    app, socketio = create_echo(json.loads(open(sys.argv[2]).read()) if len(sys.argv) > 2
                                else None)
    socketio.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_output=False)
