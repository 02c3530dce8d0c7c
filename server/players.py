"""The event's players: the list and its CSV import, who sits where at each table, the names
of each pair, and the director's late-start rulings (K11.3).

The list is keyed by federation ID (D2.1). A table sends its four player numbers at its first
round (`set_players`); numbers the list does not hold yet are stored as sent and get their
names as soon as the list does, so a table offline is never refused for an unknown number. In
a mixed event (K6.2, K7.3) the woman sits North or West: a seating that breaks it is stored
all the same, with a warning for the table to show. Nothing here changes a score by itself:
an applied late-start penalty is read by `server.results`.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import teams
from .errors import TravellerError, ok_body, op_id_of
from .scoring.penalties import GABSI_LATE_PAIRS, MinutesScale, Outcome
from .store import Store, TableRow
from .store import players as sql

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9./-]{0,19}$")
GENDERS = ("F", "M", "")
SESSION = 1
"""One session per event for now (as in `server.slowplay`); late starts carry it all the same."""


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
    if value is None or not _ID.match(value):
        raise TravellerError("invalid_player", f"a player number is 1-20 letters or digits, "
                             f"not {text!r}")
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
                            f"{','.join(header)!r}"])
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
        if not _ID.match(federation_id):
            problems.append(f"line {number}: invalid id {federation_id!r} (1-20 letters or "
                            "digits)")
        elif federation_id in seen:
            problems.append(f"line {number}: id {federation_id} is already on line "
                            f"{seen[federation_id]}")
        else:
            seen[federation_id] = number
        if not name or len(name) > 80:
            problems.append(f"line {number}: a name of 1 to 80 characters is needed")
        if gender.upper() not in GENDERS:
            problems.append(f"line {number}: gender must be F, M or blank, not {gender!r}")
        if len(club) > 80:
            problems.append(f"line {number}: the club is longer than 80 characters")
        out.append(Player(federation_id, name, gender.upper(), club))
    if problems:
        raise PlayersError(problems)
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
    """The list by federation ID: name and gender."""
    return {p["federation_id"]: {"name": p["name"], "gender": p["gender"] or ""}
            for p in sql.players(store)}


# -- who sits where ---------------------------------------------------------------------------

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


def set_players(store: Store, table: TableRow, payload: Any, now_ms: int,
                actor: str) -> dict[str, Any]:
    """Store who sits where at a table in a round; a replayed op_id is acknowledged again."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "players must be an object with op_id, round, "
                             "north, south, east and west")
    op_id = op_id_of(payload.get("op_id"))
    round_number = payload.get("round")
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        raise TravellerError("invalid_round", f"round must be a whole number, not "
                             f"{round_number!r}")
    seats = {seat: parse_player_id(payload.get(seat)) for seat in sql.SEATS}
    if len(set(seats.values())) < 4:
        raise TravellerError("same_player", "a player can sit in only one seat")
    seating = next((s for s in store.seatings(table.section, table.number)
                    if s.round == round_number), None)
    if seating is None:
        raise TravellerError("invalid_round", f"table {table.number} has no round "
                             f"{round_number}", 409)
    segment = payload.get("segment")
    if segment is not None and (isinstance(segment, bool) or not isinstance(segment, int)
                                or segment < 1):
        raise TravellerError("invalid_segment", f"segment must be a whole number from 1, not "
                             f"{segment!r}")
    roster_problems: list[str] = []
    if teams.is_teams(store):
        # D8.2 line-ups per segment; D2.1 only rostered players; D2.2 an ineligible team.
        roster_problems = teams.check_lineup(store, seating, seats)
    with store.write() as db:
        earlier = sql.seating_by_op(db, op_id)
        if earlier is not None:
            if (earlier["section"], earlier["table_number"]) != (table.section, table.number):
                raise TravellerError("op_id_conflict", "this op_id was used by another table",
                                     409)
            return _seated_ack(store, {s: earlier[s] for s in sql.SEATS}, earlier["round"],
                               duplicate=True)
        sql.insert_seating(store, db, {
            "op_id": op_id, "section": table.section, "table_number": table.number,
            "round": round_number, "ns_pair": seating.ns_pair, "ew_pair": seating.ew_pair,
            **seats, "actor": actor, "at_ms": now_ms, "segment": segment,
        })
    return _seated_ack(store, seats, round_number, duplicate=False, segment=segment,
                       roster=roster_problems)


def _seated_ack(store: Store, seats: dict[str, str], round_number: int,
                duplicate: bool, segment: int | None = None,
                roster: list[str] | None = None) -> dict[str, Any]:
    listed = known(store)
    problems = mixed_problems({s: listed.get(i, {}).get("gender", "") for s, i in seats.items()}) \
        if is_mixed(store) else []
    warning = None
    if problems:
        sides = " and ".join({"ns": "North-South", "ew": "East-West"}[p] for p in problems)
        warning = (f"mixed event: the woman sits North or West (K6.2, K7.3); check {sides}")
    if roster and not warning:
        warning, problems_code = "; ".join(roster), "not_on_roster"
    else:
        problems_code = "mixed_seating" if problems else None
    return ok_body(round=round_number, duplicate=duplicate, segment=segment,
                   roster=roster or [],
                   names={s: listed.get(i, {}).get("name") for s, i in seats.items()},
                   unknown=[i for i in seats.values() if i not in listed],
                   warning=warning, warning_code=problems_code,
                   mixed=problems)


