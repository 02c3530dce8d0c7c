"""Migrations for the event's players (registered after schema.py's).

`players` is the event's list (federation ID, name, gender, club); `table_players` is
append-only: every `set_players` a table sent, the latest per (section, table, round) being
who sat where. Player IDs there are not tied to `players` by a foreign key on purpose: a table
offline may send a number the list does not hold yet, and the name is resolved when it does.
`late_starts` holds the director's K11 decisions, one per pair and session.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m006_players(db: Database) -> None:
    db["players"].create(
        {"federation_id": str, "name": str, "gender": str, "club": str},
        pk="federation_id", not_null={"name"},
    )


@migrations()
def m006_table_players(db: Database) -> None:
    db["table_players"].create(
        {
            "id": int,
            "op_id": str,
            "section": str,
            "table_number": int,
            "round": int,
            "ns_pair": int,
            "ew_pair": int,
            "north": str,
            "south": str,
            "east": str,
            "west": str,
            "actor": str,
            "at_ms": int,
        },
        pk="id",
        not_null={"op_id", "section", "table_number", "round", "actor", "at_ms"},
    )
    db["table_players"].create_index(["op_id"], unique=True)
    db["table_players"].create_index(["section", "table_number", "round"])


@migrations()
def m006_late_starts(db: Database) -> None:
    db["late_starts"].create(
        {
            "section": str,
            "session": int,
            "pair_number": int,
            "minutes": int,
            "status": str,
            "outcome": str,
            "proposed": str,
            "penalty": str,
            "unit": str,
            "rule": str,
            "flagged": int,
            "reason": str,
            "actor": str,
            "at_ms": int,
        },
        pk=("section", "session", "pair_number"),
        not_null={"status", "actor", "at_ms"},
    )
