"""Issue 16 items 2 and 3: `traveller export` writes USEBIO, PBN and CSV, and what it writes,
`traveller rescore` reads back with the same numbers.

Two played demo events are built once for the module: the demo pairs session (6 tables, a
Mitchell) with every board played and one adjusted score (60/40, Law 12C2), and the GABSI teams
round robin with round 1's four matches played in both rooms. The USEBIO output is checked
element by element against the structure of USEBIO 1.2 (a checker of our own, below).
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.direction.rulings import adjust
from server.formats.results_file import read_results_file
from server.publish.export import export_event, write_export
from server.publish.rescore import rescore
from server.publish.results import standings as pair_standings
from server.publish.team_results import standings as team_standings
from server.store import Store
from server.store.rulings import EntryKey
from server.table.entry import submit_result
from tests.conftest import REPO, make_event
from tests.integration import teams_event as te

CONTRACTS = [("4S", 10, "N"), ("3N", 9, "S"), ("4H", 9, "E"), ("2S", 8, "W"), ("PASS", 0, "N"),
             ("4S", 11, "N"), ("3N", 8, "S"), ("1N", 7, "W")]  # fmt: skip
EPSILON = 1e-9


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False)  # fmt: skip


def play_pairs(path: Path) -> tuple[int, int, int]:
    """Every board of the demo session, round by round, through the tables' own entry; one
    board of the last round at table 2 gets an artificial 60/40 instead. Returns that entry."""
    store = Store.open(str(path))
    tables = {(t.section, t.number): t for t in store.tables()}
    seatings = sorted(store.seatings(), key=lambda s: (s.round, s.table_number))
    last = seatings[-1].round
    adjusted = next((s.round, s.table_number, s.boards[0]) for s in seatings
                    if s.round == last and s.table_number == 2)  # fmt: skip
    count = 0
    for seating in seatings:
        for board in seating.boards:
            if (seating.round, seating.table_number, board) == adjusted:
                continue
            contract, tricks, declarer = CONTRACTS[(count * 7 + board) % len(CONTRACTS)]
            count += 1
            ack = submit_result(store, tables[(seating.section, seating.table_number)],
                                {"op_id": str(uuid.uuid4()), "board": board,
                                 "contract": contract, "declarer": declarer, "tricks": tricks},
                                0, "test")  # fmt: skip
            assert ack["ok"], ack
    adjust(store, EntryKey("A", adjusted[1], adjusted[0], adjusted[2]),
           {"kind": "artificial", "choice": "60/40", "why": "a fouled board"}, 0, "director")
    store.close()
    return adjusted


@pytest.fixture(scope="module")
def pairs_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = make_event(tmp_path_factory.mktemp("pairs") / "pairs.db")
    play_pairs(path)
    return path


@pytest.fixture(scope="module")
def teams_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = te.create(tmp_path_factory.mktemp("teams") / "teams.db")
    store = Store.open(str(path))
    for number in (1, 2, 3, 4):
        closed = ({1: ("4S", 9, "N"), 2: ("3N", 10, "S"), 3: ("3N", 12, "N")} if number % 2
                  else {1: ("4S", 11, "N")})  # fmt: skip
        te.play_match(store, 1, number, {1: ("4S", 10, "N"), 2: ("3N", 9, "S"),
                                         3: ("6N", 12, "N")}, closed)  # fmt: skip
    store.close()
    return path


@pytest.fixture
def pairs_store(pairs_db: Path) -> Iterator[Store]:
    store = Store.open(str(pairs_db))
    yield store
    store.close()


@pytest.fixture
def teams_store(teams_db: Path) -> Iterator[Store]:
    store = Store.open(str(teams_db))
    yield store
    store.close()


# --- USEBIO 1.2's structure, as the EBU's description lays it out ------------------------------

# Each element: the children it may hold (in this order) and those it must hold. Text elements
# hold no children. Written from the USEBIO 1.2 description, not copied from its DTD.
STRUCTURE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "USEBIO": (("CLUB", "EVENT"), ("EVENT",)),
    "EVENT": (("EVENT_DESCRIPTION", "MATCH_SCORING_METHOD", "BOARD_SCORING_METHOD",
               "SESSION_COUNT", "SECTION_COUNT", "SESSION"), ("SESSION",)),
    "SESSION": (("SECTION",), ("SECTION",)),
    "SECTION": (("PARTICIPANTS", "BOARD", "MATCH"), ("PARTICIPANTS",)),
    "PARTICIPANTS": (("PAIR", "TEAM"), ()),
    "PAIR": (("PAIR_NUMBER", "DIRECTION", "PLAYER", "PLACE", "TOTAL_SCORE", "PERCENTAGE",
              "BOARDS_PLAYED"), ("PAIR_NUMBER", "PLACE", "TOTAL_SCORE")),
    "TEAM": (("PLAYER", "PLACE", "TOTAL_SCORE"), ("PLACE", "TOTAL_SCORE")),
    "PLAYER": (("PLAYER_NAME",), ("PLAYER_NAME",)),
    "MATCH": (("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM", "START_BOARD_NUMBER",
               "END_BOARD_NUMBER", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "BOARD"),
              ("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM")),
    "BOARD": (("BOARD_NUMBER", "IMPS", "TRAVELLER_LINE"), ("BOARD_NUMBER", "TRAVELLER_LINE")),
    "TRAVELLER_LINE": (("DIRECTION", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT",
                        "PLAYED_BY", "LEAD", "TRICKS", "SCORE", "NS_MATCH_POINTS",
                        "EW_MATCH_POINTS"), ("SCORE",)),
}  # fmt: skip
ATTRIBUTES = {"USEBIO": {"Version"}, "EVENT": {"EVENT_TYPE"}, "SESSION": {"SESSION_ID"},
              "SECTION": {"SECTION_ID"}, "TEAM": {"TEAM_ID", "TEAM_NAME"}}  # fmt: skip
TEXT_FORMS = {
    "PAIR_NUMBER": r"\d+", "PLACE": r"\d+", "BOARD_NUMBER": r"\d+", "ROUND_NUMBER": r"\d+",
    "TOTAL_SCORE": r"-?\d+(\.\d+)?", "PERCENTAGE": r"\d+(\.\d+)?", "DIRECTION": r"NS|EW",
    "PLAYED_BY": r"[NESW]", "TRICKS": r"\d{1,2}", "SCORE": r"-?\d+|A\d{4}",
    "NS_MATCH_POINTS": r"\d+(\.\d+)?", "EW_MATCH_POINTS": r"\d+(\.\d+)?", "IMPS": r"-?\d+",
    "CONTRACT": r"PASS|[1-7](C|D|H|S|N|NT)X{0,2}",
}  # fmt: skip


TEXT_IN = {("MATCH", "TEAM")}
"""Elements that are text in this parent though structured elsewhere (a match's TEAM number)."""


def check_usebio(element: ET.Element, where: str = "") -> list[str]:
    """Every way ``element`` and what it holds depart from :data:`STRUCTURE`."""
    import re

    problems = []
    path = f"{where}/{element.tag}"
    parent = where.rsplit("/", 1)[-1]
    text = element.tag not in STRUCTURE or (parent, element.tag) in TEXT_IN
    extra = set(element.attrib) - (set() if text else ATTRIBUTES.get(element.tag, set()))
    if extra:
        problems.append(f"{path}: unknown attributes {sorted(extra)}")
    if text:
        if len(element):
            problems.append(f"{path}: a text element with children")
        form = TEXT_FORMS.get(element.tag)
        if form and not re.fullmatch(form, (element.text or "").strip()):
            problems.append(f"{path}: {element.text!r} is not {form}")
        return problems
    allowed, required = STRUCTURE[element.tag]
    tags = [child.tag for child in element]
    for tag in tags:
        if tag not in allowed:
            problems.append(f"{path}: {tag} not allowed")
    order = [allowed.index(tag) for tag in tags if tag in allowed]
    if order != sorted(order):
        problems.append(f"{path}: children out of order: {tags}")
    for tag in required:
        if tag not in tags:
            problems.append(f"{path}: no {tag}")
    for child in element:
        problems.extend(check_usebio(child, path))
    return problems


@pytest.mark.parametrize("kind", ["pairs", "teams"])
def test_16_2_usebio_follows_the_usebio_structure(kind: str, pairs_store: Store,
                                                  teams_store: Store) -> None:  # fmt: skip
    store = pairs_store if kind == "pairs" else teams_store
    data = export_event(store, "usebio", now_ms=0)["results.xml"]
    text = data.decode("utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM')
    root = ET.fromstring(data)
    assert check_usebio(root) == []
    if kind == "pairs":
        assert root.find("EVENT").get("EVENT_TYPE") == "MP_PAIRS"  # type: ignore[union-attr]
        assert "<SCORE>A6040</SCORE>" in text
    else:
        assert len(root.findall(".//MATCH")) == 4


def test_16_2_the_checker_finds_what_departs_from_the_structure() -> None:
    bad = ET.fromstring("<USEBIO Version='1.2'><EVENT EVENT_TYPE='MP_PAIRS'><SESSION>"
                        "<SECTION><BOARD><BOARD_NUMBER>x</BOARD_NUMBER></BOARD></SECTION>"
                        "</SESSION></EVENT></USEBIO>")  # fmt: skip
    assert check_usebio(bad) == [
        "/USEBIO/EVENT/SESSION/SECTION: no PARTICIPANTS",
        "/USEBIO/EVENT/SESSION/SECTION/BOARD: no TRAVELLER_LINE",
        "/USEBIO/EVENT/SESSION/SECTION/BOARD/BOARD_NUMBER: 'x' is not \\d+",
    ]


# --- round trips: what we export, rescore reads back with the same numbers ------------------


@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
def test_16_3_pairs_round_trip_gives_our_ranking(fmt: str, pairs_store: Store,
                                                 tmp_path: Path) -> None:  # fmt: skip
    out = tmp_path / f"results.{fmt}"
    write_export(pairs_store, fmt, out)
    scored = rescore(read_results_file(out))
    assert (scored["method"], scored["movement"], scored["missing"]) == ("mp", "mitchell", [])
    ours = pair_standings(pairs_store)
    theirs = {(r["field"], r["pair"]): r for r in scored["ranking"]}
    assert len(theirs) == sum(len(rows) for rows in ours.values()) == 12
    for field, rows in ours.items():
        assert [str(r["pair"]) for r in rows] == [r["pair"] for r in scored["ranking"]
                                                  if r["field"] == field]  # fmt: skip
        for row in rows:
            again = theirs[(field, str(row["pair"]))]
            assert again["rank"] == row["rank"]
            assert abs(again["pct"] - row["percentage"]) <= 0.01 + EPSILON
            assert abs(again["score"] - row["matchpoints"]) <= 0.01 + EPSILON
            assert again["boards"] == row["boards"]
    adjusted = [r for b in scored["boards"] for r in b["results"] if r["adjusted"]]
    assert [(r["adjusted"], r["ns_pct"], r["ew_pct"]) for r in adjusted] == [
        ([60.0, 40.0], 60.0, 40.0)]


@pytest.mark.parametrize("fmt", ["usebio", "pbn"])
def test_16_3_teams_round_trip_gives_our_imps_and_vps(fmt: str, teams_store: Store,
                                                      tmp_path: Path) -> None:  # fmt: skip
    out = tmp_path / f"results.{fmt}"
    write_export(teams_store, fmt, out)
    scored = rescore(read_results_file(out))
    assert (scored["kind"], scored["match_scoring"], scored["missing"]) == ("teams", "vp", [])
    assert scored["vp_scale"] == "wbf25"  # the preset's scale, found from the file's VPs
    ours = team_standings(teams_store, 0)["teams"]
    key = "team" if fmt == "usebio" else "name"
    assert [str(r[key]) for r in ours] == [r["team"] for r in scored["ranking"]]
    for row, again in zip(ours, scored["ranking"], strict=True):
        assert (again["rank"], again["score"]) == (row["rank"], row["vp"])
        assert (again["imps_for"], again["imps_against"]) == (row["imps_won"], row["imps_lost"])
        assert again["original"] == row["vp"]
    for match in scored["matches"]:
        assert (match["home_vp"], match["away_vp"]) in {(22.0, 8.0), (20.0, 10.0)}
        for board in match["boards"]:
            assert board["home_imps"] == board["original_home_imps"]


def test_16_3_csv_holds_the_ranking_and_every_traveller(pairs_store: Store,
                                                        tmp_path: Path) -> None:  # fmt: skip
    written = write_export(pairs_store, "csv", tmp_path / "csv")
    assert sorted(p.name for p in written) == ["ranking.csv", "travellers.csv"]
    ranking = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "ranking.csv").read_text())))
    ours = [row for rows in pair_standings(pairs_store).values() for row in rows]
    assert [(r["field"], int(r["pair"]), int(r["rank"])) for r in ranking] == [
        ("NS" if row in pair_standings(pairs_store)["NS"] else "EW", row["pair"], row["rank"])
        for row in ours]  # fmt: skip
    for line, row in zip(ranking, ours, strict=True):
        assert abs(float(line["percentage"]) - row["percentage"]) <= 0.0001
    travellers = list(csv.DictReader(io.StringIO(
        (tmp_path / "csv" / "travellers.csv").read_text())))  # fmt: skip
    assert len(travellers) == len(pairs_store.seatings()) * 3
    assert [r["adjusted"] for r in travellers if r["adjusted"]] == ["A6040"]


