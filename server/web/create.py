"""Creating the event in the console, and the server's answers while there is none yet.

`traveller serve` on a missing file starts with no event: `/`, `/director` and every console
page lead to `/director/create`; a table link, the public pages and JSON callers get a clear
refusal (`no_event`, 503); Socket.IO refuses table terminals at connect. The creation form is
CSRF-protected like every console form: its token lives in the session, signed with a key of
this process until the event's own key takes over. Once the event exists, creating it again is
refused (409) and the server behaves as if it had been started on the file.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import (
    Blueprint,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from ..context import NoEvent, get_store, has_event, open_event
from ..direction import creation
from ..errors import TravellerError, ok_body
from .forms import request_payload, wants_json
from .security import csrf_token, start_session

bp = Blueprint("create", __name__, url_prefix="/director")

# What a browser may still fetch before the event exists: the form, the console's stylesheet,
# and the terminal's own files (a terminal shows its refusal, not a broken page).
OPEN = {"create.form", "create.submit", "static", "terminal.terminal_file",
        "terminal.socketio_client", "terminal.service_worker"}
_creating = threading.Lock()


@bp.before_app_request
def no_event_yet() -> Any:
    if has_event() or request.endpoint in OPEN:
        return None
    to_console = request.path == "/" or request.path.startswith("/director")
    if request.endpoint is None and not to_console:
        return None  # an unknown address is a 404, event or not
    return _no_event(NoEvent())


@bp.app_errorhandler(NoEvent)
def _no_event(exc: NoEvent) -> Any:
    if wants_json():
        return jsonify(exc.body()), exc.status
    if request.path == "/" or request.path.startswith("/director"):
        return redirect(url_for("create.form"))
    return render_template("no_event.html", name="", error=exc.error), exc.status


def _exists() -> Any:
    error = TravellerError("event_exists", "this server already serves its event; creating "
                           "another needs another event file", 409)
    if wants_json():
        return jsonify(error.body()), error.status
    return render_template("director_error.html", error=error.error,
                           name=get_store().setting("name", "")), error.status


def _base_url() -> str:
    configured = current_app.config.get("BASE_URL")
    return str(configured or request.host_url).rstrip("/")


def _page(choices: list[creation.PresetChoice], broken: list[str], values: dict[str, Any],
          errors: list[str], status: int = 200) -> Any:
    return render_template(
        "director_create.html", name="", presets=choices, broken=broken, values=values,
        errors=errors, min_password=creation.MIN_PASSWORD, base_url=_base_url(),
        path=current_app.config["DATABASE"], seeds=current_app.config["SEEDS"],
    ), status


@bp.get("/create")
def form() -> Any:
    if has_event():
        return _exists()
    choices, broken = creation.list_presets(current_app.config["SEEDS"])
    if wants_json():
        return jsonify(ok_body(presets=[c.wire() for c in choices], broken=broken,
                               csrf_token=csrf_token()))
    first = choices[0].file if choices else ""
    return _page(choices, broken, {"preset": request.args.get("preset", first)}, [])


@bp.post("/create")
def submit() -> Any:
    payload = request_payload()
    # One creation at a time: a second form posted meanwhile finds the event there (409).
    with _creating:
        if has_event():
            return _exists()
        choices, broken = creation.list_presets(current_app.config["SEEDS"])
        try:
            store = creation.create(current_app.config["DATABASE"], payload, choices,
                                    _base_url())
        except TravellerError as exc:
            if wants_json():
                return jsonify(exc.body()), exc.status
            problems = exc.problems if isinstance(exc, creation.FormProblems) else [exc.error]
            shown = {k: v for k, v in payload.items() if not k.startswith("password")}
            return _page(choices, broken, shown, problems, exc.status)
        open_event(current_app._get_current_object(), store)  # type: ignore[attr-defined]
    # The creator is the director: log in as the password form would.
    start_session()
    if wants_json():
        return jsonify(ok_body(name=store.setting("name", ""), tables=len(store.tables()),
                               console=url_for("setup.settings")))
    return redirect(url_for("setup.settings"))
