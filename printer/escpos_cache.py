"""Where python-escpos keeps its printer database, so that importing it leaves no litter.

python-escpos parses its capabilities file on import and caches the result as a pickle in
the folder named by ESCPOS_CAPABILITIES_PICKLE_DIR, or in a new temporary folder on every
import when that is unset. We name a folder under the user's cache (or the temp dir). But
python-escpos 3.1 also calls `mkdtemp()` for the fallback even when the variable is set,
so we run its first import with the temp dir pointed at a scratch folder and remove the
empty folder it made. This module must run before anything imports escpos:
`printer/__init__.py` imports it first.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from pathlib import Path

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


def import_escpos() -> None:
    """Import python-escpos's capabilities once, with its pickle in our cache folder."""
    if "escpos.capabilities" in sys.modules:
        return  # someone imported escpos first: its folder choice is already made
    os.environ.setdefault(ENV_VAR, str(cache_dir()))
    scratch = Path(os.environ[ENV_VAR]) / "scratch"
    try:
        scratch.mkdir(exist_ok=True)
    except OSError:
        importlib.import_module("escpos.capabilities")
        return
    previous = tempfile.tempdir
    tempfile.tempdir = str(scratch)
    try:
        importlib.import_module("escpos.capabilities")
    finally:
        tempfile.tempdir = previous
        for leftover in scratch.iterdir():
            try:
                leftover.rmdir()  # only ever empty: the pickle went to our folder
            except OSError:
                pass


import_escpos()
