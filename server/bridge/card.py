"""Cards, as an opening lead is written: a suit and a rank, "SA", "H10", "♦7".

The terminal sends the canonical form (suit letter then rank, ten as "T"); people and other
programs write "10", suit symbols and lower case, which parse too.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.bridge.contract import Strain
from server.bridge.errors import BridgeError

RANKS = "23456789TJQKA"
"""The ranks from lowest to highest; T is the ten."""


class InvalidCardError(BridgeError):
    """Text that does not name a card."""


@dataclass(frozen=True, order=True)
class Card:
    """One of the 52 cards."""

    suit: Strain
    """The card's suit (never ``Strain.NOTRUMP``)."""
    rank: str
    """One of ``RANKS``."""

    def __post_init__(self) -> None:
        if self.suit is Strain.NOTRUMP or self.rank not in RANKS:
            raise InvalidCardError(f"invalid card: {self.suit.letter}{self.rank}")

    @classmethod
    def parse(cls, text: str) -> Card:
        raw = text.strip().upper().replace("10", "T")
        if len(raw) != 2:
            raise InvalidCardError(f"invalid card: {text!r}")
        try:
            suit = Strain.parse(raw[0])
        except BridgeError:
            raise InvalidCardError(f"invalid card: {text!r}") from None
        if suit is Strain.NOTRUMP or raw[1] not in RANKS:
            raise InvalidCardError(f"invalid card: {text!r}")
        return cls(suit, raw[1])

    @property
    def code(self) -> str:
        """The canonical ASCII form: ``"ST"`` for the ten of spades."""
        return f"{self.suit.letter}{self.rank}"

    def __str__(self) -> str:
        return f"{self.suit.symbol}{'10' if self.rank == 'T' else self.rank}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"
