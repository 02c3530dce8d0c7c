"""The barometer movement (K4.3): every table plays the same boards in the same round.

Each table has its own copy of the round's boards, so all results on a board are in as soon as
the round ends and the ranking can be shown after every round. The opponents follow a complete
round robin of the 2T pairs (2T - 1 rounds): pair 2T stays at table 1, every other pair moves
to the seat of the pair numbered one below, as in a Howell. Since everybody plays the same
boards at once, balance depends only on directions; they are chosen so that every two pairs sit
in the same direction (are compared) as equally often as possible: up to 12 tables by the
searched starters below (the best a cyclic schedule can do), beyond that exactly equally when
2T - 1 is a prime of the form 4k + 3 (the quadratic-residue pattern), else by a local search.
"""

from __future__ import annotations

import functools

from .base import Movement, MovementError, Round, Seating, section_letters

MIN_TABLES, MAX_TABLES = 2, 40

# Round 1 (NS pair, EW pair) at tables 1..T, found by a search for the best balance a cyclic
# schedule can reach: every two pairs compared equally often with an even number of tables,
# within one of the mean with an odd number.
STARTERS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((4, 1), (3, 2)),
    3: ((6, 1), (5, 2), (3, 4)),
    4: ((8, 1), (7, 2), (6, 3), (4, 5)),
    5: ((10, 1), (8, 2), (5, 3), (9, 4), (6, 7)),
    6: ((12, 1), (11, 2), (3, 10), (9, 4), (8, 5), (7, 6)),
    7: ((14, 1), (2, 7), (10, 3), (8, 4), (5, 6), (9, 12), (11, 13)),
    8: ((16, 1), (2, 7), (6, 3), (10, 4), (5, 13), (8, 12), (9, 11), (15, 14)),
    9: ((18, 1), (2, 9), (3, 4), (5, 17), (6, 12), (16, 7), (8, 11), (14, 10), (15, 13)),
    10: ((20, 1), (19, 2), (3, 18), (4, 17), (16, 5), (15, 6), (14, 7), (13, 8), (9, 12),
         (11, 10)),
    11: ((22, 1), (2, 6), (10, 3), (13, 4), (21, 5), (7, 20), (8, 19), (9, 15), (11, 12),
         (17, 14), (16, 18)),
    12: ((24, 1), (23, 2), (22, 3), (21, 4), (20, 5), (6, 19), (18, 7), (8, 17), (16, 9),
         (15, 10), (11, 14), (12, 13)),
}


def barometer(tables: int, boards_per_round: int, rounds: int | None = None, *,
              sections: int = 1) -> Movement:
    """A barometer for 2T pairs at T tables: 2T - 1 rounds, or the first `rounds` of them."""
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(f"a barometer has {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    cycle = 2 * tables - 1
    total = cycle if rounds is None else rounds
    if not 1 <= total <= cycle:
        raise MovementError(f"a {tables}-table barometer has 1 to {cycle} rounds, not {total}")
    starter = starter_for(tables)
    stationary = 2 * tables
    letters = section_letters(sections)
    built = []
    for r in range(total):
        first = r * boards_per_round + 1
        boards = tuple(range(first, first + boards_per_round))

        def turn(pair: int, r: int = r) -> int:
            return pair if pair == stationary else (pair - 1 + r) % cycle + 1

        seatings = tuple(
            Seating(table, turn(ns), turn(ew), boards, letter)
            for letter in letters
            for table, (ns, ew) in enumerate(starter, start=1)
        )
        built.append(Round(r + 1, seatings))
    return Movement(
        kind="barometer", tables=tables, boards_per_round=boards_per_round,
        rounds=tuple(built), sections=letters, duplicated=True,
        notes=(f"Every table plays the same boards each round, from its own copy (round r: "
               f"boards {boards_per_round}(r - 1) + 1 to {boards_per_round}r).",
               f"Pair {stationary} stays North-South at table 1; every other pair moves to the "
               "seat of the pair numbered one below."),
    )


def starter_for(tables: int) -> tuple[tuple[int, int], ...]:
    """Round 1 of the barometer: the searched table up to 12 tables, else built."""
    if tables in STARTERS:
        return STARTERS[tables]
    cycle = 2 * tables - 1
    north = orientation(tables)
    rows = [(2 * tables, 1) if north[0] < 0 else (1, 2 * tables)]
    for i in range(1, tables):
        a, b = i, cycle - i
        rows.append((a + 1, b + 1) if north[a] > 0 else (b + 1, a + 1))
    return tuple(rows)


@functools.cache
def orientation(tables: int) -> tuple[int, ...]:
    """+1 where the pair at each position of the cycle sits North-South, -1 East-West.

    For more than 12 tables: position i (pair i + 1 in round 1) faces position 2T-1-i, and
    position 0 faces the stationary pair, which sits opposite to it. Two moving pairs d apart
    are compared in as many rounds as the directions agree at positions d apart, so the aim
    is a flat autocorrelation.
    """
    cycle = 2 * tables - 1
    if cycle % 4 == 3 and _is_prime(cycle):
        residues = {(x * x) % cycle for x in range(1, cycle)}
        return (1, *(1 if y in residues else -1 for y in range(1, cycle)))
    north = [1] * cycle
    for i in range(1, tables):
        north[i], north[cycle - i] = (1, -1) if i % 2 else (-1, 1)
    corr = [sum(north[u] * north[(u + k) % cycle] for u in range(cycle)) for k in range(cycle)]
    score = sum((c + 1) ** 2 for c in corr[1:])
    for _ in range(4 * tables):
        best, best_i, best_corr = score, 0, corr
        for i in range(1, tables):
            trial = _flipped(north, corr, (i, cycle - i))
            trial_score = sum((c + 1) ** 2 for c in trial[1:])
            if trial_score < best:
                best, best_i, best_corr = trial_score, i, trial
        if not best_i:
            break
        north[best_i], north[cycle - best_i] = -north[best_i], -north[cycle - best_i]
        score, corr = best, best_corr
    return tuple(north)


def _flipped(north: list[int], corr: list[int], flips: tuple[int, int]) -> list[int]:
    """The autocorrelation after turning the positions in `flips` round, in O(cycle)."""
    cycle = len(north)

    def value(x: int) -> int:
        return -north[x] if x in flips else north[x]

    new = list(corr)
    for k in range(1, cycle):
        touched = {flips[0], flips[1], (flips[0] - k) % cycle, (flips[1] - k) % cycle}
        for u in touched:
            v = (u + k) % cycle
            new[k] += value(u) * value(v) - north[u] * north[v]
    return new


def _is_prime(n: int) -> bool:
    return n > 1 and all(n % p for p in range(2, int(n**0.5) + 1))
