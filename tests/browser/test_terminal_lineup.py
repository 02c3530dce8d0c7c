"""D2.1 at the table, in a real browser: where the rosters are required, the terminal asks for
the match's line-up before its first board and does not let it be put off; given offline with
the first board, both reach the server once the tablet is back, the line-up first, and the
board is stored (a result the server refuses for want of a line-up stays in the outbox:
terminal/tests/outbox.test.js)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.pages import PHONE, enter, open_table
from tests.browser.test_terminal_teams import line_up, table_url, teams_event
from tests.conftest import REPO, ServerProcess


@pytest.fixture
def required(tmp_path: Path) -> Iterator[ServerProcess]:
    process = teams_event(tmp_path, rosters="required")
    yield process
    process.stop()


def test_d2_1_the_terminal_asks_for_the_line_up_before_the_first_board(
        required: ServerProcess, browser: Browser, contexts: list[BrowserContext]) -> None:
    context, page = open_table(browser, contexts, table_url(required, "O")["url"], PHONE)
    form = page.get_by_test_id("lineup-form")
    expect(form).to_be_visible()
    expect(page.get_by_test_id("lineup-required")).to_contain_text("D2.1")
    expect(page.get_by_test_id("lineup-skip")).to_have_count(0)
    expect(page.get_by_test_id("board-1")).to_have_count(0)

    # Offline: the line-up and the first board wait on the tablet.
    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    line_up(page, "101", "102", "401", "402")
    page.get_by_test_id("lineup-save").click()
    expect(form).to_have_count(0)
    enter(page, "level-4", "strain-S", "declarer-N", "result-eq")
    expect(page.get_by_test_id("unsent")).to_have_text("1")

    context.set_offline(False)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    expect(page.get_by_test_id("results-held")).to_have_count(0)
    with sqlite3.connect(required.db_path) as db:
        seated = db.execute("select round, north, south, east, west from table_players "
                            "where section = 'O' and table_number = 1").fetchall()
        stored = db.execute("select board, contract, declarer, tricks from results "
                            "where section = 'O' and table_number = 1").fetchall()
    assert seated == [(1, "101", "102", "401", "402")]
    assert stored == [(1, "4S", "N", 10)]


@pytest.fixture
def league(tmp_path: Path) -> Iterator[ServerProcess]:
    """seeds/pzbs-league.toml's rules ([lineups]: systems, SWS with 20 minutes' notice, the
    home team seating last in the first half) on short matches of two segments."""
    process = teams_event(tmp_path, rosters="required", preset=REPO / "seeds" / "pzbs-league.toml")
    yield process
    process.stop()


def test_d3_3_d3_4_the_line_up_form_asks_each_pairs_system_and_sws_and_the_other_room_sees_it(
        league: ServerProcess, browser: Browser, contexts: list[BrowserContext]) -> None:
    _, page = open_table(browser, contexts, table_url(league, "O")["url"], PHONE)
    form = page.get_by_test_id("lineup-form")
    expect(form).to_be_visible()
    # D3.6: who seats last in this segment (the home team in the first half).
    expect(page.get_by_test_id("lineup-rights")).to_contain_text("Jakarta has the seating rights")
    expect(page.get_by_test_id("lineup-sws-notice")).to_contain_text("20 minutes")
    line_up(page, "101", "102", "401", "402")
    page.get_by_test_id("lineup-system-ns").fill("WJ")
    page.get_by_test_id("lineup-system-ew").fill("Relay Precision")
    page.get_by_test_id("lineup-sws-ew").check()
    expect(page.get_by_test_id("lineup-system-ns")).to_have_value("WJ")
    page.get_by_test_id("lineup-save").click()
    expect(form).to_have_count(0)
    # The other side of this table sees the announcement before its first board.
    expect(page.get_by_test_id("sws-4")).to_contain_text("Bandung")

    # The other room's terminal shows it too, above its own line-up form.
    _, closed = open_table(browser, contexts, table_url(league, "C")["url"], PHONE)
    notice = closed.get_by_test_id("sws-4")
    expect(notice).to_contain_text("Bandung (Open room, EW, segment 1): Relay Precision")
    expect(closed.get_by_test_id("lineup-form")).to_be_visible()
    with sqlite3.connect(league.db_path) as db:
        row = db.execute("select segment, ns_system, ew_system, ns_sws, ew_sws from "
                         "table_players where section = 'O'").fetchone()
    assert row == (1, "WJ", "Relay Precision", 0, 1)
