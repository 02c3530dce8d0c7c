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

from ..errors import shown
from ..formats import Preset, PresetError
from ..movements import (
    Movement,
    MovementError,
    Round,
    Seating,
    build_movement,
    round_robin,
    swiss_teams_round,
)
from ..movements.swiss import DEFAULT_BYE_SCORE
from ..scoring import find_scale
from ..store import Store
from .keys import make_key_file

ROOMS = {"O": "open", "C": "closed"}
"""A teams event's two rooms, stored as its two sections: the home team sits North-South in
the open room (O) and East-West in the closed room (C); match k is table k in both."""


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
                   sections: int = 1, even: str | None = None,
                   half_table: str | None = None) -> Schedule:
    """Build the movement and its seating rows; raises MovementError on impossible options.

    Creating an event and growing it before round 1 both come through here, so a regrown event
    is seated exactly as a new one with the same settings would be."""
    options: dict[str, int | None] = {"tables": tables, "boards_per_round": boards_per_round,
                                      "rounds": rounds}
    if sections > 1:
        # Several sections play the same boards (K4.2's pools), each a movement of its own.
        options["sections"] = sections
    extra = {"even": even, "half_table": half_table}
    movement = build_movement(kind, **options, **{k: v for k, v in extra.items() if v})
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
               "rounds": len(movement.rounds), "rounds_asked": rounds,
               **{k: v for k, v in extra.items() if v}}
    return Schedule(movement, seated, rows, setting)


def team_rows(matches: list[tuple[int, int, int, int, tuple[int, ...]]],
               next_table: dict[tuple[int, int], int]) -> list[dict[str, Any]]:
    """The seating rows of team matches, (round, table, home, away, boards), in both rooms.

    `next_table` gives (round, team) -> the table of the team's match in that round, so a
    table can tell its East-West team where to go next."""
    rows = []
    for rnd, table, home, away, boards in matches:
        for section, (ns, ew) in (("O", (home, away)), ("C", (away, home))):
            rows.append({
                "section": section, "round": rnd, "table_number": table, "ns_pair": ns,
                "ew_pair": ew, "boards": json.dumps(list(boards)),
                "ew_next_table": next_table.get((rnd + 1, ew)), "boards_next_table": None,
            })
    return rows


def build_team_schedule(kind: str, *, teams: int, boards_per_round: int, rounds: int | None,
                        segments: int = 1, double: bool = False) -> Schedule:
    """A teams event's matches as seating rows in its two rooms (see ROOMS).

    A round robin is written whole; a Swiss only its first round (by draw number, K16.2), the
    next being paired from the standings when a round is over (`server.teams`)."""
    matches: list[tuple[int, int, int, int, tuple[int, ...]]] = []
    if kind == "roundrobin":
        schedule = round_robin(teams, boards_per_round, segments=segments, double=double,
                               rounds=rounds)
        for rnd in schedule.rounds:
            matches.extend((m.round, m.table, m.home, m.away, m.boards) for m in rnd.matches)
        movement = schedule.as_movement()
        planned = len(schedule.rounds)
    elif kind == "swiss":
        if rounds is None or rounds < 1:
            raise MovementError("a Swiss needs its number of rounds ([movement] rounds)")
        first = swiss_teams_round(1, range(1, teams + 1), [], [])
        boards = tuple(range(1, boards_per_round + 1))
        matches = [(1, m.table, m.home, m.away, boards) for m in first.matches]
        movement = Movement(
            kind="swiss", tables=len(first.matches), boards_per_round=boards_per_round,
            rounds=(Round(1, tuple(Seating(m.table, m.home, m.away, boards)
                                   for m in first.matches),
                          (("A", first.bye),) if first.bye is not None else ()),),
            duplicated=True)
        planned = rounds
    else:
        raise MovementError(f"a teams event plays a round robin or a Swiss, not {shown(kind)}")
    where = {(rnd, team): table for rnd, table, home, away, _ in matches for team in (home, away)}
    tables = max((table for _, table, *_ in matches), default=0)
    seated = [(section, t) for section in ROOMS for t in range(1, tables + 1)]
    setting = {"kind": kind, "tables": tables, "boards_per_round": boards_per_round,
               "rounds": planned, "rounds_asked": rounds, "teams": teams,
               "segments": segments, "double": double}
    return Schedule(movement, seated, team_rows(matches, where), setting)


