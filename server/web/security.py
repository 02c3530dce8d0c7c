"""Director sessions, logins, CSRF protection and the security headers of every response.

Every state-changing request needs the session's CSRF token, sent as a form field or the
`X-CSRF-Token` header; the token lives in the signed session cookie. Table tokens never open a
director session: the two secrets are checked by different code paths.

A director session is a row (`server.store.sessions`); the signed cookie carries its token and
opens the console only while the row is live (`server.context.current_director`). Password
checks run off the event loop (scrypt takes about a tenth of a second) and are rate-limited per
address, in memory, with a back-off: a few tries are free, then each wrong one doubles the wait.
"""

from __future__ import annotations

import functools
import hmac
import math
import os
import re
import secrets
import sys
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from flask import Flask, abort, current_app, make_response, redirect, request, session, url_for

from ..context import current_director, get_director_sockets, get_store
from ..errors import TravellerError
from ..event import access
from ..store.sessions import SessionRow
from .forms import wants_json

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

SESSION_HOURS_ENV = "TRAVELLER_SESSION_HOURS"
DEFAULT_SESSION_HOURS = 24.0


def session_lifetime() -> timedelta:
    """How long a director session lasts: a day, or `TRAVELLER_SESSION_HOURS` (at most 30
    days)."""
    text = os.environ.get(SESSION_HOURS_ENV, "").strip()
    try:
        hours = float(text) if text else DEFAULT_SESSION_HOURS
    except ValueError:
        hours = DEFAULT_SESSION_HOURS
    if not math.isfinite(hours) or hours <= 0:
        hours = DEFAULT_SESSION_HOURS
    return timedelta(hours=min(hours, 24 * 30))


# -- CSRF -------------------------------------------------------------------------------------

def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_hex(16)
    return str(token)


