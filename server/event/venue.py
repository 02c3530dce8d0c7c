"""A venue's file of a competition played in several venues at once (D5.1: League II's four
groups in four cities), and which fixture a table's round belongs to.

A venue's file is the competition's file (its identity, preset, entries, deals, sections and
table numbers) with the setting `venue` naming the group it plays: robots, table lists and
cards take the tables where that group plays; the other groups' results arrive in bundles
(`server.exchange`). The competition's identity (`competition_id`) is made once, with the
event or with its first venue file, and every venue's file and bundle carries it.
"""

from __future__ import annotations

import secrets
from typing import Any

from ..store import Store, TableRow
from ..store import competition as sql

ROOMS = ("O", "C")
"""A match's two tables: the open and the closed room."""


def venue_of(store: Store) -> dict[str, Any] | None:
    """The venue this file plays (`{"group", "made_ms"}`), None for a one-file event."""
    found = store.setting("venue")
    return found if isinstance(found, dict) and found.get("group") else None


def venue_group(store: Store) -> str | None:
    found = venue_of(store)
    return str(found["group"]) if found else None


def competition_id(store: Store) -> str | None:
    found = store.setting("competition_id")
    return str(found) if found else None


def new_competition_id() -> str:
    return secrets.token_hex(16)


def fixture_index(store: Store) -> dict[tuple[str, int, int], dict[str, Any]]:
    """Each table's round in play by the fixture it belongs to: (section, table, round) ->
    fixture. A match is played at its table in both rooms, a session at every table of its
    section."""
    def build() -> dict[tuple[str, int, int], dict[str, Any]]:
        out: dict[tuple[str, int, int], dict[str, Any]] = {}
        sessions: dict[tuple[str, int], dict[str, Any]] = {}
        for fixture in sql.fixtures(store).values():
            detail = fixture["detail"]
            for rnd in range(fixture["first_round"], fixture["last_round"] + 1):
                # The first fixture in play order holds a table's round (as robots and the
                # competition's inputs read it).
                if fixture["kind"] == "match":
                    for section in ROOMS:
                        out.setdefault((section, detail["table"], rnd), fixture)
                else:
                    sessions.setdefault((detail["section"], rnd), fixture)
        for seating in store.seatings():
            key = (seating.section, seating.table_number, seating.round)
            if key not in out and (seating.section, seating.round) in sessions:
                out[key] = sessions[seating.section, seating.round]
        return out

    found: dict[tuple[str, int, int], dict[str, Any]] = store.schedule_memo(
        ("venue", "fixture_index"), build)
    return found


def plays_here(store: Store, section: str, table: int, round_number: int) -> bool:
    """Whether this file's venue plays the table's round (always, in a one-file event)."""
    group = venue_group(store)
    if group is None:
        return True
    fixture = fixture_index(store).get((section, table, round_number))
    return fixture is not None and (fixture["grp"] or "") == group


def own_tables(store: Store) -> set[tuple[str, int]] | None:
    """The tables this venue plays at some round in play (None: a one-file event, all)."""
    group = venue_group(store)
    if group is None:
        return None
    return {(section, table) for (section, table, _), fixture in fixture_index(store).items()
            if (fixture["grp"] or "") == group}


def tables_here(store: Store) -> list[TableRow]:
    """The tables of this venue: every table in a one-file event, in a venue's file those
    where its group plays (the table list, the cards, the grid)."""
    own = own_tables(store)
    tables = store.tables()
    return tables if own is None else [t for t in tables if (t.section, t.number) in own]


__all__ = ["ROOMS", "competition_id", "fixture_index", "new_competition_id", "own_tables",
           "plays_here", "tables_here", "venue_group", "venue_of"]
