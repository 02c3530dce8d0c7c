"""SQL of the venues' exchange: the records a venue's bundles carry, read and written in the
event's own numbers, and the bookkeeping of bundles made and taken in.

The use case (`server.exchange`) turns the event's numbers into the room's (a fixture and its
boards 1-N) and back; here rows are read and written as they are stored. Functions that change
anything take the open write transaction.
"""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from . import Store

RECORD_TABLES = {
    "result": "results",
    "lineup": "table_players",
    "confirmation": "match_confirmations",
    "adjustment": "adjustments",
}
"""The kinds of record a bundle carries, and the table each lives in."""


def records(store: Store, kind: str) -> list[dict[str, Any]]:
    """Every stored row of a kind, without its row id (an id is this file's own)."""
    with store.read() as db:
        rows = db.query(f"select * from [{RECORD_TABLES[kind]}] order by id")
        return [{k: v for k, v in row.items() if k != "id"} for row in rows]


def columns(db: Database, kind: str) -> set[str]:
    """The columns a record of `kind` may carry (a bundle's others are refused)."""
    table = RECORD_TABLES.get(kind, "team_rulings" if kind == "ruling" else "")
    return {c for c in db[table].columns_dict if c != "id"} if table else set()


def put_record(db: Database, kind: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """Store a record taken in from another venue, in place of the one it replaces (a result
    of the same table, round and board; a line-up, confirmation or adjustment of the same
    identity): returns the replaced row, if any."""
    table = RECORD_TABLES[kind]
    where, args = _identity(kind, row)
    old = next(iter(db.query(f"select * from [{table}] where {where}", args)), None)
    if old is not None:
        db.execute(f"delete from [{table}] where id = ?", [old["id"]])
    columns = ", ".join(f"[{c}]" for c in row)
    marks = ", ".join("?" * len(row))
    db.execute(f"insert or replace into [{table}] ({columns}) values ({marks})",
               list(row.values()))
    return None if old is None else {k: v for k, v in old.items() if k != "id"}


def delete_record(db: Database, kind: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """Remove a record that its venue no longer holds (a result deleted by its director)."""
    table = RECORD_TABLES[kind]
    where, args = _identity(kind, row)
    old = next(iter(db.query(f"select * from [{table}] where {where}", args)), None)
    if old is not None:
        db.execute(f"delete from [{table}] where id = ?", [old["id"]])
    return None if old is None else {k: v for k, v in old.items() if k != "id"}


def _identity(kind: str, row: dict[str, Any]) -> tuple[str, list[Any]]:
    if kind == "result":
        return ("section = ? and table_number = ? and round = ? and board = ?",
                [row["section"], row["table_number"], row["round"], row["board"]])
    if kind == "adjustment":
        return ("section = ? and table_number = ? and round = ? and board = ? and at_ms = ? "
                "and kind = ?", [row["section"], row["table_number"], row["round"],
                                 row["board"], row["at_ms"], row["kind"]])
    return ("section = ? and table_number = ? and op_id = ?",
            [row["section"], row["table_number"], row["op_id"]])


def roster_of(store: Store, teams: set[int]) -> dict[int, list[str]]:
    with store.read() as db:
        out: dict[int, list[str]] = {}
        for row in db.query("select team, federation_id from roster order by team, "
                            "federation_id"):
            if row["team"] in teams:
                out.setdefault(row["team"], []).append(row["federation_id"])
        return out


def team_rulings_of(store: Store, teams: set[int]) -> list[dict[str, Any]]:
    """Every ruling on these teams (walk-overs, penalties, disqualifications), those taken
    back too, without their row ids."""
    with store.read() as db:
        return [{k: v for k, v in r.items() if k != "id"}
                for r in db.query("select * from team_rulings order by id")
                if r["team"] in teams]


def put_team_ruling(store: Store, db: Database, row: dict[str, Any], actor: str,
                    why: str) -> dict[str, Any] | None:
    """A ruling taken in from another venue: the same ruling (kind, team, when) is brought up
    to date (taken back, say), a new one stored; audited. Returns the row replaced."""
    old = next(iter(db.query("select * from team_rulings where kind = ? and team = ? and "
                             "at_ms = ?", [row["kind"], row["team"], row["at_ms"]])), None)
    if old is not None:
        db.execute("delete from team_rulings where id = ?", [old["id"]])
    columns = ", ".join(f"[{c}]" for c in row)
    db.execute(f"insert into team_rulings ({columns}) values ({', '.join('?' * len(row))})",
               list(row.values()))
    store.audit(db, actor, f"team_{row['kind']}", "team_ruling",
                f"{row['team']}@{row['at_ms']}", None if old is None else dumps(old),
                dumps(row), why)
    return None if old is None else {k: v for k, v in old.items() if k != "id"}


# -- bundles made -------------------------------------------------------------------------

def sent(store: Store) -> dict[tuple[str, str], str]:
    """What this file's bundles carried so far: (kind, identity) -> content hash."""
    with store.read() as db:
        return {(r["kind"], r["ident"]): r["hash"]
                for r in db.query("select * from exchange_sent")}


def next_seq(store: Store) -> int:
    with store.read() as db:
        row = next(iter(db.query("select max(seq) as seq from exchange_outbox")))
        return int(row["seq"] or 0) + 1


def put_bundle(db: Database, seq: int, name: str, body: str, records: int, made_ms: int,
               changed: dict[tuple[str, str], str | None]) -> None:
    """Keep a bundle just made, and what it carries as sent (None: a record deleted)."""
    db["exchange_outbox"].insert({"seq": seq, "name": name, "body": body, "records": records,
                                  "made_ms": made_ms, "sent_ms": None})
    for (kind, ident), digest in changed.items():
        if digest is None:
            db.execute("delete from exchange_sent where kind = ? and ident = ?", [kind, ident])
        else:
            db.execute("insert or replace into exchange_sent (kind, ident, hash) "
                       "values (?, ?, ?)", [kind, ident, digest])


def unsent(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from exchange_outbox where sent_ms is null order by seq"))


def outbox(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select seq, name, records, made_ms, sent_ms from "
                             "exchange_outbox order by seq"))


def mark_sent(db: Database, seq: int, at_ms: int) -> None:
    db.execute("update exchange_outbox set sent_ms = ? where seq = ?", [at_ms, seq])


# -- bundles taken in ---------------------------------------------------------------------

def received(store: Store) -> dict[tuple[str, int], dict[str, Any]]:
    with store.read() as db:
        return {(r["venue"], r["seq"]): r for r in db.query("select * from exchange_received")}


def put_received(db: Database, row: dict[str, Any]) -> None:
    db["exchange_received"].insert(row)


def dumps(value: Any) -> str:
    """The one JSON form of a record: what its hash is taken of."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


__all__ = ["RECORD_TABLES", "columns", "delete_record", "dumps", "mark_sent", "next_seq", "outbox",
           "put_bundle", "put_received", "put_record", "put_team_ruling", "received",
           "records", "roster_of", "sent", "team_rulings_of", "unsent"]
