"""The results pages: rankings, travellers, personal scorecards and the projector.

They are public on the venue network only while the director has switched publication on
(the `results_published` setting, audited); otherwise they answer 403, with the error envelope
to a JSON client and a plain page to a browser. A logged-in director always sees them. Under
closed rooms (K8.3, `server.publish.closed`) the switch opens only after the end, and the page
says so.

Whoever reads them sees the public's view (`server.publish.results`): a board's results only
once every table that plays it has played it, whatever is published, and rankings that count
a board held back as the average. The projector is often opened on the director's own laptop;
the console has the full figures.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template, request
from markupsafe import Markup

from ..context import current_director, get_store
from ..direction import rulings
from ..errors import TravellerError, error_body, shown
from ..event.numbering import RoundName, numbering
from ..formats.hand_html import diagram
from ..publish import results, stage_standings, team_results
from ..publish.closed import CLOSED, closed_rooms
from ..publish.projector import projector_data
from ..stages.inputs import is_competition
from ..stages.view import wire
from ..store import Store
from ..teams.matches import is_teams
from .forms import now_ms, wants_json
from .i18n import current_language

bp = Blueprint("results", __name__, url_prefix="/results")


@bp.before_request
def published_only() -> Any:
    store = get_store()
    if current_director() is not None or rulings.is_published(store):
        return None
    closed = closed_rooms(store)
    message = CLOSED if closed else "the results are not published yet: the director " \
        "publishes them"
    if wants_json():
        return jsonify(error_body("results_not_published", message, 403)), 403
    return render_template("results_closed.html", name=store.setting("name", ""),
                           closed=closed), 403


def _section() -> str:
    sections = get_store().setting("sections", ["A"]) or ["A"]
    section = request.args.get("section") or sections[0]
    if section not in sections:
        raise TravellerError("unknown_section", f"there is no section {shown(section)}", 404)
    return str(section)


def _refused(exc: TravellerError) -> Any:
    if wants_json():
        return jsonify(exc.body()), exc.status
    return render_template("results_missing.html", error=exc.error,
                           name=get_store().setting("name", "")), exc.status


@bp.get("/")
def index() -> Any:
    store = get_store()
    if is_competition(store):
        data = wire(store, now_ms())
        return render_template("competition.html", data=data, public=True,
                               names={e["id"]: e["name"] for e in data.get("entries", [])},
                               name=store.setting("name", ""))
    if is_teams(store):
        return render_template("teams_standings.html", director=False,
                               data=team_results.standings(store, now_ms()),
                               name=store.setting("name", ""))
    try:
        section = _section()
    except TravellerError as exc:
        return _refused(exc)
    return render_template("results_standings.html",
                           standings=results.standings(store, public=True),
                           director=False, boards=results.boards(store), section=section,
                           shown=results.shown_boards(results.entries(store)),
                           name=store.setting("name", ""))


def _pairs_only(store: Store) -> None:
    """A pair's scorecard is a pairs event's: a teams event's rooms are no field of pairs,
    and its matchpoints would mean nothing."""
    if is_teams(store):
        raise TravellerError("teams_event", "this is a teams event: its results are by team "
                             "and match, on the standings (/results/) and each team's page "
                             "(/results/team/N)", 404)


def _public_traveller(board: int) -> tuple[dict[str, Any], Any]:
    """A board's traveller as the public sees it: nothing until every table that plays it has
    played it, then every line and the hands; with the deal shown, or None. A teams event's:
    every match that plays it, both rooms (`team_results.board_traveller`)."""
    store = get_store()
    if is_teams(store):
        return results.with_deal(team_results.board_traveller(store, board, now_ms()), store)
    section = _section()
    if board not in results.boards(store):
        raise TravellerError("unknown_board", f"there is no board {board}", 404)
    data = results.traveller(store, section, board, results.score(store, public=True))
    data["results"] = [r for r in data["results"] if r["scored"]]
    return results.with_deal(data, store)


def hand_html(deal: Any) -> Markup | None:
    """The hand diagram of a shown deal, in the page's language."""
    return None if deal is None else Markup(diagram(deal, current_language()))


