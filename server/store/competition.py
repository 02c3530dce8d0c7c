"""SQL of competition events: entries, the fixtures in play, decisions, and advances.

Functions that change anything take the open write transaction and write their audit row in
it. A fixture's `detail` and a decision's `value` are JSON.
"""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from . import Store


def entries(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from competition_entries order by id"))


def put_entries(store: Store, db: Database, rows: list[dict[str, Any]], actor: str,
                why: str) -> None:
    db["competition_entries"].insert_all(rows)
    for row in rows:
        store.audit(db, actor, "entry", "competition_entry", str(row["id"]), None,
                    json.dumps(row), why)


def fixtures(store: Store) -> dict[str, dict[str, Any]]:
    """Every fixture in play by key, its detail read."""
    def build() -> dict[str, dict[str, Any]]:
        with store.read() as db:
            rows = db.query("select * from competition_fixtures order by first_round, key")
            return {r["key"]: {**r, "detail": json.loads(r["detail"])} for r in rows}

    # The fixtures change only with the schedule: read them once per schedule.
    found: dict[str, dict[str, Any]] = store.schedule_memo(("competition", "fixtures"), build)
    return found


def put_fixtures(store: Store, db: Database, rows: list[dict[str, Any]], actor: str,
                 why: str) -> None:
    db["competition_fixtures"].insert_all(
        [{**r, "detail": json.dumps(r["detail"])} for r in rows])
    for row in rows:
        store.audit(db, actor, "fixture", "competition_fixture", row["key"], None,
                    json.dumps({k: row[k] for k in ("stage", "grp", "first_round",
                                                    "last_round")}), why)


def decisions(store: Store) -> list[dict[str, Any]]:
    """The decisions in force, oldest first, their values read."""
    with store.read() as db:
        rows = db.query("select * from competition_decisions where removed_ms is null "
                        "order by id")
        return [{**r, "value": json.loads(r["value"])} for r in rows]


def put_decision(store: Store, db: Database, key: str, kind: str, value: Any, actor: str,
                 now_ms: int, why: str) -> int:
    """Record a decision, replacing the one in force for the same key (audited)."""
    old = list(db.query("select id, value from competition_decisions where key = ? and "
                        "removed_ms is null", [key]))
    for row in old:
        db.execute("update competition_decisions set removed_ms = ? where id = ?",
                   [now_ms, row["id"]])
    new_id = db["competition_decisions"].insert({
        "key": key, "kind": kind, "value": json.dumps(value), "actor": actor, "at_ms": now_ms,
        "why": why, "removed_ms": None}).last_pk
    store.audit(db, actor, "decision", "competition_decision", key,
                old[0]["value"] if old else None, json.dumps(value), why)
    return int(new_id or 0)


def remove_decision(store: Store, db: Database, key: str, actor: str, now_ms: int,
                    why: str) -> bool:
    rows = list(db.query("select id, value from competition_decisions where key = ? and "
                         "removed_ms is null", [key]))
    for row in rows:
        db.execute("update competition_decisions set removed_ms = ? where id = ?",
                   [now_ms, row["id"]])
        store.audit(db, actor, "decision removed", "competition_decision", key, row["value"],
                    None, why)
    return bool(rows)


def advances(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        rows = db.query("select * from competition_advances order by id")
        return [{**r, "tables": json.loads(r["tables"] or "[]")} for r in rows]


def put_advance(store: Store, db: Database, row: dict[str, Any]) -> int:
    new_id = db["competition_advances"].insert(
        {**row, "tables": json.dumps(row.get("tables", []))}).last_pk
    store.audit(db, row["actor"], "advance", "competition_advance", str(new_id), None,
                json.dumps({k: row[k] for k in ("first_round", "last_round")}),
                row.get("why") or "")
    return int(new_id or 0)


def undo_advance(store: Store, db: Database, advance: dict[str, Any], actor: str,
                 now_ms: int, why: str) -> None:
    """Take back what an advance created: its fixtures, seatings, clocks, tables it added
    and entries that joined with it."""
    first, last = advance["first_round"], advance["last_round"]
    # The advance's own seatings: a venue's file (D5.1) may hold another group's matches of
    # the same rounds, taken in from its bundles, and they stay.
    for row in list(db.query("select kind, first_round, last_round, detail from "
                             "competition_fixtures where advance = ?", [advance["id"]])):
        detail = json.loads(row["detail"])
        if row["kind"] == "match":
            db.execute("delete from seatings where round between ? and ? and table_number = ? "
                       "and section in ('O', 'C')",
                       [row["first_round"], row["last_round"], detail["table"]])
        else:
            db.execute("delete from seatings where round between ? and ? and section = ?",
                       [row["first_round"], row["last_round"], detail["section"]])
    db.execute("delete from competition_fixtures where advance = ?", [advance["id"]])
    db.execute("delete from clocks where round between ? and ?", [first, last])
    for section, number in advance["tables"]:
        db.execute("delete from tables where section = ? and number = ?", [section, number])
    db.execute("delete from competition_entries where advance = ?", [advance["id"]])
    db.execute("update competition_advances set undone_ms = ? where id = ?",
               [now_ms, advance["id"]])
    store.forget_schedule()
    store.audit(db, actor, "advance undone", "competition_advance", str(advance["id"]),
                json.dumps({"first_round": first, "last_round": last}), None, why)
