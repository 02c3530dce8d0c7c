"""Strains and final contracts, and the one text form of each that the terminal sends.

A contract is written as players write it on a traveller: level, strain, then ``X`` or ``XX``
(``"4SX"``, ``"3NT"``, ``"7♥XX"``), or ``PASS`` for a passed-out board. :meth:`Contract.parse` is
strict: it takes one token, any case, with or without suit symbols, and raises on anything it
cannot read for certain, so that a typo is shown to the player instead of being guessed at.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from server.bridge.errors import InvalidContractError


class Strain(enum.Enum):
    """The trump suit of a contract, or notrump.

    Declared from the lowest-ranking strain to the highest, the order of the bidding.
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "N"

    @classmethod
    def parse(cls, text: str) -> Strain:
        """The strain named by a letter (``"s"``), ``"NT"`` or a symbol (``"♠"``).

        Raises :class:`InvalidContractError` for anything else.
        """
        key = text.strip().upper()
        for strain in cls:
            if key in (strain.value, strain.symbol):
                return strain
        raise InvalidContractError(f"invalid strain: {text!r}")

    @property
    def letter(self) -> str:
        """The ASCII letter: ``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"N"``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The printed form: ``"♣"``, ``"♦"``, ``"♥"``, ``"♠"`` or ``"NT"``."""
        return _SYMBOLS[self]

    @property
    def is_minor(self) -> bool:
        """Clubs or diamonds: 20 points a trick."""
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        """Hearts or spades: 30 points a trick."""
        return self in (Strain.HEARTS, Strain.SPADES)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_SYMBOLS = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}

# One token, no inner spaces: "4 S X" is refused rather than read, because a terminal always
# sends the compact form and a person typing spaces is more likely to have mistyped something.
# "NT" comes before the single letters so that "3NT" is not read as 3N followed by a "T".
_CONTRACT = re.compile(r"([1-7])(NT|[CDHSN♣♦♥♠])(X{0,2})", re.IGNORECASE)
_PASSED_OUT = ("PASS", "P")


@dataclass(frozen=True)
class Contract:
    """A final contract, or a passed-out board (level 0, no strain)."""

    level: int
    """The number of odd tricks bid, 1 to 7; 0 when the board was passed out."""
    strain: Strain | None
    """Trumps or notrump; ``None`` when the board was passed out."""
    doubling: int = 0
    """0 undoubled, 1 doubled (``X``), 2 redoubled (``XX``)."""

    def __post_init__(self) -> None:
        passed_out = self.level == 0 and self.strain is None and self.doubling == 0
        bid = (
            type(self.level) is int
            and 1 <= self.level <= 7
            and isinstance(self.strain, Strain)
            and type(self.doubling) is int
            and 0 <= self.doubling <= 2
        )
        if not (passed_out or bid):
            raise InvalidContractError(
                f"invalid contract: level={self.level!r}, strain={self.strain!r}, "
                f"doubling={self.doubling!r}"
            )

    @classmethod
    def parse(cls, text: str) -> Contract:
        """The contract written in ``text``, ignoring case and surrounding whitespace.

        Takes ``"4SX"``, ``"4s"``, ``"4♠X"``, ``"3N"``, ``"3NT"``, ``"7HXX"``, and ``"PASS"`` or
        ``"P"`` for a passed-out board. Raises :class:`InvalidContractError` for anything else,
        including inner spaces (``"4 S X"``), level 0 or 8, and ``XXX``.
        """
        token = text.strip()
        if token.upper() in _PASSED_OUT:
            return cls(0, None)
        match = _CONTRACT.fullmatch(token)
        if match is None:
            raise InvalidContractError(
                f"invalid contract: {text!r} (expected a level 1-7, a strain C/D/H/S/N(T) "
                "and X or XX, or PASS)"
            )
        level, strain, doubling = match.groups()
        return cls(int(level), Strain.parse(strain), len(doubling))

    @property
    def is_passed_out(self) -> bool:
        """Whether the board was passed out (no contract, scores 0)."""
        return self.strain is None

    @property
    def tricks_needed(self) -> int:
        """The tricks declarer must take to make the contract: level + 6 (0 when passed out)."""
        return 0 if self.is_passed_out else self.level + 6

    @property
    def code(self) -> str:
        """The canonical ASCII form: ``"4SX"``, ``"3N"``, ``"7HXX"``, ``"PASS"``."""
        if self.strain is None:
            return "PASS"
        return f"{self.level}{self.strain.letter}{'X' * self.doubling}"

    def __str__(self) -> str:
        """The printed form: ``"4♠X"``, ``"3NT"``, ``"Pass"``."""
        if self.strain is None:
            return "Pass"
        return f"{self.level}{self.strain.symbol}{'X' * self.doubling}"

    def __repr__(self) -> str:
        return f"Contract.parse({self.code!r})"
