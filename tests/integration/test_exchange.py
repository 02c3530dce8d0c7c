"""League II in four cities (D5.1) on the same deals (D1.2): a venue's file per group, each
played on its own by robots, then exchanged through a folder or a real FTP, WebDAV or SFTP
server, in any order and more than once, until every venue's file and the competition's own
file hold the same competition as one file played by the same robots (`traveller exchange`).
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.cli import main
from server.exchange.bundles import checksum
from server.stages.rehearsal import rehearse
from server.store import Store
from tests.conftest import REPO
from tests.integration.rehearsed import SEED, clock, copy, rehearsed, standing
from tests.integration.remote_servers import PASSWORD, closed_port, remote_server

GROUPS = ("NW", "NE", "SW", "SE")


def play(path: Path) -> None:
    store = Store.open(path)
    try:
        rehearse(store, SEED, clock)
    finally:
        store.close()


def results(path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        return sorted(db.execute("select section, table_number, round, board, contract, "
                                 "declarer, tricks, ns_score from results"))


def exchange(path: Path, location: str, capsys: pytest.CaptureFixture[str]
             ) -> tuple[int, dict[str, Any] | None, str]:
    code = main(["exchange", str(path), location, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The competition's file before its first match, each venue's file played through its
    first weekend (5 matches, D5.3), and the one-file event played by the same robots."""
    folder = tmp_path_factory.mktemp("league2")
    event = rehearsed("pzbs-league-2", folder / "league2.db", advances=0)
    files = {"event": event}
    for group in GROUPS:
        assert main(["venue", str(event), "--group", group.lower(),
                     "--out", str(folder / f"{group}.db")]) == 0
        files[group] = folder / f"{group}.db"
    for group in GROUPS:
        play(files[group])
    files["one"] = copy(event, folder / "one.db")
    play(files["one"])
    return files


def fresh(league: dict[str, Path], tmp_path: Path) -> dict[str, Path]:
    """This test's own copies of the venues' files and of the competition's file."""
    return {name: copy(path, tmp_path / path.name) for name, path in league.items()}


