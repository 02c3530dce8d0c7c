"""The director's rulings in a real browser: a correction with undo, and an adjusted score.

Fixtures `server` and `browser` come from tests/browser/conftest.py (a real `traveller serve`
and Debian's Chromium). Results are entered from the console's own form, as a director does
from a paper traveller, so no terminal is needed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

SHOTS = Path(os.environ.get("TRAVELLER_SCREENSHOTS", "/tmp/traveller-shots"))


@pytest.fixture
def console(server, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.base_url + "/director/login")
    page.fill('input[name="password"]', server.director_password)
    page.click('button[type="submit"]')
    expect(page).to_have_url(server.base_url + "/director/")
    yield page
    context.close()


def rule(page: Page, table: int, form: str, **fields: str) -> None:
    details = page.get_by_test_id(f"rulings-{table}")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    box = details.get_by_test_id(form)
    for name, value in fields.items():
        field = box.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def test_correction_with_undo_and_an_adjusted_score(server, console: Page) -> None:
    page = console
    page.goto(server.base_url + "/director/board/1")
    entry = page.get_by_test_id("entry-1")
    expect(entry).to_contain_text("not played yet")

    rule(page, 1, "correct-form", contract="4S", declarer="N", tricks="10",
         why="entered from the paper traveller")
    page.get_by_test_id("rulings-1").get_by_test_id("correct-form").get_by_role(
        "button").click()
    expect(page.get_by_test_id("entry-1").get_by_test_id("ns-score")).to_have_text("+420")
    rule(page, 6, "correct-form", contract="4S", declarer="N", tricks="11",
         why="entered from the paper traveller")
    page.get_by_test_id("rulings-6").get_by_test_id("correct-form").get_by_role(
        "button").click()
    expect(page.get_by_test_id("entry-6").get_by_test_id("ns-score")).to_have_text("+450")

    # A correction: 11 tricks at table 1, then undone.
    rule(page, 1, "correct-form", tricks="11", why="EW agree it was 11 tricks")
    page.get_by_test_id("rulings-1").get_by_test_id("correct-form").get_by_role(
        "button").click()
    expect(page.get_by_test_id("entry-1").get_by_test_id("ns-score")).to_have_text("+450")
    rule(page, 1, "undo-form", why="the traveller said 10")
    page.get_by_test_id("rulings-1").get_by_role("button", name="Undo last correction").click()
    expect(page.get_by_test_id("entry-1").get_by_test_id("ns-score")).to_have_text("+420")
    audit = page.get_by_test_id("board-audit")
    expect(audit).to_contain_text("EW agree it was 11 tricks")
    expect(audit).to_contain_text("the traveller said 10")
    expect(audit).to_contain_text("result undone")

    # An adjusted score, split 60/40, to table 6.
    rule(page, 6, "adjust-form", choice="60/40", why="board fouled at table 6")
    page.get_by_test_id("rulings-6").get_by_test_id("adjust-form").get_by_role(
        "button").click()
    expect(page.get_by_test_id("entry-6").get_by_test_id("adjusted")).to_contain_text(
        "Law 12C2 60% / 40%")
    expect(page.get_by_test_id("entry-6").get_by_test_id("ns-pct")).to_have_text("60.0")
    expect(page.get_by_test_id("entry-6").get_by_test_id("ew-pct")).to_have_text("40.0")
    page.get_by_test_id("rulings-1").locator("summary").click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "director_board.png"), full_page=True)

    page.goto(server.base_url + "/director/rankings")
    expect(page.get_by_test_id("ranking-NS").locator('tr[data-pair="6"] .pct')).to_have_text(
        "60.00")
    page.get_by_test_id("toggle-publication").click()
    expect(page.get_by_test_id("published")).to_have_text("published")
    page.screenshot(path=str(SHOTS / "director_rankings.png"), full_page=True)
    page.goto(server.base_url + "/results/projector")
    page.screenshot(path=str(SHOTS / "projector.png"))