def test_16_3_teams_csv_has_ranking_matches_and_travellers(teams_store: Store,
                                                           tmp_path: Path) -> None:  # fmt: skip
    files = export_event(teams_store, "csv", now_ms=0)
    assert sorted(files) == ["matches.csv", "ranking.csv", "travellers.csv"]
    matches = list(csv.DictReader(io.StringIO(files["matches.csv"].decode())))
    assert [(m["home"], m["away"], m["home_vp"], m["away_vp"]) for m in matches] == [
        ("1", "8", "20", "10"), ("2", "7", "22", "8"), ("3", "6", "20", "10"),
        ("4", "5", "22", "8")]  # fmt: skip
    tables = list(csv.DictReader(io.StringIO(files["travellers.csv"].decode())))
    assert len(tables) == 4 * 12 * 2


def test_16_2_export_command_writes_and_refuses_with_one_line(pairs_db: Path,
                                                              tmp_path: Path) -> None:  # fmt: skip
    out = traveller("export", str(pairs_db), "--format", "usebio", "--out",
                    str(tmp_path / "r.xml"))  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(tmp_path / "r.xml")
    again = traveller("rescore", str(tmp_path / "r.xml"), "--json")
    assert json.loads(again.stdout)["ranking"][0]["pair"] == str(
        pair_standings_first(pairs_db))  # fmt: skip
    refused = traveller("export", str(pairs_db), "--format", "pbn", "--out", str(tmp_path))
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1
    assert "is a folder" in refused.stderr
    missing = traveller("export", str(tmp_path / "none.db"), "--format", "csv", "--out",
                        str(tmp_path / "c"))  # fmt: skip
    assert missing.returncode == 1 and "no event file" in missing.stderr


