"""VP scales against their published tables (tests/data/vp_*.csv) and the WBF's own properties."""

from __future__ import annotations

import csv
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.scoring.vp import (
    ACBL30,
    WBF2013,
    BandScale,
    InvalidBoardsError,
    InvalidMarginError,
    UnknownScaleError,
    UnsupportedBoardsError,
    VpScaleError,
    find_scale,
    interpolated_limits,
    load_band_rows,
    scale_names,
    wbf_continuous_table,
)

DATA = Path(__file__).resolve().parent.parent / "data"


def rows(name: str) -> list[dict[str, str]]:
    lines = [line for line in (DATA / name).read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines))


@pytest.mark.parametrize("boards", [8, 12, 20])
def test_wbf2013_equals_every_row_of_the_published_table(boards: int) -> None:
    table = rows(f"vp_wbf2013_{boards}.csv")
    assert table, boards
    for row in table:
        margin = int(row["imps"])
        expected = (float(row["winner"]), float(row["loser"]))
        assert WBF2013.convert(margin, boards) == expected, (boards, margin)
        assert WBF2013.convert(-margin, boards) == expected[::-1], (boards, -margin)


@pytest.mark.parametrize("boards", [8, 12])
def test_wbf2013_blitz_is_the_last_published_row_and_stays(boards: int) -> None:
    last = int(rows(f"vp_wbf2013_{boards}.csv")[-1]["imps"])
    assert WBF2013.convert(last - 1, boards)[0] < 20
    for margin in (last, last + 1, last + 50, 400):
        assert WBF2013.convert(margin, boards) == (20.0, 0.0)


def test_the_convexity_correction_is_the_wbfs() -> None:
    # The raw formula rounds 8 boards / 40 IMPs to 19.73; the WBF table says 19.74.
    assert wbf_continuous_table(8)[40] == 1974
    assert [wbf_continuous_table(12)[m] for m in (42, 44, 49)] == [1902, 1924, 1974]


def test_acbl30_equals_every_band_of_the_published_table() -> None:
    for row in rows("vp_acbl30.csv"):
        low = int(row["low"])
        high = int(row["high"]) if row["high"] else low + 30
        for boards in range(int(row["first_boards"]), int(row["last_boards"]) + 1):
            for margin in range(low, high + 1):
                expected = (float(row["winner"]), float(row["loser"]))
                assert ACBL30.convert(margin, boards) == expected, (boards, margin)
                assert ACBL30.convert(-margin, boards) == expected[::-1]


def test_acbl30_publishes_nothing_outside_6_to_11_boards() -> None:
    with pytest.raises(UnsupportedBoardsError, match="12"):
        find_scale("30").convert(5, 12)


def test_scales_are_found_by_name_or_alias_in_any_case() -> None:
    assert find_scale("WBF") is find_scale("wbf20") is find_scale(" Wbf2013 ") is WBF2013
    assert find_scale("30") is find_scale("ACBL30")
    assert {"wbf2013", "wbf25", "acbl30", "wbf30"} <= set(scale_names())


def test_an_unknown_scale_names_the_known_ones() -> None:
    with pytest.raises(UnknownScaleError, match=r"'wbf99'.*wbf2013"):
        find_scale("wbf99")


@pytest.mark.parametrize("boards", [0, -3, 2.5, True, "8"])
def test_bad_board_counts_are_refused(boards: object) -> None:
    with pytest.raises(InvalidBoardsError, match="boards"):
        WBF2013.convert(3, boards)  # type: ignore[arg-type]


@pytest.mark.parametrize("imps", [float("nan"), float("inf"), "7", None])
def test_bad_margins_are_refused(imps: object) -> None:
    with pytest.raises(InvalidMarginError):
        WBF2013.convert(imps, 8)  # type: ignore[arg-type]


def test_a_fractional_margin_lies_between_its_whole_neighbours() -> None:
    # 20 boards: 2 IMPs 10.55, 3 IMPs 10.82; 2.5 IMPs halfway, rounded half up: 10.69 (10.685).
    assert WBF2013.convert(2.5, 20) == (10.69, 9.31)
    assert WBF2013.convert(7.2, 24)[0] == pytest.approx(11.68 + 0.2 * (11.90 - 11.68), abs=0.006)


