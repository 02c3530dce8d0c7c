"""The director console: log in, watch the live grid, start the round clock, read results."""

from __future__ import annotations

import time
from typing import Any

from flask import (
    Blueprint,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.security import check_password_hash

from .. import play
from ..app import get_presence, get_socketio, get_store
from ..errors import TravellerError, ok_body
from .security import director_required

bp = Blueprint("director", __name__, url_prefix="/director")


def _now_ms() -> int:
    return int(time.time() * 1000)


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


@bp.get("/")
@director_required
def grid() -> Any:
    store = get_store()
    data = play.grid(store, get_presence().snapshot(), _now_ms())
    return render_template("director_grid.html", grid=data, name=store.setting("name", ""))


@bp.get("/api/grid")
@director_required
def grid_json() -> Any:
    return jsonify(ok_body(**play.grid(get_store(), get_presence().snapshot(), _now_ms())))


@bp.post("/clock/start")
@director_required
def start_clock() -> Any:
    from ..realtime import push_clock, push_grid

    try:
        play.start_clock(get_store(), _now_ms(), actor="director")
    except TravellerError as exc:
        if request.accept_mimetypes.best == "application/json":
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error), exc.status
    socketio = get_socketio()
    push_clock(socketio)
    push_grid(socketio)
    if request.accept_mimetypes.best == "application/json":
        return jsonify(ok_body(clock=play.clock_wire(get_store().clock(), _now_ms())))
    return redirect(url_for(".grid"))


@bp.post("/calls/<int:call_id>/answer")
@director_required
def answer_call(call_id: int) -> Any:
    from ..realtime import push_table

    answer = request.form.get("answer") or (request.get_json(silent=True) or {}).get("answer", "")
    try:
        call = play.answer_call(get_store(), call_id, str(answer), _now_ms(), actor="director")
    except TravellerError as exc:
        if request.accept_mimetypes.best == "application/json":
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error), exc.status
    store = get_store()
    table = next(t for t in store.tables()
                 if (t.section, t.number) == (call["section"], call["table_number"]))
    socketio = get_socketio()
    socketio.emit("director_answer", call, namespace="/table",
                  to=f"table:{table.section}:{table.number}")
    push_table(socketio, table)
    app_notifier = current_app.extensions["traveller.notifier"]
    app_notifier.changed()
    if request.accept_mimetypes.best == "application/json":
        return jsonify(ok_body(call=call))
    return redirect(url_for(".grid"))


@bp.get("/results")
@director_required
def results() -> Any:
    store = get_store()
    return render_template("director_results.html", standings=play.standings(store),
                           name=store.setting("name", ""), count=len(store.results()))
