"""A teams event in a real browser: the director applies a walk-over (K13.1) from its form and
sees it in the standings; the grid names the tables by room.

The server is a real `traveller serve` on a teams event from seeds/gabsi-teams.toml (four
teams, 8-board matches); the browser is Debian's Chromium (tests/browser/conftest.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import PASSWORD, ServerProcess, free_port
from tests.integration import teams_event as te

SHOTS = Path(os.environ.get("TRAVELLER_SCREENSHOTS", "/tmp/traveller-shots"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    port = free_port()
    path = te.create(tmp_path_factory.mktemp("teams") / "teams.db", tables=2,
                     boards_per_round=8)
    process = ServerProcess(db_path=path, port=port).start()
    yield process
    process.stop()


@pytest.fixture
def console(server: ServerProcess, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.base_url + "/director/login")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    expect(page).to_have_url(server.base_url + "/director/")
    yield page
    context.close()


def test_k13_1_walkover_form_applied_and_shown_in_the_standings(server: ServerProcess,
                                                                console: Page) -> None:
    page = console
    expect(page.locator(".table-cell .num").first).to_contain_text("Open 1")  # rooms side by side
    expect(page.get_by_test_id("table-teams").first).to_contain_text("Teams")
    page.get_by_role("link", name="Team rulings").click()
    preview = page.get_by_test_id("walkover-preview")
    preview.locator('select[name="wo_round"]').select_option("1")
    preview.locator('select[name="wo_team"]').select_option("4")
    page.get_by_test_id("walkover-show").click()
    form = page.get_by_test_id("walkover-form")
    expect(page.get_by_test_id("walkover-award")).to_have_text("18 VP")
    expect(page.get_by_test_id("walkover-options")).to_contain_text("(c) 18 VP")
    form.locator('input[name="why"]').fill("team 4 absent at 20 minutes")
    page.get_by_test_id("walkover-apply").click()
    rulings = page.get_by_test_id("team-rulings")
    expect(rulings).to_contain_text("K13.1 W.O. in round 1")
    expect(rulings).to_contain_text("team 4 absent at 20 minutes")

    page.goto(server.base_url + "/director/teams/standings")
    first = page.get_by_test_id("team-standings").locator('tr[data-team="1"]')
    expect(first.get_by_test_id("vp")).to_have_text("18.00")
    expect(first.get_by_test_id("ruling-tag")).to_contain_text("W.O. won")
    absent = page.get_by_test_id("team-standings").locator('tr[data-team="4"]')
    expect(absent.get_by_test_id("ruling-tag")).to_contain_text("W.O. lost")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "director_teams_standings.png"), full_page=True)

    # Taken back: the match is to be played again, and the standings say so.
    page.goto(server.base_url + "/director/teams/rulings")
    row = page.get_by_test_id("team-rulings").locator('tr[data-kind="walkover"]')
    row.locator('input[name="why"]').fill("team 4 arrived after all")
    row.get_by_role("button", name="Remove").click()
    expect(page.get_by_test_id("team-rulings")).to_contain_text("removed")
    page.goto(server.base_url + "/director/teams/standings")
    expect(first.get_by_test_id("vp")).to_have_text("0.00")
