"""What every console view needs from a request: the time, whether the caller wants JSON, and
the submitted fields (a JSON body or a form, without its CSRF token)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, request
from werkzeug.routing import IntegerConverter

from ..errors import TravellerError, check_input, check_text
from ..event.players import PlayersError

MAX_CSV_BYTES = 2_000_000

MAX_BODY = 16 * 1024 * 1024
"""The largest request body any address takes unless its view says otherwise (`upload_limit`):
a players list or a file of hand records is far smaller. A larger one is refused (413) before
it is read: without a limit anyone on the venue network could have the server read gigabytes,
before a password or a CSRF token was checked."""


def now_ms() -> int:
    return int(time.time() * 1000)


class WholeNumber(IntegerConverter):
    """A path's `<int:...>`: ASCII digits, at most nine of them, so no number in a path
    overflows SQLite's integers (2**63) or is a digit only Unicode calls one ("²")."""

    regex = r"[0-9]{1,9}"


MAX_TOKEN = 200
"""The longest CSRF token a request may send (ours are 32 characters)."""

MAX_PATH_PART = 200
"""The longest part of a path any page means (a section, a board, a team's name)."""


def install_input_checks(app: Flask) -> None:
    """Every request's input is checked before a view runs: path parts, query and form
    fields, and a JSON body, for size and valid Unicode (a refusal, never a 500)."""
    app.url_map.converters["int"] = WholeNumber
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = MAX_BODY

    @app.before_request
    def check_request_input() -> None:
        # An upload's own limit (`upload_limit`), before anything reads the body.
        limit = getattr(app.view_functions.get(request.endpoint or ""), "max_upload", None)
        if limit is not None:
            request.max_content_length = limit
        for value in (request.view_args or {}).values():
            if isinstance(value, str):
                check_text(value, "a part of the address", MAX_PATH_PART)
        for fields in (request.args, request.form):
            for _, value in fields.items(multi=True):
                check_text(value, "a field")
        for token in (request.form.get("csrf_token"), request.headers.get("X-CSRF-Token")):
            # hmac.compare_digest refuses a str that is not ASCII with a TypeError.
            if token is not None and not (token.isascii() and len(token) <= MAX_TOKEN):
                raise TravellerError("bad_request", "the form has expired or did not come "
                                     "from this console; reload the page and try again")
        if request.is_json and request.get_data(cache=True):
            body = request.get_json(silent=True)
            if not isinstance(body, dict):
                raise TravellerError("bad_payload", "the body must be a JSON object")
            check_input(body)


View = TypeVar("View", bound=Callable[..., Any])


def upload_limit(size: int) -> Callable[[View], View]:
    """A view that takes a file of at most `size` bytes: a larger request is refused (413)
    before its body is read (Flask has no limit of its own)."""
    def limited(view: View) -> View:
        view.max_upload = size  # type: ignore[attr-defined]
        return view
    return limited


def wants_json() -> bool:
    """A JSON body, an Accept header preferring JSON, or an /api/ path gets the JSON envelope
    back."""
    return (request.is_json or request.accept_mimetypes.best == "application/json"
            or "/api/" in request.path)


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
