"""Matchpoints of whole fields: scales, Neuberg, adjusted and split scores, sections, live."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.scoring.adjusted import TableResult, opponents_cannot_continue
from server.scoring.matchpoints import (
    BoardResult,
    Comparison,
    Factoring,
    Field,
    LiveMatchpoints,
    Movement,
    Pair,
    Scale,
    ScoringError,
    detect_movement,
    matchpoints,
    neuberg,
    score_board,
    score_pairs,
)

# Max Bavin, "The Neuberg Formula" (EBU): ten results where eleven were expected, top 20.
EBU_TEN = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
EBU_FACTORED = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]


def ns_points(board: object) -> list[float]:
    return [round(t.ns.matchpoints, 6) for t in board.tables]  # type: ignore[attr-defined]


def ew_points(board: object) -> list[float]:
    return [round(t.ew.matchpoints, 6) for t in board.tables]  # type: ignore[attr-defined]


def test_acbl_scale_pays_one_and_a_half() -> None:
    assert matchpoints([420, 420, 450, -50], Scale.ACBL) == [1.5, 1.5, 3.0, 0.0]
    assert Scale.ACBL.top(13) == 12.0 and Scale.TWO_ONE.top(13) == 24.0
    assert Scale.parse("acbl") is Scale.ACBL and Scale.parse("2/1") is Scale.TWO_ONE
    with pytest.raises(ScoringError, match="invalid matchpoint scale: 'x'"):
        Scale.parse("x")


def test_neuberg_formula_reproduces_the_ebu_worked_example() -> None:
    """(MP + 1) * N / n - 1: +520 beat nine of ten, factored to eleven results: 19.9 of 20."""
    assert neuberg(18, 10, 11) == pytest.approx(19.9)
    assert neuberg(0, 10, 11) == pytest.approx(0.1)
    assert neuberg(0, 1, 11) == 10.0  # a lone result gets the average of the larger top
    assert neuberg(9, 10, 11, Scale.ACBL) == pytest.approx(19.9 / 2)  # (MP + ½) * N / n - ½
    board = score_board(EBU_TEN, most=11)
    assert board.top == 20.0
    assert ns_points(board) == pytest.approx(EBU_FACTORED)
    assert ew_points(board) == pytest.approx(EBU_FACTORED[::-1])


def test_neuberg_refuses_more_results_than_the_most() -> None:
    with pytest.raises(ScoringError, match="cannot factor 12 results up to 11"):
        neuberg(3, 12, 11)
    with pytest.raises(ScoringError, match="a board with 3 results cannot be factored to 2"):
        score_board([1, 2, 3], most=2)


def test_artificial_scores_are_out_of_the_comparison_and_the_others_factored_up() -> None:
    """Average-plus/minus to one table: the ten others scored among themselves, factored to 11."""
    board = score_board([*EBU_TEN, TableResult.artificial(60, 40)])
    assert (board.top, board.results, board.compared) == (20.0, 11, 10)
    assert ns_points(board) == pytest.approx([*EBU_FACTORED, 12.0])
    assert ew_points(board) == pytest.approx([*EBU_FACTORED[::-1], 8.0])
    assert board.tables[-1].ns.adjusted and board.tables[-1].ns.percentage == pytest.approx(60)
    assert board.tables[-1].ns.mark == 2 and board.tables[-1].ew.mark == 0


def test_own_top_keeps_a_board_fewer_tables_played_on_its_own_top() -> None:
    board = score_board(EBU_TEN, factoring=Factoring.OWN_TOP, most=11)
    assert board.top == 18.0
    assert ns_points(board) == [18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
    assert board.tables[0].ns.percentage == 100.0 and board.tables[0].ns.is_top
    assert board.tables[9].ns.is_bottom and board.tables[9].ew.is_top


def test_own_top_counts_an_artificial_score_as_a_result_of_its_board() -> None:
    """Eleven tables had the board, one of them an A5050: on its own top the board is a board of
    eleven results (top 20), the ten played ones factored up to eleven as under Neuberg (the
    EBU's worked example) and the A5050 10 each way: the session's most (12) plays no part."""
    board = score_board([*EBU_TEN, TableResult.artificial(50, 50)], factoring=Factoring.OWN_TOP,
                        most=12)  # fmt: skip
    assert (board.top, board.results, board.compared) == (20.0, 11, 10)
    assert ns_points(board) == pytest.approx([*EBU_FACTORED, 10.0])
    assert ew_points(board) == pytest.approx([*EBU_FACTORED[::-1], 10.0])


def test_law_12c1c_weighted_score_is_the_weighted_mix_against_the_field() -> None:
    """40% of +420 and 60% of -50, at a board with +420, -50 and +100 (top 6), by hand.

    420 earns 0.4 (tie) + 1.2 (beats 0.6 of -50) + 2 + 2 = 5.6; the weighted table earns
    0.4 * (1 + 2 + 2) + 0.6 * (0 + 1 + 0) = 2.6; -50 earns 0.6 (ties 0.6 of -50); +100 earns
    1.2 + 2 = 3.2. Total 12 = 4 * 3, as for any board of four results.
    """
    board = score_board([420, TableResult.weighted((0.4, 420), (0.6, -50)), -50, 100])
    assert ns_points(board) == pytest.approx([5.6, 2.6, 0.6, 3.2])
    assert ew_points(board) == pytest.approx([0.4, 3.4, 5.4, 2.8])


def test_split_scores_matchpoint_each_side_in_its_own_field() -> None:
    """Table 2 assigned +420 to North-South but -50 (for East-West's sake) to East-West."""
    board = score_board([420, TableResult.split(420, -50), 100])
    assert ns_points(board) == [3, 3, 0]  # NS field: 420, 420, 100
    assert ew_points(board) == [0, 4, 2]  # EW field: 420, -50, 100 seen from East-West


def test_split_artificial_scores_both_sides_average_plus() -> None:
    board = score_board([420, 450, TableResult.artificial(60, 60)])
    assert board.top == 4.0
    assert ns_points(board) == pytest.approx([0.5, 3.5, 2.4])
    assert ew_points(board) == pytest.approx([3.5, 0.5, 2.4])


def test_k13_3_opponents_of_a_pair_that_cannot_continue_get_60_percent() -> None:
    adjusted = opponents_cannot_continue([3, 4], staying_ns=True)
    assert adjusted == {3: TableResult.artificial(60, 40), 4: TableResult.artificial(60, 40)}
    board = score_board([420, 420, 450, 400, adjusted[3]])  # four compared, factored to five
    assert board.tables[-1].ns.matchpoints == pytest.approx(0.6 * 8)
    assert board.tables[-1].ns.percentage == pytest.approx(60.0)
    assert opponents_cannot_continue([5], staying_ns=False)[5] == TableResult.artificial(40, 60)


def mitchell_with_a_short_board() -> list[BoardResult]:
    """Board 1 played three times, board 2 twice (N = 3).

    Board 1: 1v1 +420, 2v2 +420, 3v3 +450: NS 1, 1, 4 of 4. Board 2: 1v2 -100, 2v3 +140: NS
    0, 2 of 2, factored (MP + 1) * 3 / 2 - 1 = 0.5, 3.5 of 4; East-West 3.5, 0.5.
    """
    return [
        BoardResult.played(1, 1, 1, 420), BoardResult.played(1, 2, 2, 420),
        BoardResult.played(1, 3, 3, 450),
        BoardResult.played(2, 1, 2, -100), BoardResult.played(2, 2, 3, 140),
    ]  # fmt: skip


def percentages(standings: object) -> dict[str, float]:
    return {str(s.pair): s.percentage for s in standings}  # type: ignore[attr-defined]


def test_pair_percentage_is_over_the_tops_of_the_boards_played_neuberg() -> None:
    scored = score_pairs(mitchell_with_a_short_board())
    assert scored.movement is Movement.MITCHELL
    assert percentages(scored.standings) == {
        "3NS": 100.0, "2NS": 56.25, "1NS": 18.75,  # 4/4, (1 + 3.5)/8, (1 + 0.5)/8
        "2EW": 81.25, "1EW": 75.0, "3EW": 6.25,  # (3 + 3.5)/8, 3/4, (0 + 0.5)/8
    }  # fmt: skip
    assert [s.rank for s in scored.standings] == [1, 2, 3, 1, 2, 3]


def test_pair_percentage_on_own_tops() -> None:
    scored = score_pairs(mitchell_with_a_short_board(), factoring=Factoring.OWN_TOP)
    assert percentages(scored.standings) == {
        "3NS": 100.0, "2NS": 50.0, "1NS": 16.67, "2EW": 83.33, "1EW": 75.0, "3EW": 0.0,
    }  # fmt: skip


def test_movement_is_decided_from_the_data() -> None:
    apart = [BoardResult.played(1, 1, 11, 0), BoardResult.played(1, 2, 12, 0)]
    both_from_one = [BoardResult.played(1, 1, 1, 0), BoardResult.played(1, 2, 2, 0),
                     BoardResult.played(2, 1, 2, 0), BoardResult.played(2, 2, 1, 0)]  # fmt: skip
    howell = [BoardResult.played(1, 1, 2, 0), BoardResult.played(1, 3, 4, 0),
              BoardResult.played(2, 4, 1, 0), BoardResult.played(2, 2, 3, 0)]  # fmt: skip
    assert detect_movement(apart) is Movement.MITCHELL
    assert detect_movement(both_from_one) is Movement.MITCHELL
    assert detect_movement(howell) is Movement.HOWELL
    fields = {s.pair.field for s in score_pairs(howell).standings}
    assert fields == {Field.ALL}


def test_a_pair_twice_on_a_board_is_refused() -> None:
    with pytest.raises(ScoringError, match="board 1 has two results for pair 1NS"):
        score_pairs([BoardResult.played(1, 1, 1, 0), BoardResult.played(1, 1, 2, 0)])


def two_sections() -> list[BoardResult]:
    return [
        BoardResult.played(1, 1, 1, 420, section="A"), BoardResult.played(1, 2, 2, 450, "A"),
        BoardResult.played(1, 1, 1, 400, section="B"), BoardResult.played(1, 2, 2, 420, "B"),
    ]  # fmt: skip


def test_k4_2_top_integral_compares_all_sections_together() -> None:
    """K4.2: one comparison across the pools: +420, +450, +400, +420 share a top of 6."""
    by_section = score_pairs(two_sections())
    assert [ns_points(b.score) for b in by_section.boards] == [[0, 2], [0, 2]]
    integral = score_pairs(two_sections(), comparison=Comparison.TOP_INTEGRAL)
    (board,) = integral.boards
    assert board.score.top == 6.0
    assert ns_points(board.score) == [3, 6, 0, 3]
    ns_field = [(str(s.pair), s.percentage, s.rank) for s in integral.standings
                if s.pair.field is Field.NS]  # fmt: skip
    assert ns_field == [("A2NS", 100.0, 1), ("A1NS", 50.0, 2), ("B2NS", 50.0, 2),
                        ("B1NS", 0.0, 4)]  # fmt: skip


# --- properties ---------------------------------------------------------------------------

scores = st.integers(min_value=-2000, max_value=2000).map(lambda s: s * 10)


@given(st.lists(scores, min_size=1, max_size=25))
def test_matchpoints_on_a_board_sum_to_n_times_n_minus_1_on_both_scales(board: list[int]) -> None:
    n = len(board)
    assert sum(matchpoints(board)) == n * (n - 1)
    assert sum(matchpoints(board, Scale.ACBL)) == n * (n - 1) / 2


@given(st.lists(scores, min_size=2, max_size=12), st.integers(0, 3), st.data())
def test_weighted_boards_still_hand_out_n_times_n_minus_1(
    board: list[int], weighted: int, data: st.DataObject
) -> None:
    results: list[TableResult | int] = list(board)
    for _ in range(weighted):
        a, b = data.draw(scores), data.draw(scores)
        share = data.draw(st.integers(1, 9))
        parts = (Fraction(share, 10), a), (Fraction(10 - share, 10), b)
        results.append(TableResult.weighted(*parts))
    n = len(results)
    figures = score_board(results)
    assert sum(t.ns.matchpoints for t in figures.tables) == pytest.approx(n * (n - 1))
    assert sum(t.ew.matchpoints for t in figures.tables) == pytest.approx(n * (n - 1))


@given(st.lists(scores, min_size=1, max_size=20), st.integers(0, 10))
def test_neuberg_keeps_the_average_at_half_the_larger_top(board: list[int], more: int) -> None:
    most = len(board) + more
    figures = score_board(board, most=most)
    mean = sum(t.ns.matchpoints for t in figures.tables) / len(board)
    assert mean == pytest.approx(figures.top / 2)
    assert figures.top == 2 * (most - 1)


def random_mitchell(rng: random.Random, tables: int, boards: int, drop: int) -> list[BoardResult]:
    lines = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            lines.append(BoardResult.played(board, table, (table + board) % tables + 1,
                                            rng.choice([-100, -50, 110, 140, 420, 450])))
    for _ in range(drop):
        lines.pop(rng.randrange(len(lines)))
    return lines


@given(st.integers(2, 7), st.integers(1, 5), st.randoms(use_true_random=False))
def test_neuberg_equals_plain_matchpoints_when_every_board_was_played_equally_often(
    tables: int, boards: int, rng: random.Random
) -> None:
    lines = random_mitchell(rng, tables, boards, drop=0)
    assert score_pairs(lines).standings == score_pairs(lines, factoring=Factoring.OWN_TOP).standings


@given(st.integers(2, 7), st.integers(1, 5), st.randoms(use_true_random=False))
def test_own_top_equals_neuberg_when_every_board_had_as_many_results_adjusted_ones_included(
    tables: int, boards: int, rng: random.Random
) -> None:
    lines = random_mitchell(rng, tables, boards, drop=0)
    for _ in range(rng.randrange(3)):
        index = rng.randrange(len(lines))
        line = lines[index]
        lines[index] = BoardResult(line.board, line.ns_pair, line.ew_pair,
                                   TableResult.artificial(60, 40))  # fmt: skip
    assert score_pairs(lines).standings == score_pairs(lines, factoring=Factoring.OWN_TOP).standings


@settings(max_examples=60)
@given(st.integers(2, 7), st.integers(1, 5), st.integers(0, 6), st.sampled_from(Factoring),
       st.randoms(use_true_random=False))  # fmt: skip
def test_live_matchpoints_agree_with_scoring_the_session_at_once(
    tables: int, boards: int, drop: int, factoring: Factoring, rng: random.Random
) -> None:
    lines = random_mitchell(rng, tables, boards, drop=min(drop, tables * boards - 1))
    if rng.random() < 0.5 and lines:
        first = lines[0]
        lines[0] = BoardResult(first.board, first.ns_pair, first.ew_pair,
                               TableResult.artificial(60, 40))  # fmt: skip
    live = LiveMatchpoints(Movement.MITCHELL, factoring=factoring)
    for line in lines:
        live.add(line)
    batch = score_pairs(lines, factoring=factoring, movement=Movement.MITCHELL)
    got = live.standings()
    assert [(s.pair, s.boards, s.rank) for s in got] == [
        (s.pair, s.boards, s.rank) for s in batch.standings]  # fmt: skip
    for mine, theirs in zip(got, batch.standings, strict=True):
        assert mine.matchpoints == pytest.approx(theirs.matchpoints)
        assert mine.top == pytest.approx(theirs.top)
    board = live.board(lines[-1].board)
    assert board == next(b for b in batch.boards if b.board == lines[-1].board)


def test_live_matchpoints_refuse_a_second_result_for_a_pair_and_change_nothing() -> None:
    live = LiveMatchpoints(Movement.MITCHELL)
    live.add(BoardResult.played(1, 1, 1, 420))
    live.add(BoardResult.played(1, 2, 2, 450))
    before = live.standings()
    with pytest.raises(ScoringError, match="board 1 has two results for pair 1NS"):
        live.add(BoardResult.played(1, 1, 3, 400))
    assert live.standings() == before
    assert [str(s.pair) for s in before] == ["2NS", "1NS", "1EW", "2EW"]
    assert Pair("", Field.NS, 2) == before[0].pair
