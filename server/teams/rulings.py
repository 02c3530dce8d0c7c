"""The director's team rulings: walk-overs (K13), disqualification (K14.1), VP penalties
(K10.1, K18.1), IMP penalties in a match (K10.2), late starts (K11.1, K11.2), and where the
preset has ``[penalties]`` fines and procedural penalties under its rule (D3.7, Law 74), a
walk-over bringing its fine by itself (`server.teams.fines`).

Each ruling is checked here, its effect computed by the pure scoring package
(`server.scoring.walkover`, `server.scoring.penalties`), and stored in `team_rulings` with its
audit row (who, when, old, new, why); none goes through without a reason. A ruling is never
deleted, only removed with a reason (`removed_ms`), which undoes its effect: everything the
standings show is derived again from the rulings in force (`server.teams.standings.records`).

Readings: a walk-over's averages are taken over the matches each team has actually played and
completed when the director rules (byes and walk-overs are not matches played); in a Swiss only
the rounds before the walk-over's round count (K13.2).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..errors import TravellerError, is_number_text, ok_body, shown
from ..scoring.fines import MOST as MOST_FINE
from ..scoring.penalties import (
    GABSI_PROCEDURAL,
    MinutesScale,
    Outcome,
    PenaltyError,
    find_minutes_scale,
)
from ..scoring.walkover import (
    GABSI_K13,
    GABSI_K14,
    DisqualificationKind,
    WalkoverAward,
    WalkoverRule,
    disqualify,
    disqualify_swiss,
    is_disqualified,
    walkover_award,
)
from ..store import Store
from ..store import teams as sql
from ..texts import N_, english, message
from . import fines
from .matches import Match, is_teams, matches, options
from .matches import names as team_names
from .standings import records

WALKOVER_RULES: dict[str, WalkoverRule] = {"k13": GABSI_K13}
"""The walk-over rules a preset's `[teams] walkover` may name."""
LATE_SCALES = ("K11.1", "K11.2")
"""Late start for teams: round robin and Swiss in VP (K11.1), knock-out in IMP (K11.2)."""
VP_RULES = ("K10.1", "K18.1")


def _why(why: Any) -> str:
    text = why.strip() if isinstance(why, str) else ""
    if not text:
        raise TravellerError("missing_reason", "write the reason for this ruling")
    return text[:500]


