"""Issue 22 item 1: results leave a competition at every moment.

Every competition preset of seeds/ (`rehearsed.SMALLEST`), played by robots, is looked at twice:
at a knock-out moment (knock-out matches finished and the next ones in play: K1.4-K1.6, K2.4,
D4.5, D5.7) or, in a competition with no knock-out, once its first advance has put its next
stage or round in play; and at its end. At both, every export is written (USEBIO, PBN, CSV, the
site), `traveller rescore` reads the USEBIO and PBN files back stage by stage with the figures
the event gives (each board's IMPs, a round robin's VP, a knock-out's IMPs with its carry-over,
K15 and D1.4, never VP; each team's total with the VP it kept, D4.4 and D5.5; each pair's
matchpoints and percentage), and every public page and JSON answers with no traceback logged.
League I and League II keep their Butler rankings (D4.1, D5.2) in every output; a tied
knock-out's extra and sudden-death boards (K17.2) are in its match; an export that cannot be
made fails in one line.

Both moments of a preset come from one robots' run, shared with the other tests of a test run
(`rehearsed.moment_files`): League II takes about 40 s to play to its end.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from server.direction.rulings import set_publication
from server.formats.interchange import PairsEvent, TeamsEvent
from server.formats.results_file import parse_results_file
from server.formats.travellers import ResultsFileError
from server.publish.export import FORMATS, event_values, export_event
from server.publish.printing import DOCUMENTS
from server.publish.rescore import rescore
from server.stages import actions
from server.stages.create import create_competition
from server.stages.rehearsal import rehearse
from server.stages.view import current
from server.store import Store
from server.teams.matches import names
from tests.conftest import PASSWORD, REPO
from tests.integration.rehearsed import SMALLEST, clock, copy, moment_files
from tests.integration.test_competition import TIED_FINAL
from tests.integration.test_director import login

KNOCKOUT = {"gabsi-province-teams": 2, "gabsi-club-teams": 9, "pzbs-league-1": 5,
            "pzbs-league-2": 5}
"""The advances after which knock-out matches are finished and the next ones in play."""
ONE_STAGE = {"gabsi-mixed-pairs", "gabsi-school", "gabsi-senior-pairs",
             "gabsi-university-mixed-pairs"}
"""Competitions of one stage in play from the start: their moment is that start, nothing
played yet."""
MOMENTS = {preset: KNOCKOUT.get(preset, 0 if preset in ONE_STAGE else 1) for preset in SMALLEST}
"""A knock-out moment, or (no knock-out) the first advance's: a stage or round in play."""
TOLERANCE = 0.011


def event_file(preset: str, moment: str, dest: Path) -> Path:
    """A copy of the preset's competition at the moment: both moments come from one robots'
    run, shared with the other tests of a test run (`rehearsed.moment_files`)."""
    files = moment_files(preset, {MOMENTS[preset], None})
    return copy(files[None if moment == "end" else MOMENTS[preset]], dest)


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[Any]:
    """Opens the event file of a (preset, moment) and closes it after the test."""
    stores: list[Store] = []

    def open_file(preset: str, moment: str) -> Store:
        store = Store.open(str(event_file(preset, moment, tmp_path / "event.db")))
        stores.append(store)
        return store

    yield open_file
    for store in stores:
        store.close()


# --- the figures a file gives back ----------------------------------------------------------


def played(stage: Any) -> bool:
    """Whether a stage has results in the files: a table of a match, or a traveller line."""
    results = stage.results
    return results is not None and bool(getattr(results, "tables", ())
                                        or getattr(results, "lines", ()))


def same_figures(event: Any, fmt: str, data: bytes) -> list[str]:
    """Every way `traveller rescore`'s reading of the file departs from the event's figures."""
    scored = rescore(parse_results_file(data, f"results.{'xml' if fmt == 'usebio' else 'pbn'}"))
    ours = {s.name: s.results for s in event.stages if played(s)}
    parts = scored.get("stages") or [{**scored, "stage": next(iter(ours), "")}]
    problems = []
    if [p["stage"] for p in parts] != list(ours):
        problems.append(f"{fmt}: stages {[p['stage'] for p in parts]} != {list(ours)}")
    for part in parts:
        stage = ours.get(part["stage"])
        if isinstance(stage, TeamsEvent):
            problems += _team_figures(fmt, part, stage)
        elif isinstance(stage, PairsEvent):
            problems += _pair_figures(fmt, part, stage)
    return problems


