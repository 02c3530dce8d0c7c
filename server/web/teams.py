"""The director console's teams pages: teams and rosters in set-up (D2.1, D2.2), the matches
with both rooms, the captains' confirmations (KD1), K12.1 unlocks and Swiss pairing (K16), the
team rulings (K10, K11, K13, K14, K18.1; fines and procedural penalties, D3.7, with each team's
account) and the D8 report: boards played and classification points (PKL), on the page, as CSV
and printed.

Every form posts here with its CSRF token and hands the checked input to one function of
`server.teams.actions`; after a change that a table shows (a walk-over, an unlock, a new round)
the tables concerned get their new state. A JSON client (Accept:
application/json, or a JSON body) gets the envelope instead of a page.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for

from ..context import get_broadcast, get_store, has_event
from ..errors import TravellerError, is_number_text, ok_body, shown
from ..event.outcome import Outcome
from ..event.players import PlayersError
from ..publish import pkl, printing, team_results
from ..stages.inputs import is_competition
from ..store import Store
from ..teams import actions as team_actions
from ..teams import fines as team_fines
from ..teams import rulings as team_rulings
from ..teams import setup as team_setup
from ..teams import systems as team_systems
from ..teams.matches import is_teams, options
from ..teams.matches import names as team_names
from ..texts import N_, english, message
from .forms import now_ms, request_payload, uploaded_csv, wants_json
from .security import actor, director_required

bp = Blueprint("teams", __name__, url_prefix="/director/teams")

AUDITED = ("team", "roster", "team_ruling", "match")


def _store() -> Store:
    store = get_store()
    if not is_teams(store):
        raise TravellerError("not_teams", "this is not a teams event: its pages are the "
                             "pairs rankings and rulings", 409)
    return store


def _refused(exc: TravellerError, back: str) -> Any:
    if wants_json():
        return jsonify(exc.body()), exc.status
    return render_template("ruling_error.html", error=exc.error, back=back,
                           name=get_store().setting("name", "")), exc.status


def _sent(outcome: Outcome) -> dict[str, Any]:
    """The terminals of the tables the change concerns get a fresh state, the console its
    grid; the form answers with the body."""
    get_broadcast().send(outcome)
    return outcome.body


@bp.app_context_processor
def teams_event() -> dict[str, Any]:
    """Whether the event is a teams event, for the console's navigation."""
    try:
        return {"teams_event": has_event() and is_teams(get_store())}
    except RuntimeError:
        return {"teams_event": False}


def _summary(entity: str, text: str | None, names: dict[int, str]) -> Any:
    """An audit row's old or new value of a teams change in a few words, as a text to
    translate (`server.texts`)."""
    if text is None:
        return "–"
    try:
        value = json.loads(text)
    except ValueError:
        return text
    if entity == "team_ruling" and isinstance(value, dict) and "kind" in value:
        detail = value.get("detail")
        value = {**value, "detail": json.loads(detail) if isinstance(detail, str) else
                 detail or {}}
        return team_rulings.describe_message(value, names)
    if entity == "team" and isinstance(value, dict):
        team = {"name": value.get("name"), "captain": value.get("captain") or "–"}
        if value.get("eligible"):
            return message(N_("%(name)s, captain %(captain)s, may play"), **team)
        return message(N_("%(name)s, captain %(captain)s, may not play (D2.2)"), **team)
    if entity == "match" and isinstance(value, dict) and "team" in value:
        return message(N_("team %(team)s confirms %(home)s–%(away)s IMPs"), team=value["team"],
                       home=f"{value['home_imps']:g}", away=f"{value['away_imps']:g}")
    if isinstance(value, list):
        return ", ".join(map(str, value)) or message(N_("none"))
    return text


def _audit(store: Store, limit: int = 60) -> list[dict[str, Any]]:
    """The latest changes to teams, rosters, team rulings and matches, newest first: each old
    and new value in English (`old_text`, `new_text`) and to translate (`old_message`...)."""
    names = team_names(store)
    rows = [a for a in store.audit_rows() if a["entity"] in AUDITED]
    out = []
    for a in reversed(rows[-limit:]):
        old, new = _summary(a["entity"], a["old"], names), _summary(a["entity"], a["new"], names)
        out.append({**a, "when": datetime.fromtimestamp(a["at_ms"] / 1000).strftime("%H:%M:%S"),
                    "old_text": english(old), "new_text": english(new),
                    "old_message": old, "new_message": new})
    return out


# -- teams and rosters -------------------------------------------------------------------------

