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
  player on the event's players list, in one entry only and in none already playing the stage)
  or a replacement for an absent entrant (K4.5: the next-ranked entry), each only when the
  competition asks for it and only with a value it allows.
- A decision in force may be **changed** (decide again: a new audited row, the old value and
  the new) or **withdrawn** until a match it decides is put in play (`decisions`); after that
  it stands, unless that advance is undone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..competition import Competition
from ..competition.flow import overall_order
from ..errors import TravellerError, is_number_text, ok_body, shown
from ..event.create import new_token
from ..event.outcome import Outcome
from ..event.players import known
from ..formats.competition import CompetitionError
from ..store import Store
from ..store import competition as sql
from ..store import players as players_sql
from ..store import teams as teams_sql
from . import decisions
from .inputs import competition_spec, load, own_entries
from .view import Current, batch, current, played_in

MAX_NAME = 60


def advance(store: Store, now_ms: int, actor: str, why: Any = "",
            now: Current | None = None) -> Outcome:
    """Puts the next matches or sessions in play. `now`: the competition as the caller has
    just read it (`current`) with nothing written since, so as not to resolve it again."""
    if now is None:
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
            roster = teams_sql.roster(store)
            rostered = set(roster.values())
            joined = _joined_players(store)
            for team in planned.new_teams:
                if team not in have:
                    teams_sql.put_team(store, db, {"number": team, "name": names[team],
                                                   "captain": None, "eligible": 1,
                                                   "note": None}, actor, reason)
                # D2.1: a team that joined with its players plays with them as its roster
                # (but for one on another team's roster meanwhile: a player, one team).
                players = [p for p in joined.get(team, []) if roster.get(p, team) == team]
                if players and team not in rostered:
                    teams_sql.put_roster(store, db, team, players, actor,
                                         f"D2.1: the players {names[team]} joined with")
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


def _joined_players(store: Store) -> dict[int, list[str]]:
    """The players each entry that joined from another competition was named with."""
    return {int(e["id"]): list(e.get("players") or []) for d in sql.decisions(store)
            if d["kind"] == "join" for e in d["value"]["entries"]}


def undo_advance(store: Store, now_ms: int, actor: str, why: Any = "") -> Outcome:
    done = [a for a in sql.advances(store) if a["undone_ms"] is None]
    if not done:
        raise TravellerError("nothing_to_undo", "no advance to take back", 409)
    last = done[-1]
    played = played_in(store, last)
    if played:
        raise TravellerError("already_played", f"rounds {last['first_round']}-"
                             f"{last['last_round']} have results already ({played}): an "
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


def decide(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str,
           register: Sequence[Mapping[str, Any]] = ()) -> Outcome:
    """A decision the competition asks for, or a change of one in force whose matches are not
    in play yet; `payload` has `key`, `value` and `why`. A change is audited with the old value
    and the new, and refused when it would contradict a later decision in force.

    `register`: players (`federation_id`, `name`, `gender`, `club`) a join brings from the
    other competition's players list (D4.7: League II's), added to the event's list with the
    decision, in its transaction and audited, those the list already holds left as they are."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a decision is an object with key and value")
    key = payload.get("key")
    now = _now(store, now_ms)
    value = payload.get("value")
    why = str(payload.get("why") or "").strip()[:300]
    due = decisions.due_of(now.view, key) if isinstance(key, str) else None
    old = _in_force(store, key)
    if due is None and isinstance(key, str) and key.endswith("/replace"):
        return _replace(store, now, key, value, now_ms, actor, why)
    view = now.view
    if due is None and old is not None:
        _still_open(store, view, old)
        view = _without(store, now_ms, old)
        due = decisions.due_of(view, key)
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
        listed = known(store)
        newcomers = [dict(r) for r in register if r["federation_id"] not in listed]
        stored = {"origin": due.name, "entries": _joining(
            store, view, now_ms, value, due, {r["federation_id"] for r in newcomers})}
    if old is not None and old["value"] == stored:
        return Outcome(ok_body(key=due.key, value=stored, changed=False), ())
    if old is not None:
        # A new decision fits those in force (it was asked for); a change may not fit the
        # decisions taken on top of it.
        _resolves(store, now_ms, due.key, due.kind, stored)
    default = f"{due.rule}: {due.name}" + (" changed" if old is not None else "")
    with store.write() as db:
        if due.kind == "join" and newcomers:
            players_sql.import_players(store, db, newcomers, actor,
                                       f"{due.rule}: players joining {due.stage} "
                                       f"({why or due.name})"[:300])
        sql.put_decision(store, db, due.key, due.kind, stored, actor, now_ms, why or default)
    return Outcome(ok_body(key=due.key, value=stored, changed=old is not None), ())


def withdraw(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    """Take back a decision in force while none of the matches it decides is in play; the
    competition asks for it again. `payload` has `key` and `why`; audited with the old value."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a withdrawal is an object with key and why")
    key = payload.get("key")
    old = _in_force(store, key)
    if old is None:
        raise TravellerError("not_decided", f"no decision {shown(key)} is in force", 404)
    now = _now(store, now_ms)
    _still_open(store, now.view, old)
    info = decisions.about(now.view, old["key"], old["kind"])
    later = decisions.dependents(now.view, old["key"], old["kind"], sql.decisions(store))
    if later:
        raise TravellerError("decisions_depend", f"{info.rule}: {', '.join(later)} "
                             f"{'was' if len(later) == 1 else 'were'} taken on top of "
                             f"{old['key']}: withdraw {'it' if len(later) == 1 else 'them'} "
                             "first", 409)
    why = str(payload.get("why") or "").strip()[:300] or f"{info.rule}: {info.name} withdrawn"
    with store.write() as db:
        sql.remove_decision(store, db, old["key"], actor, now_ms, why)
    return Outcome(ok_body(key=old["key"], withdrawn=old["value"]), ())


