"""A director call answered on the console while the grid keeps updating around the form."""

from __future__ import annotations

import uuid
from pathlib import Path

import socketio
from playwright.sync_api import Browser, expect

from tests.browser.test_director_slow_play import log_in
from tests.conftest import served_event


def table_client(base_url: str, token: str, answers: list[dict[str, object]]) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.on("director_answer", answers.append, namespace="/table")
    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    return client


def test_an_answer_being_typed_survives_live_grid_updates(browser: Browser,
                                                          tmp_path: Path) -> None:
    server = served_event(tmp_path).start()
    try:
        tables = server.tables()
        answers: list[dict[str, object]] = []
        one = table_client(server.base_url, tables[0]["token"], answers)
        two = table_client(server.base_url, tables[1]["token"], [])
        page = log_in(browser, server.base_url)
        ack = one.call("call_director", {"op_id": str(uuid.uuid4()), "reason": "revoke"},
                       namespace="/table", timeout=10)
        assert ack["ok"]
        answer = page.locator(".alert.call input[name=answer]")
        expect(answer).to_be_visible()
        answer.click()
        page.keyboard.type("Coming to")
        # Another table enters a result: the grid is pushed again while the director types.
        assert two.call("submit_result", {"op_id": str(uuid.uuid4()), "board": 4,
                                          "contract": "3N", "declarer": "S", "tricks": 9},
                        namespace="/table", timeout=10)["ok"]
        expect(page.locator('[data-table="2"] .done')).to_have_text("1/3")
        page.keyboard.type(" table 1")
        expect(answer).to_have_value("Coming to table 1")
        page.keyboard.press("Enter")
        expect(page.locator(".alert.call")).to_have_count(0)
        one.sleep(0.5)
        assert answers and answers[-1]["answer"] == "Coming to table 1"
        one.disconnect()
        two.disconnect()
    finally:
        server.stop()
