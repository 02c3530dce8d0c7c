"""East-West's own terminal ([entry] ew_terminal = true): North-South's entry waits, durably,
until East-West confirms it on its own terminal, or says it does not agree.

Two Socket.IO test clients play one table: North-South with the table's secret, East-West with
its East-West secret, on an event made from the demo preset with East-West terminals on.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from server.direction import setup
from server.event.create import create_event
from server.formats import parse_preset
from server.publish.printing import table_card_documents
from server.store import Store
from server.table.terminals import table_list
from tests.conftest import DEMO_PRESET, PASSWORD, followed, make_event, received
from tests.integration.test_director import login

EW_PRESET = DEMO_PRESET.read_text(encoding="utf-8") + "\n[entry]\new_terminal = true\n"


def make_ew_event(path: Path, tables: int = 6) -> Path:
    store = create_event(path, parse_preset(EW_PRESET, "ew preset"), password=PASSWORD,
                         base_url="http://testserver", tables=tables)
    store.close()
    return path


def open_app(path: Path) -> Any:
    return create_app({"DATABASE": str(path), "TESTING": True})


def close_app(app: Any) -> None:
    time.sleep(0.3)  # let the last background push finish before the file closes
    app.extensions["traveller.store"].close()


@pytest.fixture
def ew_path(tmp_path: Path) -> Path:
    return make_ew_event(tmp_path / "ew.db")


@pytest.fixture
def ew_app(ew_path: Path) -> Iterator[Any]:
    app = open_app(ew_path)
    yield app
    close_app(app)


def store_of(app: Any) -> Store:
    store: Store = app.extensions["traveller.store"]
    return store


def secrets(app: Any, table: int = 1) -> dict[str, str]:
    row = table_list(store_of(app))[table - 1]
    return {"ns": row["token"], "ew": row["ew_token"]}


def terminal(app: Any, side: str, table: int = 1) -> Any:
    socketio = app.extensions["traveller.socketio"]
    client = socketio.test_client(app, namespace="/table",
                                  auth={"token": secrets(app, table)[side]})
    assert client.is_connected("/table")
    return client


def last_state(client: Any) -> dict[str, Any]:
    states = received(client, "state", "/table")
    assert states, "no state received"
    return states[-1]


def state_when(client: Any, check: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The first pushed state that passes `check` (pushes come just after the ack; a busy
    machine may take seconds, and the wait ends as soon as it is there)."""
    deadline = time.monotonic() + timeout
    seen: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        seen += followed(client, "/table", client.get_received("/table"))
        for state in seen:
            if check(state):
                return state
        time.sleep(0.02)
    raise AssertionError(f"no such state among {len(seen)}: {seen[-1:] if seen else None}")


def submit(client: Any, **fields: Any) -> dict[str, Any]:
    payload = {"op_id": str(uuid.uuid4()), "board": 1, "contract": "4S", "declarer": "N",
               "tricks": 10} | fields
    ack: dict[str, Any] = client.emit("submit_result", payload, namespace="/table",
                                      callback=True)
    return ack


def answer(client: Any, event: str, entry: str, **fields: Any) -> dict[str, Any]:
    payload = {"op_id": str(uuid.uuid4()), "entry": entry} | fields
    ack: dict[str, Any] = client.emit(event, payload, namespace="/table", callback=True)
    return ack


def counts(app: Any) -> tuple[int, int, int, int]:
    store = store_of(app)
    with store.read() as db:
        pending = db.execute("select count(*) from pending_results").fetchone()[0]
        decisions = db.execute("select count(*) from ew_decisions").fetchone()[0]
    return len(store.results()), pending, decisions, len(store.audit_rows())


def actions(app: Any) -> list[str]:
    return [a["action"] for a in store_of(app).audit_rows()
            if a["action"] in ("result_pending", "result_entered", "ew_confirmed",
                               "ew_not_agreed", "director_called")]


