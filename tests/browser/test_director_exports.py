"""Issue 22 item 1 in a real browser: the console's downloads of a teams competition during
its knock-out (K1.4-K1.6: the quarter-finals over, the semi-finals in play).

The server is a real `traveller serve` on the inter-province teams played by robots; the
director, logged in on Debian's Chromium, downloads USEBIO, PBN, the CSV files and the site
from the Competition page: each arrives as a file (no error page), holds the competition stage
by stage (the knock-out's matches by IMPs with their carry-over, K15, never VP), and the
server logs no traceback.
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from server.direction.rulings import set_publication
from server.store import Store
from tests.browser.pages import director
from tests.conftest import ServerProcess, free_port
from tests.integration.rehearsed import copy, moment_files

KNOCKOUT_MOMENT = 2
"""The province teams after two advances: quarter-finals over, semi-finals in play."""
DOWNLOADS = {"usebio": "results.xml", "pbn": "results.pbn", "csv": "results-csv.zip",
             "html": "results-html.zip"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    source = moment_files("gabsi-province-teams", {KNOCKOUT_MOMENT})[KNOCKOUT_MOMENT]
    path = copy(source, tmp_path_factory.mktemp("exports") / "province.db")
    store = Store.open(str(path))
    set_publication(store, True, "director")
    store.close()
    process = ServerProcess(db_path=path, port=free_port()).start()
    yield process
    process.stop()


@pytest.fixture
def console(server: ServerProcess, browser: Browser, contexts: list[BrowserContext]) -> Page:
    return director(browser, contexts, server.base_url)


def download(page: Page, fmt: str, folder: Path) -> Path:
    """The export in `fmt` as the browser saves it, from the Competition page's own link."""
    links = page.get_by_test_id("export")
    expect(links).to_be_visible()
    with page.expect_download() as info:
        links.locator(f'a[href$="/director/export/{fmt}"]').click()
    saved = info.value
    assert saved.failure() is None
    assert saved.suggested_filename == DOWNLOADS[fmt]
    target = folder / saved.suggested_filename
    saved.save_as(target)
    return target


def test_k15_the_console_downloads_a_teams_competition_during_its_knockout(
        server: ServerProcess, console: Page, tmp_path: Path) -> None:
    page = console
    page.get_by_test_id("nav-competition").click()
    expect(page.get_by_test_id("stage-ko")).to_have_attribute("data-status", "playing")
    files = {fmt: download(page, fmt, tmp_path) for fmt in DOWNLOADS}
    # USEBIO: the preliminary's pools by VP, the knock-out by IMPs with its carry-over.
    root = ET.fromstring(files["usebio"].read_bytes())
    events = {e.findtext("EVENT_DESCRIPTION", "").split(": ", 1)[1]: e
              for e in root.findall("EVENT")}
    assert list(events) == ["preliminary", "knock-out"]
    knockout = events["knock-out"]
    assert knockout.findtext("MATCH_SCORING_METHOD") == "IMPS"
    matches = knockout.findall(".//MATCH")
    assert len(matches) == 4 and all(m.find("CARRY_OVER") is not None for m in matches)
    assert {s.get("SECTION_ID") for s in events["preliminary"].iter("SECTION")} == {"A", "B"}
    # PBN: every game names its stage.
    pbn = files["pbn"].read_text(encoding="utf-8")
    assert '[Stage "preliminary"]' in pbn and '[Stage "knock-out"]' in pbn
    # CSV: the knock-out's matches with their IMPs and no VP.
    with zipfile.ZipFile(files["csv"]) as archive:
        assert {"ranking.csv", "matches.csv", "knockout.csv", "decisions.csv",
                "travellers.csv"} <= set(archive.namelist())
        rows = list(csv.DictReader(io.StringIO(archive.read("matches.csv").decode())))
    played = [r for r in rows if r["knockout"]]
    assert len(played) == 4 and all(r["home_vp"] == r["away_vp"] == "" and r["winner"]
                                    for r in played)
    # The site: a page per stage, the knock-out's with its matches.
    with zipfile.ZipFile(files["html"]) as archive:
        stage = archive.read("en/stage-ko.html").decode()
    assert 'data-testid="stage-matches"' in stage
    # Still on the console, and nothing went wrong on the server.
    expect(page.get_by_test_id("stage-ko")).to_be_visible()
    assert "Traceback" not in server.log()
