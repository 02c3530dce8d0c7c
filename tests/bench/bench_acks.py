"""Acknowledgement latency of 100 terminals submitting a round each, over real websockets.

A real `traveller serve` (gevent) runs on loopback; 100 python-socketio clients (asyncio, in
one process, so the load generator does not starve the server of the machine's two cores)
connect to `/table` as 100 tables, wait at a barrier, then each enters its round's boards one
after the other, as a table would. Latency is from emit to ack. After the run the event file is read
back: every acknowledged result must be there (the loss count must be 0).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import socketio

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.conftest import served_event

# A session of 9 rounds of 3 boards (27 boards, as GABSI's 22-28-board sessions, K4.1).
ROUNDS = 9
# 100 tables as four sections of 25 on the same boards (a Mitchell has at most 40 tables).
SECTIONS = 4


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def _terminal(base_url: str, token: str, barrier: asyncio.Barrier, pace: float,
                    latencies: list[float], acked: list[str], failures: list[str]) -> None:
    client = socketio.AsyncClient(reconnection=False)
    first_state: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

    @client.on("state", namespace="/table")
    async def on_state(state: dict[str, Any]) -> None:
        if not first_state.done():
            first_state.set_result(state)

    try:
        await client.connect(base_url, namespaces=["/table"], auth={"token": token},
                             transports=["websocket"], wait_timeout=30)
        boards = (await asyncio.wait_for(first_state, 30))["boards"]
        await asyncio.wait_for(barrier.wait(), 60)
        rng = random.Random(token)
        for board in boards:
            if pace:
                await asyncio.sleep(rng.uniform(0, pace))
            op_id = str(uuid.uuid4())
            start = time.perf_counter()
            ack = await client.call("submit_result", {"op_id": op_id, "board": board,
                                                      "contract": "4S", "declarer": "N",
                                                      "tricks": 10},
                                    namespace="/table", timeout=60)
            elapsed = (time.perf_counter() - start) * 1000
            if ack.get("ok"):
                latencies.append(elapsed)
                acked.append(op_id)
            else:
                failures.append(str(ack))
    except Exception as exc:  # a bench reports, it does not stop at the first error
        failures.append(repr(exc))
    finally:
        await client.disconnect()


async def _field(base_url: str, rows: list[dict[str, Any]],
                 pace: float) -> tuple[list[float], list[str], list[str], float]:
    barrier = asyncio.Barrier(len(rows))
    latencies: list[float] = []
    acked: list[str] = []
    failures: list[str] = []
    wall = time.perf_counter()
    await asyncio.gather(*(_terminal(base_url, str(r["token"]), barrier, pace, latencies,
                                     acked, failures) for r in rows))
    return latencies, acked, failures, time.perf_counter() - wall


def one_run(terminals: int, pace: float = 0.0) -> dict[str, float]:
    """One field of `terminals` tables; `pace` > 0 spreads each entry over 0..pace seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        server = served_event(Path(tmp), tables=terminals // SECTIONS, rounds=ROUNDS,
                              sections=SECTIONS).start()
        try:
            latencies, acked, failures, wall = asyncio.run(_field(server.base_url,
                                                                  server.tables(), pace))
        finally:
            server.stop()
        with sqlite3.connect(server.db_path) as db:
            stored = {r[0] for r in db.execute("select op_id from results")}
        return {
            "acks": len(acked),
            "lost": len([op for op in acked if op not in stored]),
            "failures": len(failures),
            "p50_ms": statistics.median(latencies) if latencies else float("nan"),
            "p99_ms": percentile(latencies, 99) if latencies else float("nan"),
            "max_ms": max(latencies) if latencies else float("nan"),
            "wall_s": wall,
        }


def report(title: str, results: list[dict[str, float]]) -> None:
    print(title)
    for i, r in enumerate(results, 1):
        print(f"  run {i}: acks {r['acks']:.0f}  lost {r['lost']:.0f}  errors {r['failures']:.0f}"
              f"  p50 {r['p50_ms']:.1f} ms  p99 {r['p99_ms']:.1f} ms  max {r['max_ms']:.1f} ms"
              f"  wall {r['wall_s']:.2f} s")
    print(f"  median of runs: p50 {statistics.median(r['p50_ms'] for r in results):.1f} ms, "
          f"p99 {statistics.median(r['p99_ms'] for r in results):.1f} ms, "
          f"lost {sum(r['lost'] for r in results):.0f}, "
          f"errors {sum(r['failures'] for r in results):.0f}")


def main(terminals: int = 100, runs: int = 3) -> None:
    report(f"ack latency, burst: {terminals} terminals submit a round of 3 boards each, all at "
           f"once (websocket on loopback, gevent server, {runs} runs)",
           [one_run(terminals) for _ in range(runs)])
    report(f"ack latency, paced: the same {terminals} terminals, each entry 0-3 s after the "
           f"last ({runs} runs)",
           [one_run(terminals, pace=3.0) for _ in range(runs)])


if __name__ == "__main__":
    main()
