"""100 000 IMP-to-VP conversions on the WBF 2013 continuous scale, mixed board counts."""

from __future__ import annotations

import random
import statistics
import time

from server.scoring.vp import find_scale


def main(n: int = 100_000, runs: int = 5) -> None:
    scale = find_scale("wbf2013")
    rng = random.Random(1)
    cases = [(rng.uniform(-80, 80), rng.choice((8, 10, 12, 14, 16, 20, 24, 28, 32)))
             for _ in range(n)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for imps, boards in cases:
            scale.convert(imps, boards)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"VP conversions: {n} on wbf2013 in {median * 1000:.0f} ms "
          f"({median / n * 1e6:.2f} µs each, median of {runs} runs)")


if __name__ == "__main__":
    main()
