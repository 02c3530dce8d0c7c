"""From set-up to the first round in a real browser: the director grows the event before
round 1 (a late pair arrives), starts the round clock, and the new table plays."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.pages import PHONE, enter
from tests.browser.test_director_slow_play import log_in
from tests.conftest import served_event


def test_setup_to_the_first_round_with_a_table_added_before_round_1(
    browser: Browser, tmp_path: Path
) -> None:
    server = served_event(tmp_path, tables=6).start()
    try:
        first_tokens = {t["table"]: t["token"] for t in server.tables()}
        page = log_in(browser, server.base_url)
        page.goto(server.base_url + "/director/setup/")
        page.fill("input[name=tables]", "7")
        page.fill("input[name=why]", "a late pair arrived")
        page.get_by_test_id("save-settings").click()
        expect(page.get_by_test_id("setup-saved")).to_contain_text("tables")

        tables = {t["table"]: t for t in server.tables()}
        assert sorted(tables) == [1, 2, 3, 4, 5, 6, 7]
        # The printed cards of the first six tables stay valid.
        assert all(tables[n]["token"] == token for n, token in first_tokens.items())

        page.goto(server.base_url + "/director/")
        expect(page.locator('[data-table="7"] .done')).to_have_text("0/3")
        page.get_by_test_id("start-clock").click()
        page.get_by_test_id("start-clock-confirm").click()
        expect(page.get_by_test_id("director-clock")).to_contain_text("left")

        phone = browser.new_context(viewport=PHONE, has_touch=True, locale="en-US")
        try:
            table = phone.new_page()
            table.goto(tables[7]["url"])
            expect(table.get_by_test_id("table")).to_contain_text("7")
            expect(table.get_by_test_id("round")).to_have_text("1 / 7")
            expect(table.get_by_test_id("clock")).to_be_visible()
            first = table.locator('[data-testid^="board-"]').first
            enter(table, "level-3", "strain-N", "declarer-S", "result-eq")
            expect(first).to_have_attribute("data-status", "scored")
        finally:
            phone.close()
        expect(page.locator('[data-table="7"] .done')).to_have_text("1/3")
        page.goto(server.base_url + "/director/setup/")
        expect(page.get_by_test_id("setup-locked")).to_be_visible()
    finally:
        server.stop()
