"""Team rulings through the console: each one's stored effect on the standings and its audit
row (who, when, old, new, why): walk-overs (K13.1, K13.2), disqualification (K14.1), VP and
IMP penalties (K10.1, K10.2), the procedural penalty (K18.1) and late starts (K11.1)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DIRECTOR
from tests.integration import teams_event as te
from tests.integration.test_director import login

JSON = {"Accept": "application/json"}
SLAMS = {1: ("6NT", 12, "N"), 2: ("6NT", 12, "N")}
GAMES = {1: ("3NT", 12, "N"), 2: ("3NT", 12, "N")}
"""Two slams bid in one room and not in the other: 500 (11 IMPs) on board 1 and, vulnerable,
750 (13 IMPs) on board 2: 24 IMPs, 23:7 on the 8-board 25-point scale."""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    """Four teams, a round robin of three 8-board matches: round 1 is 1 v 4 and 2 v 3, round 2
    4 v 3 and 1 v 2, round 3 2 v 4 and 3 v 1."""
    with te.app_for(te.create(tmp_path / "teams.db", tables=2, boards_per_round=8)) as app:
        yield app


def store_of(app: Any) -> Any:
    return app.extensions["traveller.store"]


def post(client: Any, url: str, **data: Any) -> Any:
    return client.post(url, json=data, headers={**JSON, "X-CSRF-Token": client.csrf})


def standings(client: Any) -> dict[int, dict[str, Any]]:
    body = client.get("/director/teams/standings", headers=JSON).json
    assert body["ok"], body
    return {row["team"]: row for row in body["standings"]["teams"]}


def audit(app: Any, action: str) -> list[dict[str, Any]]:
    return [a for a in store_of(app).audit_rows() if a["action"] == action]


def test_k13_1_walkover_takes_option_b_when_the_absent_team_averages_little(app: Any) -> None:
    store = store_of(app)
    te.play_match(store, 1, 1, SLAMS, GAMES)                        # 1 beats 4, 23:7
    te.play_match(store, 1, 2, {1: ("3NT", 10, "N")}, {1: ("3NT", 9, "N")})  # 2 v 3, 15:15
    client = login(app)
    preview = client.get("/director/teams/rulings?wo_round=2&wo_team=4").get_data(as_text=True)
    assert "(b) 23 VP" in preview and "(a) 15 VP" in preview and "(c) 18 VP" in preview
    response = post(client, "/director/teams/rulings/walkover", round=2, team=4,
                    why="team 4 absent at 20 minutes")
    body = response.json
    # (a) team 3's own average 15; (b) 30 - 7 (team 4's average) = 23; (c) 18: (b) wins.
    assert body["ok"] and (body["winner"], body["winner_vp"], body["option"]) == (3, 23.0, "b")
    assert body["candidates"] == [["a", 15.0], ["b", 23.0], ["c", 18.0]]
    assert body["rule"] == "K13.1"
    table = standings(client)
    assert table[3]["vp"] == 15 + 23 and table[3]["matches"] == 2
    assert table[4]["vp"] == 7 and table[4]["matches"] == 2
    # No IMPs for a walk-over.
    assert (table[3]["imps_won"], table[3]["imps_lost"]) == (0, 1)
    row = audit(app, "team_walkover")[-1]
    assert (row["actor"], row["why"], row["old"]) == (DIRECTOR, "team 4 absent at 20 minutes",
                                                      None)
    stored = json.loads(row["new"])
    assert (stored["team"], stored["opponent"], stored["value"]) == (4, 3, 23.0)
    assert json.loads(stored["detail"])["option"] == "b" and row["at_ms"] > 0
    # The match shows as a walk-over, and its boards are not played at the tables.
    matches = client.get("/director/teams/matches", headers=JSON).json["rounds"][1]["matches"]
    walked = next(m for m in matches if m["table"] == 1)
    assert walked["walkover"] and walked["complete"] and walked["vp"] == [0.0, 23.0]
    state_round = te.enter(store, "O", 1, 9)
    assert state_round["code"] == "board_locked"


def test_k13_1_walkover_is_refused_without_a_reason_or_on_a_played_match(app: Any) -> None:
    store = store_of(app)
    te.play_match(store, 1, 1)
    client = login(app)
    assert post(client, "/director/teams/rulings/walkover", round=2, team=4,
                why=" ").json["code"] == "missing_reason"
    played = post(client, "/director/teams/rulings/walkover", round=1, team=4, why="x")
    assert played.status_code == 409 and played.json["code"] == "match_has_results"
    assert post(client, "/director/teams/rulings/walkover", round=9, team=4,
                why="x").json["code"] == "no_match"
    assert not audit(app, "team_walkover")


def test_k13_1_walkover_removed_restores_the_match(app: Any) -> None:
    client = login(app)
    ruling = post(client, "/director/teams/rulings/walkover", round=1, team=4, why="absent")
    assert standings(client)[1]["vp"] == 18  # (c): nobody has an average yet
    removed = post(client, f"/director/teams/rulings/{ruling.json['ruling']}/remove",
                   why="team 4 arrived: the match is played")
    assert removed.json["ok"]
    assert standings(client)[1]["vp"] == 0 and standings(client)[1]["matches"] == 0
    row = audit(app, "team_walkover_removed")[-1]
    assert row["why"] == "team 4 arrived: the match is played" and row["new"] is None
    assert json.loads(row["old"])["team"] == 4
    again = post(client, f"/director/teams/rulings/{ruling.json['ruling']}/remove", why="x")
    assert again.status_code == 404 and again.json["code"] == "no_ruling"


def test_k13_2_walkover_in_round_2_of_a_swiss_is_18_vp(tmp_path: Path) -> None:
    with te.app_for(te.create(tmp_path / "swiss.db", "gabsi-swiss-teams", tables=2,
                              boards_per_round=8)) as app:
        store = store_of(app)
        te.play_match(store, 1, 1, SLAMS, GAMES)                 # 1 beats 2, 23:7
        te.play_match(store, 1, 2, {1: ("6NT", 12, "N")}, {1: ("3NT", 12, "N")})  # 3 v 4 18:12
        client = login(app)
        paired = post(client, "/director/teams/matches/pair").json
        assert paired["ok"] and paired["round"] == 2
        _, home, away = te.match_of(store, 2, 1)
        absent = away if home == 1 else home
        body = post(client, "/director/teams/rulings/walkover", round=2, team=absent,
                    why="did not turn up").json
        # Team 1's own average would give 23; K13.2 says 18 in the second round.
        assert body["ok"] and (body["winner"], body["winner_vp"]) == (1, 18.0)
        assert (body["option"], body["candidates"], body["rule"]) == ("c", [["c", 18.0]],
                                                                       "K13.2")
        assert standings(client)[1]["vp"] == 23 + 18
        row = audit(app, "team_walkover")[-1]
        assert json.loads(json.loads(row["new"])["detail"])["swiss_round"] == 2


def test_k14_1_disqualified_before_half_its_matches_is_erased(app: Any) -> None:
    store = store_of(app)
    client = login(app)
    post(client, "/director/teams/rulings/walkover", round=1, team=4, why="absent")
    te.play_match(store, 1, 2, {1: ("3NT", 10, "N")}, {1: ("3NT", 9, "N")})  # 2 v 3, 15:15
    te.play_match(store, 2, 2, SLAMS, GAMES)                                 # 1 beats 2, 23:7
    post(client, "/director/teams/rulings/walkover", round=2, team=4, why="absent again")
    preview = client.get("/director/teams/rulings?dq=4", headers=JSON).json["disqualification"]
    assert (preview["walkovers"], preview["disqualifies"]) == (2, True)
    assert (preview["played"], preview["threshold"], preview["kind"]) == (0, 1, "erased")
    body = post(client, "/director/teams/rulings/disqualify", team=4,
                why="K14.1: second walk-over").json
    assert body["ok"] and body["kind"] == "erased" and body["walkovers"] == []
    table = standings(client)
    # Team 4 is out of the ranking; the W.O. wins against it count as byes.
    assert 4 not in table
    assert (table[1]["vp"], table[1]["matches"]) == (23, 1)
    assert (table[3]["vp"], table[3]["matches"]) == (15, 1)
    page = client.get("/director/teams/standings").get_data(as_text=True)
    assert 'data-testid="erased"' in page and "disqualified" in page
    row = audit(app, "team_disqualified")[-1]
    assert row["why"] == "K14.1: second walk-over"
    assert json.loads(json.loads(row["new"])["detail"])["kind"] == "erased"
    # Its last match (round 3, 2 v 4) will not be played: table 1 has nothing left to enter.
    assert te.enter(store, "O", 1, 17)["code"] == "board_locked"


def test_k14_1_k14_2_needs_more_than_one_walkover_unless_another_ground_is_given(app: Any) -> None:
    client = login(app)
    post(client, "/director/teams/rulings/walkover", round=1, team=4, why="absent")
    refused = post(client, "/director/teams/rulings/disqualify", team=4, why="one W.O.")
    assert refused.status_code == 409 and refused.json["code"] == "not_enough_walkovers"
    assert not audit(app, "team_disqualified")
    forced = post(client, "/director/teams/rulings/disqualify", team=4, anyway="yes",
                  why="K14.2: arranged a score")
    assert forced.json["ok"] and forced.json["effect"]["walkovers"] == 1


def test_k14_1_disqualified_after_half_its_matches_keeps_its_results(tmp_path: Path) -> None:
    """Six teams, five rounds: team 1 plays rounds 1 and 2 (half of 5, fraction dropped), is
    absent in rounds 3 and 4; its results stand and team 5, still to meet it, wins by W.O."""
    with te.app_for(te.create(tmp_path / "six.db", tables=3, boards_per_round=8)) as app:
        store = store_of(app)
        te.play_match(store, 1, 1, SLAMS, GAMES)                 # 1 beats 6, 23:7
        te.play_match(store, 1, 2)                               # 2 v 5, 15:15
        te.play_match(store, 1, 3)                               # 3 v 4, 15:15
        number, _, _ = te.match_of(store, 2, 1)                  # 1 v 2 at table 3
        te.play_match(store, 2, number, {1: ("3NT", 10, "N")}, {1: ("3NT", 9, "N")})
        client = login(app)
        for rnd in (3, 4):
            assert post(client, "/director/teams/rulings/walkover", round=rnd, team=1,
                        why="absent").json["ok"]
        body = post(client, "/director/teams/rulings/disqualify", team=1,
                    why="K14.1: two walk-overs").json
        assert body["ok"] and body["kind"] == "results stand"
        assert body["effect"]["walkover_opponents"] == [5]
        assert [(w["round"], w["winner"]) for w in body["walkovers"]] == [(5, 5)]
        table = standings(client)
        assert table[1]["vp"] == 23 + 15 and table[1]["matches"] == 5
        assert table[6]["vp"] == 7
        # Team 5 averages 15, team 1 19 (30 - 19 = 11): its W.O. win is (c) 18 VP.
        assert (table[5]["vp"], table[5]["matches"]) == (15 + 18, 2)
        rows = [r for r in audit(app, "team_walkover")
                if json.loads(r["new"])["opponent"] == 5]
        assert rows and rows[0]["why"].startswith("K14.1: team 1 disqualified")
        # Removing the disqualification takes its W.O. win with it.
        post(client, f"/director/teams/rulings/{body['ruling']}/remove", why="appeal upheld")
        assert standings(client)[5]["vp"] == 15


def test_k10_1_vp_penalty_comes_off_the_total_not_the_direct_match(app: Any) -> None:
    store = store_of(app)
    te.play_match(store, 1, 1, SLAMS, GAMES)                    # 1 beats 4, 23:7
    client = login(app)
    body = post(client, "/director/teams/rulings/vp", team=1, vp="2.5", rule="K10.1",
                why="unauthorised information").json
    assert body["ok"] and (body["vp"], body["rule"]) == (2.5, "K10.1")
    line = standings(client)[1]
    assert (line["vp"], line["vp_deducted"]) == (20.5, 2.5)
    assert [d["rule"] for d in line["deductions"]] == ["K10.1"]
    card = client.get("/results/api/team/1", headers=JSON).json
    assert card["matches"][0]["vp_for"] == 23  # the match itself keeps its VPs
    row = audit(app, "team_vp_penalty")[-1]
    assert row["why"] == "unauthorised information" and json.loads(row["new"])["value"] == 2.5
    assert post(client, "/director/teams/rulings/vp", team=1, rule="K10.1",
                why="x").json["code"] == "invalid_penalty"


def test_k18_1_procedural_penalty_is_the_presets_vp(app: Any) -> None:
    client = login(app)
    body = post(client, "/director/teams/rulings/vp", team=2, rule="K18.1",
                why="mobile phone rang").json
    assert body["ok"] and (body["vp"], body["rule"]) == (1.0, "K18.1")
    line = standings(client)[2]
    assert (line["vp"], line["vp_deducted"]) == (-1.0, 1.0)
    page = client.get("/director/teams/standings").get_data(as_text=True)
    assert "−1 K18.1" in page
    assert audit(app, "team_vp_penalty")[-1]["why"] == "mobile phone rang"


def test_k10_2_imp_penalty_lowers_the_offenders_margin_only(app: Any) -> None:
    store = store_of(app)
    # Team 1 wins by 11 IMPs (500 on board 1): 18:12 on the 8-board scale.
    te.play_match(store, 1, 1, {1: ("6NT", 12, "N")}, {1: ("3NT", 12, "N")})
    client = login(app)
    assert standings(client)[1]["vp"] == 18
    body = post(client, "/director/teams/rulings/imp", round=1, team=1, imps=3,
                why="late alert").json
    assert body["ok"] and body["rule"] == "K10.2"
    table = standings(client)
    # Team 1's margin is 8 (17 VP); team 4 is still 11 down: the 3 IMPs go to nobody (12 VP).
    assert (table[1]["vp"], table[4]["vp"]) == (17, 12)
    assert (table[1]["imps_won"], table[4]["imps_won"]) == (8, 0)
    match = client.get("/director/teams/matches", headers=JSON).json["rounds"][0]["matches"][0]
    assert (match["home_imps"], match["away_imps"], match["vp"]) == (8, 0, [17, 12])
    assert audit(app, "team_imp_penalty")[-1]["why"] == "late alert"


def test_k11_1_late_start_is_proposed_from_the_minutes_and_applied(app: Any) -> None:
    client = login(app)
    page = client.get("/director/teams/rulings?team=2&round=1&minutes=7").get_data(as_text=True)
    assert 'data-testid="late-proposal"' in page and "1 VP" in page
    changed = post(client, "/director/teams/rulings/late", team=2, round=1, minutes=7,
                   action="apply", penalty="2")
    assert changed.json["code"] == "missing_reason"
    body = post(client, "/director/teams/rulings/late", team=2, round=1, minutes=7,
                action="apply").json
    assert body["ok"] and (body["penalty"], body["unit"], body["rule"]) == (1.0, "VP", "K11.1")
    assert standings(client)[2]["vp_deducted"] == 1
    # Up to 5 minutes: two warnings go free, the third costs 1 VP.
    for expected in (0.0, 0.0, 1.0):
        done = post(client, "/director/teams/rulings/late", team=3, round=1, minutes=4,
                     action="apply").json
        assert done["penalty"] == expected, done
    waived = post(client, "/director/teams/rulings/late", team=3, round=2, minutes=12,
                  action="waive", why="the lift broke down").json
    assert waived["status"] == "waived" and waived["penalty"] == 0
    assert standings(client)[3]["vp_deducted"] == 1
    row = audit(app, "team_vp_penalty")[-1]
    assert row["why"] == "the lift broke down"
    assert json.loads(json.loads(row["new"])["detail"])["status"] == "waived"


def test_k11_1_over_twenty_minutes_loses_by_walkover(app: Any) -> None:
    client = login(app)
    body = post(client, "/director/teams/rulings/late", team=4, round=1, minutes=25,
                action="apply").json
    assert body["ok"] and body["winner"] == 1 and body["winner_vp"] == 18
    assert audit(app, "team_walkover")[-1]["why"] == "K11.1: 25 min late"


def test_team_rulings_need_the_csrf_token_and_a_teams_event(app: Any) -> None:
    client = login(app)
    forged = client.post("/director/teams/rulings/vp",
                         data={"team": 1, "vp": 1, "rule": "K10.1", "why": "x"})
    assert forged.status_code == 400
    assert not audit(app, "team_vp_penalty")
    # The rulings list shows every ruling, those removed too.
    post(client, "/director/teams/rulings/vp", team=1, vp=1, why="first")
    listed = client.get("/director/teams/rulings", headers=JSON).json["rulings"]
    assert [(r["kind"], r["active"]) for r in listed] == [("vp_penalty", True)]


def test_teams_pages_refuse_a_pairs_event(tmp_path: Path) -> None:
    from tests.conftest import make_event

    with te.app_for(make_event(tmp_path / "pairs.db")) as app:
        client = login(app)
        refused = client.get("/director/teams/matches", headers=JSON)
        assert refused.status_code == 409 and refused.json["code"] == "not_teams"
        assert client.get("/director/rankings").status_code == 200
