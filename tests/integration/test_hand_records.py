"""Issue 16 item 4: hand records. `traveller deals` links a dealing machine's PBN file to the
event's boards (the console's upload goes the same way) and refuses a bad file whole; the
results pages and the static site show a board's hands, with double-dummy tricks and par, once
every table has played the board.

The tags path (tricks and par as the file gives them) runs always, with endplay switched off;
the endplay path runs where the `analysis` extra is installed.
"""

from __future__ import annotations

import io
import uuid
from pathlib import Path
from typing import Any

import pytest

from server import cli
from server.direction.setup import import_deals
from server.formats import analysis
from server.publish.export import write_export
from server.store import Store
from server.store import setup as sql
from server.table.entry import submit_result
from tests.conftest import make_event
from tests.integration.dealing_machine import (
    BOARD_ONE_TRICKS,
    dealing_machine_file,
    game,
    shuffled,
)
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login
from tests.integration.test_results_pages import publish

BOARDS = range(1, 19)  # the demo session's boards


@pytest.fixture
def tags_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tricks and par from the file's tags, whether endplay is installed or not."""
    monkeypatch.setattr(analysis, "available", lambda: False)


def deals_command(db: Path, pbn: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str,
                                                                                    str]:
    status = cli.main(["deals", str(db), str(pbn)])
    out = capsys.readouterr()
    return status, out.out, out.err


def stored(db: Path) -> tuple[list[Any], list[dict[str, Any]]]:
    store = Store.open(db)
    try:
        return sql.deals(store), [r for r in store.audit_rows() if r["entity"] == "deals"]
    finally:
        store.close()


def test_16_4_the_command_links_a_dealing_machine_file(
        tmp_path: Path, tags_only: None, capsys: pytest.CaptureFixture[str]) -> None:
    db = make_event(tmp_path / "event.db")
    pbn = tmp_path / "club night.pbn"
    pbn.write_bytes(dealing_machine_file(BOARDS))
    status, out, err = deals_command(db, pbn, capsys)
    assert (status, err) == (0, "")
    assert out == ("linked 18 boards (1-18) to the hand records of club night.pbn; "
                   "double-dummy analysis of 1 as the file gives it\n")
    deals, audit = stored(db)
    assert [d.board for d in deals] == list(BOARDS)
    assert deals[1].pbn() == shuffled(2)
    one = deals[0].analysis
    assert one is not None and (one.tricks, one.par_score, one.par_contract, one.source) == (
        BOARD_ONE_TRICKS, 430, "NS 3NT+1", "file")
    assert deals[1].analysis is None
    assert [(r["actor"], r["action"], r["old"], r["new"]) for r in audit] == [
        ("cli", "deals_imported", None, ",".join(map(str, BOARDS)))]

    # Loading again replaces the deals, and the audit row names the boards replaced.
    status, _, _ = deals_command(db, pbn, capsys)
    assert status == 0 and stored(db)[1][-1]["old"] == ",".join(map(str, BOARDS))


BAD = {
    "51 cards": ({2: game(2, deal=shuffled(2).replace("N:A93", "N:A9"))},
                 "club.pbn line 38, board 2: N's hand 'A9.AK9.Q8.Q7543' has 12 cards, not 13"),
    "dealer": ({3: game(3, dealer="N")}, "board 3: [Dealer 'N'] contradicts the board number: "
               "South deals board 3"),
    "vulnerability": ({4: game(4, vulnerable="None")}, "board 4: [Vulnerable 'None'] "
                      "contradicts the board number: board 4 is Both vulnerable"),
}


