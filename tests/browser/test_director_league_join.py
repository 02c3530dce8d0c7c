"""D4.7 on the console, in a real browser: League I's barrage takes League II's four group
runners-up from an upload of League II's event file, under the join's form; a file that is
not an event is refused on the console's refusal page, and nothing is decided. The server is a
real `traveller serve` on a fresh League I (its barrage's join is due from the start); League
II is the robots' season (`rehearsed.moment_files`, shared with the other tests of a run)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from server.stages.create import create_competition
from tests.browser.pages import director
from tests.conftest import PASSWORD, REPO, ServerProcess, free_port
from tests.integration.rehearsed import copy, moment_files
from tests.integration.test_d4_7_league_join import registered, runners_up

pytestmark = pytest.mark.timeout(900)
"""League II played to its end takes a minute or more when no other test of the run made it."""

KEY = "barrage/join3"


@pytest.fixture
def league_i(tmp_path: Path) -> Iterator[ServerProcess]:
    path = tmp_path / "league-1.db"
    store = create_competition(path, (REPO / "seeds" / "pzbs-league-1.toml").read_text(),
                               entries=None, password=PASSWORD, base_url="http://testserver",
                               name=None)
    store.close()
    process = ServerProcess(db_path=path, port=free_port()).start()
    yield process
    process.stop()


def test_d4_7_the_console_takes_league_ii_runners_up_from_its_uploaded_file(
        league_i: ServerProcess, browser: Browser, contexts: list[BrowserContext],
        tmp_path: Path) -> None:
    source = copy(moment_files("pzbs-league-2", {None})[None], tmp_path / "league-2.db")
    registered(source)
    names = [name for _, _, name in runners_up(source)]
    page = director(browser, contexts, league_i.base_url)
    page.get_by_test_id("nav-competition").click()
    expect(page.get_by_test_id(f"join-file-{KEY}")).to_be_visible()

    # Not an event file: refused as the console refuses, nothing decided.
    notes = tmp_path / "notes.db"
    notes.write_text("League II: see the federation's site\n")
    page.get_by_test_id(f"join-upload-{KEY}").set_input_files(str(notes))
    page.get_by_test_id(f"join-from-file-{KEY}").click()
    expect(page.get_by_test_id("ruling-error")).to_have_text(
        "notes.db is not an SQLite database (file is not a database)")
    page.go_back()
    page.reload()

    page.get_by_test_id(f"join-upload-{KEY}").set_input_files(str(source))
    page.get_by_test_id(f"join-file-{KEY}").locator('input[name="why"]').fill(
        "from the federation's League II file")
    page.get_by_test_id(f"join-from-file-{KEY}").click()
    value = page.get_by_test_id(f"decided-value-{KEY}")
    for name in names:
        expect(value).to_contain_text(name)
    expect(page.get_by_test_id(f"decided-{KEY}")).to_contain_text(
        "from the federation's League II file")
    expect(page.get_by_test_id(f"due-{KEY}")).to_have_count(0)
    # The join may still change, typed or from another file.
    expect(page.get_by_test_id(f"change-join-file-{KEY}")).to_be_visible()
