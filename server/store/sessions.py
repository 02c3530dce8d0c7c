"""The director's sessions as rows: opened at login, checked on every request, revoked at
logout and when the password changes.

Only the SHA-256 of a session's token is stored; the token itself lives in the director's
cookie alone. The short `label` (the first hex digits of the hash) names the session in the
audit without giving anything away.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from . import Store

LABEL_DIGITS = 4


@dataclass(frozen=True)
class SessionRow:
    id: int
    label: str
    """The first hex digits of the token's hash: how the audit names the session."""
    created_ms: int
    expires_ms: int


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def open_session(store: Store, token: str, now_ms: int, lifetime_ms: int,
                 address: str | None) -> SessionRow:
    digest = token_hash(token)
    row = {"token_hash": digest, "label": digest[:LABEL_DIGITS], "created_ms": now_ms,
           "expires_ms": now_ms + lifetime_ms, "address": address, "revoked_ms": None,
           "revoked_why": None}
    with store.write() as db:
        session_id = int(db["director_sessions"].insert(row).last_pk)
        store.audit(db, f"director (session {row['label']})", "login", "session",
                    str(session_id), None, None, "")
    return SessionRow(session_id, str(row["label"]), now_ms, now_ms + lifetime_ms)


def live_session(store: Store, token: str, now_ms: int) -> SessionRow | None:
    """The session a token opens, if it is neither revoked nor expired."""
    with store.read() as db:
        rows = list(db.query(
            "select id, label, created_ms, expires_ms from director_sessions "
            "where token_hash = ? and revoked_ms is null and expires_ms > ?",
            [token_hash(token), now_ms]))
    return SessionRow(**rows[0]) if rows else None


def revoke(store: Store, db: Any, now_ms: int, why: str, actor: str,
           only: int | None = None, keep: int | None = None) -> list[int]:
    """Revoke one session (`only`) or every live one but `keep`, inside a write; returns the
    ids of those revoked."""
    where, args = "revoked_ms is null", []
    if only is not None:
        where, args = where + " and id = ?", [only]
    if keep is not None:
        where, args = where + " and id != ?", [*args, keep]
    ids = [r["id"] for r in db.query(f"select id from director_sessions where {where}", args)]
    for session_id in ids:
        db["director_sessions"].update(session_id, {"revoked_ms": now_ms, "revoked_why": why})
        store.audit(db, actor, "logout", "session", str(session_id), None, None, why)
    return ids


def sessions(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select id, label, created_ms, expires_ms, address, revoked_ms, "
                             "revoked_why from director_sessions order by id"))