def test_every_table_has_an_east_west_secret_that_opens_the_terminal(ew_app: Any) -> None:
    rows = table_list(store_of(ew_app))
    assert len(rows) == 6
    for row in rows:
        assert row["ew_token"] and row["ew_token"] != row["token"]
        assert row["ew_url"] == f"http://testserver/t/{row['ew_token']}"
    assert len({r["ew_token"] for r in rows}) == 6
    http = ew_app.test_client()
    assert http.get(f"/t/{rows[0]['ew_token']}").status_code == 200
    assert http.get("/t/no-such-secret").status_code == 404
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    ns_state, ew_state = last_state(ns), last_state(ew)
    assert (ns_state["side"], ew_state["side"]) == ("ns", "ew")
    assert ew_state["event"]["ew_terminal"] is True
    assert (ew_state["table"], ew_state["round"], ew_state["pending"]) == (1, 1, [])


def test_a_table_card_for_each_side(ew_app: Any) -> None:
    cards = table_card_documents(store_of(ew_app), only=[1, 2])
    assert [c.title for c in cards] == ["table-card-A-01", "table-card-A-01-ew",
                                        "table-card-A-02", "table-card-A-02-ew"]


def test_kd2_ns_entry_waits_then_east_west_confirms_it_into_the_results(ew_app: Any) -> None:
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    ns.get_received("/table")
    ew.get_received("/table")
    op_id = str(uuid.uuid4())
    # Board 2 is NS vulnerable: South's 4S+1 scores 650.
    ack = submit(ns, op_id=op_id, board=2, contract="4S", declarer="S", tricks=11, lead="HK")
    assert ack == {"ok": True, "ns_score": 650, "board": 2, "duplicate": False, "pending": True}
    assert store_of(ew_app).results() == []
    seen = state_when(ew, lambda s: s["pending"])
    assert seen["side"] == "ew"
    [entry] = seen["pending"]
    assert (entry["op_id"], entry["board"], entry["round"], entry["contract"],
            entry["declarer"], entry["tricks"], entry["lead"], entry["ns_score"],
            entry["status"]) == (op_id, 2, 1, "4S", "S", 11, "HK", 650, "awaiting")
    assert state_when(ns, lambda s: s["pending"])["side"] == "ns"
    assert actions(ew_app) == ["result_pending"]

    confirmed = answer(ew, "confirm_result", op_id)
    assert confirmed == {"ok": True, "board": 2, "ns_score": 650, "entry": op_id,
                         "duplicate": False}
    [result] = store_of(ew_app).results()
    assert (result.op_id, result.board, result.ns_pair, result.ew_pair, result.contract,
            result.declarer, result.tricks, result.lead, result.ns_score,
            result.source) == (op_id, 2, 1, 7, "4S", "S", 11, "HK", 650, "table 1")
    assert actions(ew_app) == ["result_pending", "result_entered", "ew_confirmed"]
    entered = [a for a in store_of(ew_app).audit_rows() if a["action"] == "result_entered"]
    assert (entered[0]["actor"], entered[0]["entity_id"]) == ("table 1", "A/1/1/2")
    for client in (ns, ew):
        state = state_when(client, lambda s: s["results"])
        assert [r["op_id"] for r in state["results"]] == [op_id] and state["pending"] == []


def test_the_director_grid_shows_an_entry_awaiting_east_west(ew_app: Any) -> None:
    ns = terminal(ew_app, "ns")
    op_id = str(uuid.uuid4())
    assert submit(ns, op_id=op_id, board=3)["pending"] is True
    http = login(ew_app)
    grid = http.get("/director/api/grid", headers={"Accept": "application/json"}).json
    last = grid["tables"][0]["last_entry"]
    assert (last["op_id"], last["board"], last["status"]) == (op_id, 3, "awaiting")
    assert grid["tables"][0]["boards_done"] == 0
    assert "awaiting East-West" in http.get("/director/").get_data(as_text=True)


