"""SQL of the director's rulings: result versions, adjusted scores, procedural penalties.

Functions that change anything take the open write transaction (`with store.write() as db:`)
and write their audit row in it, so a ruling and its trace commit together or not at all.
An entry of a traveller is named by its key, (section, table, round, board), and its audit
rows by the same `"A/3/2/7"` id that `Store.insert_result` uses.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from . import Store
from .models import ResultRow, TableRow


@dataclass(frozen=True)
class EntryKey:
    """One line of a traveller: a board at a table in a round."""

    section: str
    table_number: int
    round: int
    board: int

    @property
    def audit_id(self) -> str:
        return f"{self.section}/{self.table_number}/{self.round}/{self.board}"

    def where(self) -> tuple[str, list[Any]]:
        return ("section = ? and table_number = ? and round = ? and board = ?",
                [self.section, self.table_number, self.round, self.board])


def result_at(db: Database, key: EntryKey) -> ResultRow | None:
    where, args = key.where()
    rows = list(db.query(f"select * from results where {where}", args))
    return ResultRow.from_row(rows[0]) if rows else None


def _row(result: ResultRow) -> dict[str, Any]:
    return {k: getattr(result, k) for k in ResultRow.__dataclass_fields__}


def _dump(result: ResultRow | None) -> str | None:
    return None if result is None else json.dumps(_row(result))


def _load(text: str | None) -> ResultRow | None:
    return None if text is None else ResultRow.from_row(json.loads(text))


def _change(db: Database, key: EntryKey, action: str, old: ResultRow | None,
            new: ResultRow | None, actor: str, now_ms: int, why: str) -> int:
    table = db.table("result_changes").insert({
        "section": key.section, "table_number": key.table_number, "round": key.round,
        "board": key.board, "action": action, "old": _dump(old), "new": _dump(new),
        "actor": actor, "at_ms": now_ms, "why": why, "undone_by": None,
    })
    return int(table.last_pk or 0)


def replace_result(store: Store, db: Database, key: EntryKey, old: ResultRow | None,
                   new: ResultRow | None, action: str, actor: str, now_ms: int,
                   why: str) -> int:
    """Make `new` the entry's current result (None: no result), keeping the old as a version."""
    where, args = key.where()
    db.execute(f"delete from results where {where}", args)
    if new is not None:
        db.table("results").insert(_row(new))
    change = _change(db, key, action, old, new, actor, now_ms, why)
    store.audit(db, actor, f"result_{action}", "result", key.audit_id,
                json.dumps(old.wire()) if old else None,
                json.dumps(new.wire()) if new else None, why)
    return change


def removed_by_op(db: Database, table: TableRow, op_id: str) -> ResultRow | None:
    """A table's result the director has since deleted or replaced, by its op_id (unique per
    table): a terminal that sends it again (a replay after a take-over) must not bring it back."""
    # Straight through sqlite3: asked on every submission, inside its write transaction.
    row = db.conn.execute("select old from result_changes where section = ? and "
                          "table_number = ? and json_extract(old, '$.op_id') = ? "
                          "order by id desc limit 1",
                          [table.section, table.number, op_id]).fetchone()
    return _load(row[0]) if row else None


def last_undoable(db: Database, key: EntryKey) -> dict[str, Any] | None:
    """The latest entry, correction or deletion by the director not undone yet."""
    where, args = key.where()
    rows = list(db.query(
        f"select * from result_changes where {where} "
        "and action in ('entered', 'corrected', 'deleted') "
        "and undone_by is null order by id desc limit 1", args))
    return rows[0] if rows else None


def mark_undone(db: Database, change_id: int, by: int) -> None:
    db.table("result_changes").update(change_id, {"undone_by": by})


def change_rows(store: Store, key: EntryKey | None = None) -> list[dict[str, Any]]:
    """The versions of an entry (every entry when None), oldest first, rows decoded."""
    where, args = key.where() if key else ("1 = 1", [])
    with store.read() as db:
        rows = list(db.query(f"select * from result_changes where {where} order by id", args))
    for row in rows:
        row["old"] = _load(row["old"])
        row["new"] = _load(row["new"])
    return rows


# -- adjusted scores ------------------------------------------------------------------------


def active_adjustment(db: Database, key: EntryKey) -> dict[str, Any] | None:
    where, args = key.where()
    rows = list(db.query(f"select * from adjustments where {where} and removed_ms is null "
                         "order by id desc limit 1", args))
    return _adjustment(rows[0]) if rows else None


