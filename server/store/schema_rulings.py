"""Migrations for the director's rulings: corrections, adjusted scores, penalties.

Rulings never overwrite a trace: `result_changes` is append-only (each correction, deletion
and undo with the result before and after); an adjustment or a penalty is never deleted, only
marked removed, with who, when and why.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m005_rulings(db: Database) -> None:
    db["result_changes"].create(
        {
            "id": int,
            "section": str,
            "table_number": int,
            "round": int,
            "board": int,
            "action": str,
            "old": str,
            "new": str,
            "actor": str,
            "at_ms": int,
            "why": str,
            "undone_by": int,
        },
        pk="id",
        not_null={"action", "actor", "at_ms"},
    )
    db["result_changes"].create_index(["section", "table_number", "round", "board"])
    db["adjustments"].create(
        {
            "id": int,
            "section": str,
            "table_number": int,
            "round": int,
            "board": int,
            "ns_pair": int,
            "ew_pair": int,
            "kind": str,
            "ns": str,
            "ew": str,
            "rule": str,
            "why": str,
            "actor": str,
            "at_ms": int,
            "removed_ms": int,
            "removed_by": str,
            "removed_why": str,
        },
        pk="id",
        not_null={"kind", "ns", "ew", "actor", "at_ms"},
    )
    db["adjustments"].create_index(["section", "table_number", "round", "board"])
    db["penalties"].create(
        {
            "id": int,
            "section": str,
            "pair": int,
            "rule": str,
            "share": float,
            "why": str,
            "actor": str,
            "at_ms": int,
            "removed_ms": int,
            "removed_by": str,
            "removed_why": str,
        },
        pk="id",
        not_null={"share", "actor", "at_ms"},
    )
