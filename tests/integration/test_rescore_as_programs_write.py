"""Issue 25: `traveller rescore` reads results files as real programs write them.

Each file in tests/data/interchange/ named here was written for these tests (see
tests/data/README.md); the figures it carries were worked out by hand, and the working is in
the file's own comment and in the tests' notes. A test holds our figures to the file's, to the
decimals the file prints.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from server.formats.results_file import read_results_file
from server.publish.rescore import rescore
from tests.conftest import REPO

DATA = REPO / "tests" / "data" / "interchange"


def _lines(scored: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(board["board"], line) for board in scored["boards"] for line in board["results"]]


# --- Compscore's own top, on a board played fewer times that also has an adjusted score ------

OWN_TOP = DATA / "usebio_own_top_short_adjusted.xml"
OWN_TOP_RANKING = [("3", "NS", 1, 83.73), ("2", "NS", 2, 70.91), ("5", "NS", 3, 42.5),
                   ("1", "NS", 4, 37.5), ("4", "NS", 5, 19.68),
                   ("6", "EW", 1, 53.95), ("7", "EW", 2, 48.44), ("9", "EW", 3, 48.41),
                   ("10", "EW", 4, 46.95), ("8", "EW", 5, 45.45)]  # fmt: skip


def test_rescore_own_top_short_board_with_adjusted_scores_agrees_to_the_files_decimals() -> None:
    """Board 3 was played at four tables of five, one of them A60/A40: on its own top it is a
    board of four results (top 6), its three played results factored up to four by Neuberg's
    formula (0.33, 3.00, 5.67) and the A60/A40 60% and 40% of 6 (3.60, 2.40). Board 2 (five
    tables, one 60%/40%) is factored from four to five: 0.25, 4.00, 4.00, 7.75 and 4.80. Every
    board figure is the file's to its 2 decimals, every percentage and place too (totals of the
    printed figures: NS 3 18.42 of 22, 83.73%)."""
    scored = rescore(read_results_file(OWN_TOP), factoring="own-top")
    assert (scored["factoring"], scored["decimals"], scored["movement"]) == ("own-top", 2,
                                                                             "mitchell")
    assert [board["top"] for board in scored["boards"]] == [8.0, 8.0, 6.0]
    for board, line in _lines(scored):
        assert (line["ns_mp"], line["ew_mp"]) == (line["original_ns_mp"],
                                                  line["original_ew_mp"]), (board, line)
    adjusted = [(board, line["adjusted"]) for board, line in _lines(scored) if line["adjusted"]]
    assert adjusted == [(2, [60.0, 40.0]), (3, [60.0, 40.0])]
    ranking = [(r["pair"], r["field"], r["rank"], r["pct"]) for r in scored["ranking"]]
    assert ranking == OWN_TOP_RANKING
    assert all(r["original"] == r["pct"] for r in scored["ranking"])


def test_rescore_own_top_file_is_told_from_neuberg_by_its_figures() -> None:
    """Under Neuberg board 3 is factored up to the session's five results (top 8: 0.67, 4.00,
    7.33, A60/A40 4.80): not the file's figures, and EW 8 and 10 change places."""
    scored = rescore(read_results_file(OWN_TOP))
    assert scored["boards"][2]["top"] == 8.0
    assert [line["ns_mp"] for board, line in _lines(scored) if board == 3] == [4.0, 4.8, 7.33,
                                                                               0.67]
    ranking = [(r["pair"], r["field"], r["rank"], r["pct"]) for r in scored["ranking"]]
    assert ranking != OWN_TOP_RANKING
    assert [r["pair"] for r in scored["ranking"]][-2:] == ["8", "10"]


# --- PBN teams files whose games say [Room ""] -------------------------------------------------

EMPTY_ROOM = DATA / "pbn_teams_empty_room.pbn"