def test_d1_3_wbf25_is_a_25_to_0_scale_with_15_15_draws() -> None:
    """D1.3: the WBF 25-VP scale (25:0, draw 15:15) is registered with its published tables
    (tests/unit/test_vp_wbf25.py checks them); a board count it has no table for is refused."""
    scale = find_scale("wbf25")
    assert (scale.total, scale.maximum) == (30, 25)
    with pytest.raises(UnsupportedBoardsError, match="no published table for 26 boards"):
        scale.convert(10, 26)


def test_d1_3_an_official_25_vp_table_can_be_loaded() -> None:
    # A made-up two-band table (NOT the WBF's numbers): it only exercises the loader.
    text = "# fixture\nfirst_boards,last_boards,lowest,winner,loser\n24,24,0,15,15\n24,24,3,25,0\n"
    scale = BandScale("wbf25", 30, 25, "fixture", load_band_rows(text))
    assert scale.convert(0, 24) == (15.0, 15.0)
    assert scale.convert(2.9, 24) == (15.0, 15.0)   # a fraction keeps the band it reached
    assert scale.convert(-3, 24) == (0.0, 25.0)
    with pytest.raises(VpScaleError, match="invalid band row"):
        load_band_rows("24,24,zero,15,15")


@given(st.integers(1, 64), st.floats(-400, 400, allow_nan=False))
def test_wbf2013_vps_sum_to_20_and_swap_with_the_teams(boards: int, imps: float) -> None:
    home, away = WBF2013.convert(imps, boards)
    assert round(home + away, 2) == 20
    assert WBF2013.convert(-imps, boards) == (away, home)
    assert home == round(home, 2) and away == round(away, 2)
    assert (home >= away) if imps >= 0 else (home <= away)


@given(st.integers(6, 11), st.integers(-60, 60))
def test_acbl30_vps_sum_to_30(boards: int, imps: int) -> None:
    home, away = ACBL30.convert(imps, boards)
    assert home + away == 30 and ACBL30.convert(-imps, boards) == (away, home)


@given(st.integers(1, 64))
def test_wbf2013_is_monotone_and_no_imp_is_worth_more_than_the_one_before(boards: int) -> None:
    table = wbf_continuous_table(boards)
    steps = [b - a for a, b in pairwise(table)]
    assert table[0] == 1000 and table[-1] == 2000
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in pairwise(steps))


@given(st.integers(1, 40), st.floats(0, 200, allow_nan=False), st.floats(0, 200, allow_nan=False))
def test_fractional_margins_keep_the_scale_monotone(boards: int, a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert WBF2013.convert(low, boards)[0] <= WBF2013.convert(high, boards)[0]


def test_wbf30_is_the_same_curve_stretched_to_30() -> None:
    scale = find_scale("wbf30")
    assert scale.convert(0, 12) == (15.0, 15.0)
    assert scale.convert(200, 12) == (30.0, 0.0)
    assert "NOT a published table" in scale.source


def test_wbf25i_keeps_the_published_tables_and_interpolates_the_counts_between() -> None:
    """K2.2 and K3.2 play 10-board Swiss matches; no published 10-board table of the earlier
    25-VP scale was found, so wbf25i fills the counts between the published ones."""
    published, interpolated = find_scale("wbf25"), find_scale("wbf25i")
    for boards in (8, 12, 16, 20, 24, 28, 32):
        for margin in range(0, 110):
            assert interpolated.convert(margin, boards) == published.convert(margin, boards)
    assert interpolated_limits(10) == (1, 6, 9, 12, 15, 19, 22, 26, 29, 33, 37, 41, 46, 50, 56)
    previous = 0.0
    for margin in range(0, 70):  # the 10-board row lies between the 8- and 12-board rows
        vp = interpolated.convert(margin, 10)[0]
        assert published.convert(margin, 12)[0] <= vp <= published.convert(margin, 8)[0]
        assert vp >= previous
        previous = vp
    assert interpolated.convert(-57, 10) == (0.0, 25.0)
    assert "NOT a published table" in interpolated.source
    with pytest.raises(VpScaleError):
        interpolated.convert(3, 6)
