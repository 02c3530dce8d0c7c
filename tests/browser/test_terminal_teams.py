"""Teams events at the table, in a real browser: the two rooms of a match, the match panel with
its IMPs, the captains' confirmation (KD1), a line-up per segment with the roster check (D8.2,
D2.1), the K12.1 board lock when the round's time runs out, and a Swiss table waiting for the
next round's pairing.

Each test serves its own event made from seeds/gabsi-teams.toml (as `traveller new --preset`
does) with 2 match tables (4 teams), 4 boards a match in 2 segments (on the WBF 2013 VP scale,
which has a table for 4 boards), named teams, a players list and the teams' rosters. In round 1
match 1 is Jakarta (home: North-South in the open room) against Bandung (North-South in the
closed room).
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import PHONE, SHOTS, TABLET, director, enter, open_table
from tests.conftest import PASSWORD, REPO, ServerProcess, free_port

TEAMS = {1: "Jakarta", 2: "Surabaya", 3: "Medan", 4: "Bandung"}
PLAYERS = [(f"{team}0{n}", f"{name} {n}", "F" if n % 2 else "M")
           for team, name in TEAMS.items() for n in range(1, 5)]
"""Four players a team: 101-104 play for Jakarta, 401-404 for Bandung."""


def teams_event(folder: Path, *, rosters: str = "warn", preset: Path | None = None,
                tables: int = 2, boards_per_round: int = 4) -> ServerProcess:
    """A teams event from a preset (GABSI's round robin unless told), 2 segments a match."""
    from server.event.create import create_event
    from server.formats import load_preset
    from server.store import players as players_sql
    from server.store import teams as teams_sql

    text = (preset or REPO / "seeds" / "gabsi-teams.toml").read_text()
    text = text.replace("boards_per_round = 12     # K3.2: 8 to 16 boards a match",
                        "boards_per_round = 12\nsegments = 2")
    text = text.replace('rosters = "warn"', f'rosters = "{rosters}"')
    # Short matches: GABSI's 25-point tables start at 8 boards, the WBF's continuous scale
    # takes any number.
    text = text.replace('vp_scale = "wbf25"', 'vp_scale = "wbf2013"')
    copy = folder / "preset.toml"
    copy.write_text(text)
    port = free_port()
    db = folder / "event.db"
    store = create_event(db, load_preset(copy), password=PASSWORD,
                         base_url=f"http://127.0.0.1:{port}", tables=tables,
                         boards_per_round=boards_per_round)
    teams = store.setting("movement")["teams"]
    with store.write() as write:
        players_sql.import_players(store, write, [
            {"federation_id": pid, "name": name, "gender": gender, "club": ""}
            for pid, name, gender in PLAYERS], "director", "test list")
        for number in range(1, teams + 1):
            teams_sql.put_team(store, write, {"number": number, "name": TEAMS[number],
                                              "captain": "", "eligible": 1, "note": ""},
                               "director", "test teams")
            teams_sql.put_roster(store, write, number, [f"{number}0{n}" for n in range(1, 5)],
                                 "director", "test roster")
    store.close()
    return ServerProcess(db_path=db, port=port).start()


@pytest.fixture
def teams_server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = teams_event(tmp_path)
    yield process
    process.stop()


def table_url(process: ServerProcess, room: str, number: int = 1) -> dict[str, Any]:
    """A table of the event by room ("O" open, "C" closed) and match table number."""
    return next(t for t in process.tables() if t["section"] == room and t["table"] == number)


def connect(process: ServerProcess, room: str, number: int = 1) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.connect(process.base_url, namespaces=["/table"],
                   auth={"token": table_url(process, room, number)["token"]},
                   transports=["websocket"], wait_timeout=10)
    return client


def submit(client: socketio.Client, board: int, contract: str, declarer: str,
           tricks: int) -> dict[str, Any]:
    ack = client.call("submit_result", {"op_id": str(uuid.uuid4()), "board": board,
                                        "contract": contract, "declarer": declarer,
                                        "tricks": tricks}, namespace="/table", timeout=10)
    assert ack["ok"], ack
    return ack


def line_up(page: Page, north: str, south: str, east: str, west: str) -> None:
    """Types the four numbers, each seen in its field (a keystroke lost fails here, not at Save)."""
    for seat, number in (("north", north), ("south", south), ("east", east), ("west", west)):
        field = page.get_by_test_id(f"player-{seat}")
        field.fill(number)
        expect(field).to_have_value(number)


def clock(console: Page, base_url: str, action: str, **form: str) -> dict[str, Any]:
    """A director clock route (start, extend...) posted from the logged-in console."""
    csrf = console.locator("input[name=csrf_token]").first.get_attribute("value")
    response = console.request.post(f"{base_url}/director/clock/{action}",
                                    form={"csrf_token": csrf or "", **form},
                                    headers={"Accept": "application/json"})
    assert response.ok, response.text()
    return dict(response.json())


def confirmations(db_path: Path) -> list[tuple[int, int]]:
    with sqlite3.connect(db_path) as db:
        return db.execute("select round, team from match_confirmations order by team").fetchall()


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


@pytest.mark.screenshots
def test_kd1_both_rooms_play_a_match_and_both_captains_confirm_on_phones(
        teams_server, browser, contexts) -> None:
    _, open_room = open_table(browser, contexts, table_url(teams_server, "O")["url"], PHONE,
                              locale="pl-PL")
    _, closed_room = open_table(browser, contexts, table_url(teams_server, "C")["url"], PHONE,
                                locale="id-ID")
    expect(open_room.get_by_test_id("teams-room")).to_have_text("Sala otwarta")
    expect(open_room.get_by_test_id("teams-match")).to_have_text("Mecz 1")
    expect(open_room.get_by_test_id("teams-ns")).to_have_text("Jakarta")
    expect(open_room.get_by_test_id("teams-ew")).to_have_text("Bandung")
    expect(closed_room.get_by_test_id("teams-room")).to_have_text("Ruang tertutup")
    expect(closed_room.get_by_test_id("teams-ns")).to_have_text("Bandung")
    expect(closed_room.get_by_test_id("teams-to-play")).to_contain_text("4 papan")

    # D8.2: the line-up of segment 1 (boards 1-2) in each room, named from the list. In the
    # open room Bandung's West is not on its roster (D2.1 "warn"): warned, saved all the same.
    form = open_room.get_by_test_id("lineup-form")
    expect(form).to_have_attribute("data-segment", "1")
    expect(open_room.get_by_test_id("lineup-segment")).to_have_text("Segment 1 z 2: rozdania 1, 2")
    line_up(open_room, "101", "102", "401", "201")
    expect(open_room.get_by_test_id("player-name-west")).to_have_text("Surabaya 1")
    expect(open_room.get_by_test_id("lineup-roster")).to_contain_text(
        "201 (Zachód) nie jest w zgłoszonym składzie drużyny Bandung (D2.1)")
    assert open_room.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    open_room.get_by_test_id("lineup-save").click()
    expect(open_room.get_by_test_id("lineup-form")).to_have_count(0)
    expect(open_room.get_by_test_id("lineup-warning")).to_contain_text("sędzia zobaczy ostrzeżenie")
    expect(open_room.get_by_test_id("ns-names")).to_have_text("Jakarta 1 – Jakarta 2")
    open_room.get_by_test_id("lineup-warning-dismiss").click()
    line_up(closed_room, "402", "401", "104", "103")
    expect(closed_room.get_by_test_id("lineup-roster")).to_have_count(0)
    closed_room.get_by_test_id("lineup-save").click()
    expect(closed_room.get_by_test_id("board-1")).to_be_visible()

    # Board 1: 4♠ made in the open room (+420 for Jakarta), one down in the closed room (+50
    # for Jakarta): 470 is 10 IMPs to Jakarta. Board 2 is passed out in both rooms.
    enter(open_room, "level-4", "strain-S", "declarer-N", "result-eq")
    expect(open_room.get_by_test_id("match-summary")).to_contain_text("IMP: Jakarta 0 – 0 Bandung")
    enter(closed_room, "level-4", "strain-S", "declarer-N", "result-minus-1")
    expect(closed_room.get_by_test_id("match-summary")).to_contain_text(
        "IMP: Jakarta 10 – 0 Bandung")
    enter(open_room, "passout")
    enter(closed_room, "passout")

    # Segment 2 asks for its own line-up (the same players here, a swap of seats there).
    expect(open_room.get_by_test_id("lineup-form")).to_have_attribute("data-segment", "2")
    line_up(open_room, "101", "102", "401", "402")
    open_room.get_by_test_id("lineup-save").click()
    expect(closed_room.get_by_test_id("lineup-form")).to_have_attribute("data-segment", "2")
    line_up(closed_room, "401", "402", "103", "104")
    closed_room.get_by_test_id("lineup-save").click()

    # The match panel, board by board, both rooms and the IMPs: on a 360 x 640 phone the match
    # score leaves the pad (issue 15 item 2), a scored board's tab shows it and opens the panel.
    open_room.get_by_test_id("board-1").click()
    expect(open_room.get_by_test_id("played-board")).to_be_visible()
    open_room.get_by_test_id("match-open").click()
    panel = open_room.get_by_test_id("match-panel")
    expect(panel.get_by_test_id("match-board-1")).to_have_attribute("data-state", "played")
    expect(panel.get_by_test_id("match-board-1")).to_contain_text("420")
    expect(panel.get_by_test_id("match-board-1")).to_contain_text("−50")
    expect(panel.get_by_test_id("match-board-3")).to_have_attribute("data-state", "waiting")
    expect(panel.get_by_test_id("match-imps-home")).to_have_text("10")
    expect(panel.get_by_test_id("match-progress")).to_have_text("Rozegrane w obu salach: 2 z 4")
    assert open_room.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(open_room, "teams-match-phone-pl.png")
    open_room.get_by_test_id("match-close").click()
    open_room.get_by_test_id("played-board-back").click()

    # Boards 3 and 4: 3NT made in the open room only (Jakarta +400 on board 3, vulnerable on 4).
    enter(open_room, "level-3", "strain-N", "declarer-S", "result-eq")
    enter(open_room, "level-3", "strain-N", "declarer-S", "result-eq")
    expect(open_room.get_by_test_id("round-complete")).to_be_visible()
    expect(open_room.get_by_test_id("waiting-other-room")).to_be_visible()
    enter(closed_room, "level-3", "strain-N", "declarer-S", "result-minus-1")
    enter(closed_room, "level-3", "strain-N", "declarer-S", "result-minus-1")

    # KD1: the match is over in both rooms; each captain confirms on their room's terminal.
    for page in (open_room, closed_room):
        expect(page.get_by_test_id("match-confirm")).to_be_visible()
        expect(page.get_by_test_id("match-vp")).to_be_visible()
    expect(open_room.get_by_test_id("waiting-other-room")).to_have_count(0)
    # Boards 3 and 4 are 450 (10 IMPs) and 700 (12 IMPs) to Jakarta.
    expect(open_room.get_by_test_id("match-imps-home")).to_have_text("32")
    expect(closed_room.get_by_test_id("match-confirm")).to_contain_text(
        "Konfirmasi hasil pertandingan")
    open_room.get_by_test_id("captain-confirm-1").click()
    expect(open_room.get_by_test_id("captain-1")).to_have_attribute("data-state", "confirmed")
    expect(open_room.get_by_test_id("match-confirm-other")).to_have_text(
        "Czekamy na drugiego kapitana.")
    expect(closed_room.get_by_test_id("captain-1")).to_have_attribute("data-state", "confirmed")
    expect(closed_room.get_by_test_id("captain-4")).to_have_attribute("data-state", "waiting")
    closed_room.get_by_test_id("captain-confirm-4").click()
    for page in (open_room, closed_room):
        expect(page.get_by_test_id("match-confirm-done")).to_be_visible()
    expect(open_room.get_by_test_id("match-confirm-done")).to_have_text(
        "Obaj kapitanowie zatwierdzili wynik.")
    assert confirmations(teams_server.db_path) == [(1, 1), (1, 4)]
    # The next match at this table, from the schedule.
    expect(closed_room.get_by_test_id("next-match")).to_contain_text("Ronde 2")
    closed_room.get_by_test_id("next-round").click()
    expect(closed_room.get_by_test_id("lineup-form")).to_have_attribute("data-round", "2")


def test_d8_2_a_state_pushed_while_a_captain_types_the_line_up_keeps_the_field(
        teams_server, browser, contexts) -> None:
    _, closed_room = open_table(browser, contexts, table_url(teams_server, "C")["url"], PHONE)
    north = closed_room.get_by_test_id("player-north")
    north.click()
    closed_room.keyboard.type("40")
    typed = north.element_handle()
    # The open room's line-up reaches the server, which pushes a state to both rooms of the
    # match: the closed room's screen is built anew while its captain is typing.
    open_room = connect(teams_server, "O")
    try:
        ack = open_room.call("set_players", {
            "op_id": str(uuid.uuid4()), "round": 1, "segment": 1, "north": "101",
            "south": "102", "east": "401", "west": "402"}, namespace="/table", timeout=10)
        assert ack["ok"], ack
    finally:
        open_room.disconnect()
    closed_room.wait_for_function("field => !field.isConnected", arg=typed)
    # The field keeps the focus and the caret: the next keystroke lands, the phone's keyboard
    # stays open, and Save comes on with the fourth number.
    expect(north).to_be_focused()
    closed_room.keyboard.type("2")
    expect(north).to_have_value("402")
    expect(closed_room.get_by_test_id("player-name-north")).to_have_text("Bandung 2")
    line_up(closed_room, "402", "401", "104", "103")
    expect(closed_room.get_by_test_id("lineup-save")).to_be_enabled()


STATES_SEEN = """
window.statesSeen = 0;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      // A whole state, or what changed in it.
      if (String(event.data).startsWith('42/table,["state')) window.statesSeen += 1;
    });
  }
};
"""
"""Counts the states and state patches a page has received, each before the terminal handles
it."""


def test_a_state_pushed_while_a_button_is_pressed_loses_no_click(
        teams_server, browser, contexts) -> None:
    context = browser.new_context(viewport=TABLET)
    contexts.append(context)
    context.add_init_script(STATES_SEEN)
    closed_room = context.new_page()
    closed_room.goto(table_url(teams_server, "C")["url"])
    closed_room.get_by_test_id("lineup-skip").click()
    seen = closed_room.evaluate("window.statesSeen")
    # The button goes down; the open room's board 1 is pushed before it comes up.
    button = closed_room.get_by_test_id("match-open")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    closed_room.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    closed_room.mouse.down()
    open_room = connect(teams_server, "O")
    try:
        submit(open_room, 1, "4S", "N", 10)
    finally:
        open_room.disconnect()
    closed_room.wait_for_function("seen => window.statesSeen > seen", arg=seen)
    closed_room.mouse.up()
    # The click reached the button it started on, and the pushed state shows after it.
    expect(closed_room.get_by_test_id("match-panel")).to_be_visible()
    expect(closed_room.get_by_test_id("match-board-1")).to_contain_text("✓")


@pytest.mark.screenshots
def test_k12_1_time_up_locks_the_boards_not_started_on_tablets_and_a_phone(
        teams_server, browser, contexts) -> None:
    console = director(browser, contexts, teams_server.base_url)
    _, open_room = open_table(browser, contexts, table_url(teams_server, "O")["url"], TABLET)
    closed_context, closed_room = open_table(browser, contexts,
                                             table_url(teams_server, "C")["url"], TABLET)
    # Match 2's open room follows on a phone, in Polish, without a board played yet.
    _, phone = open_table(browser, contexts, table_url(teams_server, "O", 2)["url"], PHONE,
                          locale="pl-PL")
    for page in (open_room, closed_room, phone):
        page.get_by_test_id("lineup-skip").click()
    enter(open_room, "level-2", "strain-H", "declarer-S", "result-plus-1")
    # The open room's board 1 reaches the closed room's terminal (pushed after the ack)...
    closed_room.get_by_test_id("match-open").click()
    expect(closed_room.get_by_test_id("match-board-1")).to_contain_text("✓")
    closed_room.get_by_test_id("match-close").click()
    # ...then the closed room plays on without the network: boards 1 and 2 wait in its outbox.
    closed_context.set_offline(True)
    expect(closed_room.get_by_test_id("connection")).to_have_attribute("data-state", "offline")
    enter(closed_room, "level-2", "strain-H", "declarer-S", "result-eq")
    enter(closed_room, "level-1", "strain-N", "declarer-W", "result-eq")
    expect(closed_room.get_by_test_id("unsent")).to_have_text("2")
    # Offline, the panel works from the last state: board 1 is played in the open room (its
    # score shows only once this room has played it too, from the server), 110 is this room's.
    expect(closed_room.get_by_test_id("lineup-form")).to_have_attribute("data-segment", "2")
    closed_room.get_by_test_id("lineup-skip").click()
    closed_room.get_by_test_id("match-open").click()
    expect(closed_room.get_by_test_id("match-board-1")).to_have_text("1✓110")
    expect(closed_room.get_by_test_id("match-board-2")).to_have_attribute("data-state", "waiting")
    expect(closed_room.get_by_test_id("match-panel")).to_contain_text(
        "The other room's results arrive while the terminal is online.")
    closed_room.get_by_test_id("match-close").click()

    # The round's clock runs out a few seconds from now (the director takes all but three
    # seconds of its 32 minutes away). At 0 the open room asks for a fresh state by itself and
    # shows the boards not started as locked (K12.1): board 2, on the table when time ran
    # out, is still played.
    clock(console, teams_server.base_url, "start")
    clock(console, teams_server.base_url, "extend", minutes="-31.95", why="test: time up")
    for board in (3, 4):
        expect(open_room.get_by_test_id(f"board-{board}")).to_have_attribute(
            "data-status", "locked", timeout=15_000)
    # A locked board's tab shows why it is locked.
    open_room.get_by_test_id("board-3").click()
    expect(open_room.get_by_test_id("locked-reason-3")).to_contain_text("K12.1")
    # On the phone the first board is the one on the table when time ran out: played out.
    rows = phone.locator('[data-testid^="board-"]')
    expect(rows.nth(1)).to_have_attribute("data-status", "locked", timeout=15_000)
    expect(rows.nth(0)).to_have_attribute("data-status", "open")
    second = rows.nth(1).get_attribute("data-testid").split("-")[1]
    rows.nth(1).click()
    expect(phone.get_by_test_id(f"locked-reason-{second}")).to_contain_text(
        "Czas minął przed rozpoczęciem tego rozdania (K12.1)")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(open_room.get_by_test_id("board-2")).to_have_attribute("data-status", "open")
    expect(open_room.get_by_test_id("teams-to-play")).to_have_text("1 board to play in this room")
    open_room.get_by_test_id("board-2").click()  # back to the pad
    enter(open_room, "passout")
    expect(open_room.get_by_test_id("round-complete")).to_be_visible()
    expect(open_room.get_by_test_id("match-board-3")).to_have_attribute("data-state", "locked")
    expect(open_room.get_by_test_id("waiting-other-room")).to_be_visible()

    # Back online, the closed room's board 1 is stored; board 2 was not started in time: the
    # server refuses it (board_locked) and the table sees why, never losing it silently.
    closed_context.set_offline(False)
    expect(closed_room.get_by_test_id("unsent")).to_have_text("0")
    item = closed_room.get_by_test_id("rejected-item")
    expect(item).to_contain_text("Board 2 was not accepted: time ran out before it was started")
    expect(closed_room.get_by_test_id("round-complete")).to_be_visible()
    expect(closed_room.get_by_test_id("match-board-2")).to_have_attribute("data-state", "locked")
    expect(closed_room.get_by_test_id("match-board-2")).to_contain_text("Locked")
    closed_room.get_by_test_id("dismiss").click()

    # Both rooms are done: board 1 is 140 against 110 (1 IMP to Jakarta), the locked boards
    # score nothing. Both captains confirm one after the other on one tablet.
    expect(open_room.get_by_test_id("match-vp")).to_be_visible()
    expect(open_room.get_by_test_id("match-imps-home")).to_have_text("1")
    open_room.get_by_test_id("captain-confirm-4").click()
    expect(open_room.get_by_test_id("captain-4")).to_have_attribute("data-state", "confirmed")
    open_room.get_by_test_id("captain-confirm-1").click()
    expect(open_room.get_by_test_id("match-confirm-done")).to_be_visible()
    expect(closed_room.get_by_test_id("match-confirm-done")).to_be_visible()
    assert confirmations(teams_server.db_path) == [(1, 1), (1, 4)]
    shoot(open_room, "teams-confirm-tablet-en.png")


def test_d2_1_required_rosters_and_d2_2_refuse_a_line_up_on_a_phone(
        tmp_path, browser, contexts) -> None:
    process = teams_event(tmp_path, rosters="required")
    try:
        from server.store import Store
        from server.store import teams as teams_sql

        store = Store.open(process.db_path)
        with store.write() as db:
            teams_sql.put_team(store, db, {"number": 2, "name": "Surabaya", "captain": "",
                                           "eligible": 0, "note": "fees unpaid"},
                               "director", "test: D2.2")
        store.close()
        _, page = open_table(browser, contexts, table_url(process, "O")["url"], PHONE,
                             locale="id-ID")
        # Jakarta's North is not on Jakarta's roster: warned while typing, refused when sent.
        line_up(page, "401", "102", "402", "403")
        expect(page.get_by_test_id("lineup-roster")).to_contain_text("hanya menerima pemain")
        page.get_by_test_id("lineup-save").click()
        expect(page.get_by_test_id("lineup-error")).to_contain_text(
            "Komputer skor tidak menerima susunan pemain")
        expect(page.get_by_test_id("player-north")).to_have_value("401")
        page.get_by_test_id("player-north").fill("101")
        expect(page.get_by_test_id("lineup-roster")).to_have_count(0)
        page.get_by_test_id("lineup-save").click()
        expect(page.get_by_test_id("lineup-form")).to_have_count(0)
        expect(page.get_by_test_id("board-1")).to_be_visible()

        # Match 2 is Surabaya's, which may not play (D2.2): its line-up is refused.
        _, other = open_table(browser, contexts, table_url(process, "O", 2)["url"], PHONE)
        line_up(other, "201", "202", "301", "302")
        other.get_by_test_id("lineup-save").click()
        expect(other.get_by_test_id("lineup-error")).to_contain_text("may not play now (D2.2)")
    finally:
        process.stop()


def test_d8_2_a_line_up_on_a_tablet_then_a_swiss_table_waits_for_the_next_pairing(
        tmp_path, browser, contexts) -> None:
    process = teams_event(tmp_path, preset=REPO / "seeds" / "gabsi-swiss-teams.toml",
                          boards_per_round=2)
    try:
        _, page = open_table(browser, contexts, table_url(process, "C")["url"], TABLET)
        expect(page.get_by_test_id("round")).to_have_text("1 / 6")
        # D8.2: the line-up on the tablet; Surabaya (away) sits North-South in the closed room.
        expect(page.get_by_test_id("teams-ns")).to_have_text("Surabaya")
        line_up(page, "201", "202", "101", "102")
        expect(page.get_by_test_id("player-name-east")).to_have_text("Jakarta 1")
        expect(page.get_by_test_id("lineup-roster")).to_have_count(0)
        page.get_by_test_id("lineup-save").click()
        expect(page.get_by_test_id("lineup-form")).to_have_count(0)
        expect(page.get_by_test_id("ns-names")).to_have_text("Surabaya 1 – Surabaya 2")
        open_room = connect(process, "O")
        try:
            for board in (1, 2):
                submit(open_room, board, "3N", "S", 9)
        finally:
            open_room.disconnect()
        enter(page, "level-3", "strain-N", "declarer-S", "result-eq")
        enter(page, "level-3", "strain-N", "declarer-S", "result-minus-1")
        expect(page.get_by_test_id("round-complete")).to_be_visible()
        expect(page.get_by_test_id("waiting-pairing")).to_have_text(
            "Waiting for the next round's pairing.")
        expect(page.get_by_test_id("match-confirm")).to_be_visible()
    finally:
        process.stop()
