"""Boards: the dealer and vulnerability that the number of a duplicate board fixes.

Duplicate boards repeat the same pattern everywhere: the dealer goes round the table from North
on board 1, and vulnerability follows a 16-board cycle, chosen so that over 16 boards every
seat deals each vulnerability once. Boards 17 and up start both cycles again.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from server.bridge.errors import InvalidBoardError
from server.bridge.seat import Seat


class Vulnerability(enum.Enum):
    """Which side is vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    @property
    def label(self) -> str:
        """The short label printed on boards and travellers: None, NS, EW, Both."""
        return self.value

    def is_vulnerable(self, seat: Seat) -> bool:
        """Whether the side sitting in ``seat`` is vulnerable."""
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return seat.is_ns == (self is Vulnerability.NS)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


# The published cycle (printed on every duplicate board), board 1 first. A table rather than a
# formula: it reads the same as the board in a director's hand.
_VULNERABILITY_CYCLE = (
    Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH,
    Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE,
    Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS,
    Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
)  # fmt: skip

_DEALERS = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True)
class Board:
    """A duplicate board, known by its number."""

    number: int
    """The board number, from 1."""

    def __post_init__(self) -> None:
        if type(self.number) is not int or self.number < 1:
            raise InvalidBoardError(f"invalid board number: {self.number!r}")

    @property
    def dealer(self) -> Seat:
        """The seat that deals: N on board 1, E on 2, S on 3, W on 4, and round again."""
        return _DEALERS[(self.number - 1) % 4]

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability printed on the board (the standard 16-board cycle)."""
        return _VULNERABILITY_CYCLE[(self.number - 1) % 16]
