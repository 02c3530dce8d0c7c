"""python-escpos caches its printer database as a pickle written in place: processes importing
it at once (a server and `traveller print`, two test processes) must never read half a file,
and a pickle cut short must be made again, not fail every later import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

IMPORT = "import printer, escpos.capabilities as c; assert c.CAPABILITIES['profiles']"


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "ESCPOS_CAPABILITIES_PICKLE_DIR"}
    return env | {"XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(REPO)}


def test_processes_importing_at_once_all_read_a_whole_database(tmp_path: Path) -> None:
    for attempt in range(3):
        cache = tmp_path / f"cache{attempt}"
        runs = [subprocess.Popen([sys.executable, "-c", IMPORT], env=_env(cache),
                                 stderr=subprocess.PIPE, text=True) for _ in range(6)]
        for run in runs:
            _, err = run.communicate(timeout=120)
            assert run.returncode == 0, err


def test_a_pickle_cut_short_is_made_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    subprocess.run([sys.executable, "-c", IMPORT], env=_env(cache), check=True, timeout=120)
    pickles = list((cache / "traveller" / "escpos").glob("*.capabilities.pickle"))
    assert len(pickles) == 1
    pickles[0].write_bytes(pickles[0].read_bytes()[:10])  # a process killed while writing
    os.utime(pickles[0])  # newer than the JSON, so escpos reads it
    done = subprocess.run([sys.executable, "-c", IMPORT], env=_env(cache), timeout=120,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert pickles[0].stat().st_size > 1000
