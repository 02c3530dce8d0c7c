"""Building an event file from a preset: tables, their secrets, the movement, the settings.

This is what `traveller new` and `traveller demo` do; it writes the whole event in one
transaction, so a failed creation leaves no half-built file behind.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from werkzeug.security import generate_password_hash

from .formats import Preset
from .movements import Movement, build_movement
from .store import Store


def new_token() -> str:
    """A table's secret: 72 random bits, URL-safe, short enough for a small QR code."""
    return secrets.token_urlsafe(9)


def new_password() -> str:
    """A director password that is easy to read aloud and type: three groups of four."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


@dataclass(frozen=True)
class Schedule:
    """A movement built for an event, as the rows the event file stores."""

    movement: Movement
    tables: list[tuple[str, int]]
    """Every (section, table number) the movement seats, in order."""
    rows: list[dict[str, Any]]
    """One `seatings` row per table and round."""
    movement_setting: dict[str, Any]
    """The event's `movement` setting: kind, tables, boards per round, rounds played and the
    rounds asked for (None: the movement's full length)."""


def build_schedule(kind: str, *, tables: int, boards_per_round: int, rounds: int | None,
                   sections: int = 1) -> Schedule:
    """Build the movement and its seating rows; raises MovementError on impossible options.

    Creating an event and growing it before round 1 both come through here, so a regrown event
    is seated exactly as a new one with the same settings would be."""
    options: dict[str, int | None] = {"tables": tables, "boards_per_round": boards_per_round,
                                      "rounds": rounds}
    if sections > 1:
        # Several sections play the same boards (K4.2's pools), each a movement of its own.
        options["sections"] = sections
    movement = build_movement(kind, **options)
    seated = sorted({(s.section, s.table) for r in movement.rounds for s in r.seatings})
    rows = []
    for rnd in movement.rounds:
        for seat in rnd.seatings:
            ew_next, boards_next = movement.moves_after(rnd.number, seat.table, seat.section)
            rows.append(
                {
                    "section": seat.section,
                    "round": rnd.number,
                    "table_number": seat.table,
                    "ns_pair": seat.ns_pair,
                    "ew_pair": seat.ew_pair,
                    "boards": json.dumps(list(seat.boards)),
                    "ew_next_table": ew_next,
                    "boards_next_table": boards_next,
                }
            )
    setting = {"kind": movement.kind, "tables": tables, "boards_per_round": boards_per_round,
               "rounds": len(movement.rounds), "rounds_asked": rounds}
    return Schedule(movement, seated, rows, setting)


def create_event(
    path: str | Path,
    preset: Preset,
    *,
    password: str,
    base_url: str,
    name: str | None = None,
    tables: int | None = None,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    sections: int | None = None,
) -> Store:
    """Create the event file at `path` (which must not exist yet) and return its store."""
    schedule = build_schedule(preset.movement, tables=tables or preset.tables,
                              boards_per_round=boards_per_round or preset.boards_per_round,
                              rounds=rounds or preset.rounds,
                              sections=sections or preset.sections)
    path = Path(path)
    store = Store.create(path)
    try:
        with store.write() as db:
            settings = {
                "name": name or preset.name,
                "preset": {k: v for k, v in asdict(preset).items() if k != "extra"},
                "movement": schedule.movement_setting,
                "sections": list(schedule.movement.sections),
                "base_url": base_url.rstrip("/"),
                "password_hash": generate_password_hash(password),
                "secret_key": secrets.token_hex(32),
            }
            for key, value in settings.items():
                store.put_setting(db, key, value, actor="setup", why="event created")
            db.table("tables").insert_all(
                {"section": section, "number": t, "token": new_token()}
                for section, t in schedule.tables
            )
            store.put_seatings(db, schedule.rows)
    except BaseException:
        store.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        raise
    return store
