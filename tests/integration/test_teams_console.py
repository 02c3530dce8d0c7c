"""A teams event on the console: teams and rosters (D2.1, D2.2), the matches page with both
rooms, the captains' confirmations (KD1), K12.1 unlocks, Swiss pairing (K16), the grid by room,
set-up before round 1, the results pages and the D8.2 report."""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.clock import RoundClock
from server.store import teams as sql
from server.teams.captains import confirm_match
from tests.conftest import DIRECTOR
from tests.integration import teams_event as te
from tests.integration.test_director import login

JSON = {"Accept": "application/json"}
ROSTERS = "team,id\n1,101\n1,102\nTeam 2,201\n2,202\n"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    """Four teams, a round robin of three 8-board matches (round 1: 1 v 4, 2 v 3)."""
    with te.app_for(te.create(tmp_path / "teams.db", tables=2, boards_per_round=8)) as app:
        yield app


def store_of(app: Any) -> Any:
    return app.extensions["traveller.store"]


def post(client: Any, url: str, **data: Any) -> Any:
    return client.post(url, json=data, headers={**JSON, "X-CSRF-Token": client.csrf})


def upload(client: Any, text: str, json_reply: bool = True) -> Any:
    return client.post("/director/teams/rosters", headers=JSON if json_reply else {},
                       data={"csrf_token": client.csrf,
                             "file": (io.BytesIO(text.encode()), "rosters.csv")},
                       content_type="multipart/form-data")


def audit(app: Any, action: str) -> list[dict[str, Any]]:
    return [a for a in store_of(app).audit_rows() if a["action"] == action]


def test_d2_1_rosters_import_from_csv_and_are_audited(app: Any) -> None:
    client = login(app)
    response = upload(client, ROSTERS)
    assert response.json == {"ok": True, "teams": 2, "players": 4}
    assert sql.roster(store_of(app)) == {"101": 1, "102": 1, "201": 2, "202": 2}
    rows = audit(app, "roster")
    assert [(r["entity_id"], json.loads(r["new"])) for r in rows] == [
        ("1", ["101", "102"]), ("2", ["201", "202"])]
    assert rows[0]["actor"] == DIRECTOR and "rosters.csv" in rows[0]["why"]
    # Importing team 1 again replaces its roster only; semicolons work as in the players list.
    assert upload(client, "team;id\n1;103\n").json["players"] == 1
    assert sql.roster(store_of(app)) == {"103": 1, "201": 2, "202": 2}
    page = client.get("/director/teams/").get_data(as_text=True)
    assert "103" in page and 'data-testid="rosters-mode"' in page


def test_d2_1_a_bad_roster_file_names_every_bad_line_and_changes_nothing(app: Any) -> None:
    client = login(app)
    upload(client, ROSTERS)
    before = (sql.roster(store_of(app)), len(store_of(app).audit_rows()))
    response = upload(client, "team,id\n1,301\nNo Such Team,302\n2,bad id!\n1,301\n3\n")
    assert response.status_code == 400
    body = response.json
    assert body["ok"] is False and body["code"] == "invalid_roster_file"
    problems = body["problems"]
    assert any("line 3" in p and "No Such Team" in p for p in problems)
    assert any("line 4" in p and "invalid id" in p for p in problems)
    assert any("line 5" in p and "line 2" in p for p in problems)
    assert any("line 6" in p and "columns" in p for p in problems)
    assert (sql.roster(store_of(app)), len(store_of(app).audit_rows())) == before
    page = upload(client, "name,id\nx,1\n", json_reply=False)
    assert page.status_code == 400 and "line 1" in page.get_data(as_text=True)
    assert 'data-testid="roster-errors"' in page.get_data(as_text=True)


def test_d2_2_team_name_captain_and_eligibility_are_audited(app: Any) -> None:
    client = login(app)
    body = post(client, "/director/teams/team/1", name="Jakarta", captain="Ann North").json
    assert body["ok"] and body["team"]["name"] == "Jakarta"
    refused = post(client, "/director/teams/team/2", eligible=False)
    assert refused.json["code"] == "missing_reason"
    assert post(client, "/director/teams/team/2", eligible=False,
                why="entry fee unpaid").json["ok"]
    teams_list = {t["number"]: t for t in sql.teams(store_of(app))}
    assert (teams_list[1]["captain"], teams_list[2]["eligible"]) == ("Ann North", 0)
    rows = audit(app, "team")
    old, new = json.loads(rows[-1]["old"]), json.loads(rows[-1]["new"])
    assert (old["eligible"], new["eligible"], rows[-1]["why"]) == (1, 0, "entry fee unpaid")
    assert post(client, "/director/teams/team/3", name="Jakarta").json["code"] == \
        "invalid_team"
    assert post(client, "/director/teams/team/9", name="x").status_code == 404
    # The console's form: a checkbox left unticked is not sent.
    form = client.post("/director/teams/team/1", data={
        "csrf_token": client.csrf, "name": "Jakarta", "captain": "Ann North",
        "why": "fee unpaid"})
    assert form.status_code == 302 and not sql.teams(store_of(app))[0]["eligible"]


