"""Round slips, the standings and guide cards through the console's print spool and the
`traveller print` command: queued with a round, printed by the worker to a `file:` printer,
and refused with the error envelope (nothing queued) for an unknown document or round."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from server.cli import main
from server.event.players import import_csv
from server.publish import printing
from server.store import printing as spool
from server.table.seating import set_players
from tests.integration.test_director import login
from tests.integration.test_rulings import play
from tests.unit.test_printer_escpos import printed_lines

JSON = {"Accept": "application/json"}


def file_printer(app: Any, tmp_path: Path, profile: str = "58mm",
                 mode: str = "text") -> tuple[Any, Path]:
    """A `file:` printer set up in the console; in text mode (on CP852), so that the tests
    can read the printed lines back from the bytes."""
    http = login(app)
    out = tmp_path / "printer.bin"
    saved = http.post("/director/setup/printer", headers=JSON, data={
        "target": f"file:{out}", "profile": profile, "mode": mode, "code_page": "CP852",
        "csrf_token": http.csrf})
    assert saved.status_code == 200, saved.json
    return http, out


def printed(path: Path) -> list[str]:
    """The lines the printer printed from the bytes written to `path`."""
    return [line.text for line in printed_lines(path.read_bytes())]


def queue(http: Any, document: str, **fields: Any) -> Any:
    return http.post(f"/director/setup/print/{document}", headers=JSON,
                     data={"csrf_token": http.csrf, **fields})


def run_worker(store: Any) -> None:
    """One pass of the spool's worker loop: it prints every due job, then stops."""
    stops = iter([False, True])
    printing.work(store, sleep=lambda _: None, stop=lambda: next(stops))


def finish_round(app: Any, number: int) -> None:
    store = app.extensions["traveller.store"]
    for seating in store.seatings():
        if seating.round == number:
            for board in seating.boards:
                play(app, seating.table_number, board, "3N", 9 if seating.ns_pair % 2 else 8)


def seat_names(app: Any) -> None:
    """Table 1's four players in round 1, with letters a thermal printer lacks."""
    store = app.extensions["traveller.store"]
    import_csv(store, "id,name,gender\n11,Łukasz Wiśniewski,M\n12,Zoë Dąbek,F\n"
               "13,Jan Nowak,M\n14,Anna Kowalska,F\n", "director")
    ack = set_players(store, store.tables()[0], {"op_id": str(uuid.uuid4()), "round": 1,
                                                  "north": "11", "south": "12", "east": "13",
                                                  "west": "14"}, 0, "table 1")
    assert ack["ok"], ack