@bp.get("/board/<int:board>")
def board(board: int) -> Any:
    store = get_store()
    try:
        data, deal = _public_traveller(board)
    except TravellerError as exc:
        return _refused(exc)
    # A competition's board as the room numbers it, with its stage; the page goes through
    # the boards of its own match or session.
    room = numbering(store)
    boards = results.boards(store)
    boards = room.beside(board, boards)
    played_in = room.played_in(board)
    page = "results_board_teams.html" if data.get("kind") == "teams" else "results_board.html"
    return render_template(page, data=data, boards=boards,
                           numbers={b: room.number(b) for b in {*boards, board}},
                           played_in=played_in.wire() if played_in else None,
                           hand=hand_html(deal), name=store.setting("name", ""))


@bp.get("/pair/<int:pair>")
def pair(pair: int) -> Any:
    store = get_store()
    try:
        _pairs_only(store)
        section = _section()
        data = results.scorecard(store, section, pair, results.score(store, public=True))
    except TravellerError as exc:
        return _refused(exc)
    # Rounds and boards as the room numbers them (a competition's stage round, board 1-N).
    room = numbering(store)
    named = {r["round"]: room.round(r["round"], section) for r in data["boards"]}
    return render_template("results_pair.html", data=data, name=store.setting("name", ""),
                           numbers={r["board"]: room.number(r["board"]) for r in data["boards"]},
                           rounds={k: _round_cell(n) for k, n in named.items()})


def _round_cell(name: RoundName) -> str:
    """A round in a scorecard's column: "4", or a competition's "semi-final 2 · 9" (its stage,
    session when it has several, and round)."""
    if not name.stage:
        return str(name.number)
    session = f" {name.session}" if name.sessions and name.sessions > 1 and name.session else ""
    return f"{name.stage}{session} · {name.number}"


@bp.get("/projector")
def projector() -> Any:
    """The projector: a competition's stages in play (or its final places), a teams event's
    standings, a pairs session's ranking after the last round finished."""
    store = get_store()
    data = projector_data(store)
    template = PROJECTOR_PAGES.get(str(data.get("kind")), "results_projector.html")
    return render_template(template, data=data, name=store.setting("name", ""))


PROJECTOR_PAGES = {"competition": "results_projector_competition.html",
                   "teams": "results_projector_teams.html"}
"""The projector's page for each kind of data (a pairs session's has no kind)."""


@bp.get("/api/competition")
def competition_json() -> Any:
    """A competition's stages, standings, knock-out matches and final places."""
    store = get_store()
    if not is_competition(store):
        return _refused(TravellerError("not_a_competition", "this event is one session or "
                                       "one stage, not a competition of stages", 404))
    data = wire(store, now_ms())
    for key in ("due", "next", "last_advance"):
        data.pop(key, None)  # the director's business
    return jsonify(data)


@bp.get("/api/standings")
def standings_json() -> Any:
    """The standings: a competition's stage by stage (`stage_standings.standings`), a teams
    event's VP ranking, a pairs session's rankings."""
    store = get_store()
    if is_competition(store):
        return jsonify({"ok": True, **stage_standings.standings(store, now_ms())})
    if is_teams(store):
        return jsonify({"ok": True, "kind": "teams",
                        "standings": team_results.standings(store, now_ms())})
    return jsonify({"ok": True, "standings": results.standings(store, public=True)})


@bp.get("/team/<int:team>")
def team(team: int) -> Any:
    """A team's card: every match from its side, walk-overs and penalties."""
    store = get_store()
    try:
        data = team_results.team_card(store, team, now_ms())
    except TravellerError as exc:
        return _refused(exc)
    # A competition's team: its line in each stage and its matches of every stage.
    page = "results_team_stages.html" if data.get("competition") else "teams_card.html"
    return render_template(page, data=data, name=store.setting("name", ""))


@bp.get("/api/team/<int:team>")
def team_json(team: int) -> Any:
    try:
        data = team_results.team_card(get_store(), team, now_ms())
    except TravellerError as exc:
        return _refused(exc)
    return jsonify({"ok": True, **data})


@bp.get("/api/board/<int:board>")
def board_json(board: int) -> Any:
    try:
        data, _ = _public_traveller(board)
    except TravellerError as exc:
        return _refused(exc)
    return jsonify({"ok": True, **data})


@bp.get("/api/pair/<int:pair>")
def pair_json(pair: int) -> Any:
    try:
        store = get_store()
        _pairs_only(store)
        data = results.scorecard(store, _section(), pair, results.score(store, public=True))
    except TravellerError as exc:
        return _refused(exc)
    return jsonify({"ok": True, **data})


@bp.get("/api/projector")
def projector_json() -> Any:
    return jsonify({"ok": True, **projector_data(get_store())})
