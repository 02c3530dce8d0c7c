"""The properties a movement is checked for, each with its verdict, for `--check` and the console.

`Movement.problems()` lists every fault of the schedule itself; this module groups them into
named properties and adds what depends on the kind: a Mitchell's EW pairs meet each NS pair at
most once, a Howell or barometer has every pair meet every other exactly once, a round robin
has every team meet every other once (twice when double).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .base import Movement, meetings


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str = ""
    """The first problem found, when not ok."""


_GROUPS = (
    ("every table plays the same number of boards each round", ("boards, not", "out of range")),
    ("no pair or table is seated twice in a round",
     ("sits twice", "appears twice", "plays itself", "sits out and plays")),
    ("no board is at two tables at once (except declared relays)", ("two tables", "shares")),
    ("no pair plays a board twice", ("plays board",)),
)


def check(movement: Movement) -> list[Check]:
    """Every property checked, in a fixed order."""
    problems = movement.problems()
    checks = []
    for name, marks in _GROUPS:
        if movement.duplicated and "two tables" in marks:
            name = "every table plays its own copy of the boards (duplicated)"
        hits = [p for p in problems if any(mark in p for mark in marks)]
        checks.append(Check(name, not hits, hits[0] if hits else ""))
    checks.extend(_meeting_checks(movement))
    return checks


def _meeting_checks(movement: Movement) -> list[Check]:
    met = meetings(movement)
    pairs = movement.pairs
    once = all(count == 1 for count in met.values())
    first_repeat = next((f"pairs {a} and {b} meet {n} times"
                         for (_, a, b), n in met.items() if n > 1), "")
    if movement.kind == "mitchell":
        checks = [Check("each East-West pair meets each North-South pair at most once", once,
                        first_repeat)]
        tables = movement.tables
        same_line = [(a, b) for (_, a, b) in met if (a <= tables) == (b <= tables)]
        checks.append(Check("North-South pairs never meet North-South pairs", not same_line,
                            f"pairs {same_line[0]} meet" if same_line else ""))
        return checks
    times = 1
    name = "every pair meets every other pair exactly once"
    if movement.kind == "roundrobin":
        single = _full_length(movement)
        times = 2 if len(movement.rounds) == 2 * single else 1
        name = "every team meets every other team " + ("twice" if times == 2 else "once")
    if len(movement.rounds) < _full_length(movement) * times:
        return [Check("no two pairs meet twice (a shortened movement)", once, first_repeat)]
    missing = [(a, b) for a, b in itertools.combinations(pairs, 2)
               for s in movement.sections if met.get((s, a, b), 0) != times]
    checks = [Check(name, not missing,
                    f"pairs {missing[0][0]} and {missing[0][1]} do not" if missing else "")]
    if movement.kind == "howell":
        every = set(movement.boards)
        short = [p for p in pairs if _boards_of(movement, p) != every]
        checks.append(Check("every pair plays every board once", not short,
                            f"pair {short[0]} misses boards" if short else ""))
    return checks


def _full_length(movement: Movement) -> int:
    """Rounds of the complete movement (one leg of a round robin)."""
    if movement.kind in ("howell", "barometer"):
        return 2 * movement.tables - 1
    if movement.kind == "roundrobin":
        teams = len(movement.pairs)
        return teams - 1 if teams % 2 == 0 else teams
    return len(movement.rounds)


def _boards_of(movement: Movement, pair: int) -> set[int]:
    return {b for r in movement.rounds for s in r.seatings
            if s.section == movement.sections[0] and pair in (s.ns_pair, s.ew_pair)
            for b in s.boards}
