"""`traveller robots`: a competition rehearsed in its event file, with no server.

Robots sit at every table and enter, through the same use cases as the terminals
(`server.table.actions`), every result in play now: the simulator's result for the table's
board (`server.stages.robots`), so a table's results depend only on the seed, its section,
table and round. Where East-West confirms on its own terminal the robots confirm too, and a
teams table gives its line-up first where the rosters require one (D2.1): two players of each
team's roster in the open room, two others in the closed room. Each row is audited as the
robot's (`robot at table O3`).

The robot director (the demo's) then takes each decision due as the simulator would by default
(`default_answer`) and advances; `rehearse` goes on for N advances or to the final places. A
rehearsal needs players where the regulation asks for them: the robot director registers four
robot players for a team without a roster (D2.1) and two for each pair joining a stage that
asks for its players (K4.4), audited as its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..competition.simulate import join_name
from ..errors import TravellerError
from ..event.venue import competition_id, plays_here
from ..formats.competition import CompetitionSpec
from ..store import SeatingRow, Store, TableRow
from ..store import players as players_sql
from ..store import teams as teams_sql
from ..table import actions as table_actions
from ..table.entry import locked_boards
from ..table.schedule import current_round
from ..teams.lineups import lineups_required
from ..teams.matches import is_teams, matches, options
from . import actions, decisions
from .actions import MAX_NAME
from .robots import payload_of, robot_result
from .view import current

ROBOT_DIRECTOR = "robot director"


def robot_actor(table: TableRow) -> str:
    return f"robot at table {table.section}{table.number}"


def default_answer(due: Any, spec: CompetitionSpec | None = None) -> Any:
    """The simulator's answer to a decision: a chooser takes the lowest-placed team it may, the
    wild card the best-placed teams not qualified, and every entry that may join joins, named
    as the simulator names it."""
    if due.kind == "choice":
        return due.allowed[-1]
    if due.kind == "wild card":
        return list(due.allowed[:due.count])
    template = join_name(spec, due) if spec is not None else f"{due.name[:40]} {{n}}"
    return [{"name": template.format(n=n + 1)[:MAX_NAME]} for n in range(due.count)]


@dataclass
class Rehearsal:
    """What a rehearsal did."""

    results: int = 0
    decisions: int = 0
    advances: list[list[str]] = field(default_factory=list)
    """Each advance's summary, one line per stream."""
    complete: bool = False


def play_in_play(store: Store, seed: int, clock: Callable[[], int]) -> int:
    """Robots enter every result in play now, table by table, round by round; the number of
    results entered."""
    entered = 0
    progressed = True
    while progressed:
        progressed = False
        for table in store.tables():
            entered_here = _play_table(store, table, seed, clock)
            entered += entered_here
            progressed = progressed or entered_here > 0
    if entered:
        confirm_matches(store, clock)
    return entered


def confirm_matches(store: Store, clock: Callable[[], int]) -> int:
    """KD1: each team's captain confirms every match it has finished, at the match's table in
    the open room, as a captain does on the terminal; the number of confirmations."""
    if not is_teams(store) or not options(store)["captains_confirm"]:
        return 0
    tables = {(t.section, t.number): t for t in store.tables()}
    # A robot never corrects a result, so a captain's confirmation never goes out of date.
    done = {(c["round"], c["table_number"], c["team"]) for c in teams_sql.confirmations(store)}
    confirmed = 0
    for match in matches(store, clock()):
        table = tables.get(("O", match.table))
        if not match.complete or table is None or not plays_here(store, "O", match.table,
                                                                   match.round):
            continue
        for team in (match.home, match.away):
            if (match.round, match.table, team) not in done:
                table_actions.confirm_match(store, table, "ns", {
                    "op_id": str(uuid.uuid4()), "round": match.round, "team": team},
                    clock(), actor=f"robot captain of team {team}")
                confirmed += 1
    return confirmed


def _play_table(store: Store, table: TableRow, seed: int, clock: Callable[[], int]) -> int:
    """The table's rounds in play, a round at a time (what is done read once a round)."""
    seatings = store.seatings(table.section, table.number)
    actor = robot_actor(table)
    entered = 0
    while True:
        with store.read() as db:
            done = store.scored_boards(db, table.section, table.number)
        done |= locked_boards(store, table, clock())
        here = current_round(seatings, done)
        if here is None or not plays_here(store, table.section, table.number, here.round):
            # A venue's file (D5.1) plays its own group's tables: another venue's round comes
            # in its bundles.
            return entered
        if lineups_required(store):
            with store.read() as db:
                given = players_sql.has_lineup(db, table.section, table.number, here.round)
            if not given:
                _line_up(store, table, here, clock)
        progressed = False
        for board in [b for b in here.boards if (here.round, b) not in done]:
            played = robot_result(store, seed, table.section, table.number, here.round, board)
            if played is None:
                return entered
            op_id = str(uuid.uuid4())
            try:
                outcome = table_actions.submit_result(
                    store, table, "ns", {"op_id": op_id, "board": board, **payload_of(played)},
                    clock(), actor=actor)
            except TravellerError as exc:
                if exc.code == "board_locked" and progressed:
                    break  # locked meanwhile (K12.1): read the table again
                raise
            if outcome.body.get("pending"):
                table_actions.confirm_result(store, table, "ew", {
                    "op_id": str(uuid.uuid4()), "entry": op_id}, clock(), actor=actor)
            entered += 1
            progressed = True


ROBOT_PLAYERS = 4
"""Robot players a team without a roster gets: two a room."""


