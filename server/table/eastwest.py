"""East-West's own terminal: North-South's entry waits until East-West confirms it there.

Where the preset says `[entry] ew_terminal = true`, every table has a second secret whose URL
opens the terminal in East-West mode (`server.table.terminals`). North-South's `submit_result`
is then checked exactly as a result is and stored as a pending entry (`server.table.entry`);
both terminals see it in their state. East-West
confirms it, which stores the result as `submit_result` would have (same checks, same audit,
the entry's op_id), or answers "not agreed" with a reason (and, if it asks, a director call),
which hands the board back to North-South: a corrected entry, with a new op_id, replaces the
pending one. Every step is on disk before it is acknowledged, and a replayed op_id is
acknowledged again and stored once. Without the setting none of this runs: East-West confirms
on North-South's device, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError, ok_body, op_id_of, shown
from ..store import Store, TableRow
from ..store import ew as sql
from ..texts import N_, Message, english, message
from .entry import checked_result, locked_boards, parse_submission
from .schedule import current_round
from .terminals import enabled

REASONS = ("contract", "declarer", "tricks", "lead", "other")
"""What East-West may say is wrong with an entry; the terminals translate them."""

REASON_WORDS = {"contract": N_("the contract"), "declarer": N_("the declarer"),
                "tricks": N_("the number of tricks"), "lead": N_("the opening lead"),
                "other": N_("other")}


def ew_actor(table: TableRow) -> str:
    return f"table {table.number} East-West"


def _ids(payload: Any) -> tuple[str, str]:
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "an answer must be an object with op_id and entry")
    op_id = op_id_of(payload.get("op_id"))
    entry = op_id_of(payload.get("entry"), "invalid_entry", "entry (North-South's op_id)")
    return op_id, entry


def require_enabled(store: Store) -> None:
    """The refusal of an East-West answer in an event without East-West terminals."""
    if not enabled(store):
        raise TravellerError("no_ew_terminal", "East-West confirms on North-South's terminal "
                             "in this event", 409)


def _current(db: Any, table: TableRow, entry_op: str) -> sql.PendingEntry:
    """The entry East-West answers: this table's, and the board's latest."""
    entry = sql.entry_by_op(db, table, entry_op)
    if entry is None:
        raise TravellerError("unknown_entry", f"there is no entry {shown(entry_op)} at this "
                             "table", 404)
    latest = sql.latest_entry(db, entry.section, entry.table_number, entry.round, entry.board)
    if latest is not None and latest.op_id != entry.op_id:
        raise TravellerError("entry_replaced", f"North-South has changed their entry of board "
                             f"{entry.board}: answer the new one", 409)
    return entry


def _replayed(db: Any, earlier: sql.Decision, decision: str, entry_op: str,
              table: TableRow, reason: str | None = None) -> dict[str, Any]:
    """A replayed answer: acknowledged again if it is the same answer to the same entry,
    refused (`op_id_reused`) if the op_id now carries another."""
    if (earlier.decision, earlier.entry_op_id) != (decision, entry_op) or (
            reason is not None and earlier.reason != reason):
        raise TravellerError("op_id_reused", "this op_id was used for another answer; a new "
                             "answer needs a new op_id", 409)
    entry = sql.entry_by_op(db, table, earlier.entry_op_id)
    assert entry is not None  # an answer is stored with its entry, in one transaction
    if decision == "confirmed":
        return ok_body(board=entry.board, ns_score=entry.ns_score, entry=entry.op_id,
                       duplicate=True)
    return ok_body(board=entry.board, entry=entry.op_id, duplicate=True,
                   call_id=earlier.call_id)


def confirm(store: Store, table: TableRow, payload: Any, now_ms: int,
            actor: str | None = None) -> dict[str, Any]:
    """East-West confirms North-South's entry: it becomes the board's result.

    The result is checked again now (the board still in the table's round, not scored, not
    locked) and stored with the entry's op_id and North-South as its source, with the
    `result_entered` audit row a result always has; East-West's answer is audited too."""
    require_enabled(store)
    op_id, entry_op = _ids(payload)
    locked = locked_boards(store, table, now_ms)
    with store.write() as db:
        earlier = sql.decision_by_op(db, table, op_id)
        if earlier is not None:
            return _replayed(db, earlier, "confirmed", entry_op, table)
        entry = _current(db, table, entry_op)
        if store.result_by_op(db, table, entry.op_id) is not None:
            # Confirmed already (a second tap, another answer's op_id): the same outcome.
            return ok_body(board=entry.board, ns_score=entry.ns_score, entry=entry.op_id,
                           duplicate=True)
        if sql.decision_for(db, entry) is not None:
            raise TravellerError("entry_not_agreed", f"East-West did not agree with board "
                                 f"{entry.board}: North-South enters it again", 409)
        checked = parse_submission({
            "op_id": entry.op_id, "board": entry.board, "contract": entry.contract,
            "declarer": entry.declarer, "tricks": entry.tricks, "lead": entry.lead,
        })
        result = checked_result(store, db, table, checked, entry.ns_score, locked, now_ms,
                                entry.source)
        store.insert_result(db, result, actor=entry.source)
        sql.insert_decision(store, db, sql.Decision(
            op_id=op_id, entry_op_id=entry.op_id, section=table.section,
            table_number=table.number, decision="confirmed", reason=None, note=None,
            call_id=None, actor=actor or ew_actor(table), at_ms=now_ms), entry)
    return ok_body(board=entry.board, ns_score=entry.ns_score, entry=entry.op_id,
                   duplicate=False)


