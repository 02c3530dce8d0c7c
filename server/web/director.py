"""The director console: log in, watch the live grid and its alerts, run the round clocks,
rule on slow play (K12.2), read results."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)

from ..context import (
    current_director,
    get_broadcast,
    get_director_sockets,
    get_offline,
    get_presence,
    get_store,
)
from ..direction import actions, slowplay
from ..direction import conflicts as conflict_cases
from ..direction.grid import grid as live_grid
from ..errors import TravellerError, error_body, is_number_text, ok_body, shown
from ..event import access
from ..event.outcome import Outcome
from ..store import TableRow
from ..teams.matches import is_teams
from .forms import now_ms, request_payload, wants_json
from .i18n import translate as _
from .security import (
    TooManyLogins,
    actor,
    csrf_token,
    director_required,
    end_session,
    hash_off_loop,
    password_is_right,
    start_session,
)

bp = Blueprint("director", __name__, url_prefix="/director")


def _login_page(error: str | None, status: int, retry_after: int | None = None) -> Any:
    if wants_json() and error:
        code = "too_many_logins" if status == 429 else "wrong_password"
        response = jsonify(error_body(code, error, status))
    else:
        response = make_response(render_template(
            "director_login.html", error=error, name=get_store().setting("name", "")))
    response.status_code = status
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    if request.method == "GET":
        return _login_page(None, 200)
    try:
        right = password_is_right(str(request_payload().get("password") or ""))
    except TooManyLogins as exc:
        text = _("Too many wrong passwords from this device: wait %(seconds)s seconds, then "
                 "try again.", seconds=exc.retry_after)
        return _login_page(exc.error if wants_json() else text, 429, exc.retry_after)
    if not right:
        text = "That is not the director password of this event."
        return _login_page(text if wants_json() else _(text), 401)
    start_session()
    if wants_json():
        return jsonify(ok_body(csrf_token=csrf_token()))
    target = request.args.get("next") or ""
    # Only a path of this console: never "//elsewhere" or a full URL.
    safe = target.startswith("/director") and not target.startswith("//")
    return redirect(target if safe else url_for(".grid"))


@bp.post("/logout")
def logout() -> Any:
    end_session()
    if wants_json():
        return jsonify(ok_body())
    return redirect(url_for(".login"))


@bp.route("/password", methods=["GET", "POST"])
@director_required
def password() -> Any:
    """Change the director password: the old one, the new one twice; every other session
    ends."""
    store = get_store()
    if request.method == "GET":
        return render_template("director_password.html", name=store.setting("name", ""),
                               error=None, done=False)
    data = request_payload()
    try:
        if not password_is_right(str(data.get("old_password") or "")):
            raise TravellerError("wrong_password", "the old password is not right", 403)
        new = str(data.get("new_password") or "")
        access.check_new_password(new, str(data.get("new_password_again") or ""))
        me = current_director()
        assert me is not None  # director_required
        ended = access.change_password(store, me, hash_off_loop(new), now_ms())
        get_director_sockets().end(ended)
        revoked = len(ended)
    except TravellerError as exc:
        if wants_json():
            response = jsonify(exc.body())
        else:
            response = make_response(render_template(
                "director_password.html", name=store.setting("name", ""), error=exc.error,
                done=False))
        response.status_code = exc.status
        if isinstance(exc, TooManyLogins):
            response.headers["Retry-After"] = str(exc.retry_after)
        return response
    if wants_json():
        return jsonify(ok_body(revoked=revoked))
    return render_template("director_password.html", name=store.setting("name", ""),
                           error=None, done=True, revoked=revoked)


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
    now = now_ms()

    def offline_for(since_ms: int) -> str:
        """m:ss since the table's terminal was last heard, as the page's script counts."""
        seconds = -(-max(0, now - since_ms) // 1000)
        return f"{seconds // 60}:{seconds % 60:02d}"

    return render_template("director_grid.html", grid=_grid(), name=store.setting("name", ""),
                           offline_for=offline_for)


@bp.get("/api/grid")
@director_required
def grid_json() -> Any:
    return jsonify(ok_body(**_grid()))


@bp.post("/clock/start")
@director_required
def start_clock() -> Any:
    """Start the next round's clock. From the console's form it is a second step: the first
    post shows what starting it does (the tables still playing an earlier round) and asks to
    confirm; a JSON client (a script) starts it at once."""
    confirmed = request.form.get("confirmed") == "yes" or wants_json()
    try:
        if not confirmed:
            preview = actions.start_preview(get_store(), now_ms())
            behind = ", ".join(_table_name(t["section"], t["table"]) for t in preview["behind"])
            return render_template("director_start_clock.html", preview=preview, behind=behind,
                                   name=get_store().setting("name", ""))
        outcome = actions.start_clock(get_store(), now_ms(), actor=actor())
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error), exc.status
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(".grid"))


def _table_name(section: str, number: int) -> str:
    """A table as the console names it: "A3", or the room in a teams event ("Open 3")."""
    if not is_teams(get_store()):
        return f"{section}{number}"
    rooms = {"O": _("Open"), "C": _("Closed")}
    return f"{rooms.get(section, section)} {number}"


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
            get_store(), action, now_ms(), actor=actor(),
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
                                            actor=actor())
    except TravellerError as exc:
        return _refused(exc)
    return _done(".grid", outcome)


@bp.get("/conflicts/<int:conflict_id>")
@director_required
def conflict(conflict_id: int) -> Any:
    """A conflicting entry beside the stored result of its board, a button to keep each."""
    store = get_store()
    try:
        found = conflict_cases.conflict(store, conflict_id)
    except TravellerError as exc:
        return _refused(exc)
    if wants_json():
        return jsonify(ok_body(conflict=found))
    return render_template("director_conflict.html", c=found, name=store.setting("name", ""),
                           where=_table_name(found["section"], found["table_number"]))


@bp.post("/conflicts/<int:conflict_id>/keep")
@director_required
def keep_conflict(conflict_id: int) -> Any:
    """Settle a conflict: `keep` is "stored" (the board's result stays) or "second"."""
    data = request_payload()
    try:
        outcome = actions.keep_conflict(get_store(), conflict_id, str(data.get("keep") or ""),
                                        now_ms(), actor=actor())
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
                                 now_ms(), actor=actor(),
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
                                      actor=actor())
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error), exc.status
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(url_for(".grid"))


@bp.get("/export/<fmt>")
@director_required
def export(fmt: str) -> Any:
    """The results as USEBIO, PBN or CSV (a zip), as `traveller export` writes them."""
    from ..publish.export import download

    try:
        name, data, media = download(get_store(), fmt, now_ms())
    except TravellerError as exc:
        return _refused(exc)
    return Response(data, mimetype=media,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/results")
@director_required
def results() -> Any:
    store = get_store()
    from ..publish import results

    if is_teams(store):
        return redirect(url_for("teams.standings"))

    return render_template("director_results.html", standings=results.standings(store),
                           name=store.setting("name", ""), count=len(store.results()))
