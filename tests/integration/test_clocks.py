"""Round clocks on the console: start, pause, resume and extend, for every table or one."""

from __future__ import annotations

import json
import uuid
from typing import Any

from server.app import create_app
from server.table.state import table_state
from tests.conftest import DIRECTOR, received
from tests.integration.test_director import login

MIN = 60_000
JSON = {"Accept": "application/json"}


def post(http: Any, path: str, **form: Any) -> Any:
    return http.post(path, data={"csrf_token": http.csrf, **form}, headers=JSON)


def table_client(app: Any, number: int) -> Any:
    token = app.extensions["traveller.store"].tables()[number - 1].token
    client = app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                              auth={"token": token})
    client.get_received("/table")
    return client


def test_k12_2_pause_resume_and_extend_every_table_with_audit(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    table = table_client(app, 1)
    assert post(http, "/director/clock/start").status_code == 200
    extended = post(http, "/director/clock/extend", minutes="5", why="hall too warm")
    assert extended.status_code == 200, extended.json
    assert extended.json["clock"]["duration_ms"] == (24 + 5) * MIN
    pushed = received(table, "clock", "/table")
    assert pushed[-1]["duration_ms"] == 29 * MIN
    paused = post(http, "/director/clock/pause").json["clock"]
    assert paused["running"] is False and paused["deadline_ms"] is None
    resumed = post(http, "/director/clock/resume").json["clock"]
    assert resumed["running"] is True and resumed["deadline_ms"] is not None
    rows = [a for a in store.audit_rows() if a["action"] == "clock"]
    assert [a["why"] for a in rows] == ["round 1 started", "hall too warm", "pause round 1",
                                        "resume round 1"]
    extend = rows[1]
    assert extend["actor"] == DIRECTOR and extend["at_ms"] > 0
    assert json.loads(extend["old"])["extension_ms"] == 0
    assert json.loads(extend["new"])["extension_ms"] == 5 * MIN


def test_k12_2_one_table_gets_its_own_extension(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    one, two = table_client(app, 1), table_client(app, 2)
    post(http, "/director/clock/start")
    response = post(http, "/director/clock/extend", table="A2", minutes="4",
                    why="started late: missing player")
    assert response.status_code == 200, response.json
    assert received(two, "clock", "/table")[-1]["duration_ms"] == 28 * MIN
    assert received(one, "clock", "/table")[-1]["duration_ms"] == 24 * MIN
    # Every table then gets two more minutes: table 2 keeps its own four on top.
    post(http, "/director/clock/extend", minutes="2")
    states = {n: table_state(store, store.tables()[n - 1], 0)["clock"] for n in (1, 2)}
    assert states[1]["duration_ms"] == 26 * MIN and states[2]["duration_ms"] == 30 * MIN
    cells = {t["table"]: t for t in http.get("/director/api/grid", headers=JSON).json["tables"]}
    assert cells[2]["own_clock"] is True and cells[1]["own_clock"] is False
    assert cells[2]["clock"]["duration_ms"] == 30 * MIN
    audit = [a for a in store.audit_rows() if a["action"] == "table_clock"]
    assert audit[0]["entity_id"] == "A/2/1" and audit[0]["why"] == "started late: missing player"
    # Pausing one table leaves the others running.
    post(http, "/director/clock/pause", table="2")
    states = {n: table_state(store, store.tables()[n - 1], 0)["clock"] for n in (1, 2)}
    assert states[1]["running"] is True and states[2]["running"] is False


def test_clocks_survive_a_server_restart(event_path: Any) -> None:
    app = create_app({"DATABASE": str(event_path), "TESTING": True})
    http = login(app)
    post(http, "/director/clock/start")
    post(http, "/director/clock/extend", table="A3", minutes="6", why="late start")
    before = table_state(app.extensions["traveller.store"],
                              app.extensions["traveller.store"].tables()[2], 0)["clock"]
    app.extensions["traveller.store"].close()

    again = create_app({"DATABASE": str(event_path), "TESTING": True})
    try:
        store = again.extensions["traveller.store"]
        after = table_state(store, store.tables()[2], 0)["clock"]
        assert after == before and after["duration_ms"] == 30 * MIN
        assert table_state(store, store.tables()[0], 0)["clock"]["duration_ms"] == 24 * MIN
    finally:
        again.extensions["traveller.store"].close()


def test_clock_changes_refuse_bad_input(app: Any) -> None:
    http = login(app)
    assert post(http, "/director/clock/pause").json["code"] == "no_clock"
    post(http, "/director/clock/start")
    assert post(http, "/director/clock/extend", minutes="soon").json["code"] == "invalid_minutes"
    assert post(http, "/director/clock/extend", minutes="0").json["code"] == "invalid_minutes"
    assert post(http, "/director/clock/extend", table="Z9", minutes="3").status_code == 404
    assert post(http, "/director/clock/explode").json["code"] == "invalid_clock_action"
    no_csrf = http.post("/director/clock/extend", data={"minutes": "3"}, headers=JSON)
    assert no_csrf.status_code == 400
    assert app.extensions["traveller.store"].clock().extension_ms == 0


def play_round(app: Any, client: Any, number: int) -> None:
    """Table `number` enters every board of the round it plays now."""
    store = app.extensions["traveller.store"]
    state = table_state(store, store.tables()[number - 1], 0)
    for board in state["boards"]:
        ack = client.emit("submit_result", {"op_id": str(uuid.uuid4()), "board": board,
                                            "contract": "3N", "declarer": "N", "tricks": 9},
                          namespace="/table", callback=True)
        assert ack["ok"], ack


def test_15_3_a_table_still_playing_round_1_keeps_round_1s_clock_on_every_screen(
        app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    one, two = table_client(app, 1), table_client(app, 2)
    post(http, "/director/clock/start")
    play_round(app, two, 2)
    one.get_received("/table")
    two.get_received("/table")
    assert post(http, "/director/clock/start").json["clock"]["round"] == 2
    # Table 1 still plays round 1: its terminal, its state and its console cell all show
    # round 1's clock; table 2 moved on and plays by round 2's.
    pushed = {n: received(c, "clock", "/table")[-1] for n, c in ((1, one), (2, two))}
    states = {n: table_state(store, store.tables()[n - 1], 0)["clock"] for n in (1, 2)}
    cells = {t["table"]: t for t in http.get("/director/api/grid", headers=JSON).json["tables"]}
    for n, round_ in ((1, 1), (2, 2)):
        assert pushed[n]["round"] == states[n]["round"] == cells[n]["clock"]["round"] == round_
        assert pushed[n]["deadline_ms"] == states[n]["deadline_ms"] == \
            cells[n]["clock"]["deadline_ms"]


def test_15_3_starting_a_round_clock_from_the_console_asks_first(app: Any) -> None:
    http = login(app)
    store = app.extensions["traveller.store"]
    two = table_client(app, 2)
    http.post("/director/clock/start", data={"csrf_token": http.csrf, "confirmed": "yes"})
    play_round(app, two, 2)
    asked = http.post("/director/clock/start", data={"csrf_token": http.csrf})
    assert asked.status_code == 200
    page = asked.get_data(as_text=True)
    assert 'data-testid="start-clock-confirm"' in page and "Start the clock of Round 2?" in page
    # Tables 1, 3.. still play round 1 and are named; table 2 is not.
    assert "A1" in page and "A2," not in page
    assert store.clock().round == 1
    done = http.post("/director/clock/start", data={"csrf_token": http.csrf, "confirmed": "yes"})
    assert done.status_code == 302 and store.clock().round == 2
