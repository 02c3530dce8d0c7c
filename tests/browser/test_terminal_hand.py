"""Issue 5 item 3: after a board, a table whose director loaded hand records sees the board's
hands with its traveller (never before it has played the board), readable on a 360 px phone
and on a tablet.

Fixtures `server` (the 6-table demo Mitchell: table 6 plays table 1's round-1 boards in round
2) and `browser` come from tests/browser/conftest.py; the screenshot goes to docs/screenshots/.
"""

from __future__ import annotations

import uuid

import pytest
import socketio
from playwright.sync_api import expect

from tests.browser.pages import PHONE, SHOTS, TABLET, box_of, enter, open_table
from tests.browser.test_terminal_extras import boards_on_screen, director

# West is void in hearts; East and West hold eight-card suits, the widest lines a hand can need.
DEAL = "N:AQT94.K3.KJ5.Q82 85.AQJ98762.Q8.K KJ72.T54.A9764.A 63.-.T32.JT976543"
PBN = "".join(f'[Board "{board}"]\n[Deal "{DEAL}"]\n\n' for board in (1, 2, 3))


@pytest.mark.screenshots
def test_after_a_board_the_table_sees_the_hands_on_a_phone(server, browser, contexts):
    console = director(browser, contexts, server.base_url)
    console.goto(server.base_url + "/director/setup/deals")
    console.set_input_files("input[name=file]", files=[
        {"name": "hands.pbn", "mimeType": "text/plain", "buffer": PBN.encode()}])
    console.get_by_role("button", name="Import").click()
    expect(console.locator('[data-board="3"]')).to_have_count(1)

    _, one = open_table(browser, contexts, server.tables[0]["url"])
    _, six = open_table(browser, contexts, server.tables[5]["url"])
    for _ in boards_on_screen(six):
        enter(six, "level-1", "strain-C", "declarer-W", "result-eq")
    six.get_by_test_id("next-round").click()
    shared = boards_on_screen(six)[1]  # board 2: East deals, North-South vulnerable
    six.get_by_test_id(f"board-{shared}").click()
    enter(six, "level-4", "strain-H", "declarer-E", "result-eq")

    # Table 1 has not played the board: no traveller, so no hands.
    expect(one.get_by_test_id(f"traveller-{shared}")).to_have_count(0)
    one.get_by_test_id(f"board-{shared}").click()
    enter(one, "level-4", "strain-S", "declarer-N", "result-minus-1")
    one.get_by_test_id(f"board-{shared}").click()  # the scored board's tab opens its view
    one.get_by_test_id(f"traveller-{shared}").click()

    hand = one.get_by_test_id("hand")
    expect(hand).to_be_visible()
    expect(hand).to_have_attribute("data-dealer", "E")
    expect(hand).to_have_attribute("data-vulnerability", "NS")
    expect(hand).to_contain_text("Dealer East")
    expect(one.get_by_test_id("hand-N")).to_contain_text("North")
    expect(one.get_by_test_id("hand-N")).to_contain_text("♠A Q 10 9 4")
    expect(one.get_by_test_id("hand-E")).to_contain_text("♥A Q J 9 8 7 6 2")
    expect(one.get_by_test_id("hand-W")).to_contain_text("♥—")
    expect(one.get_by_test_id("hand-S")).to_contain_text("♣A")
    # Readable at 360 px: nothing wider than the phone, the four hands where a player expects.
    assert one.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    boxes = {seat: box_of(one, f"hand-{seat}") for seat in "NESW"}
    assert all(box is not None for box in boxes.values())
    north, east, south, west = (boxes[s] for s in "NESW")
    assert north["y"] + north["height"] <= min(west["y"], east["y"])  # type: ignore[index]
    assert max(west["y"] + west["height"], east["y"] + east["height"]) <= south["y"]  # type: ignore[index]
    assert west["x"] + west["width"] <= east["x"]  # type: ignore[index]
    assert east["x"] + east["width"] <= PHONE["width"]  # type: ignore[index]
    one.evaluate("document.querySelector('[data-testid=hand]').scrollIntoView({block: 'end'})")
    one.evaluate("scrollBy(0, 16)")
    one.screenshot(path=str(SHOTS / "hand-phone-en.png"))

    # In Polish the honours are A K D W.
    one.get_by_test_id("language").select_option("pl")
    expect(one.get_by_test_id("hand-N")).to_contain_text("♠A D 10 9 4")
    expect(one.get_by_test_id("hand-N")).to_contain_text("Północ")
    one.get_by_test_id("language").select_option("en")


