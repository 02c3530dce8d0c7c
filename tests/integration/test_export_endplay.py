"""Issue 16 item 3: what `traveller export --format pbn` writes, endplay's PBN parser (the
`analysis` extra) reads where it reads results, with and without hand records loaded.

endplay's parser makes a board of each game: the board number, the dealer and vulnerability,
the ``Deal``, a game's own ``Contract``/``Declarer``/``Result``, and every other tag in
``board.info`` (a ``...Table`` tag as its column headers and rows). Two things it reads its own
way, which the checks below take as it exposes them: it gives the dealer of a game from the
``Dealer`` tag only when the game has a contract and a deal (else from the board number, the
same for our boards), and it splits a table's rows at white space, quotes or not, keeping the
quotes (``"Team 1"`` is two cells, ``'"Team'`` and ``'1"'``). So the writer puts the one
column that may hold spaces, the names, last in each ``TotalScoreTable``.

The whole module is skipped where endplay is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from server.direction.setup import import_deals
from server.formats import analysis
from server.formats.interchange import (
    PairsEvent,
    TeamsEvent,
    dealer,
    vulnerable,
    written_contract,
)
from server.formats.pbn_write import write_pbn
from server.formats.results_file import read_results_file
from server.publish.export import event_values, export_event
from server.publish.rescore import rescore
from server.store import Store
from tests.conftest import make_event
from tests.integration import teams_event as te
from tests.integration.dealing_machine import dealing_machine_file, shuffled
from tests.integration.test_export import play_pairs

pbn = pytest.importorskip("endplay.parsers.pbn")
types = pytest.importorskip("endplay.types")

TOLERANCE = 1e-4  # the writer prints figures to four decimals
Exports = dict[bool, tuple[Any, str]]
"""An event's values and PBN text, without (False) and with (True) its hand records."""


def exports(path: Path) -> Iterator[Exports]:
    """The event's values and PBN text before and after its hand records are loaded."""
    store = Store.open(str(path))
    try:
        out = {False: (event_values(store, 0), export_event(store, "pbn", 0)["results.pbn"])}
        boards = sorted({b for seating in store.seatings() for b in seating.boards})
        with pytest.MonkeyPatch.context() as patch:
            # The file's own tricks and par: endplay's solver is not what is tested here.
            patch.setattr(analysis, "available", lambda: False)
            import_deals(store, dealing_machine_file(boards), "hands.pbn", "director")
        out[True] = (event_values(store, 0), export_event(store, "pbn", 0)["results.pbn"])
        yield {k: (event, data.decode("utf-8")) for k, (event, data) in out.items()}
    finally:
        store.close()


@pytest.fixture(scope="module")
def pairs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Exports]:
    path = make_event(tmp_path_factory.mktemp("pairs") / "pairs.db")
    play_pairs(path)
    yield from exports(path)


@pytest.fixture(scope="module")
def teams(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Exports]:
    path = te.create(tmp_path_factory.mktemp("teams") / "teams.db")
    store = Store.open(str(path))
    for number in (1, 2, 3, 4):
        closed = {1: ("4SX", 8, "N"), 2: ("3N", 10, "S")} if number % 2 else {1: ("4S", 11, "N")}
        te.play_match(store, 1, number, {1: ("4S", 10, "N"), 2: ("3N", 9, "S"),
                                         3: ("6N", 12, "N")}, closed)  # fmt: skip
    store.close()
    yield from exports(path)


def hands(deal: Any) -> list[str]:
    """A deal's four hands, North first, whoever endplay takes to lead."""
    return [deal[seat].to_pbn() for seat in types.Player]


def table(board: Any, name: str) -> list[dict[str, str]]:
    """A ``...Table`` tag as endplay exposes it, as rows by column name; the cells a name
    split into (the last column) joined again, without their quotes."""
    section = board.info[name]
    names = [h if isinstance(h, str) else h["name"] for h in section["headers"]]
    rows = []
    for row in section["rows"]:
        cells = [*row[:len(names) - 1], " ".join(row[len(names) - 1:]).strip('"')]
        rows.append(dict(zip(names, cells, strict=True)))
    return rows


def number(cell: str) -> float | None:
    return None if cell == "-" else float(cell)


