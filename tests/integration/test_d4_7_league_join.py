"""D4.7: League I's barrage takes the four League II group runners-up (D5.7: each group final's
loser) from League II's own event file, with their names and their rosters' players (D2.1),
through the console's join decision (audited, changeable until the barrage is in play); the
barrage then plays to its end with them. League II's file is never written. Refused: League II
not finished (naming its groups), League I's join in play, a file that is not an event, a
competition that sends nobody to D4.7, other than four sent, a player already on a League I
team's roster; on the console, an upload that is none of League II's or is too large.

The files are the robots' (`rehearsed.moment_files`, shared with the other tests of a run):
League II played to its end (and after its first advance), League I fresh (its barrage's join
is due from the start), after 5 advances (the robot director's typed join in force, the
barrage not in play) and after 6 (the barrage's first match in play).
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from server.cli import main
from server.errors import TravellerError
from server.stages.league_join import read_league, sent
from server.stages.view import current
from server.store import Store
from server.store import competition as competition_sql
from server.store import players as players_sql
from server.store import teams as teams_sql
from tests.integration.rehearsed import SEED, clock, copy, moment_files
from tests.integration.teams_event import app_for
from tests.integration.test_director import login

pytestmark = pytest.mark.timeout(900)
"""League II played to its end takes a minute or more when no other test of the run made it."""

GROUPS = ("NW", "NE", "SW", "SE")
DUE, OPEN, IN_PLAY = 0, 5, 6
"""League I's moments: the join due, the robots' join in force and open, the barrage in play."""


@pytest.fixture(scope="module")
def leagues() -> dict[str, Path]:
    league_ii = moment_files("pzbs-league-2", {1, None})
    league_i = moment_files("pzbs-league-1", {DUE, OPEN, IN_PLAY})
    return {"II": league_ii[None], "II partway": league_ii[1], **{
        f"I{n}": path for n, path in league_i.items()}}


def registered(path: Path) -> dict[int, list[dict[str, str]]]:
    """League II as a federation keeps it (D2.1): every team's roster of federation IDs, each
    player on the players list; the NW teams have six players, the others four."""
    store = Store.open(path)
    try:
        rosters = {}
        rows = []
        for team in teams_sql.teams(store):
            number = team["number"]
            size = 6 if number <= 16 else 4
            players = [{"federation_id": f"{20000 + number * 10 + k}",
                        "name": f"Zając {number}.{k}", "gender": "", "club": f"KS {number}"}
                       for k in range(1, size + 1)]
            rosters[number] = players
            rows.extend(players)
        with store.write() as db:
            players_sql.import_players(store, db, rows, "federation", "CEZAR")
            for number, players in rosters.items():
                teams_sql.put_roster(store, db, number, [p["federation_id"] for p in players],
                                     "federation", "CEZAR")
        return rosters
    finally:
        store.close()


def runners_up(path: Path) -> list[tuple[str, int, str]]:
    """D5.7: each group final's loser, group by group as League II registers them."""
    store = Store.open(path)
    try:
        view = current(store, clock()).view
        names = {e.id: e.name for e in view.entries}
        playoff = view.stage("playoff").progress
        assert playoff is not None
        finals = {m.group: m.loser for m in playoff.matches if m.id.endswith("final")}
        return [(group, finals[group], names[finals[group]]) for group in GROUPS
                if finals[group] is not None]
    finally:
        store.close()


def run(capsys: Any, *args: str) -> tuple[int, str, str]:
    code = main(["join", *args])
    out, err = capsys.readouterr()
    return code, out, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def league_ii(leagues: dict[str, Path], tmp_path: Path) -> tuple[Path, dict[int, Any]]:
    path = copy(leagues["II"], tmp_path / "league-2.db")
    return path, registered(path)


