"""Whole competitions through the server: created with their first stage in play, advanced by
the director from the console (choices of opponent, the carry-over at the tables, a league's
split keeping VP, a pairs stage over two sessions, Swiss pairs paired before the last round
ends), and played by robots through the table protocol to the same final places as
`traveller simulate` on the same seed."""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.competition import simulate
from server.formats import PresetError, load_preset, parse_preset
from server.stages.create import create_competition
from server.stages.robots import payload_of, robot_result
from server.store import Store
from tests.conftest import PASSWORD, REPO
from tests.integration.teams_event import app_for
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login

SEED = 11


def make(tmp_path: Path, text: str, entries: int | None) -> Path:
    path = tmp_path / "competition.db"
    store = create_competition(path, text, entries=entries, password=PASSWORD,
                               base_url="http://testserver")
    store.close()
    return path


@pytest.fixture
def director_post() -> Iterator[Any]:
    def post(client: Any, url: str, **data: Any) -> Any:
        return client.post(url, json=data, headers={**JSON, "X-CSRF-Token": client.csrf})
    yield post


def play(app: Any, seed: int = SEED, rounds: set[int] | None = None) -> int:
    """Robots play every board in play at every table through the table protocol (only the
    rounds given, if any); the number of results entered."""
    socketio = app.extensions["traveller.socketio"]
    store: Store = app.extensions["traveller.store"]
    clients: dict[str, Any] = {}
    entered = 0
    try:
        progressed = True
        while progressed:
            progressed = False
            for table in store.tables():
                client = clients.get(table.token)
                if client is None:
                    client = clients[table.token] = socketio.test_client(
                        app, namespace="/table", auth={"token": table.token})
                state = client.emit("get_state", {}, namespace="/table", callback=True)["state"]
                number = state["round"]
                if number is None or (rounds is not None and number not in rounds):
                    continue
                done = {(r["round"], r["board"]) for r in state["results"]}
                for board in state["boards"]:
                    if (number, board) in done:
                        continue
                    played = robot_result(store, seed, table.section, table.number, number,
                                          board)
                    assert played is not None
                    ack = client.emit("submit_result", {"op_id": str(uuid.uuid4()),
                                                        "board": board, **payload_of(played)},
                                      namespace="/table", callback=True)
                    assert ack["ok"], ack
                    entered += 1
                    progressed = True
    finally:
        for client in clients.values():
            client.disconnect(namespace="/table")
    return entered


def competition(client: Any) -> dict[str, Any]:
    data: dict[str, Any] = client.get("/director/competition/", headers=JSON).get_json()
    assert data["ok"], data
    return data


def stage(data: dict[str, Any], stage_id: str) -> dict[str, Any]:
    return next(s for s in data["stages"] if s["id"] == stage_id)


KNOCKOUT = """
[event]
name = "Cup"
kind = "teams"
rules = ["D1.4", "D4.3"]
[scoring]
vp_scale = "wbf25"
tiebreak = "k17.1"
[[stage]]
id = "rr"
name = "round robin"
kind = "round_robin"
rules = ["D4.1"]
boards_per_match = 8
[[stage]]
id = "ko"
name = "knock-out"
kind = "knockout"
rules = ["D4.3", "D1.4"]
seeds = ["1", "2", "3", "4"]
carry_over = "d1.4"
tie = "d1.4"
  [[stage.entrants]]
  from = "rr"
  places = [1, 4]
  label = "{place}"
  rule = "D4.3"
  why = "the top 4 play the knock-out"
  [[stage.choice]]
  id = "1 chooses"
  chooser = "1"
  options = ["3", "4"]
  rule = "D4.3"
  [[stage.match]]
  id = "s1"
  round = "semi-final"
  home = "1"
  away = "chosen:1 chooses"
  boards = 24
  segments = 2
  [[stage.match]]
  id = "s2"
  round = "semi-final"
  home = "2"
  away = "not-chosen:1 chooses"
  boards = 24
  segments = 2
  [[stage.match]]
  id = "final"
  round = "final"
  home = "winner:s1"
  away = "winner:s2"
  boards = 16
  [[stage.place]]
  entrants = ["winner:final", "loser:final"]
  places = [1, 2]
  rule = "D4.6"
  why = "the final"
"""


