"""What the director does to a competition, one function per form: advance it, undo the last
advance, and take the decisions it asks for. Each checks everything first, writes in one
transaction with its audit rows, and returns the `Outcome`: the body, and the tables whose
terminals hear of it.

- **Advance** puts in play everything the competition can play now (`schedule`): the next
  stage once the last one is over and its decisions are taken, the next Swiss round, the next
  matches of a knock-out, a tied match's extra boards. Nothing to put in play is a refusal that
  says why (a result or a decision awaited, or the competition over).
- **Undo** takes the last advance back while no board of it is played.
- **Decide** records a choice of opponent (K1.4, D4.3, D4.5, D4.7, D5.7-D5.9), the organisers'
  wild card (KC2.2), the entries joining from another competition (K4.2, K4.3, D4.7; K4.4: each
  player must be on the event's players list) or a replacement for an absent entrant (K4.5: the
  next-ranked entry), each only when the competition asks for it and only with a value it
  allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..competition.flow import overall_order
from ..errors import TravellerError, is_number_text, ok_body, shown
from ..event.create import new_token
from ..event.outcome import Outcome
from ..event.players import known
from ..formats.competition import CompetitionError
from ..store import Store
from ..store import competition as sql
from ..store import teams as teams_sql
from .view import batch, current

MAX_NAME = 60


def advance(store: Store, now_ms: int, actor: str, why: Any = "") -> Outcome:
    now = _now(store, now_ms)
    planned = batch(store, now)
    if planned is None:
        if now.view.complete:
            raise TravellerError("competition_over", "the competition is over: every final "
                                 "place is known", 409)
        if now.view.due:
            due = "; ".join(f"{d.stage}: {d.name} ({d.rule})" for d in now.view.due)
            raise TravellerError("decisions_due", f"decide first: {due}", 409)
        raise TravellerError("nothing_to_play", "nothing can be put in play until the "
                             "matches or sessions in play are over", 409)
    reason = str(why or "").strip()[:200] or "advance: " + "; ".join(planned.summary)
    names = {e.id: e.name for e in now.view.entries}
    with store.write() as db:
        advance_id = sql.put_advance(store, db, {
            "at_ms": now_ms, "actor": actor, "why": reason,
            "first_round": planned.first_round, "last_round": planned.last_round,
            "tables": [list(t) for t in planned.new_tables], "undone_ms": None})
        db.table("tables").insert_all(
            {"section": section, "number": number, "token": new_token(), "ew_token": None}
            for section, number in planned.new_tables)
        if now.teams:
            have = {t["number"] for t in teams_sql.teams(store)}
            for team in planned.new_teams:
                if team not in have:
                    teams_sql.put_team(store, db, {"number": team, "name": names[team],
                                                   "captain": None, "eligible": 1,
                                                   "note": None}, actor, reason)
        store.put_seatings(db, planned.seatings)
        sql.put_fixtures(store, db, [{**row, "advance": advance_id}
                                     for row in planned.fixture_rows], actor, reason)
        movement = dict(store.setting("movement", {}) or {})
        movement["rounds"] = planned.last_round
        store.put_setting(db, "movement", movement, actor, reason)
        sections = list(store.setting("sections", []) or [])
        for section, _ in planned.new_tables:
            if section not in sections:
                sections.append(section)
        store.put_setting(db, "sections", sorted(sections), actor, reason)
    return Outcome(ok_body(advance=advance_id, first_round=planned.first_round,
                           last_round=planned.last_round, summary=planned.summary,
                           new_tables=[list(t) for t in planned.new_tables]),
                   tuple(store.tables()), clocks=True)


def undo_advance(store: Store, now_ms: int, actor: str, why: Any = "") -> Outcome:
    done = [a for a in sql.advances(store) if a["undone_ms"] is None]
    if not done:
        raise TravellerError("nothing_to_undo", "no advance to take back", 409)
    last = done[-1]
    played = [r for r in store.results()
              if last["first_round"] <= r.round <= last["last_round"]]
    if played:
        raise TravellerError("already_played", f"rounds {last['first_round']}-"
                             f"{last['last_round']} have results already ({len(played)}): an "
                             "advance is undone only while nothing of it is played", 409)
    reason = str(why or "").strip()[:200] or "advance undone"
    tables = tuple(store.tables())
    with store.write() as db:
        sql.undo_advance(store, db, last, actor, now_ms, reason)
        movement = dict(store.setting("movement", {}) or {})
        movement["rounds"] = last["first_round"] - 1
        store.put_setting(db, "movement", movement, actor, reason)
    return Outcome(ok_body(undone=last["id"], first_round=last["first_round"],
                           last_round=last["last_round"]), tables, clocks=True)


def decide(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    """A decision the competition asks for; `payload` has `key`, `value` and `why`."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a decision is an object with key and value")
    key = payload.get("key")
    now = _now(store, now_ms)
    due = next((d for d in now.view.due if d.key == key), None)
    value = payload.get("value")
    why = str(payload.get("why") or "").strip()[:300]
    if due is None and isinstance(key, str) and key.endswith("/replace"):
        return _replace(store, now, key, value, now_ms, actor, why)
    if due is None:
        raise TravellerError("not_due", f"the competition does not ask for {shown(key)} now", 409)
    if due.kind == "choice":
        chosen = _number(value, "team")
        if chosen not in due.allowed:
            raise TravellerError("not_allowed", f"{due.rule}: team {chosen} may not be chosen "
                                 f"(team {due.chooser} chooses from "
                                 f"{', '.join(map(str, due.allowed))})")
        stored: Any = chosen
    elif due.kind == "wild card":
        picked = value if isinstance(value, list) else [value]
        teams = [_number(v, "team") for v in picked]
        if not teams or len(teams) > due.count or len(set(teams)) != len(teams) or any(
                t not in due.allowed for t in teams):
            raise TravellerError("not_allowed", f"{due.rule}: the wild card is {due.count} of "
                                 f"{', '.join(map(str, due.allowed))}")
        stored = teams
    else:
        stored = {"origin": due.name, "entries": _joining(store, now, value, due.count,
                                                          due.rule)}
    with store.write() as db:
        sql.put_decision(store, db, due.key, due.kind, stored, actor, now_ms,
                         why or f"{due.rule}: {due.name}")
    return Outcome(ok_body(key=due.key, value=stored), ())


