"""The movement model every movement shares: the checks, the registry, the live server's use."""

from __future__ import annotations

import pytest

from server.movements import (
    MOVEMENTS,
    Movement,
    MovementError,
    Round,
    Seating,
    build_movement,
    find_movement,
)


def one_round(*seatings: Seating, duplicated: bool = False) -> Movement:
    return Movement(kind="test", tables=3, boards_per_round=2,
                    rounds=(Round(1, seatings),), duplicated=duplicated)


def test_a_valid_round_has_no_problems() -> None:
    m = one_round(Seating(1, 1, 4, (1, 2)), Seating(2, 2, 5, (3, 4)))
    assert m.problems() == []


def test_problems_name_a_pair_seated_twice() -> None:
    m = one_round(Seating(1, 1, 4, (1, 2)), Seating(2, 1, 5, (3, 4)))
    assert m.problems() == ["round 1: pair A1 sits twice"]


def test_problems_name_a_board_at_two_tables() -> None:
    m = one_round(Seating(1, 1, 4, (1, 2)), Seating(2, 2, 5, (1, 2)))
    assert m.problems() == ["round 1: board 1 is at two tables (1, 2)",
                            "round 1: board 2 is at two tables (1, 2)"]


def test_a_declared_relay_may_share_boards() -> None:
    m = one_round(Seating(1, 1, 4, (1, 2), shared_with=(2,)),
                  Seating(2, 2, 5, (1, 2), shared_with=(1,)))
    assert m.problems() == []


def test_a_relay_must_really_share() -> None:
    m = one_round(Seating(1, 1, 4, (1, 2), shared_with=(2,)), Seating(2, 2, 5, (3, 4)))
    assert m.problems() == ["round 1: table A1 says it shares with table 2, "
                            "which does not play its boards"]


def test_duplicated_boards_may_be_at_every_table() -> None:
    m = one_round(Seating(1, 1, 4, (1, 2)), Seating(2, 2, 5, (1, 2)), duplicated=True)
    assert m.problems() == []


def test_problems_name_a_board_played_twice_and_a_wrong_board_count() -> None:
    m = Movement("test", 2, 2, (Round(1, (Seating(1, 1, 2, (1, 2)),)),
                                Round(2, (Seating(1, 1, 3, (2, 3, 4)),))))
    assert m.problems() == ["round 2: table A1 has 3 boards, not 2",
                            "round 2: pair A1 plays board 2 again"]


def test_registry_finds_movements_by_name_case_insensitively() -> None:
    assert find_movement("Mitchell") is MOVEMENTS["mitchell"]
    assert find_movement(" HOWELL ") is MOVEMENTS["howell"]
    assert find_movement("round-robin") is MOVEMENTS["roundrobin"]


def test_registry_refuses_an_unknown_name_showing_it() -> None:
    with pytest.raises(MovementError, match="unknown movement: 'hesitation'"):
        build_movement("hesitation", tables=5, boards_per_round=2)


def test_registry_refuses_an_unknown_option() -> None:
    with pytest.raises(MovementError, match="no option 'skip_after'"):
        build_movement("mitchell", tables=8, boards_per_round=2, skip_after=3)


def test_movement_errors_are_value_errors() -> None:
    assert issubclass(MovementError, ValueError)


def test_the_live_server_call_still_builds_a_mitchell() -> None:
    """create_event calls build_movement("mitchell", tables=, boards_per_round=, rounds=)."""
    m = build_movement("mitchell", tables=7, boards_per_round=3, rounds=None)
    first = m.rounds[0].seatings[0]
    assert (first.table, first.ns_pair, first.ew_pair, first.boards) == (1, 1, 8, (1, 2, 3))
    assert len(m.rounds) == 7
    assert m.moves_after(1, 1) == (2, 7)  # EW up one table, boards down one
    assert m.moves_after(7, 1) == (None, None)


def test_moves_after_shows_boards_going_to_a_relay_stand_as_none() -> None:
    m = build_movement("mitchell", tables=8, boards_per_round=3, even="relay")
    # Table 5's boards go onto the bye stand for a round.
    assert m.moves_after(1, 5) == (6, None)
