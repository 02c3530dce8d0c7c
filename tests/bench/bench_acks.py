"""Acknowledgement latency of 500 terminals submitting a round each, over real websockets,
beside a bare Flask-SocketIO echo under the same load.

A real `traveller serve` (gevent) runs on loopback with 20 sections of 25 tables; 500
python-socketio clients (asyncio, in one process, so the load generator does not starve the
server of the machine's two cores) connect to `/table` as 500 tables, wait at a barrier, then
each enters its round's 3 boards one after the other, as a table would, and stays until a state
pushed to it holds all three (the pushes are part of the server's work). Latency is from emit
to ack. After the run the event file is read back: every acknowledged result must be there (the
loss count must be 0). The server's peak memory is its VmHWM, its CPU time from /proc.

The same clients, with the same tokens and the same pacing, then load `echo_server.py`: the same
transport acknowledging at once without storing anything. The p99 ratio server/echo, both
measured in the same run on the same machine, is the figure to hold (issue 14: within 1.2x).
A third field loads the echo pushing, after each acknowledgement, a table's state as the server
sends it (the clients wait for those as they do for the server's): the transport of the whole
protocol, storing nothing. The server's ratio to it says what checking and storing cost; the
difference between the two echoes, what receiving the states costs the clients.

Run alone with `python -m tests.bench.bench_acks [TERMINALS] [RUNS]` or through `make bench`.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import socketio

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from server.store import Store
from server.table.state import table_state
from tests.conftest import REPO, free_port, served_event

# A session of 9 rounds of 3 boards (27 boards, as GABSI's 22-28-board sessions, K4.1).
ROUNDS = 9
# 25 tables a section on the same boards (a Mitchell has at most 40 tables).
TABLES_PER_SECTION = 25
ECHO = Path(__file__).with_name("echo_server.py")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def peak_memory_mb(pid: int) -> float:
    """A process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _terminal(base_url: str, token: str, barrier: asyncio.Barrier, pace: float,
                    latencies: list[float], acked: list[str], failures: list[str],
                    settle: bool) -> None:
    """One table: connect, wait for the others, enter the round's boards; with `settle`, stay
    until a pushed state holds all of them (the server's pushes are part of its load)."""
    client = socketio.AsyncClient(reconnection=False)
    first_state: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    mine: set[str] = set()
    seen: set[str] = set()
    settled = asyncio.Event()

    @client.on("state", namespace="/table")
    async def on_state(state: dict[str, Any]) -> None:
        if not first_state.done():
            first_state.set_result(state)
        seen.update(str(r.get("op_id")) for r in state.get("results", []))
        if mine and mine <= seen:
            settled.set()

    try:
        await client.connect(base_url, namespaces=["/table"], auth={"token": token},
                             transports=["websocket"], wait_timeout=60)
        boards = (await asyncio.wait_for(first_state, 60))["boards"]
        await asyncio.wait_for(barrier.wait(), 120)
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
                mine.add(op_id)
            else:
                failures.append(str(ack))
        if settle and mine and not mine <= seen:
            await asyncio.wait_for(settled.wait(), 60)
    except Exception as exc:  # a bench reports, it does not stop at the first error
        failures.append(repr(exc))
    finally:
        await client.disconnect()


async def _field(base_url: str, tokens: list[str], pace: float,
                 settle: bool) -> tuple[list[float], list[str], list[str], float]:
    barrier = asyncio.Barrier(len(tokens))
    latencies: list[float] = []
    acked: list[str] = []
    failures: list[str] = []
    wall = time.perf_counter()
    await asyncio.gather(*(_terminal(base_url, token, barrier, pace, latencies, acked, failures,
                                     settle) for token in tokens))
    return latencies, acked, failures, time.perf_counter() - wall


def _figures(latencies: list[float], acked: list[str], failures: list[str],
             wall: float) -> dict[str, float]:
    return {
        "acks": len(acked),
        "failures": len(failures),
        "p50_ms": statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": percentile(latencies, 99) if latencies else float("nan"),
        "max_ms": max(latencies) if latencies else float("nan"),
        "wall_s": wall,
    }


