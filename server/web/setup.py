"""The director console's setup pages: the event's settings (KD3) and its hand records.

Every form posts here with its CSRF token; the checked work is `server.direction.setup`'s. After
a change that re-seats the event, every table's terminal gets its new state and the console its
grid. A JSON client (Accept: application/json, or a JSON body) gets the envelope instead of a page.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

from ..context import get_broadcast, get_store
from ..direction import actions, setup
from ..errors import TravellerError, ok_body
from ..event.numbering import numbering
from ..publish import printing
from ..store import printing as spool
from ..store import setup as sql
from ..table.terminals import table_url, urls
from .forms import now_ms, request_payload, wants_json
from .security import actor, director_required

bp = Blueprint("setup", __name__, url_prefix="/director/setup")


def _settings_page(error: str | None = None, values: dict[str, Any] | None = None,
                   status: int = 200, changes: list[str] | None = None,
                   saved: bool = False) -> Any:
    store = get_store()
    base = store.setting("base_url", "")
    ew_urls = urls(store)
    tables = [{"name": f"{t.section}{t.number}", "url": table_url(base, t.token),
               "ew_url": ew_urls.get((t.section, t.number))}
              for t in store.tables()]
    return render_template(
        "setup_settings.html", name=store.setting("name", ""), fields=setup.fields_for(store),
        values=values or setup.current(store), locked=setup.locked(store), error=error,
        rounds=setup.rounds_played(store), tables=tables, changes=changes or [],
        deals=len(sql.deals(store)), saved=saved,
        printer=printing.printer_settings(store), code_pages=printing.CODE_PAGE_NAMES,
        jobs=[{**j, "what": printing.describe(j), "what_message": printing.describe_message(j)}
              for j in spool.jobs(store, limit=5)],
        printing=_print_choices(store), publication=_publication(),
    ), status


def _publication() -> dict[str, Any] | None:
    """The results site's publication while serving (`serve --publish`), times as the clock
    on the wall; None without one."""
    from datetime import datetime

    publisher = current_app.extensions.get("traveller.publisher")
    if publisher is None:
        return None
    status = publisher.status.wire()

    def clock(ms: int | None) -> str | None:
        return None if ms is None else datetime.fromtimestamp(ms / 1000).strftime("%H:%M:%S")

    return {**status, "every": f"{status['every_s']:g}", "last": clock(status["last_ms"]),
            "since": clock(status["error_since_ms"]), "retry": clock(status["retry_ms"])}


def _print_choices(store: Any) -> dict[str, Any]:
    """The rounds the console offers for slips (the current one chosen) and standings."""
    from ..publish.results import completed_rounds

    return {"rounds": list(range(1, printing.rounds_of(store) + 1)),
            "current": printing.current_round(store), "finished": completed_rounds(store)}


@bp.get("/")
@director_required
def settings() -> Any:
    changed = [c for c in request.args.get("changed", "").split(",") if c]
    return _settings_page(changes=changed, saved="saved" in request.args)


@bp.get("/api/settings")
@director_required
def settings_json() -> Any:
    store = get_store()
    return jsonify(ok_body(settings=setup.current(store), locked=setup.locked(store),
                           rounds=setup.rounds_played(store)))


@bp.post("/")
@director_required
def change() -> Any:
    payload = request_payload()
    why = str(payload.pop("why", "") or "")
    try:
        outcome = actions.change_settings(get_store(), payload, actor(), why)
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        shown = {**setup.current(get_store()), **payload}
        return _settings_page(exc.error, shown, exc.status)
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(".settings", saved=1, changed=",".join(outcome.body["changed"])))


@bp.get("/deals")
@director_required
def deals() -> Any:
    store = get_store()
    return render_template("setup_deals.html", name=store.setting("name", ""),
                           deals=sql.deals(store), error=None, **_deal_sets(store))


@bp.post("/deals")
@director_required
def import_deals() -> Any:
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise TravellerError("missing_file", "choose a PBN file of hand records to import")
        imported = setup.import_deals(get_store(), upload.read(), upload.filename, actor(),
                                      request.form.get("set") or None)
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        store = get_store()
        return render_template("setup_deals.html", name=store.setting("name", ""),
                               deals=sql.deals(store), error=exc.error,
                               **_deal_sets(store)), exc.status
    if wants_json():
        return jsonify(ok_body(boards=[d.board for d in imported]))
    return redirect(url_for(".deals"))


def _deal_sets(store: Any) -> dict[str, Any]:
    """A competition's sets of deals for the upload to choose from (the one in play first),
    and each loaded board's number in the room."""
    room = numbering(store)
    if not room.competition:
        return {"deal_sets": [], "numbers": {}}
    in_play = room.deal_sets(since=room.last_advance)
    every = room.deal_sets()
    ordered = [*in_play, *(k for k in every if k not in in_play)]
    return {"deal_sets": [{"key": k, "name": every[k][0].text(), "in_play": k in in_play}
                          for k in ordered],
            "numbers": {d.board: room.number(d.board) for d in sql.deals(store)}}


@bp.get("/api/deals")
@director_required
def deals_json() -> Any:
    return jsonify(ok_body(deals=[setup.deal_wire(d) for d in sql.deals(get_store())]))


@bp.get("/api/deals/<int:board>")
@director_required
def deal_json(board: int) -> Any:
    deal = sql.deal(get_store(), board)
    if deal is None:
        body = TravellerError("unknown_deal", f"no hand record for board {board}", 404).body()
        return jsonify(body), 404
    return jsonify(ok_body(deal=setup.deal_wire(deal)))


@bp.post("/printer")
@director_required
def set_printer() -> Any:
    data = request_payload()
    try:
        value = printing.set_printer(get_store(), str(data.get("target", "")),
                                     str(data.get("profile", "80mm")), actor(),
                                     str(data.get("why", "")),
                                     mode=str(data.get("mode", "") or "raster"),
                                     code_page=str(data.get("code_page", "") or "CP852"),
                                     lang=str(data.get("lang", "") or printing.DEFAULT_LANG))
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return _settings_page(error=exc.error, status=exc.status)
    if wants_json():
        return jsonify(ok_body(printer=value))
    return redirect(url_for(".settings", changed="printer") + "#printer")


@bp.post("/print/<document>")
@director_required
def print_document(document: str) -> Any:

    data = request_payload()
    options = {"round": data["round"]} if data.get("round") not in (None, "") else {}
    try:
        job = printing.queue(get_store(), document, now_ms(), actor(), options)
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return _settings_page(error=exc.error, status=exc.status)
    if wants_json():
        return jsonify(ok_body(job=job))
    return redirect(url_for(".settings", changed=f"print job {job}") + "#printer")


@bp.get("/api/print-jobs")
@director_required
def print_jobs() -> Any:
    return jsonify(ok_body(printer=printing.printer_settings(get_store()),
                           jobs=spool.jobs(get_store())))
