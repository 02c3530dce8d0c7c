"""Issue 14 item 6, every input answered: one focused test for each thing the outside checker
found and the fuzz (test_fuzz_sockets.py, test_fuzz_http.py) guards in general."""

from __future__ import annotations

import logging
import sqlite3
import uuid
from typing import Any

import pytest

from server.errors import MAX_ERROR, OP_ID, error_body, shown
from server.store import Store
from tests.integration.test_director import login
from tests.integration.test_table_socket import counts, join, submit

JSON = {"Accept": "application/json"}


def store_of(app: Any) -> Store:
    store: Store = app.extensions["traveller.store"]
    return store


def call(client: Any, op_id: str | None = None, reason: str = "a revoke") -> dict[str, Any]:
    ack: dict[str, Any] = client.emit(
        "call_director", {"op_id": op_id or str(uuid.uuid4()), "reason": reason},
        namespace="/table", callback=True)
    return ack


# -- sockets ---------------------------------------------------------------------------------

def test_14_6_extra_positional_arguments_are_ignored(app: Any) -> None:
    client = join(app, 1)
    payload = {"op_id": str(uuid.uuid4()), "board": 1, "contract": "4S", "declarer": "N",
               "tricks": 10}
    ack = client.emit("submit_result", payload, "extra", {"x": 1}, namespace="/table",
                      callback=True)
    assert ack["ok"] and ack["board"] == 1
    assert client.emit("get_state", namespace="/table", callback=True)["ok"]


def test_14_6_client_emitted_connect_and_disconnect_are_refused(app: Any) -> None:
    one = join(app, 1)
    other_token = next(t.token for t in store_of(app).tables() if t.number == 2)
    presence = app.extensions["traveller.presence"]
    online = presence.snapshot()
    for event, args in (("connect", [{"token": other_token}]), ("disconnect", []),
                        ("disconnect", ["client disconnect"])):
        ack = one.emit(event, *args, namespace="/table", callback=True)
        assert ack["code"] == "reserved_event" and ack["status"] == 400
    # Still table 1, still online, and table 2 was not joined.
    assert presence.snapshot() == online
    assert one.emit("get_state", namespace="/table", callback=True)["state"]["table"] == 1


def test_14_6_a_hostile_connection_is_refused_without_a_traceback(
        app: Any, caplog: pytest.LogCaptureFixture) -> None:
    socketio = app.extensions["traveller.socketio"]
    for auth in ({"token": "\ud800"}, {"token": "t" * 300_000}, {"token": 2**70},
                 {"token": ["x"]}, "token", None):
        with caplog.at_level(logging.WARNING):
            client = socketio.test_client(app, namespace="/table", auth=auth)
        assert not client.is_connected("/table"), auth
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_14_6_unknown_events_get_an_envelope(app: Any) -> None:
    one = join(app, 1)
    ack = one.emit("no_such_event", {"x": 1}, namespace="/table", callback=True)
    assert ack == error_body("unknown_event", "there is no event 'no_such_event'", 404)
    director = app.extensions["traveller.socketio"].test_client(
        app, namespace="/director", flask_test_client=login(app))
    assert director.emit("submit_result", {}, namespace="/director",
                         callback=True)["code"] == "unknown_event"


def test_14_6_a_lone_surrogate_is_refused_before_use(app: Any) -> None:
    one = join(app, 1)
    before = counts(app)
    ack = call(one, reason="slow \ud800 play")
    assert ack["code"] == "invalid_text" and ack["status"] == 400
    assert submit(one, contract="4S\udfff")["code"] == "invalid_text"
    assert counts(app) == before


def test_14_6_a_refusal_never_echoes_a_large_input(app: Any) -> None:
    one = join(app, 1)
    huge = "4" * 900_000
    for fields in ({"contract": huge}, {"contract": huge[:9_000]}, {"op_id": huge[:9_000]},
                   {"declarer": "N" * 9_000}):
        ack = submit(one, **fields)
        assert not ack["ok"] and len(ack["error"]) <= MAX_ERROR, fields
    assert len(shown("x" * 10_000)) <= 60 and len(shown([["x" * 100] * 100] * 100)) <= 60


def test_14_6_numbers_beyond_any_field_are_refused(app: Any) -> None:
    one = join(app, 1)
    for board in (2**63, 2**64, float("inf"), float("nan"), 1e300):
        ack = submit(one, board=board)
        assert ack["code"] == "invalid_number", board
    assert submit(one, board=10**6)["code"] == "board_not_in_round"


