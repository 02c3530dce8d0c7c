"""East-West on its own terminal, in real browsers against a real `traveller serve`.

North-South plays on a phone in English, East-West on a tablet in Polish; the event's preset is
the demo's with `[entry] ew_terminal = true`. East-West's answer goes through its own outbox:
given offline, it survives a reload and is sent when the tablet is back.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from server.event.create import create_event
from server.formats import parse_preset
from tests.browser.conftest import BrowserServer
from tests.browser.pages import PHONE, SHOTS, TABLET, open_table
from tests.browser.test_terminal import wait_for_saved_state
from tests.conftest import DEMO_PRESET, PASSWORD, ServerProcess, free_port

EW_PRESET = DEMO_PRESET.read_text(encoding="utf-8") + "\n[entry]\new_terminal = true\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserServer]:
    port = free_port()
    db = tmp_path_factory.mktemp("browser-ew") / "ew.db"
    create_event(db, parse_preset(EW_PRESET, "ew preset"), password=PASSWORD,
                 base_url=f"http://127.0.0.1:{port}", tables=4).close()
    process = ServerProcess(db_path=db, port=port).start()
    served = BrowserServer(process=process, tables=process.tables())
    yield served
    process.stop()


def stored(db_path: Path, table: int) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db_path) as db:
        return db.execute(
            "SELECT op_id, board, contract, declarer, tricks, ns_score FROM results"
            " WHERE table_number = ? ORDER BY board", (table,)).fetchall()


def first_open_board(page: Page) -> int:
    row = page.locator('[data-testid^="board-"][data-status="open"]').first
    return int(row.get_attribute("data-testid").split("-")[1])


def ns_enters(page: Page, *keys: str) -> int:
    """North-South taps the pad and Enter: with an East-West terminal there is no confirm
    screen here, the board waits for East-West."""
    board = first_open_board(page)
    for key in keys:
        page.get_by_test_id(key).click()
    page.get_by_test_id("enter").click()
    expect(page.get_by_test_id("confirm-screen")).to_have_count(0)
    expect(page.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "awaiting")
    return board


@pytest.mark.screenshots
def test_ns_enters_on_the_phone_and_east_west_confirms_on_its_tablet_even_offline(
        server, browser, contexts):
    table = server.tables[0]
    assert table["ew_url"] != table["url"]
    _, ns = open_table(browser, contexts, table["url"], PHONE)
    ew_context, ew = open_table(browser, contexts, table["ew_url"], TABLET, locale="pl-PL")
    expect(ew.get_by_test_id("ew-waiting")).to_contain_text("linia NS")
    expect(ew.get_by_test_id("table")).to_have_text(str(table["table"]))

    board = ns_enters(ns, "level-4", "strain-S", "declarer-N", "result-eq")
    expect(ns.get_by_test_id("ns-waiting")).to_have_count(0)  # boards still open
    screen = ew.get_by_test_id("ew-confirm-screen")
    expect(screen).to_be_visible()
    expect(screen).to_have_attribute("data-board", str(board))
    vulnerable_ns = board % 16 in (2, 4, 5, 7, 10, 12, 13, 15)
    points = 620 if vulnerable_ns else 420
    expect(ew.get_by_test_id("ew-score")).to_have_text(f"NS +{points}")
    expect(ew.get_by_test_id("ew-score-ew")).to_have_text(f"−{points}")
    expect(ew.get_by_test_id("ew-confirm")).to_have_text("Zatwierdź")
    ew.screenshot(path=str(SHOTS / "ew-confirm-tablet-pl.png"))
    assert stored(server.db_path, table["table"]) == []

    # The tablet loses the network, East-West confirms, and the tablet is even reloaded.
    ew.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_for_saved_state(ew)
    ew_context.set_offline(True)
    expect(ew.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    ew.get_by_test_id("ew-confirm").click()
    expect(ew.get_by_test_id("ew-confirm-screen")).to_have_count(0)
    expect(ew.get_by_test_id("unsent")).to_have_text("1")
    expect(ew.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "pending")
    ew.reload()
    expect(ew.get_by_test_id("unsent")).to_have_text("1")
    expect(ew.get_by_test_id("ew-confirm-screen")).to_have_count(0)
    assert stored(server.db_path, table["table"]) == []
    expect(ns.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "awaiting")

    ew_context.set_offline(False)
    expect(ew.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(ew.get_by_test_id("unsent")).to_have_text("0")
    expect(ew.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "scored")
    expect(ns.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "scored")
    rows = stored(server.db_path, table["table"])
    assert [(b, contract, declarer, tricks, score) for _, b, contract, declarer, tricks, score
            in rows] == [(board, "4S", "N", 10, points)]


def test_east_west_does_not_agree_and_north_south_corrects_the_entry(server, browser, contexts):
    table = server.tables[1]
    _, ns = open_table(browser, contexts, table["url"], PHONE)
    _, ew = open_table(browser, contexts, table["ew_url"], TABLET, locale="pl-PL")

    board = ns_enters(ns, "level-3", "strain-N", "declarer-S", "result-plus-1")
    expect(ew.get_by_test_id("ew-confirm-screen")).to_have_attribute("data-board", str(board))
    ew.get_by_test_id("ew-not-agreed").click()
    expect(ew.get_by_test_id("ew-send")).to_be_disabled()
    ew.get_by_test_id("ew-reason-tricks").click()
    ew.get_by_test_id("ew-note").fill("9 lew")
    ew.get_by_test_id("ew-send").click()
    expect(ew.get_by_test_id("ew-waiting")).to_be_visible()

    item = ns.get_by_test_id("not-agreed-item")
    expect(item).to_have_attribute("data-board", str(board))
    expect(item).to_contain_text("Number of tricks")
    expect(item).to_contain_text("9 lew")
    expect(ns.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "open")
    item.get_by_test_id("not-agreed-correct").click()
    # The pad holds the entry again: only the result changes.
    expect(ns.get_by_test_id("level-3")).to_have_attribute("aria-pressed", "true")
    expect(ns.get_by_test_id("declarer-S")).to_have_attribute("aria-pressed", "true")
    ns.get_by_test_id("result-eq").click()
    ns.get_by_test_id("enter").click()
    expect(ns.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "awaiting")
    expect(ns.get_by_test_id("not-agreed")).to_be_hidden()

    expect(ew.get_by_test_id("ew-confirm-screen")).to_contain_text("9 lew")
    ew.get_by_test_id("ew-confirm").click()
    expect(ns.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "scored")
    rows = stored(server.db_path, table["table"])
    assert [(b, contract, tricks) for _, b, contract, _, tricks, _ in rows] == [(board, "3N", 9)]


def test_the_round_ends_only_once_east_west_has_confirmed_every_board(server, browser, contexts):
    table = server.tables[2]
    _, ns = open_table(browser, contexts, table["url"], PHONE)
    _, ew = open_table(browser, contexts, table["ew_url"], TABLET, locale="pl-PL")
    boards = ns.locator('[data-testid^="board-"]').count()
    for _ in range(boards):
        ns_enters(ns, "passout")
    expect(ns.get_by_test_id("ns-waiting")).to_be_visible()
    expect(ns.get_by_test_id("round-complete")).to_have_count(0)
    for _ in range(boards):
        expect(ew.get_by_test_id("ew-confirm-screen")).to_be_visible()
        ew.get_by_test_id("ew-confirm").click()
    expect(ns.get_by_test_id("round-complete")).to_be_visible()
    expect(ew.get_by_test_id("round-complete")).to_be_visible()
    expect(ew.get_by_test_id("round")).to_have_text(re.compile(r"^1 / \d+$"))
    assert len(stored(server.db_path, table["table"])) == boards
