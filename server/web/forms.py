"""What every console view needs from a request: the time, whether the caller wants JSON, and
the submitted fields (a JSON body or a form, without its CSRF token)."""

from __future__ import annotations

import time
from typing import Any

from flask import request

from ..event.players import PlayersError

MAX_CSV_BYTES = 2_000_000


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


def uploaded_csv() -> tuple[str, str]:
    """The text and name of the CSV file sent as the multipart field `file`; raises
    PlayersError naming what is wrong (no file, too large, not UTF-8)."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise PlayersError(["choose a CSV file to import"])
    data = upload.read(MAX_CSV_BYTES + 1)
    if len(data) > MAX_CSV_BYTES:
        raise PlayersError(["the file is larger than 2 MB"])
    try:
        return data.decode("utf-8-sig"), upload.filename
    except UnicodeDecodeError:
        raise PlayersError(["the file is not UTF-8 text: save it as CSV UTF-8"]) from None
