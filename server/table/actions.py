"""What a table's terminal may change, one function per `/table` event: each checks which side
of the table asks, does the work through the table's use cases and returns the `Outcome`: the
acknowledgement, and the tables whose terminals hear of it.

Where East-West has its own terminal (`[entry] ew_terminal`), it confirms or disputes
North-South's entries and may call the director; it may not enter results, players or a
match's confirmation for North-South, and North-South may not answer its own entries. A
replayed op_id is acknowledged again and changes nothing, so nobody hears of it.
"""

from __future__ import annotations

from typing import Any

from ..errors import TravellerError
from ..event.outcome import Outcome
from ..store import Store, TableRow
from ..teams import captains
from ..teams.matches import with_partners
from . import calls, eastwest, entry, seating


def _north_south(side: str) -> None:
    if side == "ew":
        raise TravellerError("not_for_east_west", "the East-West terminal confirms or disputes "
                             "North-South's entries; North-South enters results and players", 403)


def _east_west(store: Store, side: str) -> None:
    eastwest.require_enabled(store)
    if side != "ew":
        raise TravellerError("not_for_north_south", "East-West confirms North-South's entry "
                             "on the East-West terminal", 403)


def _stored(store: Store, table: TableRow, ack: dict[str, Any], *,
            standings: bool = True) -> Outcome:
    return Outcome(ack, with_partners(store, table), standings=standings,
                   changed=not ack.get("duplicate"))


def submit_result(store: Store, table: TableRow, side: str, payload: Any,
                  now_ms: int, actor: str | None = None) -> Outcome:
    """A result entered by North-South (pending East-West's confirmation where it has its own
    terminal); it can at most complete a round, which the projector tells for itself. `actor`
    names who entered it when it is not the table's terminal (a rehearsal's robot)."""
    _north_south(side)
    ack = entry.submit_result(store, table, payload, now_ms,
                              actor=actor or f"table {table.number}")
    return _stored(store, table, ack, standings=False)


def call_director(store: Store, table: TableRow, payload: Any, now_ms: int) -> Outcome:
    """Either side calls the director; the console hears of every call, a replayed one too."""
    ack = calls.call_director(store, table, payload, now_ms)
    return Outcome(ack, with_partners(store, table))


def set_players(store: Store, table: TableRow, side: str, payload: Any,
                now_ms: int, actor: str | None = None) -> Outcome:
    _north_south(side)
    ack = seating.set_players(store, table, payload, now_ms,
                              actor=actor or f"table {table.number}")
    return _stored(store, table, ack)


def confirm_match(store: Store, table: TableRow, side: str, payload: Any,
                  now_ms: int, actor: str | None = None) -> Outcome:
    """A captain confirms a match's score (KD1) at the table."""
    _north_south(side)
    ack = captains.confirm_match(store, table, payload, now_ms,
                                 actor=actor or f"table {table.section}{table.number}")
    return _stored(store, table, ack)


def confirm_result(store: Store, table: TableRow, side: str, payload: Any,
                   now_ms: int, actor: str | None = None) -> Outcome:
    """East-West confirms North-South's entry: it becomes the board's result."""
    _east_west(store, side)
    return _stored(store, table, eastwest.confirm(store, table, payload, now_ms, actor))


def reject_result(store: Store, table: TableRow, side: str, payload: Any,
                  now_ms: int) -> Outcome:
    """East-West does not agree with North-South's entry: it goes back to North-South."""
    _east_west(store, side)
    return _stored(store, table, eastwest.reject(store, table, payload, now_ms))
