"""Building an event file from a preset: tables, their secrets, the movement, the settings.

This is what `traveller new` and `traveller demo` do; it writes the whole event in one
transaction, so a failed creation leaves no half-built file behind.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict
from pathlib import Path

from werkzeug.security import generate_password_hash

from .formats import Preset
from .movements import build_movement
from .store import Store


def new_token() -> str:
    """A table's secret: 72 random bits, URL-safe, short enough for a small QR code."""
    return secrets.token_urlsafe(9)


def new_password() -> str:
    """A director password that is easy to read aloud and type: three groups of four."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


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
    n_tables = tables or preset.tables
    per_round = boards_per_round or preset.boards_per_round
    options: dict[str, int | None] = {"tables": n_tables, "boards_per_round": per_round,
                                      "rounds": rounds or preset.rounds}
    if (sections or preset.sections) > 1:
        # Several sections play the same boards (K4.2's pools), each a movement of its own.
        options["sections"] = sections or preset.sections
    movement = build_movement(preset.movement, **options)
    path = Path(path)
    store = Store.create(path)
    try:
        with store.write() as db:
            settings = {
                "name": name or preset.name,
                "preset": {k: v for k, v in asdict(preset).items() if k != "extra"},
                "movement": {
                    "kind": movement.kind,
                    "tables": n_tables,
                    "boards_per_round": per_round,
                    "rounds": len(movement.rounds),
                },
                "sections": list(movement.sections),
                "base_url": base_url.rstrip("/"),
                "password_hash": generate_password_hash(password),
                "secret_key": secrets.token_hex(32),
            }
            for key, value in settings.items():
                store.put_setting(db, key, value, actor="setup", why="event created")
            seated = sorted({(s.section, s.table) for r in movement.rounds for s in r.seatings})
            db["tables"].insert_all(
                {"section": section, "number": t, "token": new_token()} for section, t in seated
            )
            rows = []
            for rnd in movement.rounds:
                for seat in rnd.seatings:
                    ew_next, boards_next = movement.moves_after(rnd.number, seat.table,
                                                                seat.section)
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
            store.put_seatings(db, rows)
    except BaseException:
        store.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        raise
    return store
