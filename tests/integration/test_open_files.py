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
import resource
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import engineio
import pytest

from tests.conftest import ServerProcess, make_event


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
    server = ServerProcess(make_event(tmp_path / "event.db", tables=6),
                           open_files=(1024, 2400)).start()
    try:
        assert server.proc is not None
        assert _soft_limit(server.proc.pid) == 2400
        # In a thread of its own: the suite's browser tests leave an event loop running
        # in this one.
        with ThreadPoolExecutor(1) as thread:
            assert thread.submit(asyncio.run, _connect_all(server.base_url, 1100)).result() == 1100
        assert "warning" not in server.log()
    finally:
        server.stop()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_24_serve_says_when_the_system_allows_too_few_terminals(tmp_path: Path) -> None:
    server = ServerProcess(make_event(tmp_path / "event.db", tables=40),
                           open_files=(170, 170)).start()
    try:
        lines = server.log()
    finally:
        server.stop()
    assert ("warning: this system lets the server open files for 70 terminals, fewer than "
            "two for each of the event's 40 tables") in lines
    assert "ulimit -n 180" in lines
