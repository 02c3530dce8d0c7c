"""The four seats at a bridge table.

Seats are named by their compass letter, as on a traveller and in PBN files. The members are
declared clockwise from North, the order in which the deal, the bidding and the play go round,
so partner and left-hand opponent are plain index arithmetic.
"""

from __future__ import annotations

import enum

from server.bridge.errors import InvalidSeatError


class Seat(enum.Enum):
    """A seat at the table: N, E, S or W."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: str) -> Seat:
        """The seat named by a letter or a word, any case: ``"n"``, ``"North"``, ``" W "``.

        Raises :class:`InvalidSeatError` for anything else.
        """
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.value, seat.full_name.upper()):
                return seat
        raise InvalidSeatError(f"invalid seat: {text!r}")

    @property
    def full_name(self) -> str:
        """The seat as a word: ``"North"``."""
        return _FULL_NAMES[self]

    @property
    def next(self) -> Seat:
        """The seat on this one's left, the next to bid or play (clockwise)."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 1) % 4]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _CLOCKWISE[(_CLOCKWISE.index(self) + 2) % 4]

    @property
    def is_ns(self) -> bool:
        """Whether the seat belongs to the North-South side."""
        return self in (Seat.N, Seat.S)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        # Evaluates back to the member, so reprs of results and boards round-trip.
        return f"Seat.{self.name}"


_CLOCKWISE = tuple(Seat)

_FULL_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
