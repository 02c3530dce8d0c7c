"""Fixtures shared by every kind of test: the demo event (seeds/demo.toml) and real servers.

The demo preset is both what `traveller demo` serves and what the tests build their events
from, so the thing a newcomer tries first is the thing the tests prove.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonpatch
import pytest

REPO = Path(__file__).resolve().parent.parent
DEMO_PRESET = REPO / "seeds" / "demo.toml"
PASSWORD = "director-secret"


class _DirectorSession:
    """Equal to the audit's actor for any director session, e.g. `director (session 3f9a)`."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and re.fullmatch(
            r"director \(session [0-9a-f]{4}\)", other) is not None

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "'director (session ....)'"


DIRECTOR = _DirectorSession()


def make_event(path: Path, tables: int = 6, base_url: str = "http://testserver",
               rounds: int | None = None, sections: int | None = None) -> Path:
    from server.event.create import create_event
    from server.formats import load_preset

    store = create_event(path, load_preset(DEMO_PRESET), password=PASSWORD, base_url=base_url,
                         tables=tables, rounds=rounds, sections=sections)
    store.close()
    return path


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    return make_event(tmp_path / "event.db")


@pytest.fixture
def app(event_path: Path) -> Iterator[Any]:
    from server.app import create_app

    app = create_app({"DATABASE": str(event_path), "TESTING": True})
    yield app
    time.sleep(0.3)  # let the last background push finish before the file closes
    app.extensions["traveller.store"].close()


def received(client: Any, name: str, namespace: str, timeout: float = 3.0) -> list[Any]:
    """Wait until the Socket.IO test client has received `name` events; return their args.

    Pushes go out from a background task after the acknowledgement, so they arrive a moment
    after `emit(..., callback=True)` returns. For "state" each `state` and `state_patch`
    counts, as the whole state the terminal holds after it (`followed`).
    """
    deadline = time.monotonic() + timeout
    found: list[Any] = []
    while True:
        messages = client.get_received(namespace)
        if name == "state":
            found += followed(client, namespace, messages)
        else:
            found += [m["args"][0] for m in messages if m["name"] == name]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def followed(client: Any, namespace: str, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The whole state a terminal holds after each `state` and `state_patch` of `messages`, as
    the terminal keeps it: a patch applied where the terminal's state is at its `base` (by the
    `jsonpatch` package, not the server's own code), else the whole state asked for again."""
    held: dict[str, Any] = client.__dict__.setdefault("traveller_states", {})
    out = []
    for message in messages:
        if message["name"] == "state":
            held[namespace] = message["args"][0]
        elif message["name"] == "state_patch":
            change = message["args"][0]
            current = held.get(namespace)
            if current is not None and current.get("version") == change["base"]:
                held[namespace] = jsonpatch.apply_patch(current, change["patch"])
            else:
                held[namespace] = client.emit("get_state", {}, namespace=namespace,
                                              callback=True)["state"]
        else:
            continue
        out.append(held[namespace])
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class ServerProcess:
    """A real `traveller serve` subprocess on a free loopback port."""

    db_path: Path
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    args: list[str] = field(default_factory=list)
    """More options for `serve` (e.g. --backup DIR)."""
    open_files: tuple[int, int] | None = None
    """The (soft, hard) limits of open files to start it under, as a shell with them would."""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        self.log_path = self.db_path.with_suffix(f".{self.port}.log")
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", str(self.db_path), "--host",
             "127.0.0.1", "--port", str(self.port), *self.args],
            cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            # Only where asked: a preexec_fn is not safe in a process with threads.
            preexec_fn=self._limited if self.open_files is not None else None,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.log()}")
            try:
                urllib.request.urlopen(self.base_url + "/director/login", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start:\n{self.log()}")

    def _limited(self) -> None:
        import resource

        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, self.open_files)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def tables(self) -> list[dict[str, Any]]:
        import json

        out = subprocess.run(
            [sys.executable, "-m", "server.cli", "tables", str(self.db_path), "--json"],
            cwd=REPO, check=True, capture_output=True, text=True,
        )
        return list(json.loads(out.stdout))


def served_event(tmp_path: Path, tables: int = 6, rounds: int | None = None,
                 sections: int | None = None) -> ServerProcess:
    """An event whose table URLs point at the port its server will listen on."""
    port = free_port()
    db = make_event(tmp_path / "served.db", tables=tables, base_url=f"http://127.0.0.1:{port}",
                    rounds=rounds, sections=sections)
    return ServerProcess(db_path=db, port=port)


@pytest.fixture
def live_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    server = served_event(tmp_path).start()
    yield server
    server.stop()
    if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
        sys.stderr.write(f"\n--- server log ---\n{server.log()}\n")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    # Keep each phase's report on the test item so fixtures can dump the server's log on failure.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


_TRACKED = pytest.StashKey[set[str] | None]()


def _tracked_changes() -> set[str] | None:
    """The tracked files `git status` shows changed, as its lines; None outside a git checkout."""
    try:
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                cwd=REPO, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return set(status.stdout.splitlines()) if status.returncode == 0 else None


def pytest_sessionstart(session: pytest.Session) -> None:
    # The controller checks the whole run; xdist's workers only run tests.
    if not hasattr(session.config, "workerinput"):
        session.config.stash[_TRACKED] = _tracked_changes()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A test run leaves the tree as it found it: a tracked file the tests changed (a
    screenshot written outside `make screenshots`, a fixture rewritten) fails the session."""
    before = session.config.stash.get(_TRACKED, None)
    if before is None or hasattr(session.config, "workerinput"):
        return
    changed = sorted((_tracked_changes() or set()) - before)
    if not changed:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = ["the tests changed tracked files (a test run must leave git status as it found it):",
             *(f"  {line}" for line in changed)]
    if reporter is not None:
        reporter.write_sep("=", "tracked files changed", red=True)
        for line in lines:
            reporter.write_line(line)
    else:
        sys.stderr.write("\n".join(lines) + "\n")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
