"""The SQL of setting an event up: one field of a setting, the tables and schedule when the
event grows before round 1, and the hand records.

Every function here works inside a write transaction the caller opened with
`store.write()`, and writes its own audit rows.
"""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..formats.deals import Analysis, Deal
from . import Store

__all__ = ["deal", "deals", "has_play", "put_deals", "put_setting_field", "replace_schedule"]


def put_setting_field(store: Store, db: Database, key: str, field: str | None, value: Any,
                      actor: str, why: str) -> bool:
    """Change one field of a setting (the whole setting when `field` is None), audited as
    `key.field` with the field's own old and new values. False when nothing changed."""
    rows = list(db.query("select value from settings where key = ?", [key]))
    whole = json.loads(rows[0]["value"]) if rows else None
    if field is None:
        old, new_whole = whole, value
    else:
        current = dict(whole or {})
        old = current.get(field)
        current[field] = value
        new_whole = current
    if old == value and (rows or value is None):
        return False
    db.table("settings").upsert({"key": key, "value": json.dumps(new_whole)}, pk="key")
    store.forget_settings()
    store.audit(db, actor, "setting", "settings", key if field is None else f"{key}.{field}",
                None if old is None else json.dumps(old), json.dumps(value), why)
    return True


def has_play(db: Database) -> bool:
    """Whether a result or an adjusted score has been stored: the event's shape is fixed."""
    played = db.execute("select exists(select 1 from results) "
                        "or exists(select 1 from adjustments)").fetchone()
    return bool(played[0])


def replace_schedule(store: Store, db: Database, tables: list[tuple[str, int]],
                     rows: list[dict[str, Any]], new_token: Any, actor: str,
                     why: str) -> dict[str, list[str]]:
    """Seat the event anew: keep the tokens of tables that stay, give new tables new tokens,
    remove the tables no longer seated (their tokens stop working), replace every seating.
    Returns the tables added and removed, as "A3"."""
    wanted = set(tables)
    existing = {(r["section"], r["number"]): r["id"] for r in db.query(
        "select id, section, number from tables")}
    added = sorted(wanted - set(existing))
    removed = sorted(set(existing) - wanted)
    for section, number in removed:
        db.execute("delete from tables where id = ?", [existing[(section, number)]])
        store.audit(db, actor, "table_removed", "table", f"{section}{number}", None, None, why)
    for section, number in added:
        db.table("tables").insert({"section": section, "number": number, "token": new_token()})
        store.audit(db, actor, "table_added", "table", f"{section}{number}", None, None, why)
    old_count = db.execute("select count(*) from seatings").fetchone()[0]
    db.execute("delete from seatings")
    store.put_seatings(db, rows)
    store.audit(db, actor, "seatings_regenerated", "seatings", "", str(old_count),
                str(len(rows)), why)
    return {"added": [f"{s}{n}" for s, n in added], "removed": [f"{s}{n}" for s, n in removed]}


def put_deals(store: Store, db: Database, deals: list[Deal], source: str, now_ms: int,
              actor: str) -> None:
    """Store hand records with their analysis, replacing earlier deals of the same boards, with
    one audit row (old: the boards whose deals were replaced; new: the boards imported)."""
    numbers = [d.board for d in deals]
    marks = ",".join("?" * len(numbers))
    replaced = [r["board"] for r in db.query(
        f"select board from deals where board in ({marks}) order by board", numbers)]
    db.table("deals").upsert_all((_row(d, source, now_ms) for d in deals), pk="board",
                                 alter=False)
    boards = ",".join(str(n) for n in numbers)
    analysed = sorted({d.analysis.source for d in deals if d.analysis is not None})
    why = f"{len(deals)} hand record(s) imported"
    if analysed:
        why += f"; double-dummy analysis from {' and '.join(analysed)}"
    store.audit(db, actor, "deals_imported", "deals", source,
                ",".join(map(str, replaced)) or None, boards, why)


def _row(deal: Deal, source: str, now_ms: int) -> dict[str, Any]:
    analysis = deal.analysis
    return {"board": deal.board, "north": deal.north, "east": deal.east, "south": deal.south,
            "west": deal.west, "imported_ms": now_ms, "source": source,
            "dd_tricks": analysis.tricks if analysis else None,
            "par_score": analysis.par_score if analysis else None,
            "par_contract": analysis.par_contract if analysis else None,
            "analysis": analysis.source if analysis else None}


def _deal(row: dict[str, Any]) -> Deal:
    analysis = None if row["analysis"] is None else Analysis(
        row["dd_tricks"], row["par_score"], row["par_contract"], row["analysis"])
    return Deal(row["board"], row["north"], row["east"], row["south"], row["west"], analysis)


def deals(store: Store) -> list[Deal]:
    with store.read() as db:
        return [_deal(r) for r in db.query("select * from deals order by board")]


def deal(store: Store, board: int) -> Deal | None:
    with store.read() as db:
        rows = list(db.query("select * from deals where board = ?", [board]))
    return _deal(rows[0]) if rows else None
