"""The director's rulings through the console: each one's stored effect and its audit row."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest

from server.table.entry import submit_result
from tests.conftest import DIRECTOR, received
from tests.integration.test_director import login

JSON = {"Accept": "application/json"}


def play(app: Any, table: int, board: int, contract: str, tricks: int,
         declarer: str = "N") -> None:
    store = app.extensions["traveller.store"]
    ack = submit_result(store, store.tables()[table - 1],
                        {"op_id": str(uuid.uuid4()), "board": board, "contract": contract,
                         "declarer": declarer, "tricks": tricks}, 0, f"table {table}")
    assert ack["ok"], ack


def board_one(app: Any) -> None:
    """Board 1 at table 1 (round 1, 1 v 7) and table 6 (round 2, 6 v 11)."""
    for board in (16, 17, 18):
        play(app, 6, board, "PASS", 0)
    play(app, 1, 1, "4S", 10)  # +420
    play(app, 6, 1, "4S", 11)  # +450


def post(client: Any, url: str, **data: Any) -> Any:
    return client.post(url, json=data, headers={**JSON, "X-CSRF-Token": client.csrf})


def audit(app: Any, action: str) -> list[dict[str, Any]]:
    return [a for a in app.extensions["traveller.store"].audit_rows() if a["action"] == action]


def pct(app: Any, client: Any, direction: str, pair: int) -> float:
    ranking = client.get("/director/rankings", headers=JSON).json["standings"]
    return next(r["percentage"] for r in ranking[direction] if r["pair"] == pair)


def test_correction_changes_the_result_and_keeps_the_old_one(app: Any) -> None:
    board_one(app)
    client = login(app)
    response = post(client, "/director/board/1/correct", table=1, round=1, contract="4S",
                    declarer="N", tricks=11, why="EW agree it was 11 tricks")
    assert response.json["ok"] and response.json["result"]["ns_score"] == 450
    store = app.extensions["traveller.store"]
    current = [r for r in store.results() if r.board == 1 and r.table_number == 1]
    assert [(r.tricks, r.ns_score) for r in current] == [(11, 450)]
    row = audit(app, "result_corrected")[-1]
    assert (row["actor"], row["entity_id"], row["why"]) == (
        DIRECTOR, "A/1/1/1", "EW agree it was 11 tricks")
    assert json.loads(row["old"])["ns_score"] == 420 and json.loads(row["new"])["tricks"] == 11
    assert row["at_ms"] > 0
    # Both tables now +450: level on the board.
    assert pct(app, client, "NS", 1) == 50.0


def test_undo_restores_the_version_before(app: Any) -> None:
    board_one(app)
    client = login(app)
    post(client, "/director/board/1/correct", table=1, round=1, contract="3NT", declarer="S",
         tricks=9, why="wrong contract")
    post(client, "/director/board/1/correct", table=1, round=1, contract="3NT", declarer="S",
         tricks=10, why="and wrong tricks")
    first = post(client, "/director/board/1/undo", table=1, round=1, why="tricks were right")
    assert first.json["result"]["tricks"] == 9
    second = post(client, "/director/board/1/undo", table=1, round=1, why="contract was right")
    assert second.json["result"]["contract"] == "4S" and second.json["result"]["ns_score"] == 420
    refused = post(client, "/director/board/1/undo", table=1, round=1, why="again")
    assert refused.status_code == 409 and refused.json["code"] == "nothing_to_undo"
    rows = audit(app, "result_undone")
    assert [r["why"] for r in rows] == ["tricks were right", "contract was right"]
    assert json.loads(rows[-1]["new"])["contract"] == "4S"


def test_delete_then_undo_brings_the_result_back(app: Any) -> None:
    board_one(app)
    client = login(app)
    post(client, "/director/board/1/delete", table=6, round=2, why="entered at the wrong table")
    store = app.extensions["traveller.store"]
    assert not [r for r in store.results() if r.board == 1 and r.table_number == 6]
    assert json.loads(audit(app, "result_deleted")[0]["old"])["ns_score"] == 450
    post(client, "/director/board/1/undo", table=6, round=2, why="it was the right table")
    assert [r.ns_score for r in store.results() if r.board == 1 and r.table_number == 6] == [450]


def test_ruling_needs_a_reason_and_the_csrf_token(app: Any) -> None:
    board_one(app)
    client = login(app)
    missing = post(client, "/director/board/1/correct", table=1, round=1, contract="4S",
                   declarer="N", tricks=11, why=" ")
    assert missing.status_code == 400 and missing.json["code"] == "missing_reason"
    forged = client.post("/director/board/1/correct", data={"table": 1, "round": 1,
                         "contract": "4S", "declarer": "N", "tricks": 11, "why": "x"})
    assert forged.status_code == 400
    wrong = post(client, "/director/board/1/correct", table=2, round=1, contract="4S",
                 declarer="N", tricks=11, why="x")
    assert wrong.status_code == 404 and wrong.json["code"] == "unknown_entry"
    assert not audit(app, "result_corrected")


def test_correction_pushes_the_tables_new_state(app: Any) -> None:
    board_one(app)
    store = app.extensions["traveller.store"]
    socketio = app.extensions["traveller.socketio"]
    terminal = socketio.test_client(app, namespace="/table",
                                    auth={"token": store.tables()[0].token})
    terminal.get_received("/table")
    client = login(app)
    post(client, "/director/board/1/correct", table=1, round=1, contract="4S", declarer="N",
         tricks=9, why="one down")
    states = received(terminal, "state", "/table")
    assert states and [r["ns_score"] for r in states[-1]["results"] if r["board"] == 1] == [-50]


@pytest.mark.parametrize(("choice", "ns", "ew"), [("60/40", 60.0, 40.0), ("40/40", 40.0, 40.0),
                                                  ("50/50", 50.0, 50.0)])
def test_law_12c2_artificial_adjusted_score_in_the_standings(app: Any, choice: str, ns: float,
                                                            ew: float) -> None:
    board_one(app)
    client = login(app)
    response = post(client, "/director/board/1/adjust", table=1, round=1, choice=choice,
                    why="board fouled")
    assert response.json["ok"] and response.json["rule"] == "Law 12C2"
    # Table 1's pairs get their percentage of the top; table 6's result is compared with
    # nothing and factored up to the board's top by Neuberg: (0 + 1) * 2 / 1 - 1 = 1 of 2.
    assert pct(app, client, "NS", 1) == ns and pct(app, client, "EW", 7) == ew
    assert pct(app, client, "NS", 6) == 50.0
    row = audit(app, "adjusted_score")[-1]
    assert row["entity_id"] == "A/1/1/1" and row["why"] == "board fouled"
    assert json.loads(row["new"])["ns"] == {"percent": ns}


def test_adjusted_score_removed_restores_the_result(app: Any) -> None:
    board_one(app)
    client = login(app)
    post(client, "/director/board/1/adjust", table=1, round=1, choice="60/40", why="fouled")
    post(client, "/director/board/1/unadjust", table=1, round=1, why="it was not fouled")
    assert pct(app, client, "NS", 1) == 0.0
    row = audit(app, "adjusted_score_removed")[-1]
    assert row["old"] and row["new"] is None and row["why"] == "it was not fouled"


def test_k13_3_opponents_cannot_continue_sixty_percent(app: Any) -> None:
    board_one(app)
    client = login(app)
    response = post(client, "/director/board/2/adjust", table=1, round=1, kind="k13_3",
                    staying="EW", why="NS pair 1 left ill")
    assert response.json["ok"] and response.json["rule"] == "K13.3"
    store = app.extensions["traveller.store"]
    board = client.get("/director/board/2", headers=JSON).json
    line = next(r for r in board["results"] if r["table"] == 1)
    assert line["adjusted"] == "K13.3 40% / 60%"
    assert audit(app, "adjusted_score")[-1]["entity_id"] == "A/1/1/2"
    assert not [r for r in store.results() if r.board == 2]


def test_law_12c1c_weighted_assigned_score(app: Any) -> None:
    board_one(app)
    client = login(app)
    response = post(client, "/director/board/1/adjust", table=6, round=2, kind="weighted",
                    parts="50% 420, 50% -50", why="misinformation")
    assert response.json["ok"] and response.json["rule"] == "Law 12C1(c)"
    # Half of +420 ties table 1's +420 (1 MP), half of -50 loses (0): 0.5 of 2 for NS 6.
    board = client.get("/director/board/1", headers=JSON).json
    assert {r["table"]: r["ns_pct"] for r in board["results"] if r["scored"]} == {
        1: 75.0, 6: 25.0}
    assert pct(app, client, "NS", 1) == 75.0
    assert json.loads(audit(app, "adjusted_score")[-1]["new"])["kind"] == "weighted"


def test_k18_1_procedural_penalty_is_ten_percent_of_a_top(app: Any) -> None:
    board_one(app)
    client = login(app)
    response = post(client, "/director/penalties", pair=6, why="mobile phone rang")
    assert response.json["ok"] and response.json["percent_of_top"] == 10.0
    ranking = client.get("/director/rankings", headers=JSON).json["standings"]
    six = next(r for r in ranking["NS"] if r["pair"] == 6)
    # The top of a board here is 2: 10% is 0.2 MP. Pair 6 has 2 MP on board 1 and 1 on each
    # of boards 16-18 (played once, factored up to the top of 2): (5 - 0.2) / 8 = 60%.
    assert six["penalty"] == pytest.approx(0.2) and six["percentage"] == 60.0
    row = audit(app, "procedural_penalty")[-1]
    assert (row["entity_id"], row["why"]) == ("A/6", "mobile phone rang")
    removed = post(client, "/director/penalties/1/remove", why="it was the kibitzer's phone")
    assert removed.json["ok"]
    assert pct(app, client, "NS", 6) == 62.5
    assert audit(app, "procedural_penalty_removed")[-1]["why"] == "it was the kibitzer's phone"


def test_board_page_shows_each_entrys_audit_trail(app: Any) -> None:
    board_one(app)
    client = login(app)
    post(client, "/director/board/1/correct", table=1, round=1, contract="4S", declarer="N",
         tricks=11, why="EW agree on 11")
    page = client.get("/director/board/1").get_data(as_text=True)
    assert 'data-testid="board-audit"' in page and "EW agree on 11" in page
    assert "4S by N, 10 tricks (+420)" in page and "4S by N, 11 tricks (+450)" in page
    assert re.search(r"result corrected", page)
    assert client.get("/director/board/99").status_code == 404


def test_k13_3_a_board_given_an_adjusted_score_lets_the_table_move_on(app: Any) -> None:
    """A board the director adjusted without a result (never played) counts as done."""
    from server.direction.rulings import adjust
    from server.store.rulings import EntryKey

    store = app.extensions["traveller.store"]
    token = store.tables()[0].token
    client = app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                              auth={"token": token})
    for board in (1, 2):
        ack = client.emit("submit_result", {"op_id": f"op-{board}-aaaaaaaa", "board": board,
                                            "contract": "3N", "declarer": "S", "tricks": 9},
                          namespace="/table", callback=True)
        assert ack["ok"]
    adjust(store, EntryKey("A", 1, 1, 3), {"kind": "k13_3", "staying": "NS",
                                           "why": "EW pair left"}, 0, actor="director")
    from server.table.state import table_state

    state = table_state(store, store.tables()[0], 0)
    assert state["round"] == 2
    assert state["adjusted"] == [{"round": 1, "board": 3}]
    late = client.emit("submit_result", {"op_id": "op-3-aaaaaaaa", "board": 3, "contract": "3N",
                                         "declarer": "S", "tricks": 9}, namespace="/table",
                       callback=True)
    assert late["code"] == "already_scored"