def test_d4_7_join_takes_league_ii_runners_up_with_their_players(
        leagues: dict[str, Path], league_ii: tuple[Path, dict[int, Any]], tmp_path: Path,
        capsys: Any) -> None:
    source, rosters = league_ii
    league_i = copy(leagues[f"I{DUE}"], tmp_path / "league-1.db")
    expected = runners_up(source)
    assert len(expected) == 4
    before = digest(source)
    code, out, err = run(capsys, str(league_i), str(source), "--json")
    assert (code, err) == (0, "")
    body = json.loads(out)
    assert body["stage"] == "barrage" and body["rule"] == "D4.7"
    assert body["key"] == "barrage/join3" and body["decision"] == "taken"
    assert body["source"] == "PZBS League II (DMP 2007/08)"
    assert [(j["label"], j["group"], j["league_entry"], j["name"], j["place"])
            for j in body["joined"]] == [
        (f"II{n}", group, entry, name, 2) for n, (group, entry, name) in enumerate(expected, 1)]
    for joined in body["joined"]:
        assert joined["players"] == [{"id": p["federation_id"], "name": p["name"]}
                                     for p in rosters[joined["league_entry"]]]
    assert body["registered"] == sum(len(j["players"]) for j in body["joined"]) == 6 + 3 * 4
    assert digest(source) == before  # League II's file is only read

    store = Store.open(league_i)
    try:
        decision = next(d for d in competition_sql.decisions(store)
                        if d["key"] == "barrage/join3")
        assert decision["actor"] == "cli" and decision["why"].startswith("D4.7: from ")
        assert [(e["id"], e["name"], e["players"]) for e in decision["value"]["entries"]] == [
            (j["entry"], j["name"], [p["id"] for p in j["players"]]) for j in body["joined"]]
        listed = {p["federation_id"]: p for p in players_sql.players(store)}
        for joined in body["joined"]:
            for player in rosters[joined["league_entry"]]:
                assert listed[player["federation_id"]]["name"] == player["name"]
                assert listed[player["federation_id"]]["club"] == player["club"]
        audit = {r["action"]: r for r in store.audit_rows() if r["actor"] == "cli"}
        assert json.loads(audit["players_imported"]["new"])["added"] == 18
        assert audit["players_imported"]["why"].startswith("D4.7: players joining barrage")
        assert json.loads(audit["decision"]["new"])["entries"] == decision["value"]["entries"]
        view = current(store, clock()).view
        assert not [d for d in view.due if d.kind == "join"]
        assert [(e.id, e.name, e.joined) for e in view.entries if e.joined] == [
            (j["entry"], j["name"], "barrage") for j in body["joined"]]
    finally:
        store.close()
    # Again: the join in force already names them, nothing written.
    code, out, _ = run(capsys, str(league_i), str(source))
    assert code == 0 and "already names them" in out.splitlines()[0]
    assert "II1: " in out and "6 players" in out


def test_d4_7_the_barrage_plays_to_the_end_with_league_ii_teams(
        leagues: dict[str, Path], league_ii: tuple[Path, dict[int, Any]], tmp_path: Path,
        capsys: Any) -> None:
    source, rosters = league_ii
    league_i = copy(leagues[f"I{OPEN}"], tmp_path / "league-1.db")
    code, out, err = run(capsys, str(league_i), str(source), "--json")
    assert (code, err) == (0, "")
    body = json.loads(out)
    assert body["decision"] == "changed"  # the robot director's typed names, still open
    joined = {j["entry"]: j for j in body["joined"]}
    assert main(["robots", str(league_i), "--seed", str(SEED), "--to-the-end", "--quiet"]) == 0
    assert capsys.readouterr().out.strip().endswith("the final places are known")
    store = Store.open(league_i)
    try:
        view = current(store, clock()).view
        assert view.complete
        barrage = view.stage("barrage")
        assert set(joined) <= set(barrage.entrants)
        # D2.1: each joined team plays with its League II roster, as its line-ups show.
        roster = teams_sql.roster(store)
        for entry, j in joined.items():
            assert sorted(p for p, t in roster.items() if t == entry) == sorted(
                p["federation_id"] for p in rosters[j["league_entry"]])
        seated = {row[s] for row in players_sql.seatings(store)
                  for s in ("north", "south", "east", "west")}
        assert {p["id"] for j in joined.values() for p in j["players"]} & seated
        placed = {p.entry for p in view.final_places}
        assert set(joined) <= placed
        # A place decided by the barrage says which match decided it: a knock-out's order is
        # its seeding, never "6th of the barrage".
        whys = [p.why for p in view.final_places]
        assert not [w for w in whys if re.search(r"\d(st|nd|rd|th) of the barrage", w)]
        assert any(re.search(r"won the barrage round \d \(x\d\)", w) for w in whys)
    finally:
        store.close()


