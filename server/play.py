"""The rules of the live loop: a table's state, a submitted result, the director's grid.

The socket handlers, the REST views, the robots and the command line all go through these
functions, so a result is checked the same way whichever door it comes in by. Each function
takes `now_ms` from its caller and returns plain dicts ready for the wire.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .bridge import K8_2, Board, BridgeError, Card, Contract, Seat, ns_score
from .clock import RoundClock, round_duration_ms
from .errors import TravellerError, ok_body, op_id_of
from .players import state_players
from .scoring import matchpoints
from .store import ResultRow, SeatingRow, Store, TableRow
from .store import setup as setup_sql
from .texts import N_, Message, english, message


def table_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/t/{token}"


def current_round(seatings: list[SeatingRow], scored: set[tuple[int, int]]) -> SeatingRow | None:
    """The round a table is playing: the first with a board not scored yet (None when done)."""
    for seating in sorted(seatings, key=lambda s: s.round):
        if any((seating.round, b) not in scored for b in seating.boards):
            return seating
    return None


@dataclass(frozen=True)
class SectionPlan:
    """A section's schedule read for the moves between rounds, built once per schedule."""

    rounds: dict[int, list[SeatingRow]]
    """The section's seatings by round."""
    seats: dict[int, dict[int, tuple[int, str]]]
    """Each round's (table, direction) of every pair that plays it."""
    later: dict[int, frozenset[int]]
    """The boards played in each round or any later one."""


def section_plan(store: Store, section: str) -> SectionPlan:
    """The plan of `section`, kept by the store until its seatings change."""
    def build() -> SectionPlan:
        rounds: dict[int, list[SeatingRow]] = {}
        for seating in store.seatings(section):
            rounds.setdefault(seating.round, []).append(seating)
        seats = {number: {pair: (s.table_number, side) for s in rows
                          for pair, side in ((s.ns_pair, "NS"), (s.ew_pair, "EW"))}
                 for number, rows in rounds.items()}
        later: dict[int, frozenset[int]] = {}
        seen: frozenset[int] = frozenset()
        for number in sorted(rounds, reverse=True):
            seen = seen | {b for s in rounds[number] for b in s.boards}
            later[number] = seen
        return SectionPlan(rounds, seats, later)

    plan: SectionPlan = store.schedule_memo(("plan", section), build)
    return plan


def moves_after(plan: SectionPlan, here: SeatingRow) -> dict[str, Any] | None:
    """Where the pairs and boards of `here` go in the next round, read from the seatings of its
    section: each pair's table and direction (None: it sits out), and whether the boards rest
    on a relay or bye stand (no table plays them next round, one does later). None when no next
    round is drawn (the last round). A terminal shows it at the end of a round, offline too, so
    a Howell's North-South pair or a half table's sit-out is told where to go."""
    seats = plan.seats.get(here.round + 1)
    if not seats:
        return None
    rest = here.boards_next_table is None and bool(
        set(here.boards) & plan.later.get(here.round + 2, frozenset()))

    def seat(pair: int) -> dict[str, Any] | None:
        found = seats.get(pair)
        return None if found is None else {"table": found[0], "direction": found[1]}

    return {"round": here.round + 1, "ns": seat(here.ns_pair), "ew": seat(here.ew_pair),
            "boards_rest": rest}


def clock_wire(clock: RoundClock | None, now_ms: int) -> dict[str, Any]:
    if clock is None:
        return {"round": None, "deadline_ms": None, "running": False, "remaining_ms": None,
                "now_ms": now_ms}
    return {
        "round": clock.round,
        "deadline_ms": clock.deadline_ms(),
        "running": clock.running,
        "remaining_ms": clock.remaining_ms(now_ms),
        "duration_ms": clock.duration_ms + clock.extension_ms,
        "now_ms": now_ms,
    }


@functools.cache
def _board_facts(number: int) -> tuple[str, str]:
    board = Board(number)
    return board.dealer.name, board.vulnerability.name.lower()


def board_info(number: int) -> dict[str, Any]:
    """A board's dealer and vulnerability (every state carries them for all its boards)."""
    dealer, vulnerability = _board_facts(number)
    return {"dealer": dealer, "vulnerability": vulnerability}


