"""`traveller rescore`'s scoring: a parsed results file in, the documented JSON out.

The readers (server/formats/travellers.py) are tested on their own; here small stand-ins with
the same fields feed :func:`server.publish.rescore.rescore`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from server.publish.rescore import RescoreError, file_decimals, rescore, resolve_method
from server.scoring.matchpoints import ScoringError


@dataclass(frozen=True)
class Line:
    board: int
    ns: str
    ew: str
    ns_score: int | None
    adjusted: tuple[float, float] | None = None
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    original_ns_mp: float | None = None
    original_ew_mp: float | None = None
    original_ns_imps: float | None = None
    original_ew_imps: float | None = None


@dataclass(frozen=True)
class File:
    lines: tuple[Line, ...]
    method: str | None = None
    source: str = "pbn"
    original_ranking: tuple[tuple[str, float], ...] = ()
    title: str = "Club pairs"


def mitchell() -> File:
    """Three tables, NS 1-3 and EW 4-6; board 2 has an average-plus/minus at its third table.

    Board 1: +420 (1v4), +420 (2v5), +450 (3v6): NS 1, 1, 4 of 4.
    Board 2: -100 (1v5), +140 (2v6), adjusted 60/40 (3v4): the two played ones compared among
    themselves (0 and 2 of 2) and factored to three results: 0.5 and 3.5 of 4.
    """
    return File(
        lines=(
            Line(1, "1", "4", 420, contract="4S", declarer="N", tricks=10,
                 original_ns_mp=1, original_ew_mp=3),
            Line(1, "2", "5", 420), Line(1, "3", "6", 450),
            Line(2, "1", "5", -100), Line(2, "2", "6", 140), Line(2, "3", "4", None, (60, 40)),
            Line(3, "1", "6", None),  # not played: left out
        ),
        original_ranking=(("3", 88.75), ("2", 56.25), ("1", 18.75)),
    )  # fmt: skip


def test_rescore_json_has_the_documented_shape() -> None:
    out = rescore(mitchell())
    assert json.loads(json.dumps(out)) == out
    assert set(out) == {"title", "source", "kind", "missing", "method", "method_stated",
                        "factoring", "decimals", "comparison", "movement", "boards",
                        "ranking"}  # fmt: skip
    assert (out["kind"], out["missing"]) == ("pairs", [])
    assert (out["method"], out["factoring"], out["movement"]) == ("mp", "neuberg", "mitchell")
    assert set(out["boards"][0]) == {"board", "top", "datum", "results"}
    assert out["boards"][0]["results"][0] == {
        "ns": "1", "ew": "4", "ns_score": 420, "adjusted": None, "contract": "4S",
        "declarer": "N", "tricks": 10, "ns_mp": 1.0, "ew_mp": 3.0, "ns_pct": 25.0,
        "ew_pct": 75.0, "ns_imps": None, "ew_imps": None, "original_ns_mp": 1,
        "original_ew_mp": 3, "original_ns_imps": None, "original_ew_imps": None,
    }  # fmt: skip
    assert set(out["ranking"][0]) == {"pair", "field", "rank", "score", "pct", "boards", "top",
                                      "per_board", "original"}  # fmt: skip


def test_rescore_matchpoints_with_neuberg_and_an_adjusted_score() -> None:
    out = rescore(mitchell(), decimals=None)
    board2 = out["boards"][1]
    assert board2["top"] == 4.0
    assert [(r["ns_mp"], r["ew_mp"]) for r in board2["results"]] == [
        (0.5, 3.5), (3.5, 0.5), (2.4, 1.6)]  # fmt: skip
    assert board2["results"][2]["ns_score"] is None
    assert board2["results"][2]["adjusted"] == [60, 40]
    assert board2["results"][2]["ns_pct"] == 60.0
    ranking = [(r["pair"], r["field"], r["rank"], r["score"], r["pct"]) for r in out["ranking"]]
    assert ranking == [
        ("3", "NS", 1, 6.4, 80.0),  # 4 + 2.4 of 8
        ("2", "NS", 2, 4.5, 56.25),  # 1 + 3.5
        ("1", "NS", 3, 1.5, 18.75),  # 1 + 0.5
        ("5", "EW", 1, 6.5, 81.25),  # 3 + 3.5
        ("4", "EW", 2, 4.6, 57.5),  # 3 + 1.6
        ("6", "EW", 3, 0.5, 6.25),  # 0 + 0.5
    ]
    assert [r["original"] for r in out["ranking"][:3]] == [88.75, 56.25, 18.75]
    assert out["ranking"][3]["original"] is None


def test_rescore_on_own_tops_an_artificial_score_is_still_a_result_of_its_board() -> None:
    """Board 2 without its 2v6 table: two results, -100 (1v5) and the A6040 (3v4). On its own
    top the board is a board of two results (top 2): -100, alone among the results compared, is
    factored up to two by Neuberg's formula, (0 + 1) x 2 / 1 - 1 = 1, and the A6040 is 60% and
    40% of 2, 1.2 and 0.8. Under Neuberg the board is factored to three results (top 4): -100
    gets (0 + 1) x 3 / 1 - 1 = 2 and the A6040 2.4 and 1.6. Board 1 (three results) is the same
    either way: NS 1, 1, 4 and EW 3, 3, 0 of 4."""
    short = replace(mitchell(), lines=tuple(line for line in mitchell().lines
                                            if (line.board, line.ns) != (2, "2")))  # fmt: skip
    out = rescore(short, factoring="own-top", decimals=None)
    assert out["factoring"] == "own-top"
    assert out["boards"][1]["top"] == 2.0
    assert [(r["ns_mp"], r["ew_mp"]) for r in out["boards"][1]["results"]] == [
        (1.0, 1.0), (1.2, 0.8)]  # fmt: skip
    pct = {r["pair"]: r["pct"] for r in out["ranking"]}
    assert (pct["1"], pct["2"], pct["3"]) == (33.33, 25.0, 86.67)  # 2/6, 1/4, 5.2/6
    assert (pct["4"], pct["5"], pct["6"]) == (63.33, 66.67, 0.0)  # 3.8/6, 4/6, 0/4
    neuberg = rescore(short, decimals=None)
    assert neuberg["boards"][1]["top"] == 4.0
    assert [(r["ns_mp"], r["ew_mp"]) for r in neuberg["boards"][1]["results"]] == [
        (2.0, 2.0), (2.4, 1.6)]  # fmt: skip


def test_rescore_butler_ranks_by_imps() -> None:
    out = rescore(mitchell(), "butler")
    assert (out["method"], out["factoring"]) == ("butler", None)
    board1 = out["boards"][0]
    assert (board1["top"], board1["datum"]) == (None, 430)  # 1290 / 3 = 430
    assert [(r["ns_imps"], r["ew_imps"], r["ns_mp"]) for r in board1["results"]] == [
        (0.0, 0.0, None), (0.0, 0.0, None), (1.0, -1.0, None)]  # fmt: skip
    board2 = out["boards"][1]
    assert board2["datum"] == 20  # (-100 + 140) / 2
    assert [r["ns_imps"] for r in board2["results"]] == [-3.0, 3.0, 3.0]  # 120 is 3 IMPs
    first = out["ranking"][0]
    assert (first["pair"], first["score"], first["pct"], first["per_board"]) == ("3", 4.0, None,
                                                                                2.0)  # fmt: skip


def test_rescore_cross_imps_are_averaged_per_comparison() -> None:
    out = rescore(mitchell(), "cross-imps")
    assert [r["ns_imps"] for r in out["boards"][0]["results"]] == [-0.5, -0.5, 1.0]
    assert out["boards"][0]["datum"] is None


def test_rescore_method_comes_from_the_argument_then_the_file_then_mp() -> None:
    assert resolve_method(None, None) == "mp"
    assert resolve_method(None, "butler") == "butler"
    assert resolve_method("mp", "butler") == "mp"
    assert resolve_method(None, "imps") == "cross-imps"
    file = File(lines=mitchell().lines, method="butler")
    assert rescore(file)["method"] == "butler" and rescore(file)["method_stated"] == "butler"


def test_rescore_refuses_what_it_cannot_do() -> None:
    with pytest.raises(RescoreError, match="invalid method: 'vp'"):
        rescore(mitchell(), "vp")
    with pytest.raises(RescoreError, match="invalid factoring: 'half'"):
        rescore(mitchell(), factoring="half")
    twice = File(lines=(Line(1, "1", "2", 420), Line(1, "1", "3", 400)))
    with pytest.raises(ScoringError, match="two results for pair 1NS"):
        rescore(twice)


def test_rescore_a_howell_has_one_ranking() -> None:
    lines = (Line(1, "1", "2", 420), Line(1, "3", "4", 400),
             Line(2, "4", "1", -100), Line(2, "2", "3", 100))  # fmt: skip
    out = rescore(File(lines=lines))
    assert out["movement"] == "howell"
    assert {r["field"] for r in out["ranking"]} == {"ALL"}
    assert [(r["pair"], r["pct"]) for r in out["ranking"]] == [
        ("1", 100.0), ("2", 50.0), ("4", 50.0), ("3", 0.0)]  # fmt: skip


def test_rescore_a_mitchell_numbered_from_1_both_ways() -> None:
    lines = (Line(1, "1", "1", 420), Line(1, "2", "2", 400),
             Line(2, "1", "2", -100), Line(2, "2", "1", 100))  # fmt: skip
    out = rescore(File(lines=lines, original_ranking=(("1", 50.0), ("1", 50.0))))
    assert out["movement"] == "mitchell"
    assert [(r["pair"], r["field"], r["rank"]) for r in out["ranking"]] == [
        ("1", "NS", 1), ("2", "NS", 1), ("2", "EW", 1), ("1", "EW", 2)]  # fmt: skip
    assert all(r["original"] is None for r in out["ranking"])  # "1" names two pairs


def test_rescore_rounds_board_figures_as_the_file_shows_them() -> None:
    """Board 2's factored 0.5 / 3.5 / 2.4 shown to no decimal by a file of whole numbers."""
    file = mitchell()
    assert file_decimals(file.lines) == 0  # 1 and 3 on board 1's first line
    out = rescore(file)
    assert out["decimals"] == 0
    assert [r["ns_mp"] for r in out["boards"][1]["results"]] == [0.0, 4.0, 2.0]  # half to even
    exact = rescore(file, decimals=None)
    assert exact["decimals"] is None
    assert [r["ns_mp"] for r in exact["boards"][1]["results"]] == [0.5, 3.5, 2.4]
    tenths = replace(file, lines=(replace(file.lines[0], original_ns_mp=28.3),
                                  *file.lines[1:]))  # fmt: skip
    assert file_decimals(tenths.lines) == 1
    assert file_decimals(()) is None


