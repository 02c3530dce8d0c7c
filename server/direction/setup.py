"""Setting an event up: every rule of its preset as a setting the director edits (KD3), the
event grown or shrunk before round 1, and its hand records.

A form arrives as text; `read_form` checks every field and reports every mistake at once.
`change_settings` writes the changes in one transaction, each field its own audit row (who,
old, new, why). Settings that shape the movement (kind, tables, boards per round, rounds,
sections) re-seat the event: tables that stay keep their tokens, so their printed QR cards stay
valid. Once a result or an adjusted score is stored, those settings are refused; the others
(names, clock, entry rules, scoring options) stay editable, since results are derived from
the stored entries.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..errors import TravellerError, is_number_text, shown
from ..event.create import ROOMS, Schedule, build_schedule, build_team_schedule, new_token
from ..event.numbering import Numbering, numbering
from ..formats import analysis
from ..formats.deals import Deal, DealError, parse_deals
from ..formats.pbn import decode_pbn
from ..movements import MOVEMENTS, MovementError
from ..store import Store
from ..store import setup as sql
from ..store import teams as teams_sql
from ..table.terminals import give_terminals
from ..texts import N_


@dataclass(frozen=True)
class Field:
    """One editable setting of the event."""

    name: str
    label: str
    kind: str
    """"text", "int", "optional_int", "minutes", "bool" or "choice"."""
    key: str
    """The setting it lives in (`name`, `movement`, `sections`, `preset`)."""
    shapes: bool = False
    """Whether changing it re-seats the event (refused once play has begun)."""
    choices: tuple[str, ...] = ()
    help: str = ""


FIELDS: tuple[Field, ...] = (
    Field("name", N_("Event name"), "text", "name",
          help=N_("As players see it on terminals and results.")),
    Field("movement", N_("Movement"), "choice", "movement", True, tuple(MOVEMENTS)),
    Field("tables", N_("Tables per section"), "int", "movement", True),
    Field("sections", N_("Sections"), "int", "sections", True,
          help=N_("Sections play the same boards, each with its own tables (A, B, C...).")),
    Field("boards_per_round", N_("Boards per round"), "int", "movement", True),
    Field("rounds", N_("Rounds"), "optional_int", "movement", True,
          help=N_("Leave empty to play the movement's full length.")),
    Field("clock_minutes", N_("Clock: minutes"), "minutes", "preset",
          help=N_("Minutes allowed per the number of boards below (K12.2: 8 per 1 board).")),
    Field("clock_per_boards", N_("Clock: per boards"), "int", "preset"),
    Field("lead", N_("Opening lead at entry"), "choice", "preset",
          choices=(N_("off"), N_("optional"), N_("required"))),
    Field("mini_bridge", N_("Mini bridge (K8.2)"), "bool", "preset",
          help=N_("Contracts only partscores at the one level or games, undoubled.")),
    Field("show_traveller", N_("Show the traveller"), "bool", "preset",
          help=N_("A table sees a board's results after it has played the board.")),
    Field("ew_terminal", N_("East-West terminals"), "bool", "preset",
          help=N_("Each table has a second terminal (its own QR code) where East-West confirms "
                  "North-South's entry.")),
    Field("scoring", N_("Scoring method"), "choice", "preset", choices=("mp",),
          help=N_("mp: matchpoints (K17.3).")),
    Field("scale", N_("Matchpoint scale"), "choice", "preset", choices=("2/1", "1/0.5"),
          help=N_("2/1 per result beaten/tied (international) or 1/0.5 (ACBL).")),
    Field("factoring", N_("Boards with fewer results"), "choice", "preset",
          choices=("neuberg", "own-top"),
          help=N_("Neuberg factoring, or scored on their own top.")),
)
"""The fields of the set-up form; labels, help and choices in English, the catalogs' keys: the
page shows them in its language."""
BY_NAME = {f.name: f for f in FIELDS}
SHAPE = tuple(f.name for f in FIELDS if f.shapes)
MAX_CLOCK_MINUTES = 120
"""The most minutes the clock may allow per its number of boards: beyond it (inf, 1e300) no
round clock can be started."""
_DEFAULTS: dict[str, Any] = {"clock_minutes": 8.0, "clock_per_boards": 1, "lead": "optional",
                             "mini_bridge": False, "show_traveller": True, "ew_terminal": False,
                             "scoring": "mp", "scale": "2/1", "factoring": "neuberg"}


TEAM_MOVEMENTS = ("roundrobin", "swiss")
_PAIRS_ONLY = ("sections", "scoring", "scale", "factoring")


def is_teams(store: Store) -> bool:
    return (store.setting("preset", {}) or {}).get("kind") == "teams"


def fields_for(store: Store) -> tuple[Field, ...]:
    """The fields of this event's form. A teams event plays a round robin or a Swiss in its two
    rooms and is scored in IMPs and VPs: the pairs' sections and matchpoint options go."""
    if not is_teams(store):
        return FIELDS
    out = []
    for f in FIELDS:
        if f.name in _PAIRS_ONLY:
            continue
        if f.name == "movement":
            f = replace(f, choices=TEAM_MOVEMENTS)
        elif f.name == "tables":
            f = replace(f, label=N_("Match tables per room"),
                        help=N_("Two teams a table: changing it makes 2 x this many teams."))
        elif f.name == "boards_per_round":
            f = replace(f, label=N_("Boards per match"))
        out.append(f)
    return tuple(out)


