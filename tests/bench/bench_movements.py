"""Movements and pairings: how long the director waits for a schedule or a Swiss draw.

- A Swiss teams round for 300 teams after 5 rounds (target under 1 s): a field simulated with
  random strengths and results, then round 6 paired by K16 (no repeats) and as a last round.
- Movements for 40 tables (target under 50 ms each): a Mitchell (skip, and relay and bye
  stand), a barometer, built and checked (`Movement.problems()`); and the 12-table Howell.

Medians of several runs, in milliseconds.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from server.movements import (
    barometer,
    howell,
    mitchell,
    swiss_teams_round,
)
from server.movements.barometer import orientation
from tests.unit.test_swiss import simulate


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print("movements and pairings (medians)")
    field, previous = simulate(300, 5, seed=2008)
    teams = [s.team for s in field]
    rnd = swiss_teams_round(6, teams, field, previous)
    swiss = median_ms(lambda: swiss_teams_round(6, teams, field, previous), 7)
    last = median_ms(lambda: swiss_teams_round(6, teams, field, previous, last_round=True), 7)
    print(f"  Swiss teams, 300 teams after 5 rounds, round 6 (no repeats):"
          f" {swiss:7.1f} ms  (target < 1000; repeats: {len(rnd.repeats)})")
    print(f"  Swiss teams, 300 teams, pure last-round pairing:           {last:7.1f} ms")

    def checked(build: Callable[[], object]) -> Callable[[], object]:
        def work() -> object:
            movement = build()
            assert not movement.problems()  # type: ignore[attr-defined]
            return movement
        return work

    cases = [
        ("Mitchell, 40 tables, skip (39 rounds)", lambda: mitchell(40, 2)),
        ("Mitchell, 40 tables, relay and bye stand", lambda: mitchell(40, 2, even="relay")),
        ("Mitchell, 39 tables, 3 sections", lambda: mitchell(39, 2, sections=3)),
        ("barometer, 40 tables (79 rounds)", lambda: barometer(40, 1)),
        ("Howell, 12 tables (23 rounds)", lambda: howell(12, 2)),
    ]
    for name, build in cases:
        taken = median_ms(checked(build), 9)
        print(f"  {name + ', built and checked:':56} {taken:7.1f} ms  (target < 50)")
    def cold_barometer() -> object:
        orientation.cache_clear()
        return barometer(39, 1)

    cold = median_ms(cold_barometer, 3)
    print(f"  {'barometer, 39 tables, directions searched afresh:':56} {cold:7.1f} ms")


if __name__ == "__main__":
    main()
