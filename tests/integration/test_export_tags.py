"""A teams PBN export is PBN's export format too, and the CSV export spells contracts as PBN does.

PBN 2.1 (section 3.4) names fifteen tags every game of a file in export format carries, in this
order: Event, Site, Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring,
Declarer, Contract, Result. A teams game (one a table: a single teams event, each stage of a
competition, a knock-out's matches) starts with them, then a competition's Stage, then the teams
tags (Round, HomeTeam, VisitTeam, Room, Score, ScoreIMP, CarryOver). Its players are the ones
the room's line-up that stands for the board gave (a segment's own before the match's), by
name, "#number" for a player not on the players' list, "?" where the room gave none; its Date
the day the room entered the result; `traveller rescore` reads the same figures from it as
from the file without those tags. The CSV's contract columns write no-trumps as "3NT", as PBN
and USEBIO do, never the terminal's "3N".
"""

from __future__ import annotations

import csv
import io
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.direction.rulings import adjust
from server.event.players import import_csv
from server.formats.csv_write import write_csv
from server.formats.interchange import (
    PairLine,
    PairsEvent,
    TeamMatchResult,
    TeamsEvent,
    TeamTableResult,
)
from server.formats.pbn_write import write_pbn
from server.formats.results_file import parse_results_file
from server.publish.export import event_values, export_event
from server.publish.rescore import rescore
from server.store import Store
from server.store import teams as teams_sql
from server.store.rulings import EntryKey
from server.table.seating import set_players
from tests.integration import teams_event as te
from tests.integration.rehearsed import rehearsed

MTS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
       "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
"""PBN 2.1's mandatory tag set, in the order of export format."""
TEAMS_TAGS = ("Round", "HomeTeam", "VisitTeam", "Room")
"""The teams tags every teams game carries after the set (and a competition's Stage)."""
NEW = ("Site", "Date", "West", "North", "East", "South", "Deal")
"""The tags a teams game did not carry before it carried the whole set (and the play's, which
it carried elsewhere, only when there was a contract)."""
_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_NO_TRUMP = re.compile(r"[1-7]NX{0,2}")
"""A no-trump contract as the terminal keeps it."""
NAMED = {"101": "Anna Kowalska", "102": "Łukasz Wiśniewski", "103": "Zoë Dąbek",
         "104": "Jan Nowak", "105": "Siti Rahma"}
"""Team 1's players on the players' list; the others are not on it."""


def games(text: str) -> list[list[tuple[str, str]]]:
    """Each game's tag pairs in file order (a table's rows left out)."""
    out = []
    for block in text.split("\n\n")[1:]:
        out.append([m.groups() for line in block.splitlines() if (m := _TAG.match(line))])
    return [game for game in out if game]


def roster(team: int) -> list[str]:
    return [f"{team}0{n}" for n in range(1, 6)]


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[Any, Any]]]:
    """pzbs-league (line-ups required, D2.1) with 4 teams, matches of 8 boards in 2 segments:
    round 1's match at table 1 played in both rooms after each room gave its line-up, the open
    room's player 101 replaced by 105 for segment 2 (boards 5-8), one open-room board an
    artificial 60/40. Gives the file and the seats each room gave (North, East, South, West),
    by (room, segment)."""
    path = te.create(tmp_path_factory.mktemp("league") / "league.db", preset="pzbs-league",
                     tables=2, boards_per_round=8)
    store = Store.open(str(path))
    try:
        import_csv(store, "id,name,gender\n" + "".join(f"{k},{v},F\n" for k, v in NAMED.items()),
                   "director")
        with store.write() as db:
            for team in range(1, 5):
                teams_sql.put_roster(store, db, team, roster(team), "test", "test")
        given: dict[Any, Any] = {}
        for room in ("O", "C"):
            table = te.table(store, room, 1)
            seating = next(s for s in store.seatings(room, 1) if s.round == 1)
            first = 0 if room == "O" else 2
            (north, south), (east, west) = (roster(seating.ns_pair)[first:first + 2],
                                            roster(seating.ew_pair)[first:first + 2])
            seats = {"north": north, "south": south, "east": east, "west": west}
            lineups: list[tuple[int | None, dict[str, str]]] = [(None, seats)]
            if room == "O":
                lineups.append((2, {k: "105" if v == "101" else v for k, v in seats.items()}))
            for segment, sat in lineups:
                payload = {"op_id": str(uuid.uuid4()), "round": 1, **sat}
                if segment is not None:
                    payload["segment"] = segment
                assert set_players(store, table, payload, 0, "test")["ok"]
                given[room, segment] = tuple(sat[s] for s in ("north", "east", "south", "west"))
        boards = te.boards_of(store, 1)
        for room in ("O", "C"):
            for place, board in enumerate(boards, 1):
                if (room, place) == ("O", 3):
                    continue
                contract = ("3N", 9, "S") if place % 2 else ("PASS", 0, "N")
                ack = te.enter(store, room, 1, board, *contract,
                               now_ms=int(time.time() * 1000))
                assert ack["ok"], ack
        assert adjust(store, EntryKey("O", 1, 1, boards[2]),
                      {"kind": "artificial", "choice": "60/40", "why": "a fouled board"}, 0,
                      "director")["ok"]
    finally:
        store.close()
    yield path, given