def _adjustment(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "ns": json.loads(row["ns"]), "ew": json.loads(row["ew"])}


def _adjustment_wire(row: dict[str, Any]) -> str:
    return json.dumps({k: row[k] for k in ("kind", "ns", "ew", "rule", "ns_pair", "ew_pair")})


def insert_adjustment(store: Store, db: Database, key: EntryKey, adjustment: dict[str, Any],
                      actor: str, now_ms: int, why: str) -> int:
    """Store an adjusted score for the entry (replacing an active one), with its audit row."""
    old = active_adjustment(db, key)
    if old is not None:
        db.table("adjustments").update(old["id"], {"removed_ms": now_ms, "removed_by": actor,
                                             "removed_why": f"replaced: {why}"})
    row = {
        "section": key.section, "table_number": key.table_number, "round": key.round,
        "board": key.board, "ns_pair": adjustment["ns_pair"], "ew_pair": adjustment["ew_pair"],
        "kind": adjustment["kind"], "ns": json.dumps(adjustment["ns"]),
        "ew": json.dumps(adjustment["ew"]), "rule": adjustment["rule"], "why": why,
        "actor": actor, "at_ms": now_ms, "removed_ms": None, "removed_by": None,
        "removed_why": None,
    }
    adjustment_id = int(db.table("adjustments").insert(row).last_pk or 0)
    store.audit(db, actor, "adjusted_score", "result", key.audit_id,
                _adjustment_wire(old) if old else None,
                _adjustment_wire({**row, "ns": adjustment["ns"], "ew": adjustment["ew"]}), why)
    return adjustment_id


def remove_adjustment(store: Store, db: Database, key: EntryKey, actor: str, now_ms: int,
                      why: str) -> dict[str, Any] | None:
    old = active_adjustment(db, key)
    if old is None:
        return None
    db.table("adjustments").update(old["id"], {"removed_ms": now_ms, "removed_by": actor,
                                         "removed_why": why})
    store.audit(db, actor, "adjusted_score_removed", "result", key.audit_id,
                _adjustment_wire(old), None, why)
    return old


def adjustments(store: Store, active_only: bool = True) -> list[dict[str, Any]]:
    where = "where removed_ms is null" if active_only else ""
    with store.read() as db:
        return [_adjustment(r) for r in db.query(f"select * from adjustments {where} order by id")]


# -- procedural penalties -------------------------------------------------------------------


def insert_penalty(store: Store, db: Database, section: str, pair: int, share: float,
                   rule: str, actor: str, now_ms: int, why: str) -> int:
    row = {"section": section, "pair": pair, "rule": rule, "share": share, "why": why,
           "actor": actor, "at_ms": now_ms, "removed_ms": None, "removed_by": None,
           "removed_why": None}
    penalty_id = int(db.table("penalties").insert(row).last_pk or 0)
    store.audit(db, actor, "procedural_penalty", "pair", f"{section}/{pair}", None,
                json.dumps({"id": penalty_id, "rule": rule, "share_of_top": share}), why)
    return penalty_id


def remove_penalty(store: Store, db: Database, penalty_id: int, actor: str, now_ms: int,
                   why: str) -> dict[str, Any] | None:
    rows = list(db.query("select * from penalties where id = ? and removed_ms is null",
                         [penalty_id]))
    if not rows:
        return None
    old = rows[0]
    db.table("penalties").update(penalty_id, {"removed_ms": now_ms, "removed_by": actor,
                                        "removed_why": why})
    store.audit(db, actor, "procedural_penalty_removed", "pair", f"{old['section']}/{old['pair']}",
                json.dumps({"id": penalty_id, "rule": old["rule"], "share_of_top": old["share"]}),
                None, why)
    return old


def penalties(store: Store, active_only: bool = True) -> list[dict[str, Any]]:
    where = "where removed_ms is null" if active_only else ""
    with store.read() as db:
        return list(db.query(f"select * from penalties {where} order by id"))


# -- audit trails ---------------------------------------------------------------------------


def board_audit(store: Store, section: str, board: int) -> list[dict[str, Any]]:
    """Every audit row of a board's entries, oldest first."""
    with store.read() as db:
        return list(db.query(
            "select * from audit where entity = 'result' and entity_id like ? order by id",
            [f"{section}/%/%/{board}"]))


def pair_audit(store: Store, section: str, pair: int) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from audit where entity = 'pair' and entity_id = ? "
                             "order by id", [f"{section}/{pair}"]))


def settings_audit(store: Store, key: str) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from audit where entity = 'settings' and entity_id = ? "
                             "order by id", [key]))