def _in_force(store: Store, key: Any) -> dict[str, Any] | None:
    if not isinstance(key, str):
        return None
    return next((d for d in sql.decisions(store) if d["key"] == key), None)


def _still_open(store: Store, view: Any, old: dict[str, Any]) -> None:
    """A decision stands once a match it decides is in play."""
    playing = decisions.in_play(store, view, old["key"], old["kind"])
    if playing:
        info = decisions.about(view, old["key"], old["kind"])
        raise TravellerError("decision_stands", f"{info.rule}: {info.name} "
                             f"({old['key']}) can no longer change: "
                             f"{decisions.why_it_stands(playing)}", 409)


def _without(store: Store, now_ms: int, old: dict[str, Any]) -> Any:
    try:
        return decisions.without(store, now_ms, old["key"], old["kind"])
    except CompetitionError as exc:
        raise TravellerError("competition_error", str(exc), 409) from None


def _resolves(store: Store, now_ms: int, key: str, kind: str, value: Any) -> None:
    problem = decisions.resolves(store, now_ms, key, kind, value)
    if problem is not None:
        raise TravellerError("contradicts_decision", f"{problem}: another decision in force "
                             "depends on this one; change or withdraw that one first", 409)


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


def _joining(store: Store, view: Any, now_ms: int, value: Any, due: Any,
             arriving: set[str] | frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """The entries joining: names, and (K4.4) the players' IDs, each on the players list (or
    `arriving` on it with the decision), in one entry only and in no entry already playing the
    stage; a stage whose rules list K4.4 needs every entry's players
    (`decisions.players_required`)."""
    if not isinstance(value, list) or not value:
        raise TravellerError("bad_payload", "joining entries are a list of {name, players}")
    if len(value) > due.count:
        raise TravellerError("too_many", f"{due.rule}: at most {due.count} entries join")
    needed = decisions.players_required(view, due.stage)
    listed = known(store)
    playing = _playing(store, now_ms, due)
    first = max((e.id for e in view.entries), default=0) + 1
    out = []
    problems = []
    seen: dict[str, str] = {}
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
        label = name or f"entry {i + 1}"
        if needed == 2 and len(players) != 2:
            problems.append(f"K4.4: {label} names {len(players)} players: a pair joins with "
                            "its 2 players' IDs")
        elif needed and len(players) < needed:
            problems.append(f"K4.4: {label} names {len(players)} players: a team joins with "
                            f"at least {needed} players' IDs")
        for player in players:
            who = _who(player, listed)
            if player not in listed and player not in arriving:
                problems.append(f"K4.4: {player} is not a registered player (the event's "
                                "players list)")
            if player in seen:
                problems.append(f"K4.4: {who} is in {seen[player]} and in {label}: a player "
                                "joins in one entry only")
            elif player in playing:
                problems.append(f"K4.4: {who} already plays {due.stage} in {playing[player]}")
            seen.setdefault(player, label)
        out.append({"id": first + i, "name": name, "players": players})
    if problems:
        raise TravellerError("invalid_entries", "; ".join(problems))
    return out


def _who(player: str, listed: Mapping[str, Mapping[str, str]]) -> str:
    name = listed.get(player, {}).get("name")
    return f"{player} ({name})" if name else player


def _playing(store: Store, now_ms: int, due: Any) -> dict[str, str]:
    """The players of the entries that play the stage the entries join by another way (its
    places from earlier stages, another join): seated at the tables, on a team's roster or
    named when they joined; each with the entry it plays in."""
    inputs = load(store, now_ms)
    inputs.joins[due.key] = ()
    try:
        view = Competition(competition_spec(store), own_entries(store)).view(inputs)
        names = {e.id: e.name for e in view.entries}
        stage = view.stage(due.stage)
        entrants = set(stage.entrants)
    except (CompetitionError, ValueError):
        names, entrants = {}, set()
    for key, joined in inputs.joins.items():
        if key.partition("/")[0] == due.stage:
            entrants |= {e.id for e in joined}
            names.update({e.id: e.name for e in joined})
    entries = {e: names.get(e, str(e)) for e in entrants}
    players: dict[str, str] = {}
    for d in sql.decisions(store):
        if d["kind"] == "join" and d["key"] != due.key:
            for e in d["value"]["entries"]:
                if e["id"] in entries:
                    players.update({p: f"{e['name']} (entry {e['id']})"
                                    for p in e.get("players", [])})
    for row in players_sql.seatings(store):
        for side, seats in (("ns_pair", ("north", "south")), ("ew_pair", ("east", "west"))):
            if row[side] in entries:
                players.update({row[s]: f"{entries[row[side]]} (entry {row[side]})"
                                for s in seats})
    for player, team in teams_sql.roster(store).items():
        if team in entries:
            players[player] = f"{entries[team]} (entry {team})"
    return players


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
