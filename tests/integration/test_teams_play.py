"""A teams event played through the `/table` namespace (the Socket.IO test client): both rooms
enter their boards, the match's IMPs and VPs, the captains' confirmations (KD1), the K12.1
board lock, and the line-up checks of D2.1 and D2.2."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.clock import RoundClock
from server.store import teams as sql
from server.teams.captains import confirmations
from server.teams.matches import match_summary, matches
from server.teams.standings import standings
from tests.conftest import received
from tests.integration import teams_event as te
from tests.integration.test_director import login

JSON = {"Accept": "application/json"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    """seeds/gabsi-teams.toml as it is: eight teams, a round robin of 12-board matches scored
    on the 25-point scale; round 1, match 1 is team 1 (home) v team 8."""
    with te.app_for(te.create(tmp_path / "teams.db")) as app:
        yield app


def store_of(app: Any) -> Any:
    return app.extensions["traveller.store"]


def join(app: Any, section: str, number: int = 1) -> Any:
    socketio = app.extensions["traveller.socketio"]
    client = socketio.test_client(app, namespace="/table",
                                  auth={"token": te.table(store_of(app), section, number).token})
    assert client.is_connected("/table")
    return client


def submit(client: Any, board: int, contract: str = "PASS", tricks: int = 0,
           declarer: str = "N") -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("submit_result", {
        "op_id": str(uuid.uuid4()), "board": board, "contract": contract,
        "declarer": declarer, "tricks": tricks}, namespace="/table", callback=True)
    return ack


def confirm(client: Any, team: int, round_number: int = 1) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("confirm_match", {
        "op_id": str(uuid.uuid4()), "round": round_number, "team": team},
        namespace="/table", callback=True)
    return ack


def last_state(client: Any) -> dict[str, Any]:
    """The newest state pushed to a terminal, once the pushes after a change have gone out."""
    time.sleep(0.6)  # the Notifier sends a table's state from a background task
    states = received(client, "state", "/table")
    assert states, "no state received"
    return dict(states[-1])


def play_match_one(open_room: Any, closed_room: Any) -> None:
    """Round 1, match 1 in both rooms. Board 1 (none vulnerable): 4S= (+420) in the open room,
    4S-1 (-50) in the closed: 470, 10 IMPs to the home team. Board 2 (NS vulnerable): 3NT-1
    (-100) in the open room, 3NT= (+600) in the closed: 700, 12 IMPs to the away team. The
    other ten boards are passed out in both rooms."""
    assert submit(open_room, 1, "4S", 10)["ns_score"] == 420
    assert submit(closed_room, 1, "4S", 9)["ns_score"] == -50
    assert submit(open_room, 2, "3NT", 8, "S")["ns_score"] == -100
    assert submit(closed_room, 2, "3NT", 9, "S")["ns_score"] == 600
    for board in range(3, 13):
        for room in (open_room, closed_room):
            ack = submit(room, board)
            assert ack["ok"], ack


def test_kd1_both_rooms_score_the_match_in_imps_and_vps(app: Any) -> None:
    open_room, closed_room = join(app, "O"), join(app, "C")
    play_match_one(open_room, closed_room)
    store = store_of(app)
    match = next(m for m in matches(store, 0) if (m.round, m.table) == (1, 1))
    summary = match_summary(store, match)
    # WBF IMP scale: 470 is in the 430-490 band (10 IMPs), 700 in 600-740 (12 IMPs).
    assert [b["home_imps"] for b in summary["boards"][:2]] == [10, -12]
    assert (summary["home_imps"], summary["away_imps"]) == (10, 12)
    # 25-point scale, 12 boards: a margin of 2 to 6 IMPs is 16:14.
    assert summary["complete"] and summary["vp"] == [14, 16]
    state = last_state(open_room)
    block = state["teams"]
    assert block["room"] == "open" and state["round"] == 2
    shown = next(m for m in block["matches"] if m["round"] == 1)
    assert (shown["home_imps"], shown["away_imps"], shown["vp"]) == (10, 12, [14, 16])
    table = {r["team"]: r for r in standings(store, 0)["teams"]}
    assert (table[1]["vp"], table[8]["vp"]) == (14, 16)
    assert (table[8]["imps_won"], table[8]["imps_lost"]) == (12, 10)


def test_kd1_each_captain_confirms_and_a_correction_makes_it_stale(app: Any) -> None:
    open_room, closed_room = join(app, "O"), join(app, "C")
    assert submit(open_room, 1, "4S", 10)["ok"]
    early = confirm(open_room, 1)
    assert early["ok"] is False and early["code"] == "match_not_over"
    play_rest = [(open_room, b) for b in range(2, 13)] + [(closed_room, b) for b in range(1, 13)]
    for room, board in play_rest:
        assert submit(room, board)["ok"]
    home = confirm(open_room, 1)
    assert home["ok"] and home["confirmations"]["confirmed"] == [1]
    away = confirm(closed_room, 8)
    assert away["confirmations"]["confirmed"] == [1, 8] and away["confirmations"]["done"]
    assert confirm(open_room, 3)["code"] == "not_in_match"
    client = login(app)
    fixed = client.post("/director/board/1/correct", headers={**JSON,
                        "X-CSRF-Token": client.csrf},
                        json={"section": "C", "table": 1, "round": 1, "contract": "4S",
                              "declarer": "N", "tricks": 10, "why": "closed room made it"})
    assert fixed.json["ok"]
    store = store_of(app)
    match = next(m for m in matches(store, 0) if (m.round, m.table) == (1, 1))
    found = confirmations(store, match, match_summary(store, match))
    assert (found["confirmed"], found["stale"], found["done"]) == ([], [1, 8], False)
    # A confirmation of the score the captain saw before the correction is refused...
    seen = open_room.emit("confirm_match", {
        "op_id": str(uuid.uuid4()), "round": 1, "team": 8,
        "home_imps": home["home_imps"], "away_imps": home["away_imps"]},
        namespace="/table", callback=True)
    assert (seen["ok"], seen["code"]) == (False, "score_changed")
    # ...and confirming again at the new score makes it current.
    assert confirm(open_room, 1)["confirmations"]["confirmed"] == [1]


def test_k12_1_a_board_not_started_in_time_is_locked_and_the_table_moves_on(app: Any) -> None:
    store = store_of(app)
    now = int(time.time() * 1000)
    # Round 1's clock: 12 boards x 8 minutes, started two hours ago, so it ran out an hour ago
    # with no board entered: the board on the table then (board 1) is played, the rest locked.
    with store.write() as db:
        store.save_clock(db, RoundClock(1, 12 * 8 * 60_000, started_ms=now - 2 * 3_600_000),
                         actor="test")
    open_room = join(app, "O")
    state = last_state(open_room)
    assert state["round"] == 1
    assert [lock["board"] for lock in state["teams"]["locked"]] == list(range(2, 13))
    assert state["teams"]["locked"][0]["reason"].startswith("K12.1")
    refused = submit(open_room, 2, "4S", 10)
    assert refused["ok"] is False and refused["code"] == "board_locked"
    assert submit(open_room, 1, "4S", 10)["ok"]
    state = last_state(open_room)
    assert state["round"] == 2 and state["ns_pair"] == 8
    assert not store.results("O", 1)[1:]  # only board 1 is stored


def test_d2_1_a_roster_required_preset_refuses_an_unrostered_player(tmp_path: Path) -> None:
    with te.app_for(te.create(tmp_path / "league.db", "pzbs-league", tables=2)) as app:
        store = store_of(app)
        with store.write() as db:
            sql.put_roster(store, db, 1, ["101", "102", "103", "104"], "test", "roster")
            sql.put_roster(store, db, 4, ["401", "402", "403", "404"], "test", "roster")
        open_room = join(app, "O")
        lineup = {"op_id": str(uuid.uuid4()), "round": 1, "segment": 1, "north": "101",
                  "south": "102", "east": "401", "west": "402"}
        ack = open_room.emit("set_players", lineup, namespace="/table", callback=True)
        assert ack["ok"] and ack["roster"] == [] and ack["segment"] == 1
        stranger = {**lineup, "op_id": str(uuid.uuid4()), "segment": 2, "south": "999"}
        refused = open_room.emit("set_players", stranger, namespace="/table", callback=True)
        assert refused["ok"] is False and refused["code"] == "not_on_roster"
        assert "999" in refused["error"] and "D2.1" in refused["error"]
        wrong_team = {**lineup, "op_id": str(uuid.uuid4()), "east": "103"}
        assert open_room.emit("set_players", wrong_team, namespace="/table",
                              callback=True)["code"] == "not_on_roster"


def test_d2_2_an_ineligible_team_cannot_enter_its_line_up(app: Any) -> None:
    client = login(app)
    marked = client.post("/director/teams/team/8", headers={**JSON, "X-CSRF-Token": client.csrf},
                         json={"eligible": False, "why": "entry fee unpaid"})
    assert marked.json["ok"]
    closed_room = join(app, "C")
    ack = closed_room.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1,
                                           "north": "801", "south": "802", "east": "101",
                                           "west": "102"}, namespace="/table", callback=True)
    assert ack["ok"] is False and ack["code"] == "team_ineligible"
    assert "D2.2" in ack["error"]
