"""Backups while serving: the tables' acknowledgement latency with backups running beside it,
against the same field with none, in the same run.

A real `traveller serve` (gevent) runs on loopback, once plain and once with `--backup DIR
--backup-every 0.02` (a backup every 1.2 s whenever something changed, far more often than the
5 minutes of a venue). The event file is padded with a large audit so each copy has work to do.
Paced terminals (python-socketio clients, asyncio, in one process) enter their boards; the
figures are the acknowledgement p50 and p99 of both runs and their ratio, how many backups were
made, their size, and that every acknowledged result is in the file (the loss count).
"""

from __future__ import annotations

import asyncio
import json
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

from server.store.backup import backups
from tests.conftest import served_event

TABLES = 21
SECTIONS = 3
ROUNDS = 4
PACE_S = 2.0
PADDING_MB = 20


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def _table(base_url: str, token: str, latencies: list[float], acked: list[str]) -> None:
    client = socketio.AsyncClient(reconnection=False)
    states: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    client.on("state", states.put, namespace="/table")
    await client.connect(base_url, namespaces=["/table"], auth={"token": token},
                         transports=["websocket"], wait_timeout=30)
    rng = random.Random(token)
    try:
        for _ in range(ROUNDS):
            state = await client.call("get_state", {}, namespace="/table", timeout=30)
            boards = state["state"]["boards"]
            if not boards:
                break
            for board in boards:
                await asyncio.sleep(rng.uniform(0, PACE_S))
                op_id = uuid.uuid4().hex
                start = time.perf_counter()
                ack = await client.call("submit_result", {
                    "op_id": op_id, "board": board, "contract": "4S", "declarer": "N",
                    "tricks": 10}, namespace="/table", timeout=60)
                if ack.get("ok"):
                    latencies.append((time.perf_counter() - start) * 1000)
                    acked.append(op_id)
    finally:
        await client.disconnect()


def pad(db_path: Path) -> None:
    """A long day's audit: each backup copies the whole file."""
    with sqlite3.connect(db_path) as db:
        row = json.dumps({"padding": "x" * 1000})
        db.executemany("insert into audit (at_ms, actor, action, entity, entity_id, old, new, "
                       "why) values (0, 'bench', 'padding', 'bench', '', null, ?, '')",
                       [(row,)] * (PADDING_MB * 1000))


def one_run(with_backups: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        server = served_event(Path(tmp), tables=TABLES // SECTIONS, rounds=ROUNDS,
                              sections=SECTIONS)
        pad(server.db_path)
        stick = Path(tmp) / "stick"
        stick.mkdir()
        if with_backups:
            server.args = ["--backup", str(stick), "--backup-every", "0.02"]
        server.start()
        latencies: list[float] = []
        acked: list[str] = []
        try:
            rows = server.tables()

            async def field() -> None:
                await asyncio.gather(*(_table(server.base_url, str(r["token"]), latencies,
                                              acked) for r in rows))

            asyncio.run(field())
        finally:
            server.stop()
        with sqlite3.connect(server.db_path) as db:
            stored = {r[0] for r in db.execute("select op_id from results")}
        made = backups(stick)
        return {
            "acks": len(acked), "lost": len([op for op in acked if op not in stored]),
            "p50": statistics.median(latencies), "p99": percentile(latencies, 99),
            "backups": len(made),
            "size_mb": made[-1].stat().st_size / 1e6 if made else 0.0,
            "log": server.log().count("backup failed"),
        }


def main() -> None:
    plain, backed = one_run(False), one_run(True)
    print(f"backups while serving: {TABLES} tables, {ROUNDS} rounds of 3 boards, an entry every "
          f"0-{PACE_S:g} s per table, event file padded to ~{PADDING_MB} MB")
    for name, r in (("no backups", plain), ("backups every 1.2 s", backed)):
        print(f"  {name:<20} acks {r['acks']}  lost {r['lost']}  p50 {r['p50']:.1f} ms  "
              f"p99 {r['p99']:.1f} ms  backups {r['backups']} ({r['size_mb']:.1f} MB each, "
              f"{r['log']} failed)")
    print(f"  ratio with/without backups: p50 {backed['p50'] / plain['p50']:.2f}x, "
          f"p99 {backed['p99'] / plain['p99']:.2f}x")


if __name__ == "__main__":
    main()
