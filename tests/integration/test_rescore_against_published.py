"""`rescore` against the numbers other scoring programs published (issue #3, item 7).

Each file in tests/data/results is a real export (tests/data/results/SOURCES.md): read it, score
it again with :func:`server.publish.rescore.rescore`, and hold our figures to the program's, to the
precision the file prints them:

- Magic Contest France (FFB national final, matchpoints, 22 tables, adjusted scores, boards
  played 21 times and factored by Neuberg's formula);
- Compscore3 (a cross-IMP Howell, IMPs averaged per comparison);
- Compscore3 Butler pairs, a Howell (one field, 4 results a board) and a Mitchell (NS and EW
  fields, 7 results a board, an artificial 50/50): the datum is the board's mean after dropping
  its highest and lowest score, rounded to 10, and each result scores whole IMPs against it.

The programs' own figures are read from the files: the matchpoints through the reader's
``original_*`` fields, Compscore's cross-IMPs, Butler IMPs, datums, totals and places straight
from the XML here.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from server.formats.results_file import read_results_file
from server.formats.travellers import ResultsFile
from server.publish.rescore import rescore

DATA = Path(__file__).resolve().parents[1] / "data" / "results"
MAGIC = DATA / "magic_contest_ffb_2022_seance1.pbn"
COMPSCORE = DATA / "compscore3_cross_imp_howell.xml"
BUTLER_HOWELL = DATA / "compscore3_butler_howell.xml"
BUTLER_MITCHELL = DATA / "compscore3_butler_mitchell.xml"
EPSILON = 1e-9


@pytest.fixture(scope="module")
def magic() -> ResultsFile:
    return read_results_file(MAGIC)


@pytest.fixture(scope="module")
def magic_scored(magic: ResultsFile) -> dict[str, Any]:
    return rescore(magic)


def _results(scored: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(board["board"], result) for board in scored["boards"] for result in board["results"]]


# --- Magic Contest France: matchpoints -----------------------------------------------------------


def test_magic_contest_method_is_the_files(magic_scored: dict[str, Any]) -> None:
    assert magic_scored["method"] == "mp"
    assert magic_scored["method_stated"] == "mp"
    assert magic_scored["factoring"] == "neuberg"
    assert magic_scored["movement"] == "howell"  # pairs change direction: one field, one ranking
    assert {board["top"] for board in magic_scored["boards"]} == {42.0}


def test_magic_contest_matchpoints_agree_result_by_result(magic_scored: dict[str, Any]) -> None:
    """Every result of a board without an adjusted score: our matchpoints, rounded as Magic
    Contest prints them (one decimal), are the program's."""
    played = [(board, result) for board, result in _results(magic_scored)
              if result["adjusted"] is None]  # fmt: skip
    assert len(played) == 30 * 22 - 4
    for board, result in played:
        for side in ("ns", "ew"):
            ours, theirs = result[f"{side}_mp"], result[f"original_{side}_mp"]
            assert abs(ours - theirs) <= 0.05 + EPSILON, (board, result)


def test_magic_contest_adjusted_scores_agree(magic_scored: dict[str, Any]) -> None:
    adjusted = [result for _, result in _results(magic_scored) if result["adjusted"] is not None]
    assert [(r["ns_mp"], r["ew_mp"]) for r in adjusted] == [
        (r["original_ns_mp"], r["original_ew_mp"]) for r in adjusted
    ]
    assert [(r["ns_pct"], r["ew_pct"]) for r in adjusted] == [
        (60.0, 60.0),
        (60.0, 60.0),
        (40.0, 60.0),
        (60.0, 60.0),
    ]


def test_magic_contest_percentages_agree_to_a_hundredth(
    magic: ResultsFile, magic_scored: dict[str, Any]
) -> None:
    published = dict(magic.original_ranking)
    ranking = magic_scored["ranking"]
    assert len(ranking) == len(published) == 44
    for standing in ranking:
        assert standing["original"] == published[standing["pair"]]
        assert abs(standing["pct"] - published[standing["pair"]]) <= 0.01 + EPSILON, standing
        assert (standing["boards"], standing["top"]) == (30, 30 * 42.0)


def test_magic_contest_totals_are_sums_of_its_rounded_board_figures(
    magic: ResultsFile, magic_scored: dict[str, Any]
) -> None:
    """The hundredths that differ come from Magic Contest adding its board figures after rounding
    them to one decimal: rounded the same way, our figures give its percentages exactly."""
    totals: dict[str, float] = defaultdict(float)
    for _, result in _results(magic_scored):
        totals[result["ns"]] += round(result["ns_mp"], 1)
        totals[result["ew"]] += round(result["ew_mp"], 1)
    for pair, percentage in magic.original_ranking:
        assert round(totals[pair] / (30 * 42) * 100 + EPSILON, 2) == percentage, pair


