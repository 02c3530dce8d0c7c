"""Matchpoints and the two-field pairs ranking (K17.3: pairs are scored top-bottom)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.bridge import Contract, Seat, Vulnerability, ns_score
from server.scoring import PairStanding, Played, matchpoints, pair_standings

board_scores = st.lists(st.integers(min_value=-7600, max_value=7600), min_size=1, max_size=30)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([420], [0]),
        ([420, 450], [0, 2]),
        ([420, 420], [1, 1]),
        ([420, 420, 450, -50], [3, 3, 6, 0]),
        ([-100, 620, 170, 620, 650, -100], [1, 7, 4, 7, 10, 1]),
        ([0, 0, 0, 0, 0], [4, 4, 4, 4, 4]),
    ],
)
def test_k17_3_pairs_scored_top_bottom(scores: list[int], expected: list[int]) -> None:
    """Worked by hand: 2 for each result beaten, 1 for each tie, top 2 * (n - 1)."""
    assert matchpoints(scores) == [float(mp) for mp in expected]


def test_matchpoints_of_no_results() -> None:
    assert matchpoints([]) == []


@given(board_scores)
def test_matchpoints_of_a_board_sum_to_n_times_n_minus_1(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert all(0 <= mp <= 2 * (n - 1) for mp in matchpoints(scores))


@given(board_scores)
def test_ns_and_ew_matchpoints_on_a_result_add_up_to_the_top(scores: list[int]) -> None:
    top = 2 * (len(scores) - 1)
    ns = matchpoints(scores)
    # East-West compare their own scores, which are North-South's negated.
    ew = matchpoints([-s for s in scores])
    assert [a + b for a, b in zip(ns, ew, strict=True)] == [top] * len(scores)


@given(board_scores, st.randoms(use_true_random=False))
def test_shuffling_the_scores_permutes_the_matchpoints(
    scores: list[int], rng: random.Random
) -> None:
    order = list(range(len(scores)))
    rng.shuffle(order)
    shuffled = matchpoints([scores[i] for i in order])
    original = matchpoints(scores)
    assert shuffled == [original[i] for i in order]


def mitchell_session() -> list[Played]:
    """Three NS pairs, three EW pairs, two boards each played three times.

    Board 1 (NS scores): 1v1 +420, 2v2 +420, 3v3 +450 -> NS 1, 1, 4; EW 3, 3, 0.
    Board 2 (NS scores): 1v2 -100, 2v3 +140, 3v1 -100 -> NS 1, 4, 1; EW 3, 0, 3.
    """
    return [
        Played(board=1, ns_pair=1, ew_pair=1, ns_score=420),
        Played(board=1, ns_pair=2, ew_pair=2, ns_score=420),
        Played(board=1, ns_pair=3, ew_pair=3, ns_score=450),
        Played(board=2, ns_pair=1, ew_pair=2, ns_score=-100),
        Played(board=2, ns_pair=2, ew_pair=3, ns_score=140),
        Played(board=2, ns_pair=3, ew_pair=1, ns_score=-100),
    ]


def test_k17_3_pairs_scored_top_bottom_percentage() -> None:
    """Worked by hand; each pair's top is 4 + 4 = 8; equal percentages share a rank."""
    assert pair_standings(mitchell_session()) == [
        PairStanding(pair=2, direction="NS", boards=2, matchpoints=5.0, top=8.0,
                     percentage=62.5, rank=1),
        PairStanding(pair=3, direction="NS", boards=2, matchpoints=5.0, top=8.0,
                     percentage=62.5, rank=1),
        PairStanding(pair=1, direction="NS", boards=2, matchpoints=2.0, top=8.0,
                     percentage=25.0, rank=3),
        PairStanding(pair=1, direction="EW", boards=2, matchpoints=6.0, top=8.0,
                     percentage=75.0, rank=1),
        PairStanding(pair=2, direction="EW", boards=2, matchpoints=6.0, top=8.0,
                     percentage=75.0, rank=1),
        PairStanding(pair=3, direction="EW", boards=2, matchpoints=0.0, top=8.0,
                     percentage=0.0, rank=3),
    ]  # fmt: skip