def _teams_page(errors: list[str] | None = None, imported: dict[str, int] | None = None,
                status: int = 200) -> Any:
    store = _store()
    return render_template("teams_setup.html", teams=team_setup.teams_wire(store),
                           errors=errors or [], imported=imported,
                           rosters=options(store)["rosters"], audit=_audit(store),
                           name=store.setting("name", "")), status


@bp.get("/")
@director_required
def index() -> Any:
    try:
        if wants_json():
            return jsonify(ok_body(teams=team_setup.teams_wire(_store())))
        return _teams_page()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))


@bp.post("/team/<int:number>")
@director_required
def change_team(number: int) -> Any:
    payload = request_payload()
    if not wants_json() and "name" in payload and "eligible" not in payload:
        payload["eligible"] = ""  # an unticked checkbox is not sent
    try:
        body = _sent(team_actions.change_team(_store(), number, payload, actor()))
    except TravellerError as exc:
        return _refused(exc, url_for(".index"))
    return jsonify(body) if wants_json() else redirect(url_for(".index") + f"#team-{number}")


@bp.post("/rosters")
@director_required
def import_rosters() -> Any:
    """A CSV file (team,id) as the multipart field `file`: all rows or none."""
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    problems: list[str] = []
    counts = None
    try:
        text, filename = uploaded_csv()
        counts = team_setup.import_rosters(store, text, actor(), filename)
    except PlayersError as exc:
        problems = exc.problems
    if problems:
        if wants_json():
            body = TravellerError("invalid_roster_file", "; ".join(problems)).body()
            return jsonify({**body, "problems": problems}), 400
        return _teams_page(errors=problems, status=400)
    if wants_json():
        return jsonify(ok_body(**(counts or {})))
    return _teams_page(imported=counts)


# -- matches -----------------------------------------------------------------------------------

@bp.get("/matches")
@director_required
def matches() -> Any:
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    data = team_results.matches_page(store, now_ms())
    if wants_json():
        return jsonify(ok_body(**data))
    paired = request.args.get("paired")
    return render_template("teams_matches.html", data=data, paired=paired,
                           name=store.setting("name", ""))


def _int(value: Any) -> Any:
    text = str(value).strip() if value is not None else ""
    return int(text) if is_number_text(text) else value


@bp.post("/matches/unlock")
@director_required
def unlock() -> Any:
    """K12.1: the director lets a match play a board its time had locked, in both rooms."""
    payload = request_payload()
    try:
        body = _sent(team_actions.unlock_board(
            _store(), _int(payload.get("round")), _int(payload.get("table")),
            _int(payload.get("board")), payload.get("why"), now_ms(), actor()))
    except TravellerError as exc:
        return _refused(exc, url_for(".matches"))
    if wants_json():
        return jsonify(body)
    return redirect(url_for(".matches") + f"#match-{body['round']}-{body['table']}")


@bp.post("/matches/pair")
@director_required
def pair() -> Any:
    """K16: pair the next round of a Swiss once every match of the last one is over."""
    try:
        body = _sent(team_actions.pair_next_round(_store(), now_ms(), actor()))
    except TravellerError as exc:
        return _refused(exc, url_for(".matches"))
    if wants_json():
        return jsonify(body)
    return redirect(url_for(".matches", paired=body["round"]) + f"#round-{body['round']}")


@bp.get("/lineups")
@director_required
def lineups() -> Any:
    """The line-ups the tables gave, match by match and room by room: each pair's bidding
    system (D3.3), the highly artificial systems announced and whether in time (D3.4), the
    parts of a longer match and who has the seating rights in each segment (D3.6)."""
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    data = team_systems.lineups_page(store)
    if wants_json():
        return jsonify(ok_body(**data))
    for match in (m for r in data["rounds"] for m in r["matches"]):
        for line in (line for room in match["rooms"] for line in room["lineups"]):
            line["when"] = _clock_time(line["at_ms"])
        for notice in match["sws"]:
            notice.update(when=_clock_time(notice["at_ms"]),
                          start=_clock_time(notice["start_ms"]))
    return render_template("teams_lineups.html", data=data, name=store.setting("name", ""))


def _clock_time(ms: int | None) -> str:
    return "" if ms is None else datetime.fromtimestamp(ms / 1000).strftime("%H:%M")


# -- rulings -----------------------------------------------------------------------------------

