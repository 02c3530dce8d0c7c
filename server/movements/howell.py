"""Complete Howell movements for 2 to 12 tables: every pair meets every other pair once.

With T tables there are 2T pairs, 2T - 1 rounds and 2T - 1 board sets; every pair plays every
set once. From 4 tables on the movement is cyclic, as the standard Howells are: pair 2T stays at
table 1 and every other pair moves to the seat of the pair numbered one below it (pair 1 goes
to pair 2T-1's seat); the board sets move one place down a circuit of 2T - 1 places, of which T
are tables and the others relay stands. A cyclic Howell is fixed by its first round, the
*starter* below: (NS pair, EW pair, board set) for tables 1..T.

The starters were found by a search for the best balance a cyclic Howell can reach (comparisons
of two pairs = boards they play in the same direction at different tables, which is what
matchpoints compare): every two pairs are compared equally often with an even number of tables
(a "perfectly balanced" Howell), and within one of the mean with an odd number, which is the
bound for a cyclic movement. No board set is ever at two tables at once. The tests check these
against the published standard schedules in tests/data/howell_*.txt.

Two and three tables cannot avoid sharing boards (with 2 tables any first board assignment
leaves no free set in round 2; with 3 one round has to share): 2 tables play each round's set
at both tables (the ACBL standard 2-table Howell relays all boards every round), and 3 tables
play the Dutch club schedule 5howel06 (tests/data/howell_03.txt), whose last round is shared by
all three tables: an exhaustive search finds no schedule sharing less or better balanced.
"""

from __future__ import annotations

from .base import (
    HalfTable,
    Movement,
    MovementError,
    Round,
    Seating,
    half_table_pair,
    section_letters,
)

MIN_TABLES, MAX_TABLES = 2, 12

# Round 1 of each cyclic Howell: (NS pair, EW pair, board set) at tables 1..T.
STARTERS: dict[int, tuple[tuple[int, int, int], ...]] = {
    4: ((8, 1, 1), (6, 3, 4), (7, 2, 6), (4, 5, 7)),
    5: ((10, 1, 1), (9, 6, 2), (8, 4, 3), (5, 7, 8), (3, 2, 9)),
    6: ((12, 1, 1), (7, 9, 3), (3, 8, 5), (6, 5, 9), (11, 4, 10), (10, 2, 11)),
    7: ((14, 1, 1), (12, 10, 3), (3, 6, 4), (8, 13, 5), (11, 7, 10), (2, 9, 11), (4, 5, 12)),
    8: ((16, 1, 1), (7, 2, 5), (10, 11, 6), (3, 15, 7), (9, 13, 10), (6, 4, 12), (8, 14, 13),
        (12, 5, 14)),
    9: ((18, 1, 1), (12, 10, 3), (7, 17, 4), (16, 4, 6), (15, 11, 9), (9, 6, 12), (14, 8, 13),
        (5, 13, 14), (2, 3, 15)),
    10: ((20, 1, 1), (2, 19, 4), (14, 8, 5), (5, 10, 8), (13, 4, 9), (15, 18, 10), (16, 9, 15),
         (3, 7, 16), (6, 17, 18), (11, 12, 19)),
    11: ((22, 1, 1), (14, 17, 5), (19, 21, 6), (9, 8, 7), (11, 7, 8), (20, 15, 9), (6, 16, 11),
         (2, 10, 13), (4, 13, 17), (5, 12, 19), (18, 3, 20)),
    12: ((24, 1, 1), (23, 13, 3), (6, 20, 5), (11, 10, 6), (18, 15, 7), (8, 2, 9), (4, 22, 10),
         (17, 9, 11), (19, 7, 17), (14, 21, 18), (5, 3, 19), (16, 12, 21)),
}

# Two tables: both tables play the round's set (a relay every round); perfectly balanced.
_TWO_TABLES = (
    ((4, 1, 1), (2, 3, 1)),
    ((4, 2, 2), (3, 1, 2)),
    ((4, 3, 3), (1, 2, 3)),
)

# Three tables: the Dutch club schedule 5howel06.1-1 (source in tests/data/howell_03.txt).
_THREE_TABLES = (
    ((1, 2, 1), (3, 4, 2), (5, 6, 3)),
    ((4, 6, 1), (5, 2, 4), (1, 3, 3)),
    ((3, 5, 1), (1, 4, 4), (2, 6, 2)),
    ((4, 2, 3), (6, 3, 4), (1, 5, 2)),
    ((1, 6, 5), (2, 3, 5), (4, 5, 5)),
)