def check_deal(board: Any, deals: bool) -> None:
    assert board.dealer == types.Player.find(dealer(board.board_num))
    assert board.vul == types.Vul.find(vulnerable(board.board_num))
    if deals:
        assert hands(board.deal) == hands(types.Deal(shuffled(board.board_num)))
    else:
        assert hands(board.deal) == hands(types.Deal())  # no hands at all


@pytest.mark.parametrize("deals", [False, True], ids=["results", "with_hand_records"])
def test_16_3_endplay_reads_a_pairs_export(deals: bool,
                                           pairs: Exports) -> None:
    event, text = pairs[deals]
    assert isinstance(event, PairsEvent) and bool(event.deals) == deals
    boards = pbn.loads(text)
    assert [b.board_num for b in boards] == list(range(1, 19))
    for board in boards:
        check_deal(board, deals)
        assert board.info["Scoring"] == "MatchPoints"
        ours = [line for line in event.lines if line.board == board.board_num]
        # The game's own contract is its first table's (the mandatory tags); the results of
        # every table are in the ScoreTable.
        first = next(x for x in ours if x.adjusted is None and x.contract is not None)
        assert board.contract is not None
        assert (int(board.info["Table"]), int(board.info["Round"])) == (first.table,
                                                                          first.round)
        if (first.contract or "").upper() == "PASS":
            assert board.contract.is_passout()
        else:
            assert board.contract.declarer == types.Player.find(first.declarer or "")
            assert board.contract.level + 6 + board.contract.result == first.tricks
        theirs = table(board, "ScoreTable")
        assert len(theirs) == len(ours)
        for line, row in zip(ours, theirs, strict=True):
            assert (int(row["Table"]), int(row["Round"]), int(row["PairId_NS"]),
                    int(row["PairId_EW"])) == (line.table, line.round, line.ns, line.ew)
            if line.adjusted is not None:
                assert (row["Score_NS"], row["Score_EW"], row["Contract"]) == ("A6040", "A6040",
                                                                               "-")
            else:
                assert row["Contract"].upper() == written_contract(line.contract or "").upper()
                if row["Contract"] != "Pass":
                    assert (row["Declarer"], int(row["Result"])) == (line.declarer, line.tricks)
                ns, ew = number(row["Score_NS"]), number(row["Score_EW"])
                assert (ns if ew is None else -ew) == line.ns_score
            for column, value in (("MP_NS", line.ns_mp), ("MP_EW", line.ew_mp),
                                  ("Percentage_NS", line.ns_pct),
                                  ("Percentage_EW", line.ew_pct)):  # fmt: skip
                assert value is not None
                assert abs(float(row[column]) - value) <= TOLERANCE
    totals = table(boards[0], "TotalScoreTable")
    assert all("TotalScoreTable" not in b.info for b in boards[1:])
    assert len(totals) == len(event.standings) == 12
    for standing, row in zip(event.standings, totals, strict=True):
        assert (int(row["Rank"]), int(row["PairId"]), row["Direction"]) == (
            standing.rank, standing.pair, standing.field)
        assert abs(float(row["TotalScoreMP"]) - standing.matchpoints) <= 0.005 + TOLERANCE
        assert standing.percentage is not None
        assert abs(float(row["TotalPercentage"]) - standing.percentage) <= 0.005 + TOLERANCE
        assert row["Names"] == " - ".join(standing.names)
    assert "ScoreIMP" not in boards[0].info


