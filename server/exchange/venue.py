"""`traveller venue`: the file a venue's laptop serves, made from the competition's file.

The venue's file is a copy of the competition's (through SQLite's backup API: its identity,
preset, entries, deals and hand records, sections and table numbers, the director's password)
with the setting `venue` naming its group. Its tables keep their numbers; the tables where other
groups play get new tokens that no card carries, and a new signing key is made beside it. The
competition's identity is written into the competition's file first if it has none yet, so
that every venue's file, and every bundle, names the same competition.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import TravellerError
from ..event.create import new_token
from ..event.keys import make_key_file
from ..event.venue import competition_id, new_competition_id, own_tables, venue_of
from ..store import Store
from ..store import competition as sql
from ..store.backup import copy

ACTOR = "venue"


@dataclass(frozen=True)
class VenueMade:
    path: Path
    group: str
    competition: str
    tables: list[tuple[str, int]]
    """The tables the venue plays in the rounds in play."""


def groups_of(store: Store) -> list[str]:
    """The competition's groups, as its entries carry them."""
    return sorted({str(e["grp"]) for e in sql.entries(store) if e.get("grp")})


def make_venue(source: Path, group: str, out: Path, now_ms: int | None = None) -> VenueMade:
    if out.exists():
        raise TravellerError("file_exists", f"{str(out)!r} already exists; choose another "
                             "name or remove it")
    store = Store.open(source)
    try:
        if store.setting("competition") is None:
            raise TravellerError("not_a_competition", f"{str(source)!r} is not a competition "
                                 "event: venues split a competition's groups (D5.1)")
        if venue_of(store) is not None:
            raise TravellerError("already_a_venue", f"{str(source)!r} is already a venue's "
                                 f"file (group {venue_of(store)['group']}): make venues from "
                                 "the competition's own file")
        groups = groups_of(store)
        if not groups:
            raise TravellerError("no_groups", f"{str(source)!r} has no groups to play in "
                                 "several venues (D5.1 splits a competition by its groups)")
        chosen = next((g for g in groups if g.casefold() == group.strip().casefold()), None)
        if chosen is None:
            named = ", ".join(groups) if groups else "none"
            raise TravellerError("unknown_group", f"no group {group!r} in this competition "
                                 f"(its groups: {named})")
        ident = competition_id(store)
        if ident is None:
            ident = new_competition_id()
            with store.write() as db:
                store.put_setting(db, "competition_id", ident, ACTOR,
                                  "the competition's identity, for its venues' files")
        with store.read() as db:
            try:
                copy(db.conn, out)
            except (OSError, sqlite3.Error) as exc:
                out.unlink(missing_ok=True)
                raise TravellerError("cannot_write", f"cannot write {str(out)!r}: {exc}",
                                     500) from None
    finally:
        store.close()
    made = int(time.time() * 1000) if now_ms is None else now_ms
    venue = Store.open(out)
    try:
        with venue.write() as db:
            venue.put_setting(db, "venue", {"group": chosen, "made_ms": made,
                                            "source": source.name},
                              ACTOR, f"the venue's file of group {chosen} (D5.1)")
        mine = own_tables(venue) or set()
        with venue.write() as db:
            for table in venue.tables():
                if (table.section, table.number) not in mine:
                    db.execute("update tables set token = ?, ew_token = null where section = ? "
                               "and number = ?", [new_token(), table.section, table.number])
            venue.audit(db, ACTOR, "venue", "event", chosen, None,
                        json.dumps({"group": chosen, "tables": sorted(mine)}),
                        "another venue's tables get tokens no card carries")
        venue.forget_schedule()
    finally:
        venue.close()
    make_key_file(out)
    return VenueMade(out, chosen, ident, sorted(mine))


__all__ = ["VenueMade", "groups_of", "make_venue"]
