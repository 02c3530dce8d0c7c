"""D4.7: League I's barrage takes League II's group runners-up from League II's own event file.

League II (D5.7) places each group's final loser 2nd with the outcome that sends it to League
I's barrage; League I's barrage stage takes them as its entries joining from another
competition (`[[stage.entrants]] from = "join"`, rule D4.7). Instead of the director typing
their names, `take` reads them from League II's file: the competition as it stands (the code
of `traveller standings`), the final places whose outcome names the join's rule, each team's
name, group and roster (D2.1) with its players' names from League II's players list. They join
through the console's own decision (`actions.decide`), so every check of a join holds (due, in
one entry only, not already playing the stage), it is audited, and it may be changed or
withdrawn until the barrage is in play. League II's players that League I's list lacks are
added to it with the decision, audited; a team's players become its roster when the advance
puts it in play (D2.1).

League II's file is never written: it is copied through SQLite's backup API from a read-only
connection, and the copy is what is read (and migrated, if it is older).

Which competition is League II-like is read from its preset, not from names: a competition
whose final places carry an outcome naming the join's rule (`"League I barrage (D4.7)"`) and
that plays no stage of that rule itself (League I's own `"barrage (D4.7)"` places are its
barrage's League I teams). The regulation does not seed the League II teams (D4.7: the League
I teams choose among them), so they take the labels II1..II4 in the order of League II's
registered groups (D5.1: NW, NE, SW, SE), which also orders those out in the same round.
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..competition import CompetitionView
from ..errors import TravellerError, ok_body
from ..event.outcome import Outcome
from ..formats.competition import CompetitionError, CompetitionSpec
from ..store import Store, StoreError
from ..store import competition as sql
from ..store import players as players_sql
from ..store import teams as teams_sql
from ..store.backup import copy
from ..store.health import connect_read_only, identify
from . import actions, decisions
from .inputs import is_competition, own_entries
from .view import current


@dataclass(frozen=True)
class Player:
    federation_id: str
    name: str
    """As League II's players list has it ("" when the list lacks the player)."""


@dataclass(frozen=True)
class Runner:
    """A team that League II sends to the join."""

    label: str
    """Its seed in the joining stage (II1..II4)."""
    entry: int
    """Its number in League II."""
    name: str
    group: str
    place: int
    why: str
    players: tuple[Player, ...]
    """Its roster in League II (D2.1), by federation ID."""


@dataclass(frozen=True)
class Sent:
    """What League II's file sends to a join."""

    competition: str
    runners: tuple[Runner, ...]
    register: tuple[dict[str, Any], ...]
    """League II's players list rows of the runners' players (or an ID alone, name "")."""


def names_rule(outcome: str, rule: str) -> bool:
    """Whether an outcome ("League I barrage (D4.7)") names the rule ("D4.7")."""
    return bool(rule) and re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w]|\.\d)",
                                    outcome) is not None


def feeds(spec: CompetitionSpec, rule: str) -> bool:
    """Whether a competition sends entries to another's `rule`: some of its final places
    carry an outcome naming the rule, and it plays no stage of that rule itself."""
    if any(rule in stage.rules for stage in spec.stages):
        return False
    outcomes = [f.outcome for stage in spec.stages for f in stage.final]
    outcomes += [p.label for stage in spec.stages if stage.bracket is not None
                 for p in stage.bracket.places]
    return any(names_rule(o, rule) for o in outcomes)


def unfinished_groups(view: CompetitionView) -> list[str]:
    """The groups with matches, sessions or decisions still to come (every group while a
    stage has not started)."""
    order = list(view.spec.entries.groups) or sorted({e.group for e in view.entries})
    if any(s.progress is None for s in view.stages):
        return order
    left = {f.group for f in view.fixtures} | {d.group for d in view.due}
    if "" in left:
        return order
    return [g for g in order if g in left] + sorted(left - set(order))


@dataclass(frozen=True)
class League:
    """The other competition's event file as read: its competition as it stands, its rosters
    and its players list."""

    shown: str
    """The file's name, as messages give it."""
    view: CompetitionView
    roster: dict[str, int]
    listed: dict[str, dict[str, Any]]


