"""Migrations for the event's setup (registered after schema.py's): hand records."""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m007_deals(db: Database) -> None:
    # The hand record of each board, imported from a PBN file: each hand as PBN writes it,
    # "AKQ.T9.8765.432" (spades.hearts.diamonds.clubs).
    db["deals"].create(
        {"board": int, "north": str, "east": str, "south": str, "west": str,
         "imported_ms": int, "source": str},
        pk="board",
        not_null={"north", "east", "south", "west"},
    )
