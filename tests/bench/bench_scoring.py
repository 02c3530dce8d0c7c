"""Field scoring against a peer: matchpoints, Butler and cross-IMPs of a 400-pair field.

A field of 52 boards each played 200 times (a 200-table Mitchell, 400 pairs) is generated
deterministically from real contracts (server.bridge scores them), then scored by
matchpoints, Butler and cross-IMPs, by us and by the pure-JavaScript npm package
``bridge-scorer`` 2.4.x run with node on the same field in the same run
(``tests/bench/peer/run.mjs``; ``npm ci`` in ``tests/bench/peer`` installs it). Each side
times every method over the 52 boards, several runs after one warm-up, and reports the median.
Both sides' numbers are compared one by one. Last, the live update: one new result into a
:class:`LiveMatchpoints` holding the rest of the field, then the full ranking, per board.

The Butler datum is configured as the peer makes it (drop ceil((n - 10) / 15) + 1 results
from each end when n > 3, i.e. 14 of 200; round half up, as JavaScript's ``Math.round``), and
cross-IMPs are averaged over the n - 1 comparisons as the peer does, so the numbers must agree.
"""

from __future__ import annotations

import json
import math
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from server.bridge import Board, Contract, Seat, ns_score
from server.scoring.butler import DatumRule, Rounding, butler, cross_imps
from server.scoring.matchpoints import (
    BoardResult,
    LiveMatchpoints,
    Movement,
    matchpoints,
    score_pairs,
)

BOARDS = 52
TABLES = 200
RUNS = 15
SEED = 2008
PEER = Path(__file__).resolve().parent / "peer"

# bridge-scorer's datum: ceil((n - 10) / 15) + 1 dropped from each end once n > 3.
PEER_DATUM = DatumRule(
    drops=((4, 1), *((10 + 15 * (k - 2) + 1, k) for k in range(2, 40))),
    rounding=Rounding.HALF_UP,
)


def _contract_at(rng: random.Random, board: int) -> tuple[str, Seat, int]:
    """A board's par-ish contract: level, strain, declaring seat, and the usual tricks."""
    kind = rng.random()
    strain = rng.choice("CDHSN")
    if kind < 0.4:
        level = rng.choice([1, 2, 2, 3])
    elif kind < 0.85:
        level = {"C": 5, "D": 5, "H": 4, "S": 4, "N": 3}[strain]
    else:
        level = rng.choice([6, 6, 6, 7])
    seat = rng.choice(list(Seat))
    return f"{level}{strain}", seat, level + 6


def generate_field(seed: int = SEED) -> list[list[int]]:
    """52 boards x 200 North-South scores, as tables of a real field would produce them."""
    rng = random.Random(seed)
    field: list[list[int]] = []
    for number in range(1, BOARDS + 1):
        vulnerability = Board(number).vulnerability
        main, seat, tricks = _contract_at(rng, number)
        others = [_contract_at(rng, number) for _ in range(3)]
        scores: list[int] = []
        for _ in range(TABLES):
            roll = rng.random()
            if roll < 0.01:
                scores.append(0)  # passed out
                continue
            code, declarer, expected = main, seat, tricks
            if roll > 0.7:
                code, declarer, expected = rng.choice(others)
            doubled = "X" if rng.random() < 0.06 else ""
            taken = expected + rng.choices([-3, -2, -1, 0, 1, 2], [1, 4, 18, 45, 25, 7])[0]
            taken = max(0, min(13, taken))
            scores.append(ns_score(Contract.parse(code + doubled), declarer, taken,
                                   vulnerability))  # fmt: skip
        field.append(scores)
    return field


def _median_ms(work: Callable[[], Any], runs: int = RUNS) -> tuple[float, Any]:
    work()  # warm-up, as the peer gets one
    times, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        out = work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), out


def ours(field: list[list[int]]) -> dict[str, Any]:
    """Our three methods, each over the 52 boards: median ms and the numbers."""
    mp_ms, mp = _median_ms(lambda: [matchpoints(board) for board in field])
    butler_ms, butlered = _median_ms(lambda: [butler(board, PEER_DATUM) for board in field])
    cross_ms, crossed = _median_ms(lambda: [cross_imps(board, average=True) for board in field])
    return {
        "ms": {"mp": mp_ms, "butler": butler_ms, "cross": cross_ms},
        "mp": mp,
        "butler": {"datum": [d for d, _ in butlered], "imps": [i for _, i in butlered]},
        "cross": crossed,
    }


