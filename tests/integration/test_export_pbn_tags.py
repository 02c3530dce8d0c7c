"""A pairs export is PBN's export format: every game carries the mandatory tag set.

PBN 2.1 (section 3.4) names fifteen tags every game of a file in export format carries, in this
order: Event, Site, Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring,
Declarer, Contract, Result; an unknown value is "?" (a date "????.??.??", a hand "-") and one
that does not apply is empty. A pairs game's tags of the play are one table's, the first in its
ScoreTable with a contract played (named by its Table and Round tags), with the players that
table gave and the day it was entered; `traveller rescore` still reads the file's
ScoreTables alone, so the tags change no figure it gives.
"""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from server.direction.setup import import_deals
from server.event.players import import_csv
from server.formats import analysis
from server.formats.deals import parse_deal
from server.formats.interchange import PairLine, PairsEvent
from server.formats.pbn_write import write_pbn
from server.formats.results_file import parse_results_file
from server.publish.export import event_values, export_event
from server.publish.rescore import rescore
from server.store import Store
from server.table.seating import set_players
from tests.conftest import make_event
from tests.integration.dealing_machine import dealing_machine_file, shuffled
from tests.integration.rehearsed import rehearsed
from tests.integration.test_export import play_pairs

MTS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
       "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
"""PBN 2.1's mandatory tag set, in the order of export format."""
PLAY = ("Site", "Date", "West", "North", "East", "South", "Deal", "Declarer", "Contract",
        "Result", "Table", "Round")
"""The tags a pairs game did not carry before it carried the whole set."""
_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')


def games(text: str) -> list[list[tuple[str, str]]]:
    """Each game's tag pairs in file order (a table's rows left out)."""
    out = []
    for block in text.split("\n\n")[1:]:
        out.append([m.groups() for line in block.splitlines() if (m := _TAG.match(line))])
    return [game for game in out if game]


def first_played(lines: list[PairLine]) -> PairLine:
    return next(x for x in lines if x.adjusted is None and x.contract is not None)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo session played through, table 1 saying who sat where in round 1."""
    path = make_event(tmp_path_factory.mktemp("pairs") / "pairs.db")
    store = Store.open(str(path))
    import_csv(store, "id,name,gender\n11,Łukasz Wiśniewski,M\n12,Zoë Dąbek,F\n"
               "13,Jan Nowak,M\n14,Anna Kowalska,F\n", "director")
    table = next(t for t in store.tables() if t.number == 1)
    ack = set_players(store, table, {"op_id": str(uuid.uuid4()), "round": 1, "north": "11",
                                     "south": "12", "east": "13", "west": "14"}, 0, "table 1")
    assert ack["ok"], ack
    store.close()
    play_pairs(path)
    return path


@pytest.fixture(scope="module")
def two_sessions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mixed pairs competition (two sessions) played by robots to its end."""
    return rehearsed("gabsi-mixed-pairs", tmp_path_factory.mktemp("mixed") / "mixed.db")


def exported(path: Path) -> tuple[Any, str]:
    store = Store.open(str(path))
    try:
        return event_values(store, 0), export_event(store, "pbn", 0)["results.pbn"].decode()
    finally:
        store.close()


@pytest.mark.parametrize("which", ["session", "two_sessions"])
def test_every_game_of_a_pairs_export_starts_with_the_mandatory_tag_set_in_order(
        which: str, request: pytest.FixtureRequest) -> None:
    event, text = exported(request.getfixturevalue(which))
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    found = games(text)
    assert len(found) == len({(x.stage, x.board) for x in event.lines}) > 0
    for game in found:
        assert tuple(name for name, _ in game[:len(MTS)]) == MTS, game


def test_a_games_play_is_its_first_played_tables_with_its_players_and_day(
        session: Path) -> None:
    event, text = exported(session)
    store = Store.open(str(session))
    try:
        entered = {(r.section, r.table_number, r.round, r.board): r.entered_ms
                   for r in store.results()}
    finally:
        store.close()
    named = 0
    for game in map(dict, games(text)):
        board = int(game["Board"])
        line = first_played([x for x in event.lines if x.board == board])
        assert (game["Table"], game["Round"]) == (str(line.table), str(line.round))
        assert line.contract is not None
        if line.contract.upper() == "PASS":
            assert (game["Declarer"], game["Contract"], game["Result"]) == ("", "Pass", "")
        else:
            # PBN spells no-trumps NT: the terminal's 3N is written 3NT.
            assert (game["Declarer"], game["Contract"], game["Result"]) == (
                line.declarer, re.sub(r"^([1-7])N", r"\1NT", line.contract), str(line.tricks))
            assert not re.fullmatch(r"[1-7]NX{0,2}", game["Contract"])
        day = entered[line.section, line.table, line.round, board] / 1000
        assert game["Date"] == time.strftime("%Y.%m.%d", time.localtime(day))
        assert (game["Site"], game["Deal"]) == ("?", "N:- - - -")  # no hand records loaded
        seats = (game["North"], game["East"], game["South"], game["West"])
        if (line.table, line.round) == (1, 1):
            named += 1
            assert seats == ("Łukasz Wiśniewski", "Jan Nowak", "Zoë Dąbek", "Anna Kowalska")
        else:
            assert seats == ("?", "?", "?", "?")
    assert named > 0


def test_a_game_gives_the_deal_of_its_hand_record_once_loaded(
        tmp_path: Path, session: Path) -> None:
    path = tmp_path / "deals.db"
    path.write_bytes(session.read_bytes())
    store = Store.open(str(path))
    try:
        boards = sorted({b for seating in store.seatings() for b in seating.boards})
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(analysis, "available", lambda: False)
            import_deals(store, dealing_machine_file(boards), "hands.pbn", "director")
        text = export_event(store, "pbn", 0)["results.pbn"].decode()
    finally:
        store.close()
    for game in map(dict, games(text)):
        board = int(game["Board"])
        assert game["Deal"] == parse_deal(shuffled(board), board).pbn()


def test_a_board_of_adjusted_scores_alone_has_its_play_unknown() -> None:
    """No table played a contract: the game's play is "?", of its first table."""
    line = PairLine("A", 2, 3, 5, 1, 2, None, None, None, None, None, (60.0, 40.0), 1.2, 0.8,
                    60.0, 40.0)
    (game,) = map(dict, games(write_pbn(PairsEvent("Club", ("A",), (), (line,)))))
    assert (game["Declarer"], game["Contract"], game["Result"]) == ("?", "?", "?")
    assert (game["Date"], game["Table"], game["Round"]) == ("????.??.??", "3", "2")


@pytest.mark.parametrize("which", ["session", "two_sessions"])
def test_rescore_gives_the_same_figures_with_the_mandatory_tags_as_without(
        which: str, request: pytest.FixtureRequest) -> None:
    _, text = exported(request.getfixturevalue(which))
    bare = "\n".join(line for line in text.splitlines()
                     if not (m := _TAG.match(line)) or m.group(1) not in PLAY) + "\n"
    assert "[Contract " in text and "[Contract " not in bare
    scored = [rescore(parse_results_file(data.encode(), "results.pbn")) for data in (text, bare)]
    assert scored[0] == scored[1] and scored[0]["ranking"]