def test_a_team_form_without_the_csrf_token_is_refused(app: Any) -> None:
    client = login(app)
    forged = client.post("/director/teams/team/1", data={"name": "Forged"})
    assert forged.status_code == 400
    assert sql.teams(store_of(app))[0]["name"] == "Team 1" and not audit(app, "team")
    assert client.post("/director/teams/matches/pair").status_code == 400


def test_matches_page_shows_both_rooms_imps_and_vps(app: Any) -> None:
    store = store_of(app)
    # Match 1 (1 v 4): board 1 is +420 in the open room, -50 in the closed: 470, 10 IMPs.
    te.enter(store, "O", 1, 1, "4S", 10)
    te.enter(store, "C", 1, 1, "4S", 9)
    te.enter(store, "O", 1, 2, "PASS")
    client = login(app)
    data = client.get("/director/teams/matches", headers=JSON).json
    match = data["rounds"][0]["matches"][0]
    assert (match["home"]["number"], match["away"]["number"]) == (1, 4)
    assert match["progress"] == {"open": 2, "closed": 1, "boards": 8}
    assert (match["home_imps"], match["away_imps"], match["vp"]) == (10, 0, None)
    assert match["confirmations"]["teams"] == {"1": "not over", "4": "not over"}
    for board in range(2, 9):
        te.enter(store, "C", 1, board, "PASS")
    for board in range(3, 9):
        te.enter(store, "O", 1, board, "PASS")
    match = client.get("/director/teams/matches", headers=JSON).json["rounds"][0]["matches"][0]
    assert match["complete"] and match["vp"] == [18, 12]
    page = client.get("/director/teams/matches").get_data(as_text=True)
    assert 'data-testid="match-1-1"' in page and "18–12" in page


def test_kd1_confirmations_are_listed_waiting_confirmed_and_stale(app: Any) -> None:
    store = store_of(app)
    te.play_match(store, 1, 1, {1: ("4S", 10, "N")}, {1: ("4S", 9, "N")})
    client = login(app)

    def states() -> dict[str, str]:
        data = client.get("/director/teams/matches", headers=JSON).json
        return dict(data["rounds"][0]["matches"][0]["confirmations"]["teams"])

    assert states() == {"1": "waiting", "4": "waiting"}
    ack = confirm_match(store, te.table(store, "O", 1),
                              {"op_id": str(uuid.uuid4()), "round": 1, "team": 1}, 0, "table O1")
    assert ack["ok"]
    assert states() == {"1": "confirmed", "4": "waiting"}
    fixed = post(client, "/director/board/1/correct", section="C", table=1, round=1,
                 contract="4S", declarer="N", tricks=10, why="closed room made it")
    assert fixed.json["ok"]
    assert states() == {"1": "stale", "4": "waiting"}
    page = client.get("/director/teams/matches").get_data(as_text=True)
    assert 'data-state="stale"' in page


def test_k12_1_unlock_makes_a_locked_board_playable(app: Any) -> None:
    store = store_of(app)
    # The session's clock started long ago: its 64 minutes ran out before board 2 began.
    with store.write() as db:
        store.save_clock(db, RoundClock(1, 64 * 60_000, started_ms=1), actor="test")
    assert te.enter(store, "O", 1, 1, "4S", 10, now_ms=5_000_000)["ok"]
    refused = te.enter(store, "O", 1, 2, "4S", 10, now_ms=5_000_000)
    assert refused["code"] == "board_locked"
    client = login(app)
    match = client.get("/director/teams/matches", headers=JSON).json["rounds"][0]["matches"][0]
    assert 2 in match["k12_locked"]
    body = post(client, "/director/teams/matches/unlock", round=1, table=1, board=2,
                why="the board was on the table in time").json
    assert body["ok"] and body["changed"]
    assert te.enter(store, "O", 1, 2, "4S", 10)["ok"]
    assert te.enter(store, "C", 1, 2, "4S", 10)["ok"]  # unlocked in both rooms
    row = audit(app, "board_unlocked")[-1]
    assert (row["entity_id"], row["why"]) == ("1/1/2", "the board was on the table in time")
    missing = post(client, "/director/teams/matches/unlock", round=1, table=1, board=99, why="x")
    assert missing.status_code == 404


