"""What a robot enters at a table of a competition event: the simulator's result for that
table and board.

A robot at a venue's terminal plays the deal it is given, as the simulator's robots would
(`server.competition.robots`): the fixture in play at the table says which match or session
the board belongs to and how the fixture numbers it, and the simulator's robot for the same
seed, fixture, table and board gives the contract, declarer and tricks. So a competition played
by robots through the server ends as `traveller simulate` does on the same seed.
"""

from __future__ import annotations

from typing import Any

from ..competition.robots import Played, Robots
from ..store import Store
from ..store import competition as sql
from .inputs import competition_spec

_ROBOTS: dict[tuple[int, bool], Robots] = {}


def robots(seed: int, mini: bool) -> Robots:
    if (seed, mini) not in _ROBOTS:
        _ROBOTS[seed, mini] = Robots(seed, mini_bridge=mini)
    return _ROBOTS[seed, mini]


def robot_result(store: Store, seed: int, section: str, table: int, round_number: int,
                 board: int) -> Played | None:
    """The robot's result for a board in play, or None if no fixture holds it."""
    spec = competition_spec(store)
    player = robots(seed, spec.mini_bridge)
    for key, fixture in sql.fixtures(store).items():
        if not fixture["first_round"] <= round_number <= fixture["last_round"]:
            continue
        detail = fixture["detail"]
        local = board - detail["first_board"] + detail["first_local"]
        if fixture["kind"] == "match":
            if detail["table"] != table or section not in ("O", "C"):
                continue
            room = "open" if section == "O" else "closed"
            return player.room_board(key, detail["deals"], local, detail["home"],
                                     detail["away"], room)
        if detail["section"] != section:
            continue
        seating = next((s for s in store.seatings(section, table) if s.round == round_number),
                       None)
        if seating is None:
            return None
        # The section's tables are the movement's: the same numbers.
        return player.table_board(key, detail["deals"], round_number - fixture["first_round"]
                                  + 1, seating.table_number, local, seating.ns_pair,
                                  seating.ew_pair)
    return None


def payload_of(played: Played) -> dict[str, Any]:
    """The result as a terminal sends it."""
    return {"contract": played.contract.code if played.declarer else "PASS",
            "declarer": played.declarer.value if played.declarer else None,
            "tricks": played.tricks}
