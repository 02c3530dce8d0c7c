"""The Mitchell movement: North-South pairs stay, East-West pairs and boards move.

NS pair t sits at table t all session; EW pairs are numbered tables+1 .. 2*tables and start at
the table of the same rank. Each round EW move up one table and the boards move down one. With
an odd number of tables that is the whole story (one board set per table, as many rounds as
tables). With an even number, EW would meet boards they have played halfway through, so one of:

- **skip** (the default): EW skip one table after round N/2; N - 1 rounds, each EW pair misses
  one NS pair. (An Nth round would bring every EW pair back to its first opponents, so there
  is none.)
- **relay and bye stand**: tables 1 and N share one board set (a relay) and a bye stand sits
  between tables N/2 and N/2+1, so the boards go round N+1 places while the pairs go round N;
  N rounds, every EW pair meets every NS pair (the EBU's "share and relay" Mitchell).

Options: an arrow switch (the boards turned in some rounds, so the field has one winner); a half
table (one pair missing: its opponents sit out, or play a phantom pair); several sections on
the same boards (each section has its own copy and its own pair numbers).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from .base import (
    HalfTable,
    Movement,
    MovementError,
    Round,
    Seating,
    half_table_pair,
    section_letters,
)

MIN_TABLES, MAX_TABLES = 3, 40


class EvenTables(enum.Enum):
    """How a Mitchell with an even number of tables keeps EW off boards they played."""

    SKIP = "skip"
    """EW skip a table after round N/2."""
    RELAY = "relay"
    """Relay and bye stand: tables 1 and N share, a bye stand between N/2 and N/2 + 1."""

    @classmethod
    def parse(cls, text: str | EvenTables) -> EvenTables:
        if isinstance(text, EvenTables):
            return text
        key = text.strip().lower()
        for member in cls:
            if key == member.value or (member is cls.RELAY and key in ("relay-bye", "share")):
                return member
        raise MovementError(f"invalid even-table variant: {text!r} (use 'skip' or 'relay')")


ArrowSwitch = str | int | Iterable[int] | None


def arrow_switch_rounds(option: ArrowSwitch, total_rounds: int) -> frozenset[int]:
    """The rounds to arrow-switch: None/"none", "last", one round, or several rounds."""
    if option is None:
        return frozenset()
    if isinstance(option, str):
        key = option.strip().lower()
        if key in ("", "none", "no"):
            return frozenset()
        if key == "last":
            return frozenset({total_rounds})
        try:
            chosen = {int(part) for part in key.split(",")}
        except ValueError:
            raise MovementError(f"invalid arrow switch: {option!r} "
                                "(use 'last' or round numbers such as '4,8')") from None
    elif isinstance(option, int):
        chosen = {option}
    else:
        chosen = set(option)
    bad = sorted(r for r in chosen if not 1 <= r <= total_rounds)
    if bad:
        raise MovementError(f"arrow switch in round {bad[0]}, but there are {total_rounds} rounds")
    return frozenset(chosen)


def mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    even: str | EvenTables = EvenTables.SKIP,
    arrow_switch: ArrowSwitch = None,
    half_table: str | HalfTable | None = None,
    missing_pair: int | None = None,
    sections: int = 1,
) -> Movement:
    """A Mitchell for 3-40 tables per section; see the module docstring for the options.

    `half_table` ("sit-out" or "phantom") makes `missing_pair` (default: the last EW pair,
    2 * tables) absent.
    """
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(f"a Mitchell has {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    variant = EvenTables.parse(even) if tables % 2 == 0 else None
    longest = tables - 1 if variant is EvenTables.SKIP else tables
    total_rounds = longest if rounds is None else rounds
    if not 1 <= total_rounds <= longest:
        raise MovementError(
            f"a {tables}-table Mitchell has 1 to {longest} rounds, not {total_rounds}"
        )
    mode, phantom = half_table_pair(half_table, missing_pair, tables)
    switched = arrow_switch_rounds(arrow_switch, total_rounds)
    letters = section_letters(sections)

    built = []
    for r in range(1, total_rounds + 1):
        seatings: list[Seating] = []
        out: list[tuple[str, int]] = []
        for letter in letters:
            row = [_seat(tables, boards_per_round, variant, r, t, letter, r in switched)
                   for t in range(1, tables + 1)]
            if mode is HalfTable.SIT_OUT:
                row, lone = _drop_phantom(row, phantom)
                out.extend((letter, pair) for pair in lone)
            seatings.extend(row)
        built.append(Round(number=r, seatings=tuple(seatings), sitting_out=tuple(out)))
    return Movement(
        kind="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=tuple(built),
        sections=letters,
        phantom=phantom,
        half_table=mode,
        notes=_notes(tables, variant, switched, mode, phantom),
    )


def _seat(tables: int, per_round: int, variant: EvenTables | None, r: int, t: int,
          section: str, switched: bool) -> Seating:
    if variant is EvenTables.SKIP and r > tables // 2:
        shift = r  # the skip: EW move two tables once, after round tables/2
    else:
        shift = r - 1
    ew_start = (t - 1 - shift) % tables + 1
    shared: tuple[int, ...] = ()
    if variant is EvenTables.RELAY:
        # Board positions round the room: tables 1 and N share position 0, the bye stand is
        # position N/2, so boards travel N places while EW travel N tables.
        position = 0 if t in (1, tables) else (t - 1 if t <= tables // 2 else t)
        shared = (tables,) if t == 1 else ((1,) if t == tables else ())
        board_set = (position + r - 1) % tables
    else:
        board_set = (t - 1 + r - 1) % tables
    first = board_set * per_round + 1
    return Seating(
        table=t,
        ns_pair=t,
        ew_pair=tables + ew_start,
        boards=tuple(range(first, first + per_round)),
        section=section,
        shared_with=shared,
        arrow_switch=switched,
    )


def _drop_phantom(row: list[Seating], phantom: int | None) -> tuple[list[Seating], list[int]]:
    kept, lone = [], []
    gone = set()
    for s in row:
        if phantom in (s.ns_pair, s.ew_pair):
            lone.append(s.ew_pair if s.ns_pair == phantom else s.ns_pair)
            gone.add(s.table)
        else:
            kept.append(s)
    # A relay partner left alone keeps its boards to itself.
    kept = [
        Seating(s.table, s.ns_pair, s.ew_pair, s.boards, s.section,
                tuple(t for t in s.shared_with if t not in gone), s.arrow_switch)
        for s in kept
    ]
    return kept, lone


def _notes(tables: int, variant: EvenTables | None, switched: frozenset[int],
           mode: HalfTable | None, phantom: int | None) -> tuple[str, ...]:
    notes = ["North-South pairs stay; East-West pairs move up one table, boards down one."]
    if variant is EvenTables.SKIP:
        notes.append(f"East-West skip one table after round {tables // 2}.")
    elif variant is EvenTables.RELAY:
        notes.append(f"Tables 1 and {tables} share boards; a bye stand between tables "
                     f"{tables // 2} and {tables // 2 + 1}.")
    if switched:
        rounds = ", ".join(map(str, sorted(switched)))
        notes.append(f"Arrow switch in round {rounds}: North-South play the East-West hands.")
    if mode is HalfTable.SIT_OUT:
        notes.append(f"Pair {phantom} is missing: its opponents sit out.")
    elif mode is HalfTable.PHANTOM:
        notes.append(f"Pair {phantom} is a phantom pair.")
    return tuple(notes)