def test_d4_3_d1_4_a_knock_out_with_a_choice_of_opponent_and_carry_over(
        tmp_path: Path, director_post: Any) -> None:
    with app_for(make(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        data = competition(director)
        assert stage(data, "rr")["status"] == "playing"
        assert stage(data, "ko")["status"] == "waiting"
        assert play(app) == 15 * 8 * 2
        data = competition(director)
        ranking = [line["entry"] for line in stage(data, "rr")["groups"][0]["standings"]]
        due = data["due"]
        assert [(d["kind"], d["chooser"], d["allowed"]) for d in due] == [
            ("choice", ranking[0], [ranking[2], ranking[3]])]
        # The advance waits for the choice; a team it may not choose is refused.
        assert director_post(director, "/director/competition/advance").status_code == 409
        refused = director_post(director, "/director/competition/decide", key=due[0]["key"],
                                value=ranking[4])
        assert refused.status_code == 400 and refused.get_json()["code"] == "not_allowed"
        assert director_post(director, "/director/competition/decide", key=due[0]["key"],
                             value=ranking[2], why="captain's choice").status_code == 200
        moved = director_post(director, "/director/competition/advance").get_json()
        assert moved["ok"] and moved["first_round"] == 6
        store: Store = app.extensions["traveller.store"]
        audit = [a for a in store.audit_rows() if a["action"] in ("decision", "advance")]
        assert len(audit) == 3  # the first stage's advance, the choice, this advance
        data = competition(director)
        s1 = next(m for m in stage(data, "ko")["matches"] if m["id"] == "s1")
        assert (s1["home"], s1["away"], s1["chosen_by"]) == (ranking[0], ranking[2], ranking[0])
        assert s1["carry_over"] == {"to": ranking[0], "imps": 2.4, "rule": "D1.4"}
        # The tables see the match with its carry-over in the running score.
        table = next(t for t in store.tables() if t.section == "O" and t.number == 1)
        client = app.extensions["traveller.socketio"].test_client(
            app, namespace="/table", auth={"token": table.token})
        state = client.emit("get_state", {}, namespace="/table", callback=True)["state"]
        match = state["teams"]["matches"][-1]
        assert match["knockout"] is True and match["vp"] is None
        assert match["carry_over"] == {"team": ranking[0], "imps": 2.4, "rule": "D1.4"}
        assert state["teams"]["segments"] == 2
        home = match["home_imps"] if match["home"]["number"] == ranking[0] else match["away_imps"]
        assert home == 2.4  # nothing played yet: the carry-over alone
        client.disconnect(namespace="/table")
        play(app)
        director_post(director, "/director/competition/advance")
        play(app)
        data = competition(director)
        assert data["complete"]
        final = next(m for m in stage(data, "ko")["matches"] if m["id"] == "final")
        assert [p["entry"] for p in data["final_places"][:2]] == [final["winner"],
                                                                  final["loser"]]


def test_an_advance_is_undone_while_nothing_of_it_is_played(tmp_path: Path,
                                                           director_post: Any) -> None:
    with app_for(make(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        play(app)
        data = competition(director)
        director_post(director, "/director/competition/decide", key=data["due"][0]["key"],
                      value=data["due"][0]["allowed"][0])
        before = (len(store.seatings()), len(store.tables()))
        director_post(director, "/director/competition/advance")
        assert len(store.seatings()) > before[0]
        undone = director_post(director, "/director/competition/undo")
        assert undone.status_code == 200, undone.get_json()
        assert (len(store.seatings()), len(store.tables())) == before
        assert competition(director)["next"] is not None
        director_post(director, "/director/competition/advance")
        play(app, rounds={6})
        refused = director_post(director, "/director/competition/undo")
        assert refused.status_code == 409 and refused.get_json()["code"] == "already_played"


WEEKENDS = """
[event]
name = "League"
kind = "teams"
rules = ["D4.1", "D5.3"]
[scoring]
vp_scale = "wbf2013"
[[stage]]
id = "regular"
kind = "round_robin"
rules = ["D4.1", "D5.3"]
boards_per_match = 2
rounds_per_advance = [2, 3]
"""


def test_d4_1_d5_3_a_round_robin_over_weekends_is_put_in_play_a_weekend_at_a_time(
        tmp_path: Path, director_post: Any) -> None:
    with app_for(make(tmp_path, WEEKENDS, 6)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        assert max(s.round for s in store.seatings()) == 2
        assert competition(director)["next"] is None
        refused = director_post(director, "/director/competition/advance")
        assert refused.get_json()["code"] == "nothing_to_play"
        play(app, rounds={1})
        assert competition(director)["next"] is None  # the weekend is not over
        play(app)
        assert competition(director)["next"]["first_round"] == 3
        assert competition(director)["next"]["last_round"] == 5
        director_post(director, "/director/competition/advance")
        assert max(s.round for s in store.seatings()) == 5
        play(app)
        data = competition(director)
        assert data["complete"] and len(data["final_places"]) == 6
        assert data["next"] is None


SPLIT = """
[event]
name = "League"
kind = "teams"
rules = ["D4.2", "D4.4"]
[scoring]
vp_scale = "wbf25"
tiebreak = "d3.2"
[[stage]]
id = "regular"
kind = "round_robin"
rules = ["D4.1"]
boards_per_match = 8
[[stage]]
id = "top"
kind = "round_robin"
rules = ["D5.5"]
boards_per_match = 8
  [[stage.entrants]]
  from = "regular"
  places = [1, 3]
  keep_vp = true
  rule = "D5.4"
  [[stage.final]]
  places = [1, 3]
  first = 1
  rule = "D5.5"
[[stage]]
id = "bottom"
kind = "double_round_robin"
rules = ["D4.4"]
boards_per_match = 8
  [[stage.entrants]]
  from = "regular"
  places = [4, 6]
  keep_vp = true
  rule = "D4.4"
  [[stage.final]]
  places = [1, 3]
  first = 4
  rule = "D4.4"
  outcome = "relegated"
"""


def test_d4_4_a_split_keeps_its_vp_and_plays_side_by_side(tmp_path: Path,
                                                         director_post: Any) -> None:
    with app_for(make(tmp_path, SPLIT, 6)) as app:
        director = login(app)
        play(app)
        regular = {line["entry"]: line["vp"] for line in
                   stage(competition(director), "regular")["groups"][0]["standings"]}
        moved = director_post(director, "/director/competition/advance").get_json()
        assert len(moved["summary"]) == 2  # the two groups start together
        play(app)
        data = competition(director)
        assert data["complete"]
        for stage_id in ("top", "bottom"):
            for line in stage(data, stage_id)["groups"][0]["standings"]:
                assert line["carried_vp"] == regular[line["entry"]]
        bottom = stage(data, "bottom")["groups"][0]
        assert len(bottom["rounds"]) == 6  # three teams twice: a bye each round
        places = {p["entry"]: p for p in data["final_places"]}
        for line in bottom["standings"]:
            assert places[line["entry"]]["outcome"] == "relegated"


PAIRS = """
[event]
name = "Pairs"
kind = "pairs"
rules = ["K6.1"]
[[stage]]
id = "pairs"
kind = "pairs"
rules = ["K6.1", "K17.3"]
sessions = 2
session_boards = [10, 14]
boards_per_round = 2
movement = "howell"
  [[stage.final]]
  places = [1, 100]
  first = 1
  rule = "K6.1"
"""


def test_k6_1_a_pairs_stage_over_two_sessions_in_one_event_file(tmp_path: Path,
                                                                director_post: Any) -> None:
    with app_for(make(tmp_path, PAIRS, 10)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        rounds = sorted({s.round for s in store.seatings()})
        sessions = [f for f in competition(director)["stages"][0]["groups"]]
        assert rounds == list(range(1, len(rounds) + 1)) and sessions
        boards = [b for s in store.seatings() for b in s.boards]
        assert len(set(boards)) == len(set(boards))  # one number, one deal
        play(app)
        data = competition(director)
        assert data["complete"]
        lines = data["stages"][0]["groups"][0]["standings"]
        assert all(len(line["sessions"]) == 2 for line in lines)
        percents = [line["percent"] for line in lines]
        assert percents == sorted(percents, reverse=True)
        # Session 2's boards are other deals than session 1's: numbered on.
        fixtures = sorted(store.db["competition_fixtures"].rows, key=lambda r: r["first_round"])
        assert len(fixtures) == 2 and fixtures[1]["first_round"] > fixtures[0]["last_round"]


SWISS_PAIRS = (REPO / "seeds" / "gabsi-bupati-swiss-pairs.toml").read_text()


def test_kc1_3_swiss_pairs_pair_the_next_round_before_the_round_ends(
        tmp_path: Path, director_post: Any) -> None:
    with app_for(make(tmp_path, SWISS_PAIRS, 12)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        # Round 2 goes by number: it is in play with round 1 from the start.
        assert sorted({s.round for s in store.seatings()}) == [1, 2]
        play(app, rounds={1})
        moved = director_post(director, "/director/competition/advance").get_json()
        # Round 3 is paired on round 1's IMPs while round 2 has not been played.
        assert moved["ok"] and moved["first_round"] == 3
        assert not [r for r in store.results() if r.round == 2]
        for _ in range(4):
            play(app)
            director_post(director, "/director/competition/advance")
        play(app)
        data = competition(director)
        assert data["complete"]
        swiss = data["stages"][0]["groups"][0]
        assert len(swiss["rounds"]) == 6


def test_a_competition_played_by_robots_through_the_server_ends_as_the_simulator_says(
        tmp_path: Path, director_post: Any) -> None:
    path = REPO / "seeds" / "gabsi-province-teams.toml"
    with app_for(make(tmp_path, path.read_text(), 8)) as app:
        director = login(app)
        for _ in range(10):
            play(app)
            data = competition(director)
            if data["complete"]:
                break
            for due in data["due"]:
                director_post(director, "/director/competition/decide", key=due["key"],
                              value=due["allowed"][-1])
            director_post(director, "/director/competition/advance")
        assert data["complete"]
    expected = simulate(load_preset(path), seed=SEED, entries=8)
    assert [(p["place"], p["entry"]) for p in data["final_places"]] == [
        (p.place, p.entry) for p in expected.view.final_places]


def test_creating_a_competition_checks_the_number_of_entries(tmp_path: Path) -> None:
    league = (REPO / "seeds" / "pzbs-league-1.toml").read_text()
    with pytest.raises(PresetError, match=r"D1\.1: the competition has 16 entries, not 15"):
        make(tmp_path, league, 15)
    assert not (tmp_path / "competition.db").exists()
    clubs = (REPO / "seeds" / "gabsi-club-teams.toml").read_text()
    with pytest.raises(PresetError, match="--entries is needed"):
        make(tmp_path, clubs, None)
    assert parse_preset(league).competition is not None


BAROMETER = """
[event]
name = "Final"
kind = "pairs"
rules = ["K4.3"]
[[stage]]
id = "final"
kind = "barometer"
rules = ["K4.3", "K17.3"]
session_boards = [7, 14]
boards_per_round = 2
  [[stage.final]]
  places = [1, 100]
  first = 1
  rule = "K4.3"
"""


def test_k4_3_the_projector_shows_the_barometer_after_every_round(tmp_path: Path) -> None:
    with app_for(make(tmp_path, BAROMETER, 8)) as app:
        director = login(app)
        play(app, rounds={1, 2, 3})
        data = director.get("/results/api/projector", headers=JSON).get_json()
        assert data["ok"] and data["round"] == 3 and data["rounds"] == 7
        (stage,) = data["stages"]
        rows = stage["groups"][0]["rows"]
        assert len(rows) == 8 and all(len(r["places"]) == 3 for r in rows)
        percents = [r["percent"] for r in rows]
        assert percents == sorted(percents, reverse=True)
        # Pairs level on percentage are parted by K17.3; only those it leaves level share a
        # place ("2=" twice, issue 22).
        assert [r["place"] for r in rows] == list(range(1, 9))
        assert all(r["rank"] == r["place"] or (r["shared"] and r["rank"] < r["place"])
                   for r in rows)
        assert rows[0]["places"][-1] == 1
        page = director.get("/results/projector").get_data(as_text=True)
        assert "projector" in page


def test_k13_3_a_pair_that_cannot_continue_gives_its_opponents_60_percent(
        tmp_path: Path, director_post: Any) -> None:
    with app_for(make(tmp_path, PAIRS, 10)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        first, second = sorted(store.db["competition_fixtures"].rows,
                               key=lambda r: r["first_round"])
        play(app, rounds={1})
        pair = next(s.ns_pair for s in store.seatings() if s.round == 2)
        body = director_post(director, "/director/withdraw", section="A", pair=pair,
                             why="taken ill").get_json()
        assert body["ok"] and body["boards"] > 0
        adjusted = [a for a in store.db["adjustments"].rows if a["removed_ms"] is None]
        assert {a["round"] for a in adjusted} <= set(range(2, first["last_round"] + 1))
        assert all(json_of(a["ns"])["percent"] in (60, 40) for a in adjusted)
        # Session 2 is another session: the pair's boards there are not given away.
        assert not [a for a in adjusted if a["round"] >= second["first_round"]]


def json_of(text: str) -> dict[str, Any]:
    import json

    value: dict[str, Any] = json.loads(text)
    return value


def test_the_results_pages_and_sheet_show_every_stage_and_the_final_places(
        tmp_path: Path, director_post: Any) -> None:
    from server.publish.printing import DOCUMENTS

    with app_for(make(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        anonymous = app.test_client()
        assert anonymous.get("/results/api/competition").status_code == 403
        for _ in range(4):
            play(app)
            data = competition(director)
            for due in data["due"]:
                director_post(director, "/director/competition/decide", key=due["key"],
                              value=due["allowed"][-1])
            director_post(director, "/director/competition/advance")
        director_post(director, "/director/publication", published=True)
        public = anonymous.get("/results/api/competition").get_json()
        assert public["ok"] and public["complete"] and "due" not in public
        assert [p["entry"] for p in public["final_places"]][:2] == [
            p["entry"] for p in competition(director)["final_places"]][:2]
        page = anonymous.get("/results/").get_data(as_text=True)
        assert "knock-out" in page and 'data-testid="advance"' not in page
        store: Store = app.extensions["traveller.store"]
        sheet = DOCUMENTS["results"](store, {"round": None}, "en")[0]
        text = "\n".join(getattr(block, "text", "") for block in sheet.blocks)
        assert "Final places" in text and "c/o 2.4 D1.4" in text
        # Issue 15 item 8: the sheet's own words in the paper's language.
        sheet = DOCUMENTS["results"](store, {"round": None}, "pl")[0]
        text = "\n".join(getattr(block, "text", "") for block in sheet.blocks)
        assert "Miejsca końcowe" in text and "Final places" not in text


TIED_FINAL = """
[event]
name = "Final"
kind = "teams"
rules = ["K17.2"]
[scoring]
vp_scale = "wbf2013"
[[stage]]
id = "rr"
kind = "round_robin"
rules = ["K3.2"]
boards_per_match = 2
[[stage]]
id = "ko"
kind = "knockout"
rules = ["K17.2"]
seeds = ["1", "2"]
tie = "k17.2"
  [[stage.entrants]]
  from = "rr"
  places = [1, 2]
  label = "{place}"
  [[stage.match]]
  id = "final"
  round = "final"
  home = "1"
  away = "2"
  boards = 4
  [[stage.place]]
  entrants = ["winner:final", "loser:final"]
  places = [1, 2]
  rule = "K17.2"
"""


def test_k17_2_a_tied_knock_out_plays_4_extra_boards_then_sudden_death_boards(
        tmp_path: Path, director_post: Any) -> None:
    from tests.integration.teams_event import enter

    with app_for(make(tmp_path, TIED_FINAL, 4)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        play(app)
        assert director_post(director, "/director/competition/advance").get_json()["ok"]

        def level(number: int) -> None:
            for seating in store.seatings():
                if seating.round == number:
                    for board in seating.boards:
                        assert enter(store, seating.section, seating.table_number,
                                     board)["ok"]

        final_round = max(s.round for s in store.seatings())
        level(final_round)  # every board passed out in both rooms: 0-0
        extra = director_post(director, "/director/competition/advance").get_json()
        assert extra["ok"] and extra["first_round"] == final_round + 1
        boards = {len(s.boards) for s in store.seatings() if s.round == final_round + 1}
        assert boards == {4}  # K17.2: 4 extra boards
        level(final_round + 1)
        sudden = director_post(director, "/director/competition/advance").get_json()
        assert {len(s.boards) for s in store.seatings()
                if s.round == sudden["first_round"]} == {1}
        board = next(s.boards[0] for s in store.seatings() if s.round == sudden["first_round"])
        assert enter(store, "O", 1, board)["ok"]  # the home team passes it out
        assert enter(store, "C", 1, board, "4S", 10, "N")["ok"]  # the away team makes game
        data = competition(director)
        final = stage(data, "ko")["matches"][0]
        assert final["decided_by"] == "sudden_death" and final["extra_boards"] == 5
        assert final["winner"] == final["away"] and data["complete"]


TWO_STAGE_PAIRS = """
[event]
name = "Pairs"
kind = "pairs"
rules = ["K4.5", "K5.1"]
[[stage]]
id = "prelim"
kind = "pairs"
rules = ["K5.1"]
session_boards = [6, 14]
movement = "howell"
[[stage]]
id = "final"
kind = "pairs"
rules = ["K5.1", "K4.5"]
session_boards = [6, 14]
movement = "howell"
  [[stage.entrants]]
  from = "prelim"
  places = [1, 6]
  rule = "K5.1"
  why = "the 6 best pairs"
"""


def test_k4_5_an_absent_pair_is_replaced_by_the_next_ranked(tmp_path: Path,
                                                           director_post: Any) -> None:
    with app_for(make(tmp_path, TWO_STAGE_PAIRS, 10)) as app:
        director = login(app)
        play(app)
        data = competition(director)
        ranking = [line["entry"] for line in stage(data, "prelim")["groups"][0]["standings"]]
        assert stage(data, "final")["status"] == "ready"
        page = director.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="replace-final"' in page
        refused = director_post(director, "/director/competition/decide", key="final/replace",
                                value={"absent": ranking[2], "by": ranking[7]})
        assert refused.status_code == 409
        assert refused.get_json()["code"] == "not_next_ranked"
        done = director_post(director, "/director/competition/decide", key="final/replace",
                             value={"absent": ranking[2], "by": ranking[6]}, why="absent")
        assert done.status_code == 200
        final = stage(competition(director), "final")
        assert ranking[6] in final["groups"][0]["entries"]
        assert ranking[2] not in final["groups"][0]["entries"]
        why = next(q["why"] for q in stage(competition(director), "prelim")["qualified"]
                   if q["entry"] == ranking[6])
        assert why.startswith("K4.5")
        director_post(director, "/director/competition/advance")
        refused = director_post(director, "/director/competition/decide", key="final/replace",
                                value={"absent": ranking[0], "by": ranking[2]})
        assert refused.get_json()["code"] == "already_playing"


JOINING_PAIRS = """
[event]
name = "Pairs"
kind = "pairs"
rules = ["K4.2", "K4.4"]
[[stage]]
id = "prelim"
kind = "pairs"
rules = ["K4.2"]
session_boards = [6, 14]
movement = "howell"
[[stage]]
id = "final"
kind = "pairs"
rules = ["K4.2", "K4.4"]
session_boards = [6, 14]
movement = "howell"
  [[stage.entrants]]
  from = "prelim"
  places = [1, 4]
  rule = "K4.2"
  why = "the 4 best pairs"
  [[stage.entrants]]
  from = "join"
  count = 2
  name = "Club pair {n}"
  rule = "K4.2"
  why = "pairs of the inter-club teams, registered players (K4.4)"
"""


def test_k4_2_k4_4_pairs_join_from_another_competition_only_with_registered_players(
        tmp_path: Path, director_post: Any) -> None:
    with app_for(make(tmp_path, JOINING_PAIRS, 8)) as app:
        director = login(app)
        upload = director.post("/director/players/import", headers=JSON, data={
            "csrf_token": director.csrf, "file": (io.BytesIO(
                b"id,name,gender\n201,Ann North,F\n202,Bob South,M\n203,Cid East,M\n"
                b"204,Dee West,F\n"), "players.csv")}, content_type="multipart/form-data")
        assert upload.get_json()["ok"]
        play(app)
        due = [d for d in competition(director)["due"] if d["kind"] == "join"]
        assert [d["key"] for d in due] == ["final/join2"]
        refused = director_post(director, "/director/competition/advance")
        assert refused.get_json()["code"] == "decisions_due"

        def decide(value: Any) -> Any:
            return director_post(director, "/director/competition/decide", key="final/join2",
                                 value=value, why="inter-club pairs")

        stranger = decide([{"name": "Club A", "players": ["201", "999"]},
                           {"name": "Club B", "players": ["203", "204"]}])
        assert stranger.status_code == 400
        assert stranger.get_json()["code"] == "invalid_entries"
        assert "K4.4: 999 is not a registered player" in stranger.get_json()["error"]
        not_a_list = decide([{"name": "Club A", "players": "201"}])
        assert not_a_list.get_json()["code"] == "invalid_entries"
        assert "players is a list" in not_a_list.get_json()["error"]
        too_many = decide([{"name": f"Club {c}", "players": []} for c in "ABC"])
        assert too_many.get_json()["code"] == "too_many"
        assert not [d for d in competition(director)["due"] if d["kind"] != "join"]
        assert competition(director)["due"], "a refused decision changes nothing"

        done = decide([{"name": "Club A", "players": ["201", "202"]},
                       {"name": "Club B", "players": ["203", "204"]}])
        assert done.status_code == 200, done.get_json()
        assert not competition(director)["due"]
        assert director_post(director, "/director/competition/advance").get_json()["ok"]
        final = stage(competition(director), "final")
        names = {e["id"]: e["name"] for e in competition(director)["entries"]}
        playing = final["groups"][0]["entries"]
        assert len(playing) == 6
        assert {names[e] for e in playing} >= {"Club A", "Club B"}
        assert [j["entry"] for j in final["joined"]] == [9, 10]


def test_k13_1_a_walk_over_counts_in_the_competition(tmp_path: Path,
                                                     director_post: Any) -> None:
    with app_for(make(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        first = next(s for s in store.seatings() if s.round == 1 and s.section == "O")
        ruled = director_post(director, "/director/teams/rulings/walkover", round=1,
                              team=first.ew_pair, why="did not turn up").get_json()
        assert ruled["ok"], ruled
        play(app)
        rr = stage(competition(director), "rr")
        match = next(m for m in rr["groups"][0]["rounds"][0]["matches"]
                     if {m["home"], m["away"]} == {first.ns_pair, first.ew_pair})
        assert match["imps"] == [0, 0]
        assert match["vp"][0] == 18 and match["vp"][1] == 0  # K13.1 (c): 18 VP, no IMPs


COMPETITIONS = sorted(p.name for p in (REPO / "seeds").glob("*.toml")
                      if load_preset(p).competition is not None)


@pytest.mark.parametrize("name", COMPETITIONS)
def test_every_competition_preset_makes_an_event_with_its_first_stage_in_play(
        tmp_path: Path, name: str) -> None:
    from server.cli import main

    spec = load_preset(REPO / "seeds" / name).competition
    assert spec is not None
    entries = [] if spec.entries.count else ["--entries", str(max(spec.entries.minimum, 12))]
    path = tmp_path / "event.db"
    assert main(["new", str(path), "--preset", str(REPO / "seeds" / name), "--password",
                 PASSWORD, "--base-url", "http://testserver", *entries]) == 0
    with app_for(path) as app:
        store: Store = app.extensions["traveller.store"]
        assert store.seatings() and store.tables()
        data = login(app).get("/director/competition/", headers=JSON).get_json()
        first = data["stages"][0]
        assert first["status"] == "playing"
        assert all(s["status"] == "waiting" for s in data["stages"][1:]
                   if not s["id"] == first["id"])


def test_an_advance_sends_the_new_tables_cards_and_the_guide_cards_to_the_printer(
        tmp_path: Path, director_post: Any) -> None:
    from server.publish import printing

    with app_for(make(tmp_path, TWO_STAGE_PAIRS, 14)) as app:
        director = login(app)
        store: Store = app.extensions["traveller.store"]
        printing.set_printer(store, f"file:{tmp_path / 'spool.bin'}", "80mm", "director")
        play(app)
        moved = director_post(director, "/director/competition/advance").get_json()
        assert moved["ok"] and len(moved["printing"]) == 1  # the same tables: guide cards
        jobs = list(store.db["print_jobs"].rows)
        assert [j["document"] for j in jobs] == ["guide-cards"]
