"""The table terminal in a real browser against a real `traveller serve`.

Fixtures `server` and `browser` come from tests/browser/conftest.py. Each test enters results at
its own table of the shared event, so the tests do not depend on each other's order.
"""

from __future__ import annotations

import re
import sqlite3

from playwright.sync_api import Page, expect

from tests.browser.pages import PHONE, TABLET, box_of, enter, open_table


def stored_results(db_path, table: int) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return db.execute(
            "SELECT op_id, board, contract, declarer, tricks, ns_score FROM results"
            " WHERE table_number = ? ORDER BY board", (table,)).fetchall()


def wait_for_saved_state(page: Page) -> None:
    """The last `state` reaches IndexedDB a moment after it is drawn; reloading offline needs it."""
    page.wait_for_function("""async () => {
        const token = location.pathname.split("/")[2];
        const db = await new Promise((ok, fail) => {
            const r = indexedDB.open("traveller");
            r.onsuccess = () => ok(r.result); r.onerror = fail;
        });
        if (!db.objectStoreNames.contains("kv")) return false;
        const value = await new Promise((ok) => {
            const r = db.transaction("kv").objectStore("kv").get("state:" + token);
            r.onsuccess = () => ok(r.result); r.onerror = () => ok(undefined);
        });
        db.close();
        return value !== undefined;
    }""")


def test_a_score_entered_at_table_1_shows_on_the_director_grid(server, browser, contexts):
    table = server.tables[0]
    _, page = open_table(browser, contexts, table["url"], TABLET)
    expect(page.get_by_test_id("round")).to_have_text(re.compile(r"^1 / \d+$"))
    first = page.locator('[data-testid^="board-"]').first
    expect(first).to_have_attribute("data-status", "open")
    board = int(first.get_attribute("data-testid").split("-")[1])

    for key in ("level-4", "strain-S", "declarer-N", "result-eq"):
        page.get_by_test_id(key).click()
    vulnerable_ns = board % 16 in (2, 4, 5, 7, 10, 12, 13, 15)
    expected = "NS +620" if vulnerable_ns else "NS +420"
    expect(page.get_by_test_id("score-preview")).to_have_text(expected)
    page.get_by_test_id("enter").click()
    expect(page.get_by_text("East-West: please confirm")).to_be_visible()
    page.get_by_test_id("confirm").click()

    expect(page.get_by_test_id(f"board-{board}")).to_have_attribute("data-status", "scored")
    expect(page.get_by_test_id("unsent")).to_have_text("0")

    director = browser.new_context()
    contexts.append(director)
    console = director.new_page()
    console.goto(server.base_url + "/director/login")
    console.fill('input[name="password"]', server.director_password)
    console.click('button[type="submit"]')
    expect(console.locator('[data-table="1"] .done')).to_have_text("1/3")

    # The director starts the round clock: the terminal counts down with it.
    expect(page.get_by_test_id("clock")).to_be_hidden()
    console.get_by_test_id("start-clock").click()
    console.get_by_test_id("start-clock-confirm").click()
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(page.get_by_test_id("clock")).to_have_attribute("data-late", "false")


def test_scores_entered_offline_arrive_exactly_once_when_back_online(server, browser, contexts):
    table = server.tables[1]
    context, page = open_table(browser, contexts, table["url"])

    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    enter(page, "level-3", "strain-N", "declarer-S", "result-plus-1")
    enter(page, "level-2", "strain-H", "double", "declarer-E", "result-minus-2")
    expect(page.get_by_test_id("unsent")).to_have_text("2")
    expect(page.locator('[data-status="pending"]')).to_have_count(2)
    assert stored_results(server.db_path, table["table"]) == []

    context.set_offline(False)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    expect(page.locator('[data-status="scored"]')).to_have_count(2)
    rows = stored_results(server.db_path, table["table"])
    assert [(contract, declarer, tricks) for _, _, contract, declarer, tricks, _ in rows] == [
        ("3N", "S", 10), ("2HX", "E", 6)]
    assert len({op_id for op_id, *_ in rows}) == 2


