"""Durability: an acknowledged result survives the server being killed without warning."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import socketio

from tests.conftest import REPO, served_event


def connect(base_url: str, token: str) -> tuple[socketio.Client, list[dict[str, Any]]]:
    states: list[dict[str, Any]] = []
    client = socketio.Client(reconnection=False)
    client.on("state", states.append, namespace="/table")
    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    return client, states


def test_acked_result_survives_sigkill(tmp_path: Path) -> None:
    server = served_event(tmp_path).start()
    try:
        token = server.tables()[0]["token"]
        client, _ = connect(server.base_url, token)
        op_id = str(uuid.uuid4())
        ack = client.call("submit_result", {"op_id": op_id, "board": 2, "contract": "6H",
                                            "declarer": "S", "tricks": 12},
                          namespace="/table", timeout=10)
        assert ack == {"ok": True, "ns_score": 1430, "board": 2, "duplicate": False}
        client.disconnect()
        server.kill()

        with sqlite3.connect(server.db_path) as db:
            rows = db.execute("select op_id, ns_score from results").fetchall()
        assert rows == [(op_id, 1430)]

        server.start()
        client, states = connect(server.base_url, token)
        client.sleep(0.5)
        assert [r["op_id"] for r in states[-1]["results"]] == [op_id]
        # The terminal never saw the first ack? Its replay is acknowledged, not stored again.
        again = client.call("submit_result", {"op_id": op_id, "board": 2, "contract": "6H",
                                              "declarer": "S", "tricks": 12},
                            namespace="/table", timeout=10)
        assert again["ok"] and again["duplicate"]
        client.disconnect()
    finally:
        server.stop()


def test_tables_json_lists_every_table(tmp_path: Path) -> None:
    server = served_event(tmp_path)
    out = subprocess.run([sys.executable, "-m", "server", "tables", str(server.db_path),
                          "--json"], cwd=REPO, check=True, capture_output=True, text=True)
    rows = json.loads(out.stdout)
    assert [r["table"] for r in rows] == [1, 2, 3, 4, 5, 6]
    for row in rows:
        assert set(row) == {"section", "table", "url", "token"}
        assert row["url"] == f"{server.base_url}/t/{row['token']}"


def test_cli_bad_input_is_one_line_and_status_1(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "server", "tables", str(tmp_path / "no.db")],
                         cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "no event file" in out.stderr