def test_rescore_pbn_empty_room_is_inferred_and_agrees_with_the_files_imps_and_ranking() -> None:
    """Three matches, every game [Room ""]: Alpha v Bravo by the file's order (open room first),
    Charlie v Delta by its [Table]s (table 3 before table 4, though listed after it), Echo v
    Foxtrot by its team names (HomeTeam is the team that sat North-South). The program's own
    IMPs, board by board, and its ranking by net IMPs are ours."""
    scored = rescore(read_results_file(EMPTY_ROOM))
    assert (scored["kind"], scored["missing"], scored["match_scoring"]) == ("teams", [], "imps")
    matches = {(m["home"], m["away"]): [b["home_imps"] for b in m["boards"]]
               for m in scored["matches"]}  # fmt: skip
    assert matches == {("Alpha", "Bravo"): [10.0, 0.0, 5.0],
                       ("Charlie", "Delta"): [-7.0, 10.0, 2.0],
                       ("Echo", "Foxtrot"): [1.0, 5.0, -10.0]}  # fmt: skip
    for match in scored["matches"]:
        for board in match["boards"]:
            assert board["home_imps"] == board["original_home_imps"], (match["home"], board)
    charlie = next(m for m in scored["matches"] if m["home"] == "Charlie")
    assert charlie["boards"][0]["home_ns"]["ns_score"] == 120  # table 3: the open room
    ranking = [(r["team"], r["rank"], r["score"]) for r in scored["ranking"]]
    assert ranking == [("Alpha", 1, 15.0), ("Charlie", 2, 5.0), ("Foxtrot", 3, 4.0),
                       ("Echo", 4, -4.0), ("Delta", 5, -5.0), ("Bravo", 6, -15.0)]  # fmt: skip
    assert all(r["original"] == r["score"] for r in scored["ranking"])


def test_rescore_pbn_empty_room_is_the_other_room_of_a_stated_one(tmp_path: Path) -> None:
    """Board 1's second Alpha v Bravo game says [Room "Open"]: the first, whose Room is empty,
    is then the closed room, whatever the order: Alpha loses the 10 IMPs it won."""
    text = EMPTY_ROOM.read_text(encoding="utf-8")
    games = text.split("\n\n")
    second = next(i for i, game in enumerate(games)
                  if '[Board "1"]' in game and '"Alpha"' in game and "EW 50" in game)  # fmt: skip
    games[second] = games[second].replace('[Room ""]', '[Room "Open"]')
    stated = tmp_path / "stated.pbn"
    stated.write_text("\n\n".join(games), encoding="utf-8")
    scored = rescore(read_results_file(stated))
    alpha = next(m for m in scored["matches"] if m["home"] == "Alpha")
    assert [b["home_imps"] for b in alpha["boards"]] == [-10.0, 0.0, 5.0]
    assert alpha["boards"][0]["home_ns"]["ns_score"] == -50


def test_rescore_pbn_empty_room_lone_game_is_named_missing(tmp_path: Path) -> None:
    text = EMPTY_ROOM.read_text(encoding="utf-8")
    games = text.split("\n\n")
    del games[next(i for i, game in enumerate(games)
                   if '[Board "2"]' in game and '"Delta"' in game and '"3"]' in game)]
    short = tmp_path / "short.pbn"
    short.write_text("\n\n".join(games), encoding="utf-8")
    assert rescore(read_results_file(short))["missing"] == [
        "round 1, Charlie v Delta, board 2: one table's result only (its Room not stated)"]


# --- Teams files scored by pairwise cross-IMPs or board-a-match -------------------------------

CROSS_IMPS = DATA / "usebio_teams_cross_imps.xml"
BAM = DATA / "pbn_teams_bam.pbn"
BAM_FIELD = DATA / "usebio_teams_bam_field.xml"


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False)  # fmt: skip


def _ranking(scored: dict[str, Any]) -> list[tuple[str, int, float]]:
    return [(r["team"], r["rank"], r["score"]) for r in scored["ranking"]]


