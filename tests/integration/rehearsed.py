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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.stages.create import create_competition
from server.stages.rehearsal import rehearse
from server.stages.view import standings
from server.store import Store
from tests.conftest import PASSWORD, REPO

SEED = 11
SMALLEST = {
    "gabsi-bupati-swiss-pairs": 8, "gabsi-club-teams": 32, "gabsi-junior-pairs": 10,
    "gabsi-mixed-pairs": 4, "gabsi-open-pairs": 24, "gabsi-power-teams": 8,
    "gabsi-province-teams": 8, "gabsi-school": 4, "gabsi-senior-pairs": 4,
    "gabsi-university-mixed-pairs": 4, "gabsi-university-pairs": 10,
    "gabsi-university-teams": 4, "gabsi-women-pairs": 10, "gabsi-women-teams": 4,
    "pzbs-league-1": None, "pzbs-league-2": None, "pzbs-league-3": None,
}
"""Every competition preset of seeds/ and the fewest entries it takes (None: the regulation
fixes the number)."""

_MADE: dict[tuple[str, int | None, int | None, int], Path] = {}
"""The shared files this process has found: (preset, entries, advances, seed)."""
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


def standing(path: Path) -> dict[str, Any]:
    """`traveller standings --json` of an event file, read in this process."""
    store = Store.open(path)
    try:
        data, _ = standings(store, clock())
    finally:
        store.close()
    return data


def rehearsed(preset: str, dest: Path, *, entries: int | None = -1, advances: int | None = None,
              seed: int = SEED) -> Path:
    """A copy at `dest` of the competition of `seeds/PRESET.toml` played by robots to its end
    (`advances` None) or through `advances` advances (stopping with the new matches in play).
    `entries` -1 takes the fewest the preset allows."""
    return copy(moment_files(preset, {advances}, entries=entries, seed=seed)[advances], dest)


def moment_files(preset: str, wanted: set[int | None], *, entries: int | None = -1,
                 seed: int = SEED) -> dict[int | None, Path]:
    """The shared files of `seeds/PRESET.toml` after each advance count in `wanted` (None: at
    its end), not to be changed: copy them first. One robots' run makes every moment it passes
    (a table's results depend only on the seed, its section, table and round, so every run
    plays the same), and a run to the end keeps every advance on its way."""
    count = SMALLEST[preset] if entries == -1 else entries
    folder = _shared_folder()

    def file(advances: int | None) -> Path:
        return folder / f"{preset}-{count}-{advances}-{seed}.db"

    missing = {w for w in wanted if (preset, count, w, seed) not in _MADE}
    if missing:
        with open(folder / f"{preset}-{count}-{seed}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if any(not file(w).exists() for w in missing):
                _play(preset, count, seed, missing, file)
        for w in missing:
            _MADE[preset, count, w, seed] = file(w)
    return {w: _MADE[preset, count, w, seed] for w in wanted}


def _play(preset: str, count: int | None, seed: int, wanted: set[int | None],
          file: Callable[[int | None], Path]) -> None:
    """One robots' run from the start, far enough for `wanted`, each moment it passes kept."""
    making = _FOLDER / f"{preset}-{count}-{seed}-making.db"
    making.unlink(missing_ok=True)
    store = create_competition(making, (REPO / "seeds" / f"{preset}.toml").read_text(),
                               entries=count, password=PASSWORD, base_url="http://testserver",
                               name=None)
    to_the_end = None in wanted
    last = max((w for w in wanted if w is not None), default=0)
    try:
        done = 0
        while True:
            if done > 0 or 0 in wanted:
                _keep(making, file(done))
            if not to_the_end and done >= last:
                break
            step = rehearse(store, seed, clock, advances=1)
            if step.complete or not step.advances:
                rehearse(store, seed, clock, to_the_end=True)
                _keep(making, file(None))
                break
            done += 1
    finally:
        store.close()
    for w in wanted:
        if not file(w).exists():
            raise ValueError(f"{preset} has no moment after {w} advances")


def _keep(source: Path, path: Path) -> None:
    """A moment into the shared folder, whole or not at all."""
    if not path.exists():
        part = path.with_name(f"{path.name}.part")
        copy(source, part)
        os.replace(part, path)


def copy(source_path: Path, dest: Path) -> Path:
    """A copy of an event file through SQLite's backup API (a file copy could miss the log)."""
    source = sqlite3.connect(source_path)
    target = sqlite3.connect(dest)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    return dest
