"""Migrations for what a line-up says besides who sits where (registered after
schema_players.py's, whose `table_players` they extend).

- `table_players.part`: a line-up for one part of a longer match (D3.6: each 24-board part is
  a match of its own), standing for the part's segments not given their own;
- `table_players.ns_system`, `ew_system`: each pair's bidding system for the segment, part or
  match (D3.3: one a pair a half match), a short text or null;
- `table_players.ns_sws`, `ew_sws`: 1 where the pair plays a highly artificial system (SWS),
  announced to the opposing captain with the line-up (D3.4).
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m017_lineup_systems(db: Database) -> None:
    table = db["table_players"]
    for column, kind in (("part", int), ("ns_system", str), ("ew_system", str),
                         ("ns_sws", int), ("ew_sws", int)):
        table.add_column(column, kind)
