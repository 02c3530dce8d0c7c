"""Migrations for the print spool (registered after schema.py's)."""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations


@migrations()
def m008_print_jobs(db: Database) -> None:
    db["print_jobs"].create(
        {
            "id": int,
            "document": str,
            "target": str,
            "profile": str,
            "status": str,
            "attempts": int,
            "error": str,
            "created_ms": int,
            "next_try_ms": int,
            "done_ms": int,
            "actor": str,
        },
        pk="id",
        not_null={"document", "target", "profile", "status"},
    )


@migrations()
def m010_print_job_options(db: Database) -> None:
    """What a job was asked for (JSON: the round of the slips or standings, the tables)."""
    db["print_jobs"].add_column("options", str)


__all__ = ["migrations"]
