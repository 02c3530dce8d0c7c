"""The director console's players pages: the event's list and its CSV import, the pairs'
players as the tables entered them, and late starts (K11.3)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, redirect, render_template, request, url_for

from ..context import get_store
from ..direction import latestart
from ..errors import TravellerError, ok_body
from ..event import players
from ..store import players as sql
from .forms import now_ms, uploaded_csv, wants_json
from .security import actor, director_required

bp = Blueprint("players", __name__, url_prefix="/director/players")


def _list_page(errors: list[str] | None = None, imported: dict[str, int] | None = None,
               status: int = 200) -> Any:
    store = get_store()
    seated = sorted(players.pair_names(store).items())
    return render_template("players_list.html", players=sql.players(store), seated=seated,
                           errors=errors or [], imported=imported,
                           name=store.setting("name", "")), status


@bp.get("/")
@director_required
def index() -> Any:
    return _list_page()


@bp.get("/api")
@director_required
def players_json() -> Any:
    store = get_store()
    pairs = [{"section": sec, "pair": pair, "players": ids}
             for (sec, pair), ids in sorted(players.pair_players(store).items())]
    return jsonify(ok_body(players=sql.players(store), pairs=pairs))


@bp.post("/import")
@director_required
def import_csv() -> Any:
    """A CSV file (id,name,gender[,club]) as the multipart field `file`: all rows or none."""
    problems: list[str] = []
    counts = None
    try:
        text, filename = uploaded_csv()
        counts = players.import_csv(get_store(), text, actor=actor(), filename=filename)
    except players.PlayersError as exc:
        problems = exc.problems
    if problems:
        if wants_json():
            body = TravellerError("invalid_players_file", "; ".join(problems)).body()
            return jsonify({**body, "problems": problems}), 400
        return _list_page(errors=problems, status=400)
    if wants_json():
        return jsonify(ok_body(**(counts or {})))
    return _list_page(imported=counts)


@bp.get("/late")
@director_required
def late() -> Any:
    """Late starts (K11.3): the form proposes the sanction for the minutes given."""
    store = get_store()
    sections = sorted({s.section for s in store.seatings()})
    form = {"section": request.args.get("section") or (sections[0] if sections else ""),
            "pair": request.args.get("pair", ""), "minutes": request.args.get("minutes", ""),
            "reason": request.args.get("reason", "")}
    proposal, error = None, None
    if form["minutes"]:
        try:
            proposal = latestart.propose(store, form["minutes"])
        except TravellerError as exc:
            error = exc.error
    names = players.pair_names(store)
    rulings = [{**r, "names": names.get((r["section"], r["pair_number"]), [])}
               for r in sql.late_starts(store)]
    return render_template("players_late.html", form=form, proposal=proposal, error=error,
                           sections=sections, rulings=rulings,
                           scale=latestart.scale_of(store), name=store.setting("name", "")), \
        400 if error else 200


@bp.get("/api/late")
@director_required
def late_json() -> Any:
    store = get_store()
    minutes = request.args.get("minutes")
    try:
        proposal = latestart.propose(store, minutes) if minutes else None
    except TravellerError as exc:
        return jsonify(exc.body()), exc.status
    return jsonify(ok_body(proposal=proposal, rulings=sql.late_starts(store)))


@bp.post("/late")
@director_required
def rule_late() -> Any:
    """Apply the proposed K11.3 penalty, change it or waive it (a reason for either)."""
    data = request.form if request.form else (request.get_json(silent=True) or {})
    store = get_store()
    try:
        ruling = latestart.decide_late(
            store, str(data.get("section") or ""), data.get("pair"), data.get("minutes"),
            str(data.get("action") or ""), now_ms(), actor=actor(),
            penalty=str(data.get("penalty") or ""), reason=str(data.get("reason") or ""))
    except TravellerError as exc:
        if wants_json():
            return jsonify(exc.body()), exc.status
        return render_template("director_error.html", error=exc.error,
                               name=store.setting("name", "")), exc.status
    if wants_json():
        return jsonify(ok_body(ruling=ruling))
    return redirect(url_for(".late"))