def _replace(store: Store, now: Any, key: str, value: Any, now_ms: int, actor: str,
             why: str) -> Outcome:
    """K4.5: before a stage is in play, an absent entrant is replaced by the next-ranked
    entry of the stage it came from."""
    stage_id = key.split("/", 1)[0]
    view = now.view
    stage = next((s for s in view.stages if s.spec.id == stage_id), None)
    if stage is None or stage.context is None:
        raise TravellerError("not_due", f"stage {shown(stage_id)} is not ready for its entrants",
                             409)
    if any(f["stage"] == stage_id for f in sql.fixtures(store).values()):
        raise TravellerError("already_playing", f"stage {stage_id} is in play: its entrants "
                             "are settled", 409)
    if not isinstance(value, Mapping):
        raise TravellerError("bad_payload", "a replacement is {absent, by}")
    absent, by = _number(value.get("absent"), "entrant"), _number(value.get("by"), "entry")
    if absent not in stage.entrants:
        raise TravellerError("not_an_entrant", f"{absent} does not play {stage_id}", 409)
    sources = [b.source for b in stage.spec.entrants if b.source not in (
        "entries", "join", "wild card")]
    source = next((s for s in view.stages if s.spec.id in sources), None)
    ranked = [e for e in overall_order(source) if e not in stage.entrants] if source else []
    if not ranked or by != ranked[0]:
        expected = ranked[0] if ranked else None
        raise TravellerError("not_next_ranked", f"K4.5: the replacement is the next-ranked "
                             f"entry ({expected}), not {by}", 409)
    current_value = dict(now.inputs.replaced.get(stage_id, {}))
    current_value[absent] = by
    with store.write() as db:
        sql.put_decision(store, db, key, "replace", {str(k): v for k, v in
                                                     current_value.items()},
                         actor, now_ms, why or f"K4.5: {by} replaces {absent}")
    return Outcome(ok_body(key=key, value={"absent": absent, "by": by}), ())


def _joining(store: Store, now: Any, value: Any, count: int, rule: str) -> list[dict[str, Any]]:
    """The entries joining: names, and (K4.4) the players' IDs, each on the players list."""
    if not isinstance(value, list) or not value:
        raise TravellerError("bad_payload", "joining entries are a list of {name, players}")
    if len(value) > count:
        raise TravellerError("too_many", f"{rule}: at most {count} entries join")
    listed = known(store)
    first = max((e.id for e in now.view.entries), default=0) + 1
    out = []
    problems = []
    for i, item in enumerate(value):
        item = item if isinstance(item, Mapping) else {"name": item}
        name = str(item.get("name") or "").strip()
        if not name or len(name) > MAX_NAME:
            problems.append(f"entry {i + 1}: a name of 1 to {MAX_NAME} characters")
        given = item.get("players") or []
        if not isinstance(given, list):
            problems.append(f"entry {i + 1}: players is a list of player IDs")
            given = []
        players = [str(p).strip() for p in given]
        for player in players:
            if player not in listed:
                problems.append(f"K4.4: {player} is not a registered player (the event's "
                                "players list)")
        out.append({"id": first + i, "name": name, "players": players})
    if problems:
        raise TravellerError("invalid_entries", "; ".join(problems))
    return out


def _number(value: Any, what: str) -> int:
    if isinstance(value, str) and is_number_text(value.strip()):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TravellerError(f"invalid_{what}", f"{what} must be a whole number, not "
                             f"{shown(value)}")
    return value


def _now(store: Store, now_ms: int) -> Any:
    try:
        return current(store, now_ms)
    except CompetitionError as exc:
        raise TravellerError("competition_error", str(exc), 409) from None
