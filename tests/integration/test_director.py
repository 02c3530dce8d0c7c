"""The director console: password, CSRF, the live grid, the round clock and the results."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

from server.errors import error_body, ok_body
from tests.conftest import DIRECTOR, PASSWORD, received


def login(app: Any) -> Any:
    client = app.test_client()
    page = client.get("/director/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    response = client.post("/director/login", data={"password": PASSWORD, "csrf_token": csrf})
    assert response.status_code == 302
    # Logging in starts a new session with a new CSRF token; read it from the console.
    page = client.get("/director/").get_data(as_text=True)
    client.csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client


def test_error_envelope_shape() -> None:
    assert error_body("bad_thing", "A sentence.", 409) == {
        "ok": False, "code": "bad_thing", "error": "A sentence.", "status": 409}
    assert ok_body(ns_score=420) == {"ok": True, "ns_score": 420}


def test_console_needs_the_password(app: Any) -> None:
    client = app.test_client()
    assert client.get("/director/").status_code == 302
    assert client.get("/director/api/grid", headers={"Accept": "application/json"}).json == {
        "ok": False, "code": "unauthorized", "error": "log in as the director first",
        "status": 401}
    page = client.get("/director/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    wrong = client.post("/director/login", data={"password": "guess", "csrf_token": csrf})
    assert wrong.status_code == 401
    assert client.get("/director/").status_code == 302


def test_forms_without_csrf_token_are_refused(app: Any) -> None:
    client = login(app)
    assert client.post("/director/clock/start").status_code == 400
    assert app.extensions["traveller.store"].clock() is None


def test_table_token_opens_no_director_door(app: Any) -> None:
    token = app.extensions["traveller.store"].tables()[0].token
    client = app.test_client()
    assert client.get(f"/t/{token}").status_code == 200
    assert client.get("/director/").status_code == 302
    socketio = app.extensions["traveller.socketio"]
    director = socketio.test_client(app, namespace="/director", auth={"token": token},
                                    flask_test_client=client)
    assert not director.is_connected("/director")


def test_director_grid_updates_live(app: Any) -> None:
    http = login(app)
    socketio = app.extensions["traveller.socketio"]
    director = socketio.test_client(app, namespace="/director", flask_test_client=http)
    assert director.is_connected("/director")
    director.get_received("/director")
    token = app.extensions["traveller.store"].tables()[0].token
    table = socketio.test_client(app, namespace="/table", auth={"token": token})
    table.emit("submit_result", {"op_id": str(uuid.uuid4()), "board": 1, "contract": "4S",
                                 "declarer": "N", "tricks": 10}, namespace="/table", callback=True)
    time.sleep(0.4)
    grids = received(director, "grid", "/director")
    cell = grids[-1]["tables"][0]
    assert (cell["table"], cell["boards_done"], cell["boards_in_round"]) == (1, 1, 3)
    assert cell["connected"] is True
    assert cell["last_entry"]["contract"] == "4S"


def test_k12_2_round_clock_is_boards_times_eight_minutes(app: Any) -> None:
    http = login(app)
    socketio = app.extensions["traveller.socketio"]
    token = app.extensions["traveller.store"].tables()[0].token
    table = socketio.test_client(app, namespace="/table", auth={"token": token})
    table.get_received("/table")
    before = int(time.time() * 1000)
    response = http.post("/director/clock/start", headers={"X-CSRF-Token": http.csrf,
                                                           "Accept": "application/json"})
    assert response.status_code == 200
    clock = response.json["clock"]
    assert clock["round"] == 1 and clock["running"] is True
    assert clock["duration_ms"] == 3 * 8 * 60_000
    assert before + 24 * 60_000 <= clock["deadline_ms"] <= int(time.time() * 1000) + 24 * 60_000
    pushed = [m["args"][0] for m in table.get_received("/table") if m["name"] == "clock"]
    assert pushed and pushed[-1]["deadline_ms"] == clock["deadline_ms"]
    audit = [a for a in app.extensions["traveller.store"].audit_rows() if a["action"] == "clock"]
    assert len(audit) == 1 and audit[0]["actor"] == DIRECTOR


def test_k17_3_results_page_shows_matchpoint_percentages(app: Any) -> None:
    socketio = app.extensions["traveller.socketio"]
    store = app.extensions["traveller.store"]
    # Boards move down: table 6 plays boards 16-18 in round 1, then table 1's boards 1-3.
    plays = [(1, [(1, "4S", 10), (2, "4S", 10), (3, "4S", 10)]),
             (6, [(16, "PASS", 0), (17, "PASS", 0), (18, "PASS", 0),
                  (1, "4S", 11), (2, "4S", 11), (3, "4S", 9)])]
    for table_number, results in plays:
        token = store.tables()[table_number - 1].token
        client = socketio.test_client(app, namespace="/table", auth={"token": token})
        for board, contract, tricks in results:
            ack = client.emit("submit_result", {"op_id": str(uuid.uuid4()), "board": board,
                                                "contract": contract, "declarer": "N",
                                                "tricks": tricks}, namespace="/table",
                              callback=True)
            assert ack["ok"], ack
    page = login(app).get("/director/results").get_data(as_text=True)
    rows = dict(re.findall(r'<tr data-pair="(\d+)">.*?<td class="pct">([^<]+)</td>', page, re.S))
    # Pair 6 beat pair 1 on boards 1 and 2 (450 > 420, 650 > 620) and lost board 3: 4 of 6.
    # Boards 16-18 were played once so far: Neuberg's formula factors a lone result up to the
    # largest top (2) as an average, 1 of 2, so pair 6 has 4 + 3 of 12 and EW 12 3 of 6.
    assert rows == {"6": "58.33", "1": "33.33", "7": "66.67", "11": "33.33", "12": "50.00"}
