"""D2.1 where the rosters are required (the pzbs-league presets): a teams table gives its
line-up before the first board of its match, and a result entered before it is refused
(`lineup_required`, naming the teams), each room on its own; robots rehearsing League I give
line-ups from the rosters (robot players for teams without one) and still end where
`traveller simulate` ends, and robot pairs joining a K4.4 stage name their players."""

from __future__ import annotations

import json
import sqlite3
import uuid
from pathlib import Path
from typing import Any

from server.competition import simulate
from server.formats import load_preset
from server.store import teams as sql
from tests.conftest import REPO
from tests.integration import teams_event as te
from tests.integration.rehearsed import SEED, rehearsed
from tests.integration.test_teams_play import join, store_of, submit


def line_up(client: Any, **seats: Any) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1,
                                                      **seats}, namespace="/table",
                                      callback=True)
    return ack


def test_d2_1_a_result_before_the_line_up_is_refused_and_taken_after_it(
        tmp_path: Path) -> None:
    with te.app_for(te.create(tmp_path / "league.db", "pzbs-league", tables=2)) as app:
        store = store_of(app)
        match = next(s for s in store.seatings("O", 1) if s.round == 1)
        home, away = match.ns_pair, match.ew_pair
        names = {t["number"]: t["name"] for t in sql.teams(store)}
        with store.write() as db:
            sql.put_roster(store, db, home, ["101", "102", "103", "104"], "test", "roster")
            sql.put_roster(store, db, away, ["401", "402", "403", "404"], "test", "roster")
        open_room, closed_room = join(app, "O"), join(app, "C")
        refused = submit(open_room, match.boards[0], "4S", 10)
        assert refused["ok"] is False and refused["code"] == "lineup_required"
        assert refused["status"] == 409
        assert refused["error"].startswith("D2.1: the line-up of table 1 (open room) in round 1")
        assert f"{names[home]} (North-South) and {names[away]} (East-West)" in refused["error"]
        assert not store.results()
        # The line-up of the match's first segment: then its boards are taken.
        assert line_up(open_room, segment=1, north="101", south="102", east="401",
                       west="402")["ok"]
        assert submit(open_room, match.boards[0], "4S", 10)["ok"]
        # The closed room gives its own.
        assert submit(closed_room, match.boards[0], "4S", 9)["code"] == "lineup_required"
        assert line_up(closed_room, north="403", south="404", east="103", west="104")["ok"]
        assert submit(closed_room, match.boards[0], "4S", 9)["ok"]
        assert len(store.results()) == 2


def _final_places(data: dict[str, Any]) -> list[tuple[int, int]]:
    return [(p["place"], p["entry"]) for p in data["final_places"]]


def test_d2_1_robots_line_up_and_play_league_1_to_the_simulators_final_places(
        tmp_path: Path) -> None:
    from server.stages.view import standings
    from server.store import Store

    path = rehearsed("pzbs-league-1", tmp_path / "league-1.db")
    store = Store.open(path)
    try:
        data, _ = standings(store, 0)
        assert data["complete"]
        expected = simulate(load_preset(REPO / "seeds" / "pzbs-league-1.toml"), seed=SEED)
        assert _final_places(data) == [(p.place, p.entry) for p in expected.view.final_places]
        # The robot director gave every team four robot players (D2.1: no rosters here).
        rosters = [a for a in store.audit_rows() if a["action"] == "roster"]
        assert len(rosters) == 20 and all(a["actor"] == "robot director" for a in rosters)
        # D4.7: the League II runners-up joined by name.
        joins = [d for d in _decisions(path) if d["kind"] == "join"]
        assert [len(e["players"]) for d in joins for e in d["value"]["entries"]] == [0] * 4
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        lined_up = set(db.execute("select section, table_number, round from table_players"))
        played = set(db.execute("select section, table_number, round from results"))
    assert played and played <= lined_up


def _decisions(path: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("select kind, value from competition_decisions "
                          "where removed_ms is null").fetchall()
    return [{"kind": kind, "value": json.loads(value)} for kind, value in rows]


def test_k4_4_robot_pairs_joining_name_their_registered_players(tmp_path: Path) -> None:
    path = rehearsed("gabsi-open-pairs", tmp_path / "open-pairs.db")
    joins = [d["value"]["entries"] for d in _decisions(path) if d["kind"] == "join"]
    assert [len(entries) for entries in joins] == [36, 12]
    players = [p for entries in joins for e in entries for p in e["players"]]
    assert len(players) == 2 * 48 and len(set(players)) == len(players)
    with sqlite3.connect(path) as db:
        listed = {row[0] for row in db.execute("select federation_id from players")}
    assert set(players) <= listed