def put_settings(store: Store, db: Any, preset: Preset, *, name: str | None, password: str,
                 base_url: str, **more: Any) -> None:
    """A new event's settings, each audited: its name, its preset's settings, the address its
    cards point to and the director's password (hashed). The key that signs the sessions is
    not a setting: it lives beside the file (`server.event.keys`)."""
    settings = {
        "name": name or preset.name,
        "preset": {k: v for k, v in asdict(preset).items() if k != "competition"},
        **more,
        "base_url": base_url.rstrip("/"),
        "password_hash": generate_password_hash(password),
    }
    for key, value in settings.items():
        store.put_setting(db, key, value, actor="setup", why="event created")


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
    if preset.competition is not None:
        stages = ", ".join(dict.fromkeys(s.id for s in preset.competition.stages))
        raise PresetError(f"{preset.name} is a competition of several stages ({stages}): "
                          "`traveller simulate` plays it; an event file is made from a preset "
                          "of one session or one stage")
    if preset.kind == "teams":
        # `tables` counts match tables: two teams each, a table in each room.
        count = preset.teams if tables is None and preset.teams else 2 * (tables or preset.tables)
        match_boards = boards_per_round or preset.boards_per_round
        try:
            find_scale(preset.vp_scale).convert(0, match_boards)
        except ValueError as exc:
            raise MovementError(f"the VP scale {preset.vp_scale} cannot score {match_boards}-"
                                f"board matches: {exc}") from None
        schedule = build_team_schedule(
            preset.movement, teams=count,
            boards_per_round=boards_per_round or preset.boards_per_round,
            rounds=rounds or preset.rounds, segments=preset.segments, double=preset.double)
        sections_list = list(ROOMS)
    else:
        schedule = build_schedule(preset.movement, tables=tables or preset.tables,
                                  boards_per_round=boards_per_round or preset.boards_per_round,
                                  rounds=rounds or preset.rounds,
                                  sections=sections or preset.sections,
                                  even=preset.even, half_table=preset.half_table)
        sections_list = list(schedule.movement.sections)
    path = Path(path)
    store = Store.create(path)
    try:
        with store.write() as db:
            put_settings(store, db, preset, name=name, password=password, base_url=base_url,
                         movement=schedule.movement_setting, sections=sections_list)
            # With East-West terminals ([entry] ew_terminal) each table has a second secret.
            db.table("tables").insert_all(
                {"section": section, "number": t, "token": new_token(),
                 "ew_token": new_token() if preset.ew_terminal else None}
                for section, t in schedule.tables
            )
            store.put_seatings(db, schedule.rows)
            if preset.kind == "teams":
                db.table("teams").insert_all(
                    {"number": n, "name": f"Team {n}", "eligible": 1}
                    for n in range(1, schedule.movement_setting["teams"] + 1))
                store.forget_players()  # the teams are kept with the players list
                if preset.movement == "swiss":
                    # An odd field: the team drawn against nobody in round 1 scores the bye.
                    for _, team in schedule.movement.rounds[0].sitting_out:
                        db.table("team_rulings").insert({
                            "kind": "bye", "round": 1, "team": team, "opponent": None,
                            "value": DEFAULT_BYE_SCORE, "rule": "K13.2", "detail": "{}",
                            "why": "bye", "actor": "setup", "at_ms": 0, "removed_ms": None})
        make_key_file(path)
    except BaseException:
        discard_event(store, path)
        raise
    return store


def discard_event(store: Store, path: str | Path) -> None:
    """Close and delete an event file whose creation failed: one whole event file or none."""
    store.close()
    for suffix in ("", "-wal", "-shm", ".key"):
        Path(str(path) + suffix).unlink(missing_ok=True)
