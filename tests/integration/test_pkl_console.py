"""Classification points (PKL, D8) on the console, as CSV, printed and exported: a PZBS league
(its preset's D8.3 table) played to its end with line-ups per segment, and a competition of two
stages whose players' boards count over both."""

from __future__ import annotations

import csv
import io
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.publish.export import export_event
from server.stages.create import create_competition
from server.stages.rehearsal import rehearse
from server.stages.view import current
from server.store import Store
from server.store import printing as spool
from server.store import teams as teams_sql
from server.table.seating import set_players
from tests.conftest import PASSWORD, REPO
from tests.integration import teams_event as te
from tests.integration.test_director import login
from tests.integration.test_printing_documents import printed, queue, run_worker

JSON = {"Accept": "application/json"}


def roster(team: int) -> list[str]:
    return [f"{team}0{n}" for n in range(1, 6)]


def line_up(store: Store, round_number: int, segment: int | None = None,
            swap: tuple[str, str] | None = None) -> None:
    """Every table's line-up of a round: a team's players 1 and 2 in the open room, 3 and 4 in
    the closed room; `swap` puts one player in another's seat."""
    for table in store.tables():
        seating = next(s for s in store.seatings(table.section, table.number)
                       if s.round == round_number)
        first = 0 if table.section == "O" else 2
        ns = roster(seating.ns_pair)[first:first + 2]
        ew = roster(seating.ew_pair)[first:first + 2]
        seats = dict(zip(("north", "south", "east", "west"), ns + ew, strict=True))
        if swap and swap[0] in seats.values():
            seats = {k: swap[1] if v == swap[0] else v for k, v in seats.items()}
        elif swap:
            continue
        payload = {"op_id": str(uuid.uuid4()), "round": round_number, **seats}
        if segment is not None:
            payload["segment"] = segment
        set_players(store, table, payload, 0, "test")


@pytest.fixture
def league(tmp_path: Path) -> Iterator[Any]:
    """pzbs-league (D8.3: 100 and 80 for 1st and 2nd, 20 for the last) with 4 teams, matches
    of 8 boards in 2 segments of 4, rosters required (D2.1)."""
    path = te.create(tmp_path / "league.db", preset="pzbs-league", tables=2, boards_per_round=8)
    with te.app_for(path) as app:
        store = app.extensions["traveller.store"]
        with store.write() as db:
            for team in range(1, 5):
                teams_sql.put_roster(store, db, team, roster(team), "test", "test")
        yield app


def play_round(store: Store, round_number: int) -> None:
    """The lower-numbered team of each match wins it: teams 1 to 4 finish 1st to 4th."""
    for seating in store.seatings("O"):
        if seating.round == round_number:
            te.win_by(store, round_number, min(seating.ns_pair, seating.ew_pair))