def locked_boards(store: Store, table: TableRow, now_ms: int) -> set[tuple[int, int]]:
    """(round, board) a teams table may no longer play (K12.1); empty for pairs."""
    from . import teams

    return teams.locks(store, now_ms, table=table.number).get((table.section, table.number),
                                                               set())


def table_state(store: Store, table: TableRow, now_ms: int) -> dict[str, Any]:
    """Everything a terminal needs to play on, even if the Wi-Fi drops right after."""
    from . import ew, teams

    seatings = store.seatings(table.section, table.number)
    plan = section_plan(store, table.section)
    results = store.results(table.section, table.number)
    adjusted = store.adjusted_boards().get((table.section, table.number), set())
    locked = locked_boards(store, table, now_ms)
    scored = {(r.round, r.board) for r in results} | adjusted | locked
    here = current_round(seatings, scored)
    team_block = (teams.match_state(store, table, here.round if here else None, now_ms)
                  if teams.is_teams(store) else None)
    return {
        "event": event_wire(store),
        "section": table.section,
        "table": table.number,
        "round": here.round if here else None,
        # The section's rounds: a table a half table leaves empty in a round has fewer rows.
        "rounds": max(plan.rounds, default=len(seatings)),
        "ns_pair": here.ns_pair if here else None,
        "ew_pair": here.ew_pair if here else None,
        "boards": list(here.boards) if here else [],
        "board_info": {str(b): board_info(b) for s in seatings for b in s.boards},
        "schedule": [
            {
                "round": s.round,
                "ns_pair": s.ns_pair,
                "ew_pair": s.ew_pair,
                "boards": list(s.boards),
                "ew_next_table": s.ew_next_table,
                "boards_next_table": s.boards_next_table,
                # Teams: the room bar and the match panel say where the next match is.
                "moves": moves_after(plan, s) if team_block is None else None,
            }
            for s in seatings
        ],
        "results": [r.wire() for r in results],
        "pending": ew.waiting(store, table.section, table.number),
        "adjusted": [{"round": r, "board": b} for r, b in sorted(adjusted)],
        "clock": clock_wire(table_clock(store, table.section, table.number), now_ms),
        "calls": [call_wire(c) for c in store.calls(table.section, table.number)],
        "players": state_players(store, table),
        "teams": team_block,
        "now_ms": now_ms,
    }


def call_wire(call: Mapping[str, Any]) -> dict[str, Any]:
    return {k: call[k] for k in ("id", "op_id", "section", "table_number", "round", "reason",
                                 "called_ms", "answer", "answered_ms")}


