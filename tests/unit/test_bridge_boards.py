"""Board numbers fix dealer and vulnerability: the standard duplicate cycle."""

from __future__ import annotations

import pytest

from server.bridge import Board, InvalidBoardError, Seat, Vulnerability

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NONE, NS, EW, BOTH = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH

# As printed on duplicate boards 1-36 (the cycle repeats every 16 boards).
BOARDS = {
    1: (N, NONE), 2: (E, NS), 3: (S, EW), 4: (W, BOTH),
    5: (N, NS), 6: (E, EW), 7: (S, BOTH), 8: (W, NONE),
    9: (N, EW), 10: (E, BOTH), 11: (S, NONE), 12: (W, NS),
    13: (N, BOTH), 14: (E, NONE), 15: (S, NS), 16: (W, EW),
    17: (N, NONE), 18: (E, NS), 19: (S, EW), 20: (W, BOTH),
    21: (N, NS), 22: (E, EW), 23: (S, BOTH), 24: (W, NONE),
    25: (N, EW), 26: (E, BOTH), 27: (S, NONE), 28: (W, NS),
    29: (N, BOTH), 30: (E, NONE), 31: (S, NS), 32: (W, EW),
    33: (N, NONE), 34: (E, NS), 35: (S, EW), 36: (W, BOTH),
}  # fmt: skip


@pytest.mark.parametrize(("number", "expected"), BOARDS.items())
def test_dealer_and_vulnerability_of_boards_1_to_36(
    number: int, expected: tuple[Seat, Vulnerability]
) -> None:
    board = Board(number)
    assert (board.dealer, board.vulnerability) == expected


@pytest.mark.parametrize("number", [0, -1, 1.0, "1", True])
def test_board_number_must_be_a_whole_number_from_1(number: object) -> None:
    with pytest.raises(InvalidBoardError, match=repr(number).replace(".", r"\.")):
        Board(number)  # type: ignore[arg-type]


def test_board_repr_round_trips() -> None:
    assert eval(repr(Board(7))) == Board(7)


@pytest.mark.parametrize(
    ("vulnerability", "vulnerable_seats", "label"),
    [
        (NONE, set(), "None"),
        (NS, {N, S}, "NS"),
        (EW, {E, W}, "EW"),
        (BOTH, {N, E, S, W}, "Both"),
    ],
)
def test_vulnerability_by_seat_and_label(
    vulnerability: Vulnerability, vulnerable_seats: set[Seat], label: str
) -> None:
    assert {seat for seat in Seat if vulnerability.is_vulnerable(seat)} == vulnerable_seats
    assert vulnerability.label == label
    assert str(vulnerability) == label