def _team_figures(fmt: str, part: dict[str, Any], stage: TeamsEvent) -> list[str]:
    problems = []

    def name(team: int) -> str:
        return str(team) if fmt == "usebio" else stage.name(team)

    mine = {(name(m.home), name(m.away), str(m.shown_round)): m for m in stage.matches}
    if len(part["matches"]) != len([m for m in stage.matches if m.boards]):
        problems.append(f"{fmt} {part['stage']}: {len(part['matches'])} matches read back")
    for match in part["matches"]:
        ours = mine[match["home"], match["away"], match["round"]]
        where = f"{fmt} {part['stage']} {match['home']} v {match['away']}"
        totals = (match["home_total"], match["away_total"])
        if abs(totals[0] - ours.home_imps) > TOLERANCE or abs(
                totals[1] - ours.away_imps) > TOLERANCE:
            problems.append(f"{where}: IMPs {totals} != {(ours.home_imps, ours.away_imps)}")
        if ours.knockout:
            if match["home_vp"] is not None or part["match_scoring"] != "imps":
                problems.append(f"{where}: a knock-out match scored VP")
            if (match["carry_over"] or 0.0) != ours.carry_over:
                problems.append(f"{where}: carry-over {match['carry_over']}")
        elif ours.home_vp is not None and (
                match["home_vp"] is None or abs(match["home_vp"] - ours.home_vp) > TOLERANCE
                or abs(match["away_vp"] - (ours.away_vp or 0.0)) > TOLERANCE):
            problems.append(f"{where}: VP {match['home_vp']}-{match['away_vp']} != "
                            f"{ours.home_vp}-{ours.away_vp}")
        for board in match["boards"]:
            if board["home_imps"] != board["original_home_imps"]:
                problems.append(f"{where}: board {board['board']} {board['home_imps']} IMPs")
    standing_of = {name(s.team): s for s in stage.standings}
    complete = all(m.home_vp is not None for m in stage.matches)
    for row in part["ranking"]:
        standing = standing_of.get(row["team"])
        if standing is None or stage.knockout or not complete:
            continue
        if abs(row["score"] - standing.vp) > TOLERANCE * max(1, row["matches"]):
            problems.append(f"{fmt} {part['stage']} {row['team']}: {row['score']} VP != "
                            f"{standing.vp}")
    return problems


def _pair_figures(fmt: str, part: dict[str, Any], stage: PairsEvent) -> list[str]:
    problems = []
    if stage.method == "butler":
        # A Swiss pairs stage (KC1.2): each result's IMPs against the round's datum.
        ours = {(x.board, str(x.ns), str(x.ew)): x.ns_imps for x in stage.lines}
        for board in part["boards"]:
            for line in board["results"]:
                want = ours.get((board["board"], line["ns"], line["ew"]))
                if want is not None and line["ns_imps"] != want:
                    problems.append(f"{fmt} board {board['board']}: {line['ns_imps']} != {want}")
        # KC1: its matches go to VP, and the file's ranking is by them.
        if part.get("match_scoring") != "vp":
            problems.append(f"{fmt} {part['stage']}: ranked by {part.get('match_scoring')}")
        for row in part["ranking"]:
            if row["original"] is not None and abs(row["score"] - row["original"]) > TOLERANCE:
                problems.append(f"{fmt} {part['stage']} {row['pair']}: {row['score']} VP != "
                                f"{row['original']}")
        return problems
    for row in part["ranking"]:
        if row["original"] is not None and abs(row["pct"] - row["original"]) > 2 * TOLERANCE:
            problems.append(f"{fmt} {part['stage']} {row['pair']}: {row['pct']}% != "
                            f"{row['original']}%")
    for board in part["boards"]:
        for line in board["results"]:
            for side in ("ns", "ew"):
                given = line[f"original_{side}_mp"]
                if given is not None and abs(given - line[f"{side}_mp"]) > TOLERANCE:
                    problems.append(f"{fmt} board {board['board']}: {side} {line[f'{side}_mp']}"
                                    f" MP != {given}")
    return problems


# --- every export, read back ----------------------------------------------------------------