@pytest.mark.parametrize("deals", [False, True], ids=["results", "with_hand_records"])
def test_16_3_endplay_reads_a_teams_export_one_game_per_table(
        deals: bool, teams: Exports) -> None:  # fmt: skip
    event, text = teams[deals]
    assert isinstance(event, TeamsEvent) and bool(event.deals) == deals
    boards = pbn.loads(text)
    ours = sorted(event.tables, key=lambda t: (t.round, t.table, t.board, t.home_seat != "NS"))
    assert len(boards) == len(ours) == 96
    assert {b.board_num for b in boards} == {t.board for t in ours}
    imps = {(m.round, m.table, b): v for m in event.matches
            for b, v in zip(m.boards, m.board_imps, strict=True)}  # fmt: skip
    doubled = 0
    for board, played in zip(boards, ours, strict=True):
        assert board.board_num == played.board
        check_deal(board, deals)
        assert (board.info["Round"], board.info["HomeTeam"], board.info["VisitTeam"],
                board.info["Room"]) == (str(played.round), event.name(played.home),
                                        event.name(played.away),
                                        "Open" if played.home_seat == "NS" else "Closed")
        assert played.contract is not None and played.adjusted is None
        contract = board.contract
        assert contract is not None
        if played.contract.upper() == "PASS":
            assert contract.is_passout()
        else:
            text_contract = played.contract.upper()
            assert contract.level == int(text_contract[0])
            assert contract.denom == types.Denom.find(text_contract[1])
            assert contract.penalty == types.Penalty.find("X" * text_contract.count("X") or
                                                          "pass")
            doubled += text_contract.count("X")
            assert contract.declarer == types.Player.find(played.declarer or "")
            assert contract.level + 6 + contract.result == played.tricks
        assert board.info["Score"] == f"NS {played.ns_score}"
        home = imps[(played.round, played.table, played.board)]
        assert board.info["ScoreIMP"] == f"{played.home_seat} {home}"
    assert doubled == 2
    totals = table(boards[0], "TotalScoreTable")
    assert all("TotalScoreTable" not in b.info for b in boards[1:])
    assert len(totals) == len(event.standings) == 8
    for standing, row in zip(event.standings, totals, strict=True):
        assert (int(row["Rank"]), int(row["TeamId"]), row["TeamName"]) == (
            standing.rank, standing.team, standing.name)
        assert float(row["TotalScoreVP"]) == round(standing.vp, 2)
        assert float(row["TotalScoreIMP"]) == round(standing.imps_won - standing.imps_lost, 2)


@pytest.mark.parametrize("kind", ["pairs", "teams"])
def test_16_3_with_hand_records_rescore_still_reads_the_same_numbers(
        kind: str, pairs: Exports, teams: Exports,
        tmp_path: Path) -> None:  # fmt: skip
    """The ``Deal`` tags change nothing `traveller rescore` reads (a game without its hand
    record has each hand unknown)."""
    exported = pairs if kind == "pairs" else teams
    plain, loaded = exported[False][1], exported[True][1]
    unknown = '[Deal "N:- - - -"]'
    assert "[Deal " in loaded and unknown not in loaded
    assert plain.count("[Deal ") == plain.count(unknown)
    scored = []
    for name, text in (("plain", plain), ("loaded", loaded)):
        (tmp_path / f"{name}.pbn").write_text(text, encoding="utf-8")
        scored.append(rescore(read_results_file(tmp_path / f"{name}.pbn")))
    assert scored[1]["missing"] == [] and scored[1]["ranking"] == scored[0]["ranking"]
    assert len(scored[1]["ranking"]) == (12 if kind == "pairs" else 8)


def test_16_3_endplay_reads_names_with_spaces_in_the_last_column(
        pairs: Exports, teams: Exports) -> None:  # fmt: skip
    """Names as players have them (the demo event's pairs have none): endplay splits them into
    cells at the end of the row, and every other column stays where its header says."""
    people = ("Łukasz Wiśniewski", 'Zoë "Z" Dąbek')
    pairs_event = replace(pairs[False][0], standings=tuple(
        replace(s, names=people) for s in pairs[False][0].standings))  # fmt: skip
    teams_event = replace(teams[False][0], standings=tuple(
        replace(s, name=f"{s.name} of the {s.team}th club") for s in teams[False][0].standings))
    for event, column, key in ((pairs_event, "Names", "PairId"), (teams_event, "TeamName",
                                                                   "TeamId")):  # fmt: skip
        rows = table(pbn.loads(write_pbn(event))[0], "TotalScoreTable")
        assert len(rows) == len(event.standings)
        for standing, row in zip(event.standings, rows, strict=True):
            number = standing.pair if isinstance(event, PairsEvent) else standing.team
            assert int(row[key]) == number
            written = " - ".join(people) if isinstance(event, PairsEvent) else standing.name
            # endplay keeps a cell's escapes as written: \" stays two characters.
            assert row[column] == written.replace('"', '\\"')
