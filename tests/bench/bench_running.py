"""The running score and the public projector's places by round (issue 15 items 1 and 6).

A Mitchell of 25 tables and 25 rounds of 3 boards, all but the last round played. Reference,
measured in the same run: `score_pairs` over the whole field (what the console always paid).
Figures: the running score as the public sees it (held-back boards counted, not compared), and
the rankings after every round in one pass (`rankings_by_round`) against rescoring every round
with `running_pairs`.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from server.scoring.adjusted import TableResult
from server.scoring.matchpoints import BoardResult, Movement, score_pairs
from server.scoring.running import rankings_by_round, running_pairs

TABLES = 25
BOARDS_PER_ROUND = 3
RUNS = 5
SCORES = [-1100, -200, -100, -50, 90, 110, 140, 400, 420, 450, 460, 620, 1430]


def field() -> tuple[list[BoardResult], dict[tuple[str, int], int], dict[int, int]]:
    """Rounds 1..TABLES-1 of a Mitchell (TABLES odd): in round r, table t plays board set
    (t - r) % TABLES + 1 against East-West pair (t + r - 2) % TABLES + 1."""
    chance = random.Random(15)
    lines = []
    for table in range(1, TABLES + 1):
        for played in range(1, TABLES):
            board_set = (table - played) % TABLES + 1
            for n in range(BOARDS_PER_ROUND):
                board = (board_set - 1) * BOARDS_PER_ROUND + n + 1
                lines.append(BoardResult(board, table, (table + played - 2) % TABLES + 1,
                                         TableResult.played(chance.choice(SCORES)), "A",
                                         played))
    planned = {("A", b): TABLES for b in range(1, TABLES * BOARDS_PER_ROUND + 1)}
    return lines, planned, {}


def median_ms(run: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    lines, planned, shows_after = field()
    rounds = range(1, TABLES)
    print(f"Running score: a {TABLES}-table Mitchell, {len(lines)} results in {TABLES - 1} "
          f"rounds, median of {RUNS} runs")
    reference = median_ms(lambda: score_pairs(lines, movement=Movement.MITCHELL))
    public = median_ms(lambda: running_pairs(lines, planned, movement=Movement.MITCHELL,
                                             shown=set()))
    one_pass = median_ms(lambda: rankings_by_round(lines, planned, shows_after, rounds,
                                                   movement=Movement.MITCHELL))
    every = median_ms(lambda: [running_pairs([x for x in lines if (x.round or 0) <= r],
                                             planned, movement=Movement.MITCHELL, shown=set())
                               for r in rounds])
    print(f"  score_pairs (reference)          {reference:8.1f} ms")
    print(f"  public running score             {public:8.1f} ms   /reference "
          f"{public / reference:.2f}")
    print(f"  places after every round, 1 pass {one_pass:8.1f} ms   /reference "
          f"{one_pass / reference:.2f}")
    print(f"  places after every round, naive  {every:8.1f} ms   /reference "
          f"{every / reference:.2f}")


if __name__ == "__main__":
    main()