def test_scores_come_from_results_entered_by_north_south() -> None:
    """KD2: the traveller holds NS scores; a table's result feeds the ranking through ns_score."""
    vulnerability = Vulnerability.NONE
    entered = [
        (1, 1, ns_score(Contract.parse("4S"), Seat.N, 10, vulnerability)),  # +420
        (2, 2, ns_score(Contract.parse("4SX"), Seat.E, 8, vulnerability)),  # +300
        (3, 3, ns_score(Contract.parse("5D"), Seat.W, 11, vulnerability)),  # -400
    ]
    played = [Played(1, ns, ew, points) for ns, ew, points in entered]
    ns_field = [s for s in pair_standings(played) if s.direction == "NS"]
    assert [(s.pair, s.matchpoints, s.rank) for s in ns_field] == [(1, 4.0, 1), (2, 2.0, 2),
                                                                    (3, 0.0, 3)]  # fmt: skip


def test_a_board_played_once_has_top_zero_and_gives_nothing() -> None:
    played = [*mitchell_session(), Played(board=3, ns_pair=1, ew_pair=3, ns_score=2210)]
    standings = {(s.direction, s.pair): s for s in pair_standings(played)}
    assert standings["NS", 1] == PairStanding(1, "NS", 3, 2.0, 8.0, 25.0, 3)
    assert standings["EW", 3] == PairStanding(3, "EW", 3, 0.0, 8.0, 0.0, 3)


def test_percentage_is_over_the_tops_of_the_boards_played() -> None:
    """Boards played a different number of times weigh by their tops (no Neuberg factoring)."""
    played = [
        Played(1, 1, 1, 100), Played(1, 2, 2, 200), Played(1, 3, 3, 300),  # top 4
        Played(2, 1, 2, 100), Played(2, 2, 1, 200),  # top 2
    ]  # fmt: skip
    standings = {(s.direction, s.pair): s for s in pair_standings(played)}
    assert standings["NS", 1].percentage == 0.0
    assert (standings["NS", 2].matchpoints, standings["NS", 2].top) == (4.0, 6.0)
    assert standings["NS", 2].percentage == 66.67
    assert (standings["NS", 3].matchpoints, standings["NS", 3].top) == (4.0, 4.0)
    assert standings["NS", 3].percentage == 100.0


def test_a_pair_with_only_unmatched_boards_has_zero_percent() -> None:
    (ns, ew) = pair_standings([Played(board=1, ns_pair=4, ew_pair=9, ns_score=-50)])
    assert ns == PairStanding(4, "NS", 1, 0.0, 0.0, 0.0, 1)
    assert ew == PairStanding(9, "EW", 1, 0.0, 0.0, 0.0, 1)


def test_ranks_skip_after_a_tie() -> None:
    played = [Played(1, pair, pair, points) for pair, points in
              [(1, 600), (2, 400), (3, 400), (4, 100)]]  # fmt: skip
    ns_ranks = [(s.pair, s.rank) for s in pair_standings(played) if s.direction == "NS"]
    assert ns_ranks == [(1, 1), (2, 2), (3, 2), (4, 4)]


def test_no_results_no_standings() -> None:
    assert pair_standings([]) == []


def test_a_pair_with_two_results_on_one_board_is_refused() -> None:
    played = [Played(1, 1, 1, 420), Played(1, 1, 2, 450)]
    with pytest.raises(ValueError, match="board 1 has two results for NS pair 1"):
        pair_standings(played)


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(-2000, 2000)), min_size=0, max_size=12))
def test_each_board_hands_out_its_tops(entries: list[tuple[int, int]]) -> None:
    """On each board NS and EW share n * top: every pair's MPs add up to the sum of tops."""
    played = []
    seen: dict[int, int] = {}
    for board, points in entries:
        table = seen[board] = seen.get(board, 0) + 1
        played.append(Played(board, ns_pair=table, ew_pair=table, ns_score=points))
    standings = pair_standings(played)
    total_top = sum(2 * (n - 1) * n for n in seen.values())
    assert sum(s.matchpoints for s in standings) == total_top
    assert sum(s.top for s in standings) == 2 * total_top
    assert sum(s.boards for s in standings) == 2 * len(played)
