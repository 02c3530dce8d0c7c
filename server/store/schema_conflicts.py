"""Migrations for conflicting entries (registered after schema.py's).

`entry_conflicts` keeps a second entry for a board a table has already scored when it differs
from the stored result (two devices at one table, or an outbox replaying after a director's
correction). The stored result is not changed; the director sees both on the alerts queue and
decides. Unique by op_id, so a replayed conflict is kept once.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m011_entry_conflicts(db: Database) -> None:
    db["entry_conflicts"].create(
        {
            "id": int,
            "op_id": str,
            "section": str,
            "table_number": int,
            "round": int,
            "board": int,
            "contract": str,
            "declarer": str,
            "tricks": int,
            "ns_score": int,
            "stored_contract": str,
            "stored_declarer": str,
            "stored_tricks": int,
            "stored_ns_score": int,
            "actor": str,
            "at_ms": int,
        },
        pk="id",
        not_null={"op_id", "section", "table_number", "board", "at_ms"},
    )
    db["entry_conflicts"].create_index(["op_id"], unique=True)