def test_d5_1_a_venue_file_plays_only_its_own_groups_tables(
        league: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["tables", str(league["NW"]), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert sorted((t["section"], t["table"]) for t in listed) == sorted(
        (room, n) for room in "OC" for n in range(9, 17))
    # The venue's cards carry its own tokens; another venue's tables have none that is known.
    with sqlite3.connect(league["event"]) as db:
        tokens = {token for (token,) in db.execute("select token from tables")}
    with sqlite3.connect(league["NW"]) as db:
        hidden = {token for (token, number) in db.execute("select token, number from tables")
                  if not 9 <= number <= 16}
    assert hidden and not hidden & tokens
    with sqlite3.connect(league["NW"]) as db:
        played = {t for (t,) in db.execute("select distinct table_number from results")}
        venue = json.loads(db.execute("select value from settings where key = 'venue'")
                           .fetchone()[0])
    assert venue["group"] == "NW"
    # NW plays the tables 9-16 of both rooms in the regular phase; the others are elsewhere.
    assert played == set(range(9, 17))
    assert len(results(league["NW"])) == 8 * 2 * 24 * 5


def test_d5_1_d1_2_four_venues_exchanged_in_any_order_equal_the_one_file_event(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = fresh(league, tmp_path)
    stick = tmp_path / "stick"
    stick.mkdir()
    order: list[str] = []
    for turn in range(2):  # twice each, in shuffled orders: late bundles and repeats
        this = list(GROUPS)
        random.Random(turn).shuffle(this)
        order += this
    for group in order:
        code, out, err = exchange(files[group], str(stick), capsys)
        assert code == 0, err
        assert out is not None and out["refused"] == []
    # Once more, every venue: nothing new anywhere.
    for group in GROUPS:
        code, out, _ = exchange(files[group], str(stick), capsys)
        assert (code, out) == (0, {"sent": 0, "received": {}, "refused": [],
                                   "waiting": []})
    # The competition's own file takes every venue's bundles in: the federation's record.
    code, out, _ = exchange(files["event"], str(stick), capsys)
    assert code == 0 and out is not None
    assert out["sent"] == 0 and sorted(out["received"]) == sorted(GROUPS)
    expected = standing(files["one"])
    assert results(files["event"]) == results(files["one"])
    for name in (*GROUPS, "event"):
        assert results(files[name]) == results(files["one"]), name
        assert standing(files[name])["stages"] == expected["stages"], name


@pytest.mark.parametrize("kind", ["ftp", "webdav", "sftp"])
def test_d5_1_venues_exchange_through_a_real_server(
        kind: str, league: dict[str, Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    files = {g: copy(league[g], tmp_path / f"{g}.db") for g in ("NW", "NE")}
    with remote_server(kind, tmp_path / kind) as server:
        code, first, err = exchange(files["NW"], server.url, capsys)
        assert code == 0 and first is not None and first["sent"] > 0, err
        assert PASSWORD not in err
        code, second, err = exchange(files["NE"], server.url, capsys)
        assert code == 0 and second is not None, err
        assert second["received"] == {"NW": first["sent"]} and second["sent"] > 0
        code, third, err = exchange(files["NW"], server.url, capsys)
        assert code == 0 and third is not None, err
        assert third == {"sent": 0, "received": {"NE": second["sent"]}, "refused": [],
                         "waiting": []}
    nw = [r for r in results(files["NE"]) if 9 <= r[1] <= 16]
    assert nw == results(league["NW"])


def bundles(folder: Path) -> list[Path]:
    return sorted(folder.glob("traveller-bundle-*.json"))


def sent_by_nw(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
               ) -> tuple[Path, Path, dict[str, Any]]:
    """NW's first bundle sent to a stick: the stick, the bundle's file and its content."""
    stick = tmp_path / "stick"
    stick.mkdir()
    assert exchange(files["NW"], str(stick), capsys)[0] == 0
    [made] = bundles(stick)
    return stick, made, json.loads(made.read_text())


def test_d5_1_a_tampered_bundle_is_refused_whole(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = fresh(league, tmp_path)
    stick, made, body = sent_by_nw(files, tmp_path, capsys)
    record = next(r for r in body["records"] if r["kind"] == "result")
    record["row"]["ns_score"] = 2000  # a result changed after the bundle was written
    made.write_text(json.dumps(body))
    before = results(files["NE"])
    code, out, err = exchange(files["NE"], str(stick), capsys)
    assert code == 1 and out is not None
    assert out["refused"] == [{"file": made.name, "why": out["refused"][0]["why"]}]
    assert "checksum" in out["refused"][0]["why"]
    assert err.count("\n") == 1 and made.name in err
    assert results(files["NE"]) == before


def test_d5_1_a_bundle_touching_another_venues_tables_is_refused(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = fresh(league, tmp_path)
    stick, made, body = sent_by_nw(files, tmp_path, capsys)
    # A bundle of NW that writes a match of NE's, its checksum made again to fit.
    record = next(r for r in body["records"] if r["kind"] == "result")
    record["id"]["fixture"] = record["id"]["fixture"].replace("/NW/", "/NE/")
    body["checksum"] = checksum(body)
    made.write_text(json.dumps(body))
    before = results(files["SE"])
    code, out, _ = exchange(files["SE"], str(stick), capsys)
    assert code == 1 and out is not None
    [refused] = out["refused"]
    assert refused["file"] == made.name and "group NE, not of NW" in refused["why"]
    assert results(files["SE"]) == before


def test_d5_1_a_bundle_of_another_competition_is_refused(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = fresh(league, tmp_path)
    other = tmp_path / "other.db"
    assert main(["new", str(other), "--preset", str(REPO / "seeds" / "pzbs-league-2.toml"),
                 "--password", "another-league", "--base-url", "http://testserver"]) == 0
    assert main(["venue", str(other), "--group", "SW", "--out", str(tmp_path / "oSW.db")]) == 0
    capsys.readouterr()
    stick = tmp_path / "stick"
    stick.mkdir()
    play(tmp_path / "oSW.db")
    assert exchange(tmp_path / "oSW.db", str(stick), capsys)[0] == 0
    before = results(files["NE"])
    code, out, _ = exchange(files["NE"], str(stick), capsys)
    assert code == 1 and out is not None
    [refused] = out["refused"]
    assert "another competition" in refused["why"]
    assert results(files["NE"]) == before


def test_d5_1_an_unreachable_location_loses_nothing_and_sends_later(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = fresh(league, tmp_path)
    code = main(["exchange", str(files["NW"]), f"ftp://127.0.0.1:{closed_port()}/x", "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "nothing is lost" in err and "Traceback" not in err
    stick = tmp_path / "stick"
    stick.mkdir()
    code, sent, _ = exchange(files["NW"], str(stick), capsys)
    assert code == 0 and sent is not None and sent["sent"] > 0
    code, taken, _ = exchange(files["NE"], str(stick), capsys)
    assert code == 0 and taken is not None and taken["received"] == {"NW": sent["sent"]}


def test_d5_1_venue_refuses_an_unknown_group_and_a_venue_file(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["venue", str(league["event"]), "--group", "XX",
                 "--out", str(tmp_path / "x.db")]) == 1
    err = capsys.readouterr().err
    assert "no group 'XX'" in err and "NE, NW, SE, SW" in err and not (tmp_path / "x.db").exists()
    assert main(["venue", str(league["NW"]), "--group", "NE",
                 "--out", str(tmp_path / "y.db")]) == 1
    assert "already a venue's file" in capsys.readouterr().err


def test_d5_1_the_console_shows_each_venues_last_bundle_and_its_age(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from server.app import create_app
    from tests.integration.test_director import login

    files = fresh(league, tmp_path)
    stick = tmp_path / "stick"
    stick.mkdir()
    assert exchange(files["NE"], str(stick), capsys)[0] == 0
    app = create_app({"DATABASE": str(files["NW"]), "TESTING": True,
                      "EXCHANGE": str(stick), "EXCHANGE_EVERY_S": 30})
    try:
        exchanger = app.extensions["traveller.exchanger"]
        done = exchanger.step()  # what `serve --exchange` does at once, then every 30 s
        assert done is not None and done.received == {"NE": done.received["NE"]}
        assert exchanger.step() is None  # not due again before 30 s
        client = login(app)
        data = client.get("/director/competition/", headers={"Accept": "application/json"}
                          ).get_json()
        shown = data["exchange"]
        assert shown["venue"] == "NW" and shown["unsent"] == 0 and shown["made"] == 1
        assert shown["location"] == str(stick) and shown["error"] is None
        assert list(shown["venues"]) == ["NE"] and shown["venues"]["NE"]["seq"] == 1
        assert shown["venues"]["NE"]["age_s"] >= 0
        page = client.get("/director/competition/").get_data(as_text=True)
        assert 'data-testid="exchange-venue-NE"' in page and "group NW" in page
    finally:
        app.extensions["traveller.store"].close()
    # NW's own bundle went out with the same step.
    assert sorted(p.name.split("-")[-2] for p in bundles(stick)) == ["NE", "NW"]


def test_d5_1_serve_exchange_fails_over_to_a_backoff_and_loses_nothing(
        league: dict[str, Path], tmp_path: Path) -> None:
    from server.app import create_app

    files = fresh(league, tmp_path)
    app = create_app({"DATABASE": str(files["NW"]), "TESTING": True,
                      "EXCHANGE": f"ftp://127.0.0.1:{closed_port()}/x", "EXCHANGE_EVERY_S": 1})
    try:
        exchanger = app.extensions["traveller.exchanger"]
        assert exchanger.step() is None
        status = exchanger.wire(app.extensions["traveller.store"])
        assert status["error"] and "cannot reach" in status["error"]
        assert status["retry_ms"] > status["error_since_ms"]
        assert status["made"] == 1 and status["unsent"] == 1  # kept for the next try
    finally:
        app.extensions["traveller.store"].close()


def advance_and_play(path: Path) -> None:
    """The robot director advances (a venue: its own group's next weekend, D5.3) and the
    robots play what it put in play."""
    store = Store.open(path)
    try:
        rehearse(store, SEED, clock, advances=1)
        rehearse(store, SEED, clock)
    finally:
        store.close()


# A whole League II season in five files, played and exchanged: 90 s alone, more beside the
# rest of the suite.
@pytest.mark.timeout(360)
def test_d5_1_d5_3_d5_10_each_venue_plays_its_group_to_the_end_as_simulate_does(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each venue plays its whole group on its own, with no link at all: its weekends (D5.3)
    whenever its own previous one is over, its split and its play-offs with their choices
    (D5.4-D5.10). Once the bundles have gone round (in a shuffled order, twice), each venue
    knows the regular phase of every group with the Butler over all of them (D5.2) and its
    own group's final places, and the competition's own file every stage and every final
    place, all as `traveller simulate` gives them for the same seed."""
    files = fresh(league, tmp_path)
    stick = tmp_path / "stick"
    stick.mkdir()

    def swap(*groups: str) -> None:
        for group in groups:
            code, out, err = exchange(files[group], str(stick), capsys)
            assert code == 0 and out is not None and out["refused"] == [], err

    swap(*GROUPS)
    # NW plays its second weekend before the others have their first weekends' bundles.
    advance_and_play(files["NW"])
    with sqlite3.connect(files["NW"]) as db:
        weekend = {g for (g,) in db.execute("select distinct grp from competition_fixtures "
                                            "where first_round > 5")}
    assert weekend == {"NW"}  # a venue puts only its own group's weekend in play
    swap("NW", "NE")
    # NE took NW's second weekend in before its own: the same rounds of the event.
    with sqlite3.connect(files["NE"]) as db:
        assert {r for (r,) in db.execute("select distinct first_round from competition_fixtures "
                                         "where grp = 'NW' and first_round > 5")} == set(
            range(6, 11))
    for group in GROUPS:
        store = Store.open(files[group])
        try:
            done = rehearse(store, SEED, clock, to_the_end=True)
        finally:
            store.close()
        assert done.advances and not done.complete  # the other groups are not all in yet
    order = list(GROUPS)
    random.Random(3).shuffle(order)
    for group in [*order, *reversed(order), "event"]:
        code, out, err = exchange(files[group], str(stick), capsys)
        assert code == 0 and out is not None and out["refused"] == out["waiting"] == [], err
    assert main(["simulate", str(REPO / "seeds" / "pzbs-league-2.toml"), "--seed", str(SEED),
                 "--json"]) == 0
    simulated = json.loads(capsys.readouterr().out)

    def places(data: dict[str, Any]) -> list[tuple[int, int, str]]:
        return [(p["place"], p["entry"], p["group"]) for p in data["final_places"]]

    record = standing(files["event"])
    assert record["complete"] and places(record) == places(simulated)
    assert [{k: v for k, v in s.items() if k != "status"} for s in record["stages"]] == \
        simulated["stages"]
    regular = simulated["stages"][0]
    assert regular["butler_combined"]
    for group in GROUPS:
        mine = standing(files[group])
        assert mine["complete"], group
        assert places(mine) == [p for p in places(simulated) if p[2] == group], group
        # Every group's regular phase and the Butler over them all; the qualifiers a venue
        # goes on with are its own group's.
        assert {k: v for k, v in mine["stages"][0].items()
                if k not in ("status", "qualified")} == {
            k: v for k, v in regular.items() if k != "qualified"}, group
        ours = [q for q in regular["qualified"] if q["entry"] in
                {e for g in regular["groups"] if g["name"] == group for e in g["entries"]}]
        assert mine["stages"][0]["qualified"] == ours, group


def test_d5_1_a_venues_ruling_travels_with_its_bundle(
        league: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ruling of a venue's director (K10.2: IMPs off a team's match) reaches the other
    venues and the competition's own file, and counts there as at the venue; taking it
    back travels too."""
    from server.teams.rulings import imp_penalty
    from server.teams.rulings import sql as rulings_sql

    files = fresh(league, tmp_path)
    stick = tmp_path / "stick"
    stick.mkdir()

    def nw(path: Path) -> Any:
        stage = next(s for s in standing(path)["stages"] if s["id"] == "regular")
        return next(g for g in stage["groups"] if g["name"] == "NW")

    before = nw(files["NW"])
    store = Store.open(files["NW"])
    try:
        done = imp_penalty(store, {"round": 2, "team": 3, "imps": 6, "why": "slow play"},
                           clock(), "director")
    finally:
        store.close()
    for name in ("NW", "NE", "event"):
        assert exchange(files[name], str(stick), capsys)[0] == 0
    assert nw(files["NE"]) == nw(files["NW"]) == nw(files["event"])
    assert nw(files["NE"]) != before  # team 3's match lost 6 IMPs
    store = Store.open(files["NW"])
    try:
        with store.write() as db:
            rulings_sql.remove_team_ruling(store, db, done["ruling"], clock(), "director",
                                           "taken back")
    finally:
        store.close()
    for name in ("NW", "NE"):
        assert exchange(files[name], str(stick), capsys)[0] == 0
    assert nw(files["NE"]) == before


@pytest.mark.parametrize("change", ["a field this file does not keep", "not a contract"])
def test_d5_1_a_bundle_whose_records_are_not_ours_is_refused(
        change: str, league: dict[str, Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A bundle is checked for what it is, not only for its checksum (anyone can make one
    that fits its content): fields this file does not keep, and a result that is no result,
    refuse it whole."""
    files = fresh(league, tmp_path)
    stick, made, body = sent_by_nw(files, tmp_path, capsys)
    record = next(r for r in body["records"] if r["kind"] == "result")
    if change == "not a contract":
        record["row"]["contract"] = "9Z"
    else:
        record["row"]["ns_score] from results; --"] = 1
    body["checksum"] = checksum(body)
    made.write_text(json.dumps(body))
    before = results(files["NE"])
    code, out, _ = exchange(files["NE"], str(stick), capsys)
    assert code == 1 and out is not None and len(out["refused"]) == 1
    assert results(files["NE"]) == before
