"""Conflicting entries: a second device of a table entered a board the table had already
scored, differently. The director sees the two entries side by side and keeps one: the stored
result stays, or the second entry replaces it (a correction, audited like any other); either
way the conflict's alert is answered.
"""

from __future__ import annotations

from typing import Any

from ..errors import TravellerError
from ..store import Store
from ..store import conflicts as sql
from ..store.rulings import EntryKey
from . import rulings

KEEP = ("stored", "second")


def conflict(store: Store, conflict_id: int) -> dict[str, Any]:
    """One conflict with the board's result as it is stored now (the director may have
    corrected it since), and whether it is still open."""
    found = next((c for c in sql.conflicts(store) if c["id"] == conflict_id), None)
    if found is None:
        raise TravellerError("unknown_conflict", f"there is no conflict {conflict_id}", 404)
    key = EntryKey(found["section"], found["table_number"], found["round"], found["board"])
    now = next((r for r in store.results(key.section, key.table_number)
                if (r.round, r.board) == (key.round, key.board)), None)
    stored = ({"contract": now.contract, "declarer": now.declarer, "tricks": now.tricks,
               "ns_score": now.ns_score, "lead": now.lead} if now is not None else
              {"contract": found["stored_contract"], "declarer": found["stored_declarer"],
               "tricks": found["stored_tricks"], "ns_score": found["stored_ns_score"],
               "lead": None})
    second = {k: found[k] for k in ("contract", "declarer", "tricks", "ns_score")} | {
        "lead": None}
    return found | {"stored": stored, "second": second,
                    "open": f"conflict:{conflict_id}" not in store.alert_acks()}


def keep(store: Store, conflict_id: int, which: str, now_ms: int, actor: str) -> EntryKey:
    """Settle a conflict: keep the stored result, or put the second entry in its place.
    Returns the entry settled (its table hears of a change)."""
    if which not in KEEP:
        raise TravellerError("invalid_choice", f"keep the stored result or the second entry, "
                             f"not {which!r}")
    found = conflict(store, conflict_id)
    if not found["open"]:
        raise TravellerError("conflict_settled", f"conflict {conflict_id} is already settled",
                             409)
    key = EntryKey(found["section"], found["table_number"], found["round"], found["board"])
    same = ("contract", "declarer", "tricks")
    if which == "second" and any(found["second"][k] != found["stored"][k] for k in same):
        second = found["second"]
        try:
            rulings.correct_result(store, key, {
                "contract": second["contract"], "declarer": second["declarer"],
                "tricks": second["tricks"],
                "why": f"conflict {conflict_id}: the second entry kept"}, now_ms, actor)
        except TravellerError as exc:
            if exc.code != "no_change":
                raise
    with store.write() as db:
        store.ack_alert(db, f"conflict:{conflict_id}", now_ms, actor)
    return key
