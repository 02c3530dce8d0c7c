"""The key that signs the director's cookies: never in the event file.

It comes from the environment (`TRAVELLER_SECRET_KEY`) or from a key file beside the event file
(`EVENT.db.key`, readable by its owner only), made when the event is created and, for a file
made before keys moved out of it, when the server first opens it. A copy of the event file alone
(mailed to the federation, left on a USB stick) signs nothing; a copy served on another laptop
without its key file gets a new key, and the director logs in again.
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

ENV = "TRAVELLER_SECRET_KEY"
log = logging.getLogger(__name__)


def key_path(db_path: str | Path) -> Path:
    return Path(str(db_path) + ".key")


def make_key_file(db_path: str | Path) -> Path:
    """Write a new random key beside the event file unless one is there already."""
    path = key_path(db_path)
    try:
        # O_EXCL: never overwrite a key (sessions signed with it would all end).
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(secrets.token_hex(32) + "\n")
    return path


def secret_key(db_path: str | Path) -> str:
    """The signing key for the event at `db_path`: the environment's, else its key file's
    (made if missing). A key file that cannot be written gives a key of this process only:
    sessions then end when the server stops, which is safe."""
    from_env = os.environ.get(ENV, "").strip()
    if from_env:
        return from_env
    try:
        path = make_key_file(db_path)
        key = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("no key file for %s (%s): director sessions last until the server stops",
                    db_path, exc)
        return secrets.token_hex(32)
    if len(key) < 32:
        log.warning("the key file %s is too short to trust: using a key of this process", path)
        return secrets.token_hex(32)
    return key
