"""Issue 15 in the room: one clock per table on every screen, conflicts at the top of the
console and fixed in one tap, a second device warned before it enters, offline tables loud on
the grid, and a terminal that reloads with the server gone. Each test uses its own tables."""

from __future__ import annotations

import re
import sqlite3
import uuid

import pytest
import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import PHONE, SHOTS, director, enter, open_table
from tests.browser.test_terminal import wait_for_saved_state

PHONE_TALL = {"width": 390, "height": 844}


def seconds(text: str) -> int:
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


def submit(base_url: str, token: str, board: int, contract: str, declarer: str,
           tricks: int) -> dict[str, object]:
    """One result, sent as a terminal sends it."""
    client = socketio.Client(reconnection=False)
    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    try:
        return dict(client.call("submit_result", {
            "op_id": str(uuid.uuid4()), "board": board, "contract": contract,
            "declarer": declarer, "tricks": tricks}, namespace="/table", timeout=10))
    finally:
        client.disconnect()


def start_round_clock(console: Page, round_: int) -> None:
    console.get_by_test_id("start-clock").click()
    expect(console.get_by_test_id("start-clock-confirm-step")).to_contain_text(
        f"Start the clock of Round {round_}?")
    console.get_by_test_id("start-clock-confirm").click()
    expect(console.get_by_test_id("director-clock")).to_contain_text(f"Round {round_}")