def test_round_slips_of_the_current_round_print_on_the_worker(app: Any, tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    seat_names(app)
    http, out = file_printer(app, tmp_path)
    queued = queue(http, "round-slips")
    assert queued.status_code == 200 and queued.json["ok"], queued.json
    job = spool.jobs(store)[0]
    assert (job["id"], job["document"], job["status"]) == (queued.json["job"], "round-slips",
                                                           "queued")
    assert printing.describe(job) == "round-slips, round 1"
    run_worker(store)
    assert spool.jobs(store)[0]["status"] == "done"
    data = out.read_bytes()
    assert data.startswith(b"\x1b@") and data.count(b"\x1dV\x00") == 6  # a slip per table
    lines = printed(out)
    assert lines[:17] == [
        "Traveller demo pairs",
        "================================",
        "Section A           Round 1 of 5",
        "TABLE 1",
        "--------------------------------",
        "North-South: pair 1",
        "Łukasz Wiśniewski - Zoë Dąbek",  # CP852 holds every one of these letters
        "East-West: pair 7",
        "Jan Nowak - Anna Kowalska",
        "--------------------------------",
        "Boards 1-3",
        "--------------------------------",
        "For round 2",
        # Table 1 of a Mitchell: North-South stays, East-West goes up, the boards down.
        "NS 1             stay at table 1",
        "EW 7               to table 2 EW",
        "Boards 1-3            to table 6",
        "--------------------------------",
    ]


def test_the_director_chooses_the_round_of_the_slips(app: Any, tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    finish_round(app, 1)
    http, out = file_printer(app, tmp_path, "80mm")
    page = http.get("/director/setup/").get_data(as_text=True)
    # The current round (the first not finished at every table) is chosen for the slips.
    assert re.search(r'<option value="2" selected>Round 2</option>', page)
    assert 'data-testid="print-round-slips"' in page and 'data-testid="print-results"' in page
    assert 'data-testid="print-guide-cards"' in page
    last = queue(http, "round-slips", round="5")
    assert last.json["ok"], last.json
    run_worker(store)
    lines = printed(out)
    assert "Section A                           Round 5 of 5" in lines
    assert "Last round: no moves" in lines
    assert not any(line.startswith("For round") for line in lines)


def test_k4_3_the_standings_print_after_the_last_finished_round(app: Any,
                                                                tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    finish_round(app, 1)
    finish_round(app, 2)
    play(app, 1, 7, "3N", 10)  # round 3 has begun: the sheet still stands after round 2
    http, out = file_printer(app, tmp_path, "80mm")
    queued = queue(http, "results")
    assert queued.json["ok"], queued.json
    assert printing.describe(spool.jobs(store)[0]) == "results, after round 2"
    run_worker(store)
    lines = printed(out)
    assert lines[1] == "Standings after round 2 of 5"
    assert "North-South" in lines and "East-West" in lines
    north_south = lines[lines.index("North-South") + 2 : lines.index("East-West") - 1]
    # Demo play: the odd pairs made 3N, the even pairs went down; each trio is level.
    assert north_south == [
        "1=    1                             12.00 100.00",
        "        still level after every step of K17.3",
        "1=    3                             12.00 100.00",
        "1=    5                             12.00 100.00",
        "4=    2                              0.00   0.00",
        "        still level after every step of K17.3",
        "4=    4                              0.00   0.00",
        "4=    6                              0.00   0.00",
    ]
    assert out.read_bytes().endswith(b"\x1dV\x00")


def test_guide_cards_print_one_per_pair(app: Any, tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    http, out = file_printer(app, tmp_path)
    assert queue(http, "guide-cards").json["ok"]
    run_worker(store)
    data = out.read_bytes()
    assert data.count(b"\x1dV\x00") == 12
    lines = printed(out)
    assert "PAIR 1" in lines and "PAIR 12" in lines
    first = lines.index("Rnd Table Dir Vs Boards")
    assert lines[first + 1 : first + 3] == ["  1     1 NS   7 1-3", "  2     1 NS  12 4-6"]


@pytest.mark.parametrize(("document", "fields", "status", "code"), [
    ("menus", {}, 404, "unknown_document"),
    ("round-slips", {"round": "9"}, 404, "unknown_round"),
    ("round-slips", {"round": "two"}, 400, "invalid_round"),
    ("results", {}, 409, "no_round_finished"),
    ("results", {"round": "2"}, 409, "round_not_finished"),
])
def test_an_unknown_document_or_round_is_refused_and_nothing_is_queued(
        app: Any, tmp_path: Path, document: str, fields: dict[str, str], status: int,
        code: str) -> None:
    http, _ = file_printer(app, tmp_path)
    refused = queue(http, document, **fields)
    assert refused.status_code == status
    assert set(refused.json) == {"ok", "code", "error", "status"}
    assert (refused.json["ok"], refused.json["code"], refused.json["status"]) == (False, code,
                                                                                   status)
    assert spool.jobs(app.extensions["traveller.store"]) == []


def test_the_console_form_shows_a_refused_round_and_queues_nothing(app: Any,
                                                                   tmp_path: Path) -> None:
    http, _ = file_printer(app, tmp_path)
    page = queue(http, "round-slips", round="0")
    assert page.status_code == 404
    assert "there is no round 0: the event plays rounds 1 to 5" in page.get_data(as_text=True)
    assert spool.jobs(app.extensions["traveller.store"]) == []


def test_a_job_whose_round_is_gone_fails_at_once_as_an_alert(app: Any, tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    file_printer(app, tmp_path)
    job = printing.queue(store, "round-slips", now_ms=0, actor="director", options={"round": 2})
    with store.write() as db:  # as if the event had been reshaped to one round since
        db["print_jobs"].update(job, {"options": '{"round": 7}'})
    done = printing.run_due(store, now_ms=0)
    assert done is not None and done["status"] == "failed"


def test_traveller_print_takes_every_document(app: Any, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = str(app.config["DATABASE"])
    out = tmp_path / "cli.bin"
    assert main(["print", "round-slips", db, "--to", f"file:{out}", "--round", "2",
                 "--tables", "3", "--profile", "58mm", "--mode", "text"]) == 0
    assert b"TABLE 3" in out.read_bytes() and b"Round 2 of 5" in out.read_bytes()
    assert main(["print", "guide-cards", db, "--to", f"preview:{tmp_path / 'cards'}"]) == 0
    assert len(list((tmp_path / "cards").glob("guide-card-A-*.png"))) == 12
    capsys.readouterr()
    assert main(["print", "results", db, "--to", f"file:{out}"]) == 1
    assert capsys.readouterr().err == ("traveller: no round is finished yet: the standings "
                                       "print once every table has played round 1\n")
    assert main(["print", "menus", db, "--to", f"file:{out}"]) == 1
    assert "unknown document: 'menus'" in capsys.readouterr().err
    finish_round(app, 1)
    assert main(["print", "results", db, "--to", f"file:{out}", "--round", "1",
                 "--mode", "text"]) == 0
    assert b"Standings after round 1 of 5" in out.read_bytes()


def test_a_teams_round_slip_names_the_room_and_the_teams(tmp_path: Path) -> None:
    from server.publish.printing import round_slip_documents
    from server.store import Store
    from tests.integration.teams_event import create
    from tests.unit.test_printer_slips import paper

    store = Store.open(create(tmp_path / "teams.db", tables=2))
    try:
        closed = next(d for d in round_slip_documents(store, 1, only=[1])
                      if d.title.startswith("round-slip-C"))
        lines = paper(closed, 48)
        assert lines[2].startswith("Closed room")
        assert any(line.startswith("North-South: team ") for line in lines)
    finally:
        store.close()
