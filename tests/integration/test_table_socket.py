"""The `/table` namespace through the Socket.IO test client on a temporary event file."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest

from server.store import Store
from tests.conftest import received


def tokens(app: Any) -> dict[int, str]:
    return {t.number: t.token for t in app.extensions["traveller.store"].tables()}


def join(app: Any, table: int = 1) -> Any:
    socketio = app.extensions["traveller.socketio"]
    return socketio.test_client(app, namespace="/table", auth={"token": tokens(app)[table]})


def last_state(client: Any) -> dict[str, Any]:
    states = received(client, "state", "/table")
    assert states, "no state received"
    return states[-1]


def submit(client: Any, **fields: Any) -> dict[str, Any]:
    payload = {"op_id": str(uuid.uuid4()), "board": 1, "contract": "4S", "declarer": "N",
               "tricks": 10} | fields
    ack: dict[str, Any] = client.emit("submit_result", payload, namespace="/table", callback=True)
    return ack


def counts(app: Any) -> tuple[int, int]:
    store: Store = app.extensions["traveller.store"]
    return len(store.results()), len(store.audit_rows())


def test_join_with_good_token_gets_state(app: Any) -> None:
    client = join(app, 1)
    assert client.is_connected("/table")
    state = last_state(client)
    assert state["table"] == 1 and state["section"] == "A"
    assert state["round"] == 1
    assert (state["ns_pair"], state["ew_pair"]) == (1, 7)
    assert state["boards"] == [1, 2, 3]
    # A 6-table skip Mitchell plays 5 rounds: a sixth would bring every EW pair back to the
    # NS pair it met first.
    assert len(state["schedule"]) == 5
    assert state["board_info"]["1"] == {"dealer": "N", "vulnerability": "none", "number": 1,
                                        "segment": None, "segments": None, "first": None,
                                        "last": None}
    assert state["round_name"]["number"] == 1 and state["round_name"]["stage"] == ""


def test_bad_token_is_refused_at_connect(app: Any) -> None:
    socketio = app.extensions["traveller.socketio"]
    client = socketio.test_client(app, namespace="/table", auth={"token": "not-a-table"})
    assert not client.is_connected("/table")
    no_auth = socketio.test_client(app, namespace="/table")
    assert not no_auth.is_connected("/table")


def test_kd2_submit_stores_and_acks_the_ns_score(app: Any) -> None:
    client = join(app)
    client.get_received("/table")
    ack = submit(client, board=2, contract="4SX", declarer="E", tricks=10)
    # Board 2 is NS vulnerable, so East's 4SX= is not vulnerable: 590 to EW.
    assert ack == {"ok": True, "ns_score": -590, "board": 2, "duplicate": False}
    state = last_state(client)
    assert [r["board"] for r in state["results"]] == [2]
    assert counts(app) == (1, len(app.extensions["traveller.store"].audit_rows()))


def test_same_op_id_twice_is_stored_once_and_acked_twice(app: Any) -> None:
    client = join(app)
    op_id = str(uuid.uuid4())
    first = submit(client, op_id=op_id, board=1, contract="3N", declarer="S", tricks=10)
    second = submit(client, op_id=op_id, board=1, contract="3N", declarer="S", tricks=10)
    assert first["ok"] and second["ok"]
    assert first["ns_score"] == second["ns_score"] == 430
    assert second["duplicate"] is True
    store: Store = app.extensions["traveller.store"]
    assert [r.op_id for r in store.results()] == [op_id]
    assert sum(1 for a in store.audit_rows() if a["action"] == "result_entered") == 1


def test_every_stored_result_has_an_audit_row(app: Any) -> None:
    client = join(app)
    submit(client, board=1)
    submit(client, board=3, contract="PASS", declarer=None, tricks=0)
    rows = [a for a in app.extensions["traveller.store"].audit_rows()
            if a["action"] == "result_entered"]
    assert [r["entity_id"] for r in rows] == ["A/1/1/1", "A/1/1/3"]
    assert all(r["actor"] == "table 1" and r["at_ms"] > 0 for r in rows)


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"board": 4}, "board_not_in_round"),
        ({"board": 99}, "board_not_in_round"),
        ({"tricks": 14}, "invalid_tricks"),
        ({"tricks": -1}, "invalid_tricks"),
        ({"tricks": "10"}, "invalid_tricks"),
        ({"declarer": "X"}, "invalid_declarer"),
        ({"declarer": None}, "invalid_declarer"),
        ({"contract": "8S"}, "invalid_contract"),
        ({"contract": "4SXXX"}, "invalid_contract"),
        ({"contract": ""}, "invalid_contract"),
        ({"contract": 4}, "invalid_contract"),
        ({"op_id": "x"}, "invalid_op_id"),
        ({"board": "1"}, "invalid_board"),
        ({"board": 0}, "invalid_board"),
    ],
)
def test_bad_results_get_an_error_ack_and_store_nothing(
    app: Any, fields: dict[str, Any], code: str
) -> None:
    client = join(app)
    before = counts(app)
    ack = submit(client, **fields)
    assert ack["ok"] is False
    assert ack["code"] == code
    assert isinstance(ack["error"], str) and ack["error"]
    assert set(ack) == {"ok", "code", "error", "status"}
    assert counts(app) == before


def test_non_object_payload_is_refused(app: Any) -> None:
    client = join(app)
    ack = client.emit("submit_result", "4S by N", namespace="/table", callback=True)
    assert ack["code"] == "bad_payload"


def test_a_board_is_scored_once_per_table(app: Any) -> None:
    client = join(app)
    assert submit(client, board=1)["ok"]
    again = submit(client, board=1, contract="3N")
    assert again["code"] == "already_scored"
    assert counts(app)[0] == 1


def test_finishing_a_round_moves_the_table_on(app: Any) -> None:
    client = join(app, 2)
    for board in (4, 5, 6):
        assert submit(client, board=board)["ok"]
    time.sleep(0.4)
    state = last_state(client)
    assert state["round"] == 2
    assert state["boards"] == [7, 8, 9]
    # Table 2's round-1 board is now history: a late copy of it is refused.
    assert submit(client, board=4)["code"] == "already_scored"


def test_14_6_an_op_id_is_scoped_to_its_table(app: Any) -> None:
    one, two = join(app, 1), join(app, 2)
    op_id = str(uuid.uuid4())
    assert submit(one, op_id=op_id, board=1)["duplicate"] is False
    # The same op_id made by another table is that table's own result, not a replay.
    assert submit(two, op_id=op_id, board=4) | {"ns_score": 0} == {
        "ok": True, "ns_score": 0, "board": 4, "duplicate": False}
    assert submit(two, op_id=op_id, board=4)["duplicate"] is True
    assert [(r.table_number, r.board) for r in app.extensions["traveller.store"].results()] \
        == [(1, 1), (2, 4)]


def test_14_6_a_replayed_op_id_with_another_entry_is_refused(app: Any) -> None:
    one = join(app, 1)
    op_id = str(uuid.uuid4())
    assert submit(one, op_id=op_id, board=1, tricks=10)["ok"]
    before = counts(app)
    for other in ({"board": 2}, {"tricks": 9}, {"contract": "4H"}, {"declarer": "S"},
                  {"lead": "SA"}):
        refused = submit(one, **({"op_id": op_id, "board": 1, "tricks": 10} | other))
        assert refused["code"] == "op_id_reused" and refused["status"] == 409, other
    assert counts(app) == before
    assert submit(one, op_id=op_id, board=1, tricks=10)["duplicate"] is True


def test_14_6_op_id_with_a_trailing_newline_is_refused(app: Any) -> None:
    one = join(app, 1)
    ack = submit(one, op_id="abcdefgh12\n")
    assert ack["code"] == "invalid_op_id"
    assert counts(app)[0] == 0


def test_other_tables_do_not_receive_this_tables_state(app: Any) -> None:
    one, two = join(app, 1), join(app, 2)
    two.get_received("/table")
    submit(one, board=1)
    assert received(one, "state", "/table")
    assert received(two, "state", "/table", timeout=0.5) == []


def test_k4_2_several_sections_on_the_same_boards(tmp_path: Any) -> None:
    """Each section is a movement of its own; its tables and pairs carry the section letter."""
    from server.app import create_app
    from tests.conftest import make_event

    path = make_event(tmp_path / "sections.db", tables=5, sections=2)
    app = create_app({"DATABASE": str(path)})
    store = app.extensions["traveller.store"]
    assert [(t.section, t.number) for t in store.tables()] == [
        *(("A", n) for n in range(1, 6)), *(("B", n) for n in range(1, 6))]
    b1 = next(t for t in store.tables() if (t.section, t.number) == ("B", 1))
    client = app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                              auth={"token": b1.token})
    state = last_state(client)
    assert (state["section"], state["table"], state["boards"]) == ("B", 1, [1, 2, 3])
    assert submit(client, board=1)["ok"]
    assert [(r.section, r.table_number) for r in store.results()] == [("B", 1)]