def server_run(tmp: Path, terminals: int, pace: float) -> tuple[dict[str, float], list[str],
                                                              dict[str, Any]]:
    """One field against a real `traveller serve`; also returns the tokens it used and its
    first table's state as the server sent it at the start."""
    server = served_event(tmp, tables=TABLES_PER_SECTION, rounds=ROUNDS,
                          sections=terminals // TABLES_PER_SECTION).start()
    tokens = [str(r["token"]) for r in server.tables()]
    store = Store.open(server.db_path)
    try:
        state = table_state(store, store.tables()[0], int(time.time() * 1000))
    finally:
        store.close()
    assert server.proc is not None
    try:
        cpu = cpu_seconds(server.proc.pid)
        result = asyncio.run(_field(server.base_url, tokens, pace, settle=True))
        cpu = cpu_seconds(server.proc.pid) - cpu
        memory = peak_memory_mb(server.proc.pid)
    finally:
        server.stop()
    acked = result[1]
    with sqlite3.connect(server.db_path) as db:
        stored = {r[0] for r in db.execute("select op_id from results")}
    return _figures(*result) | {"lost": len([op for op in acked if op not in stored]),
                                "memory_mb": memory, "cpu_s": cpu}, tokens, state


def echo_run(tokens: list[str], pace: float, state: Path | None = None) -> dict[str, float]:
    """The same field against the bare echo server; with `state` (a JSON file), the echo
    pushes it after each acknowledgement and the clients wait for those pushes."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(ECHO), str(port),
                             *([str(state)] if state else [])], cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the echo server did not start") from None
                time.sleep(0.1)
        cpu = cpu_seconds(proc.pid)
        # The silent echo pushes nothing after the first state: nothing to wait for.
        result = asyncio.run(_field(f"http://127.0.0.1:{port}", tokens, pace,
                                    settle=state is not None))
        cpu = cpu_seconds(proc.pid) - cpu
        memory = peak_memory_mb(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return _figures(*result) | {"lost": 0, "memory_mb": memory, "cpu_s": cpu}


def _line(name: str, r: dict[str, float]) -> str:
    return (f"{name}: acks {r['acks']:.0f}  errors {r['failures']:.0f}  lost {r['lost']:.0f}"
            f"  p50 {r['p50_ms']:.1f} ms  p99 {r['p99_ms']:.1f} ms  max {r['max_ms']:.1f} ms"
            f"  wall {r['wall_s']:.2f} s  CPU {r['cpu_s']:.2f} s"
            f"  peak memory {r['memory_mb']:.0f} MB")


def compare(title: str, terminals: int, runs: int, pace: float) -> dict[str, float]:
    """`runs` pairs of fields, server then echo on the same tokens; prints each run and the
    medians, and returns the medians."""
    print(title, flush=True)
    servers: list[dict[str, float]] = []
    echoes: list[dict[str, float]] = []
    pushing: list[dict[str, float]] = []
    for i in range(1, runs + 1):
        with tempfile.TemporaryDirectory() as tmp:
            server, tokens, state = server_run(Path(tmp), terminals, pace)
            echo = echo_run(tokens, pace)
            state_file = Path(tmp) / "state.json"
            state_file.write_text(json.dumps(state))
            echo_states = echo_run(tokens, pace, state_file)
        servers.append(server)
        echoes.append(echo)
        pushing.append(echo_states)
        print(f"  run {i} {_line('server', server)}\n"
              f"        {_line('echo  ', echo)}\n"
              f"        {_line('echo+states', echo_states)}\n"
              f"        p99 ratio {server['p99_ms'] / echo['p99_ms']:.2f} to the echo, "
              f"{server['p99_ms'] / echo_states['p99_ms']:.2f} to the echo pushing states",
              flush=True)

    def median(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    summary = {
        "server_p50_ms": median(servers, "p50_ms"), "server_p99_ms": median(servers, "p99_ms"),
        "echo_p50_ms": median(echoes, "p50_ms"), "echo_p99_ms": median(echoes, "p99_ms"),
        "ratio": statistics.median(s["p99_ms"] / e["p99_ms"] for s, e in zip(servers, echoes,
                                                                              strict=True)),
        "states_p99_ms": median(pushing, "p99_ms"),
        "states_ratio": statistics.median(s["p99_ms"] / e["p99_ms"]
                                          for s, e in zip(servers, pushing, strict=True)),
        "memory_mb": max(s["memory_mb"] for s in servers),
        "cpu_ratio": median(servers, "cpu_s") / median(echoes, "cpu_s"),
        "lost": sum(s["lost"] for s in servers),
        "errors": sum(s["failures"] for s in servers)
        + sum(e["failures"] for e in echoes + pushing),
    }
    print(f"  median of runs: server p50 {summary['server_p50_ms']:.1f} ms, p99 "
          f"{summary['server_p99_ms']:.1f} ms; echo p50 {summary['echo_p50_ms']:.1f} ms, p99 "
          f"{summary['echo_p99_ms']:.1f} ms; p99 ratio {summary['ratio']:.2f} (goal <= 1.2); "
          f"echo pushing states p99 {summary['states_p99_ms']:.1f} ms, ratio "
          f"{summary['states_ratio']:.2f}; "
          f"server CPU {summary['cpu_ratio']:.1f}x the echo's; "
          f"server peak memory {summary['memory_mb']:.0f} MB; lost {summary['lost']:.0f}; "
          f"errors {summary['errors']:.0f}", flush=True)
    return summary


def main(terminals: int = 500, runs: int = 5) -> None:
    sections = terminals // TABLES_PER_SECTION
    compare(f"ack latency, burst: {terminals} terminals ({sections} sections of "
            f"{TABLES_PER_SECTION} tables) submit a round of 3 boards each, all at once, against "
            f"`traveller serve` and a bare Flask-SocketIO gevent echo (websocket on loopback, "
            f"{runs} runs)", terminals, runs, pace=0.0)
    compare(f"ack latency, paced: the same {terminals} terminals, each entry 0-3 s after the "
            f"last ({runs} runs)", terminals, runs, pace=3.0)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