def test_k16_swiss_round_2_is_paired_by_the_ranking(tmp_path: Path) -> None:
    with te.app_for(te.create(tmp_path / "swiss.db", "gabsi-swiss-teams", tables=2,
                              boards_per_round=8)) as app:
        store = store_of(app)
        client = login(app)
        # Round 1 by draw number (K16.2): 1 v 2, 3 v 4.
        assert [(s.ns_pair, s.ew_pair) for s in store.seatings("O")] == [(1, 2), (3, 4)]
        te.win_by(store, 1, 2)                    # 2 beats 1 by 11 IMPs: 18:12
        refused = post(client, "/director/teams/matches/pair")
        assert refused.status_code == 409 and refused.json["code"] == "round_not_over"
        assert "match 2" in refused.json["error"]
        te.win_by(store, 1, 3, "small")           # 3 beats 4 by 1 IMP: 15:15
        body = post(client, "/director/teams/matches/pair").json
        # The ranking: 2 (18), then 3 and 4 level on 15 (3 ahead on IMP quotient), 1 (12).
        assert body["ok"] and body["round"] == 2
        assert sorted(tuple(sorted((m["home"], m["away"]))) for m in body["matches"]) == [
            (1, 4), (2, 3)]
        assert {(s.round, s.ns_pair, s.ew_pair) for s in store.seatings("O") if s.round == 2} \
            == {(2, m["home"], m["away"]) for m in body["matches"]}
        assert store.seatings("O")[-1].boards == tuple(range(9, 17))
        assert audit(app, "swiss_paired")[-1]["entity_id"] == "2"
        page = client.get("/director/teams/matches?paired=2").get_data(as_text=True)
        assert 'data-testid="paired"' in page and 'data-testid="round-2"' in page
        again = post(client, "/director/teams/matches/pair")
        assert again.json["code"] == "round_not_over"


def test_the_grid_names_tables_by_room_and_shows_the_teams(app: Any) -> None:
    client = login(app)
    page = client.get("/director/").get_data(as_text=True)
    assert "Open 1" in page and "Closed 2" in page and "Teams 1 v 4" in page
    assert "Teams 4 v 1" in page  # the closed room: the away team sits North-South
    assert "data-rooms=" in page


def test_teams_setup_regrows_the_matches_before_the_first_result(app: Any) -> None:
    store = store_of(app)
    client = login(app)
    tokens = {(t.section, t.number): t.token for t in store.tables()}
    form = client.get("/director/setup/").get_data(as_text=True)
    assert "Match tables per room" in form and 'value="swiss"' in form
    body = post(client, "/director/setup/", boards_per_round="12", why="longer matches").json
    assert body["ok"] and body["changed"] == ["boards_per_round"]
    assert store.seatings("O")[0].boards == tuple(range(1, 13))
    assert {(t.section, t.number): t.token for t in store.tables()} == tokens
    assert store.setting("sections") == ["O", "C"]
    grown = post(client, "/director/setup/", tables="3", why="two more teams").json
    assert grown["added"] == ["C3", "O3"]
    assert [t["number"] for t in sql.teams(store)] == [1, 2, 3, 4, 5, 6]
    assert store.setting("movement")["teams"] == 6
    assert len({(s.round) for s in store.seatings("O")}) == 5
    bad = post(client, "/director/setup/", movement="mitchell", why="x")
    assert bad.status_code == 400 and bad.json["code"] == "invalid_settings"
    te.enter(store, "O", 1, 1, "4S", 10)
    refused = post(client, "/director/setup/", tables="2", why="too late")
    assert refused.status_code == 409 and refused.json["code"] == "event_started"
    assert post(client, "/director/setup/", name="Kejurnas teams", why="x").json["ok"]


