"""A competition's decisions as the director takes them on the console: a captain's choice of
opponent changed and withdrawn before its matches are put in play, and standing after (D4.3,
K1.4, D4.7's choices in turn); pairs joining with their registered players only (K4.2, K4.3,
K4.4); the next advance's whole draw, Undo only while nothing of it is played; and one password
rule for the command line and the console."""

from __future__ import annotations

import io
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.cli import main
from server.event.players import import_csv
from server.stages.rehearsal import play_in_play
from server.store import Store
from server.table import seating
from tests.integration.teams_event import app_for
from tests.integration.test_clocks import JSON
from tests.integration.test_competition import (
    JOINING_PAIRS,
    KNOCKOUT,
    TWO_STAGE_PAIRS,
    competition,
    make,
    stage,
)
from tests.integration.test_director import login

SEED = 11
DECIDE = "/director/competition/decide"
WITHDRAW = "/director/competition/withdraw"


def clock() -> int:
    return int(time.time() * 1000)


def played(tmp_path: Path, text: str, entries: int) -> Path:
    """A competition whose first stage the robots have played through the tables' use cases."""
    path = make(tmp_path, text, entries)
    store = Store.open(path)
    try:
        play_in_play(store, SEED, clock)
    finally:
        store.close()
    return path


@pytest.fixture
def post() -> Iterator[Any]:
    def send(client: Any, url: str, **data: Any) -> Any:
        return client.post(url, json=data, headers={**JSON, "X-CSRF-Token": client.csrf})
    yield send


def audit(app: Any, *actions: str) -> list[dict[str, Any]]:
    store: Store = app.extensions["traveller.store"]
    return [a for a in store.audit_rows() if a["action"] in actions]


