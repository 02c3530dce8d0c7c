"""The SQL of East-West's own terminal: the tables' East-West secrets, North-South's entries
waiting for East-West, and East-West's answers.

Functions that change anything take the open write transaction (`store.write()`) and write
their audit row in it. Entries and answers are append-only: nothing here updates or deletes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from sqlite_utils import Database

from . import Store
from .models import ResultRow, TableRow

__all__ = [
    "Decision",
    "PendingEntry",
    "decision_by_op",
    "decision_for",
    "entry_by_op",
    "entry_wire",
    "ew_tokens",
    "fill_ew_tokens",
    "insert_decision",
    "insert_entry",
    "latest_entry",
    "table_by_ew_token",
    "waiting",
]


PendingEntry = ResultRow
"""North-South's entry of a board waiting for East-West (a `pending_results` row): a result
not confirmed yet, with the same fields."""


def entry_wire(entry: ResultRow) -> dict[str, Any]:
    """A waiting entry as terminals and the audit see it: the result's fields and its time."""
    return entry.wire() | {"entered_ms": entry.entered_ms}


@dataclass(frozen=True)
class Decision:
    """East-West's answer to an entry (an `ew_decisions` row)."""

    op_id: str
    entry_op_id: str
    section: str
    table_number: int
    decision: str
    """"confirmed" or "not_agreed"."""
    reason: str | None
    """Not agreed: what is wrong ("contract", "declarer", "tricks", "lead", "other")."""
    note: str | None
    call_id: int | None
    """Not agreed: the director call made with it, if East-West asked for one."""
    actor: str
    at_ms: int

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Decision:
        return cls(**{k: row[k] for k in cls.__dataclass_fields__})


# -- the East-West secrets -------------------------------------------------------------------

def ew_tokens(store: Store) -> dict[tuple[str, int], str]:
    """Each table's East-West secret, by (section, number), for the tables that have one."""
    with store.read() as db:
        return {(r["section"], r["number"]): r["ew_token"] for r in db.query(
            "select section, number, ew_token from tables where ew_token is not null")}


def table_by_ew_token(store: Store, token: str) -> TableRow | None:
    """The table whose East-West terminal has this secret (the row names the table's own
    secret, so the East-West terminal is the same table everywhere else)."""
    with store.read() as db:
        rows = list(db.query("select section, number, token from tables where ew_token = ?",
                             [token]))
    return TableRow(**rows[0]) if rows else None


def fill_ew_tokens(store: Store, db: Database, new_token: Callable[[], str], actor: str,
                   why: str) -> list[str]:
    """Give every table without an East-West secret a new one, each audited; returns the
    tables given one, as "A3". Secrets already given are kept, so printed cards stay valid."""
    missing = list(db.query("select id, section, number from tables where ew_token is null "
                            "order by section, number"))
    for row in missing:
        db["tables"].update(row["id"], {"ew_token": new_token()})
        store.audit(db, actor, "ew_token_added", "table", f"{row['section']}{row['number']}",
                    None, "(secret)", why)
    return [f"{r['section']}{r['number']}" for r in missing]


# -- entries and answers ---------------------------------------------------------------------

def entry_by_op(db: Database, table: TableRow, op_id: str) -> PendingEntry | None:
    """North-South's entry `table` made with `op_id` (op_ids are unique per table)."""
    rows = list(db.query("select * from pending_results where section = ? and table_number = ? "
                         "and op_id = ?", [table.section, table.number, op_id]))
    return ResultRow.from_row(rows[0]) if rows else None


def latest_entry(db: Database, section: str, table: int, round: int,
                 board: int) -> PendingEntry | None:
    """The entry East-West answers for a board: North-South's latest."""
    rows = list(db.query(
        "select * from pending_results where section = ? and table_number = ? and round = ? "
        "and board = ? order by id desc limit 1", [section, table, round, board]))
    return ResultRow.from_row(rows[0]) if rows else None


def insert_entry(store: Store, db: Database, entry: PendingEntry, actor: str) -> None:
    db["pending_results"].insert(asdict(entry))
    store.audit(db, actor, "result_pending", "result",
                f"{entry.section}/{entry.table_number}/{entry.round}/{entry.board}",
                None, json.dumps(entry_wire(entry)), "waiting for East-West")


def decision_by_op(db: Database, table: TableRow, op_id: str) -> Decision | None:
    """East-West's answer `table` made with `op_id`."""
    rows = list(db.query("select * from ew_decisions where section = ? and table_number = ? "
                         "and op_id = ?", [table.section, table.number, op_id]))
    return Decision.from_row(rows[0]) if rows else None


def decision_for(db: Database, entry: PendingEntry) -> Decision | None:
    """East-West's answer to an entry, if it has one (there is at most one)."""
    rows = list(db.query("select * from ew_decisions where section = ? and table_number = ? "
                         "and entry_op_id = ? order by id limit 1",
                         [entry.section, entry.table_number, entry.op_id]))
    return Decision.from_row(rows[0]) if rows else None


def called(store: Store) -> list[tuple[Decision, int]]:
    """East-West's answers that called the director, each with the board of its entry."""
    with store.read() as db:
        rows = list(db.query(
            "select d.*, p.board as entry_board from ew_decisions d join pending_results p "
            "on p.section = d.section and p.table_number = d.table_number and "
            "p.op_id = d.entry_op_id where d.call_id is not null order by d.id"))
    return [(Decision.from_row(r), int(r["entry_board"])) for r in rows]


def insert_decision(store: Store, db: Database, decision: Decision, entry: PendingEntry) -> None:
    db["ew_decisions"].insert(asdict(decision))
    why = " ".join(filter(None, [decision.reason, decision.note]))
    store.audit(db, decision.actor, f"ew_{decision.decision}", "result",
                f"{entry.section}/{entry.table_number}/{entry.round}/{entry.board}",
                json.dumps(entry_wire(entry)), decision.decision, why)


def waiting(store: Store, section: str | None = None,
            table: int | None = None) -> list[tuple[PendingEntry, Decision | None]]:
    """Each board's latest entry that has no result yet, with East-West's answer if any,
    oldest first. Boards the director scored otherwise are the caller's to leave out."""
    where, args = "", []
    if section is not None and table is not None:
        where, args = "and p.section = ? and p.table_number = ?", [section, table]
    with store.read() as db:
        rows = list(db.query(
            "select p.* from pending_results p where p.id = (select max(q.id) from "
            "pending_results q where q.section = p.section and q.table_number = p.table_number "
            "and q.round = p.round and q.board = p.board) and not exists (select 1 from "
            "results r where r.section = p.section and r.table_number = p.table_number and "
            f"r.round = p.round and r.board = p.board) {where} order by p.id", args))
        entries = [ResultRow.from_row(r) for r in rows]
        return [(e, decision_for(db, e)) for e in entries]