def test_15_3_table_and_console_show_one_clock_within_a_second_after_round_2_starts(
        server, browser, contexts):
    _, one = open_table(browser, contexts, server.tables[0]["url"], PHONE)
    _, two = open_table(browser, contexts, server.tables[1]["url"], PHONE_TALL)
    console = director(browser, contexts, server.base_url)
    # The confirmation step: cancelling starts nothing.
    console.get_by_test_id("start-clock").click()
    console.get_by_test_id("start-clock-cancel").click()
    expect(console.get_by_test_id("director-clock")).to_have_text("No round clock yet")
    start_round_clock(console, 1)
    expect(one.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    # Table 2 plays its round; table 1 is still on round 1 when round 2's clock starts.
    for _ in range(3):
        enter(two, "passout")
    expect(console.locator('[data-table="2"] .round')).to_contain_text("round 2/")
    # Round 1's clock has run a few seconds (a state, not a sleep): the two clocks differ.
    expect(one.get_by_test_id("clock")).not_to_have_text(re.compile(r"^(24:00|23:59|23:58)$"))
    console.get_by_test_id("start-clock").click()
    expect(console.get_by_test_id("start-clock-behind")).to_contain_text("A1")
    console.get_by_test_id("start-clock-confirm").click()
    expect(console.get_by_test_id("director-clock")).to_contain_text("Round 2")
    for number, page in ((1, one), (2, two)):
        cell = console.locator(f'[data-table="{number}"] [data-testid="table-time"]')
        expect(cell).to_have_text(re.compile(r"\d+:\d\d left"))
        before = seconds(page.get_by_test_id("clock").inner_text())
        shown = seconds(cell.inner_text())
        after = seconds(page.get_by_test_id("clock").inner_text())
        assert min(before, after) - 1 <= shown <= max(before, after) + 1, (number, before,
                                                                            shown, after)
    # Round 1's clock ran for the whole of table 2's round: table 1 reads less than table 2.
    assert seconds(one.get_by_test_id("clock").inner_text()) < seconds(
        two.get_by_test_id("clock").inner_text())


def test_15_4_a_second_device_is_warned_and_a_conflict_is_fixed_in_one_tap_from_the_top(
        server, browser, contexts):
    table = server.tables[2]  # boards 7-9 in round 1
    first_context, first = open_table(browser, contexts, table["url"], PHONE)
    second_context = browser.new_context(viewport=PHONE_TALL, has_touch=True, locale="en-US")
    contexts.append(second_context)
    second = second_context.new_page()
    second.goto(table["url"])
    notice = second.get_by_test_id("device-notice")
    expect(notice).to_have_attribute("data-kind", "warn")
    expect(notice).to_contain_text("Another device is already this table's terminal")
    expect(second.get_by_test_id("device-step-back")).to_be_visible()
    expect(second.get_by_test_id("device-table")).to_have_text("Table A3")
    SHOTS.mkdir(parents=True, exist_ok=True)
    second.screenshot(path=str(SHOTS / "device-warning-390x844-en.png"))
    second.get_by_test_id("device-take-over").click()
    expect(second.get_by_test_id("table")).to_be_visible()
    expect(first.get_by_test_id("device-notice")).to_have_attribute("data-kind", "taken")

    # The new device enters board 7 offline while another device's entry reaches the scorer.
    second_context.set_offline(True)
    expect(second.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    enter(second, "level-3", "strain-N", "declarer-S", "result-eq")
    assert submit(server.base_url, table["token"], 7, "4S", "N", 10)["ok"]
    second_context.set_offline(False)
    item = second.get_by_test_id("rejected-item")
    expect(item).to_contain_text("Board 7 already has a result at this table: 4♠ N =")
    expect(second.get_by_test_id("rejected-help")).to_contain_text("The director has both")

    console = director(browser, contexts, server.base_url)
    banner = console.get_by_test_id("conflicts")
    expect(banner).to_be_visible()
    expect(console.get_by_test_id("conflicts-count")).to_contain_text("Conflicting entries: 1")
    top = banner.bounding_box()
    assert top and top["y"] < console.get_by_test_id("director-clock").bounding_box()["y"]
    console.get_by_test_id("conflict-link").click()
    expect(console.get_by_test_id("conflict-stored")).to_contain_text("4S N")
    expect(console.get_by_test_id("conflict-second")).to_contain_text("3N S")
    console.get_by_test_id("keep-second").click()
    expect(console.get_by_test_id("conflicts")).to_be_hidden()
    with sqlite3.connect(server.db_path) as db:
        rows = db.execute("SELECT contract, declarer FROM results WHERE table_number = 3 "
                          "AND board = 7").fetchall()
    assert rows == [("3N", "S")]
    first_context.close()
    contexts.remove(first_context)


def test_15_5_an_offline_table_is_loud_on_the_grid_with_the_time_since_last_contact(
        server, browser, contexts):
    console = director(browser, contexts, server.base_url)
    context, _ = open_table(browser, contexts, server.tables[3]["url"])
    cell = console.locator('[data-table="4"]')
    expect(cell.get_by_test_id("table-connection")).to_have_text("online")
    context.close()
    contexts.remove(context)
    expect(cell).to_have_class(re.compile(r"\boffline\b"))
    expect(cell.get_by_test_id("table-connection")).to_have_text(
        re.compile(r"^offline 0:0[2-9]$"))
    # A table no device has opened yet is not an alarm.
    expect(console.locator('[data-table="6"]').get_by_test_id("table-connection")).to_have_text(
        "no terminal yet")


@pytest.mark.screenshots
def test_15_screenshots_of_the_console_with_a_conflict_and_an_offline_table(
        server, browser, contexts):
    table = server.tables[5]  # boards 16-18 in round 1
    lost, _ = open_table(browser, contexts, table["url"])
    lost.close()
    contexts.remove(lost)
    board = 16
    assert submit(server.base_url, table["token"], board, "2H", "E", 8)["ok"]
    assert not submit(server.base_url, table["token"], board, "3H", "E", 8)["ok"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for viewport in (PHONE, PHONE_TALL):
        size = f"{viewport['width']}x{viewport['height']}"
        console = director(browser, contexts, server.base_url)
        console.set_viewport_size(viewport)
        for lang in ("en", "id", "pl"):
            console.goto(f"{server.base_url}/director/?lang={lang}")
            expect(console.get_by_test_id("conflicts")).to_be_visible()
            expect(console.locator('[data-table="6"]')).to_have_class(re.compile(r"\boffline\b"))
            # On a phone too the banner is on the first screen and its links are big enough.
            link = console.get_by_test_id("conflicts").evaluate(
                "el => { const r = el.querySelector('a').getBoundingClientRect();"
                " return {height: r.height, bottom: r.bottom}; }")
            assert link["height"] >= 44 and link["bottom"] <= viewport["height"], (lang, size,
                                                                                   link)
            console.screenshot(path=str(SHOTS / f"console-{size}-{lang}.png"))
            console.get_by_test_id("conflict-link").last.click()
            expect(console.get_by_test_id("conflict-second")).to_be_visible()
            console.screenshot(path=str(SHOTS / f"conflict-{size}-{lang}.png"), full_page=True)
        console.goto(f"{server.base_url}/director/?lang=en")


def test_15_7_a_print_button_without_a_printer_looks_disabled(server, browser, contexts):
    console = director(browser, contexts, server.base_url)
    console.goto(server.base_url + "/director/setup/")
    disabled = console.get_by_test_id("print-table-cards")
    expect(disabled).to_be_disabled()
    style = "b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).cursor]"
    look = disabled.evaluate(style)
    console.goto(server.base_url + "/director/")
    active = console.get_by_test_id("start-clock").evaluate(style)
    assert look[0] != active[0] and look[1] == "not-allowed", (look, active)


def test_15_5_a_terminal_reloaded_with_the_server_stopped_shows_the_table(
        server, browser, contexts):
    # The module's last test: it stops the server the others used.
    table = server.tables[4]
    _, page = open_table(browser, contexts, table["url"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_for_saved_state(page)
    server.process.stop()
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    page.reload()
    expect(page.get_by_test_id("table")).to_have_text(str(table["table"]))
    expect(page.locator('[data-testid^="board-"]')).to_have_count(3)
