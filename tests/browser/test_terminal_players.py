"""Players at the table (issue 5 item 2) in a real browser: the director imports the list,
a table enters its four player numbers at round 1 and sees the names (on a phone in English,
on a tablet in Indonesian), a mixed
event warns when the woman does not sit North or West (K6.2), and a late start (K11.3) is
ruled on the console.

Fixtures `server` (the 6-table demo Mitchell, served by a subprocess) and `browser` come from
tests/browser/conftest.py.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.pages import PHONE, TABLET, director, open_table

CSV = ("id,name,gender,club\n"
       "101,Ann North,F,Jakarta\n102,Bob South,M,\n103,Cid East,M,\n104,Dee West,F,\n"
       "201,Eve Nord,F,\n202,Fay Sud,M,\n203,Gus Ost,F,\n204,Hal West,M,\n")


def import_list(page: Page, base_url: str, tmp_path: Path) -> None:
    page.goto(base_url + "/director/players/")
    csv = tmp_path / "players.csv"
    csv.write_text(CSV)
    page.get_by_test_id("players-import").locator("input[type=file]").set_input_files(str(csv))
    page.get_by_test_id("players-import").get_by_role("button", name="Import").click()
    expect(page.get_by_test_id("players-imported")).to_contain_text("Imported 8 players")
    expect(page.get_by_test_id("players")).to_contain_text("Dee West")


def open_phone(browser: Browser, contexts: list[BrowserContext], url: str) -> Page:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    contexts.append(context)
    page = context.new_page()
    page.goto(url)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    return page


def type_seats(page: Page, north: str, south: str, east: str, west: str) -> None:
    """Types the four numbers, each seen in its field (a keystroke lost fails here, not at Save)."""
    for seat, number in (("north", north), ("south", south), ("east", east), ("west", west)):
        field = page.get_by_test_id(f"player-{seat}")
        field.fill(number)
        expect(field).to_have_value(number)


@pytest.mark.parametrize(("viewport", "locale", "index", "seats", "names", "not_listed"), [
    (PHONE, "en-US", 0, ("101", "102", "103", "999"),
     ("Ann North", "Bob South", "Cid East"), "Not on the list"),
    (TABLET, "id-ID", 3, ("201", "202", "204", "999"),
     ("Eve Nord", "Fay Sud", "Hal West"), "Tidak ada di daftar"),
], ids=["phone-en", "tablet-id"])
def test_four_player_numbers_at_round_1(server, browser, contexts, tmp_path, viewport, locale,
                                        index, seats, names, not_listed) -> None:
    console = director(browser, contexts, server.base_url)
    import_list(console, server.base_url, tmp_path)

    _, page = open_table(browser, contexts, server.tables[index]["url"], viewport, locale)
    expect(page.get_by_test_id("players-form")).to_be_visible()
    type_seats(page, *seats)
    north, south, east = names
    expect(page.get_by_test_id("player-name-north")).to_have_text(north)
    expect(page.get_by_test_id("player-name-east")).to_have_text(east)
    # A number not on the list is accepted: the scorer names it later.
    expect(page.get_by_test_id("player-name-west")).to_contain_text(not_listed)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.get_by_test_id("players-save").click()
    expect(page.get_by_test_id("players-form")).to_have_count(0)
    expect(page.get_by_test_id("ns-names")).to_have_text(f"{north} – {south}")
    expect(page.get_by_test_id("ew-names")).to_have_text(f"{east} – #999")
    expect(page.locator('[data-testid^="board-"]').first).to_be_visible()
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    # Stored on the server, and shown after a reload.
    page.reload()
    expect(page.get_by_test_id("ns-names")).to_have_text(f"{north} – {south}")
    expect(page.get_by_test_id("players-form")).to_have_count(0)
    console.goto(server.base_url + "/director/players/")
    expect(console.get_by_test_id("seated-pairs")).to_contain_text(f"{north} – {south}")


def test_k6_2_mixed_event_warns_on_the_terminal(server, browser, contexts, tmp_path) -> None:
    console = director(browser, contexts, server.base_url)
    import_list(console, server.base_url, tmp_path)
    with sqlite3.connect(server.db_path) as db:
        db.execute("insert or replace into settings (key, value) values ('mixed', ?)",
                   [json.dumps(True)])
    page = open_phone(browser, contexts, server.tables[1]["url"])
    page.get_by_test_id("language").select_option("pl")
    # The woman of NS sits South: warned while typing, saved all the same.
    type_seats(page, "202", "201", "203", "204")
    expect(page.get_by_test_id("players-warning")).to_contain_text("kobieta siedzi na Północy")
    expect(page.get_by_test_id("players-warning")).to_contain_text("na Zachodzie")
    page.get_by_test_id("players-save").click()
    expect(page.get_by_test_id("players-form")).to_have_count(0)
    expect(page.get_by_test_id("players-warning")).to_be_visible()
    page.get_by_test_id("players-warning-dismiss").click()
    expect(page.get_by_test_id("players-warning")).to_have_count(0)
    expect(page.get_by_test_id("ns-names")).to_have_text("Fay Sud – Eve Nord")


def test_players_entered_offline_are_sent_on_reconnect(server, browser, contexts,
                                                       tmp_path) -> None:
    console = director(browser, contexts, server.base_url)
    import_list(console, server.base_url, tmp_path)
    context = browser.new_context(viewport=PHONE, has_touch=True)
    contexts.append(context)
    page = context.new_page()
    page.goto(server.tables[2]["url"])
    expect(page.get_by_test_id("players-form")).to_be_visible()
    context.set_offline(True)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    type_seats(page, "101", "102", "555", "104")
    # The register stays on the server: offline, a number this table has not met yet shows
    # as the number, and its name once the link is back.
    expect(page.get_by_test_id("player-name-north")).to_contain_text("Offline")
    page.get_by_test_id("players-save").click()
    expect(page.get_by_test_id("ns-names")).to_have_text("#101 – #102")
    expect(page.get_by_test_id("ew-names")).to_have_text("#555 – #104")
    with sqlite3.connect(server.db_path) as db:
        assert db.execute("select count(*) from table_players where table_number = 3"
                          ).fetchone() == (0,)
    context.set_offline(False)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("ns-names")).to_have_text("Ann North – Bob South")
    expect(page.get_by_test_id("ew-names")).to_have_text("#555 – Dee West")
    with sqlite3.connect(server.db_path) as db:
        for _ in range(50):
            row = db.execute("select north, east from table_players where table_number = 3"
                             ).fetchone()
            if row:
                break
            page.wait_for_timeout(100)
    assert row == ("101", "555")


def test_k11_3_late_start_on_the_console(server, browser, contexts) -> None:
    console = director(browser, contexts, server.base_url)
    console.goto(server.base_url + "/director/players/late")
    form = console.get_by_test_id("late-propose")
    form.locator("input[name=pair]").fill("3")
    form.locator("input[name=minutes]").fill("9")
    form.get_by_role("button", name="Propose").click()
    expect(console.get_by_test_id("late-proposal")).to_contain_text("6 MP")
    console.get_by_test_id("late-apply").click()
    expect(console.get_by_test_id("late-state")).to_contain_text("applied: 6 MP")