def test_not_agreed_goes_back_to_ns_who_corrects_it(ew_app: Any) -> None:
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    first = str(uuid.uuid4())
    assert submit(ns, op_id=first, board=1, contract="3N", declarer="S", tricks=10)["ok"]
    refused = answer(ew, "reject_result", first, reason="tricks", note="we took 4",
                     call_director=True)
    assert refused["ok"] and refused["duplicate"] is False and refused["board"] == 1
    assert isinstance(refused["call_id"], int)
    ns.get_received("/table")
    state = state_when(ns, lambda s: s["pending"] and s["pending"][0]["status"] == "not_agreed")
    [entry] = state["pending"]
    assert (entry["op_id"], entry["reason"], entry["note"]) == (first, "tricks", "we took 4")
    [call] = state["calls"]
    assert call["reason"].startswith("board 1: East-West do not agree")
    # A disputed entry cannot be confirmed any more: North-South enters it again.
    assert answer(ew, "confirm_result", first)["code"] == "entry_not_agreed"
    assert store_of(ew_app).results() == []

    second = str(uuid.uuid4())
    again = submit(ns, op_id=second, board=1, contract="3N", declarer="S", tricks=9)
    assert again == {"ok": True, "ns_score": 400, "board": 1, "duplicate": False,
                     "pending": True}
    ew.get_received("/table")
    state = state_when(ew, lambda s: s["pending"] and s["pending"][0]["op_id"] == second)
    assert [p["status"] for p in state["pending"]] == ["awaiting"]
    assert answer(ew, "confirm_result", first)["code"] == "entry_replaced"
    assert answer(ew, "confirm_result", second)["ok"]
    assert [(r.op_id, r.tricks, r.ns_score) for r in store_of(ew_app).results()] == [
        (second, 9, 400)]
    assert actions(ew_app) == ["result_pending", "director_called", "ew_not_agreed",
                               "result_pending", "result_entered", "ew_confirmed"]


def test_ns_may_correct_an_entry_east_west_has_not_answered_yet(ew_app: Any) -> None:
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    assert submit(ns, op_id=first, board=1, tricks=9)["ok"]
    assert submit(ns, op_id=second, board=1, tricks=10)["ok"]
    state = state_when(ew, lambda s: any(p["op_id"] == second for p in s["pending"]))
    assert [p["op_id"] for p in state["pending"]] == [second]
    assert answer(ew, "confirm_result", first)["code"] == "entry_replaced"


def test_replayed_op_ids_are_stored_once_and_acknowledged_again(ew_app: Any) -> None:
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    op_id = str(uuid.uuid4())
    first = submit(ns, op_id=op_id, board=1)
    replay = submit(ns, op_id=op_id, board=1)
    assert first["duplicate"] is False and replay == first | {"duplicate": True}
    before = counts(ew_app)
    assert before[:3] == (0, 1, 0)

    confirm_op = str(uuid.uuid4())
    payload = {"op_id": confirm_op, "entry": op_id}
    one = ew.emit("confirm_result", payload, namespace="/table", callback=True)
    two = ew.emit("confirm_result", payload, namespace="/table", callback=True)
    assert one["duplicate"] is False and two == one | {"duplicate": True}
    # A second tap (another op_id) on the confirmed entry: the same outcome, nothing stored.
    other = answer(ew, "confirm_result", op_id)
    assert other["ok"] and other["duplicate"] is True
    after = counts(ew_app)
    assert after[:3] == (1, 1, 1)
    # North-South's outbox replaying its entry after the confirmation.
    late = submit(ns, op_id=op_id, board=1)
    assert late == {"ok": True, "ns_score": first["ns_score"], "board": 1, "duplicate": True,
                    "pending": False}
    assert counts(ew_app) == after
    # The same op_id as another kind of answer is refused as reused (issue 14 item 6).
    clash = ew.emit("reject_result", payload | {"reason": "tricks"}, namespace="/table",
                    callback=True)
    assert clash["code"] == "op_id_reused"