@pytest.mark.parametrize("fault", [*BAD, "not in the event"])
def test_16_4_a_bad_file_is_refused_in_one_line_and_changes_nothing(
        fault: str, tmp_path: Path, tags_only: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = make_event(tmp_path / "event.db")
    good = tmp_path / "good.pbn"
    good.write_bytes(dealing_machine_file([1, 2]))
    assert deals_command(db, good, capsys)[0] == 0
    before = stored(db)
    pbn = tmp_path / "club.pbn"
    if fault == "not in the event":
        pbn.write_bytes(dealing_machine_file([*BOARDS, 19, 20, 24]))
        expected = "club.pbn: boards 19-20, 24 are not in the event (its boards are 1-18)"
    else:
        games, expected = BAD[fault]
        pbn.write_bytes(dealing_machine_file(BOARDS, games))
    status, out, err = deals_command(db, pbn, capsys)
    assert (status, out) == (1, "")
    assert err.count("\n") == 1 and expected in err, err
    assert stored(db) == before


def test_16_4_a_missing_file_is_one_line_too(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    db = make_event(tmp_path / "event.db")
    status, _, err = deals_command(db, tmp_path / "none.pbn", capsys)
    assert status == 1 and err.startswith("traveller: cannot read") and err.count("\n") == 1


def test_16_4_the_upload_makes_the_same_checks(app: Any, tags_only: None) -> None:
    http = login(app)
    data = dealing_machine_file(BOARDS, {3: game(3, dealer="W")})
    response = http.post("/director/setup/deals", headers=JSON,
                         content_type="multipart/form-data",
                         data={"csrf_token": http.csrf, "file": (io.BytesIO(data), "club.pbn")})
    assert response.status_code == 400 and response.json["code"] == "bad_deal"
    assert "[Dealer 'W'] contradicts the board number" in response.json["error"]
    strangers = dealing_machine_file([17, 18, 19])
    response = http.post("/director/setup/deals", headers=JSON,
                         content_type="multipart/form-data", data={
                             "csrf_token": http.csrf,
                             "file": (io.BytesIO(strangers), "club.pbn")})
    assert response.status_code == 400 and response.json["code"] == "board_not_in_event"
    assert sql.deals(app.extensions["traveller.store"]) == []


def play_all_but(store: Store, board: int) -> tuple[Any, Any]:
    """Every board of every round up to the last one that plays `board`, except `board` at
    the table that plays it last. Returns that table and its seating."""
    tables = {t.number: t for t in store.tables()}
    seatings = sorted(store.seatings(), key=lambda s: (s.round, s.table_number))
    last = max((s for s in seatings if board in s.boards), key=lambda s: s.round)
    for seating in seatings:
        if seating.round > last.round:
            continue
        for number in seating.boards:
            if seating == last and number == board:
                continue
            enter(store, tables[seating.table_number], number)
    return tables[last.table_number], last


def enter(store: Store, table: Any, board: int) -> None:
    ack = submit_result(store, table, {"op_id": str(uuid.uuid4()), "board": board,
                                       "contract": "3N", "declarer": "S", "tricks": 10},
                        0, "test")  # fmt: skip
    assert ack["ok"], ack


def test_16_4_the_board_page_shows_the_hands_once_every_table_played_the_board(
        app: Any, tags_only: None) -> None:
    store = app.extensions["traveller.store"]
    import_deals(store, dealing_machine_file(BOARDS), "club.pbn", "director")
    publish(app)
    public = app.test_client()
    director = login(app)
    table, _ = play_all_but(store, 1)

    # Five of the six tables have played board 1: no results and no hands yet, anywhere.
    page = public.get("/results/board/1").get_data(as_text=True)
    assert 'data-testid="held-back"' in page and 'data-testid="hand"' not in page
    assert public.get("/results/api/board/1").json["deal"] is None
    assert 'data-testid="hand"' not in director.get("/director/board/1").get_data(
        as_text=True)

    enter(store, table, 1)
    page = public.get("/results/board/1").get_data(as_text=True)
    assert 'data-testid="hand" data-board="1" data-dealer="N" data-vulnerability="None"' in page
    assert '<span class="suit">♠</span><span class="cards">AKQJ</span>' in page
    assert '<span class="suit red">♥</span><span class="cards">1098</span>' in page
    # The tags path: the file's tricks as a 5x4 table (rows NT S H D C; N S E W), and par.
    assert '<tr data-strain="NT"><th>NT</th><td>10</td><td>10</td><td>2</td><td>2</td></tr>' \
        in page
    assert '<tr data-strain="H"><th class="red">♥</th><td>9</td><td>9</td><td>4</td><td>4</td>' \
        in page
    assert '<p class="par" data-testid="par">Par: NS 3NT+1, NS 430</p>' in page
    deal = public.get("/results/api/board/1").json["deal"]
    assert deal["north"] == "AKQJ.T98.765.432"
    assert deal["analysis"] == {
        "tricks": {"NT": {"N": 10, "S": 10, "E": 2, "W": 2},
                   "S": {"N": 10, "S": 10, "E": 2, "W": 2},
                   "H": {"N": 9, "S": 9, "E": 4, "W": 4},
                   "D": {"N": 10, "S": 10, "E": 2, "W": 2},
                   "C": {"N": 9, "S": 9, "E": 4, "W": 4}},
        "par_score": 430, "par_contract": "NS 3NT+1", "source": "file"}
    polish = public.get("/results/board/1?lang=pl").get_data(as_text=True)
    assert "Rozkład kart" in polish and '<span class="cards">AKDW</span>' in polish
    assert "Par: NS 3NT+1, NS 430" in polish and "<th>BA</th>" in polish
    ruling = director.get("/director/board/1").get_data(as_text=True)
    assert 'data-testid="hand" data-board="1"' in ruling
    # Board 2's game has no double-dummy tags: the hands alone.
    assert public.get("/results/api/board/2").json["deal"]["analysis"] is None
    page = public.get("/results/board/2").get_data(as_text=True)
    assert 'data-testid="hand" data-board="2"' in page
    assert 'data-testid="dd-tricks"' not in page and 'data-testid="par"' not in page


def test_16_4_the_static_site_shows_the_hands_of_finished_boards(
        tmp_path: Path, tags_only: None) -> None:
    db = make_event(tmp_path / "event.db")
    store = Store.open(db)
    try:
        import_deals(store, dealing_machine_file(BOARDS), "club.pbn", "director")
        play_all_but(store, 2)  # board 1, in the same set, is finished; board 2 is not
        write_export(store, "html", tmp_path / "site")
    finally:
        store.close()
    english = (tmp_path / "site" / "en" / "board-A-1.html").read_text(encoding="utf-8")
    assert 'data-testid="hand" data-board="1"' in english
    assert 'data-testid="dd-tricks"' in english and "Par: NS 3NT+1, NS 430" in english
    polish = (tmp_path / "site" / "pl" / "board-A-1.html").read_text(encoding="utf-8")
    assert "Rozdaje: Północ" in polish and "Po partii: Nikt" in polish
    # A board one table has still to play shows its travellers so far, not its hands.
    page = (tmp_path / "site" / "en" / "board-A-2.html").read_text(encoding="utf-8")
    assert 'data-testid="traveller"' in page and 'data-testid="hand"' not in page


def test_16_4_endplay_computes_tricks_and_par_on_loading(tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    db = make_event(tmp_path / "event.db")
    # The file's tags for board 1 are wrong on purpose: what endplay computes replaces them.
    wrong = game(1).replace(BOARD_ONE_TRICKS, "0" * 20).replace("NS 430", "EW 50")
    store = Store.open(db)
    try:
        deals = import_deals(store, dealing_machine_file([1, 2], {1: wrong}), "club.pbn",
                             "director")
        assert [d.analysis.source for d in deals if d.analysis] == ["endplay", "endplay"]
        one = sql.deal(store, 1)
        assert one is not None and one.analysis is not None
        assert (one.analysis.tricks, one.analysis.par_score, one.analysis.par_contract) == (
            BOARD_ONE_TRICKS, 430, "NS 3NT+1")
        audit = [r for r in store.audit_rows() if r["action"] == "deals_imported"][-1]
        assert audit["why"].endswith("double-dummy analysis from endplay")
    finally:
        store.close()


def test_16_4_a_teams_site_shows_the_hands_under_the_match_once_every_room_played_them(
        tmp_path: Path, tags_only: None) -> None:
    from tests.integration import teams_event as te

    store = Store.open(te.create(tmp_path / "teams.db"))
    try:
        boards = te.boards_of(store, 1)
        import_deals(store, dealing_machine_file(boards), "teams.pbn", "director")
        for number in (1, 2, 3):
            te.play_match(store, 1, number)
        write_export(store, "html", tmp_path / "before")
        te.play_match(store, 1, 4)
        write_export(store, "html", tmp_path / "after")
    finally:
        store.close()
    before = (tmp_path / "before" / "en" / "match-1-1.html").read_text(encoding="utf-8")
    assert 'data-testid="match-boards"' in before and 'data-testid="hand"' not in before
    after = (tmp_path / "after" / "en" / "match-1-1.html").read_text(encoding="utf-8")
    assert after.count('data-testid="hand"') == len(boards)
    assert "Par: NS 3NT+1, NS 430" in after
