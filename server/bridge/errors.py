"""The errors raised by the bridge package.

Every error is a ``ValueError``, so a caller that only wants to turn bad input into a message can
catch that; the subclasses let the server give each kind of mistake its own error code. Messages
quote the bad input with ``repr`` so that a stray space or an unexpected symbol shows.
"""

from __future__ import annotations


class BridgeError(ValueError):
    """Bad bridge input: the base of every error raised by ``server.bridge``."""


class InvalidContractError(BridgeError):
    """A contract or strain that does not parse or cannot exist (``"8S"``, ``"4SXXX"``)."""


class InvalidSeatError(BridgeError):
    """A seat that does not parse, or a declarer that does not fit the contract."""


class InvalidTricksError(BridgeError):
    """A trick count outside 0 to 13, or one that does not fit the contract."""


class InvalidBoardError(BridgeError):
    """A board number below 1, or one that is not a whole number."""
