"""Movements and pairings: who sits where, with which boards, round by round, and who meets whom.

Movements (Mitchell, Howell, barometer, team round robin) are built by name through
`build_movement`; pairings (Swiss teams and pairs), pools and knock-out brackets have their own
modules. Everything here is pure: no clock, no storage, no network.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from .balance import Balance, balance, comparisons
from .barometer import barometer
from .base import HalfTable, Movement, MovementError, Round, Seating, meetings
from .checks import Check, check
from .guide import PairCard, PairRound, TableCard, TableRound, pair_cards, table_cards
from .howell import howell
from .knockout import BracketRule, TieRule, decide
from .mitchell import EvenTables, mitchell
from .pools import K2_3_TABLE, fixed_seeds, pools_by_table, serpentine
from .roundrobin import Schedule, TeamMatch, berger, round_robin, team_round_robin
from .swiss import (
    PairScore,
    SwissMatch,
    SwissRound,
    TeamStanding,
    k16_ranking,
    kc1_3_round,
    swiss_teams_round,
)

MOVEMENTS: dict[str, Callable[..., Movement]] = {
    "mitchell": mitchell,
    "howell": howell,
    "barometer": barometer,
    "roundrobin": team_round_robin,
}


def find_movement(kind: str) -> Callable[..., Movement]:
    """A movement builder by name, case-insensitive ("round-robin" = "roundrobin")."""
    key = kind.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    builder = MOVEMENTS.get(key)
    if builder is None:
        raise MovementError(f"unknown movement: {kind!r} (known: {', '.join(sorted(MOVEMENTS))})")
    return builder


def build_movement(kind: str, **options: Any) -> Movement:
    """Build a movement by name; options left as None take the movement's default.

    Every builder takes tables, boards_per_round and rounds; the others are the builder's own
    (e.g. `even="relay"` for a Mitchell). An option the movement does not have raises.
    """
    builder = find_movement(kind)
    known = inspect.signature(builder).parameters
    given = {key: value for key, value in options.items() if value is not None}
    for key in given:
        if key not in known:
            raise MovementError(f"a {kind.strip().lower()} movement has no option {key!r}")
    return builder(**given)


__all__ = [
    "K2_3_TABLE",
    "MOVEMENTS",
    "Balance",
    "BracketRule",
    "Check",
    "EvenTables",
    "HalfTable",
    "Movement",
    "MovementError",
    "PairCard",
    "PairRound",
    "PairScore",
    "Round",
    "Schedule",
    "Seating",
    "SwissMatch",
    "SwissRound",
    "TableCard",
    "TableRound",
    "TeamMatch",
    "TeamStanding",
    "TieRule",
    "balance",
    "barometer",
    "berger",
    "build_movement",
    "check",
    "comparisons",
    "decide",
    "find_movement",
    "fixed_seeds",
    "howell",
    "k16_ranking",
    "kc1_3_round",
    "meetings",
    "mitchell",
    "pair_cards",
    "pools_by_table",
    "round_robin",
    "serpentine",
    "swiss_teams_round",
    "table_cards",
    "team_round_robin",
]
