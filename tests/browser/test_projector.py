"""The projector page in a real browser: the ranking after every round (K4.3), redrawn from
the server's push the moment a round's last board is entered, without reloading the page."""

from __future__ import annotations

import queue
import uuid
from pathlib import Path

from playwright.sync_api import Browser, expect

from server.store import Store
from tests.browser.test_director_calls import table_client
from tests.browser.test_director_slow_play import log_in
from tests.conftest import served_event


def test_k4_3_the_projector_changes_without_reload_when_a_round_is_complete(
        browser: Browser, tmp_path: Path) -> None:
    server = served_event(tmp_path)
    store = Store.open(server.db_path)
    round_one = [(s.table_number, s.boards) for s in store.seatings() if s.round == 1]
    store.close()
    server.start()
    clients = []
    try:
        tokens = {t["table"]: t["token"] for t in server.tables()}
        page = log_in(browser, server.base_url)
        page.goto(server.base_url + "/results/projector")
        status = page.get_by_test_id("projector-round")
        expect(status).to_have_text("Waiting for the first round to finish")
        expect(page.locator("body")).to_have_attribute("data-live", "socket")
        page.evaluate("window.notReloaded = true")
        entries = [(table, board) for table, boards in sorted(round_one) for board in boards]
        for table, board in entries:
            if table not in {c[0] for c in clients}:
                clients.append((table, table_client(server.base_url, tokens[table], queue.Queue())))
            client = next(c for t, c in clients if t == table)
            ack = client.call("submit_result", {
                "op_id": str(uuid.uuid4()), "board": board, "contract": "3N", "declarer": "N",
                "tricks": 9 if table % 2 else 8}, namespace="/table", timeout=10)
            assert ack["ok"], ack
            if (table, board) != entries[-1]:
                expect(status).to_have_text("Waiting for the first round to finish")
        # The last board of round 1: the ranking after round 1 appears, pushed (the fallback
        # poll is every 30 s, far longer than this wait).
        expect(status).to_have_text("After round 1 of 5", timeout=5000)
        expect(page.get_by_test_id("projector-NS").locator("tbody tr")).to_have_count(6)
        expect(page.get_by_test_id("projector-EW").locator("tbody tr")).to_have_count(6)
        assert page.evaluate("window.notReloaded") is True
        page.context.close()
    finally:
        for _, client in clients:
            client.disconnect()
        server.stop()
