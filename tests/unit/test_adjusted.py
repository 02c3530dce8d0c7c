"""Adjusted scores (Law 12C): artificial percentages, weighted assigned scores, split scores."""

from __future__ import annotations

from fractions import Fraction

import pytest

from server.scoring.adjusted import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    OPPONENTS_CANNOT_CONTINUE,
    AdjustedScoreError,
    Artificial,
    TableResult,
    Weighted,
    opponents_cannot_continue,
)


def test_the_usual_artificial_percentages() -> None:
    assert (AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS) == (60.0, 50.0, 40.0)
    assert TableResult.artificial(AVERAGE_PLUS, AVERAGE_MINUS) == TableResult(
        Artificial(60.0), Artificial(40.0))  # fmt: skip
    assert repr(Artificial(60.0)) == "Artificial(60.0)"


@pytest.mark.parametrize("percent", [-1, 100.5, 250])
def test_an_impossible_percentage_is_refused_and_shown(percent: float) -> None:
    with pytest.raises(AdjustedScoreError, match=f"invalid adjusted percentage: {percent!r}"):
        Artificial(percent)


def test_weighted_scores_read_decimals_and_percentages_exactly() -> None:
    score = Weighted.of((0.4, 420), (0.6, -50))
    assert score.parts == ((Fraction(2, 5), 420), (Fraction(3, 5), -50))
    assert Weighted.of((40, 420), (60, -50)) == score  # the same as percentages
    assert Weighted.of(("1/3", 100), ("2/3", 200)).parts[0][0] == Fraction(1, 3)
    assert score.expected == Fraction(2, 5) * 420 - Fraction(3, 5) * 50


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (((0.4, 420), (0.5, -50)), "weights do not add up to 1"),
        (((1.2, 420), (-0.2, -50)), "invalid weighted score"),
        ((), "invalid weighted score"),
    ],
)
def test_bad_weights_are_refused(parts: tuple[tuple[float, int], ...], message: str) -> None:
    with pytest.raises(AdjustedScoreError, match=message):
        Weighted.of(*parts)


def test_table_results_say_what_each_side_is_scored_on() -> None:
    played = TableResult.played(420)
    assert played.is_played and played.ns_score == 420
    split = TableResult.split(420, -50)
    assert not split.is_played and split.ns_score is None
    assert TableResult.weighted((0.5, 420), (0.5, -50)).ns == Weighted.of((0.5, 420), (0.5, -50))


def test_k13_3_staying_pair_gets_60_percent_on_every_board_not_played() -> None:
    assert OPPONENTS_CANNOT_CONTINUE == 60.0
    adjusted = opponents_cannot_continue(range(5, 8), staying_ns=False, leaving_percent=0)
    assert sorted(adjusted) == [5, 6, 7]
    assert all(result == TableResult.artificial(0, 60) for result in adjusted.values())
