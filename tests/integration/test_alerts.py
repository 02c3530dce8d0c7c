"""The console's alerts queue: director calls, tables late, terminals offline, acknowledged."""

from __future__ import annotations

import time
import uuid
from typing import Any

from server.direction.grid import grid as director_grid
from server.table.calls import call_director
from tests.conftest import DIRECTOR
from tests.integration.test_clocks import JSON, post
from tests.integration.test_director import login
from tests.integration.test_slow_play import MIN, ROUND, start_round


def kinds(grid: dict[str, Any]) -> list[tuple[str, int]]:
    return [(a["kind"], a["table"]) for a in grid["alerts"]]


def test_k12_2_a_table_past_its_deadline_with_boards_to_play_is_an_alert(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    now = int(time.time() * 1000)
    start_round(store, 1, now - ROUND - 3 * MIN)
    grid = http.get("/director/api/grid", headers=JSON).json
    assert kinds(grid) == [("late", t) for t in range(1, 7)]
    cell = grid["tables"][0]
    assert cell["late_minutes"] in (3, 4) and cell["clock"]["remaining_ms"] < 0
    late = grid["alerts"][0]
    assert late["key"] == "late:A:1:1" and "3 board(s) to play" in late["text"]
    assert post(http, "/director/alerts/ack", key=late["key"]).status_code == 200
    after = http.get("/director/api/grid", headers=JSON).json
    assert ("late", 1) not in kinds(after) and len(after["alerts"]) == 5
    audit = [a for a in store.audit_rows() if a["action"] == "alert_acknowledged"]
    assert [(a["entity_id"], a["actor"]) for a in audit] == [("late:A:1:1", DIRECTOR)]
    assert post(http, "/director/alerts/ack", key="call:1").json["code"] == "unknown_alert"


def test_a_terminal_lost_for_over_a_minute_in_a_running_round_is_an_alert(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    socketio = app.extensions["traveller.socketio"]
    start_round(store, 1, int(time.time() * 1000))
    table = socketio.test_client(app, namespace="/table", auth={"token": store.tables()[1].token})
    cells = http.get("/director/api/grid", headers=JSON).json["tables"]
    assert cells[1]["connected"] is True and cells[1]["offline_since_ms"] is None
    # A table that never had a terminal is not "offline since".
    assert cells[0]["offline_since_ms"] is None
    table.disconnect(namespace="/table")
    time.sleep(0.1)
    grid = http.get("/director/api/grid", headers=JSON).json
    since = grid["tables"][1]["offline_since_ms"]
    assert since is not None and kinds(grid) == []  # not yet a minute
    later = director_grid(store, {}, since + 61_000, app.extensions["traveller.offline"].snapshot())
    assert kinds(later) == [("offline", 2)]
    key = later["alerts"][0]["key"]
    assert post(http, "/director/alerts/ack", key=key).status_code == 200
    again = director_grid(store, {}, since + 62_000, app.extensions["traveller.offline"].snapshot())
    assert kinds(again) == []


def test_director_calls_join_the_same_queue_and_leave_it_when_answered(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    ack = call_director(store, store.tables()[3], {"op_id": str(uuid.uuid4()),
                                                       "reason": "revoke"}, 5)
    grid = http.get("/director/api/grid", headers=JSON).json
    assert [(a["kind"], a["table"], a["text"]) for a in grid["alerts"]] == [("call", 4, "revoke")]
    assert grid["alerts"][0]["call_id"] == ack["call_id"]
    page = http.get("/director/").get_data(as_text=True)
    assert f'action="/director/calls/{ack["call_id"]}/answer"' in page
    http.post(f"/director/calls/{ack['call_id']}/answer",
              data={"csrf_token": http.csrf, "answer": "coming"}, headers=JSON)
    assert http.get("/director/api/grid", headers=JSON).json["alerts"] == []
