"""Migrations for whole competitions in one event file (registered after schema.py's).

A competition event keeps its preset's text (setting `competition`), and:

- `competition_entries`: the competition's teams or pairs, and those that joined a stage from
  another competition (K4.2, K4.3, D4.7);
- `competition_fixtures`: every match or session the director has put in play, with where it
  is played (rounds, tables, sections, the boards of the event it uses) and what a table needs
  to know of it (a knock-out, its carry-over, its VP scale and segments);
- `competition_decisions`: the choices of opponent, wild cards and other decisions a person
  took, append-only with `removed_ms` for an undo;
- `competition_advances`: each time the director put new matches or sessions in play, what
  that created, so the advance can be undone while nothing of it is played.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m012_competition(db: Database) -> None:
    db["competition_entries"].create(
        {"id": int, "name": str, "grp": str, "joined": str, "origin": str, "advance": int},
        pk="id", not_null={"name"},
    )
    db["competition_fixtures"].create(
        {
            "key": str,
            "stage": str,
            "grp": str,
            "kind": str,
            "first_round": int,
            "last_round": int,
            "detail": str,
            "advance": int,
        },
        pk="key", not_null={"stage", "kind", "first_round", "last_round", "detail"},
    )
    db["competition_fixtures"].create_index(["first_round"])
    db["competition_decisions"].create(
        {
            "id": int,
            "key": str,
            "kind": str,
            "value": str,
            "actor": str,
            "at_ms": int,
            "why": str,
            "removed_ms": int,
        },
        pk="id", not_null={"key", "kind", "value", "actor", "at_ms"},
    )
    db["competition_advances"].create(
        {
            "id": int,
            "at_ms": int,
            "actor": str,
            "why": str,
            "first_round": int,
            "last_round": int,
            "tables": str,
            "undone_ms": int,
        },
        pk="id", not_null={"at_ms", "actor"},
    )
