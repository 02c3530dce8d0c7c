"""Issue 5 item 3: after a board, a table whose director loaded hand records sees the board's
hands with its traveller (never before it has played the board), readable on a 360 px phone.

Fixtures `server` (the 6-table demo Mitchell: table 6 plays table 1's round-1 boards in round
2) and `browser` come from tests/browser/conftest.py; the screenshot goes to docs/screenshots/.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages import PHONE, SHOTS, enter, open_table
from tests.browser.test_terminal_extras import boards_on_screen, director

# West is void in hearts; East and West hold eight-card suits, the widest lines a hand can need.
DEAL = "N:AQT94.K3.KJ5.Q82 85.AQJ98762.Q8.K KJ72.T54.A9764.A 63.-.T32.JT976543"
PBN = "".join(f'[Board "{board}"]\n[Deal "{DEAL}"]\n\n' for board in (1, 2, 3))


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
    boxes = {seat: one.get_by_test_id(f"hand-{seat}").bounding_box() for seat in "NESW"}
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