def test_magic_contest_winner_and_order(magic: ResultsFile,
                                        magic_scored: dict[str, Any]) -> None:  # fmt: skip
    ours = [standing["pair"] for standing in magic_scored["ranking"]]
    theirs = [pair for pair, _ in magic.original_ranking]
    assert ours[:3] == theirs[:3] == ["7", "26", "17"]
    published = dict(magic.original_ranking)
    for index, (above, below) in enumerate(pairwise(ours)):
        # Our order is the program's wherever its percentages are more than a rounding apart.
        assert published[above] >= published[below] - 0.02, (index, above, below)


def test_magic_contest_factors_boards_short_by_an_adjusted_score_by_neuberg(
    magic: ResultsFile,
) -> None:
    """Boards 1, 2, 9 and 14 had 21 results played and one adjusted score: Magic Contest factored
    the 21 up to the 22 results of the board (the 420s of board 1 earn 28.3 of 42, not 27 of
    40). An artificial score is one of its board's results under either factoring, so own-top
    (a board that fewer tables played keeps its own top) scores these boards the same way."""
    short = {1, 2, 9, 14}
    for factoring in ("neuberg", "own-top"):
        scored = rescore(magic, factoring=factoring)
        assert {b["board"]: b["top"] for b in scored["boards"] if b["board"] in short} == {
            1: 42.0, 2: 42.0, 9: 42.0, 14: 42.0}  # fmt: skip
        lines = [result for board, result in _results(scored)
                 if board in short and result["adjusted"] is None]  # fmt: skip
        assert all(abs(r["ns_mp"] - r["original_ns_mp"]) <= 0.05 + EPSILON for r in lines)
        first = next(result for board, result in _results(scored) if board == 1)
        assert (first["ns_score"], first["ns_mp"], first["original_ns_mp"]) == (420, 28.3, 28.3)


# --- Compscore3: cross-IMPs --------------------------------------------------------------------


def _published(path: Path, figure: str) -> tuple[dict[int, float],
                                                  dict[tuple[int, str, str], tuple[float, float]],
                                                  dict[str, tuple[float, int]]]:  # fmt: skip
    """A Compscore file's own figures, read from the XML here: the datum per board
    (``BOARD_AVERAGE``, where it has one), each line's ``NS_<figure>``/``EW_<figure>`` and each
    pair's (total, place)."""
    event = ET.parse(path).getroot().find("EVENT")
    assert event is not None
    datums, lines = {}, {}
    for board in event.iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER", ""))
        if board.findtext("BOARD_AVERAGE") is not None:
            datums[number] = float(board.findtext("BOARD_AVERAGE", ""))
        for line in board.iter("TRAVELLER_LINE"):
            key = (number, line.findtext("NS_PAIR_NUMBER", ""), line.findtext("EW_PAIR_NUMBER", ""))
            lines[key] = (float(line.findtext(f"NS_{figure}", "")),
                          float(line.findtext(f"EW_{figure}", "")))  # fmt: skip
    pairs = {pair.findtext("PAIR_NUMBER", ""): (float(pair.findtext("TOTAL_SCORE", "")),
                                                 int(pair.findtext("PLACE", "")))
             for pair in event.iter("PAIR")}  # fmt: skip
    return datums, lines, pairs


def _compscore_published() -> tuple[dict[tuple[int, str, str], tuple[float, float]],
                                    dict[str, tuple[float, int]]]:  # fmt: skip
    """Compscore's cross-IMPs per line and (total, place) per pair."""
    _, lines, pairs = _published(COMPSCORE, "CROSS_IMP_POINTS")
    return lines, pairs


@pytest.fixture(scope="module")
def compscore_scored() -> dict[str, Any]:
    return rescore(read_results_file(COMPSCORE))


def test_compscore_method_is_the_files(compscore_scored: dict[str, Any]) -> None:
    assert compscore_scored["method"] == "cross-imps"
    assert compscore_scored["movement"] == "howell"
    assert len(compscore_scored["boards"]) == 27


def test_compscore_cross_imps_agree_result_by_result(compscore_scored: dict[str, Any]) -> None:
    """Each result against every other of its board, IMPs averaged over the comparisons and
    printed to two decimals (board 1, pair 2: 8 - 5 + 8 = 11 over 3 = 3.67)."""
    published, _ = _compscore_published()
    ours = {(board, r["ns"], r["ew"]): (r["ns_imps"], r["ew_imps"])
            for board, r in _results(compscore_scored)}  # fmt: skip
    assert ours.keys() == published.keys()
    for key, (ns, ew) in published.items():
        assert abs(ours[key][0] - ns) <= 0.005 + EPSILON, key
        assert abs(ours[key][1] - ew) <= 0.005 + EPSILON, key


def test_compscore_totals_and_places_agree(compscore_scored: dict[str, Any]) -> None:
    _, published = _compscore_published()
    ranking = compscore_scored["ranking"]
    assert len(ranking) == len(published) == 9
    for standing in ranking:
        total, place = published[standing["pair"]]
        assert abs(standing["score"] - total) <= 0.01 + EPSILON, standing
        assert standing["original"] == total
        assert standing["rank"] == place, standing


# --- Compscore3: Butler pairs ------------------------------------------------------------------


