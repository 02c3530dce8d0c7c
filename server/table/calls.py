"""A table calls the director, and the director answers on the console; the answer shows on
the table's terminal. A replayed op_id is the same call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError, ok_body, op_id_of
from ..store import Store, TableRow
from .schedule import current_round


def call_wire(call: Mapping[str, Any]) -> dict[str, Any]:
    return {k: call[k] for k in ("id", "op_id", "section", "table_number", "round", "reason",
                                 "called_ms", "answer", "answered_ms")}


def call_director(store: Store, table: TableRow, payload: Any, now_ms: int) -> dict[str, Any]:
    """A table calls the director; a replayed op_id is the same call."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a call must be an object with op_id and reason")
    op_id = op_id_of(payload.get("op_id"))
    reason = payload.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        raise TravellerError("invalid_reason", "the reason must be text of at most 200 "
                             "characters")
    with store.write() as db:
        here = current_round(store.seatings(table.section, table.number),
                             store.scored_boards(db, table.section, table.number))
        call_id = store.insert_call(db, {
            "op_id": op_id, "section": table.section, "table_number": table.number,
            "round": here.round if here else None, "reason": reason.strip() or "director",
            "called_ms": now_ms, "answer": None, "answered_ms": None,
        }, actor=f"table {table.number}")
    return ok_body(call_id=call_id)


def answer_call(store: Store, call_id: int, answer: str, now_ms: int,
                actor: str) -> dict[str, Any]:
    """The director's answer to a call, shown on the table's terminal."""
    answer = answer.strip()
    if not answer:
        raise TravellerError("missing_answer", "write an answer for the table")
    with store.write() as db:
        call = store.answer_call(db, call_id, answer[:500], now_ms, actor)
    if call is None:
        raise TravellerError("unknown_call", f"there is no call {call_id}", 404)
    return call_wire(call)
