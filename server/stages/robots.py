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
from ..event.venue import fixture_index
from ..store import Store
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
    fixture = fixture_index(store).get((section, table, round_number))
    if fixture is None:
        return None
    key, detail = fixture["key"], fixture["detail"]
    local = board - detail["first_board"] + detail["first_local"]
    if fixture["kind"] == "match":
        room = "open" if section == "O" else "closed"
        return player.room_board(key, detail["deals"], local, detail["home"],
                                 detail["away"], room)
    seating = next((s for s in store.seatings(section, table) if s.round == round_number),
                   None)
    if seating is None:
        return None
    # The section's tables are the movement's: the same numbers.
    return player.table_board(key, detail["deals"], round_number - fixture["first_round"]
                              + 1, seating.table_number, local, seating.ns_pair,
                              seating.ew_pair)


def payload_of(played: Played) -> dict[str, Any]:
    """The result as a terminal sends it."""
    return {"contract": played.contract.code if played.declarer else "PASS",
            "declarer": played.declarer.value if played.declarer else None,
            "tricks": played.tricks}
