"""D5.2: League II's Butler ranking over all four groups, from `traveller simulate --json` and
from an event file played by robots (`traveller standings --json`): the same ranking for the
same seed, and while the groups play, what it holds ("3 of 4 groups, up to match 4"); on the
console, the public pages, the projector, the results sheet, the CSV files and the site.

The event files are the rehearsal's, shared with the other tests of a test run
(`rehearsed.moment_files`).
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from printer.document import Text
from server.app import create_app
from server.competition import simulate
from server.competition.report import to_json
from server.direction.rulings import set_publication
from server.exchange.venue import make_venue
from server.formats import load_preset
from server.publish.export import event_values, export_event
from server.publish.results_sheet import competition_sheet
from server.stages.view import current
from server.store import Store
from tests.conftest import REPO
from tests.integration.rehearsed import SEED, clock, copy, moment_files
from tests.integration.test_director import login
from tests.integration.test_rehearsal import traveller

LEAGUE_II = "pzbs-league-2"
MAKING = pytest.mark.timeout(400)
"""The first test of a run that needs League II's rehearsal makes it (two minutes and more on
a busy machine); the others copy it."""


def regular(data: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in data["stages"] if s["id"] == "regular")


def standings_json(path: Path) -> dict[str, Any]:
    done = traveller("standings", str(path), "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_d5_2_simulate_json_ranks_the_128_pairs_of_the_four_groups_together() -> None:
    done = traveller("simulate", "seeds/pzbs-league-2.toml", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    stage = regular(json.loads(done.stdout))
    combined = stage["butler_combined"]
    assert len(combined) == 128  # 64 teams, 2 pairs each
    assert {(row["entry"], row["pair"]) for row in combined} == {
        (team, pair) for team in range(1, 65) for pair in ("1", "2")}
    assert stage["butler_combined_holds"] == {"groups": 4, "of": 4, "up_to_round": 15,
                                              "rounds": 15}
    text = traveller("simulate", "seeds/pzbs-league-2.toml", "--seed", "1")
    assert ("  Butler over all groups (IMPs a board, D5.2; 4 of 4 groups, up to match 15 of "
            "15): ") in text.stdout


@MAKING
def test_d5_2_robots_and_standings_give_the_combined_butler_simulate_gives(
        tmp_path: Path) -> None:
    end = copy(moment_files(LEAGUE_II, {None})[None], tmp_path / "event.db")
    played = regular(standings_json(end))
    simulated = regular(to_json(simulate(load_preset(REPO / "seeds" / f"{LEAGUE_II}.toml"),
                                         seed=SEED)))
    assert len(played["butler_combined"]) == 128
    assert played["butler_combined"] == simulated["butler_combined"]
    assert played["butler_combined_holds"] == simulated["butler_combined_holds"]


@MAKING
def test_d5_2_the_combined_butler_says_what_it_holds_while_the_groups_play(
        tmp_path: Path) -> None:
    # After the first weekend (5 matches) every group has played rounds 1-5.
    path = copy(moment_files(LEAGUE_II, {1})[1], tmp_path / "event.db")
    stage = regular(standings_json(path))
    assert stage["butler_combined_holds"] == {"groups": 4, "of": 4, "up_to_round": 5,
                                              "rounds": 15}
    assert len(stage["butler_combined"]) == 128
    assert all(row["boards"] == 5 * 24 for row in stage["butler_combined"])
    # As a venue that has not yet received SE's results, nor NE's fifth match: 3 of 4 groups,
    # up to match 4.
    db = sqlite3.connect(path)
    try:
        tables = {grp: [row[0] for row in db.execute(
            "select json_extract(detail, '$.table') from competition_fixtures "
            "where stage = 'regular' and grp = ?", (grp,))] for grp in ("SE", "NE")}
        db.executemany("delete from results where table_number = ?",
                       [(t,) for t in tables["SE"]])
        db.executemany("delete from results where table_number = ? and round = 5",
                       [(t,) for t in tables["NE"]])
        db.commit()
    finally:
        db.close()
    stage = regular(standings_json(path))
    assert stage["butler_combined_holds"] == {"groups": 3, "of": 4, "up_to_round": 4,
                                              "rounds": 15}
    assert len(stage["butler_combined"]) == 96
    assert {row["entry"] for row in stage["butler_combined"]} == set(range(1, 49))
    text = traveller("standings", str(path)).stdout
    assert "Butler over all groups (IMPs a board, D5.2; 3 of 4 groups, up to match 4 of 15)" \
        in text


@MAKING
def test_d5_2_the_combined_butler_is_on_every_page_and_output(tmp_path: Path) -> None:
    path = copy(moment_files(LEAGUE_II, {1})[1], tmp_path / "event.db")
    store = Store.open(path)
    try:
        set_publication(store, True, "director")
        progress = current(store, clock()).view.stage("regular").progress
        assert progress is not None and progress.butler_combined is not None
        want = [(b.place, b.entry, b.pair) for b in progress.butler_combined.lines]
        assert len(want) == 128
        # CSV: butler.csv, after the four groups' rankings, the group "combined".
        event = event_values(store)
        rows = list(csv.DictReader(io.StringIO(
            export_event(store, "csv", event=event)["butler.csv"].decode())))
        assert [r["group"] for r in rows] == [
            *(g for g in ("NW", "NE", "SW", "SE") for _ in range(32)), *["combined"] * 128]
        assert [(int(r["place"]), int(r["entry"]), r["pair"]) for r in rows[128:]] == want
        # The site: the stage's page, in every language, says what it holds.
        site = export_event(store, "html", event=event)
        page = site["en/stage-regular.html"].decode()
        table = page.split('data-testid="butler-combined"', 1)[1].split("</table>", 1)[0]
        assert table.count("<tr>") == 128 + 1
        assert ">4 of 4 groups, up to match 5 of 15</p>" in page
        assert ">4 z 4 grup, do meczu 5 z 15</p>" in site["pl/stage-regular.html"].decode()
        # The printed results sheet.
        sheet = [b.text for doc in competition_sheet(store, clock(), "pl")
                 for b in doc.blocks if isinstance(b, Text)]
        assert ("regular phase: Łączny ranking Butlera wszystkich grup (D5.2) (4 z 4 grup, do "
                "meczu 5 z 15)") in sheet
        # The console and the public Competition page, and the standings' JSON.
        app = create_app({"DATABASE": store.path, "TESTING": True})
        try:
            client = app.test_client()
            public = client.get("/results/").get_data(as_text=True)
            table = public.split('data-testid="butler-regular-combined"', 1)[1].split(
                "</table>", 1)[0]
            assert table.count("<tr data-entry=") == 128
            assert ">4 of 4 groups, up to match 5 of 15</span>" in table
            console = login(app).get("/director/competition/?lang=id")
            assert "4 dari 4 grup, sampai pertandingan 5 dari 15" in console.get_data(
                as_text=True)
            data = client.get("/results/api/standings").get_json()
            regular = next(s for s in data["stages"] if s["id"] == "regular")
            assert [(b["place"], b["entry"], b["pair"]) for b in regular["butler_combined"]] \
                == want
            assert regular["butler_combined"][0]["name"]
            assert regular["butler_combined_holds"]["up_to_round"] == 5
            # The projector: its first ten pairs beside the groups' standings.
            wall = client.get("/results/api/projector").get_json()
            shown = next(s for s in wall["stages"] if s["id"] == "regular")["butler_combined"]
            assert {k: shown[k] for k in ("groups", "of", "up_to_round", "rounds")} == {
                "groups": 4, "of": 4, "up_to_round": 5, "rounds": 15}
            assert [(r["place"], r["entry"], r["pair"]) for r in shown["rows"]] == want[:10]
            page = client.get("/results/projector").get_data(as_text=True)
            table = page.split('data-testid="projector-butler"', 1)[1].split("</table>", 1)[0]
            assert table.count("<tr data-entry=") == 10
            assert "4 of 4 groups, up to match 5 of 15" in table
        finally:
            app.extensions["traveller.store"].close()
    finally:
        store.close()


@MAKING
def test_d5_2_a_venues_console_counts_the_combined_butler_in_venues(tmp_path: Path) -> None:
    path = copy(moment_files(LEAGUE_II, {1})[1], tmp_path / "event.db")
    make_venue(path, "NW", tmp_path / "nw.db")
    app = create_app({"DATABASE": str(tmp_path / "nw.db"), "TESTING": True})
    try:
        console = login(app)
        for lang, words in (("en", "4 of 4 venues, up to match 5 of 15"),
                            ("pl", "4 z 4 ośrodków, do meczu 5 z 15")):
            page = console.get(f"/director/competition/?lang={lang}").get_data(as_text=True)
            assert f'data-testid="butler-regular-holds">{words}</span>' in page
    finally:
        app.extensions["traveller.store"].close()
