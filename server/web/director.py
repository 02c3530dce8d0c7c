"""The director console: log in, watch the live grid and its alerts, run the round clocks,
rule on slow play (K12.2), read results."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.security import check_password_hash

from ..context import get_broadcast, get_offline, get_presence, get_store
from ..direction import actions, slowplay
from ..direction.grid import grid as live_grid
from ..errors import TravellerError, is_number_text, ok_body, shown
from ..event.outcome import Outcome
from ..store import TableRow
from ..teams.matches import is_teams
from .forms import now_ms, wants_json
from .security import director_required

bp = Blueprint("director", __name__, url_prefix="/director")


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    error = None
    if request.method == "POST":
        password = request.form.get("password", "")
        if check_password_hash(get_store().setting("password_hash", ""), password):
            session.clear()
            session["director"] = True
            session.permanent = True
            target = request.args.get("next") or ""
            return redirect(target if target.startswith("/director") else url_for(".grid"))
        error = "That is not the director password of this event."
    status = 401 if error else 200
    return render_template("director_login.html", error=error,
                           name=get_store().setting("name", "")), status


@bp.post("/logout")
def logout() -> Any:
    session.clear()
    return redirect(url_for(".login"))


def _refused(exc: TravellerError) -> Any:
    if wants_json():
        return jsonify(exc.body()), exc.status
    return render_template("director_error.html", error=exc.error,
                           name=get_store().setting("name", "")), exc.status


def _done(target: str, outcome: Outcome) -> Any:
    """The terminals and the console hear of the change; the form answers."""
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(target))


def _grid() -> dict[str, Any]:
    return live_grid(get_store(), get_presence().snapshot(), now_ms(),
                     get_offline().snapshot())


@bp.get("/")
@director_required
def grid() -> Any:
    store = get_store()
    return render_template("director_grid.html", grid=_grid(), name=store.setting("name", ""))


@bp.get("/api/grid")
@director_required
def grid_json() -> Any:
    return jsonify(ok_body(**_grid()))


@bp.post("/clock/start")
@director_required
def start_clock() -> Any:
    try:
        outcome = actions.start_clock(get_store(), now_ms(), actor="director")
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error), exc.status
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(".grid"))


def _table(text: str) -> TableRow | None:
    """A table as the director names it: "A3", or "3" in the first section; blank: none."""
    text = text.strip().upper()
    if not text:
        return None
    tables = get_store().tables()
    section = text.rstrip("0123456789") or (tables[0].section if tables else "A")
    number = text[len(section):] if text.startswith(section) else text
    found = next((t for t in tables if t.section == section and str(t.number) == number), None)
    if found is None:
        raise TravellerError("unknown_table", f"there is no table {shown(text)}", 404)
    return found


@bp.post("/clock/<action>")
@director_required
def change_clock(action: str) -> Any:
    """Pause, resume or extend the round's clock for every table, or for the table named."""
    data = request.form if request.form else (request.get_json(silent=True) or {})
    try:
        round_text = str(data.get("round") or "").strip()
        outcome = actions.change_clock(
            get_store(), action, now_ms(), actor="director",
            table=_table(str(data.get("table") or "")),
            round=int(round_text) if is_number_text(round_text) else None,
            minutes=data.get("minutes"), why=str(data.get("why") or ""))
    except TravellerError as exc:
        return _refused(exc)
    return _done(".grid", outcome)


@bp.post("/alerts/ack")
@director_required
def acknowledge_alert() -> Any:
    data = request.form if request.form else (request.get_json(silent=True) or {})
    try:
        outcome = actions.acknowledge_alert(get_store(), str(data.get("key") or ""), now_ms(),
                                            actor="director")
    except TravellerError as exc:
        return _refused(exc)
    return _done(".grid", outcome)


@bp.get("/slow-play")
@director_required
def slow_play() -> Any:
    store = get_store()
    return render_template("director_slow_play.html", pairs=slowplay.proposals(store),
                           scale=slowplay.scale_of(store), name=store.setting("name", ""))


@bp.get("/api/slow-play")
@director_required
def slow_play_json() -> Any:
    return jsonify(ok_body(pairs=slowplay.proposals(get_store())))


@bp.post("/slow-play/<section>/<int:pair>")
@director_required
def rule_slow_play(section: str, pair: int) -> Any:
    """Apply the proposed slow-play penalty, change it or waive it, with a reason."""
    data = request.form if request.form else (request.get_json(silent=True) or {})
    try:
        ruling = slowplay.decide(get_store(), section, pair, str(data.get("action") or ""),
                                 now_ms(), actor="director",
                                 penalty=str(data.get("penalty") or ""),
                                 reason=str(data.get("reason") or ""))
    except TravellerError as exc:
        return _refused(exc)
    if wants_json():
        return jsonify(ok_body(ruling=ruling))
    return redirect(url_for(".slow_play"))


@bp.post("/calls/<int:call_id>/answer")
@director_required
def answer_call(call_id: int) -> Any:
    answer = request.form.get("answer") or (request.get_json(silent=True) or {}).get("answer", "")
    try:
        outcome = actions.answer_call(get_store(), call_id, str(answer), now_ms(),
                                      actor="director")
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error), exc.status
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(".grid"))


@bp.get("/results")
@director_required
def results() -> Any:
    store = get_store()
    from ..publish import results

    if is_teams(store):
        return redirect(url_for("teams.standings"))

    return render_template("director_results.html", standings=results.standings(store),
                           name=store.setting("name", ""), count=len(store.results()))
