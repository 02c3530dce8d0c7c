"""The director applies a slow-play penalty (K12.2) on the console, in a real browser."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from server.store import Store
from tests.conftest import PASSWORD, ServerProcess, served_event
from tests.integration.test_slow_play import MIN, ROUND, finish, start_round


@pytest.fixture
def late_event(tmp_path: Path) -> Iterator[ServerProcess]:
    """Round 1 started 32 minutes ago; table 1 finished just now, 8 minutes late."""
    process = served_event(tmp_path)
    store = Store.open(process.db_path)
    now = int(time.time() * 1000)
    start_round(store, 1, now - ROUND - 8 * MIN)
    finish(store, 1, (1, 2, 3), now)
    store.close()
    process.start()
    yield process
    process.stop()


def log_in(browser: Browser, base_url: str) -> Page:
    page = browser.new_context(viewport={"width": 1200, "height": 800}).new_page()
    page.goto(base_url + "/director/login")
    page.fill("input[name=password]", PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("director-clock")).to_be_visible()
    return page


def test_k12_2_director_applies_a_slow_play_penalty(browser: Browser,
                                                    late_event: ServerProcess) -> None:
    page = log_in(browser, late_event.base_url)
    # The grid shows the round over time and the tables late in the alerts queue.
    expect(page.get_by_test_id("director-clock")).to_contain_text("over")
    expect(page.locator(".alert.late").first).to_be_visible()
    page.get_by_test_id("slow-play-link").click()
    pair = page.locator("tr[data-pair='1']")
    expect(pair).to_contain_text("8 min")
    expect(pair.get_by_test_id("slow-play-state")).to_contain_text("to decide")
    # 8 minutes: 2 MP plus 1 MP for each of the 6th to 8th minutes.
    expect(pair.locator("input[name=penalty]")).to_have_value("5")
    pair.get_by_test_id("apply").click()
    pair = page.locator("tr[data-pair='1']")
    expect(pair.get_by_test_id("slow-play-state")).to_contain_text("applied: 5 MP")
    other = page.locator("tr[data-pair='7']")
    other.locator("input[name=reason]").fill("the board was fouled, not their fault")
    other.get_by_test_id("waive").click()
    expect(page.locator("tr[data-pair='7']").get_by_test_id("slow-play-state")).to_contain_text(
        "waived")
    shots = os.environ.get("TRAVELLER_SCREENSHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / "slow-play.png"), full_page=True)
        page.goto(late_event.base_url + "/director/")
        expect(page.locator(".alert.late").first).to_be_visible()
        page.screenshot(path=str(Path(shots) / "grid.png"), full_page=True)
