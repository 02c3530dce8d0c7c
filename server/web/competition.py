"""The director console's competition page: every stage as far as it has gone, who qualified
and why, the knock-out matches with their carry-over, the decisions the competition asks for
and those taken (with Change and Withdraw while their matches are not in play), the whole draw
of the next advance, and the buttons that put it in play or take the last advance back.

Every form posts here with its CSRF token and hands the checked input to one function of
`server.stages.actions`; the tables an advance seats get their new state. A JSON client
(Accept: application/json, or a JSON body) gets the envelope instead of a page.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.utils import secure_filename

from ..context import get_broadcast, get_store, has_event
from ..errors import TravellerError
from ..event.outcome import Outcome
from ..exchange.run import status
from ..publish import printing
from ..stages import actions, league_join
from ..stages.inputs import is_competition
from ..stages.view import wire
from ..store import Store
from .forms import now_ms, request_payload, upload_limit, wants_json
from .security import actor, director_required

bp = Blueprint("competition", __name__, url_prefix="/director/competition")


def _store() -> Store:
    store = get_store()
    if not is_competition(store):
        raise TravellerError("not_a_competition", "this event is one session or one stage, "
                             "not a competition of stages", 409)
    return store


@bp.app_context_processor
def competition_event() -> dict[str, Any]:
    """Whether the event is a competition, for the console's navigation."""
    try:
        return {"competition_event": has_event() and is_competition(get_store())}
    except RuntimeError:
        return {"competition_event": False}


def _refused(exc: TravellerError) -> Any:
    if wants_json():
        return jsonify(exc.body()), exc.status
    return render_template("ruling_error.html", error=exc.error,
                           back=url_for(".index"), name=get_store().setting("name", "")), \
        exc.status


def _done(outcome: Outcome, anchor: str = "") -> Any:
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(".index") + anchor)


@bp.get("/")
@director_required
def index() -> Any:
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc)
    data = wire(store, now_ms(), director=True)
    exchange = _exchange(store)
    if exchange is not None:
        data["exchange"] = exchange
    if wants_json():
        return jsonify(data), 200 if data["ok"] else data["status"]
    names = {e["id"]: e["name"] for e in data.get("entries", [])}
    return render_template("competition.html", data=data, names=names,
                           name=store.setting("name", ""), exchange=exchange)


def _exchange(store: Store) -> dict[str, Any] | None:
    """The venues' exchange for the console: a venue's file, a file that took bundles in, or
    one served with --exchange; None for a competition in one venue."""
    exchanger = current_app.extensions.get("traveller.exchanger")
    now = now_ms()
    found = exchanger.wire(store) if exchanger is not None else status(store, now)
    if exchanger is None and found["venue"] is None and not found["venues"]:
        return None
    return {"location": None, "every_s": None, "error": None, "last_ms": None,
            "refused": [], **found, "now_ms": now}


@bp.post("/advance")
@director_required
def advance() -> Any:
    """Put in play everything the competition can play now."""
    try:
        store = _store()
        outcome = actions.advance(store, now_ms(), actor(), request_payload().get("why"))
    except TravellerError as exc:
        return _refused(exc)
    outcome.body["printing"] = _print_new(store, outcome.body)
    return _done(outcome, f"#round-{outcome.body['first_round']}")


def _print_new(store: Store, body: dict[str, Any]) -> list[int]:
    """With a printer set up, the new tables' cards and the pairs' guide cards go to the print
    spool at once; without one the page says what to print."""
    if not printing.printer_settings(store)["target"]:
        return []
    jobs = []
    tables = sorted({number for _, number in body.get("new_tables", [])})
    if tables:
        jobs.append(printing.queue(store, "table-cards", now_ms(), actor(), {"tables": tables}))
    if (store.setting("preset", {}) or {}).get("kind") == "pairs":
        jobs.append(printing.queue(store, "guide-cards", now_ms(), actor()))
    return jobs


@bp.post("/undo")
@director_required
def undo() -> Any:
    """Take the last advance back while nothing of it is played."""
    try:
        outcome = actions.undo_advance(_store(), now_ms(), actor(),
                                       request_payload().get("why"))
    except TravellerError as exc:
        return _refused(exc)
    return _done(outcome)


@bp.post("/decide")
@director_required
def decide() -> Any:
    """A decision the competition asks for, or a change of one taken whose matches are not in
    play: a choice of opponent, a wild card, the entries joining from another competition (one
    a line: the name, then `;` and the players' IDs), a replacement for an absent entrant."""
    payload = dict(request_payload())
    value = payload.get("value")
    if not request.is_json:
        kind = payload.get("kind")
        if kind == "join":
            lines = [line for line in str(value or "").splitlines() if line.strip()]
            value = [{"name": line.split(";")[0].strip(),
                      "players": [p.strip() for p in line.split(";", 1)[1].split(",")
                                  if p.strip()] if ";" in line else []} for line in lines]
        elif kind == "replace":
            value = {"absent": payload.get("absent"), "by": payload.get("by")}
        payload["value"] = value
    try:
        outcome = actions.decide(_store(), payload, now_ms(), actor())
    except TravellerError as exc:
        return _refused(exc)
    return _done(outcome)


@bp.post("/withdraw")
@director_required
def withdraw() -> Any:
    """Take back a decision whose matches are not in play: the competition asks for it again."""
    try:
        outcome = actions.withdraw(_store(), request_payload(), now_ms(), actor())
    except TravellerError as exc:
        return _refused(exc)
    return _done(outcome)


MAX_EVENT_FILE = 256 * 1024 * 1024
"""The largest event file the join takes: League II's whole season, deals and audit with it,
is tens of megabytes."""


@bp.post("/join-file")
@upload_limit(MAX_EVENT_FILE)
@director_required
def join_file() -> Any:
    """D4.7: the entries joining, read from the event file of the competition they come from
    (League II's runners-up, with their players), uploaded; kept in a temporary folder only
    while it is read."""
    upload = request.files.get("file")
    try:
        store = _store()
        if upload is None or not upload.filename:
            raise TravellerError("missing_file", "choose the event file (.db) of the "
                                 "competition they come from")
        with tempfile.TemporaryDirectory(prefix="traveller-join-") as folder:
            path = Path(folder) / (secure_filename(upload.filename) or "league.db")
            upload.save(path)
            outcome = league_join.take(store, path, now_ms(), actor(),
                                       str(request.form.get("why") or ""))
    except TravellerError as exc:
        return _refused(exc)
    return _done(outcome)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_exc: RequestEntityTooLarge) -> Any:
    return _refused(TravellerError("too_large", f"the file is larger than "
                                   f"{MAX_EVENT_FILE // (1024 * 1024)} MB", 413))
