"""`make bench`: every benchmark, each printing its own figures (medians and ratios)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import (
    bench_acks,
    bench_backup,
    bench_competitions,
    bench_login,
    bench_movements,
    bench_printing,
    bench_realsize,
    bench_running,
    bench_scoring,
    bench_teams,
    bench_terminal,
    bench_vp,
)

if __name__ == "__main__":
    for bench in (bench_acks, bench_realsize, bench_login, bench_backup, bench_terminal,
                  bench_scoring, bench_running, bench_vp, bench_movements, bench_teams,
                  bench_competitions, bench_printing):
        bench.main()
        print()
