"""Movements and pairings: how long the director waits for a schedule or a Swiss draw.

- A Swiss teams round for 300 teams after 5 rounds (target under 1 s): a field simulated with
  random strengths and results, then round 6 paired by K16 (no repeats) and as a last round.
- Movements for 40 tables (target under 50 ms each): a Mitchell (skip, and relay and bye
  stand), a barometer, built and checked (`Movement.problems()`); and the 12-table Howell.

Medians of several runs, in milliseconds.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from server.movements import (
    SwissRound,
    TeamStanding,
    barometer,
    howell,
    mitchell,
    swiss_teams_round,
)
from server.movements.barometer import orientation


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def swiss_field(teams: int, rounds: int, seed: int = 2008) -> tuple[list[TeamStanding],
                                                                    list[SwissRound]]:
    rng = random.Random(seed)
    strength = {t: rng.gauss(0, 1) for t in range(1, teams + 1)}
    totals = {t: TeamStanding(t) for t in strength}
    previous: list[SwissRound] = []
    for number in range(1, rounds + 1):
        rnd = swiss_teams_round(number, list(strength), list(totals.values()), previous)
        previous.append(rnd)
        for m in rnd.matches:
            margin = round(8 * (strength[m.home] - strength[m.away]) + rng.gauss(0, 12))
            home_won = max(margin, 0) + rng.randint(5, 30)
            vp = max(0.0, min(20.0, 10 + margin / 3))
            for team, won, lost, got in ((m.home, home_won, home_won - margin, vp),
                                         (m.away, home_won - margin, home_won, 20 - vp)):
                t = totals[team]
                totals[team] = TeamStanding(team, t.vp + got, t.imps_won + won,
                                            t.imps_lost + lost)
    return list(totals.values()), previous


def main() -> None:
    print("movements and pairings (medians)")
    field, previous = swiss_field(300, 5)
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
