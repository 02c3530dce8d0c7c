"""What every console view needs from a request: the time, whether the caller wants JSON, and
the submitted fields (a JSON body or a form, without its CSRF token)."""

from __future__ import annotations

import time
from typing import Any

from flask import request


def now_ms() -> int:
    return int(time.time() * 1000)


def wants_json() -> bool:
    """A JSON body, or an Accept header preferring JSON, gets the JSON envelope back."""
    return request.is_json or request.accept_mimetypes.best == "application/json"


def request_payload() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if isinstance(data, dict):
        return data
    return {k: v for k, v in request.form.items() if k != "csrf_token"}
