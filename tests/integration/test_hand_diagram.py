"""Issue 5 item 3: a table sees a board's hands with its traveller when hand records were
loaded, and never before it has played the board."""

from __future__ import annotations

from typing import Any

from tests.integration.test_calls_and_travellers import submit, table
from tests.integration.test_director import login
from tests.integration.test_setup import PBN, upload


def traveller(client: Any, board: int) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("get_traveller", {"board": board}, namespace="/table",
                                      callback=True)
    return ack


def play_board_one_at_tables_one_and_six(one: Any, six: Any) -> None:
    assert submit(one, 1, "4S", 10)["ok"]
    for board in (16, 17, 18):  # table 6's round 1, then board 1 comes to it
        assert submit(six, board, "PASS", 0)["ok"]
    assert submit(six, 1, "4S", 11)["ok"]


def test_the_traveller_carries_the_imported_hands_once_the_table_played_the_board(
        app: Any) -> None:
    assert upload(login(app), PBN).status_code == 200
    one, six = table(app, 1), table(app, 6)
    early = traveller(one, 1)
    assert early["code"] == "not_played_yet" and "deal" not in early
    play_board_one_at_tables_one_and_six(one, six)
    for client in (one, six):
        seen = traveller(client, 1)
        assert seen["ok"] and len(seen["results"]) == 2
        deal = dict(seen["deal"])
        analysis = deal.pop("analysis")  # none in the file: endplay's, where it is installed
        assert analysis is None or analysis["source"] == "endplay"
        assert deal == {
            "north": "AKQJ.T98.765.432", "east": "T98.AKQ.432.8765",
            "south": "765.765.AKQJ.AKQ", "west": "432.J432.T98.JT9",
            "dealer": "N", "vulnerability": "none",
        }
    # Board 2 was imported too, but table 1 has not played it: still refused.
    assert traveller(one, 2)["code"] == "not_played_yet"


def test_without_hand_records_the_deal_is_null(app: Any) -> None:
    one, six = table(app, 1), table(app, 6)
    play_board_one_at_tables_one_and_six(one, six)
    seen = traveller(one, 1)
    assert seen["ok"] and seen["deal"] is None


def test_a_board_missing_from_the_hand_records_has_no_deal(app: Any) -> None:
    only_two = PBN[PBN.index('[Board "2"]'):]
    assert upload(login(app), only_two).status_code == 200
    one, six = table(app, 1), table(app, 6)
    play_board_one_at_tables_one_and_six(one, six)
    assert traveller(one, 1)["deal"] is None


def test_16_4_the_traveller_carries_the_tricks_and_par_of_the_hand_records(
        app: Any, monkeypatch: Any) -> None:
    from server.formats import analysis

    monkeypatch.setattr(analysis, "available", lambda: False)  # the file's own figures
    tagged = PBN.replace('\n\n[Board "2"]', '\n[DoubleDummyTricks "aa9a9aa9a92242422424"]\n'
                         '[OptimumScore "NS 430"]\n[ParContract "NS 3NT+1"]\n\n[Board "2"]')
    assert upload(login(app), tagged).status_code == 200
    one, six = table(app, 1), table(app, 6)
    play_board_one_at_tables_one_and_six(one, six)
    found = traveller(one, 1)["deal"]["analysis"]
    assert found["tricks"]["NT"] == {"N": 10, "S": 10, "E": 2, "W": 2}
    assert (found["par_score"], found["par_contract"], found["source"]) == (430, "NS 3NT+1",
                                                                           "file")
