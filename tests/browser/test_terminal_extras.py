"""After a board, the round clock's warnings and calling the director, in a real browser, on
phones and tablets.

Fixtures `server` (the 6-table demo Mitchell: boards move down a table each round, so table 6
plays boards 1-3 in round 2 after table 1 played them in round 1) and `browser` come from
tests/browser/conftest.py. The screenshots go to docs/screenshots/.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import PHONE, SHOTS, TABLET, director, enter, open_table, style_of


def boards_on_screen(page: Page) -> list[int]:
    return [int(t.split("-")[1]) for t in page.locator('[data-testid^="board-"]').evaluate_all(
        "items => items.map(i => i.dataset.testid)")]


@pytest.mark.screenshots
def test_after_a_board_the_table_sees_its_traveller_with_every_line_so_far(
    server, browser, contexts
):
    one_context, one = open_table(browser, contexts, server.tables[0]["url"])
    _, six = open_table(browser, contexts, server.tables[5]["url"])
    first_boards = boards_on_screen(one)

    # Table 6 plays its round 1, then in round 2 the boards table 1 has in round 1.
    for _ in boards_on_screen(six):
        enter(six, "level-1", "strain-C", "declarer-W", "result-eq")
    six.get_by_test_id("next-round").click()
    shared = boards_on_screen(six)[0]
    assert shared in first_boards
    # Never before the table has played the board: open boards offer no traveller.
    expect(six.get_by_test_id(f"traveller-{shared}")).to_have_count(0)
    six.get_by_test_id(f"board-{shared}").click()
    enter(six, "level-4", "strain-S", "declarer-N", "result-plus-1")

    one.get_by_test_id(f"board-{shared}").click()
    enter(one, "level-3", "strain-N", "declarer-S", "result-eq")
    expect(one.get_by_test_id(f"board-{shared}")).to_have_attribute("data-status", "scored")
    # The scored board's tab opens it: what was entered, its traveller, a correction.
    one.get_by_test_id(f"board-{shared}").click()
    one.get_by_test_id(f"traveller-{shared}").click()

    traveller = one.get_by_test_id("traveller")
    expect(traveller).to_contain_text(f"Board {shared}")
    lines = traveller.get_by_test_id("traveller-line")
    expect(lines).to_have_count(2)
    # Best North-South score first; this table's 3NT is the lower one, marked as ours.
    expect(lines.nth(0)).to_have_attribute("data-this-table", "false")
    expect(lines.nth(1)).to_have_attribute("data-this-table", "true")
    expect(lines.nth(1)).to_contain_text("3NT")
    own = one.get_by_test_id("traveller-own")
    expect(own).to_contain_text("North-South: 0 of 2 matchpoints, 0%")
    expect(own).to_contain_text("East-West: 2 of 2 matchpoints, 100%")
    assert one.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    one.screenshot(path=str(SHOTS / "traveller-phone-en.png"))

    one.get_by_test_id("traveller-close").click()
    expect(one.get_by_test_id("traveller")).to_have_count(0)
    expect(one.get_by_test_id("enter")).to_be_visible()

    # Offline the terminal says so instead of waiting.
    one_context.set_offline(True)
    expect(one.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    one.get_by_test_id(f"board-{shared}").click()
    one.get_by_test_id(f"traveller-{shared}").click()
    expect(one.get_by_test_id("traveller")).to_contain_text("not available now")
    one.get_by_test_id("traveller-close").click()


def calls(db_path) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT table_number, reason, answer FROM calls ORDER BY id").fetchall()


@pytest.mark.screenshots
def test_a_table_calls_the_director_and_reads_the_answer_even_after_calling_offline(
        server, browser, contexts):
    table = server.tables[1]
    context, page = open_table(browser, contexts, table["url"])
    page.get_by_test_id("language").select_option("id")
    page.get_by_test_id("call-director").click()
    page.get_by_test_id("reason-revoke").click()
    page.get_by_test_id("call-send").click()
    item = page.get_by_test_id("call-item")
    expect(item).to_have_attribute("data-state", "waiting")
    expect(item).to_contain_text("Direktur sudah dipanggil")

    # The director answers on the console: its grid holds a form per open call (the grid
    # redraws live, so the test posts that form's fields rather than typing into it).
    console = director(browser, contexts, server.base_url)
    form = console.locator("form.alert.call", has_text="Revoke")
    expect(form).to_be_visible()
    action = form.get_attribute("action")
    token = form.locator("input[name=csrf_token]").get_attribute("value")
    answered = console.request.post(server.base_url + action,
                                    form={"csrf_token": token, "answer": "Dua trik untuk EW"})
    assert answered.ok, answered.text()
    expect(page.get_by_test_id("call-answer")).to_have_text("Direktur: Dua trik untuk EW")
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "call-phone-id.png"))

    # The answer is still there after a reload (state.calls), until the players dismiss it.
    page.reload()
    expect(page.get_by_test_id("call-answer")).to_have_text("Direktur: Dua trik untuk EW")
    page.get_by_test_id("call-dismiss").click()
    expect(page.get_by_test_id("call-item")).to_have_count(0)

    # Offline: the call is kept and goes out, once, on reconnect.
    page.get_by_test_id("language").select_option("en")
    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    page.get_by_test_id("call-director").click()
    page.get_by_test_id("reason-other").click()
    expect(page.get_by_test_id("call-send")).to_be_disabled()
    page.get_by_test_id("call-text").fill("The board has 14 cards")
    page.get_by_test_id("call-send").click()
    expect(page.get_by_test_id("call-item")).to_have_attribute("data-state", "queued")
    context.set_offline(False)
    expect(page.get_by_test_id("call-item")).to_have_attribute("data-state", "waiting")
    expect(page.get_by_test_id("call-item")).to_contain_text("Director called")
    assert calls(server.db_path)[-1] == (table["table"], "The board has 14 cards", None)

    # A confirmed result can only be changed by the director: the table asks for it.
    board = boards_on_screen(page)[0]
    enter(page, "level-2", "strain-H", "declarer-E", "result-eq")
    expect(page.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "scored")
    page.get_by_test_id(f"board-{board}").click()
    page.get_by_test_id(f"correction-{board}").click()
    expect(page.get_by_test_id("call-item").first).to_contain_text(f"Correction of board {board}")
    expect(page.get_by_test_id("call-item").first).to_have_attribute("data-state", "waiting")
    reasons = [reason for number, reason, _ in calls(server.db_path) if number == table["table"]]
    assert reasons == ["Revoke", "The board has 14 cards", f"Correction of board {board}"]


def test_a_tablet_calls_the_director_in_polish_and_reads_the_answer(server, browser, contexts):
    table = server.tables[4]
    _, page = open_table(browser, contexts, table["url"], TABLET, locale="pl-PL")
    page.get_by_test_id("call-director").click()
    picker = page.get_by_test_id("call-picker")
    expect(picker).to_contain_text("Dlaczego wzywacie sędziego?")
    picker.get_by_test_id("reason-claim").click()
    picker.get_by_test_id("call-send").click()
    item = page.get_by_test_id("call-item")
    expect(item).to_have_attribute("data-state", "waiting")
    expect(item).to_contain_text("Sędzia wezwany")

    console = director(browser, contexts, server.base_url)
    form = console.locator("form.alert.call", has_text="Zgłoszenie lew")
    expect(form).to_be_visible()
    token = form.locator("input[name=csrf_token]").get_attribute("value")
    answered = console.request.post(server.base_url + form.get_attribute("action"),
                                    form={"csrf_token": token, "answer": "Zgłoszenie przyjęte"})
    assert answered.ok, answered.text()
    expect(page.get_by_test_id("call-answer")).to_have_text("Sędzia: Zgłoszenie przyjęte")
    expect(item).to_have_attribute("data-state", "answered")
    page.get_by_test_id("call-dismiss").click()
    expect(page.get_by_test_id("call-item")).to_have_count(0)
    assert calls(server.db_path)[-1] == (table["table"], "Zgłoszenie lew", "Zgłoszenie przyjęte")


def test_the_round_clock_counts_down_then_warns_at_10_5_and_0_minutes_on_a_tablet_and_a_phone(
        server, browser, contexts):
    _, page = open_table(browser, contexts, server.tables[2]["url"], TABLET)
    # Another table follows the same clock on a phone, in Polish.
    _, phone = open_table(browser, contexts, server.tables[3]["url"], PHONE, locale="pl-PL")
    console = director(browser, contexts, server.base_url)
    console.get_by_test_id("start-clock").click()
    console.get_by_test_id("start-clock-confirm").click()
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(phone.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(page.get_by_test_id("clock-warning")).to_have_count(0)

    def extend(minutes: int) -> None:
        controls = console.get_by_test_id("clock-controls")
        controls.locator("input[name=minutes]").fill(str(minutes))
        controls.locator("input[name=why]").fill("test")
        controls.get_by_test_id("clock-extend").click()

    remaining = page.get_by_test_id("clock").inner_text()
    minutes_left = int(remaining.split(":")[0])
    extend(-(minutes_left - 8))  # about 8 minutes left
    warning = page.get_by_test_id("clock-warning")
    phone_warning = phone.get_by_test_id("clock-warning")
    expect(warning).to_have_attribute("data-minutes", "10")
    expect(warning).to_contain_text("minutes left in this round")
    expect(phone_warning).to_have_text(re.compile("Do końca rundy zostało 10 minut"))
    warning.get_by_test_id("clock-warning-dismiss").click()
    expect(warning).to_have_count(0)

    extend(-4)  # about 4 minutes left
    expect(warning).to_have_attribute("data-minutes", "5")
    expect(phone_warning).to_have_attribute("data-minutes", "5")
    expect(phone_warning).to_contain_text("zostało 5 minut")
    extend(-6)  # past the deadline
    expect(warning).to_have_attribute("data-minutes", "0")
    expect(warning).to_contain_text("Time is up")
    expect(page.get_by_test_id("clock")).to_have_attribute("data-late", "true")
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+ min late$"))
    color = style_of(page, "clock", "backgroundColor")
    assert color == "rgb(179, 0, 27)"
    expect(phone_warning).to_contain_text("Czas rundy minął")
    expect(phone.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+ min spóźnienia$"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
