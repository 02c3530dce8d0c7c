"""Issue 24, 1,000 terminals on a laptop: every terminal's connection is an open file, and a
laptop's shell starts programs with a soft limit of 1,024 open files. `traveller serve` raises
its own limit to the hard one, so a room of 1,000 tables is not refused from its thousandth
connection on; where the hard limit itself is too low for the event, it says so at start.

Both are proved on a real `traveller serve` started under the limits a shell would give it:
the first by 1,100 websocket connections at once (more than the 1,024 it was started with),
the second by its start-up lines.
"""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import engineio
import pytest

from tests.conftest import REPO, free_port, make_event


@contextmanager
def _served(db: Path, soft: int, hard: int) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    """`traveller serve db` started under the open-file limits (soft, hard), as a shell with
    those limits would start it; its process, address and log."""
    port = free_port()
    log_path = db.with_suffix(".log")

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", str(db), "--host", "127.0.0.1",
             "--port", str(port)], cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=limited)
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log_path.read_text()
            try:
                urllib.request.urlopen(base_url + "/director/login", timeout=1).read()
                break
            except OSError:
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.1)
        yield process, base_url, log_path
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _soft_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open-files line")


async def _connect_all(base_url: str, count: int) -> int:
    """Open `count` Engine.IO websocket connections and hold them all; return how many the
    server accepted."""
    clients = [engineio.AsyncClient() for _ in range(count)]

    async def one(client: engineio.AsyncClient) -> bool:
        try:
            await asyncio.wait_for(client.connect(base_url, transports=["websocket"],
                                                  engineio_path="socket.io"), 20)
            return True
        except Exception:
            return False

    try:
        accepted = 0
        for start in range(0, count, 100):
            accepted += sum(await asyncio.gather(*(one(c) for c in clients[start:start + 100])))
        return accepted
    finally:
        await asyncio.gather(*(c.disconnect(abort=True) for c in clients),
                             return_exceptions=True)


def test_24_serve_raises_its_open_files_to_the_hard_limit(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2400:
        pytest.skip(f"this system allows {hard} open files: too few to connect 1,100")
    # This process holds the other ends of the connections too.
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2400), hard))
    try:
        with _served(make_event(tmp_path / "event.db", tables=6), 1024, 2400) as (
                process, base_url, log):
            assert _soft_limit(process.pid) == 2400
            # In a thread of its own: the suite's browser tests leave an event loop running
            # in this one.
            with ThreadPoolExecutor(1) as thread:
                assert thread.submit(asyncio.run, _connect_all(base_url, 1100)).result() == 1100
            assert "warning" not in log.read_text()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_24_serve_says_when_the_system_allows_too_few_terminals(tmp_path: Path) -> None:
    with _served(make_event(tmp_path / "event.db", tables=40), 170, 170) as (_, _, log):
        lines = log.read_text()
    assert ("warning: this system lets the server open files for 70 terminals, fewer than "
            "two for each of the event's 40 tables") in lines
    assert "ulimit -n 180" in lines
