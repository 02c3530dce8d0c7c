"""Conflicting entries: a second, different entry for a board a table has already scored is
refused, kept for the director and shown on the alerts queue; the stored result stands."""

from __future__ import annotations

from typing import Any

from tests.integration.test_clocks import JSON, post
from tests.integration.test_director import login
from tests.integration.test_table_socket import join, submit


def test_a_second_different_entry_is_kept_and_becomes_an_alert(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    phone, tablet = join(app, 1), join(app, 1)  # two devices at one table
    assert submit(phone, board=1, contract="4S", declarer="N", tricks=10)["ok"]
    second = {"op_id": "second-device-entry-1", "board": 1, "contract": "3N",
              "declarer": "S", "tricks": 9}
    ack = tablet.emit("submit_result", second, namespace="/table", callback=True)
    assert (ack["ok"], ack["code"], ack["status"]) == (False, "already_scored", 409)
    assert "kept for the director" in ack["error"]
    # Replayed by the outbox: kept once.
    tablet.emit("submit_result", second, namespace="/table", callback=True)
    [result] = [r for r in store.results("A", 1) if r.board == 1]
    assert (result.contract, result.ns_score) == ("4S", 420)  # the stored result stands
    grid = http.get("/director/api/grid", headers=JSON).json
    [alert] = [a for a in grid["alerts"] if a["kind"] == "conflict"]
    assert (alert["table"], alert["board"]) == (1, 1)
    assert "3N S (+400)" in alert["text"] and "4S N (+420)" in alert["text"]
    audit = [a for a in store.audit_rows() if a["action"] == "entry_conflict"]
    assert len(audit) == 1 and audit[0]["entity_id"] == "A/1/1/1"
    assert post(http, "/director/alerts/ack", key=alert["key"]).status_code == 200
    after = http.get("/director/api/grid", headers=JSON).json
    assert not [a for a in after["alerts"] if a["kind"] == "conflict"]


def test_the_same_result_entered_twice_is_not_a_conflict(app: Any) -> None:
    phone, tablet = join(app, 2), join(app, 2)
    board = app.extensions["traveller.store"].seatings("A", 2)[0].boards[0]
    assert submit(phone, board=board, contract="2H", declarer="E", tricks=8)["ok"]
    ack = submit(tablet, board=board, contract="2H", declarer="E", tricks=8)
    assert ack["code"] == "already_scored" and "kept" not in ack["error"]
    grid = login(app).get("/director/api/grid", headers=JSON).json
    assert not [a for a in grid["alerts"] if a["kind"] == "conflict"]


def make_conflict(app: Any) -> tuple[Any, dict[str, Any]]:
    http = login(app)
    phone, tablet = join(app, 1), join(app, 1)
    assert submit(phone, board=1, contract="4S", declarer="N", tricks=10)["ok"]
    submit(tablet, board=1, contract="3N", declarer="S", tricks=9)
    grid = http.get("/director/api/grid", headers=JSON).json
    [alert] = [a for a in grid["alerts"] if a["kind"] == "conflict"]
    return http, alert


def test_15_4_a_conflict_heads_the_console_and_links_to_its_two_entries(app: Any) -> None:
    http, alert = make_conflict(app)
    page = http.get("/director/").get_data(as_text=True)
    # The banner comes before the clock's toolbar, counted, with the link that settles it.
    banner = page.index('data-testid="conflicts"')
    assert banner < page.index('data-testid="director-clock"')
    assert "Conflicting entries: 1." in page
    link = f'/director/conflicts/{alert["conflict_id"]}'
    assert f'href="{link}"' in page
    shown = http.get(link).get_data(as_text=True)
    assert 'data-testid="conflict-stored"' in shown and 'data-testid="conflict-second"' in shown
    assert "4S N" in shown and "3N S" in shown and "+420" in shown and "+400" in shown
    body = http.get(link, headers=JSON).json
    assert body["conflict"]["open"] is True and body["conflict"]["second"]["ns_score"] == 400


def test_15_4_keeping_the_second_entry_replaces_the_result_audited(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http, alert = make_conflict(app)
    link = f'/director/conflicts/{alert["conflict_id"]}/keep'
    assert post(http, link, keep="neither").json["code"] == "invalid_choice"
    assert post(http, "/director/conflicts/999/keep", keep="stored").status_code == 404
    assert post(http, link, keep="second").json["ok"]
    [result] = [r for r in store.results("A", 1) if r.board == 1]
    assert (result.contract, result.declarer, result.ns_score) == ("3N", "S", 400)
    audit = [a for a in store.audit_rows() if "the second entry kept" in (a["why"] or "")]
    assert len(audit) == 1
    grid = http.get("/director/api/grid", headers=JSON).json
    assert not [a for a in grid["alerts"] if a["kind"] == "conflict"]
    assert post(http, link, keep="stored").json["code"] == "conflict_settled"


def test_15_4_keeping_the_stored_result_changes_nothing_but_the_alert(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http, alert = make_conflict(app)
    page = http.post(f'/director/conflicts/{alert["conflict_id"]}/keep',
                     data={"csrf_token": http.csrf, "keep": "stored"})
    assert page.status_code == 302
    [result] = [r for r in store.results("A", 1) if r.board == 1]
    assert result.contract == "4S"
    grid = http.get("/director/api/grid", headers=JSON).json
    assert not [a for a in grid["alerts"] if a["kind"] == "conflict"]


def test_15_4_a_second_device_hears_another_is_the_terminal_and_may_take_over(
        app: Any) -> None:
    store = app.extensions["traveller.store"]
    socketio = app.extensions["traveller.socketio"]

    def device(number: int) -> Any:
        token = store.tables()[number - 1].token
        return socketio.test_client(app, namespace="/table", auth={"token": token})

    def heard(client: Any, name: str) -> list[Any]:
        return [e["args"][0] for e in client.get_received("/table") if e["name"] == name]

    first = device(1)
    assert heard(first, "terminals") == [{"others": 0}]
    other_table = device(2)
    assert heard(other_table, "terminals") == [{"others": 0}]
    second = device(1)
    assert heard(second, "terminals") == [{"others": 1}]
    ack = second.emit("take_over", {}, namespace="/table", callback=True)
    assert ack == {"ok": True, "others": 1}
    assert heard(first, "taken_over") == [{}]
    assert heard(other_table, "taken_over") == []
