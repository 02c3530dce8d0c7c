"""The director's rulings: score corrections and undo, adjusted scores, procedural penalties.

Every ruling is checked here, then written in one transaction together with its audit row
(who, when, old, new, why); none goes through without a reason. A corrected result keeps every
earlier version in `result_changes`, so undo restores the one before; adjusted scores and
penalties are never deleted, only marked removed. What the scoring reads is the current result
of each entry, or its active adjusted score, which takes precedence (see
`server.publish.results`). Each function takes the store and `now_ms` from its caller.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..bridge import Board, ns_score
from ..errors import TravellerError, is_number_text, ok_body, shown
from ..scoring.adjusted import (
    AVERAGE_MINUS,
    OPPONENTS_CANNOT_CONTINUE,
    AdjustedScoreError,
    Artificial,
    Weighted,
)
from ..scoring.penalties import GABSI_PROCEDURAL
from ..store import ResultRow, SeatingRow, Store, TableRow
from ..store import competition as competition_sql
from ..store import rulings as sql
from ..store.rulings import EntryKey
from ..table.entry import parse_submission
from ..table.terminals import event_wire
from ..texts import N_

PUBLISHED = "results_published"
"""The setting that opens the public results pages to the venue network."""

ARTIFICIAL_CHOICES: dict[str, tuple[float, float]] = {
    "60/40": (60.0, 40.0),
    "40/60": (40.0, 60.0),
    "50/50": (50.0, 50.0),
    "60/60": (60.0, 60.0),
    "40/40": (40.0, 40.0),
    "60/50": (60.0, 50.0),
    "50/60": (50.0, 60.0),
    "50/40": (50.0, 40.0),
    "40/50": (40.0, 50.0),
}
"""Law 12C2's usual artificial scores, North-South's percentage first (split ones included)."""


def _why(why: Any) -> str:
    text = why.strip() if isinstance(why, str) else ""
    if not text:
        raise TravellerError("missing_reason", "write the reason for this ruling")
    return text[:500]


def seating_of(store: Store, key: EntryKey) -> SeatingRow:
    """The seating an entry belongs to; raises when the board is not played there."""
    for seating in store.seatings(key.section, key.table_number):
        if seating.round == key.round and key.board in seating.boards:
            return seating
    raise TravellerError("unknown_entry", f"board {key.board} is not played at table "
                         f"{key.section}{key.table_number} in round {key.round}", 404)


def table_of(store: Store, key: EntryKey) -> TableRow:
    return next(t for t in store.tables()
                if (t.section, t.number) == (key.section, key.table_number))


def correct_result(store: Store, key: EntryKey, payload: Any, now_ms: int,
                   actor: str) -> dict[str, Any]:
    """Change (or enter) the result of an entry: contract, declarer, tricks, lead."""
    seating = seating_of(store, key)
    if not isinstance(payload, dict):
        raise TravellerError("bad_payload", "a correction needs contract, declarer and tricks")
    why = _why(payload.get("why"))
    rules = event_wire(store)
    tricks = payload.get("tricks")
    if isinstance(tricks, str) and is_number_text(tricks.strip()):
        tricks = int(tricks)
    checked = parse_submission(
        {**payload, "op_id": "director-correction", "board": key.board, "tricks": tricks},
        "off" if rules["lead"] == "off" else "optional", rules["mini_bridge"])
    score = ns_score(checked.contract, checked.declarer, checked.tricks,
                     Board(key.board).vulnerability)
    fields: dict[str, Any] = {
        "contract": checked.contract.code,
        "declarer": checked.declarer.name if checked.declarer else None,
        "tricks": checked.tricks, "ns_score": score,
        "lead": checked.lead.code if checked.lead else None,
    }
    with store.write() as db:
        old = sql.result_at(db, key)
        if old is not None:
            new = replace(old, **fields)
            if new == old:
                raise TravellerError("no_change", "the correction changes nothing", 409)
        else:
            new = ResultRow(
                op_id=f"director-{uuid.uuid4().hex}", section=key.section,
                table_number=key.table_number, round=key.round, board=key.board,
                ns_pair=seating.ns_pair, ew_pair=seating.ew_pair, entered_ms=now_ms,
                source=actor, **fields)
        action = "corrected" if old is not None else "entered"
        change = sql.replace_result(store, db, key, old, new, action, actor, now_ms, why)
    return ok_body(change=change, result=new.wire())


def delete_result(store: Store, key: EntryKey, why: Any, now_ms: int,
                  actor: str) -> dict[str, Any]:
    """Remove an entry's result (it stays as a version); the table may enter it again."""
    seating_of(store, key)
    reason = _why(why)
    with store.write() as db:
        old = sql.result_at(db, key)
        if old is None:
            raise TravellerError("no_result", f"board {key.board} has no result at table "
                                 f"{key.section}{key.table_number}", 404)
        change = sql.replace_result(store, db, key, old, None, "deleted", actor, now_ms, reason)
    return ok_body(change=change, result=None)