def call_director(store: Store, table: TableRow, payload: Any, now_ms: int) -> dict[str, Any]:
    """A table calls the director; a replayed op_id is the same call."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a call must be an object with op_id and reason")
    op_id = op_id_of(payload.get("op_id"))
    reason = payload.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        raise TravellerError("invalid_reason", "the reason must be text of at most 200 "
                             "characters")
    with store.write() as db:
        here = current_round(store.seatings(table.section, table.number),
                             store.scored_boards(db, table.section, table.number))
        call_id = store.insert_call(db, {
            "op_id": op_id, "section": table.section, "table_number": table.number,
            "round": here.round if here else None, "reason": reason.strip() or "director",
            "called_ms": now_ms, "answer": None, "answered_ms": None,
        }, actor=f"table {table.number}")
    return ok_body(call_id=call_id)


def answer_call(store: Store, call_id: int, answer: str, now_ms: int,
                actor: str) -> dict[str, Any]:
    """The director's answer to a call, shown on the table's terminal."""
    answer = answer.strip()
    if not answer:
        raise TravellerError("missing_answer", "write an answer for the table")
    with store.write() as db:
        call = store.answer_call(db, call_id, answer[:500], now_ms, actor)
    if call is None:
        raise TravellerError("unknown_call", f"there is no call {call_id}", 404)
    return call_wire(call)


def traveller(store: Store, table: TableRow, board: Any) -> dict[str, Any]:
    """A board's results so far, and its hands when hand records were loaded, for a table
    that has played it (never before)."""
    if not event_wire(store)["show_traveller"]:
        raise TravellerError("traveller_hidden", "this event does not show travellers at the "
                             "table", 403)
    board = _int(board, "invalid_board", "board")
    results = [r for r in store.results(table.section) if r.board == board]
    if not any(r.table_number == table.number for r in results):
        raise TravellerError("not_played_yet", f"board {board} has not been played at this "
                             "table yet", 403)
    points = matchpoints([r.ns_score for r in results])
    top = 2 * (len(results) - 1)
    rows = [
        {
            "ns_pair": r.ns_pair, "ew_pair": r.ew_pair, "contract": r.contract,
            "declarer": r.declarer, "tricks": r.tricks, "lead": r.lead, "ns_score": r.ns_score,
            "ns_mp": mp, "ew_mp": top - mp,
            "ns_pct": round(mp / top * 100, 2) if top else None,
            "this_table": r.table_number == table.number,
        }
        for r, mp in zip(results, points, strict=True)
    ]
    rows.sort(key=lambda row: -row["ns_score"])
    # The hands only ever reach a table that has played the board (checked above).
    deal = setup_sql.deal(store, board)
    hands = None if deal is None else {
        "north": deal.north, "east": deal.east, "south": deal.south, "west": deal.west,
        **board_info(board),
    }
    return ok_body(board=board, top=top, results=rows, deal=hands)


def event_wire(store: Store) -> dict[str, Any]:
    """What a terminal needs to know of the event's rules to enter results offline."""
    preset = store.setting("preset", {})
    return {
        "name": store.setting("name", ""),
        "kind": preset.get("kind", "pairs"),
        "ew_terminal": bool(preset.get("ew_terminal", False)),
        "lead": preset.get("lead", "optional"),
        "mini_bridge": bool(preset.get("mini_bridge", False)),
        "show_traveller": bool(preset.get("show_traveller", True)),
    }


def _field(payload: Mapping[str, Any], name: str) -> Any:
    if name not in payload:
        raise TravellerError("missing_field", f"the result has no {name!r}")
    return payload[name]


