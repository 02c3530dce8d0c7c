"""What the command groups share: opening an event file, finding the credentials of remote
locations, and the one error that `traveller` turns into a line on stderr and status 1."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import CliError

__all__ = ["CliError", "Subparsers", "credentials_file", "open_store"]

Subparsers = argparse._SubParsersAction
"""What `add_parser` is called on: `traveller`'s subcommands."""


def open_store(path: str) -> Any:
    from ..store import Store, StoreError

    try:
        return Store.open(path)
    except StoreError as exc:
        raise CliError(str(exc)) from None


def credentials_file(db: str, given: str | None = None) -> Path | None:
    """The credentials file of remote locations: the one given, else the one beside the
    event file when there is one."""
    from ..remote import credentials_beside

    if given is not None:
        if not Path(given).is_file():
            raise CliError(f"no credentials file {given!r} (--credentials)")
        return Path(given)
    beside = credentials_beside(Path(db))
    return beside if beside.is_file() else None
