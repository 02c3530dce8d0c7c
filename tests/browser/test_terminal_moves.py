"""Where to go next, at the end of a round, in a real browser: each pair's next table and
direction, where the boards go, a relay or bye stand when nobody plays them next round, and a
sit-out when a pair has no table (a half table).

Two events from the demo preset with other movements: a 3-table Howell (its North-South pairs
move too: at table 2 after round 1, pair 3 goes to table 3 East-West, pair 4 to table 1
North-South, and boards 3-4 wait for round 3), and a 3-table Mitchell with a half table (pair 6
missing: table 1 is empty in round 2 and its North-South pair 1 sits out). A preset cannot ask
for a half table yet, so the second event is built with the movement builder's own option.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import PHONE, TABLET, enter, open_table
from tests.conftest import ServerProcess, free_port
from tests.integration.test_table_moves import movement_event


def serve(folder: Path, kind: str, **options: str) -> ServerProcess:
    port = free_port()
    db = movement_event(folder / "event.db", kind, tables=3,
                        base_url=f"http://127.0.0.1:{port}", **options)
    return ServerProcess(db_path=db, port=port).start()


@pytest.fixture(scope="module")
def howell(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = serve(tmp_path_factory.mktemp("howell"), "howell")
    yield process
    process.stop()


@pytest.fixture(scope="module")
def half_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = serve(tmp_path_factory.mktemp("sit-out"), "mitchell", half_table="sit-out")
    yield process
    process.stop()


def stored(db_path: Path, table: int) -> list[tuple[int, int]]:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT round, board FROM results WHERE table_number = ?"
                          " ORDER BY board", (table,)).fetchall()


def test_a_howell_sends_both_pairs_on_and_the_boards_to_the_relay_on_a_polish_tablet(
        howell, browser, contexts) -> None:
    table = next(t for t in howell.tables() if t["table"] == 2)
    _, page = open_table(browser, contexts, table["url"], TABLET, locale="pl-PL")
    expect(page.get_by_test_id("round")).to_have_text("1 / 5")
    enter(page, "passout")
    enter(page, "passout")

    expect(page.get_by_test_id("round-complete")).to_be_visible()
    ns, ew, boards = (page.get_by_test_id(f"move-{key}") for key in ("ns", "ew", "boards"))
    expect(ns).to_have_attribute("data-action", "go")
    expect(ns).to_have_text("Para NS nr 3: przechodzi do stołu 3, siada na linii EW.")
    expect(ew).to_have_text("Para EW nr 4: przechodzi do stołu 1, siada na linii NS.")
    expect(boards).to_have_attribute("data-action", "rest")
    expect(boards).to_contain_text("Rozdania 3, 4: w rundzie 2 nikt ich nie gra.")
    expect(page.get_by_test_id("move-idle")).to_have_count(0)

    # The terminal moves on to this table's round 2: pairs 5 and 2 with boards 7-8.
    page.get_by_test_id("next-round").click()
    expect(page.get_by_test_id("round")).to_have_text("2 / 5")
    expect(page.get_by_test_id("ns-pair")).to_have_text("5")
    expect(page.get_by_test_id("ew-pair")).to_have_text("2")
    expect(page.get_by_test_id("board-7")).to_have_attribute("data-status", "open")


def test_a_half_table_sits_a_pair_out_even_offline_on_an_indonesian_phone(
        half_table, browser, contexts) -> None:
    table = next(t for t in half_table.tables() if t["table"] == 1)
    context, page = open_table(browser, contexts, table["url"], PHONE, locale="id-ID")
    expect(page.get_by_test_id("round")).to_have_text("1 / 3")

    # The moves come from the schedule the terminal already holds: no server needed.
    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    enter(page, "passout")
    enter(page, "level-1", "strain-N", "declarer-S", "result-eq")
    expect(page.get_by_test_id("round-complete")).to_be_visible()
    ns = page.get_by_test_id("move-ns")
    expect(ns).to_have_attribute("data-action", "sit_out")
    expect(ns).to_have_text("Pasangan Utara-Selatan 1: istirahat di ronde 2.")
    expect(page.get_by_test_id("move-ew")).to_have_text(
        "Pasangan Timur-Barat 4: pindah ke meja 2, duduk sebagai Timur-Barat.")
    expect(page.get_by_test_id("move-boards")).to_have_text("Papan 1, 2: berikan ke meja 3.")
    expect(page.get_by_test_id("move-idle")).to_have_text(
        "Tidak ada yang bermain di meja ini pada ronde 2.")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # This table plays again in round 3, with pair 1 back and pair 5 arriving.
    expect(page.get_by_test_id("next-round")).to_have_text("Ronde berikutnya: 3")
    page.get_by_test_id("next-round").click()
    expect(page.get_by_test_id("round")).to_have_text("3 / 3")
    expect(page.get_by_test_id("ew-pair")).to_have_text("5")
    expect(page.get_by_test_id("unsent")).to_have_text("2")

    context.set_offline(False)
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    assert stored(half_table.db_path, 1) == [(1, 1), (1, 2)]
