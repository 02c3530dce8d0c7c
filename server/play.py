"""The rules of the live loop: a table's state, a submitted result, the director's grid.

The socket handlers, the REST views, the robots and the command line all go through these
functions, so a result is checked the same way whichever door it comes in by. Each function
takes `now_ms` from its caller and returns plain dicts ready for the wire.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .bridge import K8_2, Board, BridgeError, Card, Contract, Seat, ns_score
from .clock import RoundClock, round_duration_ms
from .errors import TravellerError, ok_body
from .scoring import Played, matchpoints, pair_standings
from .store import ResultRow, SeatingRow, Store, TableRow

_OP_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def table_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/t/{token}"


def current_round(seatings: list[SeatingRow], scored: set[tuple[int, int]]) -> SeatingRow | None:
    """The round a table is playing: the first with a board not scored yet (None when done)."""
    for seating in sorted(seatings, key=lambda s: s.round):
        if any((seating.round, b) not in scored for b in seating.boards):
            return seating
    return None


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


def board_info(number: int) -> dict[str, Any]:
    board = Board(number)
    return {"dealer": board.dealer.name, "vulnerability": board.vulnerability.name.lower()}


def table_state(store: Store, table: TableRow, now_ms: int) -> dict[str, Any]:
    """Everything a terminal needs to play on, even if the Wi-Fi drops right after."""
    seatings = store.seatings(table.section, table.number)
    results = store.results(table.section, table.number)
    scored = {(r.round, r.board) for r in results}
    here = current_round(seatings, scored)
    return {
        "event": event_wire(store),
        "section": table.section,
        "table": table.number,
        "round": here.round if here else None,
        "rounds": len(seatings),
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
            }
            for s in seatings
        ],
        "results": [r.wire() for r in results],
        "clock": clock_wire(store.clock(), now_ms),
        "calls": [call_wire(c) for c in store.calls(table.section, table.number)],
        "now_ms": now_ms,
    }


def call_wire(call: Mapping[str, Any]) -> dict[str, Any]:
    return {k: call[k] for k in ("id", "op_id", "section", "table_number", "round", "reason",
                                 "called_ms", "answer", "answered_ms")}


def call_director(store: Store, table: TableRow, payload: Any, now_ms: int) -> dict[str, Any]:
    """A table calls the director; a replayed op_id is the same call."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a call must be an object with op_id and reason")
    op_id = payload.get("op_id")
    if not isinstance(op_id, str) or not _OP_ID.match(op_id):
        raise TravellerError("invalid_op_id", f"op_id must be 8-64 letters, digits or dashes, "
                             f"not {op_id!r}")
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
    """A board's results so far, for a table that has played it (never before)."""
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
    return ok_body(board=board, top=top, results=rows)


def event_wire(store: Store) -> dict[str, Any]:
    """What a terminal needs to know of the event's rules to enter results offline."""
    preset = store.setting("preset", {})
    return {
        "name": store.setting("name", ""),
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
    op_id = _field(payload, "op_id")
    if not isinstance(op_id, str) or not _OP_ID.match(op_id):
        raise TravellerError("invalid_op_id", f"op_id must be 8-64 letters, digits or dashes, "
                             f"not {op_id!r}")
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


def submit_result(
    store: Store, table: TableRow, payload: Any, now_ms: int, actor: str
) -> dict[str, Any]:
    """Store one result from a table and return its acknowledgement.

    A replayed op_id is acknowledged again and stored once. The acknowledgement is built only
    after the transaction commits, so an `ok` the terminal sees is on disk.
    """
    rules = event_wire(store)
    checked = parse_submission(payload, rules["lead"], rules["mini_bridge"])
    op_id, board, contract, declarer, tricks = (
        checked.op_id, checked.board, checked.contract, checked.declarer, checked.tricks)
    vulnerability = Board(board).vulnerability if board >= 1 else None
    if vulnerability is None:
        raise TravellerError("invalid_board", f"there is no board {board}")
    score = ns_score(contract, declarer, tricks, vulnerability)
    with store.write() as db:
        earlier = store.result_by_op(db, op_id)
        if earlier is not None:
            if (earlier.section, earlier.table_number) != (table.section, table.number):
                raise TravellerError("op_id_conflict", "this op_id was used by another table",
                                     409)
            return ok_body(ns_score=earlier.ns_score, board=earlier.board, duplicate=True)
        here = current_round(
            store.seatings(table.section, table.number),
            store.scored_boards(db, table.section, table.number),
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
        result = ResultRow(
            op_id=op_id, section=table.section, table_number=table.number, round=here.round,
            board=board, ns_pair=here.ns_pair, ew_pair=here.ew_pair, contract=contract.code,
            declarer=declarer.name if declarer else None, tricks=tricks, ns_score=score,
            entered_ms=now_ms, source=actor, lead=checked.lead.code if checked.lead else None,
        )
        if (here.round, board) in store.scored_boards(db, table.section, table.number):
            raise TravellerError("already_scored", f"board {board} is already scored at this "
                                 "table; ask the director to correct it", 409)
        store.insert_result(db, result, actor=actor)
    return ok_body(ns_score=score, board=board, duplicate=False)


def grid(store: Store, connected: Mapping[tuple[str, int], int], now_ms: int) -> dict[str, Any]:
    """The director's live grid: every table's round, progress and terminal connection."""
    by_table: dict[tuple[str, int], list[SeatingRow]] = {}
    for seating in store.seatings():
        by_table.setdefault((seating.section, seating.table_number), []).append(seating)
    done_at: dict[tuple[str, int], list[ResultRow]] = {}
    results = store.results()
    for result in results:
        done_at.setdefault((result.section, result.table_number), []).append(result)
    rows = []
    for table in store.tables():
        key = (table.section, table.number)
        mine, done = by_table.get(key, []), done_at.get(key, [])
        scored = {(r.round, r.board) for r in done}
        here = current_round(mine, scored)
        last = done[-1] if done else None
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
                "last_entry": last.wire() | {"entered_ms": last.entered_ms} if last else None,
            }
        )
    return {"tables": rows, "results": len(results), "clock": clock_wire(store.clock(), now_ms),
            "calls": [call_wire(c) for c in store.calls(open_only=True)]}


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


def standings(store: Store) -> dict[str, list[dict[str, Any]]]:
    """Matchpoint percentages so far, one ranking per direction (a Mitchell has two fields)."""
    played = [Played(r.board, r.ns_pair, r.ew_pair, r.ns_score) for r in store.results()]
    out: dict[str, list[dict[str, Any]]] = {"NS": [], "EW": []}
    for s in pair_standings(played):
        out[s.direction].append(
            {"pair": s.pair, "rank": s.rank, "boards": s.boards, "matchpoints": s.matchpoints,
             "top": s.top, "percentage": s.percentage}
        )
    return out