MAGIC = Path(__file__).resolve().parents[1] / "data" / "results" / (
    "magic_contest_ffb_2022_seance1.pbn")


def test_rescore_reproduces_magic_contests_published_figures() -> None:
    """Neuberg, adjusted scores and one-decimal board figures: every number as published."""
    results_file = pytest.importorskip("server.formats.results_file")
    if not MAGIC.exists():
        pytest.skip("the Magic Contest results file is not there")
    out = rescore(results_file.read_results_file(MAGIC))
    assert (out["method"], out["movement"], out["decimals"]) == ("mp", "howell", 1)
    first = out["ranking"][0]
    assert (first["pair"], first["score"], first["pct"]) == ("7", 771.2, 61.21)
    assert all(r["pct"] == r["original"] for r in out["ranking"])
    figures = [(r["ns_mp"], r["original_ns_mp"]) for b in out["boards"] for r in b["results"]
               if r["original_ns_mp"] is not None]  # fmt: skip
    assert len(figures) == 660 and all(mine == theirs for mine, theirs in figures)
    # Its short boards are short by an adjusted score, not by the movement: every board had 22
    # results, so on its own top each board is factored as under Neuberg.
    own_top = rescore(results_file.read_results_file(MAGIC), factoring="own-top")
    assert own_top["ranking"] == out["ranking"] and own_top["boards"] == out["boards"]