def test_d4_7_refusals(leagues: dict[str, Path], tmp_path: Path, capsys: Any) -> None:
    league_i = copy(leagues[f"I{DUE}"], tmp_path / "league-1.db")
    partway = copy(leagues["II partway"], tmp_path / "league-2-partway.db")
    code, out, err = run(capsys, str(league_i), str(partway))
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and "is not finished: groups NW, NE, SW, SE have" in err
    # Not an event: a text file, an SQLite file of someone else's.
    text = tmp_path / "notes.db"
    text.write_text("League II: see the federation's site\n")
    code, _, err = run(capsys, str(league_i), str(text))
    assert code == 1 and err == "traveller: notes.db is not an SQLite database (file is not " \
        "a database)\n"
    # League I's own file sends its barrage teams to D4.7 but plays it itself.
    code, _, err = run(capsys, str(league_i), str(leagues[f"I{DUE}"]))
    assert code == 1 and "sends no entries to D4.7 of PZBS League I" in err
    assert "it plays D4.7 itself" in err
    # A join that asked for other than League II's four runners-up.
    league = read_league(leagues["II"], clock())
    assert [r.group for r in sent(league, "D4.7", 4).runners] == list(GROUPS)
    with pytest.raises(TravellerError) as refused:
        sent(league, "D4.7", 3)
    assert (refused.value.code, refused.value.error) == (
        "wrong_count", f"D4.7: 3 entries join, but {leagues['II'].name} (PZBS League II "
        "(DMP 2007/08)) sends 4")
    # Nothing of it was decided.
    store = Store.open(league_i)
    try:
        assert not [d for d in competition_sql.decisions(store) if d["kind"] == "join"]
    finally:
        store.close()


def test_d4_7_refused_once_the_barrage_is_in_play(
        leagues: dict[str, Path], league_ii: tuple[Path, dict[int, Any]], tmp_path: Path,
        capsys: Any) -> None:
    source, _ = league_ii
    league_i = copy(leagues[f"I{IN_PLAY}"], tmp_path / "league-1.db")
    code, _, err = run(capsys, str(league_i), str(source))
    assert code == 1 and err.startswith("traveller: D4.7: ")
    assert "can no longer change: its matches are in play since round" in err


def test_d2_1_a_league_ii_player_on_a_league_i_roster_is_refused(
        leagues: dict[str, Path], tmp_path: Path, capsys: Any) -> None:
    # A player of League II's NW runner-up is also on a League I team's roster.
    league_i = copy(leagues[f"I{OPEN}"], tmp_path / "league-1.db")
    source = copy(leagues["II"], tmp_path / "league-2.db")
    nw = runners_up(source)[0][1]
    store = Store.open(source)
    try:
        player = min(p for p, team in teams_sql.roster(store).items() if team == nw)
    finally:
        store.close()
    store = Store.open(league_i)
    try:
        theirs = [p for p, team in teams_sql.roster(store).items() if team == 1]
        with store.write() as db:
            teams_sql.put_roster(store, db, 1, [*theirs, player], "director", "a transfer")
    finally:
        store.close()
    code, _, err = run(capsys, str(league_i), str(source))
    assert code == 1
    assert f"D2.1: {player} (NW team {nw}) is on the roster of " in err
    assert err.rstrip().endswith("a player is on one team's roster only")