def pair_standings_first(path: Path) -> int:
    store = Store.open(str(path))
    try:
        return int(pair_standings(store)["NS"][0]["pair"])
    finally:
        store.close()


def test_16_2_the_console_offers_the_same_downloads(pairs_db: Path) -> None:
    import zipfile

    from tests.integration.test_director import login

    with te.app_for(pairs_db) as app:
        assert app.test_client().get("/director/export/usebio").status_code in (302, 401)
        client = login(app)
        page = client.get("/director/results").get_data(as_text=True)
        assert 'data-testid="export"' in page and "/director/export/pbn" in page
        store = app.extensions["traveller.store"]
        response = client.get("/director/export/usebio")
        assert response.status_code == 200
        assert response.headers["Content-Disposition"] == 'attachment; filename="results.xml"'
        assert response.data == export_event(store, "usebio")["results.xml"]
        pbn = client.get("/director/export/pbn")
        assert pbn.data == export_event(store, "pbn")["results.pbn"]
        archive = zipfile.ZipFile(io.BytesIO(client.get("/director/export/csv").data))
        assert sorted(archive.namelist()) == ["ranking.csv", "travellers.csv"]
        site = zipfile.ZipFile(io.BytesIO(client.get("/director/export/html").data))
        assert {"index.html", "en/index.html", "id/index.html", "pl/index.html"} <= set(
            site.namelist())  # fmt: skip
        refused = client.get("/director/export/xls", headers={"Accept": "application/json"})
        assert refused.status_code == 400 and refused.json == {
            "ok": False, "code": "invalid_format", "status": 400,
            "error": "unknown export format 'xls' (one of usebio, pbn, csv, html)"}


