"""Migrations for East-West's own terminal (registered after schema.py's).

Where the preset says `[entry] ew_terminal = true`, every table has a second secret,
`tables.ew_token`, for the East-West terminal. North-South's entry then waits in
`pending_results` until East-West confirms it there; `ew_decisions` holds East-West's
answers (confirmed, or not agreed with a reason). Both are append-only: a correction by
North-South is a new pending row for the same board, and the latest row of a board is the
one East-West answers. A confirmed entry becomes a `results` row with the entry's op_id.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m011_ew_tokens(db: Database) -> None:
    db["tables"].add_column("ew_token", str)
    # SQLite lets a unique index hold many NULLs: tables without an East-West terminal.
    db["tables"].create_index(["ew_token"], unique=True)


@migrations()
def m011_pending_results(db: Database) -> None:
    db["pending_results"].create(
        {
            "id": int,
            "op_id": str,
            "section": str,
            "table_number": int,
            "round": int,
            "board": int,
            "ns_pair": int,
            "ew_pair": int,
            "contract": str,
            "declarer": str,
            "tricks": int,
            "lead": str,
            "ns_score": int,
            "entered_ms": int,
            "source": str,
        },
        pk="id",
        not_null={"op_id", "section", "table_number", "round", "board", "contract", "ns_score"},
    )
    db["pending_results"].create_index(["op_id"], unique=True)
    db["pending_results"].create_index(["section", "table_number", "round", "board"])
    db["ew_decisions"].create(
        {
            "id": int,
            "op_id": str,
            "entry_op_id": str,
            "section": str,
            "table_number": int,
            "decision": str,
            "reason": str,
            "note": str,
            "call_id": int,
            "actor": str,
            "at_ms": int,
        },
        pk="id",
        not_null={"op_id", "entry_op_id", "decision", "actor", "at_ms"},
    )
    db["ew_decisions"].create_index(["op_id"], unique=True)
    db["ew_decisions"].create_index(["entry_op_id"])
