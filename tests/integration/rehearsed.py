"""Competition event files played by robots (`traveller robots`' own code), for the tests that
look at what a competition shows at a given moment: after N advances, or at its end.

A rehearsal is made once per test run and preset, moment and seed (the test processes of one
`pytest -n 2` run share them, each made under a lock by the first process that needs it), then
each test gets its own copy (SQLite's backup API), so a test may change its file freely.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from server.stages.create import create_competition
from server.stages.rehearsal import rehearse
from tests.conftest import PASSWORD, REPO

SEED = 11
SMALLEST = {
    "gabsi-bupati-swiss-pairs": 8, "gabsi-club-teams": 32, "gabsi-junior-pairs": 10,
    "gabsi-mixed-pairs": 4, "gabsi-open-pairs": 24, "gabsi-power-teams": 8,
    "gabsi-province-teams": 8, "gabsi-school": 4, "gabsi-senior-pairs": 4,
    "gabsi-university-mixed-pairs": 4, "gabsi-university-pairs": 10,
    "gabsi-university-teams": 4, "gabsi-women-pairs": 10, "gabsi-women-teams": 4,
    "pzbs-league-1": None, "pzbs-league-2": None,
}
"""Every competition preset of seeds/ and the fewest entries it takes (None: the regulation
fixes the number)."""

_MADE: dict[tuple[str, int | None, int | None, int], Path] = {}
_FOLDER = Path(tempfile.mkdtemp(prefix="traveller-rehearsed-"))
"""This process's own files."""
_RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid{os.getpid()}"
_SHARED = Path(tempfile.gettempdir()) / f"traveller-rehearsals-{_RUN}"
"""The rehearsals of this test run, shared by its processes."""
_STALE_SECONDS = 6 * 3600


def _shared_folder() -> Path:
    if not _SHARED.exists():
        for old in Path(tempfile.gettempdir()).glob("traveller-rehearsals-*"):
            try:
                if time.time() - old.stat().st_mtime > _STALE_SECONDS:
                    shutil.rmtree(old, ignore_errors=True)
            except OSError:
                pass
        _SHARED.mkdir(exist_ok=True)
    return _SHARED


def clock() -> int:
    return int(time.time() * 1000)


def rehearsed(preset: str, dest: Path, *, entries: int | None = -1, advances: int | None = None,
              seed: int = SEED) -> Path:
    """A copy at `dest` of the competition of `seeds/PRESET.toml` played by robots to its end
    (`advances` None) or through `advances` advances (stopping with the new matches in play).
    `entries` -1 takes the fewest the preset allows."""
    count = SMALLEST[preset] if entries == -1 else entries
    key = (preset, count, advances, seed)
    if key not in _MADE:
        folder = _shared_folder()
        path = folder / f"{preset}-{count}-{advances}-{seed}.db"
        with open(folder / f"{path.name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not path.exists():
                making = _FOLDER / path.name
                store = create_competition(making, (REPO / "seeds" /
                                                    f"{preset}.toml").read_text(),
                                           entries=count, password=PASSWORD,
                                           base_url="http://testserver", name=None)
                try:
                    rehearse(store, seed, clock, advances=advances or 0,
                             to_the_end=advances is None)
                finally:
                    store.close()
                _copy(making, folder / f"{path.name}.part")
                os.replace(folder / f"{path.name}.part", path)
        _MADE[key] = path
    return _copy(_MADE[key], dest)


def _copy(source_path: Path, dest: Path) -> Path:
    source = sqlite3.connect(source_path)
    target = sqlite3.connect(dest)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    return dest