def schedule(tables: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Every round of the complete Howell for `tables`: (NS, EW, board set) per table."""
    if tables == 2:
        return _TWO_TABLES
    if tables == 3:
        return _THREE_TABLES
    starter = STARTERS.get(tables)
    if starter is None:
        raise MovementError(f"a Howell has {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
    cycle = 2 * tables - 1
    stationary = 2 * tables

    def turn(number: int, r: int) -> int:
        return number if number == stationary else (number - 1 + r) % cycle + 1

    return tuple(
        tuple((turn(ns, r), turn(ew, r), (board_set - 1 + r) % cycle + 1)
              for ns, ew, board_set in starter)
        for r in range(cycle)
    )


def howell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    half_table: str | HalfTable | None = None,
    missing_pair: int | None = None,
    sections: int = 1,
) -> Movement:
    """The complete Howell for 2-12 tables, or its first `rounds` rounds.

    `half_table` ("sit-out" or "phantom") makes `missing_pair` (default: the stationary pair,
    2 * tables) absent, for an odd number of pairs.
    """
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(f"a Howell has {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    full = schedule(tables)
    total = len(full) if rounds is None else rounds
    if not 1 <= total <= len(full):
        raise MovementError(f"a {tables}-table Howell has 1 to {len(full)} rounds, not {total}")
    mode, phantom = half_table_pair(half_table, missing_pair, tables)
    letters = section_letters(sections)
    built = []
    for number, row in enumerate(full[:total], start=1):
        seatings: list[Seating] = []
        out: list[tuple[str, int]] = []
        for letter in letters:
            for table, (ns, ew, board_set) in enumerate(row, start=1):
                if mode is HalfTable.SIT_OUT and phantom in (ns, ew):
                    out.append((letter, ew if ns == phantom else ns))
                    continue
                first = (board_set - 1) * boards_per_round + 1
                seatings.append(Seating(
                    table=table, ns_pair=ns, ew_pair=ew,
                    boards=tuple(range(first, first + boards_per_round)), section=letter,
                ))
        built.append(Round(number, _mark_shared(seatings), tuple(out)))
    return Movement(
        kind="howell", tables=tables, boards_per_round=boards_per_round, rounds=tuple(built),
        sections=letters, phantom=phantom, half_table=mode, notes=_notes(tables, mode, phantom),
    )


def _mark_shared(seatings: list[Seating]) -> tuple[Seating, ...]:
    """Tables of a section playing the same set in a round share it (a relay)."""
    marked = []
    for s in seatings:
        partners = tuple(o.table for o in seatings
                         if o.section == s.section and o.table != s.table and o.boards == s.boards)
        marked.append(Seating(s.table, s.ns_pair, s.ew_pair, s.boards, s.section, partners))
    return tuple(marked)


def relay_stands(tables: int) -> tuple[tuple[int, int, int], ...]:
    """Relay stands of a cyclic Howell: (stands, table, next table up) for each gap.

    Boards move from each table to the one numbered below it (table 1's go to table T); where
    the circuit has a gap the sets wait on that many stands between the two tables.
    """
    starter = STARTERS.get(tables)
    if starter is None:
        return ()
    cycle = 2 * tables - 1
    sets = [board_set for _, _, board_set in starter]
    gaps = []
    for i, here in enumerate(sets):
        above = sets[i + 1] if i + 1 < len(sets) else cycle + 1
        if above - here > 1:
            gaps.append((above - here - 1, i + 1, i + 2 if i + 1 < len(sets) else 1))
    return tuple(gaps)


def _notes(tables: int, mode: HalfTable | None, phantom: int | None) -> tuple[str, ...]:
    if tables == 2:
        notes = ["Both tables play the same boards every round and pass them across (a relay)."]
    elif tables == 3:
        notes = ["Follow the table cards (schedule 5howel06); in the last round all three "
                 "tables share one set."]
    else:
        notes = [f"Pair {2 * tables} stays North-South at table 1; every other pair moves to "
                 "the seat of the pair numbered one below (pair 1 to pair "
                 f"{2 * tables - 1}'s seat).",
                 "Boards move to the next lower table (table 1's to the highest table)."]
        for stands, low, high in relay_stands(tables):
            plural = "s" if stands > 1 else ""
            notes.append(f"{stands} relay stand{plural} between tables {low} and {high}.")
    if mode is HalfTable.SIT_OUT:
        notes.append(f"Pair {phantom} is missing: its opponents sit out.")
    elif mode is HalfTable.PHANTOM:
        notes.append(f"Pair {phantom} is a phantom pair.")
    return tuple(notes)