def pair_players(store: Store, section: str | None = None) -> dict[tuple[str, int], list[str]]:
    """Each pair's two player numbers, from the latest seating that names them."""
    out: dict[tuple[str, int], list[str]] = {}
    for row in sql.seatings(store, section):
        out[row["section"], row["ns_pair"]] = [row["north"], row["south"]]
        out[row["section"], row["ew_pair"]] = [row["east"], row["west"]]
    return out


def pair_names(store: Store, section: str | None = None) -> dict[tuple[str, int], list[str]]:
    """Each seated pair's names (a number not on the list shows as "#number")."""
    listed = known(store)
    return {key: [listed[i]["name"] if i in listed else f"#{i}" for i in ids]
            for key, ids in pair_players(store, section).items()}


def state_players(store: Store, table: TableRow) -> dict[str, Any]:
    """The `players` block of a table's state: enough to ask, look up and show names
    offline."""
    return {
        "mixed": is_mixed(store),
        "known": known(store),
        "seated": [{"round": r["round"], **{s: r[s] for s in sql.SEATS}}
                   for r in sql.seatings(store, table.section)
                   if r["table_number"] == table.number],
        "pairs": {str(pair): names
                  for (_, pair), names in pair_names(store, table.section).items()},
    }


# -- late start (K11.3) ------------------------------------------------------------------------

def scale_of(store: Store) -> MinutesScale:
    """The late-start scale for pairs; GABSI's K11.3 (the only one a preset names so far)."""
    return GABSI_LATE_PAIRS


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def propose(store: Store, minutes: Any) -> dict[str, Any]:
    """The K11.3 sanction for a pair `minutes` late."""
    if isinstance(minutes, str):
        minutes = minutes.strip()
        minutes = int(minutes) if minutes.isdigit() else minutes
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 600:
        raise TravellerError("invalid_minutes", f"minutes late must be a whole number from 1 "
                             f"to 600, not {minutes!r}")
    scale = scale_of(store)
    sanction = scale.assess(minutes)
    return {"minutes": minutes, "outcome": sanction.outcome.value,
            "penalty": _text(sanction.penalty), "unit": sanction.unit.value,
            "rule": sanction.rule,
            "flagged": sanction.flagged or sanction.outcome is Outcome.DISQUALIFIED}


def section_pairs(store: Store, section: str) -> set[int]:
    return {p for s in store.seatings() if s.section == section for p in (s.ns_pair, s.ew_pair)}


def decide_late(store: Store, section: str, pair: Any, minutes: Any, action: str,
                now_ms: int, actor: str, *, penalty: str = "",
                reason: str = "") -> dict[str, Any]:
    """Apply (as proposed or changed) or waive a pair's late-start penalty, with a reason
    when it differs from the proposal."""
    try:
        pair = int(str(pair).strip())
    except ValueError:
        raise TravellerError("invalid_pair", f"a pair is a number, not {pair!r}") from None
    if pair not in section_pairs(store, section):
        raise TravellerError("unknown_pair", f"there is no pair {section}{pair}", 404)
    if action not in ("apply", "waive"):
        raise TravellerError("invalid_action", f"apply or waive, not {action!r}")
    proposal = propose(store, minutes)
    reason = reason.strip()[:300]
    amount = proposal["penalty"]
    if action == "apply" and proposal["outcome"] == "penalty" and penalty.strip() \
            and penalty.strip() != amount:
        try:
            value = Fraction(penalty.strip().replace(",", "."))
        except (ValueError, ZeroDivisionError):
            raise TravellerError("invalid_penalty", f"a penalty is a number of "
                                 f"{proposal['unit']}, not {penalty!r}") from None
        if value < 0 or value > 100:
            raise TravellerError("invalid_penalty", "a penalty is 0 to 100 MP")
        if not reason:
            raise TravellerError("missing_reason", "say why the penalty differs from K11.3")
        amount = _text(value)
    if action == "waive" and not reason:
        raise TravellerError("missing_reason", "say why the penalty is waived")
    ruling = {
        "section": section, "session": SESSION, "pair_number": pair,
        "minutes": proposal["minutes"], "status": "applied" if action == "apply" else "waived",
        "outcome": proposal["outcome"], "proposed": proposal["penalty"],
        "penalty": amount if action == "apply" and proposal["outcome"] == "penalty" else "0",
        "unit": proposal["unit"], "rule": proposal["rule"], "flagged": int(proposal["flagged"]),
        "reason": reason, "actor": actor, "at_ms": now_ms,
    }
    with store.write() as db:
        sql.save_late_start(store, db, ruling, actor, reason or f"{proposal['rule']} as proposed")
    return ruling


def late_penalties(store: Store) -> list[dict[str, Any]]:
    """Applied late-start penalties in matchpoints, for the standings."""
    out = []
    for r in sql.late_starts(store):
        if r["status"] == "applied" and r["outcome"] == "penalty" and r["unit"] == "MP":
            points = float(Fraction(r["penalty"] or "0"))
            if points:
                out.append({"section": r["section"], "pair": r["pair_number"],
                            "matchpoints": points, "rule": r["rule"] or "K11.3",
                            "why": r["reason"] or f"{r['minutes']} min late"})
    return out