def _int(value: Any, code: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TravellerError(code, f"{what} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class Submission:
    """A `submit_result` payload whose form has been checked."""

    op_id: str
    board: int
    contract: Contract
    declarer: Seat | None
    tricks: int
    lead: Card | None


def _lead(payload: Mapping[str, Any], contract: Contract, rule: str) -> Card | None:
    text = payload.get("lead")
    if contract.is_passed_out or rule == "off":
        return None
    if text in (None, ""):
        if rule == "required":
            raise TravellerError("missing_lead", "this event needs the opening lead")
        return None
    if not isinstance(text, str):
        raise TravellerError("invalid_lead", f"invalid card: {text!r}")
    try:
        return Card.parse(text)
    except BridgeError as exc:
        raise TravellerError("invalid_lead", str(exc)) from None


def _check_mini_bridge(contract: Contract) -> None:
    """K8.2: only a partscore (played at the one level) or a game, undoubled."""
    if contract.is_passed_out or contract.strain is None:
        return
    game = K8_2.game_levels[contract.strain]
    if contract.doubling or contract.level not in (1, game):
        raise TravellerError(
            "not_mini_bridge",
            f"mini bridge has only partscores (1{contract.strain.letter}) and games "
            f"({game}{contract.strain.letter}), undoubled: not {contract.code}",
        )


def parse_submission(payload: Any, lead_rule: str = "optional",
                     mini_bridge: bool = False) -> Submission:
    """Check a `submit_result` payload's form; raises TravellerError naming the bad field."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a result must be an object with op_id, board, "
                             "contract, declarer and tricks")
    op_id = op_id_of(_field(payload, "op_id"))
    board = _int(_field(payload, "board"), "invalid_board", "board")
    text = _field(payload, "contract")
    if not isinstance(text, str):
        raise TravellerError("invalid_contract", f"invalid contract: {text!r}")
    try:
        contract = Contract.parse(text)
    except BridgeError as exc:
        raise TravellerError("invalid_contract", str(exc)) from None
    if mini_bridge:
        _check_mini_bridge(contract)
    if contract.is_passed_out:
        return Submission(op_id, board, contract, None, 0, None)
    declarer_text = _field(payload, "declarer")
    try:
        declarer = Seat.parse(declarer_text) if isinstance(declarer_text, str) else None
    except BridgeError:
        declarer = None
    if declarer is None:
        raise TravellerError("invalid_declarer",
                             f"declarer must be one of N, E, S, W, not {declarer_text!r}")
    tricks = _int(_field(payload, "tricks"), "invalid_tricks", "tricks")
    if not 0 <= tricks <= 13:
        raise TravellerError("invalid_tricks", f"declarer takes 0 to 13 tricks, not {tricks}")
    return Submission(op_id, board, contract, declarer, tricks,
                      _lead(payload, contract, lead_rule))


def submission_score(checked: Submission) -> int:
    """North-South's score of a checked submission (raises `invalid_board` below board 1)."""
    vulnerability = Board(checked.board).vulnerability if checked.board >= 1 else None
    if vulnerability is None:
        raise TravellerError("invalid_board", f"there is no board {checked.board}")
    return ns_score(checked.contract, checked.declarer, checked.tricks, vulnerability)


def checked_result(store: Store, db: Any, table: TableRow, checked: Submission, score: int,
                   locked: set[tuple[int, int]], now_ms: int, actor: str) -> ResultRow:
    """The result a checked submission makes at this table now, inside the caller's write
    transaction: its board must be in the table's current round, not scored, not locked."""
    board = checked.board
    if any(b == board for _, b in locked):
        from . import teams

        if any(b == board for _, b in teams.not_played(store).get(
                (table.section, table.number), set())):
            raise TravellerError("board_locked", f"board {board} is not played: the director "
                                 "ruled the match a walk-over (K13) or disqualified a team "
                                 "(K14.1)", 409)
        raise TravellerError("board_locked", f"board {board} may not be played: the "
                             "session's time ran out before it was started (K12.1); "
                             "only the director can unlock it", 409)
    here = current_round(
        store.seatings(table.section, table.number),
        store.scored_boards(db, table.section, table.number) | locked,
    )
    if here is None:
        raise TravellerError("table_finished", "this table has played all its rounds", 409)
    if board not in here.boards:
        scored = store.scored_boards(db, table.section, table.number)
        if any(b == board for _, b in scored):
            raise TravellerError("already_scored", f"board {board} is already scored at "
                                 "this table; ask the director to correct it", 409)
        raise TravellerError(
            "board_not_in_round",
            f"board {board} is not played at table {table.number} in round {here.round} "
            f"(boards {', '.join(map(str, here.boards))})",
            409,
        )
    if (here.round, board) in store.scored_boards(db, table.section, table.number):
        raise TravellerError("already_scored", f"board {board} is already scored at this "
                             "table; ask the director to correct it", 409)
    return ResultRow(
        op_id=checked.op_id, section=table.section, table_number=table.number,
        round=here.round, board=board, ns_pair=here.ns_pair, ew_pair=here.ew_pair,
        contract=checked.contract.code,
        declarer=checked.declarer.name if checked.declarer else None, tricks=checked.tricks,
        ns_score=score, entered_ms=now_ms, source=actor,
        lead=checked.lead.code if checked.lead else None,
    )


def submit_result(
    store: Store, table: TableRow, payload: Any, now_ms: int, actor: str
) -> dict[str, Any]:
    """Store one result from a table and return its acknowledgement.

    A replayed op_id is acknowledged again and stored once. The acknowledgement is built only
    after the transaction commits, so an `ok` the terminal sees is on disk. Where East-West
    confirms on its own terminal, the result waits for it instead (`server.ew`).
    """
    rules = event_wire(store)
    checked = parse_submission(payload, rules["lead"], rules["mini_bridge"])
    score = submission_score(checked)
    if rules["ew_terminal"]:
        from . import ew

        return ew.submit_entry(store, table, checked, score, now_ms, actor)
    locked = locked_boards(store, table, now_ms)
    with store.write() as db:
        earlier = store.result_by_op(db, checked.op_id)
        if earlier is not None:
            if (earlier.section, earlier.table_number) != (table.section, table.number):
                raise TravellerError("op_id_conflict", "this op_id was used by another table",
                                     409)
            return ok_body(ns_score=earlier.ns_score, board=earlier.board, duplicate=True)
        try:
            result = checked_result(store, db, table, checked, score, locked, now_ms, actor)
        except TravellerError as exc:
            if exc.code != "already_scored":
                raise
            refused = exc
            stored = next((r for r in store.results(table.section, table.number)
                           if r.board == checked.board), None)
        else:
            refused = None
            store.insert_result(db, result, actor=actor)
    if refused is not None:
        # Scored by a result (a different one is kept for the director) or adjusted.
        raise (refused if stored is None else
               _conflict(store, table, checked, score, stored, now_ms, actor))
    return ok_body(ns_score=score, board=checked.board, duplicate=False)


def _conflict(store: Store, table: TableRow, checked: Submission, score: int,
              stored: ResultRow, now_ms: int, actor: str) -> TravellerError:
    """A second entry for a board already scored: refused, and kept for the director when it
    differs from the stored result (an alert), so nothing a table entered is lost."""
    from .store import conflicts

    declarer = checked.declarer.name if checked.declarer else None
    differs = (checked.contract.code, declarer, checked.tricks) != (
        stored.contract, stored.declarer, stored.tricks)
    if differs:
        conflicts.record(store, {
            "op_id": checked.op_id, "section": table.section, "table_number": table.number,
            "round": stored.round, "board": checked.board, "contract": checked.contract.code,
            "declarer": declarer, "tricks": checked.tricks, "ns_score": score,
            "stored_contract": stored.contract, "stored_declarer": stored.declarer,
            "stored_tricks": stored.tricks, "stored_ns_score": stored.ns_score,
            "actor": actor, "at_ms": now_ms})
    return TravellerError(
        "already_scored",
        f"board {checked.board} is already scored at this table"
        + ("; this different entry was kept for the director, who decides" if differs else
           "; ask the director to correct it"), 409)


def grid(store: Store, connected: Mapping[tuple[str, int], int], now_ms: int,
         offline_since: Mapping[tuple[str, int], int] | None = None) -> dict[str, Any]:
    """The director's live grid: every table's round, progress, clock and terminal, and the
    alerts waiting for the director."""
    offline_since = offline_since or {}
    by_table: dict[tuple[str, int], list[SeatingRow]] = {}
    for seating in store.seatings():
        by_table.setdefault((seating.section, seating.table_number), []).append(seating)
    adjusted = store.adjusted_boards()
    done_at: dict[tuple[str, int], list[ResultRow]] = {}
    results = store.results()
    for result in results:
        done_at.setdefault((result.section, result.table_number), []).append(result)
    clocks = ClockBook.load(store)
    from . import ew, teams

    locked = teams.locks(store, now_ms, results)
    # An entry waiting for East-West (or for North-South's correction) is the table's latest.
    waiting = {(e["section"], e["table"]): e for e in ew.waiting(store)}
    rows = []
    for table in store.tables():
        key = (table.section, table.number)
        mine, done = by_table.get(key, []), done_at.get(key, [])
        scored = ({(r.round, r.board) for r in done} | adjusted.get(key, set())
                  | locked.get(key, set()))
        here = current_round(mine, scored)
        last = done[-1] if done else None
        clock = clocks.of(table.section, table.number, here.round if here else None)
        late = clock.late_minutes(now_ms) if here and clock and clock.round == here.round else 0
        rows.append(
            {
                "section": table.section,
                "table": table.number,
                "round": here.round if here else None,
                "rounds": len(mine),
                "boards_done": sum((here.round, b) in scored for b in here.boards) if here else 0,
                "boards_in_round": len(here.boards) if here else 0,
                "finished": here is None,
                "ns_pair": here.ns_pair if here else None,
                "ew_pair": here.ew_pair if here else None,
                "connected": connected.get(key, 0) > 0,
                "offline_since_ms": None if connected.get(key, 0) else offline_since.get(key),
                "last_entry": waiting.get(key) or (
                    last.wire() | {"entered_ms": last.entered_ms} if last else None),
                "clock": clock_wire(clock, now_ms),
                "own_clock": clocks.own(table.section, table.number, clock),
                "late_minutes": late,
            }
        )
    if teams.is_teams(store):
        # A match's two rooms side by side: Open 1, Closed 1, Open 2...
        rows.sort(key=lambda row: (row["table"], row["section"] != "O"))
    calls = [call_wire(c) for c in store.calls(open_only=True)]
    return {"tables": rows, "results": len(results), "clock": clock_wire(store.clock(), now_ms),
            "calls": calls, "alerts": alerts(store, rows, calls, now_ms)}


OFFLINE_ALERT_MS = 60_000
"""A terminal lost for longer than this during a running round is an alert."""


def alerts(store: Store, rows: list[dict[str, Any]], calls: list[dict[str, Any]],
           now_ms: int) -> list[dict[str, Any]]:
    """One queue, oldest first: director calls, tables late, terminals offline, print jobs that
    failed. An alert leaves the queue when the director acknowledges it (a call: when it is
    answered). Each says what is wrong in English (`text`) and as a message the console
    translates (`text_key`, `values`); a call says what the table typed, a call East-West
    made with its answer is worded from that answer."""
    from . import ew

    acked = store.alert_acks()
    worded = ew.call_messages(store, calls) if calls else {}
    queue = [
        {"key": f"call:{c['id']}", "kind": "call", "section": c["section"],
         "table": c["table_number"], "round": c["round"], "since_ms": c["called_ms"],
         "text": c["reason"], "call_id": c["id"]}
        | (_worded(worded[c["id"]]) if c["id"] in worded else {})
        for c in calls
    ]
    latest = store.clock()
    for row in rows:
        where = {"section": row["section"], "table": row["table"], "round": row["round"]}
        clock = row["clock"]
        if (not row["finished"] and clock["round"] == row["round"]
                and clock["remaining_ms"] is not None and clock["remaining_ms"] < 0):
            left = row["boards_in_round"] - row["boards_done"]
            queue.append(where | {
                "key": f"late:{row['section']}:{row['table']}:{row['round']}", "kind": "late",
                "since_ms": now_ms + clock["remaining_ms"],
                **_worded(message(N_("%(minutes)s min over time, %(boards)s board(s) to play"),
                                  minutes=row["late_minutes"], boards=left))})
        since = row["offline_since_ms"]
        if (since is not None and now_ms - since > OFFLINE_ALERT_MS and not row["finished"]
                and latest is not None and latest.running):
            queue.append(where | {
                "key": f"offline:{row['section']}:{row['table']}:{since}", "kind": "offline",
                "since_ms": since, **_worded(message(N_("terminal offline")))})
    from .store import conflicts

    for c in conflicts.conflicts(store):
        queue.append({
            "key": f"conflict:{c['id']}", "kind": "conflict", "section": c["section"],
            "table": c["table_number"], "round": c["round"], "since_ms": c["at_ms"],
            **_worded(message(
                N_("board %(board)s: a second entry %(contract)s %(declarer)s (%(score)s) "
                   "differs from the stored %(stored_contract)s %(stored_declarer)s "
                   "(%(stored_score)s)"),
                board=c["board"], contract=c["contract"], declarer=c["declarer"] or "",
                score=f"{c['ns_score']:+d}", stored_contract=c["stored_contract"],
                stored_declarer=c["stored_declarer"] or "",
                stored_score=f"{c['stored_ns_score']:+d}")),
            "board": c["board"]})
    for job in printer_failures(store):
        queue.append({"key": f"printer:{job['id']}", "kind": "printer", "section": None,
                      "table": None, "round": None, "since_ms": job["done_ms"] or 0,
                      **_worded(message(N_("printer: %(document)s not printed (%(error)s)"),
                                        document=message(job["document"]),
                                        error=job["error"]))})
    return sorted((a for a in queue if a["key"] not in acked), key=lambda a: a["since_ms"])


def _worded(text: Message) -> dict[str, Any]:
    """An alert's text: in English, and as the message the console translates."""
    return {"text": english(text), "text_key": text["text_key"], "values": text["values"]}


def printer_failures(store: Store) -> list[dict[str, Any]]:
    from .store import printing as spool

    return spool.failed(store)


def acknowledge_alert(store: Store, key: str, now_ms: int, actor: str) -> None:
    if not re.fullmatch(r"(late|offline):[A-Za-z]{1,3}:\d{1,4}:\d{1,15}|(printer|conflict):\d{1,9}",
                        key):
        raise TravellerError("unknown_alert", f"there is no alert {key!r} to acknowledge "
                             "(a call is answered, not acknowledged)", 404)
    with store.write() as db:
        store.ack_alert(db, key, now_ms, actor)


@dataclass(frozen=True)
class ClockBook:
    """Every stored clock, read once: the rounds' clocks and the tables' own clocks."""

    rounds: dict[int, RoundClock]
    tables: dict[tuple[str, int, int], RoundClock]

    @classmethod
    def load(cls, store: Store) -> ClockBook:
        return cls(store.clocks(), store.table_clocks())

    def of(self, section: str, table: int, round: int | None = None) -> RoundClock | None:
        """A table's effective clock for `round` (its own, else the round's); without a
        round, or for a round not started yet, the latest round's clock."""
        if round is None or round not in self.rounds:
            if not self.rounds:
                return None
            round = max(self.rounds)
        return self.tables.get((section, table, round), self.rounds[round])

    def own(self, section: str, table: int, clock: RoundClock | None) -> bool:
        return clock is not None and (section, table, clock.round) in self.tables


def table_clock(store: Store, section: str, table: int,
                round: int | None = None) -> RoundClock | None:
    """The clock a table plays by: its own for the round if the director gave it one."""
    return ClockBook.load(store).of(section, table, round)


def start_clock(store: Store, now_ms: int, actor: str) -> RoundClock:
    """Start the clock of the next round: boards x the preset's minutes per board."""
    preset = store.setting("preset", {})
    per_round = store.setting("movement", {}).get("boards_per_round", 3)
    rounds = store.setting("movement", {}).get("rounds", 1)
    latest = store.clock()
    number = 1 if latest is None else latest.round + 1
    if number > rounds:
        raise TravellerError("no_more_rounds", f"all {rounds} rounds have been started", 409)
    clock = RoundClock(
        round=number,
        duration_ms=round_duration_ms(
            per_round, preset.get("clock_minutes", 8), preset.get("clock_per_boards", 1)
        ),
    ).start(now_ms)
    with store.write() as db:
        store.save_clock(db, clock, actor=actor, why=f"round {number} started")
    return clock


CLOCK_ACTIONS = ("pause", "resume", "extend")


def change_clock(store: Store, action: str, now_ms: int, actor: str, *,
                 table: TableRow | None = None, round: int | None = None,
                 minutes: Any = None, why: str = "") -> RoundClock:
    """Pause, resume or extend a round's clock: for every table, or for one table only.

    One table gets its own clock, copied from the round's, which then runs apart from it
    (a table that started late is paused until it starts, or extended). A change for every
    table changes the round's clock and each table's own clock of that round alike.
    """
    if action not in CLOCK_ACTIONS:
        raise TravellerError("invalid_clock_action", f"a clock can be paused, resumed or "
                             f"extended, not {action!r}", 404)
    delta = 0
    if action == "extend":
        try:
            value = float(minutes)
        except (TypeError, ValueError):
            raise TravellerError("invalid_minutes", f"extend by a number of minutes, not "
                                 f"{minutes!r}") from None
        if not -120 <= value <= 120 or value == 0:
            raise TravellerError("invalid_minutes", "extend by -120 to 120 minutes, not 0")
        delta = round_duration_ms(1, value)

    def change(clock: RoundClock) -> RoundClock:
        if action == "pause":
            return clock.pause(now_ms)
        if action == "resume":
            return clock.start(now_ms)
        return clock.extend(delta)

    with store.write() as db:
        base = store.clock(round)
        if base is None:
            raise TravellerError("no_clock", "start the round's clock first", 409)
        why = why.strip()[:200] or (
            f"{action} round {base.round}" + (f" by {minutes} min" if delta else ""))
        if table is None:
            store.save_clock(db, change(base), actor=actor, why=why)
            for (section, number, _), own in store.table_clocks(base.round).items():
                store.save_table_clock(db, section, number, change(own), actor=actor, why=why)
            return change(base)
        mine = store.table_clocks(base.round).get((table.section, table.number, base.round))
        new = change(mine or base)
        store.save_table_clock(db, table.section, table.number, new, actor=actor, why=why)
        return new
