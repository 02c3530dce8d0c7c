"""The yardstick of the acknowledgement bench: a bare Flask-SocketIO server that stores nothing.

Served as `traveller serve` is (gevent patched in first, the same async mode and ping
settings), it has a `/table` namespace whose connect accepts any token and sends a `state`
with the round's boards, and whose `submit_result` acknowledges `{"ok": true}` at once. What
the real server adds to an acknowledgement over this is the cost of checking and storing.

Given a STATE file (a table's state as the real server sends it, JSON), it sends that state on
connect (with a `version`) and pushes, after each acknowledgement, from a background task, a
`state_patch` from the connection's last version that adds the entry to its results: the
transport of everything the protocol sends a terminal, still storing and checking nothing.
Each patch is padded to PUSH_BYTES (the size of the server's median push after a result, as a
Socket.IO payload), so the echo's pushes weigh what the server's do; with PUSH_BYTES 0 it pushes
nothing (the silent echo, with the state's boards). It answers `get_state` with the
connection's state. The bench reports the server beside both echoes.

    python tests/bench/echo_server.py PORT [STATE PUSH_BYTES]
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


def create_echo(state: dict[str, Any] | None = None,
                push_bytes: int = 0) -> tuple[Flask, SocketIO]:
    app = Flask(__name__)
    # The settings of server/app.py's SocketIO, so the transport is the same.
    socketio = SocketIO(app, async_mode="gevent", cors_allowed_origins=None, ping_interval=10,
                        ping_timeout=10)

    @app.get("/ready")
    def ready() -> str:
        return "ok"

    # Each connection's state as its terminal holds it: its version's number and its results.
    held: dict[str, tuple[int, list[dict[str, Any]]]] = {}

    def whole(sid: str) -> dict[str, Any]:
        number, results = held.get(sid, (0, []))
        return (state or {}) | {"version": f"echo.{number}", "results": results, "pad": ""}

    @socketio.on("connect", namespace="/table")
    def table_connect(auth: Any = None) -> None:
        emit("state", whole(request.sid) if state is not None  # type: ignore[attr-defined]
             else {"round": 1, "boards": BOARDS})

    def patch(sid: str, number: int, entry: dict[str, Any]) -> dict[str, Any]:
        version = f"echo.{number}"
        change = {"base": f"echo.{number - 1}", "version": version, "patch": [
            {"op": "add", "path": "/results/-", "value": entry},
            {"op": "replace", "path": "/version", "value": version},
            {"op": "replace", "path": "/pad", "value": ""}]}
        # The server frames it as 2/table,["state_patch",{...}]: pad to the server's size.
        size = len(json.dumps(["state_patch", change], separators=(",", ":"))) + 8
        change["patch"][2]["value"] = "x" * max(0, push_bytes - size)
        return change

    def push(sid: str, entry: dict[str, Any]) -> None:
        number, results = held.get(sid, (0, []))
        held[sid] = (number + 1, [*results, entry])
        socketio.emit("state_patch", patch(sid, number + 1, entry), namespace="/table", to=sid)

    @socketio.on("submit_result", namespace="/table")
    def submit_result(payload: Any = None) -> dict[str, Any]:
        if push_bytes and isinstance(payload, dict):
            sid: str = request.sid  # type: ignore[attr-defined]
            socketio.start_background_task(push, sid, {"op_id": payload.get("op_id"),
                                                       "board": payload.get("board")})
        return {"ok": True}

    @socketio.on("get_state", namespace="/table")
    def get_state(payload: Any = None) -> dict[str, Any]:
        return {"ok": True, "state": whole(request.sid)}  # type: ignore[attr-defined]

    return app, socketio


if __name__ == "__main__":
    app, socketio = create_echo(
        json.loads(open(sys.argv[2]).read()) if len(sys.argv) > 2 else None,
        int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    socketio.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_output=False)
