"""Barometer rankings (K4.3): the ranking after every round."""

from __future__ import annotations

import pytest

from server.scoring.barometer import barometer_rankings
from server.scoring.matchpoints import BoardResult, Movement, ScoringError, score_pairs


def barometer() -> list[BoardResult]:
    """Four pairs, two tables, one board a round, every table playing it in the same round.

    Round 1, board 1: 1 v 2 +420, 3 v 4 +450: pairs 3 and 2 get the top (2 of 2).
    Round 2, board 2: 1 v 3 -100, 4 v 2 +110: pairs 3 and 4 get the top.
    """
    return [
        BoardResult.played(1, 1, 2, 420, round=1), BoardResult.played(1, 3, 4, 450, round=1),
        BoardResult.played(2, 1, 3, -100, round=2), BoardResult.played(2, 4, 2, 110, round=2),
    ]  # fmt: skip


def test_k4_3_barometer_ranking_after_every_round() -> None:
    after = barometer_rankings(barometer())
    assert [r.round for r in after] == [1, 2]
    assert [(str(s.pair), s.percentage, s.rank) for s in after[0].standings] == [
        ("2", 100.0, 1), ("3", 100.0, 1), ("1", 0.0, 3), ("4", 0.0, 3)]  # fmt: skip
    assert [(str(s.pair), s.percentage, s.rank) for s in after[1].standings] == [
        ("3", 100.0, 1), ("2", 50.0, 2), ("4", 50.0, 2), ("1", 0.0, 4)]  # fmt: skip


def test_k4_3_each_round_ranking_is_the_session_scored_up_to_that_round() -> None:
    lines = barometer()
    for ranking in barometer_rankings(lines):
        so_far = [line for line in lines if (line.round or 0) <= ranking.round]
        # The movement is the whole session's: round 1 alone would look like a Mitchell.
        assert ranking.standings == score_pairs(so_far, movement=Movement.HOWELL).standings


def test_a_barometer_result_needs_its_round() -> None:
    with pytest.raises(ScoringError, match="needs its round"):
        barometer_rankings([BoardResult.played(1, 1, 2, 420)])