def test_16_2_the_teams_standings_offer_the_downloads(teams_db: Path) -> None:
    from tests.integration.test_director import login

    with te.app_for(teams_db) as app:
        client = login(app)
        page = client.get("/director/teams/standings").get_data(as_text=True)
        assert 'data-testid="export"' in page and "/director/export/usebio" in page
        public = app.test_client().get("/results/").get_data(as_text=True)
        assert 'data-testid="export"' not in public
        xml = client.get("/director/export/usebio")
        assert xml.status_code == 200 and b"<MATCH>" in xml.data


def test_16_3_two_sections_round_trip_with_section_letters(tmp_path: Path) -> None:
    """Two sections of 3 tables: each section's pairs come back as "A1", "B1"..., ranked in
    their own section as the event ranks them."""
    path = make_event(tmp_path / "two.db", tables=6, sections=2)
    store = Store.open(str(path))
    try:
        tables = {(t.section, t.number): t for t in store.tables()}
        count = 0
        for s in sorted(store.seatings(), key=lambda s: (s.round, s.section, s.table_number)):
            for board in s.boards:
                contract, tricks, declarer = CONTRACTS[(count * 5 + board) % len(CONTRACTS)]
                count += 1
                ack = submit_result(store, tables[(s.section, s.table_number)],
                                    {"op_id": str(uuid.uuid4()), "board": board,
                                     "contract": contract, "declarer": declarer,
                                     "tricks": tricks}, 0, "test")  # fmt: skip
                assert ack["ok"], ack
        want = {(field, f"{r['section']}{r['pair']}"): (r["rank"], r["percentage"])
                for field, rows in pair_standings(store).items() for r in rows}  # fmt: skip
        for fmt in ("usebio", "pbn"):
            write_export(store, fmt, tmp_path / f"two.{fmt}")
            scored = rescore(read_results_file(tmp_path / f"two.{fmt}"))
            assert scored["comparison"] == "section"  # the file's figures are each section's
            got = {(r["field"], r["pair"]): (r["rank"], r["pct"]) for r in scored["ranking"]}
            assert got.keys() == want.keys() and {pair[:1] for _, pair in got} == {"A", "B"}
            for key, (rank, pct) in want.items():
                assert abs(got[key][1] - pct) <= 0.01 + EPSILON, key
                # Level pairs share a rank in the file's reading; the event separates them by
                # K17.3's tie-break, which the file does not carry.
                level = [k for k, (_, other) in want.items() if k != key and k[0] == key[0]
                         and k[1][:1] == key[1][:1] and abs(other - pct) < EPSILON]
                assert got[key][0] == rank or (level and got[key][0] < rank), key
    finally:
        store.close()
