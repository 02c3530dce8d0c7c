"""Browser fixtures: a real `traveller serve` subprocess and Debian's Chromium via Playwright.

The browser is always /usr/bin/chromium (launched with `executable_path`): a test tool never
downloads a browser of its own here. The server's log is printed when a test fails.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD, ServerProcess, served_event

CHROMIUM = os.environ.get("TRAVELLER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@dataclass
class BrowserServer:
    process: ServerProcess
    tables: list[dict[str, Any]]
    director_password: str = PASSWORD

    @property
    def base_url(self) -> str:
        return self.process.base_url

    @property
    def db_path(self) -> Path:
        return self.process.db_path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserServer]:
    process = served_event(tmp_path_factory.mktemp("browser"), tables=6).start()
    served = BrowserServer(process=process, tables=process.tables())
    yield served
    process.stop()


@pytest.fixture(autouse=True)
def _server_log_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and "server" in request.fixturenames:
        served: BrowserServer = request.getfixturevalue("server")
        sys.stderr.write(f"\n--- server log ---\n{served.process.log()[-5000:]}\n")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.fail(f"Chromium is missing at {CHROMIUM}: `make setup` installs it (as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    """Browser contexts a test opens (one per device), closed after it."""
    made: list[Any] = []
    yield made
    for context in made:
        context.close()
