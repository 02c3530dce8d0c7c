"""SQL of conflicting entries: a second, different entry for a board already scored."""

from __future__ import annotations

import json
from typing import Any

from . import Store


def record(store: Store, row: dict[str, Any]) -> int | None:
    """Keep a conflicting entry once (by the table and op_id), audited; its id, or None when
    replayed."""
    with store.write() as db:
        if list(db.query("select 1 from entry_conflicts where section = ? and table_number = ? "
                         "and op_id = ?", [row["section"], row["table_number"], row["op_id"]])):
            return None
        conflict_id = int(db["entry_conflicts"].insert(row).last_pk)  # type: ignore[union-attr]
        store.audit(db, row["actor"], "entry_conflict", "result",
                    f"{row['section']}/{row['table_number']}/{row['round']}/{row['board']}",
                    json.dumps({k: row[f"stored_{k}"] for k in
                                ("contract", "declarer", "tricks", "ns_score")}),
                    json.dumps({k: row[k] for k in ("contract", "declarer", "tricks",
                                                     "ns_score")}),
                    "a second entry differs from the stored result")
    return conflict_id


def conflicts(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from entry_conflicts order by id"))