def test_a_replayed_not_agreed_is_stored_once(ew_app: Any) -> None:
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    op_id = str(uuid.uuid4())
    assert submit(ns, op_id=op_id, board=1)["ok"]
    payload = {"op_id": str(uuid.uuid4()), "entry": op_id, "reason": "contract",
               "call_director": True}
    one = ew.emit("reject_result", payload, namespace="/table", callback=True)
    two = ew.emit("reject_result", payload, namespace="/table", callback=True)
    assert two == one | {"duplicate": True}
    assert counts(ew_app)[:3] == (0, 1, 1)
    assert len(store_of(ew_app).calls()) == 1


def test_the_east_west_terminal_may_not_enter_results_or_players(ew_app: Any) -> None:
    ew = terminal(ew_app, "ew")
    before = counts(ew_app)
    ack = submit(ew, board=1)
    assert ack == {"ok": False, "code": "not_for_east_west", "error": ack["error"],
                   "status": 403}
    players = ew.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1, "north": "1",
                                      "south": "2", "east": "3", "west": "4"},
                      namespace="/table", callback=True)
    assert players["code"] == "not_for_east_west"
    assert counts(ew_app) == before
    # It may call the director, read its state and the travellers.
    call = ew.emit("call_director", {"op_id": str(uuid.uuid4()), "reason": "revoke"},
                   namespace="/table", callback=True)
    assert call["ok"]
    state = ew.emit("get_state", namespace="/table", callback=True)
    assert state["ok"] and state["state"]["side"] == "ew"
    traveller = ew.emit("get_traveller", {"board": 1}, namespace="/table", callback=True)
    assert traveller["code"] == "not_played_yet"


def test_north_south_may_not_answer_its_own_entry(ew_app: Any) -> None:
    ns = terminal(ew_app, "ns")
    op_id = str(uuid.uuid4())
    assert submit(ns, op_id=op_id, board=1)["ok"]
    before = counts(ew_app)
    for event in ("confirm_result", "reject_result"):
        ack = answer(ns, event, op_id, reason="tricks")
        assert ack == {"ok": False, "code": "not_for_north_south", "error": ack["error"],
                       "status": 403}
    assert counts(ew_app) == before


@pytest.mark.parametrize(
    ("event", "payload", "code"),
    [
        ("confirm_result", "yes", "bad_payload"),
        ("confirm_result", {"op_id": "x", "entry": "ENTRY"}, "invalid_op_id"),
        ("confirm_result", {"op_id": "OPID", "entry": 7}, "invalid_entry"),
        ("confirm_result", {"op_id": "OPID", "entry": "not-an-entry-here"}, "unknown_entry"),
        ("reject_result", {"op_id": "OPID", "entry": "ENTRY"}, "invalid_reason"),
        ("reject_result", {"op_id": "OPID", "entry": "ENTRY", "reason": "mood"},
         "invalid_reason"),
        ("reject_result", {"op_id": "OPID", "entry": "ENTRY", "reason": "lead", "note": 5},
         "invalid_note"),
        ("reject_result", {"op_id": "OPID", "entry": "ENTRY", "reason": "lead",
                           "note": "x" * 201}, "invalid_note"),
        ("reject_result", {"op_id": "OPID", "entry": "ENTRY", "reason": "lead",
                           "call_director": "yes"}, "bad_payload"),
    ],
)
def test_bad_answers_get_the_error_envelope_and_change_nothing(
    ew_app: Any, event: str, payload: Any, code: str
) -> None:
    ns, ew = terminal(ew_app, "ns"), terminal(ew_app, "ew")
    entry = str(uuid.uuid4())
    assert submit(ns, op_id=entry, board=1)["ok"]
    if isinstance(payload, dict):
        payload = {k: {"OPID": str(uuid.uuid4()), "ENTRY": entry}.get(v, v)
                   if isinstance(v, str) else v for k, v in payload.items()}
    before = counts(ew_app)
    ack = ew.emit(event, payload, namespace="/table", callback=True)
    assert ack["ok"] is False and ack["code"] == code
    assert set(ack) == {"ok", "code", "error", "status"} and ack["error"]
    assert counts(ew_app) == before


