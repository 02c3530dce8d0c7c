"""The director's rulings on the console: a board's traveller with its forms and audit trail,
the rankings with procedural penalties, and the switch that publishes the results (under closed
rooms, K8.3, only once the event is over).

Every form posts here with its CSRF token; each view hands the checked input to one function of
`server.direction.actions` and has its Outcome delivered: the table's new state to its terminal,
the grid to the console. A JSON client (Accept: application/json) gets the envelope instead of
a redirect.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, redirect, render_template, request, url_for

from ..context import get_broadcast, get_store
from ..direction import actions, rulings
from ..errors import TravellerError, is_number_text, shown, whole_number
from ..event.numbering import numbering
from ..publish import closed, results
from ..store import rulings as sql
from ..store.rulings import EntryKey
from ..teams.matches import is_teams
from .forms import now_ms, request_payload, wants_json
from .results import hand_html
from .security import actor, director_required

bp = Blueprint("rulings", __name__, url_prefix="/director")


def _section(payload: dict[str, Any]) -> str:
    sections = get_store().setting("sections", ["A"]) or ["A"]
    section = str(payload.get("section") or request.args.get("section") or sections[0])
    if section not in sections:
        raise TravellerError("unknown_section", f"there is no section {shown(section)}", 404)
    return section


def _key(board: int, payload: dict[str, Any]) -> EntryKey:
    if payload.get("table") in (None, "") or payload.get("round") in (None, ""):
        raise TravellerError("missing_field", "say which table and round")
    table = whole_number(payload["table"], "the table", "invalid_table", 1)
    round_ = whole_number(payload["round"], "the round", "invalid_round", 1)
    return EntryKey(_section(payload), table, round_, board)


def _refused(exc: TravellerError, back: str) -> Any:
    if wants_json():
        return jsonify(exc.body()), exc.status
    return render_template("ruling_error.html", error=exc.error, back=back,
                           name=get_store().setting("name", "")), exc.status


def _entry_ruling(board: int, action: Any) -> Any:
    payload = request_payload()
    back = url_for(".board", board=board)
    try:
        key = _key(board, payload)
        outcome = action(get_store(), key, payload)
    except TravellerError as exc:
        return _refused(exc, back)
    # The table's terminal gets its new state; the console its grid.
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(f"{back}#entry-{key.table_number}-{key.round}")


@bp.get("/board/<int:board>")
@director_required
def board(board: int) -> Any:
    store = get_store()
    try:
        section = _section({})
    except TravellerError as exc:
        return _refused(exc, url_for(".rankings"))
    boards = results.boards(store)
    if board not in boards:
        return _refused(TravellerError("unknown_board", f"there is no board {board}", 404),
                        url_for(".rankings"))
    data, deal = results.with_deal(results.director_board(store, section, board), store)
    room = numbering(store)
    played_in = room.played_in(board)
    data = {**data, "board_number": room.number(board),
            "played_in": played_in.wire() if played_in else None}
    if wants_json():
        return jsonify({"ok": True, **data})
    # A competition's boards are many sets of deals: the page goes through the board's own set
    # (its match's or session's boards), each named as the room numbers it.
    boards = room.beside(board, boards)
    index = boards.index(board)
    return render_template(
        "ruling_board.html", data=data, name=store.setting("name", ""), hand=hand_html(deal),
        choices=list(rulings.ARTIFICIAL_CHOICES), boards=boards,
        numbers={b: room.number(b) for b in boards},
        previous=boards[index - 1] if index else None,
        next=boards[index + 1] if index + 1 < len(boards) else None)


@bp.post("/board/<int:board>/correct")
@director_required
def correct(board: int) -> Any:
    return _entry_ruling(board, lambda store, key, p: actions.correct_result(
        store, key, p, now_ms(), actor()))


@bp.post("/board/<int:board>/delete")
@director_required
def delete(board: int) -> Any:
    return _entry_ruling(board, lambda store, key, p: actions.delete_result(
        store, key, p.get("why"), now_ms(), actor()))


@bp.post("/board/<int:board>/undo")
@director_required
def undo(board: int) -> Any:
    return _entry_ruling(board, lambda store, key, p: actions.undo(
        store, key, p.get("why"), now_ms(), actor()))


@bp.post("/board/<int:board>/adjust")
@director_required
def adjust(board: int) -> Any:
    def apply(store: Any, key: EntryKey, payload: dict[str, Any]) -> Any:
        choice = str(payload.get("choice") or "")
        # The console's one select names every choice; JSON clients send `kind` themselves.
        if choice.startswith("k13_3_"):
            payload = {**payload, "kind": "k13_3", "staying": choice[-2:].upper()}
        elif choice == "weighted":
            payload = {**payload, "kind": "weighted"}
        elif "kind" not in payload:
            payload = {**payload, "kind": "artificial"}
        return actions.adjust(store, key, payload, now_ms(), actor())

    return _entry_ruling(board, apply)


@bp.post("/board/<int:board>/unadjust")
@director_required
def unadjust(board: int) -> Any:
    return _entry_ruling(board, lambda store, key, p: actions.remove_adjustment(
        store, key, p.get("why"), now_ms(), actor()))


@bp.get("/rankings")
@director_required
def rankings() -> Any:
    store = get_store()
    if is_teams(store):
        return redirect(url_for("teams.standings"))
    ranking = results.standings(store)
    if wants_json():
        return jsonify({"ok": True, "standings": ranking})
    return render_template(
        "results_standings.html", standings=ranking, director=True,
        published=rulings.is_published(store), boards=results.boards(store),
        penalties=sql.penalties(store), publication=[results.audit_wire(a) for a in
                     sql.settings_audit(store, rulings.PUBLISHED)],
        name=store.setting("name", ""), section=_section({}))


@bp.post("/penalties")
@director_required
def add_penalty() -> Any:
    payload = request_payload()
    try:
        outcome = actions.add_penalty(get_store(), _section(payload), payload.get("pair"),
                                      payload, now_ms(), actor())
    except TravellerError as exc:
        return _refused(exc, url_for(".rankings"))
    get_broadcast().send(outcome)
    return jsonify(outcome.body) if wants_json() else redirect(url_for(".rankings") + "#penalties")


@bp.post("/withdraw")
@director_required
def withdraw() -> Any:
    """K13.3: a pair that cannot continue: 60% to its opponents on every board it has not
    played (to `last_round`, when given)."""
    payload = request_payload()
    if isinstance(payload.get("last_round"), str) and is_number_text(payload["last_round"]):
        payload["last_round"] = int(payload["last_round"])
    try:
        outcome = actions.cannot_continue(get_store(), _section(payload), payload.get("pair"),
                                          payload, now_ms(), actor())
    except TravellerError as exc:
        return _refused(exc, url_for(".rankings"))
    get_broadcast().send(outcome)
    return jsonify(outcome.body) if wants_json() else redirect(url_for(".rankings"))


@bp.post("/penalties/<int:penalty_id>/remove")
@director_required
def remove_penalty(penalty_id: int) -> Any:
    payload = request_payload()
    try:
        outcome = actions.remove_penalty(get_store(), penalty_id, payload.get("why"), now_ms(),
                                         actor())
    except TravellerError as exc:
        return _refused(exc, url_for(".rankings"))
    get_broadcast().send(outcome)
    return jsonify(outcome.body) if wants_json() else redirect(url_for(".rankings") + "#penalties")


@bp.app_context_processor
def publication_state() -> dict[str, Any]:
    """`results_published()` for the publication switch on any console page, and
    `results_publication()`: whether the rooms are closed (K8.3) and the event is over."""
    return {"results_published": lambda: rulings.is_published(get_store()),
            "results_publication": lambda: closed.publication(get_store(), now_ms())}


@bp.get("/publication")
@director_required
def publication_page() -> Any:
    """The publication switch and its history, for every kind of event."""
    store = get_store()
    state = closed.publication(store, now_ms())
    if wants_json():
        return jsonify({"ok": True, **state.wire()})
    return render_template(
        "director_publication.html", published=state.published,
        name=store.setting("name", ""),
        publication=[results.audit_wire(a) for a in sql.settings_audit(store, rulings.PUBLISHED)])


@bp.post("/publication")
@director_required
def publication() -> Any:
    """Publish or withdraw the results; under closed rooms (K8.3) publishing is refused until
    the event is over."""
    payload = request_payload()
    value = payload.get("published")
    published = value is True or str(value).lower() in ("1", "true", "on", "yes")
    try:
        outcome = closed.set_publication(get_store(), published, actor(),
                                         str(payload.get("why") or ""), now_ms())
    except TravellerError as exc:
        return _refused(exc, _back(payload.get("next")))
    # Projectors already open get the ranking the moment it is published (and no more after).
    get_broadcast().send(outcome)
    if wants_json():
        return jsonify(outcome.body)
    return redirect(_back(payload.get("next")))


def _back(target: Any) -> str:
    """The page the switch was on (a path of this server), else the publication page."""
    if isinstance(target, str) and target.startswith("/") and not target.startswith("//") \
            and "\\" not in target and len(target) <= 500:
        return target
    return url_for(".publication_page")
