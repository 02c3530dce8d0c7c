"""The public results in a real browser (issue 15 items 1, 6, 7): after round 1 the projector
shows each pair's percentage and the boards it rests on, ties as "1="; the public rankings and a
held-back board fit a phone's width (360 x 640, 390 x 844) in the three languages."""

from __future__ import annotations

import queue
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from server.direction.rulings import set_publication
from server.store import Store
from server.table.entry import submit_result
from tests.browser.pages import SHOTS
from tests.browser.test_director_calls import table_client
from tests.conftest import ServerProcess, served_event

PHONES = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]


@pytest.fixture(scope="module")
def after_round_1(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A 6-table Mitchell with round 1 played at every table and the results published."""
    server = served_event(tmp_path_factory.mktemp("public"))
    store = Store.open(server.db_path)
    tables = {t.number: t for t in store.tables()}
    for seating in [s for s in store.seatings() if s.round == 1]:
        for board in seating.boards:
            ack = submit_result(store, tables[seating.table_number], {
                "op_id": str(uuid.uuid4()), "board": board, "contract": "3N",
                "declarer": "N", "tricks": 7 + (seating.table_number + board) % 5}, 0, "test")
            assert ack["ok"], ack
    set_publication(store, True, "test", "round 1 done")
    store.close()
    server.start()
    yield server
    server.stop()


def fits(page: Page) -> None:
    """Nothing wider than the screen: the page never scrolls sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)  # type: ignore[index]


@pytest.mark.screenshots
def test_15_6_after_round_1_the_projector_shows_percentages_and_boards(
        browser: Browser, after_round_1: ServerProcess) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(after_round_1.base_url + "/results/projector")
    expect(page.get_by_test_id("projector-round")).to_have_text("After round 1 of 5")
    expect(page.locator("body")).to_have_attribute("data-live", "socket")
    for field in ("NS", "EW"):
        rows = page.get_by_test_id(f"projector-{field}").locator("tbody tr")
        expect(rows).to_have_count(6)
        expect(rows.locator("td.pct")).to_have_text(["50.00"] * 6)
        expect(rows.locator("td.rank")).to_have_text(["1="] * 6)
        expect(rows.locator("td.boards")).to_have_text(["3"] * 6)
    expect(page.get_by_test_id("projector-basis")).to_contain_text(
        "0 of 18 boards played at every table")
    page.screenshot(path=str(SHOTS / "projector-after-round-1.png"))
    context.close()


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_15_7_the_public_rankings_fit_a_phone(browser: Browser, after_round_1: ServerProcess,
                                              lang: str) -> None:
    for viewport in PHONES:
        context = browser.new_context(viewport=viewport, has_touch=True)
        page = context.new_page()
        page.goto(f"{after_round_1.base_url}/results/?lang={lang}")
        ranking = page.get_by_test_id("ranking-NS")
        expect(ranking.locator("tbody tr[data-pair]")).to_have_count(6)
        expect(ranking.locator("td.pct").first).to_have_text("50.00")
        expect(ranking.locator("[data-testid=rank]").first).to_have_text("1=")
        expect(page.get_by_test_id("boards-shown")).to_be_visible()
        fits(page)
        size = f"{viewport['width']}x{viewport['height']}"
        page.screenshot(path=str(SHOTS / f"rankings-phone-{size}-{lang}.png"), full_page=True)
        # A board most tables have still to play: held back, and the page still fits.
        page.goto(f"{after_round_1.base_url}/results/board/4?lang={lang}")
        expect(page.get_by_test_id("held-back")).to_be_visible()
        expect(page.get_by_test_id("traveller")).to_have_count(0)
        fits(page)
        page.goto(f"{after_round_1.base_url}/results/pair/2?lang={lang}")
        expect(page.locator("[data-held-back]")).to_have_count(3)
        fits(page)
        context.close()


def test_15_1_a_terminal_never_receives_a_result_of_a_board_it_has_not_played(
        browser: Browser, tmp_path: Path) -> None:
    """Tables 2-6 bid 6NTX on every board of round 1 and table 2 on board 7 of round 2:
    table 1, which has played boards 1-3 (3NT) only, never gets a frame or a page with it."""
    server = served_event(tmp_path)
    store = Store.open(server.db_path)
    tables = {t.number: t for t in store.tables()}
    for seating in [s for s in store.seatings() if s.round == 1]:
        contract, tricks = ("3N", 9) if seating.table_number == 1 else ("6NX", 12)
        for board in seating.boards:
            assert submit_result(store, tables[seating.table_number], {
                "op_id": str(uuid.uuid4()), "board": board, "contract": contract,
                "declarer": "S", "tricks": tricks}, 0, "test")["ok"]
    set_publication(store, True, "test", "mid-session")
    store.close()
    server.start()
    frames: list[str] = []
    try:
        urls = {t["table"]: t["url"] for t in server.tables()}
        context = browser.new_context(viewport=PHONES[1], has_touch=True)
        page = context.new_page()
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
        page.goto(urls[1])
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
        expect(page.get_by_test_id("table")).to_be_visible()
        other = table_client(server.base_url, urls[2].rsplit("/", 1)[1], queue.Queue())
        ack = other.call("submit_result", {"op_id": str(uuid.uuid4()), "board": 7,
                                           "contract": "6NX", "declarer": "S", "tricks": 12},
                         namespace="/table", timeout=10)
        assert ack["ok"], ack
        other.disconnect()
        # A fresh state after the other table's entry: the reload gets everything it may get.
        page.reload()
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
        expect(page.get_by_test_id("table")).to_be_visible()
        # The frames are seen: table 1's own results are in its state.
        assert any("schedule" in f and '"3N"' in f for f in frames), "no state frame seen"
        assert not [f for f in frames if "6NX" in f]
        assert "6NX" not in page.content()
        context.close()
    finally:
        server.stop()
