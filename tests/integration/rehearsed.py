"""Competition event files played by robots (`traveller robots`' own code), for the tests that
look at what a competition shows at a given moment: after N advances, or at its end.

A rehearsal is made once per test process and preset, moment and seed, then each test gets
its own copy (SQLite's backup API), so a test may change its file freely.
"""

from __future__ import annotations

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
        path = _FOLDER / f"{preset}-{count}-{advances}-{seed}.db"
        store = create_competition(path, (REPO / "seeds" / f"{preset}.toml").read_text(),
                                   entries=count, password=PASSWORD,
                                   base_url="http://testserver", name=None)
        try:
            rehearse(store, seed, clock, advances=advances or 0, to_the_end=advances is None)
        finally:
            store.close()
        _MADE[key] = path
    source = sqlite3.connect(_MADE[key])
    target = sqlite3.connect(dest)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    return dest
