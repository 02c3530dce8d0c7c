"""Migrations for teams events (registered after schema.py's).

A teams event stores its two rooms as two sections (open "O", closed "C": see
`server.event.ROOMS`) and its team numbers in the seatings' pair columns, so results, clocks,
calls and the grid need nothing new. What is new:

- `teams`: number, name, captain, and whether the team may play (D2.2: unpaid or ineligible
  blocks its line-up);
- `roster`: the players registered for each team (D2.1), one team per player;
- `table_players.segment`: a line-up per segment of a match (D8.2), not only per round;
- `match_confirmations`: each captain's confirmation of a match result (KD1), with the score
  confirmed, so a later correction shows the confirmation as out of date;
- `board_unlocks`: boards the director let a match play after its time ran out (K12.1);
- `team_rulings`: walk-overs (K13), disqualifications (K14), VP and IMP penalties (K10, K11,
  K18.1), append-only with `removed_ms` for an undo.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m009_teams(db: Database) -> None:
    db["teams"].create(
        {"number": int, "name": str, "captain": str, "eligible": int, "note": str},
        pk="number", not_null={"name"},
    )
    db["roster"].create({"team": int, "federation_id": str}, pk=("team", "federation_id"))
    db["roster"].create_index(["federation_id"], unique=True)


@migrations()
def m009_lineups(db: Database) -> None:
    db["table_players"].add_column("segment", int)


@migrations()
def m009_match_confirmations(db: Database) -> None:
    db["match_confirmations"].create(
        {
            "id": int,
            "op_id": str,
            "round": int,
            "table_number": int,
            "team": int,
            "home_imps": float,
            "away_imps": float,
            "section": str,
            "actor": str,
            "at_ms": int,
        },
        pk="id",
        not_null={"op_id", "round", "table_number", "team", "at_ms"},
    )
    db["match_confirmations"].create_index(["op_id"], unique=True)
    db["match_confirmations"].create_index(["round", "table_number"])


@migrations()
def m009_board_unlocks(db: Database) -> None:
    db["board_unlocks"].create(
        {"round": int, "table_number": int, "board": int, "actor": str, "at_ms": int,
         "why": str},
        pk=("round", "table_number", "board"),
    )


@migrations()
def m009_team_rulings(db: Database) -> None:
    db["team_rulings"].create(
        {
            "id": int,
            "kind": str,
            "round": int,
            "team": int,
            "opponent": int,
            "value": float,
            "rule": str,
            "detail": str,
            "why": str,
            "actor": str,
            "at_ms": int,
            "removed_ms": int,
        },
        pk="id",
        not_null={"kind", "team", "actor", "at_ms"},
    )