def _line_up(store: Store, table: TableRow, seating: SeatingRow,
             clock: Callable[[], int]) -> None:
    table_actions.set_players(store, table, "ns", robot_lineup(store, table.section, seating),
                              clock(), actor=robot_actor(table))


def robot_lineup(store: Store, section: str, seating: SeatingRow) -> dict[str, Any]:
    """D2.1: a table's line-up of a match, as its `set_players` payload, from the teams'
    rosters: each team's first two players in the open room, its next two in the closed room;
    a team short of players first gets robot players on its roster (the robot director's)."""
    roster = teams_sql.roster(store)
    first = 0 if section == "O" else 2
    seats = []
    for team in (seating.ns_pair, seating.ew_pair):
        players = sorted(p for p, t in roster.items() if t == team)
        if len(players) < ROBOT_PLAYERS:
            players = _robot_roster(store, team, players)
        seats.append(players[first:first + 2])
    (north, south), (east, west) = seats
    return {"op_id": str(uuid.uuid4()), "round": seating.round, "north": north,
            "south": south, "east": east, "west": west}


def robot_player(store: Store, number: str) -> str:
    """A robot player's federation ID: `R` and its number, then the competition's tag, so
    two competitions rehearsed by robots never share a player (D2.1: League II's runners-up
    join League I's barrage with their players, D4.7)."""
    ident = competition_id(store)
    return f"R{number}-{ident[:4]}" if ident else f"R{number}"


def _robot_roster(store: Store, team: int, players: list[str]) -> list[str]:
    """A team short of players for a rehearsal gets robot players on its roster."""
    robots = [robot_player(store, f"{team}.{n}") for n in range(1, ROBOT_PLAYERS + 1)]
    full = sorted({*players, *robots})
    with store.write() as db:
        teams_sql.put_roster(store, db, team, full, ROBOT_DIRECTOR,
                             f"{ROBOT_DIRECTOR}: robot players for a rehearsal (D2.1: the team "
                             "has no roster)")
    return full


def robot_joiners(store: Store, view: Any, due: Any) -> list[dict[str, Any]]:
    """The entries joining a stage, by default; where the stage asks for their players (K4.4)
    each gets robot players, registered on the event's players list."""
    value: list[dict[str, Any]] = default_answer(due, view.spec)
    needed = decisions.players_required(view, due.stage)
    if not needed:
        return value
    stage = [s.spec.id for s in view.stages].index(due.stage) + 1
    rows = []
    for n, entry in enumerate(value, start=1):
        entry["players"] = [robot_player(store, f"{stage}.{n}.{k}")
                            for k in range(1, needed + 1)]
        rows.extend({"federation_id": p, "name": f"Robot {p[1:].split('-')[0]}", "gender": "",
                     "club": ""} for p in entry["players"])
    with store.write() as db:
        players_sql.import_players(store, db, rows, ROBOT_DIRECTOR,
                                   f"{ROBOT_DIRECTOR}: robot players joining {due.stage} "
                                   f"({due.rule}, K4.4)")
    return value


def default_value(store: Store, view: Any, due: Any) -> Any:
    """What the robot director decides for `due` (registering the robot players a join needs):
    the value a console's decision sends."""
    return robot_joiners(store, view, due) if due.kind == "join" else default_answer(due,
                                                                                 view.spec)


def direct(store: Store, clock: Callable[[], int]) -> tuple[int, list[str] | None, bool]:
    """The robot director: every decision due taken by default, then one advance. Returns the
    decisions taken, the advance's summary (None when nothing could be put in play) and
    whether the competition is over."""
    taken = 0
    now = current(store, clock())
    for due in now.view.due:
        value = default_value(store, now.view, due)
        actions.decide(store, {"key": due.key, "value": value,
                               "why": f"{ROBOT_DIRECTOR}: the default"}, clock(), ROBOT_DIRECTOR)
        taken += 1
    if taken:
        now = current(store, clock())
    if now.view.complete:
        return taken, None, True
    try:
        outcome = actions.advance(store, clock(), ROBOT_DIRECTOR, f"{ROBOT_DIRECTOR}: advance",
                                  now=now)
    except TravellerError as exc:
        if exc.code in ("nothing_to_play", "decisions_due", "competition_over"):
            return taken, None, exc.code == "competition_over"
        raise
    return taken, list(outcome.body["summary"]), False


def rehearse(store: Store, seed: int, clock: Callable[[], int], *, advances: int = 0,
             to_the_end: bool = False, progress: Callable[[str], None] | None = None
             ) -> Rehearsal:
    """Robots play what is in play; then (`advances` times, or until the final places are
    known) the robot director decides and advances, and the robots play again. With
    `advances`, it stops with the new matches or session in play, unplayed."""
    done = Rehearsal()
    say = progress or (lambda _line: None)
    with store.unhurried():
        _rehearse(store, seed, clock, advances, to_the_end, say, done)
    return done


def _rehearse(store: Store, seed: int, clock: Callable[[], int], advances: int,
              to_the_end: bool, say: Callable[[str], None], done: Rehearsal) -> None:
    while True:
        entered = play_in_play(store, seed, clock)
        done.results += entered
        if entered:
            say(f"robots entered {entered} results")
        if not to_the_end and len(done.advances) >= advances:
            break
        taken, summary, over = direct(store, clock)
        done.decisions += taken
        if over:
            done.complete = True
            break
        if summary is None:
            break
        done.advances.append(summary)
        say("advanced: " + "; ".join(summary))
        if not to_the_end and len(done.advances) >= advances:
            # Not over: the director has just read it so, and an advance only puts
            # unplayed matches or sessions in play.
            return
    if not done.complete:
        done.complete = current(store, clock()).view.complete