def submit(base_url: str, token: str, *results: tuple[int, str, str, int]) -> None:
    """Another table's results, sent as its terminal sends them."""
    client = socketio.Client(reconnection=False)
    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    try:
        for board, contract, declarer, tricks in results:
            ack = client.call("submit_result", {
                "op_id": str(uuid.uuid4()), "board": board, "contract": contract,
                "declarer": declarer, "tricks": tricks}, namespace="/table", timeout=10)
            assert ack["ok"], ack
    finally:
        client.disconnect()


def test_after_a_board_a_tablet_sees_the_traveller_and_hands_in_indonesian(
        server, browser, contexts):
    from server.direction.setup import import_deals
    from server.store import Store

    # Table 2 has played its round 1 (boards 4-6); table 3 has played board 7, which table 2
    # plays in round 2. The director has loaded board 7's hands.
    two, three = server.tables[1], server.tables[2]
    submit(server.base_url, two["token"], *((board, "PASS", "N", 0) for board in (4, 5, 6)))
    submit(server.base_url, three["token"], (7, "4S", "N", 10))
    store = Store.open(server.db_path)
    try:
        # With its double-dummy tags, as a dealing program writes them (endplay, where it is
        # installed, computes the same).
        import_deals(store, f'[Board "7"]\n[Deal "{DEAL}"]\n'
                            '[DoubleDummyTricks "cb6b6cd7c71061610616"]\n'
                            '[OptimumScore "NS 2210"]\n[ParContract "S 7S"]\n'.encode(),
                     "hands.pbn", "director")
    finally:
        store.close()

    _, page = open_table(browser, contexts, two["url"], TABLET, locale="id-ID")
    expect(page.get_by_test_id("round")).to_contain_text("2 / ")
    expect(page.get_by_test_id("traveller-7")).to_have_count(0)
    page.get_by_test_id("board-7").click()
    enter(page, "level-3", "strain-N", "declarer-S", "result-eq")
    page.get_by_test_id("board-7").click()
    page.get_by_test_id("traveller-7").click()

    # Best North-South score first: table 3's 4♠ (620), then this table's 3NT (600).
    lines = page.get_by_test_id("traveller").get_by_test_id("traveller-line")
    expect(lines).to_have_count(2)
    expect(lines.nth(1)).to_have_attribute("data-this-table", "true")
    own = page.get_by_test_id("traveller-own")
    expect(own).to_contain_text("Utara-Selatan: 0 dari 2 MP, 0%")
    expect(own).to_contain_text("Timur-Barat: 2 dari 2 MP, 100%")
    # Board 7: South deals, both sides vulnerable.
    hand = page.get_by_test_id("hand")
    expect(hand).to_have_attribute("data-dealer", "S")
    expect(hand).to_have_attribute("data-vulnerability", "Both")
    expect(page.get_by_test_id("hand-N")).to_contain_text("Utara")
    expect(page.get_by_test_id("hand-E")).to_contain_text("♥A Q J 9 8 7 6 2")
    expect(page.get_by_test_id("hand-W")).to_contain_text("♥—")
    # Below the hands: the tricks of each declarer in each strain, and par (issue 16 item 4).
    dd = page.get_by_test_id("hand-dd")
    expect(dd.locator("tbody tr")).to_have_count(5)
    expect(dd.locator('tr[data-strain="S"] td')).to_have_text(["11", "13", "0", "0"])
    expect(page.get_by_test_id("hand-par")).to_have_text("Par: S 7S, NS 2210")
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    boxes = {seat: box_of(page, f"hand-{seat}") for seat in "NESW"}
    north, east, south, west = (boxes[s] for s in "NESW")
    assert north["y"] + north["height"] <= min(west["y"], east["y"])  # type: ignore[index]
    assert max(west["y"] + west["height"], east["y"] + east["height"]) <= south["y"]  # type: ignore[index]
    assert west["x"] + west["width"] <= east["x"]  # type: ignore[index]
