"""A result: the contract, who declared it and how many tricks they took.

This is what a table enters for a board. The object checks itself when made, so a result that
exists is a result that can be scored; the score depends on the board's vulnerability, which the
result does not carry (the same result scores differently on different boards).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from server.bridge.board import Vulnerability
from server.bridge.contract import Contract
from server.bridge.errors import InvalidSeatError, InvalidTricksError
from server.bridge.scores import check_tricks, ns_score
from server.bridge.seat import Seat

_RESULT_TEXT = re.compile(r"=|\+([1-6])|-(1[0-3]|[1-9])")


@dataclass(frozen=True)
class Result:
    """One table's result on one board."""

    contract: Contract
    """The final contract; ``Contract.parse("PASS")`` for a passed-out board."""
    declarer: Seat | None
    """The seat that played the contract; ``None`` exactly when the board was passed out."""
    tricks: int
    """The tricks declarer took, 0 to 13; 0 when the board was passed out."""

    def __post_init__(self) -> None:
        if self.contract.is_passed_out:
            if self.declarer is not None:
                raise InvalidSeatError(
                    f"invalid declarer for a passed-out board: {self.declarer!r}"
                )
            if type(self.tricks) is not int or self.tricks != 0:
                raise InvalidTricksError(
                    f"invalid tricks for a passed-out board: {self.tricks!r} (expected 0)"
                )
            return
        if not isinstance(self.declarer, Seat):
            raise InvalidSeatError(f"invalid declarer for {self.contract.code}: {self.declarer!r}")
        check_tricks(self.tricks)

    @classmethod
    def from_tricks(cls, contract: Contract, declarer: Seat | None, tricks: int) -> Result:
        """The result of ``declarer`` taking ``tricks`` in ``contract``, checked.

        Raises :class:`InvalidSeatError` when the declarer is missing (or given for a passed-out
        board) and :class:`InvalidTricksError` unless tricks are 0 to 13 (0 when passed out).
        """
        return cls(contract, declarer, tricks)

    @classmethod
    def from_result_text(cls, contract: Contract, declarer: Seat | None, text: str) -> Result:
        """The result written relative to the contract: ``"="``, ``"+1"``, ``"-2"``.

        Passed-out boards take ``""``. Raises :class:`InvalidTricksError` when the text does not
        parse or gives more than 13 or fewer than 0 tricks.
        """
        token = text.strip()
        if contract.is_passed_out and token == "":
            return cls(contract, declarer, 0)
        if contract.is_passed_out or _RESULT_TEXT.fullmatch(token) is None:
            raise InvalidTricksError(f"invalid result for {contract.code}: {text!r}")
        tricks = contract.tricks_needed + (0 if token == "=" else int(token))
        if not 0 <= tricks <= 13:
            raise InvalidTricksError(f"invalid result for {contract.code}: {text!r}")
        return cls(contract, declarer, tricks)

    @property
    def result_text(self) -> str:
        """Tricks relative to the contract: ``"="``, ``"+1"``, ``"-2"``; ``""`` when passed out."""
        if self.contract.is_passed_out:
            return ""
        difference = self.tricks - self.contract.tricks_needed
        return "=" if difference == 0 else f"{difference:+d}"

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """The score from North-South's point of view on a board of this ``vulnerability``."""
        return ns_score(self.contract, self.declarer, self.tricks, vulnerability)

    def __str__(self) -> str:
        """As on a traveller: ``"4♠X N +1"``, or ``"Pass"``."""
        if self.contract.is_passed_out:
            return str(self.contract)
        return f"{self.contract} {self.declarer} {self.result_text}"
