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
A third field loads the echo pushing, after each acknowledgement, a message of the size the
server pushed after a result (its median `state_patch`; the clients apply those as they do the
server's): the transport of the whole protocol, storing nothing. The server's ratio to it says
what checking and storing cost; the difference between the two echoes, what receiving the pushes
costs the clients. Each terminal counts the Socket.IO payload of every `state` and `state_patch`
it receives (the bytes a table's Wi-Fi carries, less the WebSocket frames).

Run alone with `python -m tests.bench.bench_acks [TERMINALS] [RUNS]` or through `make bench`.
"""

from __future__ import annotations

import asyncio
import gc
import http.cookiejar
import json
import logging
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonpatch
import socketio

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from server.store import Store
from server.table.state import table_state
from tests.conftest import PASSWORD, REPO, ServerProcess, free_port, served_event

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


# A client the server is too busy to answer reports it in the field's errors: not also a line of
# the Engine.IO client's log for each of its packets.
logging.getLogger("engineio.client").setLevel(logging.CRITICAL)

# An event a Socket.IO client receives, as its Engine.IO message: "2", the namespace, then the
# JSON array of the event's name and arguments.
_EVENT = re.compile(r'^2(?:/[^,]*,)?\d*\["([a-z_]+)"')


class Terminal(socketio.AsyncClient):
    """A table's terminal as the bench plays it: it keeps its state as the browser's does (the
    whole `state`, then each `state_patch` applied at its `base`, else the whole state asked
    for again with `get_state`), and counts the Socket.IO payload of every `state` and
    `state_patch` it receives: the JSON of the message as the server framed it, in bytes,
    without the WebSocket frame around it."""

    def __init__(self) -> None:
        super().__init__(reconnection=False)
        self.state: dict[str, Any] | None = None
        self.sizes: list[int] = []
        """The payload of each `state` and `state_patch`, in the order they came."""
        self.patches = 0
        self.resyncs = 0
        """Patches not at this terminal's version (or not applying): the state asked again."""
        self.changed = asyncio.Event()
        # Messages are handled in tasks of their own: one at a time, in the order they came.
        self._turn = asyncio.Lock()
        self.on("state", self._on_state, namespace="/table")
        self.on("state_patch", self._on_patch, namespace="/table")

    async def _handle_eio_message(self, data: Any) -> None:
        if isinstance(data, str):
            event = _EVENT.match(data)
            if event and event.group(1) in ("state", "state_patch"):
                self.sizes.append(len(data.encode()))
        await super()._handle_eio_message(data)

    async def _on_state(self, state: dict[str, Any]) -> None:
        async with self._turn:
            self.state = state
            self.changed.set()

    async def _on_patch(self, change: dict[str, Any]) -> None:
        async with self._turn:
            self.patches += 1
            try:
                if self.state is None or self.state.get("version") != change["base"]:
                    raise jsonpatch.JsonPatchException("not at the patch's base")
                # In place: a copy of the whole state for each patch was most of what the
                # terminals' process did (a patch that fails half-way asks the state again).
                self.state = jsonpatch.apply_patch(self.state, change["patch"], in_place=True)
                self.state["version"] = change["version"]
            except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
                self.resyncs += 1
                ack = await self.call("get_state", {}, namespace="/table", timeout=60)
                self.state = ack["state"]
            self.changed.set()

    def results(self) -> set[str]:
        return {str(r.get("op_id")) for r in (self.state or {}).get("results", [])}


class Console(socketio.AsyncClient):
    """The director's console as its page runs it: the grid whole at connect, then each
    `grid_patch` applied at its base (else the whole grid asked again with `get_grid`); it
    counts the Socket.IO payload of every `grid` and `grid_patch`."""

    def __init__(self) -> None:
        super().__init__(reconnection=False)
        self.grid: dict[str, Any] | None = None
        self.sizes: list[int] = []
        self.asked = 0
        self.on("grid", self._on_grid, namespace="/director")
        self.on("grid_patch", self._on_patch, namespace="/director")

    async def _handle_eio_message(self, data: Any) -> None:
        if isinstance(data, str) and re.match(r'^2/director,\d*\["grid(_patch)?"', data):
            self.sizes.append(len(data.encode()))
        await super()._handle_eio_message(data)

    async def _on_grid(self, grid: dict[str, Any]) -> None:
        self.grid = grid

    async def _on_patch(self, change: dict[str, Any]) -> None:
        if self.grid is not None and self.grid.get("version") == change["base"]:
            self.grid = jsonpatch.apply_patch(self.grid, change["patch"], in_place=True)
        else:
            self.asked += 1
            self.grid = (await self.call("get_grid", {}, namespace="/director",
                                         timeout=60))["grid"]


def director_cookie(base_url: str, password: str) -> str:
    """A director's session cookie, logged in as the console's login page does."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(base_url + "/director/login", timeout=30).read().decode()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf is not None, "the login page has no CSRF token"
    form = urllib.parse.urlencode({"password": password, "csrf_token": csrf.group(1)})
    opener.open(base_url + "/director/login", data=form.encode(), timeout=30).read()
    return "; ".join(f"{c.name}={c.value}" for c in jar)


@dataclass
class Field:
    """What a field of terminals measured."""

    latencies: list[float] = field(default_factory=list)
    acked: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    first: list[int] = field(default_factory=list)
    """Each terminal's first `state`, in bytes."""
    pushed: list[int] = field(default_factory=list)
    """Every `state` and `state_patch` a terminal received during the round, in bytes."""
    per_table: list[int] = field(default_factory=list)
    """The bytes each terminal received during the round."""
    resyncs: int = 0
    wall: float = 0.0
    console: list[int] = field(default_factory=list)
    """Every `grid` and `grid_patch` an open console received during the field, in bytes."""
    console_asked: int = 0


async def _terminal(base_url: str, token: str, barrier: asyncio.Barrier, pace: float,
                    out: Field, settle: bool, boards: int | None) -> None:
    """One table: connect, wait for the others, enter the round's boards (its first `boards`);
    with `settle`, stay until its state holds all of them (the server's pushes are part of its
    load)."""
    client = Terminal()
    try:
        await client.connect(base_url, namespaces=["/table"], auth={"token": token},
                             transports=["websocket"], wait_timeout=60)
        while client.state is None:
            await asyncio.wait_for(client.changed.wait(), 60)
        to_play = client.state["boards"][:boards]
        out.first.append(client.sizes[0])
        await asyncio.wait_for(barrier.wait(), 120)
        seen = len(client.sizes)
        rng = random.Random(token)
        mine: set[str] = set()
        for board in to_play:
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
                out.latencies.append(elapsed)
                out.acked.append(op_id)
                mine.add(op_id)
            else:
                out.failures.append(str(ack))
        deadline = time.monotonic() + 60
        while settle and not mine <= client.results():
            client.changed.clear()
            await asyncio.wait_for(client.changed.wait(), max(0.0, deadline - time.monotonic()))
        round_sizes = client.sizes[seen:]
        out.pushed += round_sizes
        out.per_table.append(sum(round_sizes))
        out.resyncs += client.resyncs
    except Exception as exc:  # a bench reports, it does not stop at the first error
        out.failures.append(repr(exc))
    finally:
        await client.disconnect()


async def _field(base_url: str, tokens: list[str], pace: float, settle: bool,
                 boards: int | None = None, cookie: str | None = None) -> Field:
    barrier = asyncio.Barrier(len(tokens))
    out = Field()
    console = None
    if cookie is not None:
        # The director's console open through the field, as at a venue.
        console = Console()
        await console.connect(base_url, namespaces=["/director"], headers={"Cookie": cookie},
                              auth={"patches": True}, transports=["websocket"],
                              wait_timeout=60)
    wall = time.perf_counter()
    # The terminals are one process here, not a device each: a collection of this process's
    # oldest generation (its 500 states, every patch applied to a copy) held all of them at
    # once for 30-120 ms, and the slowest acknowledgements measured were that pause, server
    # and echo alike (measured with gc.callbacks beside the server's log). A phone's pause
    # delays its own table only, so the generator collects no cycles while it measures.
    gc.collect()
    gc.disable()
    try:
        await asyncio.gather(*(_terminal(base_url, token, barrier, pace, out, settle, boards)
                               for token in tokens))
    finally:
        gc.enable()
    out.wall = time.perf_counter() - wall
    if console is not None:
        out.console, out.console_asked = console.sizes[1:], console.asked  # not the first grid
        await console.disconnect()
    return out


def figures(out: Field) -> dict[str, float]:
    nan = float("nan")
    return {
        "acks": len(out.acked),
        "failures": len(out.failures),
        "p50_ms": statistics.median(out.latencies) if out.latencies else nan,
        "p99_ms": percentile(out.latencies, 99) if out.latencies else nan,
        "max_ms": max(out.latencies) if out.latencies else nan,
        "wall_s": out.wall,
        "first_bytes": statistics.median(out.first) if out.first else nan,
        "push_bytes": statistics.median(out.pushed) if out.pushed else nan,
        "result_bytes": sum(out.per_table) / len(out.acked) if out.acked else nan,
        "round_bytes": statistics.mean(out.per_table) if out.per_table else nan,
        "resyncs": out.resyncs,
        "console_bytes": sum(out.console) if out.console else nan,
        "console_messages": len(out.console),
        "console_asked": out.console_asked,
    }


def measure(server: ServerProcess, tokens: list[str], pace: float,
            boards: int | None = None, console: bool = False) -> dict[str, float]:
    """A field against a started `traveller serve`, which it stops (each terminal enters its
    round's first `boards`; with `console`, the director's console is open through it); then
    every acknowledged result is looked for in the event file."""
    assert server.proc is not None
    try:
        cookie = director_cookie(server.base_url, PASSWORD) if console else None
        cpu = cpu_seconds(server.proc.pid)
        out = asyncio.run(_field(server.base_url, tokens, pace, settle=True, boards=boards,
                                 cookie=cookie))
        cpu = cpu_seconds(server.proc.pid) - cpu
        memory = peak_memory_mb(server.proc.pid)
    finally:
        server.stop()
    with sqlite3.connect(server.db_path) as db:
        stored = {r[0] for r in db.execute("select op_id from results")}
    if out.failures:
        print(f"    first error of {len(out.failures)}: {out.failures[0][:300]}", flush=True)
    return figures(out) | {"lost": len([op for op in out.acked if op not in stored]),
                           "memory_mb": memory, "cpu_s": cpu}


def first_state(db_path: Path) -> dict[str, Any]:
    """The first table's state as the server builds it (the echo serves it to every table)."""
    store = Store.open(db_path)
    try:
        return table_state(store, store.tables()[0], int(time.time() * 1000))
    finally:
        store.close()


def start_synced(built: ServerProcess) -> ServerProcess:
    """Start a built event's server once the set-up's writes (and the last field's files,
    deleted) are on disk, as a venue's event is long before its first round: left to the
    kernel, an acknowledgement's fsync may wait for them."""
    os.sync()
    return built.start()


def server_run(tmp: Path, terminals: int, pace: float) -> tuple[dict[str, float], list[str],
                                                              dict[str, Any]]:
    """One field against a real `traveller serve`; also returns the tokens it used and its
    first table's state as the server sent it at the start."""
    server = start_synced(served_event(tmp, tables=TABLES_PER_SECTION, rounds=ROUNDS,
                                       sections=terminals // TABLES_PER_SECTION))
    tokens = [str(r["token"]) for r in server.tables()]
    state = first_state(server.db_path)
    return measure(server, tokens, pace), tokens, state


def echo_run(tokens: list[str], pace: float, state: Path | None = None,
             push_bytes: float = 0, boards: int | None = None) -> dict[str, float]:
    """The same field against the bare echo server; with `state` (a JSON file) it serves that
    state, and with `push_bytes` it pushes after each acknowledgement a `state_patch` of that
    size (the server's median push), which the clients wait for."""
    port = free_port()
    push = round(push_bytes) if push_bytes == push_bytes else 0  # nan: the server pushed none
    proc = subprocess.Popen([sys.executable, str(ECHO), str(port),
                             *([str(state), str(push)] if state else [])], cwd=REPO,
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
        out = asyncio.run(_field(f"http://127.0.0.1:{port}", tokens, pace, settle=push > 0,
                                 boards=boards))
        cpu = cpu_seconds(proc.pid) - cpu
        memory = peak_memory_mb(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return figures(out) | {"lost": 0, "memory_mb": memory, "cpu_s": cpu}


def line(name: str, r: dict[str, float]) -> str:
    return (f"{name}: acks {r['acks']:.0f}  errors {r['failures']:.0f}  lost {r['lost']:.0f}"
            f"  p50 {r['p50_ms']:.1f} ms  p99 {r['p99_ms']:.1f} ms  max {r['max_ms']:.1f} ms"
            f"  wall {r['wall_s']:.2f} s  CPU {r['cpu_s']:.2f} s"
            f"  peak memory {r['memory_mb']:.0f} MB"
            + (f"  states asked again {r['resyncs']:.0f}" if r["resyncs"] else ""))


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
            echo_states = echo_run(tokens, pace, state_file, server["push_bytes"])
        servers.append(server)
        echoes.append(echo)
        pushing.append(echo_states)
        print(f"  run {i} {line('server', server)}\n"
              f"        {line('echo  ', echo)}\n"
              f"        {line('echo+pushes', echo_states)}\n"
              f"        p99 ratio {server['p99_ms'] / echo['p99_ms']:.2f} to the echo, "
              f"{server['p99_ms'] / echo_states['p99_ms']:.2f} to the echo pushing; a push "
              f"after a result {server['push_bytes']:.0f} B (median Socket.IO payload)",
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
          f"echo pushing p99 {summary['states_p99_ms']:.1f} ms, ratio "
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
