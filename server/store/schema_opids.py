"""Migration m014: an op_id is unique per table, not per event.

Terminals make their op_ids themselves; two tables may make the same one (a reset device, a
copied outbox, a poor random source), and each is still its own result or call. The unique
indexes on `op_id` alone become unique indexes on (section, table_number, op_id), and every
lookup names the table (server/store/__init__.py, ew.py, players.py, teams.py, conflicts.py).
"""

from __future__ import annotations

from sqlite_utils import Database

# The tables this migration changes are created by these modules' migrations: import them
# first, in the order server/store/__init__.py does, so theirs are registered before it.
from . import (  # noqa: F401
    schema_clocks,
    schema_competition,
    schema_conflicts,
    schema_ew,
    schema_players,
    schema_printing,
    schema_rulings,
    schema_setup,
    schema_teams,
)
from .schema import migrations

__all__ = ["migrations"]

SCOPED = ("results", "calls", "entry_conflicts", "pending_results", "ew_decisions",
          "table_players", "match_confirmations")
"""The tables whose rows a table's op_id names."""


@migrations()
def m014_op_ids_per_table(db: Database) -> None:
    for table in SCOPED:
        db.execute(f"drop index if exists [idx_{table}_op_id]")
        db[table].create_index(["section", "table_number", "op_id"], unique=True)
    db.execute("drop index if exists idx_ew_decisions_entry_op_id")
    db["ew_decisions"].create_index(["section", "table_number", "entry_op_id"])
