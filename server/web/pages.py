"""What any visitor may meet besides the console and the terminal: the site's icon, and our own
page for an address that does not exist or a request refused (never Flask's stock page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import (
    Flask,
    abort,
    current_app,
    make_response,
    render_template,
    send_file,
    send_from_directory,
)
from werkzeug.exceptions import HTTPException

from ..context import get_store, has_event
from .i18n import translate as _


def install_pages(app: Flask) -> None:
    @app.get("/favicon.ico")
    def favicon() -> Any:
        # Browsers ask for /favicon.ico whatever the page says; a PNG there is read by all.
        static = current_app.static_folder
        assert static is not None
        return send_from_directory(static, "favicon.png", mimetype="image/png", max_age=86400)

    @app.get("/venue-ca.crt")
    def venue_ca() -> Any:
        """The venue's certificate authority, for a phone to install and trust once, when
        the server serves https with a certificate of `traveller cert` (README)."""
        path = current_app.config.get("VENUE_CA")
        if not path or not Path(path).is_file():
            abort(404)
        return send_file(path, mimetype="application/x-x509-ca-cert", as_attachment=True,
                         download_name="traveller-ca.crt")


def error_page(exc: HTTPException) -> Any:
    """An error page in the page's language, with the way back."""
    code = exc.code or 500
    if code == 404:
        title, text = _("Page not found"), _("There is nothing at this address. Check the "
                                             "address, or start again from the home page.")
    else:
        title = _("The request was refused (%(code)s)", code=code)
        text = exc.description or exc.name
    name = ""
    try:
        if has_event():
            name = str(get_store().setting("name", ""))
    except Exception:  # the page must show even when the event file cannot be read
        name = ""
    response = make_response(render_template("http_error.html", code=code, title=title,
                                              text=text, name=name), code)
    for header, value in exc.get_headers():
        if header.lower() != "content-type":
            response.headers[header] = value
    return response
