"""Whole competitions in the simulator: how long `traveller simulate` takes.

- A whole League II season (D5: 64 teams in four groups, 15 + 5 or 6 matches of 24 boards,
  the play-offs of 72 boards; about 46 000 table results), target under 30 s;
- a League I season with its barrage (D4);
- the open pairs championship with 120 pairs (K4: pools, top-integral semi-final, barometer
  final; every session scored by matchpoints with K17.3);
- the Bupati Swiss pairs with 60 pairs (KC1: datum over the field, delayed pairing).

Medians of three runs, with the table results each played, so the figures compare as a rate.

Then `traveller robots --to-the-end` on an event file of League I and of League II: the same
competitions played through the tables' use cases and the store (every result a committed
transaction, audited; D2.1 line-ups, KD1 confirmations, the robot director's decisions and
advances), beside the simulator's time for the same seed, as a ratio.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from server.competition import simulate
from server.formats import load_preset
from server.stages.create import create_competition
from server.stages.rehearsal import rehearse

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
    print("the same in an event file, `traveller robots --to-the-end` (one run, seed 1)")
    for name in ("pzbs-league-1.toml", "pzbs-league-2.toml"):
        start = time.perf_counter()
        simulate(load_preset(ROOT / "seeds" / name), seed=1)
        model = time.perf_counter() - start
        with tempfile.TemporaryDirectory() as tmp:
            store = create_competition(Path(tmp) / "event.db", (ROOT / "seeds" / name)
                                       .read_text(), entries=None, password="bench-password",
                                       base_url="http://127.0.0.1")
            start = time.perf_counter()
            done = rehearse(store, 1, lambda: int(time.time() * 1000), to_the_end=True)
            took = time.perf_counter() - start
            store.close()
        print(f"  {name:<32} {took:6.2f} s  {done.results:6d} results entered "
              f"({took / done.results * 1000:.2f} ms each), {len(done.advances)} advances; "
              f"{took / model:5.1f}x the simulator's {model:.2f} s")


if __name__ == "__main__":
    main()
