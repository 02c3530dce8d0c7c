"""A table calls the director and reads the answer; a table reads a board's traveller."""

from __future__ import annotations

import uuid
from typing import Any

from tests.conftest import received
from tests.integration.test_director import login


def table(app: Any, number: int) -> Any:
    token = app.extensions["traveller.store"].tables()[number - 1].token
    return app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                            auth={"token": token})


def submit(client: Any, board: int, contract: str, tricks: int) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit(
        "submit_result", {"op_id": str(uuid.uuid4()), "board": board, "contract": contract,
                          "declarer": "N", "tricks": tricks}, namespace="/table", callback=True)
    return ack


def test_a_call_reaches_the_director_and_the_answer_reaches_the_table(app: Any) -> None:
    http = login(app)
    director = app.extensions["traveller.socketio"].test_client(
        app, namespace="/director", flask_test_client=http)
    one = table(app, 1)
    op_id = str(uuid.uuid4())
    ack = one.emit("call_director", {"op_id": op_id, "reason": "revoke on board 2"},
                   namespace="/table", callback=True)
    assert ack["ok"] and ack["call_id"] >= 1
    again = one.emit("call_director", {"op_id": op_id, "reason": "revoke on board 2"},
                     namespace="/table", callback=True)
    assert again["call_id"] == ack["call_id"]  # a replayed call is the same call
    grids: list[dict[str, Any]] = []
    for _ in range(20):  # the grid is pushed a quarter of a second after a change
        grids += [g for g in received(director, "grid", "/director", timeout=0.2) if g["calls"]]
        if grids:
            break
    grid = grids[-1]
    assert [(c["table_number"], c["reason"]) for c in grid["calls"]] == [(1, "revoke on board 2")]
    assert "revoke on board 2" in http.get("/director/").get_data(as_text=True)

    one.get_received("/table")
    response = http.post(f"/director/calls/{ack['call_id']}/answer",
                         data={"answer": "Coming to table 1", "csrf_token": http.csrf})
    assert response.status_code == 302
    answers = received(one, "director_answer", "/table")
    assert answers[-1]["answer"] == "Coming to table 1"
    actions = [a["action"] for a in app.extensions["traveller.store"].audit_rows()]
    assert "director_called" in actions and "call_answered" in actions


def test_a_call_with_a_bad_payload_is_refused(app: Any) -> None:
    ack = table(app, 1).emit("call_director", {"op_id": "x"}, namespace="/table", callback=True)
    assert ack["code"] == "invalid_op_id"


def test_the_traveller_shows_only_after_the_table_played_the_board(app: Any) -> None:
    one, six = table(app, 1), table(app, 6)
    early = one.emit("get_traveller", {"board": 1}, namespace="/table", callback=True)
    assert early["code"] == "not_played_yet"
    assert submit(one, 1, "4S", 10)["ok"]
    for board in (16, 17, 18):  # table 6's round 1, then board 1 comes to it
        assert submit(six, board, "PASS", 0)["ok"]
    assert submit(six, 1, "4S", 11)["ok"]
    seen = one.emit("get_traveller", {"board": 1}, namespace="/table", callback=True)
    assert seen["ok"] and seen["top"] == 2
    assert [(r["ns_score"], r["ns_mp"], r["this_table"]) for r in seen["results"]] == [
        (450, 2, False), (420, 0, True)]
