"""The CSV export spells contracts as PBN and USEBIO do: its contract columns write no-trumps
as "3NT", never the terminal's "3N" (a single teams event with line-ups, a competition with a
knock-out, and the writer alone).
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
    TeamsEvent,
    TeamTableResult,
)
from server.publish.export import event_values, export_event
from server.store import Store
from server.store import teams as teams_sql
from server.store.rulings import EntryKey
from server.table.seating import set_players
from tests.integration import teams_event as te
from tests.integration.rehearsed import rehearsed

_NO_TRUMP = re.compile(r"[1-7]NX{0,2}")
"""A no-trump contract as the terminal keeps it."""
NAMED = {"101": "Anna Kowalska", "102": "Łukasz Wiśniewski", "103": "Zoë Dąbek",
         "104": "Jan Nowak", "105": "Siti Rahma"}
"""Team 1's players on the players' list; the others are not on it."""


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
