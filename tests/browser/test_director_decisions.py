"""A captain's choice of opponent on the console, in a real browser (D4.3): no team is taken
for the captain, the choice is made, changed before its matches are put in play (the console
lists it with Change and Withdraw), withdrawn and made again; the next advance shows its whole
draw. The server is a real `traveller serve` on a competition whose round robin the robots
have played through the tables' use cases."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from server.stages.create import create_competition
from server.stages.rehearsal import play_in_play
from server.stages.view import current
from tests.browser.pages import director
from tests.conftest import PASSWORD, ServerProcess, free_port
from tests.integration.test_competition import KNOCKOUT


@pytest.fixture
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("decisions") / "cup.db"
    store = create_competition(path, KNOCKOUT, entries=6, password=PASSWORD,
                               base_url="http://testserver")
    play_in_play(store, 5, lambda: int(time.time() * 1000))
    ranking = [line.entry for line in current(store, 0).view.stage("rr")
               .progress.groups[0].standings]
    store.close()
    process = ServerProcess(db_path=path, port=free_port()).start()
    process.ranking = ranking  # type: ignore[attr-defined]
    yield process
    process.stop()


def test_d4_3_a_captains_choice_is_changed_and_withdrawn_on_the_console_before_play(
        server: ServerProcess, browser: Browser, contexts: list[BrowserContext]) -> None:
    ranking: list[int] = server.ranking  # type: ignore[attr-defined]
    key = "ko/1 chooses"
    page: Page = director(browser, contexts, server.base_url)
    page.get_by_test_id("nav-competition").click()
    choice = page.get_by_test_id(f"choice-{key}")
    # Nothing is chosen for the captain: Decide without a team is not sent.
    expect(choice).to_have_value("")
    page.get_by_test_id(f"decide-{key}").click()
    expect(page.get_by_test_id(f"due-{key}")).to_be_visible()
    choice.select_option(str(ranking[2]))
    page.get_by_test_id(f"decide-{key}").click()
    taken = page.get_by_test_id(f"decided-{key}")
    expect(taken).to_have_attribute("data-open", "true")
    value = page.get_by_test_id(f"decided-value-{key}")
    expect(value).to_have_text(f"{ranking[2]} Team {ranking[2]}")
    expect(page.get_by_test_id("next-draw")).to_contain_text(f"Team {ranking[2]}")

    # The captain changes his mind before the semi-finals are put in play.
    change = page.get_by_test_id(f"change-choice-{key}")
    expect(change).to_have_value("")
    change.select_option(str(ranking[3]))
    taken.locator('input[name="why"]').first.fill("the captain changed his mind")
    page.get_by_test_id(f"change-{key}").click()
    expect(value).to_have_text(f"{ranking[3]} Team {ranking[3]}")
    s1 = page.get_by_test_id("draw-ko/s1")
    expect(s1).to_contain_text(f"Team {ranking[0]}")
    expect(s1).to_contain_text(f"Team {ranking[3]}")

    # Withdrawn, the choice is asked for again; made again, it is put in play and stands.
    page.get_by_test_id(f"withdraw-decision-{key}").click()
    expect(page.get_by_test_id(f"due-{key}")).to_be_visible()
    expect(page.get_by_test_id(f"decided-{key}")).to_have_count(0)
    page.get_by_test_id(f"choice-{key}").select_option(str(ranking[2]))
    page.get_by_test_id(f"decide-{key}").click()
    page.get_by_test_id("advance").click()
    expect(page.get_by_test_id("stage-ko")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id(f"change-{key}")).to_have_count(0)
    page.get_by_test_id("decisions-standing").locator("summary").click()
    expect(page.get_by_test_id(f"stands-{key}")).to_contain_text("in play since round 6")
    expect(page.get_by_test_id("undo")).to_be_visible()
