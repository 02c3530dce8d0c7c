"""SQL of the event's players: the list, who sat where, and the director's late starts (K11).

Functions that change anything take the open write transaction (`with store.write() as db:`)
and write their audit row in it, so a change and its trace commit together or not at all.
"""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from . import Store

SEATS = ("north", "south", "east", "west")


def players(store: Store) -> list[dict[str, Any]]:
    """The event's list of players, by name."""
    with store.read() as db:
        return list(db.query("select * from players order by name, federation_id"))


def import_players(store: Store, db: Database, rows: list[dict[str, Any]], actor: str,
                   why: str) -> dict[str, int]:
    """Add or update players by federation ID inside an open write transaction, audited as
    one import; returns how many were added and updated."""
    known = {r["federation_id"] for r in db.query("select federation_id from players")}
    added = sum(1 for r in rows if r["federation_id"] not in known)
    db["players"].upsert_all(rows, pk="federation_id")
    store.forget_players()
    counts = {"rows": len(rows), "added": added, "updated": len(rows) - added}
    store.audit(db, actor, "players_imported", "players", "", None, json.dumps(counts), why)
    return counts


def seating_by_op(db: Database, section: str, table_number: int,
                  op_id: str) -> dict[str, Any] | None:
    """The seating a table stored with `op_id` (op_ids are unique per table)."""
    rows = list(db.query("select * from table_players where section = ? and table_number = ? "
                         "and op_id = ?", [section, table_number, op_id]))
    return rows[0] if rows else None


LINEUP_FACTS = ("segment", "part", "ns_system", "ew_system", "ns_sws", "ew_sws")
"""What a line-up says besides the four seats (D8.2, D3.6, D3.3, D3.4), audited with them."""


def insert_seating(store: Store, db: Database, row: dict[str, Any]) -> None:
    """Record who sat where at a table in a round, with its audit row (old: the seating this
    one replaces): the seats, and the segment or part, systems and SWS a line-up gives."""
    key = f"{row['section']}/{row['table_number']}/{row['round']}"
    old = list(db.query(
        f"select {', '.join((*SEATS, *LINEUP_FACTS))} from table_players where section = ? "
        "and table_number = ? and round = ? order by id desc limit 1",
        [row["section"], row["table_number"], row["round"]]))
    db["table_players"].insert(row)
    store.forget_lineups()
    store.audit(db, row["actor"], "players_seated", "table_players", key,
                json.dumps(_said(old[0])) if old else None, json.dumps(_said(row)), "")


def _said(row: dict[str, Any]) -> dict[str, Any]:
    """A seating as its audit row gives it: the seats, then what else it says."""
    return {**{s: row[s] for s in SEATS},
            **{k: row[k] for k in LINEUP_FACTS if row.get(k) not in (None, 0)}}


def seatings(store: Store, section: str | None = None) -> list[dict[str, Any]]:
    """The latest seating of each (section, table, round), oldest round first."""
    where, args = ("where section = ?", [section]) if section is not None else ("", [])
    with store.read() as db:
        rows = db.query(
            "select * from table_players where id in (select max(id) from table_players "
            f"{where} group by section, table_number, round) order by round, id", args)
        return list(rows)


def seatings_met(store: Store, section: str, table_number: int,
                 pairs: set[int]) -> list[dict[str, Any]]:
    """The latest seating of each table and round of `section` that is at `table_number` or
    names one of `pairs`, oldest round first: what a table's state reads of the seatings (a
    room of 500 tables holds thousands)."""
    marks = ", ".join("?" * len(pairs)) or "null"
    with store.read() as db:
        # The section's seatings at this table or of these pairs first, then the latest of
        # each (table, round) by its index: not the latest of all the room's tables first.
        rows = db.query(
            "select * from table_players as t where section = ? and (table_number = ? or "
            f"ns_pair in ({marks}) or ew_pair in ({marks})) and id = (select max(id) from "
            "table_players where section = t.section and table_number = t.table_number and "
            "round = t.round) order by round, id",
            [section, table_number, *sorted(pairs), *sorted(pairs)])
        return list(rows)


def has_lineup(db: Database, section: str, table_number: int, round_number: int,
               part: tuple[int, tuple[int, ...]] | None = None) -> bool:
    """Whether a table said who sits where in a round (a teams table: its line-up, D2.1);
    read on every result where the line-up is required, so one indexed row. With `part`
    (its number and segments: D3.6, a part of a longer match is a match of its own) only a
    line-up standing for that part counts: the round's, the part's or one of its segments'."""
    where, args = "", []
    if part is not None:
        number, segments = part
        marks = ", ".join("?" * len(segments))
        where = (" and ((segment is null and part is null) or part = ?"
                 f" or segment in ({marks}))")
        args = [number, *segments]
    return db.execute("select 1 from table_players where section = ? and table_number = ? and "
                      f"round = ?{where} limit 1", [section, table_number, round_number, *args]
                      ).fetchone() is not None


def lineups(store: Store, table_number: int | None = None) -> list[dict[str, Any]]:
    """Every line-up sent, oldest first (teams: one per room, table, round and segment); with
    `table_number`, those of the tables of that number in every room (a match's), which is
    all a table's state reads."""
    where, args = ("where table_number = ?", [table_number]) if table_number is not None \
        else ("", [])
    with store.read() as db:
        return list(db.query(f"select * from table_players {where} order by id", args))


def round_starts(store: Store) -> dict[int, int]:
    """When each round's clock was first started (its first audit row), by round: the
    round's start of play, whatever pauses came after (D3.4 counts the notice of a highly
    artificial system to it)."""
    with store.read() as db:
        rows = db.execute("select entity_id, min(at_ms) from audit where action = 'clock' and "
                          "entity = 'clock' and old is null group by entity_id").fetchall()
    return {int(key): at for key, at in rows if str(key).isdigit()}


def late_starts(store: Store, section: str | None = None) -> list[dict[str, Any]]:
    where, args = ("where section = ?", [section]) if section is not None else ("", [])
    with store.read() as db:
        return list(db.query(
            f"select * from late_starts {where} order by section, session, pair_number", args))


def save_late_start(store: Store, db: Database, ruling: dict[str, Any], actor: str,
                    why: str) -> None:
    """Store the director's late-start decision for one pair and session, with its audit."""
    key = [ruling["section"], ruling["session"], ruling["pair_number"]]
    old = list(db.query("select * from late_starts where section = ? and session = ? and "
                        "pair_number = ?", key))
    db["late_starts"].upsert(ruling, pk=("section", "session", "pair_number"))
    store.audit(db, actor, f"late_start_{ruling['status']}", "late_start",
                "/".join(map(str, key)), json.dumps(old[0]) if old else None,
                json.dumps(ruling), why)
