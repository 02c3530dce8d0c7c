"""A competition's later stages at the table, on a 390 px phone: the terminal names the stage
and numbers the boards as the room does (each match's boards 1-N, a long match one segment at a
time on one screen), while the protocol keeps the event's own board numbers underneath.

The events are competitions of seeds/ played by robots (`traveller robots`' own code) up to
the moment wanted: the GABSI inter-club semi-final (K2.6: 2 x 10 boards)
and the PZBS League I final (D4.5: 8 x 12 boards).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from server.stages.rehearsal import robot_lineup
from server.store import Store
from server.table.seating import set_players
from tests.browser.pages import enter, open_table
from tests.conftest import ServerProcess, free_port
from tests.integration.rehearsed import rehearsed

PHONE_390 = {"width": 390, "height": 844}
K2_SEMI_FINAL = 9
"""`robots --advance 9` from the start of gabsi-club-teams with 32 teams: the semi-finals."""
LEAGUE_FINAL = 5
"""`robots --advance 5` from the start of pzbs-league-1: the final and the match for 3rd."""


def served(tmp: Path, preset: str, advances: int, entries: int = -1) -> ServerProcess:
    path = rehearsed(preset, tmp / "event.db", entries=entries, advances=advances)
    port = free_port()
    with sqlite3.connect(path) as db:
        db.execute("update settings set value = ? where key = 'base_url'",
                   [f'"http://127.0.0.1:{port}"'])
    store = Store.open(path)
    try:
        # D2.1 (League I): each table's line-up of the match in play, as its captains give it.
        if store.setting("teams", {}) is not None:
            last = max(s.round for s in store.seatings())
            for table in store.tables():
                here = [s for s in store.seatings(table.section, table.number) if s.round == last]
                if here and (store.setting("preset", {}) or {}).get("rosters") == "required":
                    set_players(store, table, robot_lineup(store, table.section, here[0]),
                                int(time.time() * 1000), actor="captains")
    finally:
        store.close()
    return ServerProcess(db_path=path, port=port).start()


@pytest.fixture(scope="module")
def semi_final(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = served(tmp_path_factory.mktemp("k2"), "gabsi-club-teams", K2_SEMI_FINAL)
    yield process
    process.stop()


@pytest.fixture(scope="module")
def league_final(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = served(tmp_path_factory.mktemp("league"), "pzbs-league-1", LEAGUE_FINAL)
    yield process
    process.stop()


def table(process: ServerProcess, room: str, number: int = 1) -> dict[str, Any]:
    return next(t for t in process.tables() if (t["section"], t["table"]) == (room, number))


def tab_numbers(page: Page) -> list[int]:
    """The boards' numbers on the tabs, read in one step inside the page."""
    numbers: list[int] = page.evaluate(
        "() => [...document.querySelectorAll('[data-testid^=\"board-\"][data-number]')]"
        ".map((tab) => Number(tab.dataset.number))")
    return numbers


def fits(page: Page) -> bool:
    """The whole screen is the viewport: nothing to scroll (measured in one step)."""
    return bool(page.evaluate(
        "() => document.documentElement.scrollHeight <= window.innerHeight + 1"))


def test_k2_6_a_semi_final_shows_its_stage_and_boards_1_to_20_a_segment_at_a_time(
        browser: Any, contexts: list[Any], semi_final: ServerProcess) -> None:
    _, page = open_table(browser, contexts, table(semi_final, "O")["url"], viewport=PHONE_390)
    expect(page.get_by_test_id("stage")).to_have_text("knock-out · semi-final")
    expect(page.get_by_test_id("segments")).to_have_attribute("data-segment", "1")
    expect(page.get_by_test_id("round")).to_have_text("1 / 2")
    assert tab_numbers(page) == list(range(1, 11))
    assert fits(page)
    page.get_by_test_id("segment-next").click()
    expect(page.get_by_test_id("segments")).to_have_attribute("data-segment", "2")
    assert tab_numbers(page) == list(range(11, 21))
    expect(page.get_by_test_id("segment-next")).to_be_disabled()
    page.get_by_test_id("segment-previous").click()
    expect(page.get_by_test_id("segments")).to_have_attribute("data-segment", "1")
    # Board 1 of the semi-final is entered as board 1 on the pad; underneath it is the event's
    # own board, which the tab's test id keeps.
    first = page.locator("[data-number='1']")
    event_board = int(str(first.get_attribute("data-testid")).removeprefix("board-"))
    assert event_board > 20
    enter(page, "level-3", "strain-N", "declarer-S", "result-eq")
    expect(page.get_by_test_id(f"board-{event_board}")).to_have_attribute("data-status",
                                                                          "scored")
    assert tab_numbers(page) == list(range(1, 11))
    with sqlite3.connect(semi_final.db_path) as db:
        stored = db.execute("select board from results where section = 'O' and "
                            "table_number = 1 and board = ?", [event_board]).fetchall()
    assert stored == [(event_board,)]


def test_d4_5_the_league_final_shows_8_segments_of_12_boards_each_on_one_screen(
        browser: Any, contexts: list[Any], league_final: ServerProcess) -> None:
    _, page = open_table(browser, contexts, table(league_final, "C")["url"],
                         viewport=PHONE_390)
    expect(page.get_by_test_id("stage")).to_contain_text("final")
    expect(page.get_by_test_id("round")).to_have_text("1 / 8")
    assert tab_numbers(page) == list(range(1, 13))
    assert fits(page)
    for segment in range(2, 9):
        page.get_by_test_id("segment-next").click()
        expect(page.get_by_test_id("segments")).to_have_attribute("data-segment",
                                                                  str(segment))
        assert tab_numbers(page) == list(range(12 * segment - 11, 12 * segment + 1))
        assert fits(page)
    expect(page.get_by_test_id("segment-next")).to_be_disabled()
