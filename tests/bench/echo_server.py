"""The yardstick of the acknowledgement bench: a bare Flask-SocketIO server that stores nothing.

Served as `traveller serve` is (gevent patched in first, the same async mode and ping
settings), it has a `/table` namespace whose connect accepts any token and sends a `state`
with the round's boards, and whose `submit_result` acknowledges `{"ok": true}` at once. What
the real server adds to an acknowledgement over this is the cost of checking and storing.

    python tests/bench/echo_server.py PORT
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import sys
from typing import Any

from flask import Flask
from flask_socketio import SocketIO, emit

BOARDS = [1, 2, 3]


def create_echo() -> tuple[Flask, SocketIO]:
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

    @socketio.on("submit_result", namespace="/table")
    def submit_result(payload: Any = None) -> dict[str, Any]:
        return {"ok": True}

    return app, socketio


if __name__ == "__main__":
    app, socketio = create_echo()
    socketio.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_output=False)
