"""A competition in a real browser: the round robin is over, the director enters the captain's
choice of opponent (D4.3) and puts the knock-out in play; the console shows the match chosen
with its carry-over (D1.4) and the table's terminal shows it in the running score.

The server is a real `traveller serve` on a competition event whose first stage robots have
played through the table use case; the browser is Debian's Chromium.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from server.stages.create import create_competition
from server.stages.rehearsal import play_in_play
from server.stages.view import current
from server.store import Store
from tests.browser.pages import director
from tests.conftest import PASSWORD, ServerProcess, free_port
from tests.integration.test_competition import KNOCKOUT

SHOTS = Path(os.environ.get("TRAVELLER_SCREENSHOTS", "/tmp/traveller-shots"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("competition") / "cup.db"
    store = create_competition(path, KNOCKOUT, entries=6, password=PASSWORD,
                               base_url="http://testserver")
    now = int(time.time() * 1000)
    play_in_play(store, 3, lambda: now)
    ranking = [line.entry for line in current(store, now).view.stage("rr")
               .progress.groups[0].standings]
    store.close()
    process = ServerProcess(db_path=path, port=free_port()).start()
    process.ranking = ranking  # type: ignore[attr-defined]
    yield process
    process.stop()


@pytest.fixture
def console(server: ServerProcess, browser: Browser, contexts: list[BrowserContext]) -> Page:
    return director(browser, contexts, server.base_url)


def test_d4_3_the_director_enters_the_captains_choice_and_puts_the_knock_out_in_play(
        server: ServerProcess, console: Page, browser: Browser) -> None:
    page = console
    ranking: list[int] = server.ranking  # type: ignore[attr-defined]
    page.get_by_test_id("nav-competition").click()
    expect(page.get_by_test_id("stage-rr")).to_have_attribute("data-status", "complete")
    expect(page.get_by_test_id("stage-ko")).to_have_attribute("data-status", "ready")
    form = page.locator('form[data-testid="due-ko/1 chooses"]')
    expect(form).to_contain_text("D4.3")
    # The captain of the team first after the round robin chooses the third, not the fourth.
    form.locator("select").select_option(str(ranking[2]))
    form.locator('input[name="why"]').fill("the captain's choice")
    form.get_by_role("button").click()
    expect(page.locator('form[data-testid="due-ko/1 chooses"]')).to_have_count(0)
    expect(page.get_by_test_id("next-summary")).to_contain_text("knock-out")
    page.get_by_test_id("advance").click()
    expect(page.get_by_test_id("stage-ko")).to_have_attribute("data-status", "playing")
    s1 = page.get_by_test_id("ko-s1")
    expect(s1).to_contain_text(f"Team {ranking[2]}")
    expect(s1).to_contain_text("2.4")
    expect(s1).to_contain_text("D1.4")
    expect(page.get_by_test_id("undo")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "director_competition.png"), full_page=True)

    # The open room's table 1 shows the knock-out match and its carry-over.
    store = Store.open(server.db_path)
    token = next(t.token for t in store.tables() if (t.section, t.number) == ("O", 1))
    store.close()
    context = browser.new_context(viewport={"width": 412, "height": 915})
    phone = context.new_page()
    phone.goto(f"{server.base_url}/t/{token}")
    phone.get_by_test_id("match-open").click()
    carry = phone.get_by_test_id("match-carry-over")
    expect(carry).to_contain_text("D1.4")
    expect(carry).to_contain_text("2.4")
    expect(phone.get_by_test_id("match-stage")).to_have_text("knock-out")
    phone.screenshot(path=str(SHOTS / "terminal_carry_over.png"))
    context.close()
