"""K17.3: the pairs tie-break, step by step."""

from __future__ import annotations

from server.scoring.matchpoints import (
    BoardResult,
    Field,
    Pair,
    PairBoard,
    SideScore,
    score_pairs,
)
from server.scoring.pairs_tiebreak import Criterion, break_tie, rank_with_tiebreak

A, B, C = (Pair("", Field.ALL, n) for n in (1, 2, 3))
X = Pair("", Field.ALL, 9)  # somebody else


def board(number: int, opponent: Pair, mp: float, top: float = 4.0) -> PairBoard:
    """A board as one pair played it, out of ``top``; its mark and top/bottom follow from mp."""
    mark = 2 if 2 * mp > top else 1 if 2 * mp == top else 0
    return PairBoard(number, opponent,
                     SideScore(mp, mp / top * 100, top, mark, mp == top, mp == 0))  # fmt: skip


def test_k17_3_1_two_pairs_who_met_direct_match_decides() -> None:
    boards = {A: [board(1, B, 3), board(2, B, 2), board(3, X, 0)],
              B: [board(1, A, 1), board(2, A, 2), board(3, X, 4)]}  # fmt: skip
    result = break_tie([B, A], boards)
    assert result.order == ((A,), (B,))
    (step,) = result.steps
    assert (step.criterion, step.values, step.separated) == (Criterion.DIRECT, (5.0, 3.0), True)
    assert step.explain() == (
        "K17.3 (1): matchpoints on the boards they played against each other: 1 5, 2 3: separated")
    assert step.figures == (("1", "5"), ("2", "3"))  # the parts a page words in its language
    # A competition names its entries (one that joined later is not "Pair <its number>").
    names = {"1": "Pair 1", "2": "Inter-club pair 18"}
    assert step.explain(names.__getitem__) == (
        "K17.3 (1): matchpoints on the boards they played against each other: Pair 1 5, "
        "Inter-club pair 18 3: separated")


def test_k17_3_2_direct_match_level_then_boards_above_at_below_average() -> None:
    boards = {A: [board(1, B, 2), board(2, X, 4), board(3, X, 0)],  # marks 1 + 2 + 0 = 3
              B: [board(1, A, 2), board(2, X, 3), board(3, X, 1)]}  # marks 1 + 2 + 0 = 3
    boards[B][2] = board(3, X, 2)  # 1 + 2 + 1 = 4
    result = break_tie([A, B], boards)
    assert [s.criterion for s in result.steps] == [Criterion.DIRECT, Criterion.MARKS]
    assert result.steps[0].values == (2.0, 2.0) and not result.steps[0].separated
    assert result.steps[1].values == (3.0, 4.0)
    assert result.order == ((B,), (A,))


def test_k17_3_2_more_than_two_pairs_skip_the_direct_match() -> None:
    boards = {A: [board(1, B, 3), board(2, C, 3)], B: [board(1, A, 1), board(3, C, 3)],
              C: [board(2, A, 1), board(3, B, 1)]}  # fmt: skip
    result = break_tie([A, B, C], boards)
    assert result.steps[0].criterion is Criterion.MARKS
    assert result.steps[0].values == (4.0, 2.0, 0.0)
    assert result.order == ((A,), (B,), (C,))


def test_k17_3_2_pairs_who_never_met_go_straight_to_the_count() -> None:
    ns1, ns2 = Pair("", Field.NS, 1), Pair("", Field.NS, 2)
    boards = {ns1: [board(1, X, 1)], ns2: [board(1, X, 3)]}
    result = break_tie([ns1, ns2], boards)
    assert result.steps[0].values is None
    assert result.steps[0].explain() == (
        "K17.3 (1): matchpoints on the boards they played against each other: 1NS and 2NS did "
        "not meet")
    assert result.order == ((ns2,), (ns1,))


def test_k17_3_3_most_twos_after_the_direct_match_again() -> None:
    """Marks 2 + 2 + 0 + 0 against 2 + 1 + 1 + 0: both 4; the first has more 2s."""
    boards = {A: [board(1, X, 4), board(2, X, 4), board(3, X, 0), board(4, X, 0)],
              B: [board(1, X, 3), board(2, X, 2), board(3, X, 2), board(4, X, 0)]}  # fmt: skip
    result = break_tie([A, B], boards)
    assert [s.criterion for s in result.steps] == [
        Criterion.DIRECT, Criterion.MARKS, Criterion.DIRECT_AGAIN, Criterion.MOST_TWOS]
    assert result.steps[-1].values == (2.0, 1.0)
    assert result.order == ((A,), (B,))