@pytest.fixture
def usebio_structure(monkeypatch: pytest.MonkeyPatch) -> Any:
    """test_export's USEBIO 1.2 checker, knowing Traveller's two additions: a team's
    CARRIED_VP after its TOTAL_SCORE, a knock-out match's CARRY_OVER before its scores."""
    from tests.integration import test_export as usebio

    team = usebio.STRUCTURE["TEAM"]
    match = usebio.STRUCTURE["MATCH"]
    monkeypatch.setitem(usebio.STRUCTURE, "TEAM", ((*team[0], "CARRIED_VP"), team[1]))
    at = match[0].index("TEAM_SCORE")
    monkeypatch.setitem(usebio.STRUCTURE, "MATCH", (
        (*match[0][:at], "CARRY_OVER", *match[0][at:]), match[1]))
    for tag in ("CARRY_OVER", "CARRIED_VP"):
        monkeypatch.setitem(usebio.TEXT_FORMS, tag, r"-?\d+(\.\d+)?")
    return usebio.check_usebio


@pytest.mark.parametrize("moment", ["knockout", "end"])
@pytest.mark.parametrize("preset", sorted(SMALLEST))
def test_k15_d1_4_every_export_of_every_moment_reads_back_with_the_same_figures(
        preset: str, moment: str, opened: Any, usebio_structure: Any) -> None:
    store = opened(preset, moment)
    event = event_values(store)
    assert event.stages, "a competition is exported stage by stage"
    files = {fmt: export_event(store, fmt, event=event) for fmt in FORMATS}
    assert all(files[fmt] and all(files[fmt].values()) for fmt in FORMATS)
    for fmt, name in (("usebio", "results.xml"), ("pbn", "results.pbn")):
        if any(played(s) for s in event.stages):
            assert same_figures(event, fmt, files[fmt][name]) == []
        else:  # nothing played yet: a file with no travellers to rescore
            with pytest.raises(ResultsFileError, match="no"):
                parse_results_file(files[fmt][name], name)
    # USEBIO: one EVENT a stage begun; a knock-out's MATCHes score IMPs, never VP.
    root = ET.fromstring(files["usebio"]["results.xml"])
    assert usebio_structure(root) == []
    begun = [s for s in event.stages if s.results is not None]
    assert len(root.findall("EVENT")) == len(begun)
    for node, stage in zip(root.findall("EVENT"), begun, strict=True):
        assert node.findtext("EVENT_DESCRIPTION", "").endswith(f": {stage.name}")
        if stage.kind == "knockout":
            assert node.findtext("MATCH_SCORING_METHOD") == "IMPS"
            assert node.find(".//PARTICIPANTS/TEAM") is None
    # PBN: the games of a stage together, each naming it.
    pbn = files["pbn"]["results.pbn"].decode()
    named = re.findall(r'\[Stage "([^"]*)"\]', pbn)
    assert list(dict.fromkeys(named)) == [s.name for s in begun if played(s)]
    # CSV: every stage's standings; a knock-out match has IMPs, a winner, and no VP.
    ranking = list(csv.DictReader(io.StringIO(files["csv"]["ranking.csv"].decode())))
    assert [(r["stage"], r["group"], int(r["place"]), r["name"]) for r in ranking] == [
        (s.name, g.name, line.place, line.name) for s in event.stages for g in s.groups
        for line in g.lines]
    if isinstance(event, TeamsEvent):
        matches = list(csv.DictReader(io.StringIO(files["csv"]["matches.csv"].decode())))
        assert matches and all(m["home_vp"] == m["away_vp"] == "" for m in matches
                               if m["knockout"])
        assert all(m["stage"] for m in matches)
    # The site: a page per stage, linked from every language's index.
    for stage in event.stages:
        page = f"stage-{stage.id}.html"
        assert all(f"{lang}/{page}" in files["html"] for lang in ("en", "id", "pl"))
        assert f'href="{page}"' in files["html"]["en/index.html"].decode()


# --- every public page and JSON -------------------------------------------------------------


def public_pages(store: Store, teams: bool) -> list[str]:
    """The competition's pages and JSON, a board's, and a team's (one that played a
    knock-out match, when one was played) or a pair's."""
    urls = ["/results/", "/results/api/competition", "/results/api/standings",
            "/results/projector", "/results/api/projector"]
    seatings = store.seatings()
    boards = sorted({b for s in seatings for b in s.boards})
    urls += [f"/results/board/{boards[0]}", f"/results/api/board/{boards[-1]}"]
    if teams:
        view = current(store, clock()).view
        knocked = [m for s in view.stages if s.progress for m in s.progress.matches]
        team = knocked[0].home if knocked else min(names(store))
        urls += [f"/results/team/{team}", f"/results/api/team/{team}"]
    else:
        first, last = seatings[0], seatings[-1]
        urls += [f"/results/pair/{first.ns_pair}?section={first.section}",
                 f"/results/api/pair/{last.ew_pair}?section={last.section}"]
    return urls


