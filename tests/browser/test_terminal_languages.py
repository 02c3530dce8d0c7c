"""The terminal in English, Indonesian and Polish, with the opening lead and tricks taken, and
a result corrected before East-West confirms it (after that, only the director corrects it).

Each test uses its own table of this module's demo event (lead "optional"). The README's
screenshots of the pad are taken by test_terminal_phone.py.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import PHONE, TABLET, open_table


def tap(page: Page, *keys: str) -> None:
    for key in keys:
        page.get_by_test_id(key).click()


def stored(db_path: Path, table: int) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT contract, declarer, tricks, lead FROM results"
                          " WHERE table_number = ? ORDER BY board", (table,)).fetchall()


def test_polish_players_enter_a_lead_and_confirm_in_polish_on_a_phone(server, browser, contexts):
    table = server.tables[0]
    _, page = open_table(browser, contexts, table["url"])
    page.get_by_test_id("language").select_option("pl")
    expect(page.locator("header")).to_contain_text("Stół")
    expect(page.locator("header")).to_contain_text("Runda")
    expect(page.locator('[data-testid^="board-"]').first).to_contain_text("Rozdanie")
    expect(page.get_by_test_id("strain-N")).to_have_text("BA")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    tap(page, "level-3", "strain-N", "declarer-S", "lead-suit-S", "lead-rank-A", "result-eq")
    expect(page.get_by_test_id("preview-contract")).to_contain_text("3BA, gra Południe = · ♠A")
    page.get_by_test_id("enter").click()
    screen = page.get_by_test_id("confirm-screen")
    expect(screen).to_contain_text("Linia EW: sprawdźcie i zatwierdźcie")
    expect(screen).to_contain_text("Zapis")
    expect(screen).to_contain_text("9 lew")
    expect(page.get_by_test_id("confirm-lead")).to_have_text("♠A")
    page.get_by_test_id("confirm").click()
    expect(page.locator('[data-status="scored"]')).to_have_count(1)
    assert stored(server.db_path, table["table"]) == [("3N", "S", 9, "SA")]

    # The choice outlives a reload; the page's language follows it.
    page.reload()
    expect(page.get_by_test_id("language")).to_have_value("pl")
    assert page.evaluate("document.documentElement.lang") == "pl"
    expect(page.locator('[data-status="scored"]')).to_contain_text("Zapisane")


def test_tricks_taken_give_the_same_result_as_minus_two_on_a_phone(server, browser, contexts):
    table = server.tables[1]
    _, page = open_table(browser, contexts, table["url"])
    expect(page.get_by_test_id("language")).to_have_value("en")
    tap(page, "level-4", "strain-H", "declarer-E", "result-mode")
    expect(page.get_by_test_id("result-mode")).to_have_attribute("aria-pressed", "true")
    tap(page, "tricks-8", "lead-suit-D", "lead-rank-T")
    expect(page.get_by_test_id("preview-contract")).to_contain_text("4♥ by East −2 · ♦10")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Back to =/+/−: the same result is the one pressed.
    tap(page, "result-mode")
    expect(page.get_by_test_id("result-minus-2")).to_have_attribute("aria-pressed", "true")
    tap(page, "enter")
    expect(page.get_by_test_id("confirm-screen")).to_contain_text("8 tricks")
    expect(page.get_by_test_id("confirm-lead")).to_have_text("♦10")
    tap(page, "confirm")
    expect(page.locator('[data-status="scored"]')).to_have_count(1)
    assert stored(server.db_path, table["table"]) == [("4H", "E", 8, "DT")]


def test_an_indonesian_tablet_defaults_to_indonesian_and_works_offline(server, browser, contexts):
    table = server.tables[2]
    context, page = open_table(browser, contexts, table["url"], TABLET, locale="id-ID")
    expect(page.get_by_test_id("language")).to_have_value("id")
    expect(page.locator("header")).to_contain_text("Meja")
    expect(page.locator("header")).to_contain_text("Ronde")

    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_contain_text("Luring")
    tap(page, "passout", "enter")
    expect(page.get_by_test_id("confirm-screen")).to_contain_text("Timur-Barat")
    tap(page, "confirm")
    tap(page, "level-3", "strain-N", "redouble", "declarer-N", "result-plus-1", "enter")
    expect(page.get_by_test_id("confirm-screen")).to_contain_text("Skor")
    # 1000 or 1400 as Indonesians write it.
    expect(page.get_by_test_id("confirm-screen")).to_contain_text(re.compile(r"NS \+1\.[04]00"))
    tap(page, "confirm")
    expect(page.get_by_test_id("unsent")).to_have_text("2")
    expect(page.locator('[data-status="pending"]').first).to_contain_text("Belum terkirim")
    expect(page.locator('[data-testid^="board-"]').first).to_contain_text("Papan")

    context.set_offline(False)
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    expect(page.locator('[data-status="scored"]')).to_have_count(2)
    expect(page.locator('[data-status="scored"]').first).to_contain_text("Tercatat")
    assert [row[0] for row in stored(server.db_path, table["table"])] == ["PASS", "3NXX"]


@pytest.mark.parametrize(("viewport", "locale", "index", "back", "correction"), [
    (PHONE, "id-ID", 3, "Kembali / Koreksi", "Koreksi papan {board}"),
    (TABLET, "pl-PL", 4, "Wróć / Popraw", "Poprawka rozdania {board}"),
], ids=["phone-id", "tablet-pl"])
def test_a_result_is_corrected_before_east_west_confirms_then_only_through_the_director(
        server, browser, contexts, viewport, locale, index, back, correction):
    table = server.tables[index]
    _, page = open_table(browser, contexts, table["url"], viewport, locale=locale)
    first = page.locator('[data-testid^="board-"][data-status="open"]').first
    board = int(first.get_attribute("data-testid").split("-")[1])
    tap(page, "level-4", "strain-H", "declarer-S", "result-plus-1", "enter")

    # East-West reads the score large on the same device: 4♥+1 is 450, or 650 vulnerable.
    score = page.get_by_test_id("confirm-screen").locator(".big-score")
    expect(score).to_have_text(re.compile(r"^NS \+[46]50$"))
    assert float(score.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 32
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    # Not what was played: back to the pad, which still holds the entry; only the result changes.
    expect(page.get_by_test_id("correct")).to_have_text(back)
    tap(page, "correct")
    expect(page.get_by_test_id("confirm-screen")).to_have_count(0)
    expect(page.get_by_test_id("level-4")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("result-plus-1")).to_have_attribute("aria-pressed", "true")
    tap(page, "result-eq", "enter")
    expect(score).to_have_text(re.compile(r"^NS \+[46]20$"))
    tap(page, "confirm")
    expect(page.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "scored")
    assert stored(server.db_path, table["table"]) == [("4H", "S", 10, None)]

    # Once confirmed, only the director changes it: the table asks for a correction from the
    # board's own view, which its tab opens.
    page.get_by_test_id(f"board-{board}").click()
    page.get_by_test_id(f"correction-{board}").click()
    call = page.get_by_test_id("call-item")
    expect(call).to_contain_text(correction.format(board=board))
    expect(call).to_have_attribute("data-state", "waiting")
