"""IMPs across the field: Butler datum, cross-IMPs, IMP pairs, a team league's Butler ranking."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.scoring.adjusted import TableResult
from server.scoring.butler import (
    DatumRule,
    ImpMethod,
    LeagueTable,
    Rounding,
    butler,
    cross_imps,
    datum,
    league_butler,
    score_imp_board,
    score_imp_pairs,
)
from server.scoring.imps import imps
from server.scoring.matchpoints import BoardResult, Field, ScoringError


def naive_cross_imps(scores: list[int]) -> list[int]:
    """The definition, O(n²): each score against every other."""
    return [sum(imps(a - b) for j, b in enumerate(scores) if j != i) for i, a in enumerate(scores)]


def test_datum_drops_the_highest_and_lowest_and_rounds_to_10() -> None:
    """Worked by hand: 1440 and -100 dropped, (650 + 170 + 170 + 200) / 4 = 297.5 -> 300."""
    scores = [650, 170, 1440, -100, 170, 200]
    assert datum(scores) == 300
    assert butler(scores) == (300, [8, -4, 15, -9, -4, -3])


def test_datum_keeps_every_result_on_a_small_board() -> None:
    assert DatumRule().dropped(3) == 0 and DatumRule().dropped(4) == 1
    assert datum([420, 450, -50]) == 270  # 820 / 3 = 273.3


@pytest.mark.parametrize(
    ("rounding", "minus_305", "plus_305", "plus_315"),
    [
        (Rounding.HALF_AWAY, -310, 310, 320),
        (Rounding.HALF_UP, -300, 310, 320),
        (Rounding.HALF_EVEN, -300, 300, 320),
        (Rounding.NONE, -305, 305, 315),
    ],
)
def test_datum_rounding_is_configured(
    rounding: Rounding, minus_305: float, plus_305: float, plus_315: float
) -> None:
    rule = DatumRule(rounding=rounding)
    assert datum([-300, -310], rule) == minus_305
    assert datum([300, 310], rule) == plus_305
    assert datum([310, 320], rule) == plus_315


def test_datum_drops_and_step_are_configured() -> None:
    rule = DatumRule(drops=((4, 1), (11, 2)), step=50)
    assert [rule.dropped(n) for n in (3, 4, 10, 11, 40)] == [0, 1, 1, 2, 2]
    scores = [-1000, -500, 100, 110, 120, 130, 140, 150, 160, 2000, 3000]
    assert datum(scores, rule) == 150  # 100..160 kept, mean 130, nearest 50
    with pytest.raises(ScoringError, match="invalid datum rule"):
        DatumRule(drops=((2, 1),))
    with pytest.raises(ScoringError, match="invalid datum rule"):
        DatumRule(drops=((11, 2), (4, 1)))
    with pytest.raises(ScoringError, match="at least one score"):
        datum([])


def test_cross_imps_worked_by_hand() -> None:
    """620 against 170, 140, 140, -100: 10 + 10 + 10 + 12 = 42, averaged over 4: 10.5."""
    scores = [620, 170, 140, 140, -100]
    assert cross_imps(scores) == [42, -1, -5, -5, -31]
    assert cross_imps(scores, average=True) == [10.5, -0.25, -1.25, -1.25, -7.75]
    assert cross_imps([420]) == [0.0] and cross_imps([]) == []


board_scores = st.lists(st.integers(-760, 760).map(lambda s: s * 10), min_size=0, max_size=40)


@given(board_scores)
def test_fast_cross_imps_equal_the_naive_definition(scores: list[int]) -> None:
    assert cross_imps(scores) == naive_cross_imps(scores)


@given(st.lists(st.integers(-8000, 8000), max_size=40))
def test_fast_cross_imps_equal_the_naive_definition_on_any_integers(scores: list[int]) -> None:
    assert cross_imps(scores) == naive_cross_imps(scores)


@given(board_scores)
def test_cross_imps_are_antisymmetric(scores: list[int]) -> None:
    assert sum(cross_imps(scores)) == 0


@given(board_scores.filter(bool))
def test_butler_imps_are_each_score_against_the_datum(scores: list[int]) -> None:
    level, won = butler(scores)
    assert min(scores) - 5 <= level <= max(scores) + 5
    assert won == [imps(score - level) for score in scores]


def test_artificial_scores_are_3_imps_per_10_percent() -> None:
    """Law 12C2 in IMPs: average-plus +3, average-minus -3, against no datum."""
    board = score_imp_board([420, 450, 400, TableResult.artificial(60, 40)])
    assert board.datum == 420
    assert [(t.ns, t.ew) for t in board.tables] == [(0, 0), (1, -1), (-1, 1), (3, -3)]
    summed = score_imp_board([420, 450, TableResult.artificial(60, 60)], ImpMethod.CROSS_IMPS)
    assert [(t.ns, t.ew) for t in summed.tables] == [(-1, 1), (1, -1), (6, 6)]  # 2 comparisons


def test_weighted_scores_in_imps_are_the_weighted_imps() -> None:
    """40% of +420, 60% of -50 against datum 420 (its mean, 138, is the lowest and dropped)."""
    board = score_imp_board([420, 420, 450, TableResult.weighted((0.4, 420), (0.6, -50))])
    assert board.datum == 420
    assert board.tables[3].ns == pytest.approx(0.4 * 0 + 0.6 * imps(-470))
    cross = score_imp_board([420, TableResult.weighted((0.5, 420), (0.5, -50))],
                            ImpMethod.CROSS_IMPS)  # fmt: skip
    assert [t.ns for t in cross.tables] == [5.0, -5.0]


def test_split_scores_imp_each_side_in_its_own_field() -> None:
    board = score_imp_board([420, TableResult.split(420, -50), 420], ImpMethod.BUTLER)
    assert [t.ns for t in board.tables] == [0, 0, 0]
    # East-West's field is 420, -50, 420: datum 263.3 -> 260; -50 is 310 better for East-West.
    assert board.tables[1].ew == imps(310)


def test_imp_pairs_rank_by_total_imps() -> None:
    lines = [
        BoardResult.played(1, 1, 1, 620), BoardResult.played(1, 2, 2, 170),
        BoardResult.played(1, 3, 3, 140),
        BoardResult.played(2, 1, 2, -100), BoardResult.played(2, 2, 3, -100),
        BoardResult.played(2, 3, 1, 100),
    ]  # fmt: skip
    scored = score_imp_pairs(lines, ImpMethod.CROSS_IMPS)
    totals = {str(s.pair): (s.imps, s.rank) for s in scored.standings}
    # Board 1: 620 v 170 (10), v 140 (10): +20; 170: -10 + 1; 140: -10 - 1.
    # Board 2: -100, -100, +100: 100 beats both by 200 (5 each): +10; the others -5 each.
    # East-West: 1 loses 20 and 10, 2 gains 9 and 5, 3 gains 11 and 5.
    assert totals == {"1NS": (15, 1), "3NS": (-1, 2), "2NS": (-14, 3),
                      "3EW": (16, 1), "2EW": (14, 2), "1EW": (-30, 3)}  # fmt: skip
    butler_scored = score_imp_pairs(lines, ImpMethod.BUTLER)
    assert butler_scored.boards[0].score.datum == 310  # 930 / 3
    assert ImpMethod.parse("Cross_IMPs") is ImpMethod.CROSS_IMPS
    with pytest.raises(ScoringError, match="invalid IMP method: 'x'"):
        ImpMethod.parse("x")


def league() -> list[LeagueTable]:
    """Two matches of a League I weekend (D1.2: the same deals at every table), two deals.

    Deal 1: 420 (A1 v B1), 420 (B2 v A2), 450 (C1 v D1), -50 (D2 v C2): datum 420 (420, 420
    kept). Deal 2: -100, 140, 110, 110: datum 110 (110, 110 kept).
    """
    rows = [(1, "A1", "B1", 420), (1, "B2", "A2", 420), (1, "C1", "D1", 450),
            (1, "D2", "C2", -50), (2, "A1", "B1", -100), (2, "B2", "A2", 140),
            (2, "C1", "D1", 110), (2, "D2", "C2", 110)]  # fmt: skip
    return [LeagueTable(deal, ns, ew, score) for deal, ns, ew, score in rows]


def test_d4_1_butler_ranking_of_a_league_by_imps_per_board() -> None:
    """By hand: C2 +10 (5.0), B1 +5, B2 +1 and C1 +1, A2 -1 and D1 -1, A1 -5, D2 -10."""
    ranking = [(str(s.pair.number), s.imps, s.per_board, s.rank) for s in league_butler(league())]
    assert ranking == [
        ("C2", 10, 5.0, 1), ("B1", 5, 2.5, 2), ("B2", 1, 0.5, 3), ("C1", 1, 0.5, 3),
        ("A2", -1, -0.5, 5), ("D1", -1, -0.5, 5), ("A1", -5, -2.5, 7), ("D2", -10, -5.0, 8),
    ]  # fmt: skip


def test_d4_1_pairs_below_the_minimum_boards_are_listed_unranked() -> None:
    tables = [*league(), LeagueTable(3, "A1", "B1", 600), LeagueTable(3, "E1", "F1", 100)]
    ranking = league_butler(tables, min_boards=2)
    # Deal 3: 600 and 100, datum 350: A1 and F1 +6 (250), B1 and E1 -6.
    unranked = [(str(s.pair.number), s.imps, s.rank) for s in ranking if s.rank is None]
    assert unranked == [("F1", 6, None), ("E1", -6, None)]
    assert ranking[-3].pair.number == "D2"  # the last ranked pair comes before them
    a1 = next(s for s in ranking if s.pair.number == "A1")
    assert (a1.boards, a1.imps, a1.per_board) == (3, 1, 0.33)


def test_d5_2_butler_per_group_and_over_all_groups() -> None:
    """Group X scores 420 twice, group Y 450 twice, on the same deal.

    Per group each datum is its own score: every pair 0. Over all groups 420, 420, 450, 450
    keep 420 and 450: datum 435 -> 440; X's North-South -1, Y's 0.
    """
    rows = [("X1", "X2", 420, "X"), ("X3", "X4", 420, "X"), ("Y1", "Y2", 450, "Y"),
            ("Y3", "Y4", 450, "Y")]
    tables = [LeagueTable(1, ns, ew, score, group) for ns, ew, score, group in rows]
    per_group = league_butler(tables)
    assert {s.pair.section for s in per_group} == {"X", "Y"}
    assert all(s.imps == 0 for s in per_group)
    overall = {str(s.pair.number): s.imps for s in league_butler(tables, by_group=False)}
    assert overall == {"X1": -1, "X2": 1, "X3": -1, "X4": 1, "Y1": 0, "Y2": 0, "Y3": 0, "Y4": 0}
    assert all(s.pair.field is Field.ALL for s in per_group)
