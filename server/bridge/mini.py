"""Mini bridge (K8.2): a contract is only a partscore or a game in a strain.

The school championship's rule: in a partscore declarer is taken to play at the one level, so
the contract goes down when declarer takes fewer than 7 tricks; a game likewise at its game
level. We read "game level" as 3NT, four of a major, five of a minor (a setting), and score the
contract so formed by the ordinary duplicate scores, tricks as taken: no doubles in mini bridge.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from server.bridge.contract import Contract, Strain
from server.bridge.errors import InvalidContractError
from server.bridge.scores import score

GAME_LEVELS: Mapping[Strain, int] = {
    Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4, Strain.SPADES: 4, Strain.NOTRUMP: 3,
}
"""The level of a game in each strain (K8.2, as read)."""


class MiniKind(enum.Enum):
    """What a mini-bridge declarer undertakes."""

    PARTSCORE = "partscore"
    GAME = "game"

    @classmethod
    def parse(cls, text: str) -> MiniKind:
        for kind in cls:
            if text.strip().lower() in (kind.value, kind.value[0]):
                return kind
        raise InvalidContractError(f"invalid mini-bridge contract: {text!r} (partscore or game)")


@dataclass(frozen=True)
class MiniBridge:
    """The mini-bridge rule of an event."""

    game_levels: Mapping[Strain, int] = field(default_factory=lambda: dict(GAME_LEVELS))
    """The level a game is scored at, per strain."""

    def contract(self, kind: MiniKind, strain: Strain) -> Contract:
        """The duplicate contract a mini-bridge contract is scored as."""
        level = 1 if kind is MiniKind.PARTSCORE else self.game_levels[strain]
        return Contract(level, strain)

    def score(self, kind: MiniKind, strain: Strain, vulnerable: bool, tricks: int) -> int:
        """The declaring side's score."""
        return score(self.contract(kind, strain), vulnerable, tricks)


K8_2 = MiniBridge()
"""GABSI Kejurnas 2008, K8.2."""
