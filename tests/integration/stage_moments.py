"""A competition at several moments of one rehearsal: after each of some advances (the new
matches in play, unplayed) and at its end, from one robots' run per preset, seed and process.

`tests/integration/rehearsed.py` makes one file per moment, each a run from the start; a test
that looks at every moment of a preset takes them from one run here (the same files: the
robots' results depend only on the seed, the section, the table and the round).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from server.stages.create import create_competition
from server.stages.rehearsal import rehearse
from tests.conftest import PASSWORD, REPO
from tests.integration.rehearsed import _FOLDER, SEED, SMALLEST, clock

_MADE: dict[tuple[str, tuple[int, ...], bool], dict[int | None, Path]] = {}


def copy(source: Path, dest: Path) -> Path:
    """A copy of an event file through SQLite's backup API (a file copy could miss the log)."""
    src, target = sqlite3.connect(source), sqlite3.connect(dest)
    try:
        src.backup(target)
    finally:
        src.close()
        target.close()
    return dest


def moments(preset: str, advances: tuple[int, ...], *, end: bool = True,
            seed: int = SEED) -> dict[int | None, Path]:
    """The files of `seeds/PRESET.toml` (its fewest entries) after each of `advances` advances
    and, with `end`, at its end (key None). Made once per process: copy before changing."""
    key = (preset, advances, end)
    if key not in _MADE:
        path = _FOLDER / f"{preset}-moments-{seed}.db"
        path.unlink(missing_ok=True)
        store = create_competition(path, (REPO / "seeds" / f"{preset}.toml").read_text(),
                                   entries=SMALLEST[preset], password=PASSWORD,
                                   base_url="http://testserver", name=None)
        made: dict[int | None, Path] = {}
        try:
            done = 0
            for count in sorted(advances):
                rehearse(store, seed, clock, advances=count - done)
                done = count
                made[count] = copy(path, path.with_name(f"{path.stem}-{count}.db"))
            if end:
                rehearse(store, seed, clock, to_the_end=True)
                made[None] = copy(path, path.with_name(f"{path.stem}-end.db"))
        finally:
            store.close()
        _MADE[key] = made
    return _MADE[key]
