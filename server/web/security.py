"""Director sessions and CSRF protection.

Every state-changing request needs the session's CSRF token, sent as a form field or the
`X-CSRF-Token` header; the token lives in the signed session cookie. Table tokens never open a
director session: the two secrets are checked by different code paths.
"""

from __future__ import annotations

import functools
import hmac
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, abort, redirect, request, session, url_for

F = TypeVar("F", bound=Callable[..., Any])


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_hex(16)
    return str(token)


def install_csrf(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token

    @app.before_request
    def check_csrf() -> None:
        if request.method in ("GET", "HEAD", "OPTIONS") or request.path.startswith("/socket.io"):
            return
        sent = request.form.get("csrf_token") or request.headers.get("X-CSRF-Token") or ""
        expected = session.get("csrf") or ""
        if not expected or not hmac.compare_digest(sent, expected):
            abort(400, description="the form has expired or did not come from this console; "
                  "reload the page and try again")


def director_required(view: F) -> F:
    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not session.get("director"):
            if request.accept_mimetypes.best == "application/json":
                abort(401, description="log in as the director first")
            return redirect(url_for("director.login", next=request.path))
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]