def current(store: Store) -> dict[str, Any]:
    """Every editable setting's value now."""
    settings = store.settings()
    preset = settings.get("preset") or {}
    movement = settings.get("movement") or {}
    values: dict[str, Any] = {
        "name": settings.get("name", ""),
        "movement": movement.get("kind", preset.get("movement", "mitchell")),
        "tables": movement.get("tables", preset.get("tables")),
        "sections": len(settings.get("sections") or ["A"]),
        "boards_per_round": movement.get("boards_per_round", preset.get("boards_per_round")),
        "rounds": movement.get("rounds_asked", preset.get("rounds")),
    }
    for field in FIELDS:
        if field.key == "preset":
            values[field.name] = preset.get(field.name, _DEFAULTS[field.name])
    return values


def rounds_played(store: Store) -> int:
    """The rounds the current movement has (what an empty "rounds" comes to)."""
    return int((store.setting("movement", {}) or {}).get("rounds", 0))


def locked(store: Store) -> bool:
    """Whether the event's shape is fixed: a result or adjusted score is stored."""
    with store.read() as db:
        return sql.has_play(db)


def read_form(form: Mapping[str, Any], fields: tuple[Field, ...] = FIELDS
              ) -> tuple[dict[str, Any], list[str]]:
    """The fields present in `form`, checked and typed, and every problem found."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for field in fields:
        if field.name not in form:
            continue
        raw = form[field.name]
        text = str(raw).strip() if raw is not None else ""
        try:
            values[field.name] = _parse(field, raw, text)
        except ValueError as exc:
            problems.append(f"{field.label}: {exc}")
    return values, problems


def _parse(field: Field, raw: Any, text: str) -> Any:
    if field.kind == "text":
        if not text:
            raise ValueError("must not be empty")
        return text
    if field.kind == "bool":
        if isinstance(raw, bool):
            return raw
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off", ""):
            return False
        raise ValueError(f"{shown(text)} is not yes or no")
    if field.kind == "choice":
        if text.lower() not in field.choices:
            raise ValueError(f"{shown(text)} is not one of {', '.join(field.choices)}")
        return text.lower()
    if field.kind == "optional_int" and not text:
        return None
    if field.kind == "minutes":
        try:
            minutes = float(text) if len(text) <= 20 else math.nan
        except ValueError:
            minutes = math.nan
        if math.isnan(minutes):
            raise ValueError(f"{shown(text)} is not a number of minutes")
        if not 0 < minutes <= MAX_CLOCK_MINUTES:
            raise ValueError(f"must be more than 0 and at most {MAX_CLOCK_MINUTES}")
        return minutes
    if not is_number_text(text) or int(text) < 1:
        raise ValueError(f"{shown(text)} is not a whole number of at least 1")
    return int(text)


@dataclass(frozen=True)
class Changes:
    changed: list[str]
    """The names of the fields that changed."""
    added: list[str]
    """Tables added, as "A8"."""
    removed: list[str]
    """Tables removed; their tokens no longer work."""

    @property
    def reseated(self) -> bool:
        return any(name in SHAPE for name in self.changed)

    def wire(self) -> dict[str, Any]:
        return {"changed": self.changed, "added": self.added, "removed": self.removed}


def change_settings(store: Store, form: Mapping[str, Any], actor: str,
                    why: str = "") -> Changes:
    """Apply the fields of `form` that differ from the event's settings, each audited.

    Raises TravellerError: `invalid_settings` (400) listing every bad field, `bad_movement`
    (400) when the movement cannot be built that way, `event_started` (409) when a field that
    shapes the movement changes after the first result."""
    values, problems = read_form(form, fields_for(store))
    if problems:
        raise TravellerError("invalid_settings", "; ".join(problems), 400)
    why = why.strip() or "changed in set-up"
    now = current(store)
    changed = [name for name, value in values.items() if now.get(name) != value]
    shape = {name: values.get(name, now[name]) for name in SHAPE}
    schedule = None
    if any(name in SHAPE for name in changed):
        try:
            if is_teams(store):
                schedule = _team_schedule(store, shape, now)
            else:
                kept = store.setting("movement", {}) or {}
                same_kind = kept.get("kind") == shape["movement"]
                schedule = build_schedule(shape["movement"], tables=shape["tables"],
                                          boards_per_round=shape["boards_per_round"],
                                          rounds=shape["rounds"], sections=shape["sections"],
                                          # A relay or a half table stays as the event had it.
                                          even=kept.get("even") if same_kind else None,
                                          half_table=kept.get("half_table") if same_kind
                                          else None)
        except (MovementError, TypeError, ValueError) as exc:
            raise TravellerError("bad_movement", f"that movement cannot be built: {exc}",
                                 400) from None
    seated: dict[str, list[str]] = {"added": [], "removed": []}
    with store.write() as db:
        if schedule is not None:
            if sql.has_play(db):
                fields = ", ".join(BY_NAME[n].label.lower() for n in changed if n in SHAPE)
                raise TravellerError(
                    "event_started",
                    f"results are already stored, so the movement is fixed ({fields} cannot "
                    "change now); names, the clock and the entry rules can still change", 409)
            for key, value in schedule.movement_setting.items():
                sql.put_setting_field(store, db, "movement", key, value, actor, why)
            teams_count = schedule.movement_setting.get("teams")
            sql.put_setting_field(store, db, "sections", None,
                                  list(ROOMS) if teams_count else
                                  list(schedule.movement.sections), actor, why)
            seated = sql.replace_schedule(store, db, schedule.tables, schedule.rows, new_token,
                                          actor, why)
            if teams_count:
                _seat_teams(store, db, teams_count, actor, why)
        for name in changed:
            field = BY_NAME[name]
            if field.key == "name":
                sql.put_setting_field(store, db, "name", None, values[name], actor, why)
            elif field.key == "preset":
                sql.put_setting_field(store, db, "preset", name, values[name], actor, why)
        if values.get("ew_terminal", now["ew_terminal"]):
            # Every table (a new one too) gets its East-West secret; existing ones stay.
            give_terminals(store, db, actor, why)
    return Changes(changed, seated["added"], seated["removed"])


def _team_schedule(store: Store, shape: dict[str, Any], now: dict[str, Any]) -> Schedule:
    """A teams event re-seated before round 1: its matches in both rooms, with as many teams as
    before unless the match tables change (two teams a table)."""
    movement = store.setting("movement", {}) or {}
    preset = store.setting("preset", {}) or {}
    if shape["movement"] not in TEAM_MOVEMENTS:
        raise MovementError(f"a teams event plays a round robin or a Swiss, not "
                            f"{shown(shape['movement'])}")
    if shape["sections"] != len(ROOMS):
        raise MovementError("a teams event has its two rooms, open and closed, as sections")
    count = movement.get("teams") if shape["tables"] == now["tables"] else 2 * shape["tables"]
    return build_team_schedule(
        shape["movement"], teams=int(count or 2 * shape["tables"]),
        boards_per_round=shape["boards_per_round"], rounds=shape["rounds"],
        segments=int(movement.get("segments") or preset.get("segments") or 1),
        double=bool(movement.get("double", preset.get("double", False))))


def _seat_teams(store: Store, db: Any, count: int, actor: str, why: str) -> None:
    """The teams list follows the schedule: teams 1..count, new ones named "Team n"."""
    numbers = {int(r["number"]) for r in db.query("select number from teams")}
    for number in range(1, count + 1):
        if number not in numbers:
            teams_sql.put_team(store, db, {"number": number, "name": f"Team {number}",
                                           "captain": None, "eligible": 1, "note": None},
                               actor, why)
    for number in sorted(n for n in numbers if n > count):
        teams_sql.remove_team(store, db, number, actor, why)


def import_deals(store: Store, data: bytes, filename: str, actor: str,
                 deal_set: str | None = None) -> list[Deal]:
    """Link a PBN file's hand records to the event's boards, with their double-dummy tricks
    and par: computed here when endplay is installed, else as the file's tags give them.

    The console's upload and `traveller deals` both come here. A bad file (a bad deal, a dealer
    or vulnerability that is not the board number's, a board the event does not play) is
    refused whole: nothing is stored. Deals of boards loaded before are replaced, audited.

    In a competition the file numbers its boards as the room does (1-N of a match or session):
    they are the boards of one set of deals, `deal_set` (its key, "final/s1"), by default the
    one set the last advance put in play. The deals returned carry the event's boards."""
    try:
        deals = parse_deals(decode_pbn(data), origin=filename or "the file")
    except DealError as exc:
        raise TravellerError("bad_deal", str(exc), 400) from None
    room = numbering(store)
    if room.competition:
        deals = _in_deal_set(room, deals, deal_set, filename or "the file")
    boards = {b for seating in store.seatings() for b in seating.boards}
    strangers = [d.board for d in deals if d.board not in boards]
    if strangers:
        raise TravellerError(
            "board_not_in_event",
            f"{filename or 'the file'}: {_plural(strangers)} not in the event "
            f"(its boards are {board_ranges(sorted(boards)) or 'none yet'})", 400)
    if analysis.available():
        try:
            deals = analysis.analyse(deals)
        except (RuntimeError, ValueError, OSError):
            pass  # the solver failed (its library, its memory): the file's own figures stand
    with store.write() as db:
        sql.put_deals(store, db, deals, filename, int(time.time() * 1000), actor)
    return deals


