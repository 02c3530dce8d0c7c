"""Where python-escpos keeps its printer database, so that importing it leaves no litter.

python-escpos parses its capabilities file on import and caches the result as a pickle in
the folder named by ESCPOS_CAPABILITIES_PICKLE_DIR, or in a new temporary folder on every
import when that is unset. We name a folder under the user's cache (or the temp dir). But
python-escpos 3.1 also calls `mkdtemp()` for the fallback even when the variable is set,
so we run its first import with the temp dir pointed at a scratch folder and remove the
empty folder it made. This module must run before anything imports escpos:
`printer/__init__.py` imports it first.

The pickle is written in place, not atomically, so two processes importing at once (a server
and `traveller print`, or two test processes) could read half a file: the first import takes
an exclusive lock on the folder, and a pickle that cannot be read is dropped and made again.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # not POSIX: one process at a time is then the venue's own affair
    fcntl = None  # type: ignore[assignment]

ENV_VAR = "ESCPOS_CAPABILITIES_PICKLE_DIR"


def cache_dir() -> Path:
    """A writable folder for the capabilities pickle: the user's cache, else the temp dir."""
    cache_home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    for folder in (
        Path(cache_home) / "traveller" / "escpos",
        Path(tempfile.gettempdir()) / "traveller-escpos",
    ):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return folder
    return Path(tempfile.gettempdir())


@contextlib.contextmanager
def _only_us(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on `folder` (other processes importing escpos wait for it)."""
    if fcntl is None:
        yield
        return
    try:
        handle = open(folder / ".lock", "a")
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _import_capabilities(folder: Path) -> None:
    try:
        importlib.import_module("escpos.capabilities")
    except (EOFError, pickle.UnpicklingError):
        # A pickle cut short (a process killed while writing it): made again from the JSON.
        sys.modules.pop("escpos.capabilities", None)
        for stale in folder.glob("*.capabilities.pickle"):
            stale.unlink(missing_ok=True)
        importlib.import_module("escpos.capabilities")


def import_escpos() -> None:
    """Import python-escpos's capabilities once, with its pickle in our cache folder."""
    if "escpos.capabilities" in sys.modules:
        return  # someone imported escpos first: its folder choice is already made
    os.environ.setdefault(ENV_VAR, str(cache_dir()))
    folder = Path(os.environ[ENV_VAR])
    scratch = folder / "scratch"
    try:
        scratch.mkdir(exist_ok=True)
    except OSError:
        with _only_us(folder):
            _import_capabilities(folder)
        return
    previous = tempfile.tempdir
    tempfile.tempdir = str(scratch)
    try:
        with _only_us(folder):
            _import_capabilities(folder)
    finally:
        tempfile.tempdir = previous
        for leftover in scratch.iterdir():
            try:
                leftover.rmdir()  # only ever empty: the pickle went to our folder
            except OSError:
                pass


import_escpos()