def _whole(value: Any, what: str) -> int:
    if isinstance(value, str) and is_number_text(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise TravellerError(f"invalid_{what}", f"the {what} is a whole number from 1, not "
                             f"{shown(value)}")
    return value


def _amount(value: Any, what: str, unit: str, *, zero: bool = False,
            most: float = 100) -> float:
    text = str(value).strip().replace(",", ".") if isinstance(value, str | int | float) else ""
    try:
        # A fraction ("1/3") or a decimal; never an exponent, which Fraction would expand
        # digit by digit ("1e999999999").
        if not text or len(text) > 20 or "e" in text.lower():
            raise ValueError(text)
        number = float(Fraction(text))
    except (ValueError, ZeroDivisionError, OverflowError):
        raise TravellerError("invalid_penalty", f"{what} is a number of {unit}, not "
                             f"{shown(value)}") from None
    if not math.isfinite(number) or number < 0 or (number == 0 and not zero) or number > most:
        raise TravellerError("invalid_penalty", f"{what} is more than 0 and at most {most:g} "
                             f"{unit}")
    return number


def _team(store: Store, value: Any) -> int:
    number = _whole(value, "team")
    if number not in team_names(store):
        raise TravellerError("unknown_team", f"there is no team {number}", 404)
    return number


def _teams_only(store: Store) -> None:
    if not is_teams(store):
        raise TravellerError("not_teams", "this is not a teams event", 409)


def _match(store: Store, now_ms: int, round_number: int, team: int) -> Match:
    found = next((m for m in matches(store, now_ms)
                  if m.round == round_number and team in (m.home, m.away)), None)
    if found is None:
        raise TravellerError("no_match", f"team {team} has no match in round {round_number}",
                             404)
    return found


def _other(match: Match, team: int) -> int:
    return match.away if team == match.home else match.home


def _insert(store: Store, row: dict[str, Any]) -> int:
    with store.write() as db:
        return sql.insert_team_ruling(store, db, row)


def _row(kind: str, round_number: int | None, team: int, opponent: int | None, value: float,
         rule: str, detail: dict[str, Any], why: str, actor: str,
         now_ms: int) -> dict[str, Any]:
    return {"kind": kind, "round": round_number, "team": team, "opponent": opponent,
            "value": value, "rule": rule, "detail": detail, "why": why, "actor": actor,
            "at_ms": now_ms, "removed_ms": None}


# -- walk-over (K13) ---------------------------------------------------------------------------

def walkover_rule(store: Store) -> WalkoverRule:
    name = str((store.setting("preset", {}) or {}).get("walkover") or "K13")
    return WALKOVER_RULES.get(name.lower(), GABSI_K13)


def award(store: Store, now_ms: int, winner: int, offender: int,
          round_number: int) -> tuple[WalkoverAward, dict[str, Any]]:
    """What `winner` gets when `offender` does not turn up in `round_number` (K13.1; K13.2 in
    a Swiss), and the figures it was chosen from."""
    swiss = options(store)["kind"] == "swiss"
    played = [r for r in records(store, now_ms)[0] if not r.walkover
              and (not swiss or r.round < round_number)]
    own = [r.vp(winner) for r in played if r.involves(winner)]
    theirs = [r.vp(offender) for r in played if r.involves(offender)]
    rule = walkover_rule(store)
    result = walkover_award(own, theirs, rule, swiss_round=round_number if swiss else None)
    detail = {"option": result.option,
              "candidates": [[name, float(value)] for name, value in result.candidates],
              "offender_vp": float(result.offender_vp), "own_vps": own,
              "offender_vps": theirs, "swiss_round": round_number if swiss else None}
    return result, detail


def _walkover_row(store: Store, now_ms: int, round_number: int, offender: int, winner: int,
                  table: int, why: str, actor: str) -> dict[str, Any]:
    result, detail = award(store, now_ms, winner, offender, round_number)
    swiss = options(store)["kind"] == "swiss"
    return _row("walkover", round_number, offender, winner, float(result.winner_vp),
                "K13.2" if swiss else "K13.1", {**detail, "table": table},
                why, actor, now_ms)


def walkover(store: Store, payload: Mapping[str, Any], now_ms: int,
             actor: str) -> dict[str, Any]:
    """The team that did not turn up for its match of a round loses by W.O. (K13)."""
    _teams_only(store)
    round_number = _whole(payload.get("round"), "round")
    offender = _team(store, payload.get("team"))
    why = _why(payload.get("why"))
    match = _match(store, now_ms, round_number, offender)
    if match.walkover is not None:
        raise TravellerError("already_walkover", f"the match of round {round_number} is "
                             "already a walk-over: remove that ruling first", 409)
    if match.open or match.closed:
        raise TravellerError("match_has_results", f"results are stored for this match of round "
                             f"{round_number}: a walk-over replaces a match nobody played; "
                             "delete them on the boards' pages first", 409)
    row = _walkover_row(store, now_ms, round_number, offender, _other(match, offender),
                        match.table, why, actor)
    fine = fines.walkover_fine(store, row)
    fine_id = None
    with store.write() as db:
        # D3.7: the W.O. and the fine it brings stand or fall together.
        ruling_id = sql.insert_team_ruling(store, db, row)
        if fine is not None:
            fine["detail"]["walkover"] = ruling_id
            fine_id = sql.insert_team_ruling(store, db, fine)
    return ok_body(ruling=ruling_id, round=round_number, team=offender,
                   winner=row["opponent"], winner_vp=row["value"],
                   option=row["detail"]["option"], candidates=row["detail"]["candidates"],
                   rule=row["rule"],
                   fine=None if fine is None else {
                       "ruling": fine_id, "amount": fine["value"], "rule": fine["rule"],
                       "currency": fine["detail"]["currency"]})


def preview_walkover(store: Store, round_value: Any, team_value: Any,
                     now_ms: int) -> dict[str, Any]:
    """What a walk-over would give, before the director applies it: K13's options."""
    round_number = _whole(round_value, "round")
    offender = _team(store, team_value)
    match = _match(store, now_ms, round_number, offender)
    winner = _other(match, offender)
    result, detail = award(store, now_ms, winner, offender, round_number)
    return {"round": round_number, "team": offender, "winner": winner,
            "winner_vp": float(result.winner_vp), **detail,
            "rule": "K13.2" if detail["swiss_round"] else "K13.1"}


def walkovers_of(store: Store, team: int) -> int:
    """The walk-overs in force against a team (K14.1 disqualifies more than one)."""
    return sum(1 for r in sql.team_rulings(store) if r["kind"] == "walkover"
               and r["team"] == team)


# -- disqualification (K14.1) ------------------------------------------------------------------

def disqualification_effect(store: Store, team: int, now_ms: int) -> dict[str, Any]:
    """What disqualifying `team` now would do (K14.1), for the form and the ruling."""
    opts = options(store)
    mine = [m for m in matches(store, now_ms) if team in (m.home, m.away)]
    played = [_other(m, team) for m in mine if m.complete and m.walkover is None]
    met = [_other(m, team) for m in mine if m.walkover is not None]
    if opts["kind"] == "swiss":
        effect = disqualify_swiss(team, opts["rounds"], played, GABSI_K14, met)
    else:
        effect = disqualify(team, [_other(m, team) for m in mine], played, GABSI_K14, met)
    return {"team": team, "kind": effect.kind.value, "scheduled": effect.scheduled,
            "played": effect.played, "threshold": effect.threshold,
            "walkover_opponents": list(effect.walkover_opponents),
            "erased_opponents": list(effect.erased_opponents),
            "walkovers": walkovers_of(store, team),
            "disqualifies": is_disqualified(walkovers_of(store, team), GABSI_K14)}


def disqualify_team(store: Store, payload: Mapping[str, Any], now_ms: int,
                    actor: str) -> dict[str, Any]:
    """Disqualify a team (K14.1): its results stand and the teams still to meet it win by
    W.O., or everything it played is erased. A team with at most one W.O. is disqualified only
    when the director says so (`anyway`: K14.2's other grounds)."""
    _teams_only(store)
    team = _team(store, payload.get("team"))
    why = _why(payload.get("why"))
    if any(r["kind"] == "disqualified" and r["team"] == team for r in sql.team_rulings(store)):
        raise TravellerError("already_disqualified", f"team {team} is already disqualified",
                             409)
    effect = disqualification_effect(store, team, now_ms)
    anyway = str(payload.get("anyway") or "").lower() in ("1", "true", "on", "yes")
    if not effect["disqualifies"] and not anyway:
        raise TravellerError("not_enough_walkovers", f"team {team} has {effect['walkovers']} "
                             "W.O.; K14.1 disqualifies a team with more than one (tick "
                             "'anyway' for another ground, K14.2)", 409)
    standing = effect["kind"] == DisqualificationKind.RESULTS_STAND.value
    waiting = []
    if standing:
        for match in matches(store, now_ms):
            if team in (match.home, match.away) and _other(match, team) in \
                    effect["walkover_opponents"] and match.walkover is None:
                waiting.append(match)
    rows = [_walkover_row(store, now_ms, m.round, team, _other(m, team), m.table,
                          f"K14.1: team {team} disqualified ({why})", actor)
            for m in waiting]
    added = []
    with store.write() as db:
        # The disqualification and the W.O. wins it brings stand or fall together.
        ruling_id = sql.insert_team_ruling(store, db, _row(
            "disqualified", None, team, None, 0.0, "K14.1", {**effect, "anyway": anyway},
            why, actor, now_ms))
        for row in rows:
            row["detail"]["disqualification"] = ruling_id
            added.append({"ruling": sql.insert_team_ruling(store, db, row),
                          "round": row["round"], "winner": row["opponent"],
                          "winner_vp": row["value"]})
    return ok_body(ruling=ruling_id, team=team, kind=effect["kind"], effect=effect,
                   walkovers=added)


# -- VP and IMP penalties (K10, K18.1) ---------------------------------------------------------

def procedural_vp(store: Store) -> float:
    preset = store.setting("preset", {}) or {}
    return float(preset.get("procedural_vp", GABSI_PROCEDURAL.teams_vp))


def vp_penalty(store: Store, payload: Mapping[str, Any], now_ms: int,
               actor: str) -> dict[str, Any]:
    """VPs off a team's total (K10.1), or the procedural penalty (K18.1: the preset's
    `procedural_vp`, 1 VP unless it says otherwise)."""
    _teams_only(store)
    team = _team(store, payload.get("team"))
    rule = str(payload.get("rule") or "K10.1").upper()
    allowed = (*VP_RULES, *procedural_rules(store))
    if rule not in allowed:
        raise TravellerError("invalid_rule", f"a VP penalty is {' or '.join(allowed)}, not "
                             f"{shown(rule)}")
    why = _why(payload.get("why"))
    given = str(payload.get("vp") if payload.get("vp") is not None else "").strip()
    if not given and rule != "K18.1":
        raise TravellerError("invalid_penalty", "say how many VP the penalty is")
    vp = _amount(given, "the penalty", "VP") if given else procedural_vp(store)
    round_text = str(payload.get("round") or "").strip()
    round_number = _whole(round_text, "round") if round_text else None
    ruling_id = _insert(store, _row("vp_penalty", round_number, team, None, vp, rule, {}, why,
                                    actor, now_ms))
    return ok_body(ruling=ruling_id, team=team, vp=vp, rule=rule)


def procedural_rules(store: Store) -> tuple[str, ...]:
    """The rule of the preset's ``[penalties]`` (D3.7: procedural penalties under Law 74),
    which a VP or IMP penalty may name besides K10 and K18.1; none without it."""
    given = fines.policy(store)
    return (given.rule.upper(),) if given is not None else ()


def imp_penalty(store: Store, payload: Mapping[str, Any], now_ms: int,
                actor: str) -> dict[str, Any]:
    """IMPs off a team's score in one match before the VP conversion (K10.2, or a procedural
    penalty under the preset's `[penalties]` rule, D3.7); the opponents do not gain them."""
    _teams_only(store)
    round_number = _whole(payload.get("round"), "round")
    team = _team(store, payload.get("team"))
    rule = str(payload.get("rule") or "K10.2").upper()
    allowed = ("K10.2", *procedural_rules(store))
    if rule not in allowed:
        raise TravellerError("invalid_rule", f"an IMP penalty is {' or '.join(allowed)}, not "
                             f"{shown(rule)}")
    imps = _amount(payload.get("imps"), "the penalty", "IMP")
    why = _why(payload.get("why"))
    match = _match(store, now_ms, round_number, team)
    if match.walkover is not None:
        raise TravellerError("walkover_match", "this match is a walk-over: it has no IMPs", 409)
    ruling_id = _insert(store, _row("imp_penalty", round_number, team, _other(match, team),
                                    imps, rule, {"table": match.table}, why, actor, now_ms))
    return ok_body(ruling=ruling_id, team=team, round=round_number, imps=imps, rule=rule)


# -- fines (D3.7, Law 74) ----------------------------------------------------------------------

def fine(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> dict[str, Any]:
    """A fine on a team's account (D3.7: Law 74), in the preset's currency; no score changes.
    Refused where the preset has no ``[penalties]``."""
    _teams_only(store)
    given = fines.policy(store)
    if given is None:
        raise TravellerError("no_fines", "this event's preset records no fines (it has no "
                             "[penalties] with a currency)", 409)
    team = _team(store, payload.get("team"))
    amount = _amount(payload.get("amount"), "the fine", given.currency, most=MOST_FINE)
    why = _why(payload.get("why"))
    round_text = str(payload.get("round") or "").strip()
    round_number = _whole(round_text, "round") if round_text else None
    ruling_id = _insert(store, _row("fine", round_number, team, None, amount, given.rule,
                                    {"currency": given.currency}, why, actor, now_ms))
    return ok_body(ruling=ruling_id, team=team, amount=amount, currency=given.currency,
                   rule=given.rule)


# -- late start (K11.1, K11.2) -----------------------------------------------------------------

def late_scale(rule: Any = "K11.1") -> MinutesScale:
    text = str(rule or "K11.1").upper()
    if text not in LATE_SCALES:
        raise TravellerError("invalid_rule", f"a team's late start is K11.1 (VP) or K11.2 "
                             f"(IMP), not {shown(text)}")
    return find_minutes_scale(text)


def _late_warnings(store: Store, team: int) -> int:
    return sum(1 for r in sql.team_rulings(store) if r["team"] == team
               and (r["detail"] or {}).get("late") and (r["detail"] or {}).get("warning"))


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def propose_late(store: Store, team: Any, minutes: Any, rule: Any = "K11.1") -> dict[str, Any]:
    """The sanction the scale gives a team `minutes` late, counting its earlier warnings."""
    number = _team(store, team)
    if isinstance(minutes, str) and is_number_text(minutes.strip()):
        minutes = int(minutes.strip())
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 600:
        raise TravellerError("invalid_minutes", f"minutes late must be a whole number from 1 "
                             f"to 600, not {shown(minutes)}")
    scale = late_scale(rule)
    earlier = _late_warnings(store, number)
    try:
        sanction = scale.assess(minutes, earlier)
    except PenaltyError as exc:
        raise TravellerError("invalid_minutes", str(exc)) from None
    return {"team": number, "minutes": minutes, "outcome": sanction.outcome.value,
            "penalty": _text(sanction.penalty), "unit": sanction.unit.value,
            "rule": sanction.rule, "warning": sanction.warning,
            "earlier_warnings": earlier, "flagged": sanction.flagged}


def decide_late(store: Store, payload: Mapping[str, Any], now_ms: int,
                actor: str) -> dict[str, Any]:
    """Apply the proposed late-start sanction (or a changed one, with a reason) or waive it
    (with a reason). Over 20 minutes the team loses its match by W.O. (K13)."""
    _teams_only(store)
    round_number = _whole(payload.get("round"), "round")
    proposal = propose_late(store, payload.get("team"), payload.get("minutes"),
                            payload.get("rule"))
    team = proposal["team"]
    action = str(payload.get("action") or "")
    if action not in ("apply", "waive"):
        raise TravellerError("invalid_action", f"apply or waive, not {shown(action)}")
    reason = str(payload.get("why") or "").strip()[:300]
    match = _match(store, now_ms, round_number, team)
    rule, unit = proposal["rule"], proposal["unit"]
    if action == "apply" and proposal["outcome"] == Outcome.WALKOVER.value:
        return walkover(store, {"round": round_number, "team": team,
                                "why": reason or f"{rule}: {proposal['minutes']} min late"},
                        now_ms, actor)
    amount = float(Fraction(proposal["penalty"]))
    changed = str(payload.get("penalty") or "").strip()
    if action == "apply" and changed and changed != proposal["penalty"]:
        amount = _amount(changed, "the penalty", unit, zero=True)
        if not reason:
            raise TravellerError("missing_reason", f"say why the penalty differs from {rule}")
    if action == "waive":
        if not reason:
            raise TravellerError("missing_reason", "say why the penalty is waived")
        amount = 0.0
    detail = {"late": True, "minutes": proposal["minutes"], "outcome": proposal["outcome"],
              "proposed": proposal["penalty"], "unit": unit, "warning": proposal["warning"],
              "status": N_("applied") if action == "apply" else N_("waived"),
              "table": match.table}
    why = reason or f"{rule}: {proposal['minutes']} min late, as proposed"
    if unit == "IMP":
        row = _row("imp_penalty", round_number, team, _other(match, team), amount, rule,
                   detail, why, actor, now_ms)
    else:
        row = _row("vp_penalty", round_number, team, None, amount, rule, detail, why, actor,
                   now_ms)
    ruling_id = _insert(store, row)
    return ok_body(ruling=ruling_id, team=team, round=round_number, penalty=amount, unit=unit,
                   rule=rule, status=detail["status"], outcome=proposal["outcome"])


# -- undo and the list -------------------------------------------------------------------------

def remove(store: Store, ruling_id: int, why: Any, now_ms: int, actor: str) -> dict[str, Any]:
    """Take a ruling back with a reason; a disqualification takes its W.O. wins with it."""
    reason = _why(why)
    # A disqualification's W.O. wins, and a W.O.'s fine (D3.7), go with it.
    linked = [r["id"] for r in sql.team_rulings(store)
              if ruling_id in ((r["detail"] or {}).get("disqualification"),
                               (r["detail"] or {}).get("walkover"))]
    with store.write() as db:
        old = sql.remove_team_ruling(store, db, ruling_id, now_ms, actor, reason)
        if old is None:
            raise TravellerError("no_ruling", f"there is no ruling {ruling_id} in force", 404)
        for other in linked:
            sql.remove_team_ruling(store, db, other, now_ms, actor,
                                   f"{_KIND_NAMES.get(old['kind'], old['kind'])} {ruling_id} "
                                   f"removed: {reason}")
    return ok_body(removed=ruling_id, also=linked)


_KIND_NAMES = {"disqualified": "disqualification", "walkover": "W.O."}


def describe(ruling: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A ruling in one line, as the console and the team cards show it."""
    return english(describe_message(ruling, names))


_PENALTY = {  # (in a round, late): the line of a VP or IMP penalty
    (False, False): N_("%(rule)s %(team)s −%(value)s %(unit)s"),
    (True, False): N_("%(rule)s %(team)s −%(value)s %(unit)s in round %(round)s"),
    (False, True): N_("%(rule)s %(team)s −%(value)s %(unit)s (%(minutes)s min late, "
                      "%(status)s)"),
    (True, True): N_("%(rule)s %(team)s −%(value)s %(unit)s in round %(round)s "
                     "(%(minutes)s min late, %(status)s)"),
}


def describe_message(ruling: Mapping[str, Any], names: Mapping[int, str]) -> Any:
    """`describe` as a message to translate (`server.texts`)."""
    detail = ruling.get("detail") or {}

    def team(number: Any) -> str:
        return names.get(number, f"Team {number}") if number is not None else "-"

    value = f"{ruling['value']:g}"
    kind = ruling["kind"]
    if kind == "walkover":
        options = ", ".join(f"({k}) {v:g}" for k, v in detail.get("candidates", []))
        return message(N_("%(rule)s W.O. in round %(round)s: %(team)s did not play; "
                          "%(winner)s %(vp)s VP, option (%(option)s) of %(options)s"),
                       rule=ruling["rule"], round=ruling["round"], team=team(ruling["team"]),
                       winner=team(ruling["opponent"]), vp=value, option=detail.get("option"),
                       options=options)
    if kind == "disqualified":
        figures = {"team": team(ruling["team"]), "walkovers": detail.get("walkovers", 0),
                   "results": message(N_("results stand") if detail.get("kind") ==
                                      "results stand" else N_("results erased")),
                   "played": detail.get("played"), "scheduled": detail.get("scheduled"),
                   "needed": detail.get("threshold")}
        if detail.get("walkover_opponents"):
            return message(N_("K14.1 %(team)s disqualified after %(walkovers)s W.O.: "
                              "%(results)s (%(played)s of %(scheduled)s played, %(needed)s "
                              "needed); W.O. wins to %(teams)s"),
                           teams=", ".join(team(t) for t in detail["walkover_opponents"]),
                           **figures)
        return message(N_("K14.1 %(team)s disqualified after %(walkovers)s W.O.: %(results)s "
                          "(%(played)s of %(scheduled)s played, %(needed)s needed)"), **figures)
    if kind in ("vp_penalty", "imp_penalty"):
        late = bool(detail.get("late"))
        return message(_PENALTY[bool(ruling.get("round")), late], rule=ruling["rule"],
                       team=team(ruling["team"]), value=value,
                       unit="VP" if kind == "vp_penalty" else "IMP", round=ruling.get("round"),
                       **({"minutes": detail["minutes"], "status": message(detail["status"])}
                          if late else {}))
    if kind == "fine":
        figures = {"rule": ruling["rule"], "team": team(ruling["team"]), "amount": value,
                   "currency": detail.get("currency") or "", "round": ruling.get("round")}
        if detail.get("walkover") is not None:
            return message(N_("%(rule)s fine: %(team)s %(amount)s %(currency)s for the W.O. in "
                              "round %(round)s"), **figures)
        if ruling.get("round"):
            return message(N_("%(rule)s fine: %(team)s %(amount)s %(currency)s in round "
                              "%(round)s"), **figures)
        return message(N_("%(rule)s fine: %(team)s %(amount)s %(currency)s"), **figures)
    if kind == "bye":
        return message(N_("Bye in round %(round)s: %(team)s %(value)s VP"),
                       round=ruling["round"], team=team(ruling["team"]), value=value)
    return f"{kind} {team(ruling['team'])}"


def rulings_wire(store: Store) -> list[dict[str, Any]]:
    """Every team ruling, newest first, those removed included and marked."""
    names = team_names(store)
    return [{**r, "text": describe(r, names), "text_message": describe_message(r, names),
             "active": r["removed_ms"] is None}
            for r in reversed(sql.team_rulings(store, active_only=False))]
