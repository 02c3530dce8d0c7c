"""The PZBS sporting rules of line-ups, played through the `/table` namespace (the Socket.IO
test client) and read on the console: each pair's bidding system recorded with the line-up
(D3.3), a highly artificial system (SWS) announced with it, which the opponents' terminals
show at once and the console checks against the 20 minutes' notice (D3.4), and a 48-board
match's two 24-board parts, each a match of its own for line-ups and seating rights (D3.6)."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.clock import RoundClock
from server.store import teams as sql
from server.table import seating as table_seating
from server.teams.lineups import player_boards
from tests.conftest import received
from tests.integration import teams_event as te
from tests.integration.test_director import login
from tests.integration.test_teams_play import join, store_of, submit

JSON = {"Accept": "application/json"}
MINUTE = 60_000
HOME = ["101", "102", "103", "104"]
AWAY = ["401", "402", "403", "404"]


def line_up(client: Any, **given: Any) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1,
                                                      **given}, namespace="/table",
                                      callback=True)
    return ack


def newest(client: Any) -> dict[str, Any]:
    """The state a terminal holds once the pushes after a change have gone out (the whole
    state, then its patches, as `received` follows them)."""
    time.sleep(0.4)
    received(client, "state", "/table", timeout=0.5)
    held = client.__dict__.get("traveller_states", {}).get("/table")
    assert held, "no state received"
    return dict(held)


def rostered(app: Any) -> tuple[int, int]:
    """Match 1 of round 1: the home and away teams, each with its roster (D2.1)."""
    store = store_of(app)
    match = next(s for s in store.seatings("O", 1) if s.round == 1)
    with store.write() as db:
        sql.put_roster(store, db, match.ns_pair, HOME, "test", "roster")
        sql.put_roster(store, db, match.ew_pair, AWAY, "test", "roster")
    return match.ns_pair, match.ew_pair


@pytest.fixture
def league(tmp_path: Path) -> Iterator[Any]:
    """seeds/pzbs-league.toml as it is, one match table: a 24-board match (2 x 12), rosters
    required, systems asked, SWS announced 20 minutes before play, the home team seating
    last in the first half."""
    with te.app_for(te.create(tmp_path / "league.db", "pzbs-league", tables=1)) as app:
        yield app


def test_d3_3_each_pairs_system_is_recorded_with_the_line_up_audited_and_on_the_console(
        league: Any) -> None:
    store = store_of(league)
    home, away = rostered(league)
    open_room = join(league, "O")
    # The line-up form's rules reach the terminal with the state.
    rules = newest(open_room)["teams"]["lineup_rules"]
    assert rules == {"every": "segment", "systems": True, "sws_notice_minutes": 20}

    ack = line_up(open_room, segment=1, north="101", south="102", east="401", west="402",
                  ns_system="  WJ  ", ew_system="Polish Club")
    assert ack["ok"] and ack["segment"] == 1 and ack["part"] is None
    row = next(r for r in store.audit_rows() if r["action"] == "players_seated")
    assert json.loads(row["new"]) == {"north": "101", "south": "102", "east": "401",
                                      "west": "402", "segment": 1, "ns_system": "WJ",
                                      "ew_system": "Polish Club"}
    state = newest(open_room)["teams"]
    assert state["lineups"] == [{"round": 1, "segment": 1, "part": None, "north": "101",
                                 "south": "102", "east": "401", "west": "402",
                                 "ns_system": "WJ", "ew_system": "Polish Club",
                                 "ns_sws": False, "ew_sws": False}]

    # The second half: another system for the home pair is a new line-up (one a half, D3.3).
    assert line_up(open_room, segment=2, north="101", south="102", east="401", west="402",
                   ns_system="Precision")["ok"]
    # Wrong systems and SWS flags are refused, naming the field; nothing stored.
    for bad, code in (({"ns_system": "x" * 41}, "invalid_system"),
                      ({"ew_system": 7}, "invalid_system"),
                      ({"ns_system": "WJ\x002/1"}, "invalid_system"),
                      ({"ew_sws": "yes"}, "invalid_sws"),
                      ({"part": 2}, "invalid_part")):
        refused = line_up(open_room, segment=1, north="101", south="102", east="401",
                          west="402", **bad)
        assert refused["ok"] is False and refused["code"] == code, (bad, refused)
    # A replayed op_id with another system is not the same line-up.
    op_id = str(uuid.uuid4())
    seats = {"op_id": op_id, "round": 1, "segment": 1, "north": "101", "south": "102",
             "east": "401", "west": "402"}
    first = open_room.emit("set_players", {**seats, "ns_system": "WJ"}, namespace="/table",
                           callback=True)
    again = open_room.emit("set_players", {**seats, "ns_system": "WJ"}, namespace="/table",
                           callback=True)
    other = open_room.emit("set_players", {**seats, "ns_system": "Acol"}, namespace="/table",
                           callback=True)
    assert first["ok"] and again["duplicate"] and other["code"] == "op_id_reused"

    client = login(league)
    page = client.get("/director/teams/lineups", headers=JSON).json
    assert page["ok"] and page["rules"]["systems"] is True
    [match] = page["rounds"][0]["matches"]
    assert (match["home"]["number"], match["away"]["number"]) == (home, away)
    lines = {(line["unit"], line["number"]): line for line in match["rooms"][0]["lineups"]}
    assert (lines["segment", 1]["ns_system"], lines["segment", 1]["ew_system"]) == ("WJ", None)
    assert lines["segment", 2]["ns_system"] == "Precision"
    assert lines["segment", 1]["boards"] == "1-12" and lines["segment", 2]["boards"] == "13-24"
    html = client.get("/director/teams/lineups").get_data(as_text=True)
    assert "Precision" in html and 'data-testid="lineup-open-segment-2"' in html
    assert 'data-testid="lineups-link"' in client.get("/director/teams/matches").get_data(
        as_text=True)


def test_d3_4_an_sws_announced_reaches_the_opponents_terminals_and_the_console_flags_late_notice(
        league: Any) -> None:
    store = store_of(league)
    home, away = rostered(league)
    open_room, closed_room = join(league, "O"), join(league, "C")
    client = login(league)
    closed = next(t for t in store.tables() if t.section == "C")
    now = int(time.time() * 1000)

    # The home team's East-West pair in the closed room: announced 30 minutes before play.
    early = table_seating.set_players(store, closed, {
        "op_id": str(uuid.uuid4()), "round": 1, "north": "403", "south": "404", "east": "103",
        "west": "104", "ew_sws": True, "ew_system": "Polish Club"}, now - 30 * MINUTE,
        "table 1")
    assert early["ok"]
    # The away team's East-West pair in the open room, at the table just before play.
    assert line_up(open_room, segment=1, north="101", south="102", east="401", west="402",
                   ew_sws=True, ew_system="Relay Precision")["ok"]

    # Both rooms' terminals hear of both announcements: the other side of the table and the
    # other room's pairs, before their first board.
    for terminal in (open_room, closed_room):
        sws = newest(terminal)["teams"]["sws"]
        assert sorted((a["team"], a["room"], a["side"], a["system"]) for a in sws) == sorted([
            (home, "closed", "ew", "Polish Club"), (away, "open", "ew", "Relay Precision")])
    away_sws = next(a for a in newest(closed_room)["teams"]["sws"] if a["team"] == away)
    assert (away_sws["unit"], away_sws["number"], away_sws["parts"]) == ("segment", 1, [1])

    # Before the round starts the notice cannot be judged yet.
    page = client.get("/director/teams/lineups", headers=JSON).json
    notices = {n["team"]: n for n in page["rounds"][0]["matches"][0]["sws"]}
    assert notices[home]["late"] is None and notices[away]["late"] is None

    # The round's clock starts a minute later: 31 minutes' notice, and about one.
    with store.write() as db:
        store.save_clock(db, RoundClock(1, 204 * MINUTE, started_ms=now + MINUTE), "director")
    page = client.get("/director/teams/lineups", headers=JSON).json
    notices = {n["team"]: n for n in page["rounds"][0]["matches"][0]["sws"]}
    assert notices[home]["late"] is False and notices[home]["notice_minutes"] >= 30
    assert notices[away]["late"] is True and notices[away]["notice_minutes"] < 20
    assert notices[away]["required_minutes"] == 20 and page["late"] == 1
    html = client.get("/director/teams/lineups").get_data(as_text=True)
    assert f'data-testid="sws-{away}-1" data-late="yes"' in html
    assert f'data-testid="sws-{home}-1" data-late="no"' in html
    assert 'data-testid="sws-late-count"' in html

    # Taken back (a new line-up of the segment without it), the announcement goes.
    assert line_up(open_room, segment=1, north="101", south="102", east="401",
                   west="402")["ok"]
    assert [a["team"] for a in newest(closed_room)["teams"]["sws"]] == [home]


def _long_match(folder: Path, every: str = "segment") -> Path:
    """seeds/pzbs-league.toml with one 48-board match in four 12-board segments (the
    third-place match's length, D4.5), line-ups each segment or each part."""
    text = (te.SEEDS / "pzbs-league.toml").read_text()
    text = text.replace("boards_per_round = 24\nsegments = 2",
                        "boards_per_round = 48\nsegments = 4")
    text = text.replace('vp_scale = "wbf25"', 'vp_scale = "wbf2013"')  # wbf25 stops at 32
    text = text.replace('every = "segment"', f'every = "{every}"')
    preset = folder / f"long-{every}.toml"
    preset.write_text(text)
    from server.event.create import create_event
    from server.formats import load_preset
    from tests.conftest import PASSWORD

    path = folder / f"long-{every}.db"
    create_event(path, load_preset(preset), password=PASSWORD, base_url="http://testserver",
                 tables=1).close()
    return path


def test_d3_6_a_48_board_match_is_two_parts_for_line_ups_and_seating_rights(
        tmp_path: Path) -> None:
    with te.app_for(_long_match(tmp_path)) as app:
        store = store_of(app)
        home, away = rostered(app)
        open_room = join(app, "O")
        teams = newest(open_room)["teams"]
        assert teams["segments"] == 4 and teams["parts"] == [1, 1, 2, 2]
        # The home team seats last in each part's first half, the away team in its second:
        # decided again at board 25 as at the start of a match.
        assert teams["seating_rights"] == [home, away, home, away]

        # D2.1 per part: the first part's line-up takes boards 1-24...
        assert line_up(open_room, segment=1, north="101", south="102", east="401",
                       west="402")["ok"]
        boards = te.boards_of(store, 1)
        for board in boards[:24]:
            assert te.enter(store, "O", 1, board)["ok"]
        # ...but not board 25, the first of part 2: its own line-up first.
        refused = submit(open_room, boards[24])
        assert refused["code"] == "lineup_required"
        assert refused["error"].startswith("D2.1, D3.6: the line-up of part 2 (boards 25-48) "
                                           "of table 1 (open room) in round 1 is missing")
        assert line_up(open_room, segment=3, north="103", south="104", east="403",
                       west="404")["ok"]
        assert submit(open_room, boards[24])["ok"]

        client = login(app)
        [match] = client.get("/director/teams/lineups", headers=JSON).json[
            "rounds"][0]["matches"]
        assert match["parts"] == [1, 1, 2, 2]
        assert [(s["segment"], s["part"], s["team"]) for s in match["seating_rights"]] == [
            (1, 1, home), (2, 1, away), (3, 2, home), (4, 2, away)]
        html = client.get("/director/teams/lineups").get_data(as_text=True)
        assert f'data-testid="rights-3" data-team="{home}" data-part="2"' in html

    # Where the preset asks once a part (every = "part"), a line-up stands for a part.
    with te.app_for(_long_match(tmp_path, "part")) as app:
        store = store_of(app)
        home, away = rostered(app)
        open_room = join(app, "O")
        assert newest(open_room)["teams"]["lineup_rules"]["every"] == "part"
        ack = line_up(open_room, part=1, north="101", south="102", east="401", west="402")
        assert ack["ok"] and (ack["part"], ack["segment"]) == (1, None)
        assert line_up(open_room, part=3, north="101", south="102", east="401",
                       west="402")["code"] == "invalid_part"
        assert line_up(open_room, part=2, segment=3, north="101", south="102", east="401",
                       west="402")["code"] == "invalid_part"
        boards = te.boards_of(store, 1)
        for board in boards[:24]:
            assert te.enter(store, "O", 1, board)["ok"]
        assert submit(open_room, boards[24])["code"] == "lineup_required"
        assert line_up(open_room, part=2, north="103", south="104", east="403",
                       west="404")["ok"]
        for board in boards[24:]:
            assert te.enter(store, "O", 1, board)["ok"]
        lineups = newest(open_room)["teams"]["lineups"]
        assert [(line["part"], line["north"]) for line in lineups] == [(1, "101"), (2, "103")]
        # D8.2 counts each player's boards by the part's line-up.
        counted = {p["player"]: p["boards"] for p in player_boards(store)}
        assert (counted["101"], counted["103"], counted["401"], counted["403"]) == (
            24, 24, 24, 24)