@pytest.mark.parametrize("moment", ["knockout", "end"])
@pytest.mark.parametrize("preset", sorted(SMALLEST))
def test_22_1_every_public_page_and_json_answers_at_every_moment(
        preset: str, moment: str, opened: Any, caplog: pytest.LogCaptureFixture) -> None:
    store = opened(preset, moment)
    set_publication(store, True, "director")
    teams = (store.setting("preset", {}) or {}).get("kind") == "teams"
    app = create_app({"DATABASE": store.path, "TESTING": True})
    try:
        client = app.test_client()
        with caplog.at_level(logging.WARNING):
            for url in public_pages(store, teams):
                response = client.get(url)
                assert response.status_code == 200, (url, response.get_data(as_text=True)[:300])
                assert response.is_json == ("/api/" in url), url
        failed = [r.getMessage() for r in caplog.records if r.exc_info]
        assert not failed, failed
        standings = client.get("/results/api/standings").get_json()
        assert standings["kind"] == "competition"
        assert [s["id"] for s in standings["stages"]] == [
            s.spec.id for s in current(store, clock()).view.stages if s.progress is not None]
    finally:
        app.extensions["traveller.store"].close()


# --- the Butler rankings of the leagues -----------------------------------------------------


@pytest.mark.parametrize("preset", ["pzbs-league-1", "pzbs-league-2"])
def test_d4_1_d5_2_the_butler_ranking_is_in_every_output(preset: str, opened: Any) -> None:
    store = opened(preset, "end")
    set_publication(store, True, "director")
    view = current(store, clock()).view
    kept = [(stage, group) for stage in view.stages if stage.progress
            for group in stage.progress.groups if group.butler]
    assert kept and {stage.spec.id for stage, _ in kept} == {"regular"}
    want = [(stage.spec.name, group.name, b.place, b.entry, b.pair)
            for stage, group in kept for b in group.butler]
    # CSV: butler.csv, every pair of every group, in the ranking's order (then League II's
    # ranking over all its groups, D5.2: tests/integration/test_combined_butler.py).
    event = event_values(store)
    rows = list(csv.DictReader(io.StringIO(
        export_event(store, "csv", event=event)["butler.csv"].decode())))
    assert [(r["stage"], r["group"], int(r["place"]), int(r["entry"]), r["pair"])
            for r in rows if r["group"] != "combined"] == want
    # The site: the stage's page ranks them, group by group.
    page = export_event(store, "html", event=event)["en/stage-regular.html"].decode()
    for _, group in kept:
        table = page.split(f'data-testid="butler-{group.name or "all"}"', 1)[1]
        assert table.split("</table>", 1)[0].count("<tr>") == len(group.butler) + 1
    # The public Competition page (competition_butler.html) and the standings' JSON.
    app = create_app({"DATABASE": store.path, "TESTING": True})
    try:
        client = app.test_client()
        public = client.get("/results/").get_data(as_text=True)
        for stage, group in kept:
            assert f'data-testid="butler-{stage.spec.id}-{group.name or "all"}"' in public
        data = client.get("/results/api/standings").get_json()
        regular = next(s for s in data["stages"] if s["id"] == "regular")
        assert [len(g["butler"]) for g in regular["groups"]] == [len(g.butler) for _, g in kept]
        assert regular["groups"][0]["butler"][0]["name"]
    finally:
        app.extensions["traveller.store"].close()
    # The printed results sheet.
    sheet = DOCUMENTS["results"](store, {"round": None}, "en")[0]
    text = "\n".join(getattr(block, "text", "") for block in sheet.blocks)
    assert text.count("Butler ranking (D4.1, D5.2)") == len(kept)


# --- a knock-out scores no VP ---------------------------------------------------------------


