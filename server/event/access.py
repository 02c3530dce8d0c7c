"""The director's password and sessions: checking a password, opening and ending sessions,
changing the password (which ends every other session).

Hashing a password is slow on purpose (scrypt, about a tenth of a second): the web layer runs
`password_matches` off the event loop and rate-limits it per address (`server.web.security`).
"""

from __future__ import annotations

import secrets

from werkzeug.security import check_password_hash, generate_password_hash

from ..errors import TravellerError
from ..store import Store
from ..store import sessions as rows
from ..store.sessions import SessionRow

MIN_PASSWORD = 8


def actor_of(session: SessionRow | None) -> str:
    """How the audit names whoever acts in a director session."""
    return f"director (session {session.label})" if session else "director"


def password_hash(store: Store) -> str:
    return str(store.setting("password_hash", ""))


def password_matches(stored_hash: str, password: str) -> bool:
    """The slow check itself (no store: it may run on another thread)."""
    return bool(stored_hash) and check_password_hash(stored_hash, password)


def open_session(store: Store, now_ms: int, lifetime_ms: int,
                 address: str | None) -> tuple[str, SessionRow]:
    """A new session: its token (for the cookie only) and its row."""
    token = secrets.token_urlsafe(32)
    return token, rows.open_session(store, token, now_ms, lifetime_ms, address)


def live_session(store: Store, token: object, now_ms: int) -> SessionRow | None:
    if not isinstance(token, str) or not token or len(token) > 100:
        return None
    return rows.live_session(store, token, now_ms)


def end_session(store: Store, session: SessionRow, now_ms: int) -> None:
    with store.write() as db:
        rows.revoke(store, db, now_ms, "logged out", actor_of(session), only=session.id)


def check_new_password(new: str, again: str) -> None:
    if len(new) < MIN_PASSWORD:
        raise TravellerError("password_too_short",
                             f"the new password needs at least {MIN_PASSWORD} characters")
    if new != again:
        raise TravellerError("passwords_differ", "the two new passwords are not the same")


def change_password(store: Store, session: SessionRow, new_hash: str,
                    now_ms: int) -> list[int]:
    """Store the new password's hash (audited) and revoke every session but this one; returns
    the ids of those revoked."""
    actor = actor_of(session)
    with store.write() as db:
        store.put_setting(db, "password_hash", new_hash, actor=actor, why="password changed")
        return rows.revoke(store, db, now_ms, "password changed", actor, keep=session.id)


def hash_password(password: str) -> str:
    return generate_password_hash(password)
