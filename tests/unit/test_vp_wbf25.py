"""The earlier WBF 25-VP scale (D1.3) against its golden tables, tests/data/vp_wbf25_*.csv.

The golden files were typed by hand from the published table (sources in each file's header);
the package's copy (server/scoring/wbf25_table.py) was taken separately from the same source's
arrays, so agreeing row by row is a real check.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from server.scoring.vp import WBF25, UnsupportedBoardsError, find_scale

DATA = Path(__file__).resolve().parent.parent / "data"
BOARDS = [8, 12, 16, 20, 24, 28, 32]
BLITZ_REACH = 60
"""How far past the last band's lower edge the open-ended 25:0 band is tested."""


def golden(boards: int) -> list[dict[str, str]]:
    path = DATA / f"vp_wbf25_{boards}.csv"
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines))


@pytest.mark.parametrize("boards", BOARDS)
def test_wbf25_equals_every_row_of_the_golden_table(boards: int) -> None:
    table = golden(boards)
    assert len(table) == 16, boards
    scale = find_scale("wbf25")
    for row in table:
        assert (int(row["first_boards"]), int(row["last_boards"])) == (boards, boards)
        low = int(row["low"])
        high = int(row["high"]) if row["high"] else low + BLITZ_REACH
        expected = (float(row["winner"]), float(row["loser"]))
        for margin in range(low, high + 1):
            assert scale.convert(margin, boards) == expected, (boards, margin)
            assert scale.convert(-margin, boards) == expected[::-1], (boards, -margin)


@pytest.mark.parametrize("boards", BOARDS)
def test_wbf25_bands_are_the_golden_bands(boards: int) -> None:
    # The same check from the other side: no extra or missing band in the package's table.
    table = WBF25.table_for(boards)
    assert [band.lowest for band in table.bands] == [int(r["low"]) for r in golden(boards)]


def test_wbf25_is_found_by_name_and_alias() -> None:
    assert find_scale("wbf25") is find_scale("25") is find_scale(" WBF25 ") is WBF25


@pytest.mark.parametrize("boards", BOARDS)
def test_d1_3_a_draw_is_15_15(boards: int) -> None:
    assert WBF25.convert(0, boards) == (15.0, 15.0)


@pytest.mark.parametrize("boards", BOARDS)
def test_d1_3_the_most_is_25_0(boards: int) -> None:
    assert (WBF25.total, WBF25.maximum) == (30, 25)
    blitz = int(golden(boards)[-1]["low"])
    assert WBF25.convert(blitz - 1, boards) == (25.0, 1.0)
    for margin in (blitz, blitz + 1, 400):
        assert WBF25.convert(margin, boards) == (25.0, 0.0)
        assert WBF25.convert(-margin, boards) == (0.0, 25.0)
    for margin in range(blitz + 2):
        winner, loser = WBF25.convert(margin, boards)
        assert 15 <= winner <= 25 and 0 <= loser <= 15 and loser <= winner


@pytest.mark.parametrize("boards", BOARDS)
def test_d1_3_the_winner_never_gets_fewer_vps_for_a_bigger_margin(boards: int) -> None:
    previous = WBF25.convert(0, boards)
    for margin in range(1, 200):
        current = WBF25.convert(margin, boards)
        assert current[0] >= previous[0] and current[1] <= previous[1], (boards, margin)
        previous = current


def test_d1_3_a_fractional_margin_keeps_the_band_it_reached() -> None:
    assert WBF25.convert(3.9, 24) == (15.0, 15.0)
    assert WBF25.convert(4, 24) == (16.0, 14.0)


@pytest.mark.parametrize("boards", [1, 10, 18, 26, 40])
def test_d1_3_a_board_count_without_a_published_table_is_refused(boards: int) -> None:
    with pytest.raises(UnsupportedBoardsError, match=f"no published table for {boards} boards"):
        WBF25.convert(5, boards)