def peer(field: list[list[int]]) -> dict[str, Any] | None:
    """The peer's figures, or ``None`` (with the reason printed) when it cannot run."""
    node = shutil.which("node")
    if node is None or not (PEER / "node_modules" / "bridge-scorer").is_dir():
        print("  peer: not run (needs node and `npm ci` in tests/bench/peer)")
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "field.json"
        path.write_text(json.dumps({"runs": RUNS, "boards": field}))
        done = subprocess.run([node, str(PEER / "run.mjs"), str(path)], capture_output=True,
                              text=True, timeout=300, check=False)  # fmt: skip
    if done.returncode != 0:
        print(f"  peer: failed: {done.stderr.strip()[:500]}")
        return None
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def mismatches(mine: dict[str, Any], theirs: dict[str, Any]) -> dict[str, int]:
    """How many numbers differ between the two sides, per method."""

    def count(a: list[list[float]], b: list[list[float]]) -> int:
        return sum(not math.isclose(x, y, abs_tol=1e-9) for p, q in zip(a, b, strict=True)
                   for x, y in zip(p, q, strict=True))  # fmt: skip

    datums = sum(x != y for x, y in zip(mine["butler"]["datum"], theirs["butler"]["datum"],
                                        strict=True))  # fmt: skip
    return {
        "mp": count(mine["mp"], theirs["mp"]),
        "butler": count(mine["butler"]["imps"], theirs["butler"]["imps"]) + datums,
        "cross": count(mine["cross"], theirs["cross"]),
    }


def lines_of(field: list[list[int]]) -> list[BoardResult]:
    """The field as a Mitchell's travellers: NS pair t at table t, EW pairs rotating."""
    return [BoardResult.played(number, table + 1, (table + number) % TABLES + 1, score)
            for number, board in enumerate(field, start=1)
            for table, score in enumerate(board)]  # fmt: skip


def live_update(field: list[list[int]]) -> tuple[float, float, float]:
    """Median µs of one new result (board figures and totals), of the ranking, of both."""
    lines = lines_of(field)
    last = {line.board: line for line in lines}  # each board's last table
    live = LiveMatchpoints(Movement.MITCHELL)
    for line in lines:
        if last[line.board] is not line:
            live.add(line)
    adds, ranks, both = [], [], []
    for line in last.values():
        start = time.perf_counter()
        live.add(line)
        middle = time.perf_counter()
        live.standings()
        end = time.perf_counter()
        adds.append((middle - start) * 1e6)
        ranks.append((end - middle) * 1e6)
        both.append((end - start) * 1e6)
    return statistics.median(adds), statistics.median(ranks), statistics.median(both)


def main() -> None:
    field = generate_field()
    distinct = statistics.median(len(set(board)) for board in field)
    print(f"Field scoring: {BOARDS} boards x {TABLES} results ({2 * TABLES} pairs), "
          f"median {distinct:.0f} distinct scores a board, median of {RUNS} runs")  # fmt: skip
    mine = ours(field)
    theirs = peer(field)
    names = {"mp": "matchpoints", "butler": "Butler", "cross": "cross-IMPs (averaged)"}
    for key, name in names.items():
        line = f"  {name:<22} ours {mine['ms'][key]:7.2f} ms"
        if theirs is not None:
            ratio = mine["ms"][key] / theirs["ms"][key]
            line += f"   bridge-scorer {theirs['version']} {theirs['ms'][key]:7.2f} ms   " \
                    f"ours/peer {ratio:.2f}"
        print(line)
    if theirs is not None:
        wrong = mismatches(mine, theirs)
        total = BOARDS * TABLES
        print("  same numbers: " + ", ".join(
            f"{names[k]} {total - v}/{total}" + (f" ({v} MISMATCHES)" if v else "")
            for k, v in wrong.items()))  # fmt: skip
    session_ms, _ = _median_ms(lambda: score_pairs(lines_of(field)), runs=3)
    print(f"  whole session (score_pairs: figures, totals, two rankings) {session_ms:.1f} ms")
    add, rank, both = live_update(field)
    print(f"  live update, 400-pair field: one new result {add:.0f} µs + ranking {rank:.0f} µs"
          f" = {both:.0f} µs (median of {BOARDS}, target < 1000 µs)")  # fmt: skip


if __name__ == "__main__":
    main()