def _in_deal_set(room: Numbering, deals: list[Deal], key: str | None,
                 origin: str) -> list[Deal]:
    """A competition's hand records (boards numbered as in the room) as the event's boards of
    one set of deals."""
    every = room.deal_sets()
    if key is None:
        in_play = room.deal_sets(since=room.last_advance)
        if len(in_play) != 1:
            listed = "; ".join(f"{k} ({name.text()})" for k, (name, _) in
                               (in_play or every).items())
            raise TravellerError("deal_set_needed", f"{origin}: which deals are these? the "
                                 f"{'rounds in play hold' if in_play else 'event has'} "
                                 f"{len(in_play or every)} sets; name one: {listed}", 400)
        key = next(iter(in_play))
    if key not in every:
        raise TravellerError("unknown_deal_set", f"there is no set of deals {shown(key)} in "
                             f"play yet (sets: {', '.join(every) or 'none'})", 404)
    name, boards = every[key]
    by_number = {room.number(b): b for b in boards}
    strangers = sorted(d.board for d in deals if d.board not in by_number)
    if strangers:
        raise TravellerError(
            "board_not_in_event", f"{origin}: {_plural(strangers)} not in {name.text()} "
            f"(its boards are {board_ranges(sorted(by_number))})", 400)
    return [replace(d, board=by_number[d.board]) for d in deals]


def _plural(boards: list[int]) -> str:
    if len(boards) == 1:
        return f"board {boards[0]} is"
    return f"boards {board_ranges(boards)} are"


def board_ranges(boards: list[int]) -> str:
    """Board numbers as a director writes them: ``"1-24, 27"``."""
    runs: list[list[int]] = []
    for board in boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def deal_wire(deal: Deal) -> dict[str, Any]:
    return {"board": deal.board, "north": deal.north, "east": deal.east, "south": deal.south,
            "west": deal.west, "pbn": deal.pbn(),
            "analysis": None if deal.analysis is None else deal.analysis.wire()}