def test_rescore_teams_cross_imps_pairwise_agree_with_the_files_totals_and_ranking() -> None:
    """An EBU multiple teams round (two matches, four tables on the same boards) scored by
    pairwise cross-IMPs: each table's result against the three others of the board, averaged
    over the comparisons; a team scores its NS pair's figure plus its EW pair's (board 1, team
    1: 5.00 + 2.33). Asked for or stated by the file, the figures and places are the file's;
    by IMPs between the two tables the order is not (team 1 above team 2)."""
    parsed = read_results_file(CROSS_IMPS)
    assert parsed.method == "cross-imps"
    for asked in (None, "cross-imps"):
        scored = rescore(parsed, asked)
        assert (scored["method"], scored["match_scoring"], scored["comparison"]) == (
            "cross-imps", "cross-imps", "average")
        assert _ranking(scored) == [("3", 1, 13.83), ("2", 2, 1.17), ("1", 3, -1.17),
                                    ("4", 4, -13.83)]  # fmt: skip
        assert all(r["original"] == r["score"] for r in scored["ranking"])
        first = scored["matches"][0]
        assert [(b["home_score"], b["away_score"]) for b in first["boards"]] == [
            (7.33, -7.33), (-8.5, 8.5)]  # fmt: skip
        assert (first["home_score"], first["away_score"]) == (first["original_home"],
                                                              first["original_away"])
    by_imps = rescore(parsed, "imps")
    assert _ranking(by_imps) == [("3", 1, 10.0), ("1", 2, 3.0), ("2", 3, -3.0), ("4", 4, -10.0)]
    out = traveller("rescore", str(CROSS_IMPS), "--method", "cross-imps", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["ranking"][0]["score"] == 13.83


def test_rescore_bam_scores_each_board_against_the_other_room_of_its_match() -> None:
    """Board-a-match: 1 for a board won by the net score, 0.5 tied, 0 lost; an A60/40 is 0.6 to
    0.4. The file's totals (Charlie 1.6, Alpha and Bravo 1.5, Delta 1.4) and places are ours,
    asked for with --method bam; by IMPs the order would be the other way round."""
    out = traveller("rescore", str(BAM), "--method", "bam", "--json")
    assert out.returncode == 0, out.stderr
    scored = json.loads(out.stdout)
    assert (scored["method"], scored["match_scoring"], scored["comparison"]) == ("bam", "bam",
                                                                                 "match")
    assert _ranking(scored) == [("Charlie", 1, 1.6), ("Alpha", 2, 1.5), ("Bravo", 2, 1.5),
                                ("Delta", 4, 1.4)]  # fmt: skip
    assert all(r["original"] == r["score"] for r in scored["ranking"])
    charlie = next(m for m in scored["matches"] if m["home"] == "Charlie")
    assert [(b["home_score"], b["away_score"]) for b in charlie["boards"]] == [
        (1.0, 0.0), (0.6, 0.4), (0.0, 1.0)]  # fmt: skip
    assert [b["home_imps"] for b in charlie["boards"]] == [2.0, 3.0, -6.0]
    assert rescore(read_results_file(BAM))["method"] == "bam"  # the file's [Scoring "BAM"]
    assert _ranking(rescore(read_results_file(BAM), "imps"))[0] == ("Delta", 1, 1.0)


def test_rescore_bam_multi_team_scores_each_board_against_every_other_team() -> None:
    """Four teams on the same boards, each board scored against every other team's net score
    (1 a team beaten, 0.5 tied): the file's totals are those, not the match's (team 1 4, not
    1), so the field is the comparison, and the file's places are ours."""
    scored = rescore(read_results_file(BAM_FIELD), "bam")
    assert (scored["method"], scored["comparison"]) == ("bam", "field")
    assert _ranking(scored) == [("3", 1, 4.5), ("1", 2, 4.0), ("2", 3, 2.0), ("4", 4, 1.5)]
    assert all(r["original"] == r["score"] for r in scored["ranking"])
    first = scored["matches"][0]
    assert [(b["home_score"], b["away_score"]) for b in first["boards"]] == [(3.0, 0.0),
                                                                             (1.0, 2.0)]


def test_rescore_bam_is_refused_for_a_pairs_file() -> None:
    out = traveller("rescore", str(OWN_TOP), "--method", "bam")
    assert out.returncode == 1 and out.stderr.count("\n") == 1
    assert "bam (board-a-match) scores team matches" in out.stderr