def test_14_6_a_handler_bug_still_answers_and_is_logged_once(
        app: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from server.table import actions

    def broken(*_: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(actions, "call_director", broken)
    one = join(app, 1)
    with caplog.at_level(logging.ERROR):
        ack = call(one)
    assert ack["code"] == "internal_error" and ack["status"] == 500
    assert len([r for r in caplog.records if r.exc_info]) == 1


# -- op_ids and director calls ---------------------------------------------------------------

def test_14_6_op_id_pattern_is_matched_whole() -> None:
    assert OP_ID.fullmatch("abcdefgh")
    assert not OP_ID.fullmatch("abcdefgh\n")


def test_14_6_calls_of_two_tables_with_one_op_id_are_both_kept(app: Any) -> None:
    one, two = join(app, 1), join(app, 2)
    op_id = str(uuid.uuid4())
    first, second = call(one, op_id), call(two, op_id)
    assert first["ok"] and second["ok"] and first["call_id"] != second["call_id"]
    assert [c["table_number"] for c in store_of(app).calls()] == [1, 2]
    assert call(two, op_id) == second | {"duplicate": True}


def test_14_6_a_replayed_call_with_another_reason_is_refused(app: Any) -> None:
    one = join(app, 1)
    op_id = str(uuid.uuid4())
    assert call(one, op_id, "a revoke")["ok"]
    before = counts(app)
    refused = call(one, op_id, "slow play")
    assert refused["code"] == "op_id_reused" and refused["status"] == 409
    assert counts(app) == before


def test_14_6_a_table_may_have_three_calls_waiting(app: Any) -> None:
    one, two = join(app, 1), join(app, 2)
    for _ in range(3):
        assert call(one)["ok"]
    refused = call(one)
    assert refused["code"] == "too_many_calls" and refused["status"] == 429
    assert len(store_of(app).calls(table=1)) == 3
    assert call(two)["ok"]  # another table is not held back
    director = login(app)
    first = store_of(app).calls(table=1)[0]["id"]
    answered = director.post(f"/director/calls/{first}/answer", json={"answer": "coming"},
                             headers={"X-CSRF-Token": director.csrf, **JSON})
    assert answered.status_code == 200
    assert call(one)["ok"]


def test_14_6_m014_scopes_every_op_id_index_to_its_table(app: Any) -> None:
    conn = sqlite3.connect(store_of(app).path)
    indexes = {row[0]: row[1] for row in conn.execute(
        "select tbl_name, sql from sqlite_master where type = 'index' and sql like "
        "'%unique%op_id%'")}
    conn.close()
    assert set(indexes) == {"results", "calls", "entry_conflicts", "pending_results",
                            "ew_decisions", "table_players", "match_confirmations"}
    assert all('"section", "table_number", "op_id"' in sql for sql in indexes.values())


# -- HTTP ------------------------------------------------------------------------------------

def test_14_6_json_requests_get_the_envelope(app: Any) -> None:
    director = login(app)
    stranger = app.test_client()
    cases = [
        (stranger.get("/no/such/page", headers=JSON), 404, "not_found"),
        (stranger.get("/director/api/grid", headers=JSON), 401, "unauthorized"),
        (stranger.get("/t/not-a-table", headers=JSON), 404, "unknown_table"),
        (director.post("/director/clock/start", json={}), 400, "bad_request"),  # no CSRF
        (director.put("/director/clock/start", headers={"X-CSRF-Token": director.csrf,
                                                         **JSON}), 405, "method_not_allowed"),
        (director.post("/director/alerts/ack", json=[1, 2],
                       headers={"X-CSRF-Token": director.csrf}), 400, "bad_payload"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.request.path
        assert response.get_json() | {"error": ""} == error_body(code, "", status)


def test_14_6_a_csrf_token_that_is_not_ascii_is_refused_not_a_500(app: Any) -> None:
    client = login(app)
    for sent in ({"data": {"csrf_token": "é" * 32}},
                 {"headers": {"X-CSRF-Token": "\u00e9" * 32}}):
        response = client.post("/director/clock/start", **sent)
        assert response.status_code == 400, sent


def test_14_6_browsers_get_a_page_of_ours_never_a_traceback(app: Any) -> None:
    response = app.test_client().get("/no/such/page")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "Traveller" in page and "<script" not in page and "Traceback" not in page


def test_14_6_an_unexpected_exception_is_a_500_envelope_logged_once(
        app: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from server.web import director as view

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug")

    client = login(app)
    monkeypatch.setattr(view, "live_grid", broken)
    with caplog.at_level(logging.ERROR):
        as_json = client.get("/director/api/grid")
        as_page = client.get("/director/")
    assert as_json.status_code == 500 and as_json.get_json()["code"] == "internal_error"
    assert as_page.status_code == 500 and b"a bug" not in as_page.get_data()
    assert len([r for r in caplog.records if r.exc_info]) == 2


def test_14_6_path_numbers_past_sqlite_or_not_ascii_are_not_found(app: Any) -> None:
    client = login(app)
    for number in ("9223372036854775808", "18446744073709551616", "99999999999", "²", "٣"):
        for path in (f"/results/api/board/{number}", f"/director/board/{number}"):
            assert client.get(path, headers=JSON).status_code == 404, path
        answered = client.post(f"/director/calls/{number}/answer", json={"answer": "x"},
                               headers={"X-CSRF-Token": client.csrf})
        assert answered.status_code == 404 and answered.get_json()["ok"] is False


def test_14_6_a_pair_number_in_other_digits_is_refused(app: Any) -> None:
    client = login(app)
    before = counts(app)
    for pair in ("²", "٣", "9223372036854775808"):
        response = client.post("/director/penalties", json={"pair": pair, "why": "noise"},
                               headers={"X-CSRF-Token": client.csrf})
        assert response.status_code in (400, 404), pair
        assert response.get_json()["code"] in ("invalid_pair", "unknown_pair")
    assert counts(app) == before


def test_14_6_clock_minutes_are_finite_and_bounded(app: Any) -> None:
    client = login(app)
    headers = {"X-CSRF-Token": client.csrf}
    before = counts(app)
    for minutes in ("inf", "1e300", "nan", "-1", "121"):
        refused = client.post("/director/setup/", json={"clock_minutes": minutes},
                              headers=headers)
        assert refused.status_code == 400, minutes
        assert refused.get_json()["code"] == "invalid_settings"
    for number in (float("inf"), 1e300):
        refused = client.post("/director/setup/", data=f'{{"clock_minutes": {number}}}'
                              .replace("inf", "Infinity"), content_type="application/json",
                              headers=headers)
        assert refused.status_code == 400 and refused.get_json()["code"] == "invalid_number"
    assert counts(app) == before
    started = client.post("/director/clock/start", headers={**headers, **JSON})
    assert started.status_code == 200 and started.get_json()["ok"]


def test_14_6_lone_surrogates_and_huge_texts_in_json_bodies_are_refused(app: Any) -> None:
    client = login(app)
    headers = {"X-CSRF-Token": client.csrf}
    before = counts(app)
    for body in ('{"name": "A\\ud800"}', '{"name": "' + "x" * 20_000 + '"}',
                 '{"a": ' * 40 + "1" + "}" * 40):
        refused = client.post("/director/setup/", data=body, content_type="application/json",
                              headers=headers)
        assert refused.status_code == 400, body[:40]
        assert refused.get_json()["code"] in ("invalid_text", "invalid_input")
        assert len(refused.get_json()["error"]) <= MAX_ERROR
    assert counts(app) == before


def test_14_6_a_served_event_answers_hostile_messages_over_websockets(
        live_server: Any) -> None:
    """The same over a real websocket to `traveller serve` (gevent): every message answered,
    the connection kept, nothing in the log."""
    import socketio

    store = Store.open(live_server.db_path)
    token = store.tables()[0].token
    store.close()
    client = socketio.Client(reconnection=False)
    client.connect(live_server.base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"])
    try:
        def ask(event: str, *args: Any) -> Any:
            data = args[0] if len(args) == 1 else args if args else None
            return client.call(event, data, namespace="/table", timeout=10)

        assert ask("connect", {"token": token})["code"] == "reserved_event"
        assert ask("disconnect")["code"] == "reserved_event"
        assert ask("get_state", {}, "extra", 3)["ok"]
        assert ask("nope", {})["code"] == "unknown_event"
        assert ask("call_director", {"op_id": "abcdefgh1", "reason": "\ud800"})["code"] \
            == "invalid_text"
        refused = ask("submit_result", {"op_id": "abcdefgh2", "board": 1,
                                        "contract": "4" * 900_000, "declarer": "N",
                                        "tricks": 1})
        assert refused["code"] == "invalid_text" and len(refused["error"]) <= MAX_ERROR
        assert ask("get_state")["state"]["table"] == 1
        assert client.connected
    finally:
        client.disconnect()
    live_server.stop()
    assert "Traceback" not in live_server.log()
