"""Bridge itself: seats, strains, contracts, boards, results and the score of a contract.

A pure package (standard library only) that the scoring, the movements, the server and the
simulator all build on. Everything a caller needs is re-exported here; bad input raises a
:class:`BridgeError`, which is a ``ValueError``.
"""

from __future__ import annotations

from server.bridge.board import Board, Vulnerability
from server.bridge.card import Card, InvalidCardError
from server.bridge.contract import Contract, Strain
from server.bridge.errors import (
    BridgeError,
    InvalidBoardError,
    InvalidContractError,
    InvalidSeatError,
    InvalidTricksError,
)
from server.bridge.mini import K8_2, MiniBridge, MiniKind
from server.bridge.result import Result
from server.bridge.scores import ns_score, score
from server.bridge.seat import Seat

__all__ = [
    "K8_2",
    "Board",
    "BridgeError",
    "Card",
    "Contract",
    "InvalidBoardError",
    "InvalidCardError",
    "InvalidContractError",
    "InvalidSeatError",
    "InvalidTricksError",
    "MiniBridge",
    "MiniKind",
    "Result",
    "Seat",
    "Strain",
    "Vulnerability",
    "ns_score",
    "score",
]