def test_d8_league_report_csv_paper_and_export_give_each_players_pkl(league: Any,
                                                                     tmp_path: Path) -> None:
    store = league.extensions["traveller.store"]
    client = login(league)
    line_up(store, 1)
    play_round(store, 1)
    # D8.1: after one round nothing is final, and nothing is awarded yet.
    early = client.get("/director/teams/report", headers=JSON).json
    assert early["final"] is False and early["problems"] == []
    assert early["classification"]["tables"] == [
        {"group": "", "teams": 4, "step": 30, "premiums": [100, 80, 50, 20]}]
    assert all(p["pkl"] is None for t in early["teams"] for p in t["players"])
    assert 'data-testid="pkl-not-final"' in client.get("/director/teams/report").get_data(
        as_text=True)
    line_up(store, 2)
    play_round(store, 2)
    # Round 3: player 105 of team 1 plays segment 2 (boards 5-8) instead of 104.
    line_up(store, 3)
    line_up(store, 3, segment=2, swap=("104", "105"))
    play_round(store, 3)

    report = client.get("/director/teams/report", headers=JSON).json
    assert report["final"] is True and report["full_premium"] == 40
    # D8.3 for 4 teams: (80 - 20) / 2 = 30 a place from 3rd on; D8.1: down to the last.
    assert [(t["team"], t["place"], t["premium"]) for t in report["teams"]] == [
        (1, 1, 100), (2, 2, 80), (3, 3, 50), (4, 4, 20)]
    first = report["teams"][0]
    assert first["team_boards"] == 24
    # D8.2: 104 played 20 of 24 boards (full), 105 four of 24 (16.7%: a sixth of 100 PKL).
    assert [(p["player"], p["boards"], p["share"], p["full_premium"], p["pkl"])
            for p in first["players"]] == [
        ("101", 24, 100.0, True, 100), ("102", 24, 100.0, True, 100),
        ("103", 24, 100.0, True, 100), ("104", 20, 83.3, True, 100),
        ("105", 4, 16.7, False, 16.67)]
    assert {p["pkl"] for p in report["teams"][3]["players"]} == {20}

    page = client.get("/director/teams/report").get_data(as_text=True)
    assert 'data-testid="premiums"' in page and 'data-testid="report-1"' in page
    assert "16.67" in page and "(D8.3)" in page and 'data-testid="pkl-not-final"' not in page

    response = client.get("/director/teams/report.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert 'filename="pkl.csv"' in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["player_id", "name", "team", "boards", "share", "premium", "pkl"]
    assert ["105", "", "Team 1", "4", "16.7", "100", "16.67"] in rows
    assert ["401", "", "Team 4", "24", "100", "20", "20"] in rows
    assert len(rows) == 1 + 17  # every player of the four teams

    assert export_event(store, "csv")["pkl.csv"].decode() == response.get_data(as_text=True)
    # Printed by the spool like any document: 80 mm paper in text mode, in Polish.
    out = tmp_path / "printer.bin"
    assert client.post("/director/setup/printer", headers=JSON, data={
        "target": f"file:{out}", "profile": "80mm", "mode": "text", "code_page": "CP852",
        "lang": "pl", "csrf_token": client.csrf}).json["ok"]
    assert 'data-testid="print-pkl" disabled' not in client.get(
        "/director/teams/report").get_data(as_text=True)
    assert queue(client, "pkl").json["ok"]
    run_worker(store)
    assert spool.jobs(store)[0]["status"] == "done"
    lines = printed(out)
    assert "Punkty klasyfikacyjne (PKL, D8)" in lines
    assert "1. Team 1: 100 PKL, rozdania: 24" in lines
    assert "105 - rozdania: 4 (16.7%), 16.67 PKL" in lines  # CP852 has no en dash


def test_d8_a_league_without_a_premium_table_reports_boards_only(tmp_path: Path) -> None:
    path = te.create(tmp_path / "teams.db", tables=2, boards_per_round=8)
    with te.app_for(path) as app:
        client = login(app)
        report = client.get("/director/teams/report", headers=JSON).json
        assert report["classification"] is None and report["full_premium"] == 40
        assert 'data-testid="pkl-none"' in client.get("/director/teams/report").get_data(
            as_text=True)
        assert "pkl.csv" not in export_event(app.extensions["traveller.store"], "csv")


def test_d8_a_competitions_pkl_counts_every_stage_and_follows_its_final_places(
        tmp_path: Path) -> None:
    """The university teams' preliminary and final (3 + 3 matches of 12 boards) with rosters
    required, so robots give line-ups, and a listed premium table (no D8.3)."""
    text = (REPO / "seeds" / "gabsi-university-teams.toml").read_text().replace(
        'walkover = "K13"', 'walkover = "K13"\nrosters = "required"')
    text += "\n[classification]\npremiums = [40, 30, 20, 10]\n"
    path = tmp_path / "competition.db"
    store = create_competition(path, text, entries=4, password=PASSWORD,
                               base_url="http://testserver")
    try:
        assert rehearse(store, 5, lambda: int(time.time() * 1000), to_the_end=True).complete
        places = {p.entry: p.place for p in current(store, int(time.time() * 1000))
                  .view.final_places}
    finally:
        store.close()
    with te.app_for(path) as app:
        client = login(app)
        report = client.get("/director/teams/report", headers=JSON).json
        assert report["final"] is True
        assert [(t["team"], t["place"], t["premium"]) for t in report["teams"]] == sorted(
            ((team, place, [40, 30, 20, 10][place - 1]) for team, place in places.items()),
            key=lambda t: t[1])
        for team in report["teams"]:
            # Both stages: 6 matches of 12 boards, every player in every one of them.
            assert team["team_boards"] == 72 and len(team["players"]) == 4
            assert all(p["boards"] == 72 and p["pkl"] == team["premium"]
                       for p in team["players"])
        assert 'data-testid="pkl-report"' in client.get("/director/competition/").get_data(
            as_text=True)
