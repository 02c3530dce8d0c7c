"""The event file's schema, as registered, recorded, repeat-safe migration steps.

Each step is applied once per file and recorded in `_sqlite_migrations`; a file made by an
older version is brought up to date on open. Never edit a step that has shipped: add a new one.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("traveller")


@migrations()
def m001_event(db: Database) -> None:
    db["settings"].create({"key": str, "value": str}, pk="key")
    db["tables"].create(
        {"id": int, "section": str, "number": int, "token": str}, pk="id", not_null={"token"}
    )
    db["tables"].create_index(["token"], unique=True)
    db["tables"].create_index(["section", "number"], unique=True)
    db["seatings"].create(
        {
            "id": int,
            "section": str,
            "round": int,
            "table_number": int,
            "ns_pair": int,
            "ew_pair": int,
            "boards": str,
            "ew_next_table": int,
            "boards_next_table": int,
        },
        pk="id",
    )
    db["seatings"].create_index(["section", "round", "table_number"], unique=True)
    db["results"].create(
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
            "ns_score": int,
            "entered_ms": int,
            "source": str,
        },
        pk="id",
        not_null={"op_id", "contract", "ns_score"},
    )
    db["results"].create_index(["op_id"], unique=True)
    db["results"].create_index(["section", "table_number", "round", "board"], unique=True)
    db["results"].create_index(["section", "board"])
    db["clocks"].create(
        {
            "round": int,
            "duration_ms": int,
            "started_ms": int,
            "used_ms": int,
            "extension_ms": int,
        },
        pk="round",
    )
    db["audit"].create(
        {
            "id": int,
            "at_ms": int,
            "actor": str,
            "action": str,
            "entity": str,
            "entity_id": str,
            "old": str,
            "new": str,
            "why": str,
        },
        pk="id",
    )


@migrations()
def m002_opening_lead(db: Database) -> None:
    db["results"].add_column("lead", str)


@migrations()
def m003_director_calls(db: Database) -> None:
    db["calls"].create(
        {
            "id": int,
            "op_id": str,
            "section": str,
            "table_number": int,
            "round": int,
            "reason": str,
            "called_ms": int,
            "answer": str,
            "answered_ms": int,
        },
        pk="id",
        not_null={"op_id", "reason", "called_ms"},
    )
    db["calls"].create_index(["op_id"], unique=True)
