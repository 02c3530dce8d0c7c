"""Migration for the director's sessions, and the end of the signing key in the event file.

A session is a row the server checks on every console request and socket connection, so logging
out or changing the password revokes it at once. The row holds the SHA-256 of the session's
token, never the token: the file (mailed to the federation, left on a USB stick) holds nothing
a browser could present. The key that signs the cookies lives outside the file (a key file
beside it, or the environment, `server.event.keys`); a file made before this step kept it in
its settings, and this step removes it, with an audit row.
"""

from __future__ import annotations

import time

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m013_sessions(db: Database) -> None:
    db["director_sessions"].create(
        {
            "id": int,
            "token_hash": str,
            "label": str,
            "created_ms": int,
            "expires_ms": int,
            "address": str,
            "revoked_ms": int,
            "revoked_why": str,
        },
        pk="id",
        not_null={"token_hash", "label", "created_ms", "expires_ms"},
    )
    db["director_sessions"].create_index(["token_hash"], unique=True)
    if db["settings"].exists() and list(db.query(
            "select 1 from settings where key = 'secret_key'")):
        db.execute("delete from settings where key = 'secret_key'")
        if db["audit"].exists():
            db["audit"].insert({
                "at_ms": int(time.time() * 1000), "actor": "setup", "action": "setting",
                "entity": "settings", "entity_id": "secret_key", "old": "(secret)",
                "new": None, "why": "the signing key moved out of the event file"})