def test_k15_a_knockout_match_scores_no_vp_and_enters_no_vp_table(opened: Any) -> None:
    from server.teams.standings import records

    store = opened("gabsi-province-teams", "knockout")
    view = current(store, clock()).view
    knockout = next(s for s in view.stages if s.spec.id == "ko")
    decided = [m for m in knockout.progress.matches if m.winner is not None]  # type: ignore[union-attr]
    assert decided, "quarter-finals over, semi-finals in play"
    recs, _, _ = records(store, clock())
    assert len(recs) == 12  # the preliminary's two pools of 4: 6 matches each
    app = create_app({"DATABASE": store.path, "TESTING": True})
    try:
        director = login(app)
        table = director.get("/director/teams/standings",
                             headers={"Accept": "application/json"}).get_json()
        assert {row["team"]: row["matches"] for row in table["standings"]["teams"]} == {
            team: 3 for team in range(1, 9)}
        match = decided[0]
        card = director.get(f"/results/api/team/{match.home}").get_json()
        rows = [r for r in card["matches"] if r["knockout"]]
        assert rows and all(r["vp_for"] is None and r["vp_against"] is None for r in rows)
        assert rows[0]["winner"] == match.winner and rows[0]["stage"] == knockout.spec.name
        assert card["standing"] is None and [s["stage"] for s in card["stages"]] == [
            "prelim", "ko"]
        carried = {(r["opponent"], r["carry_over"]) for r in rows}
        signed = 0.0 if match.carry_over is None else (
            match.carry_over.imps if match.carry_over.to == match.home
            else -match.carry_over.imps)
        assert (match.away, signed or None) in carried or (match.away, signed) in carried
        page = director.get(f"/results/team/{match.home}").get_data(as_text=True)
        assert 'data-knockout="yes"' in page and 'data-testid="team-stages"' in page
    finally:
        app.extensions["traveller.store"].close()


# --- a tied knock-out (test_competition.TIED_FINAL): its extra boards are in its match ------

def test_k17_2_a_tied_knockouts_extra_and_sudden_death_boards_are_in_its_match(
        tmp_path: Path) -> None:
    from tests.integration.teams_event import enter

    store = create_competition(tmp_path / "final.db", TIED_FINAL, entries=4,
                               password=PASSWORD, base_url="http://testserver")
    try:
        rehearse(store, 11, clock, advances=1)  # the round robin, then the final in play

        def level(number: int) -> None:
            for seating in store.seatings():
                if seating.round == number:
                    for board in seating.boards:
                        assert enter(store, seating.section, seating.table_number, board)["ok"]

        final_round = max(s.round for s in store.seatings())
        level(final_round)  # passed out in both rooms: 0-0
        actions.advance(store, clock(), "director", "K17.2")
        level(final_round + 1)  # the 4 extra boards: 0-0 again
        actions.advance(store, clock(), "director", "K17.2")
        board = next(s.boards[0] for s in store.seatings() if s.round == final_round + 2)
        assert enter(store, "O", 1, board)["ok"]
        assert enter(store, "C", 1, board, "4S", 10, "N")["ok"]  # the away team makes game
        view = current(store, clock()).view
        (final,) = view.stage("ko").progress.matches  # type: ignore[union-attr]
        assert final.extra_boards == 5 and final.winner == final.away and view.complete
        event = event_values(store)
        ko = next(s.results for s in event.stages if s.id == "ko")
        assert isinstance(ko, TeamsEvent)
        (match,) = ko.matches  # the extra and sudden-death boards in the final's match
        assert match.numbers == tuple(range(1, 10)) and match.winner == final.away
        files = {fmt: export_event(store, fmt, event=event) for fmt in FORMATS}
        root = ET.fromstring(files["usebio"]["results.xml"])
        (node,) = root.findall("EVENT")[1].iter("MATCH")
        assert [b.findtext("BOARD_NUMBER") for b in node.iter("BOARD")] == [
            str(n) for n in range(1, 10)]
        assert (node.findtext("TEAM_SCORE"), node.findtext("OPPOSING_TEAM_SCORE")) == (
            "0", f"{final.imps[1]:g}")  # the model's IMPs over all 9 boards
        for fmt, name in (("usebio", "results.xml"), ("pbn", "results.pbn")):
            assert same_figures(event, fmt, files[fmt][name]) == []
        bracket = list(csv.DictReader(io.StringIO(files["csv"]["knockout.csv"].decode())))
        assert [(r["match"], r["extra_boards"], r["decided_by"]) for r in bracket] == [
            ("final", "5", "sudden_death")]
        page = files["html"][f"en/match-{match.round}-{match.table}.html"].decode()
        assert page.split('data-testid="match-boards"', 1)[1].split("</table>")[0].count(
            "<tr>") == 10
    finally:
        store.close()


# --- an export that cannot be made ----------------------------------------------------------


