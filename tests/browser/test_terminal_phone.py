"""Issue 15 items 2 and 7 on a phone: the whole entry on one screen, one tap per item of the
result, tap targets of at least 44 x 44 px, the language of the link, and the README's
screenshots of the terminal (`make screenshots`).

Each test enters at its own table of this module's demo event (lead "optional", so the pad
shows everything it can: level, strain, X/XX, declarer, the lead's suit and card, the result).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from server.event.create import create_event
from server.formats import parse_preset
from tests.browser.conftest import BrowserServer
from tests.browser.pages import SHOTS, box_of, open_table, style_of
from tests.conftest import DEMO_PRESET, PASSWORD, ServerProcess, free_port

SMALL = {"width": 360, "height": 640}
PHONE = {"width": 390, "height": 844}
SIZES = [SMALL, PHONE]
SIZE_IDS = ["360x640", "390x844"]

TARGETS = """() => [...document.querySelectorAll("button, select, input, a[href]")]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
    .map((e) => { const r = e.getBoundingClientRect();
                  const name = e.dataset.testid || e.textContent.trim().slice(0, 20);
                  return [name, r.width, r.height]; })
    .filter(([, w, h]) => w < 44 || h < 44)"""


def small_targets(page: Page) -> list[list[object]]:
    """Every visible button, select, input and link narrower or lower than 44 px."""
    return page.evaluate(TARGETS)


def on_one_screen(page: Page, viewport: dict[str, int]) -> None:
    """Nothing scrolled, nothing to scroll, and Enter inside the viewport."""
    assert page.evaluate("scrollY") == 0
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= viewport["height"], f"the page is {height} px tall"
    wide = page.evaluate("""() => [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
        .map((e) => e.className + ": " + e.textContent.slice(0, 30))""")
    assert wide == []
    box = box_of(page, "enter")
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]


def in_view(page: Page, testid: str, viewport: dict[str, int]) -> None:
    box = box_of(page, testid)
    assert box is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], testid


def stored(db_path: Path, table: int) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT contract, declarer, tricks, lead FROM results"
                          " WHERE table_number = ? ORDER BY board", (table,)).fetchall()


@pytest.mark.parametrize("viewport", SIZES, ids=SIZE_IDS)
def test_2_a_board_takes_one_tap_per_item_and_enter_on_one_screen(server, browser, contexts,
                                                                  viewport):
    table = server.tables[SIZES.index(viewport)]
    _, page = open_table(browser, contexts, table["url"], viewport)
    on_one_screen(page, viewport)
    assert small_targets(page) == []
    # Disabled looks disabled: Enter is grey until the entry is complete.
    enter = page.get_by_test_id("enter")
    expect(enter).to_be_disabled()
    grey = style_of(page, "enter", "backgroundColor")
    assert grey
    # Item 7: the lead's suits in the contract keys' order.
    strains = page.locator('[data-testid^="strain-"]').evaluate_all(
        "keys => keys.map((k) => k.dataset.testid.slice(-1))")
    suits = page.locator('[data-testid^="lead-suit-"]').evaluate_all(
        "keys => keys.map((k) => k.dataset.testid.slice(-1))")
    assert suits == [s for s in strains if s != "N"] == ["C", "D", "H", "S"]

    taps = 0
    for key in ("level-4", "strain-H", "double", "declarer-E", "lead-suit-D", "lead-rank-T",
                "result-minus-2"):
        page.get_by_test_id(key).click()
        taps += 1
        expect(page.get_by_test_id(key)).to_have_attribute("aria-pressed", "true")
        on_one_screen(page, viewport)
    # The score is shown before Enter: 4♥X two down, 300 or 500 as East-West is vulnerable.
    expect(page.get_by_test_id("score-preview")).to_have_text(re.compile(r"^NS \+[35]00$"))
    expect(page.get_by_test_id("preview-contract")).to_contain_text("4♥X by East −2 · ♦10")
    assert small_targets(page) == []
    assert style_of(page, "enter", "backgroundColor") not in (grey, "")
    enter.click()
    taps += 1
    assert taps == 8

    # East-West's confirmation is one tap, on the same screen.
    expect(page.get_by_test_id("confirm-screen")).to_be_visible()
    in_view(page, "confirm", viewport)
    assert small_targets(page) == []
    page.get_by_test_id("confirm").click()
    expect(page.locator('[data-status="scored"]')).to_have_count(1)
    assert stored(server.db_path, table["table"]) == [("4HX", "E", 8, "DT")]

    # The next board is on the pad at once, still on one screen; passed out is two taps.
    on_one_screen(page, viewport)
    page.get_by_test_id("passout").click()
    on_one_screen(page, viewport)
    page.get_by_test_id("enter").click()
    page.get_by_test_id("confirm").click()
    expect(page.locator('[data-status="scored"]')).to_have_count(2)
    # A scored board's tab shows it, with its traveller and a correction, all large enough.
    scored = page.locator('[data-status="scored"]').first
    scored.click()
    expect(page.get_by_test_id("played-board")).to_contain_text("4♥X E -2")
    assert small_targets(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


EW_PRESET = DEMO_PRESET.read_text(encoding="utf-8") + "\n[entry]\new_terminal = true\n"


@pytest.fixture(scope="module")
def ew_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserServer]:
    port = free_port()
    db = tmp_path_factory.mktemp("phone-ew") / "ew.db"
    create_event(db, parse_preset(EW_PRESET, "ew preset"), password=PASSWORD,
                 base_url=f"http://127.0.0.1:{port}", tables=3).close()
    process = ServerProcess(db_path=db, port=port).start()
    yield BrowserServer(process=process, tables=process.tables())
    process.stop()


def test_2_east_west_confirms_on_its_own_phone_in_one_tap(ew_server, browser, contexts):
    table = ew_server.tables[0]
    _, ns = open_table(browser, contexts, table["url"], PHONE)
    _, ew = open_table(browser, contexts, table["ew_url"], SMALL, locale="pl-PL")
    for key in ("level-3", "strain-N", "declarer-S", "result-plus-1"):
        ns.get_by_test_id(key).click()
    on_one_screen(ns, PHONE)
    ns.get_by_test_id("enter").click()
    expect(ew.get_by_test_id("ew-confirm-screen")).to_be_visible()
    assert ew.evaluate("scrollY") == 0
    in_view(ew, "ew-confirm", SMALL)
    assert small_targets(ew) == []
    ew.get_by_test_id("ew-confirm").click()
    expect(ns.locator('[data-status="scored"]')).to_have_count(1)
    assert stored(ew_server.db_path, table["table"]) == [("3N", "S", 10, None)]


def test_7_the_language_of_the_link_is_taken_and_kept(server, browser, contexts):
    table = server.tables[2]
    _, page = open_table(browser, contexts, table["url"] + "?lang=pl", SMALL, locale="en-US")
    expect(page.get_by_test_id("language")).to_have_value("pl")
    expect(page.locator("header")).to_contain_text("Stół")
    assert page.evaluate("document.documentElement.lang") == "pl"
    # Polish words fit their tabs and badges: nothing cut, wrapped or overlapping.
    cut = page.locator(".tab-board, .tab-vul, .tab-state, .bar .cell, .connection").evaluate_all(
        "items => items.filter((e) => e.scrollWidth > e.clientWidth + 1"
        " || e.getClientRects().length > 1).map((e) => e.textContent)")
    assert cut == []
    on_one_screen(page, SMALL)
    # ...and in a board's own view, once entered: its number, dealer, vulnerability and state
    # each on their own, none over another.
    board = page.locator('[data-testid^="board-"]').first
    for key in ("passout", "enter", "confirm"):
        page.get_by_test_id(key).click()
    expect(board).to_have_attribute("data-status", "scored")
    board.click()
    view = page.get_by_test_id("played-board")
    expect(view).to_contain_text("Zapisane")
    parts = [view.locator(f".{name}").bounding_box()
             for name in ("number", "dealer", "vul", "state")]
    for i, a in enumerate(parts):
        assert a is not None
        for b in parts[i + 1:]:
            assert b is not None
            apart = (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                     or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
            assert apart, (a, b)
    assert view.locator(".vul").evaluate("e => e.getClientRects().length") == 1
    page.get_by_test_id("played-board-back").click()
    expect(page.get_by_test_id("enter")).to_be_visible()

    # Kept: a reload stays Polish; another choice goes into the address and outlives a reload.
    page.reload()
    expect(page.get_by_test_id("language")).to_have_value("pl")
    page.get_by_test_id("language").select_option("id")
    expect(page.locator("header")).to_contain_text("Meja")
    assert "lang=id" in page.url
    page.reload()
    expect(page.get_by_test_id("language")).to_have_value("id")
    # A link's language wins over the device's last choice.
    page.goto(table["url"] + "?lang=en")
    expect(page.get_by_test_id("language")).to_have_value("en")
    expect(page.locator("header")).to_contain_text("Table")


@pytest.mark.screenshots
@pytest.mark.parametrize("language", ["en", "id", "pl"])
def test_screenshots_of_the_terminal_at_both_sizes(server, browser, contexts, language):
    """docs/screenshots/terminal-<size>-<language>.png: the pad with a board being entered,
    and the confirmation East-West reads (for the README)."""
    table = server.tables[3 + ["en", "id", "pl"].index(language)]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for viewport, size in zip(SIZES, SIZE_IDS, strict=True):
        _, page = open_table(browser, contexts, f"{table['url']}?lang={language}", viewport)
        expect(page.get_by_test_id("language")).to_have_value(language)
        for key in ("level-4", "strain-S", "declarer-N", "lead-suit-H", "lead-rank-K", "result-eq"):
            page.get_by_test_id(key).click()
        on_one_screen(page, viewport)
        page.screenshot(path=str(SHOTS / f"terminal-{size}-{language}.png"))
        page.get_by_test_id("enter").click()
        expect(page.get_by_test_id("confirm-screen")).to_be_visible()
        page.screenshot(path=str(SHOTS / f"confirm-{size}-{language}.png"))
        page.get_by_test_id("correct").click()
        page.context.close()
        contexts.remove(page.context)


@pytest.fixture(scope="module")
def teams_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    from tests.browser.test_terminal_teams import teams_event

    process = teams_event(tmp_path_factory.mktemp("phone-teams"))
    yield process
    process.stop()


@pytest.mark.parametrize("viewport", SIZES, ids=SIZE_IDS)
def test_2_a_teams_table_enters_on_one_screen_with_its_room_and_teams(teams_server, browser,
                                                                       contexts, viewport):
    """A teams table at 360 x 640 (open room) and 390 x 844 (closed room): the room and the two
    teams in view above the pad, Enter on the same screen. On the short screen the line-up's
    names and the match score leave the pad (one line of room and teams stays); the match score
    and its panel are a tap away, on a scored board's tab."""
    from tests.browser.test_terminal_teams import line_up, table_url

    short = viewport is SMALL
    room = "O" if short else "C"
    _, page = open_table(browser, contexts, table_url(teams_server, room)["url"], viewport)
    if short:
        line_up(page, "101", "102", "401", "402")
    else:
        line_up(page, "403", "404", "103", "104")
    page.get_by_test_id("lineup-save").click()
    expect(page.get_by_test_id("enter")).to_be_visible()
    on_one_screen(page, viewport)
    for part in ("teams-room", "teams-ns", "teams-ew"):
        in_view(page, part, viewport)
    expect(page.get_by_test_id("teams-ns")).to_have_text("Jakarta" if short else "Bandung")
    expect(page.get_by_test_id("teams-ew")).to_have_text("Bandung" if short else "Jakarta")
    if not short:
        in_view(page, "match-summary", viewport)
    assert small_targets(page) == []
    for key in ("level-4", "strain-S", "declarer-N", "result-eq"):
        page.get_by_test_id(key).click()
        on_one_screen(page, viewport)
    assert small_targets(page) == []
    page.get_by_test_id("enter").click()
    in_view(page, "confirm", viewport)
    page.get_by_test_id("confirm").click()
    expect(page.locator('[data-status="scored"]')).to_have_count(1)
    on_one_screen(page, viewport)
    # The match score from the board list: the scored board's tab, then the whole panel.
    page.locator('[data-status="scored"]').click()
    expect(page.get_by_test_id("played-board")).to_be_visible()
    expect(page.get_by_test_id("match-summary")).to_contain_text("IMPs: Jakarta 0 – 0 Bandung")
    in_view(page, "match-open", viewport)
    assert small_targets(page) == []
    page.get_by_test_id("match-open").click()
    expect(page.get_by_test_id("match-panel")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