def read_league(path: str | Path, now_ms: int) -> League:
    """The competition of the event file at `path`, read from a copy (the file is never
    written); refuses a file that is not an event or not a competition."""
    shown = Path(path).name
    if not Path(path).is_file():
        raise TravellerError("not_an_event", f"no event file at {str(path)!r}", 404)
    problem = identify(path)
    if problem is not None:
        raise TravellerError("not_an_event", problem.replace(repr(str(path)), shown))
    with tempfile.TemporaryDirectory(prefix="traveller-join-") as folder:
        copied = Path(folder) / "league.db"
        try:
            source = connect_read_only(path)
            try:
                copy(source, copied)
            finally:
                source.close()
            store = Store.open(copied)
        except (sqlite3.Error, StoreError) as exc:
            raise TravellerError("not_an_event", f"cannot read {shown}: {exc}") from None
        try:
            if not is_competition(store):
                raise TravellerError("not_a_competition", f"{shown} is not a competition "
                                     "(made from a preset with [[stage]]s)")
            try:
                view = current(store, now_ms).view
            except (CompetitionError, ValueError) as exc:
                raise TravellerError("competition_error", f"{shown}: {exc}", 409) from None
            return League(shown, view, teams_sql.roster(store),
                          {p["federation_id"]: p for p in players_sql.players(store)})
        finally:
            store.close()


def sent(league: League, rule: str, count: int) -> Sent:
    """The entries `league` sends to `rule`, in the order of its registered groups; refuses
    a competition that is not finished or that sends other than `count` entries."""
    view, shown = league.view, league.shown
    spec = view.spec
    if not view.complete:
        groups = unfinished_groups(view)
        where = (f"groups {', '.join(groups)} have" if len(groups) > 1 else
                 f"group {groups[0]} has" if groups else "it has")
        raise TravellerError("not_finished", f"{shown} ({spec.name}) is not finished: {where} "
                             "matches or decisions still to come, so its final places are "
                             "not known", 409)
    order = {g: i for i, g in enumerate(spec.entries.groups)}
    places = sorted((p for p in view.final_places if names_rule(p.outcome or "", rule)),
                    key=lambda p: (order.get(p.group, len(order)), p.group, p.place, p.entry))
    if len(places) != count:
        raise TravellerError("wrong_count", f"{rule}: {count} entries join, but {shown} "
                             f"({spec.name}) sends {len(places)}", 409)
    names = {e.id: e.name for e in view.entries}
    runners = []
    register = []
    for place in places:
        ids = sorted(p for p, team in league.roster.items() if team == place.entry)
        runners.append(Runner("", place.entry, names.get(place.entry, str(place.entry)),
                              place.group, place.place, place.why,
                              tuple(Player(i, str(league.listed.get(i, {}).get("name") or ""))
                                    for i in ids)))
        for i in ids:
            row = league.listed.get(i, {})
            register.append({"federation_id": i, "name": str(row.get("name") or ""),
                             "gender": str(row.get("gender") or ""),
                             "club": str(row.get("club") or "")})
    return Sent(spec.name, tuple(runners), tuple(register))


def _join_of(store: Store, view: CompetitionView) -> list[tuple[str, Any]]:
    """The joins of the competition, due or decided: (key, its `[[stage.entrants]]` block)."""
    keys = [d.key for d in view.due if d.kind == "join"]
    keys += [d["key"] for d in sql.decisions(store) if d["kind"] == "join"
             and d["key"] not in keys]
    out = []
    for key in keys:
        block = decisions.entrants_block(view, key, "join")
        if block is not None:
            out.append((key, block))
    return out