def test_d4_7_the_console_refuses_an_upload_that_is_no_league_ii_file(
        leagues: dict[str, Path], tmp_path: Path) -> None:
    """The upload that works is the browser's test (tests/browser/test_director_league_join)."""
    league_i = copy(leagues[f"I{DUE}"], tmp_path / "league-1.db")
    with app_for(league_i) as app:
        director = login(app)
        page = director.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="join-file-barrage/join3"' in page

        def upload(data: bytes | None, **headers: str) -> Any:
            return director.post("/director/competition/join-file", data={
                "csrf_token": director.csrf, **({} if data is None else {
                    "file": (io.BytesIO(data), "league-2.db")})},
                content_type="multipart/form-data", headers=headers)

        # Refusals show as the page's refusals do, the envelope for a JSON client.
        refused = upload(b"SQLite format 2\n")
        assert refused.status_code == 400
        assert "league-2.db is not an SQLite database" in refused.get_data(as_text=True)
        assert upload(None, Accept="application/json").get_json()["code"] == "missing_file"
        # League I's own file: a competition, but no League II.
        assert upload(leagues[f"I{DUE}"].read_bytes(), Accept="application/json").get_json()[
            "code"] == "not_a_feeder"
        # Larger than the limit: refused before the body is read.
        app.view_functions["competition.join_file"].max_upload = 1000
        refused = upload(b"x" * 2000, Accept="application/json")
        assert refused.status_code == 413 and refused.get_json() == {
            "ok": False, "code": "too_large", "error": "the file is larger than 256 MB",
            "status": 413}
    store = Store.open(league_i)
    try:
        assert not [d for d in competition_sql.decisions(store) if d["kind"] == "join"]
    finally:
        store.close()


def test_d4_7_a_league_ii_rehearsed_by_robots_joins_a_league_i_rehearsed_by_robots(
        leagues: dict[str, Path], tmp_path: Path, capsys: Any) -> None:
    """A season rehearsed by robots from end to end: League II's robot players are its own
    (their IDs carry the competition's tag), so League I's barrage takes them with no D2.1
    clash with League I's robot players."""
    source = copy(leagues["II"], tmp_path / "league-2.db")
    league_i = copy(leagues[f"I{OPEN}"], tmp_path / "league-1.db")
    store = Store.open(league_i)
    try:
        own = set(teams_sql.roster(store))
    finally:
        store.close()
    assert own and all(p.startswith("R") for p in own)  # League I's robot players
    code, out, err = run(capsys, str(league_i), str(source), "--json")
    assert (code, err) == (0, "")
    joined = json.loads(out)["joined"]
    assert [j["league_entry"] for j in joined] == [e for _, e, _ in runners_up(source)]
    ids = [p["id"] for team in joined for p in team["players"]]
    assert len(ids) == 4 * 4 and len(set(ids)) == len(ids) and not set(ids) & own


def test_d5_7_a_knockouts_standings_text_lists_its_matches_under_no_empty_group(
        league_ii: tuple[Path, dict[int, Any]]) -> None:
    """League II's semi-finals and play-offs (D5.7, D5.8) are played group by group: the
    text of `traveller standings` names each match's group, and prints no "Group NW" heading
    with nothing under it."""
    from server.stages.view import standings

    source, _ = league_ii
    store = Store.open(source)
    try:
        _, text = standings(store, clock())
    finally:
        store.close()
    blocks = text.split("\n== ")
    knockouts = [b for b in blocks if "(knockout;" in b.splitlines()[0]]
    assert len(knockouts) == 2
    for block in knockouts:
        lines = block.splitlines()[1:]
        assert not [x for x in lines if x.strip().startswith("Group ")], block[:300]
        assert any(x.strip().startswith("NW/") for x in lines)
    regular = next(b for b in blocks if b.startswith("regular phase"))
    assert "  Group NW" in regular.splitlines()
