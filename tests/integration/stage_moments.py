"""A competition at several moments of one rehearsal: after each of some advances (the new
matches in play, unplayed) and at its end, from the robots' runs a test run shares
(`tests/integration/rehearsed.py`).
"""

from __future__ import annotations

from pathlib import Path

from tests.integration.rehearsed import SEED, copy, moment_files

__all__ = ["copy", "moments"]


def moments(preset: str, advances: tuple[int, ...], *, end: bool = True,
            seed: int = SEED) -> dict[int | None, Path]:
    """The files of `seeds/PRESET.toml` (its fewest entries) after each of `advances` advances
    and, with `end`, at its end (key None), from the robots' runs shared by the test run
    (`rehearsed.moment_files`): copy before changing."""
    return moment_files(preset, {*advances, *([None] if end else [])}, seed=seed)
