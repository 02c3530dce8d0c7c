"""The event's players: the list keyed by federation ID (D2.1) and its CSV import, and the
names of each pair from who sat where.

A table sends its four player numbers at its first round (`server.table.seating`); numbers the
list does not hold yet are stored as sent and get their names as soon as the list does, so a
table offline is never refused for an unknown number. In a mixed event (K6.2, K7.3) the woman
sits North or West: `mixed_problems` says which seats break it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import TravellerError, shown
from ..store import Store
from ..store import players as sql

PLAYER_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9./-]{0,19}$")
"""A federation ID: letters and digits, then dots and dashes too, at most 20."""

GENDERS = ("F", "M", "")


MAX_PROBLEMS = 50
"""The most problems a refused file names."""


class PlayersError(ValueError):
    """A players file that cannot be imported; `problems` names every bad line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Player:
    """One player of the event's list."""

    federation_id: str
    """The federation's player number (D2.1), as the table terminal asks for it."""
    name: str
    gender: str = ""
    """"F", "M" or "" (not known); K6.2 needs it in a mixed event."""
    club: str = ""

    def row(self) -> dict[str, Any]:
        return {"federation_id": self.federation_id, "name": self.name,
                "gender": self.gender, "club": self.club}


def parse_player_id(text: Any) -> str:
    """A federation ID as typed: letters, digits, dots, dashes; raises TravellerError."""
    value = text.strip() if isinstance(text, str) else str(text) if isinstance(text, int) \
        and not isinstance(text, bool) else None
    if value is None or not PLAYER_ID.match(value):
        raise TravellerError("invalid_player", f"a player number is 1-20 letters or digits, "
                             f"not {shown(text)}")
    return value


def parse_csv(text: str) -> list[Player]:
    """Players from CSV text with a header `id,name,gender[,club]` (commas or semicolons);
    raises PlayersError naming every bad line, so nothing is stored from a file with one."""
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise PlayersError(["the file is empty: it needs a header line id,name,gender[,club]"])
    delimiter = ";" if ";" in lines[0] and "," not in lines[0] else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = [h.strip().lower() for h in next(reader)]
    if header not in (["id", "name", "gender"], ["id", "name", "gender", "club"]):
        raise PlayersError([f"line 1: the header must be id,name,gender[,club], not "
                            f"{shown(','.join(header))}"])
    problems: list[str] = []
    out: list[Player] = []
    seen: dict[str, int] = {}
    for cells in reader:
        number = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(header):
            problems.append(f"line {number}: {len(cells)} columns, the header has "
                            f"{len(header)}")
            continue
        federation_id, name, gender = (c.strip() for c in cells[:3])
        club = cells[3].strip() if len(cells) > 3 else ""
        if not PLAYER_ID.match(federation_id):
            problems.append(f"line {number}: invalid id {shown(federation_id)} (1-20 letters or "
                            "digits)")
        elif federation_id in seen:
            problems.append(f"line {number}: id {federation_id} is already on line "
                            f"{seen[federation_id]}")
        else:
            seen[federation_id] = number
        if not name or len(name) > 80:
            problems.append(f"line {number}: a name of 1 to 80 characters is needed")
        if gender.upper() not in GENDERS:
            problems.append(f"line {number}: gender must be F, M or blank, not {shown(gender)}")
        if len(club) > 80:
            problems.append(f"line {number}: the club is longer than 80 characters")
        out.append(Player(federation_id, name, gender.upper(), club))
    if problems:
        # The first problems show what to fix; a reply never grows with a broken file.
        more = len(problems) - MAX_PROBLEMS
        raise PlayersError(problems[:MAX_PROBLEMS] + (
            [f"and {more} more lines with problems"] if more > 0 else []))
    if not out:
        raise PlayersError(["the file has a header but no players"])
    return out


def import_csv(store: Store, text: str, actor: str, filename: str = "") -> dict[str, int]:
    """Add or update the players of a CSV file, all or none, audited."""
    players = parse_csv(text)
    with store.write() as db:
        return sql.import_players(store, db, [p.row() for p in players], actor,
                                  f"CSV import {filename}".strip())


def known(store: Store) -> dict[str, dict[str, str]]:
    """The list by federation ID: name and gender (built once until the list changes; the
    dict is shared, not to be changed)."""
    return store.players_memo("known", lambda: {
        p["federation_id"]: {"name": p["name"], "gender": p["gender"] or ""}
        for p in sql.players(store)})


def mixed_problems(genders: Mapping[str, str]) -> list[str]:
    """K6.2 / K7.3: the woman sits North or West. Seats whose known genders break it:
    "ns" when South is the woman of the pair, "ew" when East is."""
    out = []
    if genders.get("south") == "F" and genders.get("north") == "M":
        out.append("ns")
    if genders.get("east") == "F" and genders.get("west") == "M":
        out.append("ew")
    return out


def is_mixed(store: Store) -> bool:
    preset = store.setting("preset", {}) or {}
    return bool(store.setting("mixed", preset.get("mixed", False)))


def pair_players(store: Store, section: str | None = None,
                 rows: list[dict[str, Any]] | None = None) -> dict[tuple[str, int], list[str]]:
    """Each pair's two player numbers, from the latest seating that names them (`rows`: the
    section's seatings, when the caller has read them already)."""
    out: dict[tuple[str, int], list[str]] = {}
    for row in sql.seatings(store, section) if rows is None else rows:
        out[row["section"], row["ns_pair"]] = [row["north"], row["south"]]
        out[row["section"], row["ew_pair"]] = [row["east"], row["west"]]
    return out


def pair_names(store: Store, section: str | None = None,
               rows: list[dict[str, Any]] | None = None) -> dict[tuple[str, int], list[str]]:
    """Each seated pair's names (a number not on the list shows as "#number"); `rows` are the
    section's seatings, when the caller has read them already."""
    listed = known(store)
    return {key: [listed[i]["name"] if i in listed else f"#{i}" for i in ids]
            for key, ids in pair_players(store, section, rows).items()}