def test_an_entry_for_another_table_is_unknown(ew_app: Any) -> None:
    ns_one, ew_two = terminal(ew_app, "ns", 1), terminal(ew_app, "ew", 2)
    entry = str(uuid.uuid4())
    assert submit(ns_one, op_id=entry, board=1)["ok"]
    assert answer(ew_two, "confirm_result", entry)["code"] == "unknown_entry"


def test_an_entry_is_checked_like_a_result(ew_app: Any) -> None:
    ns = terminal(ew_app, "ns")
    before = counts(ew_app)
    assert submit(ns, board=4)["code"] == "board_not_in_round"
    assert submit(ns, tricks=14)["code"] == "invalid_tricks"
    assert counts(ew_app) == before


def test_a_restart_keeps_the_entries_waiting(ew_path: Path) -> None:
    app = open_app(ew_path)
    ns = terminal(app, "ns")
    op_id = str(uuid.uuid4())
    assert submit(ns, op_id=op_id, board=2, contract="2H", declarer="W", tricks=8)["ok"]
    ns.disconnect("/table")
    close_app(app)

    again = open_app(ew_path)
    try:
        ew = terminal(again, "ew")
        [entry] = last_state(ew)["pending"]
        assert (entry["op_id"], entry["contract"], entry["status"]) == (op_id, "2H", "awaiting")
        assert answer(ew, "confirm_result", op_id)["ok"]
        assert [r.op_id for r in store_of(again).results()] == [op_id]
    finally:
        close_app(again)


def test_without_east_west_terminals_nothing_changes(app: Any) -> None:
    rows = table_list(store_of(app))
    assert set(rows[0]) == {"section", "table", "url", "token"}
    socketio = app.extensions["traveller.socketio"]
    ns = socketio.test_client(app, namespace="/table", auth={"token": rows[0]["token"]})
    state = last_state(ns)
    assert state["side"] == "ns" and state["pending"] == []
    op_id = str(uuid.uuid4())
    assert submit(ns, op_id=op_id, board=1) == {"ok": True, "ns_score": 420, "board": 1,
                                                "duplicate": False}
    refused = answer(ns, "confirm_result", op_id)
    assert refused["code"] == "no_ew_terminal" and refused["status"] == 409
    assert len(table_card_documents(store_of(app))) == 6


def test_the_director_gives_an_existing_event_east_west_terminals(tmp_path: Path) -> None:
    path = make_event(tmp_path / "plain.db", tables=3)
    app = open_app(path)
    try:
        store = store_of(app)
        assert not any("ew_token" in r for r in table_list(store))
        changes = setup.change_settings(store, {"ew_terminal": "yes"}, actor="director",
                                        why="East-West confirms on its own tablet")
        assert changes.changed == ["ew_terminal"]
        rows = table_list(store)
        assert all(r["ew_token"] for r in rows)
        added = [a for a in store.audit_rows() if a["action"] == "ew_token_added"]
        assert [a["entity_id"] for a in added] == ["A1", "A2", "A3"]
        assert all(a["new"] == "(secret)" for a in added)
        # Saving again keeps the secrets: printed cards stay valid.
        setup.change_settings(store, {"ew_terminal": "yes", "name": "Renamed"},
                              actor="director")
        assert [r["ew_token"] for r in table_list(store)] == [r["ew_token"] for r in rows]
        ew = terminal(app, "ew")
        assert last_state(ew)["side"] == "ew"
        # Switched off again: the East-West secrets open nothing.
        setup.change_settings(store, {"ew_terminal": "no"}, actor="director")
        socketio = app.extensions["traveller.socketio"]
        refused = socketio.test_client(app, namespace="/table",
                                       auth={"token": rows[0]["ew_token"]})
        assert not refused.is_connected("/table")
        assert not any("ew_token" in r for r in table_list(store))
        assert app.test_client().get(f"/t/{rows[0]['ew_token']}").status_code == 404
    finally:
        close_app(app)