def reject(store: Store, table: TableRow, payload: Any, now_ms: int) -> dict[str, Any]:
    """East-West does not agree with North-South's entry: it goes back to North-South, with
    the reason, and with a director call when East-West asks for one."""
    require_enabled(store)
    op_id, entry_op = _ids(payload)
    assert isinstance(payload, Mapping)
    reason = payload.get("reason")
    if reason not in REASONS:
        raise TravellerError("invalid_reason", f"the reason must be one of "
                             f"{', '.join(REASONS)}, not {shown(reason)}")
    note = payload.get("note") or ""
    if not isinstance(note, str) or len(note) > 200:
        raise TravellerError("invalid_note", "the note must be text of at most 200 characters")
    call = payload.get("call_director", False)
    if not isinstance(call, bool):
        raise TravellerError("bad_payload", "call_director must be true or false")
    with store.write() as db:
        earlier = sql.decision_by_op(db, table, op_id)
        if earlier is not None:
            return _replayed(db, earlier, "not_agreed", entry_op, table, reason)
        entry = _current(db, table, entry_op)
        if store.result_by_op(db, table, entry.op_id) is not None:
            raise TravellerError("already_confirmed", f"board {entry.board} is already "
                                 "confirmed; ask the director to correct it", 409)
        decided = sql.decision_for(db, entry)
        if decided is not None:
            return ok_body(board=entry.board, entry=entry.op_id, duplicate=True,
                           call_id=decided.call_id)
        call_id = None
        if call:
            here = current_round(store.seatings(table.section, table.number),
                                 store.scored_boards(db, table.section, table.number))
            text = english(call_message(entry.board, reason, note.strip() or None))
            call_id = store.insert_call(db, {
                "op_id": f"{op_id}-director", "section": table.section,
                "table_number": table.number, "round": here.round if here else None,
                "reason": text[:200], "called_ms": now_ms, "answer": None, "answered_ms": None,
            }, actor=ew_actor(table))
        sql.insert_decision(store, db, sql.Decision(
            op_id=op_id, entry_op_id=entry.op_id, section=table.section,
            table_number=table.number, decision="not_agreed", reason=reason,
            note=note.strip() or None, call_id=call_id, actor=ew_actor(table), at_ms=now_ms),
            entry)
    return ok_body(board=entry.board, entry=entry.op_id, duplicate=False, call_id=call_id)


def call_message(board: int, reason: str, note: str | None) -> Message:
    """The director call East-West makes with its answer: the board, what is wrong, the note."""
    if note:
        return message(N_("board %(board)s: East-West do not agree with North-South's entry "
                          "(%(reason)s): %(note)s"), board=board,
                       reason=message(REASON_WORDS[reason]), note=note)
    return message(N_("board %(board)s: East-West do not agree with North-South's entry "
                      "(%(reason)s)"), board=board, reason=message(REASON_WORDS[reason]))


def call_messages(store: Store, calls: list[dict[str, Any]]) -> dict[int, Message]:
    """The director calls of `calls` East-West made, by call id, worded from its answers (a
    call whose stored text was cut short to fit is left as it is)."""
    out: dict[int, Message] = {}
    texts = {c["id"]: c["reason"] for c in calls}
    for decision, board in sql.called(store):
        if decision.call_id in texts and decision.reason in REASON_WORDS:
            said = call_message(board, decision.reason, decision.note)
            if english(said) == texts[decision.call_id]:
                out[decision.call_id] = said
    return out


def waiting(store: Store, section: str | None = None,
            table: int | None = None) -> list[dict[str, Any]]:
    """The entries still waiting, as the wire shows them: each board's latest entry with no
    result and no adjusted score yet, `status` "awaiting" (East-West to answer) or
    "not_agreed" (North-South to correct), oldest first. Empty without East-West terminals."""
    if not enabled(store):
        return []
    adjusted = store.adjusted_boards()
    out = []
    for entry, decision in sql.waiting(store, section, table):
        if (entry.round, entry.board) in adjusted.get((entry.section, entry.table_number), set()):
            continue
        out.append(sql.entry_wire(entry) | {
            "section": entry.section, "table": entry.table_number,
            "status": "not_agreed" if decision else "awaiting",
            "reason": decision.reason if decision else None,
            "note": decision.note if decision else None,
            "answered_ms": decision.at_ms if decision else None,
        })
    return out