@bp.get("/rulings")
@director_required
def rulings() -> Any:
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    now = now_ms()
    args = request.args
    late = {k: args.get(k, "") for k in ("team", "round", "minutes", "rule")}
    proposal, error = None, None
    if late["team"] and late["minutes"]:
        try:
            proposal = team_rulings.propose_late(store, late["team"], late["minutes"],
                                                 late["rule"] or "K11.1")
        except TravellerError as exc:
            error = exc.error
    preview = None
    if args.get("dq"):
        try:
            number = int(args["dq"])
            if number not in team_names(store):
                raise ValueError
            preview = team_rulings.disqualification_effect(store, number, now)
        except ValueError:
            error = f"there is no team {shown(args['dq'])}"
    award = None
    if args.get("wo_round") and args.get("wo_team"):
        try:
            award = team_rulings.preview_walkover(store, args["wo_round"], args["wo_team"],
                                                  now)
        except TravellerError as exc:
            error = exc.error
    policy = team_fines.policy(store)
    data = {"rulings": team_rulings.rulings_wire(store), "proposal": proposal,
            "award": award, "accounts": team_fines.team_accounts(store),
            "fines": None if policy is None else {
                "rule": policy.rule, "currency": policy.currency,
                "walkover_fine": policy.walkover_fine}}
    if wants_json():
        return jsonify(ok_body(**data, disqualification=preview))
    matches = team_results.matches_page(store, now)
    walkovers = {t: team_rulings.walkovers_of(store, t) for t in team_names(store)}
    return render_template(
        "teams_rulings.html", **data, late=late, error=error, preview=preview,
        rounds=matches["rounds"], names=team_names(store), walkovers=walkovers,
        swiss=matches["swiss"], procedural_vp=team_rulings.procedural_vp(store),
        wo_rule=team_rulings.walkover_rule(store),
        procedural_rules=team_rulings.procedural_rules(store),
        prefill={k: args.get(k, "") for k in ("wo_round", "wo_team")},
        audit=_audit(store), name=store.setting("name", "")), 400 if error else 200


def _ruling(action: Any, anchor: str) -> Any:
    payload = request_payload()
    try:
        body = _sent(action(_store(), payload, now_ms(), actor()))
    except TravellerError as exc:
        return _refused(exc, url_for(".rulings"))
    return jsonify(body) if wants_json() else redirect(url_for(".rulings") + anchor)


@bp.post("/rulings/walkover")
@director_required
def walkover() -> Any:
    return _ruling(team_actions.walkover, "#rulings")


@bp.post("/rulings/disqualify")
@director_required
def disqualify() -> Any:
    return _ruling(team_actions.disqualify_team, "#rulings")


@bp.post("/rulings/vp")
@director_required
def vp_penalty() -> Any:
    return _ruling(team_actions.vp_penalty, "#rulings")


@bp.post("/rulings/imp")
@director_required
def imp_penalty() -> Any:
    return _ruling(team_actions.imp_penalty, "#rulings")


@bp.post("/rulings/fine")
@director_required
def fine() -> Any:
    """D3.7 (Law 74): a fine on a team's account."""
    return _ruling(team_actions.fine, "#accounts")


@bp.post("/rulings/late")
@director_required
def late() -> Any:
    return _ruling(team_actions.decide_late, "#rulings")


@bp.post("/rulings/<int:ruling_id>/remove")
@director_required
def remove(ruling_id: int) -> Any:
    payload = request_payload()
    try:
        _store()
        body = _sent(team_actions.remove_ruling(get_store(), ruling_id, payload.get("why"),
                                                now_ms(), actor()))
    except TravellerError as exc:
        return _refused(exc, url_for(".rulings"))
    return jsonify(body) if wants_json() else redirect(url_for(".rulings") + "#rulings")


# -- results for the director ------------------------------------------------------------------

@bp.get("/standings")
@director_required
def standings() -> Any:
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    if is_competition(store) and not wants_json():
        # A competition is ranked stage by stage: its page has the standings of each.
        return redirect(url_for("competition.index"))
    data = team_results.standings(store, now_ms())
    if wants_json():
        return jsonify(ok_body(standings=data))
    from ..direction import rulings as pairs_rulings

    return render_template("teams_standings.html", data=data, director=True,
                           published=pairs_rulings.is_published(store),
                           name=store.setting("name", ""))


@bp.get("/report")
@director_required
def report() -> Any:
    """D8: each team's final place and premium (D8.1, D8.3), each player's boards from the
    line-ups, share of the team's boards and PKL (D8.2), over the whole season."""
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    data = pkl.report(store, now_ms())
    if wants_json():
        return jsonify(ok_body(**data))
    return render_template("teams_report.html", data=data, name=store.setting("name", ""),
                           printer=printing.printer_settings(store)["target"])


@bp.get("/report.csv")
@director_required
def report_csv() -> Any:
    """The D8 report as the federation's central ranking takes it: ``pkl.csv``."""
    try:
        store = _store()
    except TravellerError as exc:
        return _refused(exc, url_for("director.grid"))
    return Response(pkl.csv_text(store, now_ms()), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{pkl.FILE_NAME}"'})