def test_d4_3_a_captains_choice_changes_and_is_withdrawn_until_its_matches_are_in_play(
        tmp_path: Path, post: Any) -> None:
    with app_for(played(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        data = competition(director)
        ranking = [line["entry"] for line in stage(data, "rr")["groups"][0]["standings"]]
        key = data["due"][0]["key"]
        page = director.get("/director/competition/").get_data(as_text=True)
        # No option is taken for the captain: the form asks for one.
        assert '<option value="" selected disabled>' in page
        assert f'<option value="{ranking[2]}">' in page
        assert post(director, DECIDE, key=key, value=ranking[2]).status_code == 200
        taken = competition(director)["decided"]
        assert [(t["key"], t["value"], t["open"], t["allowed"]) for t in taken] == [
            (key, ranking[2], True, [ranking[2], ranking[3]])]
        page = director.get("/director/competition/").get_data(as_text=True)
        assert f'data-testid="change-{key}"' in page
        assert f'data-testid="withdraw-decision-{key}"' in page

        # The captain changes his mind before the matches are put in play: audited, old and new.
        changed = post(director, DECIDE, key=key, value=ranking[3], why="the captain changed")
        assert changed.status_code == 200 and changed.get_json()["changed"] is True
        assert post(director, DECIDE, key=key, value=ranking[4]).get_json()["code"] == "not_allowed"
        row = audit(app, "decision")[-1]
        assert (json.loads(row["old"]), json.loads(row["new"]), row["why"]) == (
            ranking[2], ranking[3], "the captain changed")
        s1 = next(m for m in competition(director)["next"]["draw"] if m["key"] == "ko/s1")
        assert (s1["home"], s1["away"]) == (ranking[0], ranking[3])

        # Withdrawn: asked for again, and nothing to put in play meanwhile.
        withdrawn = post(director, WITHDRAW, key=key, why="the captain is not sure")
        assert withdrawn.get_json() == {"ok": True, "key": key, "withdrawn": ranking[3]}
        data = competition(director)
        assert [d["key"] for d in data["due"]] == [key]
        assert data["decided"] == [] and not data["next"]
        removed = audit(app, "decision removed")[-1]
        assert (json.loads(removed["old"]), removed["new"], removed["why"]) == (
            ranking[3], None, "the captain is not sure")
        assert post(director, WITHDRAW, key=key).get_json()["code"] == "not_decided"

        # Decided again and put in play: the choice stands, and the console says why.
        assert post(director, DECIDE, key=key, value=ranking[2]).status_code == 200
        assert post(director, "/director/competition/advance").get_json()["ok"]
        for refused in (post(director, DECIDE, key=key, value=ranking[3]),
                        post(director, WITHDRAW, key=key)):
            assert refused.status_code == 409, refused.get_json()
            assert refused.get_json()["code"] == "decision_stands"
            assert "D4.3" in refused.get_json()["error"] and "s1" in refused.get_json()["error"]
        taken = competition(director)["decided"]
        assert taken[0]["open"] is False and "in play since round 6" in taken[0]["stands"]
        page = director.get("/director/competition/").get_data(as_text=True)
        assert f'data-testid="stands-{key}"' in page and f'data-testid="change-{key}"' not in page

        # Undoing the advance opens it again.
        assert post(director, "/director/competition/undo").status_code == 200
        assert competition(director)["decided"][0]["open"] is True
        assert post(director, DECIDE, key=key, value=ranking[3]).status_code == 200


def test_the_next_advance_shows_its_whole_draw_and_undo_only_while_nothing_is_played(
        tmp_path: Path, post: Any) -> None:
    with app_for(played(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        data = competition(director)
        # Round 1's matches are played: that advance is not offered for undoing.
        assert data["last_advance"]["played"] > 0
        page = director.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="undo"' not in page and 'data-testid="undo-closed"' in page
        post(director, DECIDE, key=data["due"][0]["key"], value=data["due"][0]["allowed"][0])
        nxt = competition(director)["next"]
        names = {e["id"]: e["name"] for e in data["entries"]}
        assert [(m["key"], m["table"], m["home_name"], m["away_name"]) for m in nxt["draw"]] == [
            (f"ko/{m}", t, names[h], names[a]) for m, t, h, a in (
                ("s1", 1, *_pair(data, "s1")), ("s2", 2, *_pair(data, "s2")))]
        page = director.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="next-draw"' in page and 'data-testid="draw-ko/s2"' in page
        post(director, "/director/competition/advance")
        page = director.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="undo"' in page and 'data-testid="undo-closed"' not in page


def _pair(data: dict[str, Any], match: str) -> tuple[int, int]:
    """The semi-final's teams as the choice made them (1 v chosen, 2 v the other)."""
    ranking = [line["entry"] for line in stage(data, "rr")["groups"][0]["standings"]]
    due = data["due"][0]
    chosen = due["allowed"][0]
    other = next(t for t in due["allowed"] if t != chosen)
    return (ranking[0], chosen) if match == "s1" else (ranking[1], other)


IN_TURN = KNOCKOUT.replace('''  [[stage.match]]
  id = "s1"''', '''  [[stage.choice]]
  id = "2 chooses"
  chooser = "2"
  options = ["3", "4"]
  exclude = ["1 chooses"]
  rule = "D4.7"
  [[stage.match]]
  id = "s1"''').replace('away = "not-chosen:1 chooses"', 'away = "chosen:2 chooses"')
"""KNOCKOUT with the second team choosing after the first, from what is left (D4.7)."""


def test_d4_7_a_choice_taken_on_top_of_another_holds_it(tmp_path: Path, post: Any) -> None:
    with app_for(played(tmp_path, IN_TURN, 6)) as app:
        director = login(app)
        first = competition(director)["due"][0]
        decided = post(director, DECIDE, key=first["key"], value=first["allowed"][0])
        assert decided.status_code == 200
        second = competition(director)["due"][0]
        assert second["key"] == "ko/2 chooses" and second["allowed"] == [first["allowed"][1]]
        decided = post(director, DECIDE, key=second["key"], value=second["allowed"][0])
        assert decided.status_code == 200
        # 2 chose the team 1 left over: 1 may not take it now, nor leave 2 without ground.
        refused = post(director, DECIDE, key=first["key"], value=first["allowed"][1])
        assert refused.get_json()["code"] == "contradicts_decision", refused.get_json()
        refused = post(director, WITHDRAW, key=first["key"])
        assert refused.get_json()["code"] == "decisions_depend"
        assert "ko/2 chooses" in refused.get_json()["error"]
        assert post(director, WITHDRAW, key=second["key"]).status_code == 200
        assert post(director, WITHDRAW, key=first["key"]).status_code == 200
        assert [d["key"] for d in competition(director)["due"]] == ["ko/1 chooses"]


def test_k4_4_pairs_join_with_their_registered_players_each_in_one_entry(
        tmp_path: Path, post: Any) -> None:
    path = make(tmp_path, JOINING_PAIRS, 8)
    store = Store.open(path)
    # Round 1's pairs say who they are: players 301-316, pair by pair.
    listed = "".join(f"{n},Player {n},\n" for n in range(301, 317))
    import_csv(store, "id,name,gender\n" + listed + "201,Ann North,F\n202,Bob South,M\n"
               "203,Cid East,M\n204,Dee West,F\n", "test")
    seated: dict[int, list[str]] = {}
    for table in store.tables():
        here = next(s for s in store.seatings(table.section, table.number) if s.round == 1)
        ids = [str(300 + 2 * here.ns_pair - 1), str(300 + 2 * here.ns_pair),
               str(300 + 2 * here.ew_pair - 1), str(300 + 2 * here.ew_pair)]
        seating.set_players(store, table, {"op_id": str(uuid.uuid4()), "round": 1,
                                           **dict(zip(("north", "south", "east", "west"), ids,
                                                      strict=True))}, clock(), "test")
        seated[here.ns_pair], seated[here.ew_pair] = ids[:2], ids[2:]
    play_in_play(store, SEED, clock)
    store.close()
    with app_for(path) as app:
        director = login(app)
        data = competition(director)
        ranking = [line["entry"] for line in stage(data, "prelim")["groups"][0]["standings"]]
        names = {e["id"]: e["name"] for e in data["entries"]}
        best, out = seated[ranking[0]], seated[ranking[-1]]

        def join(*entries: tuple[str, list[str]]) -> Any:
            return post(director, DECIDE, key="final/join2", why="inter-club pairs",
                        value=[{"name": name, "players": players} for name, players in entries])

        nameless = join(("Club A", []), ("Club B", ["203", "204"]))
        assert nameless.status_code == 400
        assert "K4.4: Club A names 0 players: a pair joins with its 2 players' IDs" in (
            nameless.get_json()["error"])
        twice = join(("Club A", ["201", "202"]), ("Club B", ["202", "204"]))
        assert twice.get_json()["code"] == "invalid_entries"
        assert "K4.4: 202 (Bob South) is in Club A and in Club B" in twice.get_json()["error"]
        playing = join(("Club A", ["201", best[1]]), ("Club B", ["203", "204"]))
        assert playing.get_json()["code"] == "invalid_entries"
        assert (f"K4.4: {best[1]} (Player {best[1]}) already plays final in "
                f"{names[ranking[0]]} (entry {ranking[0]})" in playing.get_json()["error"])
        # The console's form: one line a pair, the name, then ; and the players' IDs.
        form = director.post(DECIDE, data={
            "csrf_token": director.csrf, "key": "final/join2", "kind": "join",
            "value": "Club A; 201, 202\nClub B\n"})
        assert form.status_code == 400 and "Club B names 0 players" in form.get_data(as_text=True)
        # A player of a pair that did not reach the final may join it with a club pair.
        done = join(("Club A", ["201", "202"]), ("Club B", ["203", out[0]]))
        assert done.status_code == 200, done.get_json()
        assert competition(director)["decided"][0]["value"]["entries"][1]["players"] == [
            "203", out[0]]


def test_traveller_new_takes_the_consoles_password_rule(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.db"
    preset = str(Path(__file__).resolve().parents[2] / "seeds" / "demo.toml")
    assert main(["new", str(path), "--preset", preset, "--password", "abcdef"]) == 1
    assert "--password needs at least 8 characters" in capsys.readouterr().err
    assert not path.exists()
    assert main(["new", str(path), "--preset", preset, "--password", "abcdefgh",
                 "--base-url", "http://testserver"]) == 0
    assert path.exists()


def test_k4_4_the_console_lists_a_join_to_change(tmp_path: Path, post: Any) -> None:
    with app_for(played(tmp_path, JOINING_PAIRS, 8)) as app:
        director = login(app)
        director.post("/director/players/import", headers=JSON, data={
            "csrf_token": director.csrf, "file": (io.BytesIO(
                b"id,name,gender\n201,Ann North,F\n202,Bob South,M\n203,Cid East,M\n"
                b"204,Dee West,F\n"), "players.csv")}, content_type="multipart/form-data")
        value = [{"name": "Club A", "players": ["201", "202"]}]
        assert post(director, DECIDE, key="final/join2", value=value).status_code == 200
        taken = competition(director)["decided"][0]
        assert (taken["kind"], taken["open"], taken["count"]) == ("join", True, 2)
        page = director.get("/director/competition/").get_data(as_text=True)
        assert "Club A; 201, 202" in page  # the change form holds the entries as they are
        again = [*value, {"name": "Club B", "players": ["203", "204"]}]
        changed = post(director, DECIDE, key="final/join2", value=again)
        assert changed.get_json()["changed"] is True
        ids = [e["id"] for e in competition(director)["decided"][0]["value"]["entries"]]
        assert ids == [9, 10]


def test_k4_5_a_replacement_is_withdrawn_before_its_stage_is_in_play(
        tmp_path: Path, post: Any) -> None:
    with app_for(played(tmp_path, TWO_STAGE_PAIRS, 10)) as app:
        director = login(app)
        data = competition(director)
        ranking = [line["entry"] for line in stage(data, "prelim")["groups"][0]["standings"]]
        replaced = post(director, DECIDE, key="final/replace",
                        value={"absent": ranking[2], "by": ranking[6]}, why="absent")
        assert replaced.status_code == 200
        taken = competition(director)["decided"][0]
        assert (taken["kind"], taken["value"], taken["open"]) == (
            "replace", {str(ranking[2]): ranking[6]}, True)
        page = director.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="withdraw-decision-final/replace"' in page
        assert 'data-testid="change-final/replace"' not in page  # the K4.5 form changes it
        assert post(director, WITHDRAW, key="final/replace", why="arrived").status_code == 200
        assert ranking[2] in stage(competition(director), "final")["groups"][0]["entries"]