def install_csrf(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["is_director"] = lambda: current_director() is not None

    @app.before_request
    def check_csrf() -> None:
        if request.method in ("GET", "HEAD", "OPTIONS") or request.path.startswith("/socket.io"):
            return
        if request.routing_exception is not None:
            return  # no such address, or not with this method: 404 or 405, changing nothing
        sent = request.form.get("csrf_token") or request.headers.get("X-CSRF-Token") or ""
        expected = session.get("csrf") or ""
        if not expected or not hmac.compare_digest(sent, expected):
            abort(400, description="the form has expired or did not come from this console; "
                  "reload the page and try again")


# -- sessions ---------------------------------------------------------------------------------

def director_required(view: F) -> F:
    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if current_director() is None:
            if wants_json():
                abort(401, description="log in as the director first")
            return redirect(url_for("director.login", next=request.path))
        response = make_response(view(*args, **kwargs))
        # What only the director may see (exports, the players register, the cases) is kept by
        # no cache on the way or on the laptop's disk.
        response.headers.setdefault("Cache-Control", "private, no-store")
        return response

    return wrapped  # type: ignore[return-value]


def actor() -> str:
    """Who acts, for the audit: the director and the session, e.g. `director (session 3f9a)`."""
    return access.actor_of(current_director())


def start_session() -> SessionRow:
    """Log the caller in: a new session row, a new cookie, a new CSRF token."""
    lifetime = current_app.permanent_session_lifetime
    token, row = access.open_session(get_store(), now_ms(),
                                     int(lifetime.total_seconds() * 1000), request.remote_addr)
    lang = session.get("lang")
    session.clear()
    if lang:
        session["lang"] = lang
    session["sid"] = token
    session.permanent = True
    return row


def end_session() -> None:
    row = current_director()
    if row is not None:
        access.end_session(get_store(), row, now_ms())
        get_director_sockets().end([row.id])
    session.clear()


def now_ms() -> int:
    return int(time.time() * 1000)


# -- password checks --------------------------------------------------------------------------

def off_loop(function: Callable[..., T], *args: Any) -> T:
    """Run a slow, GIL-releasing call (a password hash) where it does not hold up the tables:
    on gevent's thread pool, at the lowest CPU priority, when served; directly in threading
    mode (tests, tools)."""
    if current_app.config.get("ASYNC_MODE") == "gevent":
        import gevent

        result: T = gevent.get_hub().threadpool.apply(_at_low_priority, (function, *args))
        return result
    return function(*args)


def _at_low_priority(function: Callable[..., T], *args: Any) -> T:
    """On Linux a thread has its own nice value: the pool's thread hashes at nice 19, so the
    event loop's thread (the tables' acknowledgements) gets the CPU first and a flood of wrong
    passwords only uses what is idle."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        except (AttributeError, OSError):
            pass
    return function(*args)


class TooManyLogins(TravellerError):
    def __init__(self, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__("too_many_logins", "too many wrong passwords from this address: try "
                         f"again in {self.retry_after} seconds", 429)


class LoginLimiter:
    """Wrong passwords per address, in memory: FREE tries, then a wait that doubles with each
    further wrong one (up to MAX_WAIT); forgotten FORGET seconds after the last wrong one.

    An attempt counts as wrong from the moment it starts, so parallel attempts cannot slip
    past the limit while their hashes run; a right password clears the address."""

    FREE = 5
    MAX_WAIT = 300.0
    FORGET = 900.0
    PARALLEL_HASHES = 1
    """At most this many password hashes at a time: scrypt keeps a core busy, and the tables'
    acknowledgements need the other (a venue laptop may have two)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, tuple[int, float, float]] = {}
        """address -> (wrong tries, may try again at, last try)"""
        self.hashing = threading.BoundedSemaphore(self.PARALLEL_HASHES)

    def begin(self, address: str) -> None:
        """Count an attempt from `address`, or raise TooManyLogins while it must wait."""
        now = self.clock()
        with self._lock:
            failures, until, last = self._failures.get(address, (0, 0.0, 0.0))
            if failures and now - last > self.FORGET:
                failures, until = 0, 0.0
            if now < until:
                raise TooManyLogins(until - now)
            failures += 1
            wait = 0.0 if failures < self.FREE else min(2.0 ** (failures - self.FREE),
                                                        self.MAX_WAIT)
            self._failures[address] = (failures, now + wait, now)
            if len(self._failures) > 10_000:
                self._forget(now)

    def failed(self, address: str) -> None:
        """A wrong password answered: its wait runs from the answer, so a hash slowed by a
        busy laptop does not use the wait up before the caller even hears of it."""
        now = self.clock()
        with self._lock:
            found = self._failures.get(address)
            if found is None:
                return
            failures, until, _ = found
            wait = 0.0 if failures < self.FREE else min(2.0 ** (failures - self.FREE),
                                                        self.MAX_WAIT)
            self._failures[address] = (failures, max(until, now + wait), now)

    def succeeded(self, address: str) -> None:
        with self._lock:
            self._failures.pop(address, None)

    def _forget(self, now: float) -> None:
        for key in [k for k, (_, until, last) in self._failures.items()
                    if now - last > self.FORGET and now >= until]:
            del self._failures[key]


def limiter() -> LoginLimiter:
    found: LoginLimiter | None = current_app.extensions.get("traveller.logins")
    if found is None:
        found = current_app.extensions["traveller.logins"] = LoginLimiter()
    return found


def password_is_right(password: str) -> bool:
    """Check the director password for the caller's address: rate-limited (raises
    TooManyLogins) and hashed off the event loop."""
    logins = limiter()
    address = request.remote_addr or "?"
    logins.begin(address)
    stored = access.password_hash(get_store())
    if not logins.hashing.acquire(timeout=30):
        raise TooManyLogins(5)
    try:
        right = off_loop(access.password_matches, stored, password)
    finally:
        logins.hashing.release()
    if right:
        logins.succeeded(address)
    else:
        logins.failed(address)
    return right


def hash_off_loop(password: str) -> str:
    return off_loop(access.hash_password, password)


# -- headers ----------------------------------------------------------------------------------

_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")


def content_security_policy(host: str) -> str:
    """No inline script or style anywhere (the pages' data travels in JSON blocks and data
    attributes); sockets only back to this server; never inside a frame."""
    sockets = f" ws://{host} wss://{host}" if _HOST.match(host) else ""
    return "; ".join([
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        f"connect-src 'self'{sockets}",
        # The terminal's empty icon (`data:,`) spares a request for a favicon; an image
        # cannot run script.
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def install_headers(app: Flask) -> None:
    @app.after_request
    def security_headers(response: Any) -> Any:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", content_security_policy(request.host))
        headers.setdefault("X-Frame-Options", "DENY")
        # Table URLs carry the table's secret: never hand them to another site.
        headers.setdefault("Referrer-Policy", "no-referrer")
        headers.setdefault("X-Content-Type-Options", "nosniff")
        return response
