"""A result entered at a table: its form checked, its board checked against the table's round
and locks, and stored once, however often the terminal replays it.

Where East-West confirms on its own terminal (`[entry] ew_terminal`), North-South's entry is
checked exactly as a result is and stored as a pending entry instead, until East-West answers
it (`server.table.eastwest`). A second, different entry for a board already scored is refused
and kept for the director, so nothing a table entered is lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bridge import K8_2, Board, BridgeError, Card, Contract, Seat, ns_score
from ..errors import TravellerError, ok_body, op_id_of, shown
from ..store import ResultRow, Store, TableRow, conflicts
from ..store import ew as ew_sql
from ..store import players as players_sql
from ..store import rulings as rulings_sql
from ..teams.lineups import lineup_missing, lineups_required, part_of_board
from ..teams.matches import locks, not_played
from .schedule import current_round
from .terminals import event_wire


def _field(payload: Mapping[str, Any], name: str) -> Any:
    if name not in payload:
        raise TravellerError("missing_field", f"the result has no {shown(name)}")
    return payload[name]


def _int(value: Any, code: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TravellerError(code, f"{what} must be a whole number, not {shown(value)}")
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
        raise TravellerError("invalid_lead", f"invalid card: {shown(text)}")
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
        raise TravellerError("invalid_contract", f"invalid contract: {shown(text)}")
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
                             f"declarer must be one of N, E, S, W, not {shown(declarer_text)}")
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


def locked_boards(store: Store, table: TableRow, now_ms: int) -> set[tuple[int, int]]:
    """(round, board) a teams table may no longer play (K12.1); empty for pairs."""
    if event_wire(store)["kind"] != "teams":
        return set()
    return locks(store, now_ms, table=table.number).get((table.section, table.number), set())


def checked_result(store: Store, db: Any, table: TableRow, checked: Submission, score: int,
                   locked: set[tuple[int, int]], now_ms: int, actor: str,
                   lineup: bool = False) -> ResultRow:
    """The result a checked submission makes at this table now, inside the caller's write
    transaction: its board must be in the table's current round, not scored, not locked, and
    (`lineup`: D2.1 requires it) entered after the table's line-up of the round."""
    board = checked.board
    if any(b == board for _, b in locked):
        if any(b == board for _, b in not_played(store).get(
                (table.section, table.number), set())):
            raise TravellerError("board_locked", f"board {board} is not played: the director "
                                 "ruled the match a walk-over (K13) or disqualified a team "
                                 "(K14.1)", 409)
        raise TravellerError("board_locked", f"board {board} may not be played: the "
                             "session's time ran out before it was started (K12.1); "
                             "only the director can unlock it", 409)
    scored = store.scored_boards(db, table.section, table.number)
    here = current_round(store.seatings(table.section, table.number), scored | locked)
    if here is None:
        raise TravellerError("table_finished", "this table has played all its rounds", 409)
    if board not in here.boards:
        if any(b == board for _, b in scored):
            raise TravellerError("already_scored", f"board {board} is already scored at "
                                 "this table; ask the director to correct it", 409)
        raise TravellerError(
            "board_not_in_round",
            f"board {board} is not played at table {table.number} in round {here.round} "
            f"(boards {', '.join(map(str, here.boards))})",
            409,
        )
    if (here.round, board) in scored:
        raise TravellerError("already_scored", f"board {board} is already scored at this "
                             "table; ask the director to correct it", 409)
    if lineup:
        # D3.6: each part of a longer match is a match of its own: its line-up first.
        part = part_of_board(store, here, board)
        if not players_sql.has_lineup(db, table.section, table.number, here.round, part):
            raise lineup_missing(store, table, here, part)
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

    A replayed op_id is acknowledged again and stored once. The acknowledgement is returned
    only after the transaction commits, so an `ok` the terminal sees is on disk; the commit is
    shared with the other tables' submissions queued meanwhile (`Store.grouped`), each checked
    in its own savepoint exactly as it would be alone. Where East-West confirms on its own
    terminal, the result waits for it instead (`submit_entry`).
    """
    rules = event_wire(store)
    checked = parse_submission(payload, rules["lead"], rules["mini_bridge"])
    score = submission_score(checked)
    if rules["ew_terminal"]:
        return submit_entry(store, table, checked, score, now_ms, actor)
    locked = locked_boards(store, table, now_ms)
    lineup = lineups_required(store)

    def write(db: Any) -> dict[str, Any] | tuple[TravellerError, ResultRow | None]:
        earlier = store.result_by_op(db, table, checked.op_id)
        if earlier is None:
            # Stored once and deleted or replaced by the director since: not brought back.
            earlier = rulings_sql.removed_by_op(db, table, checked.op_id)
        if earlier is not None:
            refuse_reuse(store, db, earlier, checked)
            return ok_body(ns_score=earlier.ns_score, board=earlier.board, duplicate=True)
        try:
            result = checked_result(store, db, table, checked, score, locked, now_ms, actor,
                                    lineup)
        except TravellerError as exc:
            if exc.code != "already_scored":
                raise
            return exc, next((r for r in store.results(table.section, table.number)
                              if r.board == checked.board), None)
        store.insert_result(db, result, actor=actor)
        return ok_body(ns_score=score, board=checked.board, duplicate=False)

    done = store.grouped(write)
    if isinstance(done, dict):
        return done
    # Scored by a result (a different one is kept for the director) or adjusted.
    refused, stored = done
    raise (refused if stored is None else
           _conflict(store, table, checked, score, stored, now_ms, actor))


def _conflict(store: Store, table: TableRow, checked: Submission, score: int,
              stored: ResultRow, now_ms: int, actor: str) -> TravellerError:
    """A second entry for a board already scored: refused, and kept for the director when it
    differs from the stored result (an alert), so nothing a table entered is lost."""
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


def entry_of(checked: Submission) -> tuple[int, str, str | None, int, str | None]:
    """What a submission enters: board, contract, declarer, tricks and lead, as stored."""
    return (checked.board, checked.contract.code,
            checked.declarer.name if checked.declarer else None, checked.tricks,
            checked.lead.code if checked.lead else None)


def refuse_reuse(store: Store, db: Any, earlier: ResultRow, checked: Submission) -> None:
    """A replayed op_id must carry what it entered first: another board or result under the
    same op_id is refused (`op_id_reused`), never acknowledged as a duplicate. A result the
    director has corrected since is compared with nothing: the replay is the entry it was."""
    stored = (earlier.board, earlier.contract, earlier.declarer, earlier.tricks, earlier.lead)
    if stored == entry_of(checked):
        return
    if earlier.board == checked.board and store.result_was_changed(db, earlier):
        return
    raise TravellerError(
        "op_id_reused", f"op_id {checked.op_id} entered board {earlier.board} "
        f"{earlier.contract} already; a different entry needs a new op_id", 409)


def submit_entry(store: Store, table: TableRow, checked: Submission, score: int, now_ms: int,
                 actor: str) -> dict[str, Any]:
    """North-South's entry: checked as a result is, then stored to wait for East-West.

    The ack is `submit_result`'s with `pending`: true while East-West has not confirmed (a
    replay after the confirmation says `pending`: false)."""
    locked = locked_boards(store, table, now_ms)
    lineup = lineups_required(store)

    def write(db: Any) -> dict[str, Any]:
        done = store.result_by_op(db, table, checked.op_id)
        if done is not None:
            refuse_reuse(store, db, done, checked)
            return ok_body(ns_score=done.ns_score, board=done.board, duplicate=True,
                           pending=False)
        earlier = ew_sql.entry_by_op(db, table, checked.op_id)
        if earlier is not None:
            refuse_reuse(store, db, earlier, checked)
            return ok_body(ns_score=earlier.ns_score, board=earlier.board, duplicate=True,
                           pending=True)
        result = checked_result(store, db, table, checked, score, locked, now_ms, actor,
                                lineup)
        ew_sql.insert_entry(store, db, result, actor)
        return ok_body(ns_score=score, board=checked.board, duplicate=False, pending=True)

    return store.grouped(write)
