"""A director call answered on the console while the grid keeps updating around the form."""

from __future__ import annotations

import queue
import uuid
from pathlib import Path

import socketio
from playwright.sync_api import Browser, WebSocket, expect

from tests.browser.test_director_slow_play import log_in
from tests.conftest import PASSWORD, served_event


def table_client(base_url: str, token: str,
                 answers: queue.Queue[dict[str, object]]) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.on("director_answer", answers.put, namespace="/table")
    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    return client


def test_an_answer_being_typed_survives_live_grid_updates(browser: Browser,
                                                          tmp_path: Path) -> None:
    server = served_event(tmp_path).start()
    try:
        tables = server.tables()
        answers: queue.Queue[dict[str, object]] = queue.Queue()
        one = table_client(server.base_url, tables[0]["token"], answers)
        two = table_client(server.base_url, tables[1]["token"], queue.Queue())
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
        # The answer reaches the table's terminal: waited for, not slept on.
        assert answers.get(timeout=10)["answer"] == "Coming to table 1"
        one.disconnect()
        two.disconnect()
    finally:
        server.stop()


def test_an_alert_pushed_to_a_polish_console_is_worded_in_polish(browser: Browser,
                                                                 tmp_path: Path) -> None:
    server = served_event(tmp_path).start()
    try:
        tables = server.tables()
        phone = table_client(server.base_url, tables[0]["token"], queue.Queue())
        tablet = table_client(server.base_url, tables[0]["token"], queue.Queue())
        other = table_client(server.base_url, tables[1]["token"], queue.Queue())
        page = log_in(browser, server.base_url)
        page.goto(server.base_url + "/director/?lang=pl")
        expect(page.locator("#live")).to_have_attribute("data-state", "online")
        entry = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}
        assert phone.call("submit_result", {"op_id": str(uuid.uuid4()), **entry},
                          namespace="/table", timeout=10)["ok"]
        second = {"op_id": str(uuid.uuid4()), "board": 1, "contract": "3N", "declarer": "S",
                  "tricks": 9}
        assert tablet.call("submit_result", second, namespace="/table",
                           timeout=10)["code"] == "already_scored"
        # The next change anywhere pushes the grid: the script words the new alert itself.
        assert other.call("submit_result", {"op_id": str(uuid.uuid4()), "board": 4,
                                            "contract": "3N", "declarer": "S", "tricks": 9},
                          namespace="/table", timeout=10)["ok"]
        expect(page.locator(".alert.conflict .text")).to_have_text(
            "rozdanie 1: drugi wpis 3N S (+400) różni się od zapisanego 4S N (+420)")
        expect(page.locator(".alert.conflict .kind")).to_have_text("Konflikt")
        for client in (phone, tablet, other):
            client.disconnect()
    finally:
        server.stop()


def test_the_console_follows_the_grid_by_its_patches(browser: Browser, tmp_path: Path) -> None:
    """The console's socket takes the grid's changes as `grid_patch` (gridfeed): a table's
    result reaches its cell as a patch, and the console never had to ask the grid again."""
    server = served_event(tmp_path).start()
    try:
        page = browser.new_context(viewport={"width": 1200, "height": 800}).new_page()
        received: list[str] = []
        sent: list[str] = []

        def watch(ws: WebSocket) -> None:
            ws.on("framereceived", lambda frame: received.append(str(frame)))
            ws.on("framesent", lambda frame: sent.append(str(frame)))

        page.on("websocket", watch)
        page.goto(server.base_url + "/director/login")
        page.fill("input[name=password]", PASSWORD)
        page.keyboard.press("Enter")
        expect(page.locator('[data-table="2"] .done')).to_have_text("0/3")
        two = table_client(server.base_url, server.tables()[1]["token"], queue.Queue())
        assert two.call("submit_result", {"op_id": str(uuid.uuid4()), "board": 4,
                                          "contract": "3N", "declarer": "S", "tricks": 9},
                        namespace="/table", timeout=10)["ok"]
        expect(page.locator('[data-table="2"] .done')).to_have_text("1/3")
        assert any('"grid_patch"' in frame for frame in received)
        assert not any('"get_grid"' in frame for frame in sent)
        two.disconnect()
    finally:
        server.stop()
