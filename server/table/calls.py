"""A table calls the director, and the director answers on the console; the answer shows on
the table's terminal. A replayed op_id is the same call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError, check_text, ok_body, op_id_of
from ..store import Store, TableRow
from .schedule import current_round


def call_wire(call: Mapping[str, Any]) -> dict[str, Any]:
    return {k: call[k] for k in ("id", "op_id", "section", "table_number", "round", "reason",
                                 "called_ms", "answer", "answered_ms")}


MAX_OPEN_CALLS = 3
"""How many calls a table may have waiting for the director's answer: enough for any real
need, few enough that one terminal cannot flood the console's alerts."""


def call_director(store: Store, table: TableRow, payload: Any, now_ms: int) -> dict[str, Any]:
    """A table calls the director; a replayed op_id is the same call, and the same op_id with
    another reason is refused. A table with MAX_OPEN_CALLS unanswered calls is refused
    (`too_many_calls`) until the director answers one."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a call must be an object with op_id and reason")
    op_id = op_id_of(payload.get("op_id"))
    reason = payload.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        raise TravellerError("invalid_reason", "the reason must be text of at most 200 "
                             "characters")
    reason = check_text(reason, "the reason", code="invalid_reason").strip() or "director"
    with store.write() as db:
        earlier = store.call_by_op(db, table.section, table.number, op_id)
        if earlier is not None:
            if earlier["reason"] != reason:
                raise TravellerError("op_id_reused", "this op_id made another call; a new "
                                     "call needs a new op_id", 409)
            return ok_body(call_id=earlier["id"], duplicate=True)
        if store.open_calls(db, table.section, table.number) >= MAX_OPEN_CALLS:
            raise TravellerError("too_many_calls", f"this table has {MAX_OPEN_CALLS} calls "
                                 "waiting: the director answers them first", 429)
        here = current_round(store.seatings(table.section, table.number),
                             store.scored_boards(db, table.section, table.number))
        call_id = store.insert_call(db, {
            "op_id": op_id, "section": table.section, "table_number": table.number,
            "round": here.round if here else None, "reason": reason,
            "called_ms": now_ms, "answer": None, "answered_ms": None,
        }, actor=f"table {table.number}")
    return ok_body(call_id=call_id, duplicate=False)


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