def test_results_pages_show_the_teams_ranking_cards_and_projector(app: Any) -> None:
    store = store_of(app)
    te.win_by(store, 1, 1)
    te.win_by(store, 1, 2, "small")
    client = login(app)
    post(client, "/director/teams/rulings/vp", team=1, vp=1, rule="K18.1", why="phone")
    data = client.get("/results/api/standings").json
    assert data["kind"] == "teams"
    rows = data["standings"]["teams"]
    assert [(r["team"], r["vp"]) for r in rows] == [(1, 17), (2, 15), (3, 15), (4, 12)]
    assert rows[2]["tie"] == "2 ahead of 3 on IMP quotient ∞ v 0"
    assert data["standings"]["chain"] == ["vp", "imp_quotient", "head_to_head"]
    page = client.get("/results/").get_data(as_text=True)
    assert 'data-testid="team-standings"' in page and "−1 K18.1" in page
    card = client.get("/results/api/team/1").json
    assert card["matches"][0]["opponent"] == 4
    assert (card["matches"][0]["imps_for"], card["matches"][0]["vp_for"]) == (11, 18)
    assert "K18.1" in client.get("/results/team/1").get_data(as_text=True)
    assert client.get("/results/api/team/9").status_code == 404
    projector = client.get("/results/api/projector").json
    assert projector["round"] == 1 and projector["teams"][0]["team"] == 1
    assert 'data-testid="projector-teams"' in client.get("/results/projector").get_data(
        as_text=True)
    assert client.get("/director/results").headers["Location"].endswith(
        "/director/teams/standings")
    public = app.test_client().get("/results/api/standings")
    assert public.status_code == 403  # not published yet


def test_d8_2_report_counts_each_players_boards_from_the_line_ups(app: Any) -> None:
    store = store_of(app)
    socketio = app.extensions["traveller.socketio"]
    terminal = socketio.test_client(app, namespace="/table",
                                    auth={"token": te.table(store, "O", 1).token})
    ack = terminal.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1, "north": "101",
                                        "south": "102", "east": "401", "west": "402"},
                        namespace="/table", callback=True)
    assert ack["ok"], ack
    te.play_match(store, 1, 1)
    client = login(app)
    report = client.get("/director/teams/report", headers=JSON).json
    assert report["full_premium"] == 40
    first = next(t for t in report["teams"] if t["team"] == 1)
    assert first["team_boards"] == 8
    assert [(p["player"], p["boards"], p["share"], p["full_premium"])
            for p in first["players"]] == [("101", 8, 100.0, True), ("102", 8, 100.0, True)]
    page = client.get("/director/teams/report").get_data(as_text=True)
    assert 'data-testid="report-1"' in page and "full" in page


def test_a_teams_boards_page_shows_every_match_in_both_rooms_once_all_have_played_it(
        app: Any) -> None:
    """A teams event's board page (and its JSON): nothing but how many matches have played it
    until every match that plays it has, in both rooms; then each match with both rooms'
    results and the IMPs to the home team. Never one room's matchpoints. A "pair" of a teams
    event has no scorecard: the error envelope points to the team pages."""
    store = store_of(app)
    first = te.boards_of(store, 1)[0]
    te.play_match(store, 1, 1, open_room={1: ("4S", 10, "N")}, closed_room={1: ("4S", 9, "N")})
    client = login(app)
    held = client.get(f"/results/api/board/{first}").json
    assert held["kind"] == "teams" and held["held_back"] is True
    assert held["matches"] == held["results"] == [] and (held["played"], held["tables"]) == (2, 4)
    page = client.get(f"/results/board/{first}").get_data(as_text=True)
    assert 'data-testid="held-back"' in page and "2 of 4" in page and "4S" not in page
    te.play_match(store, 1, 2)
    shown = client.get(f"/results/api/board/{first}").json
    assert shown["held_back"] is False
    one = next(m for m in shown["matches"] if m["table"] == 1)
    assert (one["open"]["contract"], one["open"]["ns_score"]) == ("4S", 420)
    assert (one["closed"]["contract"], one["closed"]["ns_score"]) == ("4S", -50)
    assert one["home_imps"] == 10  # 420 + 50 = 470: 10 IMPs to the home team
    lines = [(r["section"], r["table"], r["ns_team"], r["contract"], r["ns_score"])
             for r in shown["results"] if r["table"] == 1]
    assert lines == [("O", 1, one["home"]["number"], "4S", 420),
                     ("C", 1, one["away"]["number"], "4S", -50)]
    page = client.get(f"/results/board/{first}").get_data(as_text=True)
    assert 'data-testid="teams-traveller"' in page and "+10" in page and "NS MP" not in page
    for url in ("/results/api/pair/1", "/results/pair/1"):
        answer = client.get(url)
        assert answer.status_code == 404, url
    assert client.get("/results/api/pair/1").json["code"] == "teams_event"
    assert "/results/team/N" in client.get("/results/api/pair/1").json["error"]