def test_k17_3_3_fewest_zeros_then_most_tops_then_fewest_bottoms() -> None:
    fewer_zeros = {A: [board(1, X, 3), board(2, X, 2), board(3, X, 2)],
                   B: [board(1, X, 3), board(2, X, 2), board(3, X, 2), board(4, X, 1)]}
    result = break_tie([A, B], fewer_zeros)
    assert result.steps[-1].criterion is Criterion.FEWEST_ZEROS
    assert result.order == ((A,), (B,))

    more_tops = {A: [board(1, X, 3), board(2, X, 1)], B: [board(1, X, 4), board(2, X, 1)]}
    result = break_tie([A, B], more_tops)
    assert result.steps[-1].criterion is Criterion.MOST_TOPS
    assert result.order == ((B,), (A,))

    fewer_bottoms = {A: [board(1, X, 3), board(2, X, 1)], B: [board(1, X, 3), board(2, X, 0)]}
    result = break_tie([A, B], fewer_bottoms)
    assert result.steps[-1].criterion is Criterion.FEWEST_BOTTOMS
    assert result.order == ((A,), (B,))


def test_k17_3_3_a_pair_split_off_from_three_tries_the_direct_match_again() -> None:
    """All three count 4; A has two 2s, B and C one; B and C met on board 3, which B won."""
    boards = {A: [board(1, X, 4), board(2, X, 4), board(5, X, 0), board(6, X, 0)],
              B: [board(3, C, 3), board(4, X, 2), board(7, X, 2), board(8, X, 0)],
              C: [board(3, B, 1), board(4, X, 3), board(7, X, 2), board(8, X, 2)]}  # fmt: skip
    result = break_tie([C, B, A], boards)
    assert [s.criterion for s in result.steps] == [
        Criterion.MARKS, Criterion.MOST_TWOS, Criterion.DIRECT_AGAIN]
    assert result.steps[1].values == (2.0, 1.0, 1.0)
    assert result.steps[2].values == (3.0, 1.0)
    assert result.order == ((A,), (B,), (C,))


def test_k17_3_pairs_level_after_every_step_stay_level() -> None:
    boards = {A: [board(1, X, 2)], B: [board(1, X, 2)]}
    result = break_tie([A, B], boards)
    assert result.order == ((A, B),)
    assert not any(step.separated for step in result.steps)
    assert len(result.steps) == 7  # (1), (2), (1) again, then the four counts of (3)
    assert result.steps[-1].explain() == "K17.3 (3): fewest bottoms: 1 0, 2 0: still level"


def test_k17_3_ranking_with_the_tie_break_applied() -> None:
    """A three-round Howell of four pairs; the direct matches break both ties.

    Board 1: 1v2 +450, 3v4 +420; board 2: 1v3 +420, 2v4 +450; board 3: 1v4 +420, 2v3 +450.
    Pairs 2 and 4 end on 4 of 6, 1 and 3 on 2 of 6; 2 beat 4 and 3 beat 1 on board 2.
    """
    lines = [BoardResult.played(1, 1, 2, 450), BoardResult.played(1, 3, 4, 420),
             BoardResult.played(2, 1, 3, 420), BoardResult.played(2, 2, 4, 450),
             BoardResult.played(3, 1, 4, 420), BoardResult.played(3, 2, 3, 450)]  # fmt: skip
    scored = score_pairs(lines)
    assert [(s.pair.number, s.percentage, s.rank) for s in scored.standings] == [
        (2, 66.67, 1), (4, 66.67, 1), (1, 33.33, 3), (3, 33.33, 3)]  # fmt: skip
    ranked, breaks = rank_with_tiebreak(scored.standings, scored.pair_boards)
    assert [(s.pair.number, s.rank) for s in ranked] == [(2, 1), (4, 2), (3, 3), (1, 4)]
    assert [(t.steps[0].criterion, t.steps[0].values) for t in breaks] == [
        (Criterion.DIRECT, (2.0, 0.0)), (Criterion.DIRECT, (0.0, 2.0))]  # fmt: skip
