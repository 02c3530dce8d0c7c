"""Issue 16 item 1: `traveller rescore` reads what it refused: Axxyy adjusted scores, PBN teams
files of one game per table, USEBIO team events of MATCH elements.

The files in tests/data/interchange/ were written for these tests (see tests/data/README.md); the
figures each test expects were worked out by hand, as the producing program would publish them,
and are written out in the tests' notes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from server.formats.results_file import read_results_file
from server.formats.travellers import parse_adjusted
from server.publish.rescore import rescore
from tests.conftest import REPO

DATA = REPO / "tests" / "data" / "interchange"


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False)  # fmt: skip


def test_16_1_axxyy_is_ns_percent_then_ew_percent() -> None:
    assert parse_adjusted("A6040", None) == (60.0, 40.0)
    assert parse_adjusted("a5050", None) == (50.0, 50.0)
    assert parse_adjusted("A4040", "A4040") == (40.0, 40.0)
    assert parse_adjusted("A6060", None) == (60.0, 60.0)


# Board 1: 420 and 450 played, A6040 at the third table. The two played results are matchpointed
# between themselves (450 beats 420: 2 to 0 on a top of 2) and factored up to the top of 4 by
# Neuberg's formula, (M + 1) x 3/2 - 1: 3.5 and 0.5; the A6040 table gets 60% and 40% of 4:
# 2.4 to North-South 3, 1.6 to East-West 6.
# Board 2: -100, 110, 110: NS 1 0, NS 2 and 3 3 each (one beaten, one tie); EW 5 4, EW 6 and 4 1.
# Board 3: A5050 (2 and 2), 420 alone (factored: (0 + 1) x 3 - 1 = 2 each way), A4040 (1.6 each).
# Totals over a top of 3 x 4 = 12: NS 2 8.5 (70.83%), NS 3 7.0 (58.33%), NS 1 2.5 (20.83%);
# EW 4 6.5 (54.17%), EW 5 6.1 (50.83%), EW 6 4.6 (38.33%).
MP_RANKING = [("2", "NS", 1, 70.83), ("3", "NS", 2, 58.33), ("1", "NS", 3, 20.83),
              ("4", "EW", 1, 54.17), ("5", "EW", 2, 50.83), ("6", "EW", 3, 38.33)]  # fmt: skip


@pytest.mark.parametrize("name", ["usebio_mp_artificial.xml", "pbn_mp_artificial.pbn"])
def test_16_1_axxyy_adjusted_scores_rescore_to_the_published_ranking(name: str) -> None:
    scored = rescore(read_results_file(DATA / name))
    assert scored["kind"] == "pairs" and scored["missing"] == []
    ranking = [(r["pair"], r["field"], r["rank"], r["pct"]) for r in scored["ranking"]]
    assert ranking == MP_RANKING
    for row in scored["ranking"]:
        assert row["original"] == row["pct"]  # the file's own percentage, to 0.01
    board1 = {r["ns"]: r for r in scored["boards"][0]["results"]}
    assert board1["3"]["adjusted"] == [60.0, 40.0]
    assert (board1["3"]["ns_mp"], board1["3"]["ew_mp"]) == (2.4, 1.6)
    for board in scored["boards"]:
        for result in board["results"]:
            assert (result["ns_mp"], result["ew_mp"]) == (result["original_ns_mp"],
                                                          result["original_ew_mp"])  # fmt: skip


def test_16_1_axxyy_in_butler_is_three_imps_each_way() -> None:
    """Board 1: datum of 420, 450, 400 (A6040 not in it) is 423.33, rounded to 420: 0, +1, -1;
    A6040 is average-plus to NS 4, +3, and average-minus to EW 8, -3 (Law 12C2's IMP
    convention). Board 8: -50, -100, 140, -50, the highest and lowest dropped, datum -50: 0, -2,
    +5, 0. Totals: NS 3 4, NS 4 3, NS 1 0, NS 2 -1; EW 7 3, EW 5 0, EW 6 -1, EW 8 -8."""
    scored = rescore(read_results_file(DATA / "usebio_butler_artificial.xml"))
    assert scored["method"] == "butler"
    assert [(r["pair"], r["rank"], r["score"]) for r in scored["ranking"]] == [
        ("3", 1, 4.0), ("4", 2, 3.0), ("1", 3, 0.0), ("2", 4, -1.0),
        ("7", 1, 3.0), ("5", 2, 0.0), ("6", 3, -1.0), ("8", 4, -8.0)]  # fmt: skip
    assert all(r["original"] == r["score"] for r in scored["ranking"])
    adjusted = next(r for r in scored["boards"][0]["results"] if r["adjusted"])
    assert (adjusted["ns_imps"], adjusted["ew_imps"]) == (3.0, -3.0)


# Two 8-board matches. Alpha (home) v Bravo: board 2 620 v 170, +450, 10 IMPs; board 3 -100 v 140,
# -240, -6; board 4 A6040 with Alpha North-South: average-plus, +3 IMPs; the rest equal: Alpha
# +7, 12.77 to 7.23 on the WBF 2013 scale for 8 boards (tests/data/vp_wbf2013_8.csv).
# Charlie v Delta: board 1 420 v -50, 10; board 3 980 v 170, 13; board 4 -200 v 140, -8: +15,
# 15.23 to 4.77.
TEAMS = {"3": ("Charlie", 15.23, 15.0), "1": ("Alpha", 12.77, 7.0),
         "2": ("Bravo", 7.23, -7.0), "4": ("Delta", 4.77, -15.0)}  # fmt: skip


def _check_teams(scored: dict[str, Any], by_name: bool) -> None:
    assert scored["kind"] == "teams" and scored["missing"] == []
    assert (scored["match_scoring"], scored["vp_scale"]) == ("vp", "wbf2013")
    expected = [(name if by_name else number, rank, vp, imps)
                for rank, (number, (name, vp, imps)) in enumerate(TEAMS.items(), start=1)]
    got = [(r["team"], r["rank"], r["score"], r["net_imps"]) for r in scored["ranking"]]
    assert got == expected
    assert all(r["original"] == r["score"] for r in scored["ranking"])
    for match in scored["matches"]:
        for board in match["boards"]:
            assert board["home_imps"] == board["original_home_imps"], board


def test_16_1_usebio_team_event_of_match_elements_rescores() -> None:
    scored = rescore(read_results_file(DATA / "usebio_teams_vp.xml"))
    _check_teams(scored, by_name=False)
    first = scored["matches"][0]
    assert (first["home"], first["away"], first["home_imps"], first["away_imps"]) == ("1", "2",
                                                                                     13.0, 6.0)
    assert (first["home_vp"], first["away_vp"]) == (first["original_home"], first["original_away"])


def test_16_1_pbn_teams_file_of_one_game_per_table_rescores() -> None:
    out = traveller("rescore", str(DATA / "pbn_teams_score_imp.pbn"), "--json")
    assert out.returncode == 0, out.stderr
    _check_teams(json.loads(out.stdout), by_name=True)


def test_16_1_pbn_teams_board_with_one_room_is_named_missing(tmp_path: Path) -> None:
    text = (DATA / "pbn_teams_score_imp.pbn").read_text(encoding="utf-8")
    games = text.split("\n\n")
    closed_board_8 = next(i for i, game in enumerate(games)
                          if '[Board "8"]' in game and '"Closed"' in game)  # fmt: skip
    del games[closed_board_8]
    short = tmp_path / "short.pbn"
    short.write_text("\n\n".join(games), encoding="utf-8")
    out = traveller("rescore", str(short), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["missing"] == [
        "round 1, Alpha v Bravo, board 8: the rooms are Open, not one Open and one Closed"]


def test_16_1_usebio_matches_without_travellers_say_what_is_missing(tmp_path: Path) -> None:
    text = (DATA / "usebio_teams_vp.xml").read_text(encoding="utf-8")
    while "<TRAVELLER_LINE>" in text:
        start = text.index("<TRAVELLER_LINE>")
        text = text[:start] + text[text.index("</TRAVELLER_LINE>") + len("</TRAVELLER_LINE>"):]
    bare = tmp_path / "bare.xml"
    bare.write_text(text, encoding="utf-8")
    out = traveller("rescore", str(bare), "--json")
    assert out.returncode == 1 and out.stderr.count("\n") == 1
    said = "no TRAVELLER_LINE in any MATCH: round 1, 1 v 2, board 1: no TRAVELLER_LINE"
    assert said in out.stderr


def test_16_1_teams_vp_scale_asked_for_and_imps_ranking(tmp_path: Path) -> None:
    parsed = read_results_file(DATA / "usebio_teams_vp.xml")
    asked = rescore(parsed, vp_scale="wbf25")
    assert asked["vp_scale"] == "wbf25"
    assert asked["ranking"][0]["score"] != asked["ranking"][0]["original"]
    text = (DATA / "usebio_teams_vp.xml").read_text(encoding="utf-8")
    by_imps = tmp_path / "knockout.xml"
    by_imps.write_text(text.replace("<MATCH_SCORING_METHOD>VPS", "<MATCH_SCORING_METHOD>IMPS"),
                       encoding="utf-8")  # fmt: skip
    scored = rescore(read_results_file(by_imps))
    assert (scored["match_scoring"], scored["vp_scale"]) == ("imps", None)
    assert [(r["team"], r["score"], r["vp"]) for r in scored["ranking"]] == [
        ("3", 15.0, None), ("1", 7.0, None), ("2", -7.0, None), ("4", -15.0, None)]