def test_22_1_an_export_that_cannot_be_made_fails_in_one_line(opened: Any,
                                                              tmp_path: Path) -> None:
    store = opened("gabsi-province-teams", "knockout")
    with store.write() as db:
        competition = dict(store.setting("competition"))
        competition["preset_text"] = "[event]\nname = 'broken'\n[[stage]]\nkind = 'nonsense'\n"
        store.put_setting(db, "competition", competition, actor="test", why="a broken file")
    out = subprocess.run([sys.executable, "-m", "server", "export", str(store.path), "--format",
                          "usebio", "--out", str(tmp_path / "r.xml")], cwd=REPO,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("traveller: the USEBIO export could not be made: ")
    assert "Traceback" not in out.stderr and not (tmp_path / "r.xml").exists()
    app = create_app({"DATABASE": store.path, "TESTING": True})
    try:
        director = login(app)
        refused = director.get("/director/export/csv", headers={"Accept": "application/json"})
        assert refused.status_code == 500 and refused.get_json()["code"] == "export_failed"
        assert set(refused.get_json()) == {"ok", "code", "error", "status"}
        # A page that fails answers our page, titled by its status.
        page = director.get("/results/team/1")
        assert page.status_code == 500
        assert "<title>500 Internal Server Error · Traveller</title>" in page.get_data(
            as_text=True)
    finally:
        app.extensions["traveller.store"].close()


# --- mid-stage: matches half played -----------------------------------------------------------


def test_k15_matches_half_played_export_and_read_back_mid_stage(tmp_path: Path) -> None:
    """The quarter-finals just put in play, two of them half played (the open room further
    than the closed): the files hold what is played, the figures read back, and a board played
    in one room only is what rescore says is missing."""
    from tests.integration.teams_event import enter

    store = Store.open(str(copy(moment_files("gabsi-province-teams", {1})[1],
                                tmp_path / "event.db")))
    try:
        last = max(s.round for s in store.seatings())
        for seat in store.seatings():
            if seat.round == last and seat.table_number <= 2:
                half = seat.boards[: len(seat.boards) // 2]
                for board in half if seat.section == "O" else half[:-1]:
                    assert enter(store, seat.section, seat.table_number, board, "3N", 9,
                                 "S")["ok"]
        event = event_values(store)
        files = {fmt: export_event(store, fmt, event=event) for fmt in FORMATS}
        for fmt, name in (("usebio", "results.xml"), ("pbn", "results.pbn")):
            assert same_figures(event, fmt, files[fmt][name]) == []
            scored = rescore(parse_results_file(files[fmt][name], name))
            assert len(scored["missing"]) == 2  # one board of each match in the open room only
        ko = next(s.results for s in event.stages if s.id == "ko")
        assert isinstance(ko, TeamsEvent) and len(ko.matches) == 2
        assert all(m.winner is None and m.home_vp is None for m in ko.matches)
    finally:
        store.close()


@pytest.mark.parametrize("preset", ["gabsi-club-teams", "pzbs-league-1"])
def test_k15_d1_4_a_stage_page_totals_a_knockout_match_as_its_match_list(preset: str,
                                                                        opened: Any) -> None:
    """The site's stage page gives a knock-out match's IMPs at the table, its carry-over and
    the total; the total is what the match list beside it (and the team pages) call its IMPs."""
    from html import unescape

    def cells(page: str, testid: str) -> list[list[str]]:
        table = page.split(f'data-testid="{testid}"', 1)[1].split("</table>", 1)[0]
        return [[unescape(re.sub(r"<[^>]+>", "", c)).strip()
                 for c in re.findall(r"<td>(.*?)</td>", r)]
                for r in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[1])]

    store = opened(preset, "end")
    site = {name: body.decode("utf-8") for name, body in export_event(store, "html").items()}
    carried = 0
    for name, page in site.items():
        if not name.startswith("en/stage-") or 'data-testid="stage-matches"' not in page:
            continue
        # Two matches of a stage may pair the same teams (a play-off's line and semi-final).
        listed = sorted((*row[2].split(" – "), row[3])
                        for row in cells(page, "stage-match-results"))
        totals = []
        assert "<th>Total</th>" in page
        for _round, home, away, carry, imps, total, *_ in cells(page, "stage-matches"):
            h, a = (float(x) for x in imps.split(" – "))
            if carry:
                carried += 1
                to = home if carry.split(" ", 1)[1].startswith(home) else away
                figure = float(carry.split(" ", 1)[0])
                h, a = (h + figure, a) if to == home else (h, a + figure)
            assert [float(x) for x in total.split(" – ")] == pytest.approx([h, a])
            totals.append((home, away, total))
        assert sorted(totals) == listed, name
    assert carried, "a carry-over on some stage page"