@pytest.fixture(scope="module")
def knockout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The inter-province teams (a round robin, then a knock-out with its carry-over) played by
    robots to its end."""
    return rehearsed("gabsi-province-teams", tmp_path_factory.mktemp("ko") / "province.db")


def exported(path: Path, fmt: str = "pbn") -> tuple[Any, dict[str, str]]:
    store = Store.open(str(path))
    try:
        return event_values(store, 0), {name: data.decode() for name, data in
                                        export_event(store, fmt, 0).items()}
    finally:
        store.close()


@pytest.mark.parametrize("which", ["league", "knockout"])
def test_pbn_2_1_teams_games_carry_the_mandatory_tags_in_order(
        which: str, request: pytest.FixtureRequest) -> None:
    event, files = exported(request.getfixturevalue("knockout") if which == "knockout"
                            else request.getfixturevalue("league")[0])
    assert isinstance(event, TeamsEvent)
    text = files["results.pbn"]
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    found = games(text)
    assert len(found) == len(event.tables) > 0
    stages = {s.name: s.results for s in event.stages if s.results is not None}
    for game in found:
        names = tuple(name for name, _ in game)
        tags = dict(game)
        assert names[:len(MTS)] == MTS, game
        after = names[len(MTS):]
        if stages:
            assert after[0] == "Stage" and tags["Stage"] in stages
            after = after[1:]
        assert after[:len(TEAMS_TAGS)] == TEAMS_TAGS, game
        assert (tags["Site"], tags["Scoring"]) == ("?", "IMP")
        # The day the room entered it; an adjusted score was not entered by the room.
        adjusted = tags["Score"].startswith("A")
        assert re.fullmatch(r"\d{4}\.\d\d\.\d\d", tags["Date"]) or (
            adjusted and tags["Date"] == "????.??.??")
        assert tags["Deal"] == "N:- - - -"  # no hand records loaded
        assert not _NO_TRUMP.fullmatch(tags["Contract"])
    if which == "knockout":
        knockouts = {name for name, results in stages.items()
                     if isinstance(results, TeamsEvent) and results.knockout}
        assert knockouts and any(dict(g)["Stage"] in knockouts for g in found)
        assert any("CarryOver" in dict(g) for g in found)


def test_a_teams_game_names_the_players_its_room_gave_for_the_board_and_the_day(
        league: tuple[Path, dict[Any, Any]]) -> None:
    path, given = league
    _, files = exported(path)
    store = Store.open(str(path))
    try:
        entered = {(r.section, r.board): r.entered_ms for r in store.results()
                   if (r.table_number, r.round) == (1, 1)}
        boards = te.boards_of(store, 1)
    finally:
        store.close()
    seen = set()
    for game in map(dict, games(files["results.pbn"])):
        board = int(game["Board"])
        room = "O" if game["Room"] == "Open" else "C"
        place = boards.index(board) + 1
        # The open room's segment 2 line-up stands for boards 5-8; the match's for the rest.
        seats = given[room, 2] if place > 4 and (room, 2) in given else given[room, None]
        assert (game["North"], game["East"], game["South"], game["West"]) == tuple(
            NAMED.get(p, f"#{p}") for p in seats)
        if (room, place) == ("O", 3):
            assert (game["Declarer"], game["Contract"], game["Result"]) == ("?", "?", "?")
            assert (game["Date"], game["Score"]) == ("????.??.??", "A6040")
        else:
            day = time.strftime("%Y.%m.%d", time.localtime(entered[room, board] / 1000))
            assert game["Date"] == day
            play = ("S", "3NT", "9") if place % 2 else ("", "Pass", "")
            assert (game["Declarer"], game["Contract"], game["Result"]) == play
        seen.add((room, place))
    assert len(seen) == 16
    assert "Siti Rahma" in files["results.pbn"]  # 105, in segment 2 only


@pytest.mark.parametrize("which", ["league", "knockout"])
def test_rescore_reads_a_teams_export_with_the_same_figures_as_without_the_new_tags(
        which: str, request: pytest.FixtureRequest) -> None:
    _, files = exported(request.getfixturevalue("knockout") if which == "knockout"
                        else request.getfixturevalue("league")[0])
    text = files["results.pbn"]
    bare = "\n".join(line for line in text.splitlines()
                     if not (m := _TAG.match(line)) or m.group(1) not in NEW) + "\n"
    assert "[Site " in text and "[Site " not in bare
    scored = [rescore(parse_results_file(data.encode(), "results.pbn")) for data in (text, bare)]
    assert scored[0] == scored[1] and scored[0]["matches"]


def test_a_teams_pass_out_has_no_declarer_and_no_result() -> None:
    passed = TeamTableResult(1, 1, 1, 2, 4, "NS", "PASS", None, 0, None, 0, None,
                             players=("N", "E", "S", "W"), played_on="2024.05.17")
    text = write_pbn(TeamsEvent("Club teams", False, (), (TeamMatchResult(
        1, 1, 1, 2, (4,), (None,), 0.0, 0.0, None, None),), (passed,)))
    (game,) = map(dict, games(text))
    assert (game["Declarer"], game["Contract"], game["Result"]) == ("", "Pass", "")
    assert (game["Date"], game["North"], game["East"], game["South"], game["West"]) == (
        "2024.05.17", "N", "E", "S", "W")
    assert (game["Board"], game["Dealer"], game["Vulnerable"]) == ("4", "W", "All")


def test_csv_writes_no_trump_as_nt() -> None:
    line = PairLine("A", 1, 1, 1, 1, 2, "3NX", "S", 8, None, 200, None, 1.0, 1.0, 50.0, 50.0)
    table = TeamTableResult(1, 1, 1, 2, 1, "NS", "1N", "W", 7, None, -90, None)
    pairs = write_csv(PairsEvent("Club", ("A",), (), (line,)))
    teams = write_csv(TeamsEvent("Club teams", False, (), (), (table,)))
    assert [r["contract"] for r in csv.DictReader(io.StringIO(pairs["travellers.csv"]))] == [
        "3NTX"]
    assert [r["contract"] for r in csv.DictReader(io.StringIO(teams["travellers.csv"]))] == [
        "1NT"]


@pytest.mark.parametrize("which", ["league", "knockout"])
def test_csv_of_a_played_event_writes_no_trump_as_nt(
        which: str, request: pytest.FixtureRequest) -> None:
    _, files = exported(request.getfixturevalue("knockout") if which == "knockout"
                        else request.getfixturevalue("league")[0], "csv")
    contracts = [r["contract"] for r in csv.DictReader(io.StringIO(files["travellers.csv"]))]
    assert any(c.startswith(("1NT", "2NT", "3NT")) for c in contracts)
    assert not [c for c in contracts if _NO_TRUMP.fullmatch(c)]