def test_the_terminal_reloads_offline_from_its_service_worker_and_keeps_its_outbox(
        server, browser, contexts):
    table = server.tables[2]
    context, page = open_table(browser, contexts, table["url"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_for_saved_state(page)

    context.set_offline(True)
    page.reload()
    expect(page.get_by_test_id("table")).to_have_text(str(table["table"]))
    expect(page.locator('[data-testid^="board-"]')).to_have_count(3)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")

    enter(page, "passout")
    expect(page.get_by_test_id("unsent")).to_have_text("1")
    page.reload()
    expect(page.get_by_test_id("unsent")).to_have_text("1")
    expect(page.locator('[data-status="pending"]')).to_have_count(1)

    context.set_offline(False)
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    assert [row[2] for row in stored_results(server.db_path, table["table"])] == ["PASS"]


def test_a_round_finished_offline_moves_on_to_the_next_round_from_the_schedule(
        server, browser, contexts):
    table = server.tables[3]
    context, page = open_table(browser, contexts, table["url"])
    expect(page.get_by_test_id("round")).to_contain_text("1 / ")
    ew_before = page.get_by_test_id("ew-pair").inner_text()
    boards_before = page.locator('[data-testid^="board-"]').evaluate_all(
        "items => items.map(i => i.dataset.testid)")

    context.set_offline(True)
    for _ in boards_before:
        enter(page, "level-1", "strain-C", "declarer-W", "result-eq")
    expect(page.get_by_test_id("round-complete")).to_be_visible()
    expect(page.get_by_test_id("round-complete")).to_contain_text(f"East-West pair {ew_before}")
    page.get_by_test_id("next-round").click()

    expect(page.get_by_test_id("round")).to_contain_text("2 / ")
    expect(page.get_by_test_id("ew-pair")).not_to_have_text(ew_before)
    boards_after = page.locator('[data-testid^="board-"]').evaluate_all(
        "items => items.map(i => i.dataset.testid)")
    assert len(boards_after) == 3 and boards_after != boards_before
    expect(page.locator('[data-testid^="board-"][data-status="open"]')).to_have_count(3)
    expect(page.get_by_test_id("unsent")).to_have_text("3")

    context.set_offline(False)
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    assert len(stored_results(server.db_path, table["table"])) == 3


def test_a_tablet_offline_for_a_whole_round_keeps_its_outbox_through_a_closed_tab(
        server, browser, contexts):
    # Table 5's tablet; the phone of the pad test below only looks at this table's pad.
    table = server.tables[4]
    context, page = open_table(browser, contexts, table["url"], TABLET)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_for_saved_state(page)

    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    for _ in range(page.locator('[data-testid^="board-"][data-status="open"]').count()):
        enter(page, "level-2", "strain-S", "declarer-N", "result-eq")
    expect(page.get_by_test_id("round-complete")).to_be_visible()
    expect(page.get_by_test_id("move-ew")).to_have_attribute("data-action", "go")
    expect(page.get_by_test_id("unsent")).to_have_text("3")

    # The players close the tab, still without the network, and open the table link again.
    page.close()
    page = context.new_page()
    page.goto(table["url"])
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    expect(page.get_by_test_id("unsent")).to_have_text("3")
    expect(page.get_by_test_id("round")).to_contain_text("2 / ")
    enter(page, "passout")
    expect(page.get_by_test_id("unsent")).to_have_text("4")
    assert stored_results(server.db_path, table["table"]) == []

    context.set_offline(False)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    rows = stored_results(server.db_path, table["table"])
    assert [contract for _, _, contract, *_ in rows].count("2S") == 3 and len(rows) == 4


def test_the_pad_fits_a_phone_and_offers_only_possible_results(server, browser, contexts):
    table = server.tables[4]
    _, page = open_table(browser, contexts, table["url"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_test_id("level-6").click()
    expect(page.get_by_test_id("result-plus-1")).to_be_visible()
    expect(page.get_by_test_id("result-plus-2")).to_have_count(0)
    expect(page.get_by_test_id("result-minus-12")).to_be_visible()
    expect(page.get_by_test_id("result-minus-13")).to_have_count(0)
    expect(page.get_by_test_id("enter")).to_be_disabled()
    for key in ("level-6", "strain-H", "declarer-S", "result-eq", "level-7"):
        page.get_by_test_id(key).click()
    expect(page.get_by_test_id("result-eq")).to_have_attribute("aria-pressed", "true")
    # 44 x 44 px, the size every tap target keeps so that the entry fits a 360 x 640 phone
    # (test_terminal_phone.py measures them all).
    box = box_of(page, "level-7")
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_result_the_server_refuses_is_shown_with_its_reason_not_dropped(
    server, browser, contexts
):
    table = server.tables[5]
    first_context, first = open_table(browser, contexts, table["url"])
    # A second device is warned that the first is the table's terminal; it takes over, and
    # loses the network before the first takes it back: both end up entering the same board.
    second_context = browser.new_context(viewport=PHONE, has_touch=True, locale="en-US")
    contexts.append(second_context)
    second = second_context.new_page()
    second.goto(table["url"])
    second.get_by_test_id("device-take-over").click()
    expect(first.get_by_test_id("device-notice")).to_have_attribute("data-kind", "taken")
    second_context.set_offline(True)
    first.get_by_test_id("device-take-over").click()
    board = first.locator('[data-testid^="board-"]').first.get_attribute("data-testid")

    first_context.set_offline(True)
    enter(first, "level-4", "strain-S", "declarer-N", "result-eq")
    enter(second, "level-3", "strain-N", "declarer-N", "result-eq")
    first_context.set_offline(False)
    expect(first.get_by_test_id("unsent")).to_have_text("0")
    second_context.set_offline(False)

    expect(second.get_by_test_id("unsent")).to_have_text("0")
    rejected = second.get_by_test_id("rejected")
    expect(rejected).to_be_visible()
    expect(rejected.get_by_test_id("rejected-item")).to_have_count(1)
    expect(rejected).to_contain_text("already has a result at this table: 4♠ N =")
    expect(second.get_by_test_id(board)).to_have_attribute("data-status", "scored")
    assert [row[2] for row in stored_results(server.db_path, table["table"])] == ["4S"]

    rejected.get_by_test_id("dismiss").click()
    expect(rejected).to_be_hidden()


def test_a_table_link_the_server_does_not_know_is_refused_clearly(server, browser, contexts):
    _, page = open_table(browser, contexts, server.tables[0]["url"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # With the terminal cached, even a wrong link opens it; the server then refuses the socket.
    page.goto(server.base_url + "/t/not-a-real-token")
    refused = page.get_by_test_id("refused")
    expect(refused).to_be_visible()
    expect(refused).to_contain_text("unknown table")