def _butler_published(path: Path) -> tuple[dict[int, float],
                                            dict[tuple[int, str, str], tuple[float, float]],
                                            dict[str, tuple[float, int]]]:  # fmt: skip
    """Compscore's datum per board (``BOARD_AVERAGE``), Butler IMPs per line and (total, place)
    per pair."""
    return _published(path, "BUTLER_POINTS")


BUTLER_FILES = [BUTLER_HOWELL, BUTLER_MITCHELL]


@cache
def _butler(path: Path) -> dict[str, Any]:
    return rescore(read_results_file(path))


def test_compscore_butler_method_and_movement_are_the_files() -> None:
    """``EVENT_TYPE="BUTLER_PAIRS"`` beside ``<SCORING_METHOD>IMPS``: Butler. The Mitchell's
    pairs are named ``1NS`` .. ``7EW`` and sit one direction each: two fields, as Compscore
    places them (a 1st North-South and a 1st East-West)."""
    for path, movement in ((BUTLER_HOWELL, "howell"), (BUTLER_MITCHELL, "mitchell")):
        scored = _butler(path)
        assert (scored["method"], scored["method_stated"]) == ("butler", "butler")
        assert (scored["movement"], scored["factoring"]) == (movement, None)
        assert len(scored["boards"]) == 35
    assert {standing["field"] for standing in _butler(BUTLER_MITCHELL)["ranking"]} == {"NS", "EW"}


@pytest.mark.parametrize("path", BUTLER_FILES, ids=lambda path: path.stem)
def test_compscore_butler_datums_agree_board_by_board(path: Path) -> None:
    """Our datum is Compscore's ``BOARD_AVERAGE`` on every board: the mean after dropping the
    highest and the lowest score, rounded to 10, halves away from zero (Howell board 4: 100,
    100, -170, -680 keep 100 and -170, a mean of -35: -40)."""
    scored = _butler(path)
    datums, _, _ = _butler_published(path)
    assert {board["board"]: board["datum"] for board in scored["boards"]} == datums


@pytest.mark.parametrize("path", BUTLER_FILES, ids=lambda path: path.stem)
def test_compscore_butler_imps_agree_result_by_result(path: Path) -> None:
    scored = _butler(path)
    _, published, _ = _butler_published(path)
    ours = {(board, r["ns"], r["ew"]): (r["ns_imps"], r["ew_imps"])
            for board, r in _results(scored)}  # fmt: skip
    assert ours == published


@pytest.mark.parametrize("path", BUTLER_FILES, ids=lambda path: path.stem)
def test_compscore_butler_totals_and_places_agree(path: Path) -> None:
    scored = _butler(path)
    _, _, published = _butler_published(path)
    ranking = scored["ranking"]
    assert len(ranking) == len(published)
    for standing in ranking:
        total, place = published[standing["pair"]]
        assert standing["score"] == standing["original"] == total, standing
        assert standing["rank"] == place, standing
    winners = [standing["pair"] for standing in ranking if standing["rank"] == 1]
    assert winners == (["2NS", "2EW"] if path == BUTLER_MITCHELL else ["4"])


def test_compscore_butler_artificial_score_is_no_part_of_the_datum() -> None:
    """Mitchell board 15: 2NS-1EW had an artificial ``A5050`` (0 IMPs each way). The datum is
    made from the six played scores: -200 and one -450 dropped, the mean of -420, -420, -420 and
    -450 is -427.5: -430, Compscore's ``BOARD_AVERAGE``; with seven results (board 1) one score
    is dropped from each end as well."""
    boards = {board["board"]: board for board in _butler(BUTLER_MITCHELL)["boards"]}
    board = boards[15]
    adjusted = [r for r in board["results"] if r["adjusted"] is not None]
    assert [(r["ns"], r["ew"], r["adjusted"], r["ns_imps"], r["ew_imps"]) for r in adjusted] == [
        ("2NS", "1EW", [50.0, 50.0], 0.0, 0.0)]  # fmt: skip
    assert board["datum"] == -430.0
    assert (len(boards[1]["results"]), boards[1]["datum"]) == (7, -30.0)


@pytest.mark.parametrize("path", [COMPSCORE, *BUTLER_FILES], ids=lambda path: path.stem)
def test_rescore_json_gives_the_programs_own_imps_beside_ours(path: Path) -> None:
    """Every line of ``rescore --json`` carries the program's own IMPs (USEBIO's
    ``NS_CROSS_IMP_POINTS``/``NS_BUTLER_POINTS``) as ``original_ns_imps``/``original_ew_imps``,
    and on these files they are ours to the hundredth (Compscore prints two decimals)."""
    scored = rescore(read_results_file(path))
    lines = [line for board in scored["boards"] for line in board["results"]]
    assert lines and all(line["original_ns_imps"] is not None
                         and line["original_ew_imps"] is not None for line in lines)
    for line in lines:
        assert abs(line["ns_imps"] - line["original_ns_imps"]) < 0.006, line
        assert abs(line["ew_imps"] - line["original_ew_imps"]) < 0.006, line
    # A matchpoint file has no IMPs of its own: null, never 0.
    assert all(line["original_ns_imps"] is None
               for board in rescore(read_results_file(MAGIC))["boards"]
               for line in board["results"])