def undo(store: Store, key: EntryKey, why: Any, now_ms: int, actor: str) -> dict[str, Any]:
    """Restore the version before the latest correction or deletion of the entry."""
    seating_of(store, key)
    reason = _why(why)
    with store.write() as db:
        change = sql.last_undoable(db, key)
        if change is None:
            raise TravellerError("nothing_to_undo", "this entry has no correction to undo", 409)
        current = sql.result_at(db, key)
        expected = sql._load(change["new"])
        if current != expected:
            raise TravellerError("entry_changed", "the table entered this board again after "
                                 "it was deleted; correct it instead", 409)
        restored = sql._load(change["old"])
        undo_id = sql.replace_result(store, db, key, current, restored, "undone", actor,
                                     now_ms, reason)
        sql.mark_undone(db, int(change["id"]), undo_id)
    return ok_body(change=undo_id, undid=int(change["id"]),
                   result=restored.wire() if restored else None)


def _percent(value: Any, side: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise TravellerError("invalid_percent", f"{side}'s percentage must be a number, not "
                             f"{shown(value)}") from None
    if not math.isfinite(number) or not 0 <= number <= 100:
        raise TravellerError("invalid_percent", f"{side}'s percentage must be 0 to 100, "
                             f"not {shown(value)}")
    return number


def _weighted(parts: Any) -> list[list[Any]]:
    """`[[weight, ns_score], ...]` or text such as "40% 420, 60% -50"."""
    if isinstance(parts, str):
        parsed: list[list[Any]] = []
        for chunk in parts.replace(";", ",").split(","):
            bits = chunk.replace("%", " ").split()
            if len(bits) != 2:
                raise TravellerError("invalid_weighted", f"write each part as '40% 420', not "
                                     f"{shown(chunk.strip())}")
            parsed.append([bits[0], bits[1]])
        parts = parsed
    if not isinstance(parts, list) or not parts:
        raise TravellerError("invalid_weighted", "a weighted score needs its parts")
    try:
        score = Weighted.of(*((str(w), int(s)) for w, s in parts))
    except (AdjustedScoreError, ValueError, TypeError) as exc:
        raise TravellerError("invalid_weighted", f"invalid weighted score: {exc}") from None
    for _, value in score.parts:
        if value % 10:
            raise TravellerError("invalid_weighted", f"{value} is not a bridge score")
    return [[str(weight), value] for weight, value in score.parts]


def adjust(store: Store, key: EntryKey, payload: Any, now_ms: int,
           actor: str) -> dict[str, Any]:
    """Give an entry an adjusted score; it replaces the result (and any earlier adjustment).

    `kind` "artificial" (Law 12C2: `ns_percent`, `ew_percent`, or `choice` such as "60/40"),
    "k13_3" (K13.3: `staying` "NS" or "EW" gets 60%, the pair that cannot continue 40%) or
    "weighted" (Law 12C1(c): `parts`, the same score for both sides).
    """
    seating = seating_of(store, key)
    if not isinstance(payload, dict):
        raise TravellerError("bad_payload", "an adjusted score needs its kind")
    why = _why(payload.get("why"))
    kind = payload.get("kind")
    ns: dict[str, Any]
    ew: dict[str, Any]
    if kind == "artificial":
        choice = payload.get("choice")
        if choice and choice != "custom":
            if choice not in ARTIFICIAL_CHOICES:
                raise TravellerError("invalid_choice", f"unknown adjusted score {shown(choice)}")
            ns_percent, ew_percent = ARTIFICIAL_CHOICES[choice]
        else:
            ns_percent = _percent(payload.get("ns_percent"), "North-South")
            ew_percent = _percent(payload.get("ew_percent"), "East-West")
        ns, ew, rule = {"percent": ns_percent}, {"percent": ew_percent}, N_("Law 12C2")
    elif kind == "k13_3":
        staying = payload.get("staying")
        if staying not in ("NS", "EW"):
            raise TravellerError("invalid_side", "say which side stays: NS or EW")
        stay, leave = {"percent": OPPONENTS_CANNOT_CONTINUE}, {"percent": AVERAGE_MINUS}
        ns, ew = (stay, leave) if staying == "NS" else (leave, stay)
        rule = "K13.3"
    elif kind == "weighted":
        parts = _weighted(payload.get("parts"))
        ns, ew, rule = {"weighted": parts}, {"weighted": parts}, N_("Law 12C1(c)")
    else:
        raise TravellerError("invalid_kind", "the kind is artificial, k13_3 or weighted, not "
                             f"{shown(kind)}")
    adjustment = {"kind": kind, "ns": ns, "ew": ew, "rule": rule,
                  "ns_pair": seating.ns_pair, "ew_pair": seating.ew_pair}
    with store.write() as db:
        adjustment_id = sql.insert_adjustment(store, db, key, adjustment, actor, now_ms, why)
    return ok_body(adjustment=adjustment_id, rule=rule, ns=ns, ew=ew)


def cannot_continue(store: Store, section: str, pair: Any, payload: Any, now_ms: int,
                    actor: str) -> dict[str, Any]:
    """K13.3: a pair that cannot continue the session: its opponents get 60% (and it 40%) on
    every board it has not played, up to `last_round` when given (the end of its session),
    each an adjusted score of its own, audited."""
    if isinstance(pair, str) and is_number_text(pair.strip()):
        pair = int(pair)
    if isinstance(pair, bool) or not isinstance(pair, int):
        raise TravellerError("invalid_pair", f"pair must be a whole number, not {shown(pair)}")
    payload = payload if isinstance(payload, dict) else {}
    why = _why(payload.get("why"))
    last = payload.get("last_round")
    scored = {(r.section, r.table_number, r.round, r.board) for r in store.results()}
    adjusted = {(a["section"], a["table_number"], a["round"], a["board"])
                for a in sql.adjustments(store)}
    mine = [s for s in store.seatings(section) if pair in (s.ns_pair, s.ew_pair)]
    if last is None:
        last = _session_end(store, section, mine, scored | adjusted)
    keys = []
    for seating in mine:
        if isinstance(last, int) and not isinstance(last, bool) and seating.round > last:
            continue
        for board in seating.boards:
            where = (section, seating.table_number, seating.round, board)
            if where not in scored and where not in adjusted:
                keys.append((EntryKey(*where), "EW" if seating.ns_pair == pair else "NS",
                             seating))
    if not keys:
        raise TravellerError("nothing_left", f"pair {section}{pair} has no board left to "
                             "play", 409)
    with store.write() as db:
        for key, staying, seating in keys:
            stay, leave = {"percent": OPPONENTS_CANNOT_CONTINUE}, {"percent": AVERAGE_MINUS}
            ns, ew = (stay, leave) if staying == "NS" else (leave, stay)
            sql.insert_adjustment(store, db, key, {
                "kind": "k13_3", "ns": ns, "ew": ew, "rule": "K13.3",
                "ns_pair": seating.ns_pair, "ew_pair": seating.ew_pair}, actor, now_ms,
                why or f"K13.3: pair {pair} cannot continue")
    return ok_body(pair=pair, boards=len(keys),
                   tables=sorted({k.table_number for k, _, _ in keys}))


def _session_end(store: Store, section: str, seatings: list[SeatingRow],
                 done: set[tuple[str, int, int, int]]) -> int | None:
    """In a competition event, the last round of the session the pair is playing: K13.3 is
    for the session it cannot continue, not for those that come after."""
    now = next((s.round for s in sorted(seatings, key=lambda s: s.round)
                if any((section, s.table_number, s.round, b) not in done for b in s.boards)),
               None)
    for fixture in competition_sql.fixtures(store).values():
        if (fixture["kind"] == "session" and fixture["detail"]["section"] == section
                and now is not None and fixture["first_round"] <= now <= fixture["last_round"]):
            return int(fixture["last_round"])
    return None


def remove_adjustment(store: Store, key: EntryKey, why: Any, now_ms: int,
                      actor: str) -> dict[str, Any]:
    """Take an entry's adjusted score away: its result (if any) counts again."""
    seating_of(store, key)
    reason = _why(why)
    with store.write() as db:
        old = sql.remove_adjustment(store, db, key, actor, now_ms, reason)
    if old is None:
        raise TravellerError("no_adjustment", "this entry has no adjusted score", 404)
    return ok_body(removed=old["id"])


def pair_field(store: Store, section: str, pair: int) -> str:
    """"NS" or "EW": where a pair of a Mitchell sits; raises for a pair not in the event."""
    for seating in store.seatings(section):
        if seating.ns_pair == pair:
            return "NS"
        if seating.ew_pair == pair:
            return "EW"
    raise TravellerError("unknown_pair", f"there is no pair {section}{pair}", 404)


def add_penalty(store: Store, section: str, pair: Any, payload: Any, now_ms: int,
                actor: str) -> dict[str, Any]:
    """K18.1: a procedural penalty, 10% of a top for a pair (another share if the director
    says so, e.g. for a repeated offence)."""
    if isinstance(pair, str) and is_number_text(pair.strip()):
        pair = int(pair)
    if isinstance(pair, bool) or not isinstance(pair, int):
        raise TravellerError("invalid_pair", f"the pair is a number, not {shown(pair)}")
    pair_field(store, section, pair)
    payload = payload if isinstance(payload, dict) else {}
    why = _why(payload.get("why"))
    default = float(GABSI_PROCEDURAL.pairs_share_of_top * 100)
    share = _percent(payload.get("percent_of_top") or default, "the penalty")
    if share <= 0:
        raise TravellerError("invalid_percent", "a penalty takes more than 0% of a top")
    with store.write() as db:
        penalty_id = sql.insert_penalty(store, db, section, pair, share,
                                        GABSI_PROCEDURAL.rule, actor, now_ms, why)
    return ok_body(penalty=penalty_id, pair=pair, percent_of_top=share)


def remove_penalty(store: Store, penalty_id: int, why: Any, now_ms: int,
                   actor: str) -> dict[str, Any]:
    reason = _why(why)
    with store.write() as db:
        old = sql.remove_penalty(store, db, penalty_id, actor, now_ms, reason)
    if old is None:
        raise TravellerError("no_penalty", f"there is no penalty {penalty_id} in force", 404)
    return ok_body(removed=penalty_id)


def set_publication(store: Store, published: bool, actor: str, why: str = "") -> dict[str, Any]:
    """Open or close the public results pages to the venue network (audited)."""
    with store.write() as db:
        store.put_setting(db, PUBLISHED, bool(published), actor=actor,
                          why=why or (N_("results published") if published else
                                      N_("results withdrawn")))
    return ok_body(published=bool(published))


def is_published(store: Store) -> bool:
    return bool(store.setting(PUBLISHED, False))


def adjusted_score(spec: dict[str, Any]) -> Artificial | Weighted:
    """The scoring's value of one side of a stored adjustment."""
    if "percent" in spec:
        return Artificial(float(spec["percent"]))
    return Weighted(tuple((Fraction(w), int(s)) for w, s in spec["weighted"]))
