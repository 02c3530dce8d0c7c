"""The barometer movement of the open pairs final (K4.3)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.movements import MovementError, balance, barometer, check, meetings


def test_k4_3_every_table_plays_the_same_boards_in_the_same_round() -> None:
    m = barometer(12, 2)  # K4.3: 12 best pairs + 12 from the finalist teams = 24 pairs
    assert len(m.rounds) == 23
    assert m.duplicated
    for rnd in m.rounds:
        assert {s.boards for s in rnd.seatings} == {(2 * rnd.number - 1, 2 * rnd.number)}


def test_k4_3_results_are_comparable_after_every_round() -> None:
    """After round r every board played so far has been played at every table."""
    m = barometer(6, 3)
    played: dict[int, int] = {}
    for rnd in m.rounds:
        for s in rnd.seatings:
            for board in s.boards:
                played[board] = played.get(board, 0) + 1
        assert all(count == m.tables for count in played.values())


def test_k4_3_opponents_follow_a_complete_schedule() -> None:
    m = barometer(12, 1)
    assert sorted(meetings(m)) == [("A", a, b) for a, b in itertools.combinations(range(1, 25),
                                                                                2)]
    assert all(c.ok for c in check(m))


@pytest.mark.parametrize("tables", [2, 4, 6, 8, 10, 12])
def test_even_table_barometers_are_perfectly_balanced(tables: int) -> None:
    b = balance(barometer(tables, 1))
    assert b.minimum == b.maximum == tables - 1


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 11])
def test_odd_table_barometers_are_within_one_of_perfect(tables: int) -> None:
    b = balance(barometer(tables, 1))
    assert (b.minimum, b.maximum) == (tables - 2, tables)


@settings(max_examples=30, deadline=None)
@given(tables=st.integers(2, 40), per_round=st.integers(1, 3), data=st.data())
def test_every_barometer_is_valid(tables: int, per_round: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, 2 * tables - 1))
    m = barometer(tables, per_round, rounds)
    assert m.problems() == []
    assert max(meetings(m).values()) == 1


def test_bad_sizes_raise() -> None:
    with pytest.raises(MovementError, match="2 to 40 tables, not 1"):
        barometer(1, 2)