def take(store: Store, path: str | Path, now_ms: int, actor: str, why: str = "") -> Outcome:
    """League II's runners-up, read from its file at `path`, join League I's barrage (the
    join whose rule League II's outcomes name) as the director's join decision."""
    if not is_competition(store):
        raise TravellerError("not_a_competition", "this event is not a competition: nothing "
                             "joins it", 409)
    try:
        view = current(store, now_ms).view
    except (CompetitionError, ValueError) as exc:
        raise TravellerError("competition_error", str(exc), 409) from None
    joins = _join_of(store, view)
    if not joins:
        raise TravellerError("not_due", f"{view.spec.name} takes no entries from another "
                             "competition", 409)
    league = read_league(path, now_ms)
    spec = league.view.spec
    fed = [(key, block) for key, block in joins if feeds(spec, block.rule)]
    if not fed:
        rules = ", ".join(sorted({block.rule for _, block in joins}))
        plays = any(block.rule in stage.rules for _, block in joins for stage in spec.stages)
        raise TravellerError("not_a_feeder", f"{league.shown} ({spec.name}) sends no entries "
                             f"to {rules} of {view.spec.name}: " + (
                                 f"it plays {rules} itself" if plays else
                                 f"none of its final places has an outcome naming {rules}"))
    key, block = fed[0]
    playing = decisions.in_play(store, view, key, "join") if not any(
        d.key == key for d in view.due) else []
    if playing:
        name = decisions.about(view, key, "join").name
        raise TravellerError("decision_stands", f"{block.rule}: {name} ({key}) can no longer "
                             f"change: {decisions.why_it_stands(playing)}", 409)
    return _decide(store, key, block, sent(league, block.rule, block.count), league.shown,
                   now_ms, actor, why)


def _decide(store: Store, key: str, block: Any, sent: Sent, shown: str, now_ms: int,
            actor: str, why: str) -> Outcome:
    labels = list(block.labels) or [str(n + 1) for n in range(block.count)]
    runners = [Runner(labels[i] if i < len(labels) else str(i + 1), r.entry, r.name, r.group,
                      r.place, r.why, r.players) for i, r in enumerate(sent.runners)]
    value = [{"name": r.name, "players": [p.federation_id for p in r.players]}
             for r in runners]
    reason = why.strip() or (f"{block.rule}: from {shown} ({sent.competition}): " + ", ".join(
        f"{r.name} ({r.group})" if r.group else r.name for r in runners))
    own = {e.id: e.name for e in own_entries(store)}
    rostered = {p: t for p, t in teams_sql.roster(store).items() if t in own}
    taken = [f"{p.federation_id} ({r.name}) is on the roster of {own[rostered[p.federation_id]]}"
             for r in runners for p in r.players if p.federation_id in rostered]
    if taken:
        raise TravellerError("invalid_entries", f"D2.1: {'; '.join(taken[:6])}"
                             + (f" and {len(taken) - 6} more" if len(taken) > 6 else "")
                             + ": a player is on one team's roster only", 409)
    before = {p["federation_id"] for p in players_sql.players(store)}
    was = any(d["key"] == key for d in sql.decisions(store))
    outcome = actions.decide(store, {"key": key, "value": value, "why": reason[:300]},
                             now_ms, actor, register=sent.register)
    entries = outcome.body["value"]["entries"]
    return Outcome(ok_body(
        key=key, stage=key.partition("/")[0], rule=block.rule, source=sent.competition,
        decision="taken" if not was else "changed" if outcome.body["changed"] else "unchanged",
        registered=len({r["federation_id"] for r in sent.register} - before),
        joined=[{"label": r.label, "entry": e["id"], "league_entry": r.entry, "name": r.name,
                 "group": r.group, "place": r.place,
                 "players": [{"id": p.federation_id, "name": p.name} for p in r.players]}
                for r, e in zip(runners, entries, strict=True)]), ())


def summary(body: Mapping[str, Any]) -> list[str]:
    """What a join took, a line a team, for the command line."""
    lines = [f"{body['rule']}: {len(body['joined'])} entries from {body['source']} join "
             f"{body['stage']}" + {"taken": "", "changed": " (the join in force changed)",
                                   "unchanged": " (the join in force already names them)"}[
                                       body["decision"]]]
    for j in body["joined"]:
        count = len(j["players"])
        lines.append(f"  {j['label']}: {j['name']}" + (f", group {j['group']}" if j["group"]
                     else "") + f", place {j['place']}, {count} player"
                     + ("" if count == 1 else "s"))
    if body["registered"]:
        lines.append(f"  {body['registered']} players added to the players list")
    return lines
