"""Whole competitions in the simulator: how long `traveller simulate` takes.

- A whole League II season (D5: 64 teams in four groups, 15 + 5 or 6 matches of 24 boards,
  the play-offs of 72 boards; about 46 000 table results), target under 30 s;
- a League I season with its barrage (D4);
- the open pairs championship with 120 pairs (K4: pools, top-integral semi-final, barometer
  final; every session scored by matchpoints with K17.3);
- the Bupati Swiss pairs with 60 pairs (KC1: datum over the field, delayed pairing).

Medians of three runs, with the table results each played, so the figures compare as a rate.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from server.competition import simulate
from server.formats import load_preset

RUNS = 3
CASES = (("pzbs-league-2.toml", None, 30.0), ("pzbs-league-1.toml", None, None),
         ("gabsi-open-pairs.toml", 120, None), ("gabsi-bupati-swiss-pairs.toml", 60, None))


def main() -> None:
    print("whole competitions in the simulator (medians of 3 runs)")
    for name, entries, target in CASES:
        preset = load_preset(ROOT / "seeds" / name)
        times = []
        boards = 0
        for seed in range(1, RUNS + 1):
            start = time.perf_counter()
            result = simulate(preset, seed=seed, entries=entries)
            times.append(time.perf_counter() - start)
            boards = result.boards_played
        median = statistics.median(times)
        goal = f"  (target < {target:.0f} s)" if target else ""
        print(f"  {name:<32} {median:6.2f} s  {boards:6d} table results, "
              f"{boards / median:8.0f} a second{goal}")


if __name__ == "__main__":
    main()
