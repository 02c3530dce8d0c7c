"""What the director's console forms change, one function per form: each does the work through
the director's use cases and returns the `Outcome`: the body the form answers with, and the
terminals and console that hear of it.

A clock change reaches every terminal and the console at once; a ruling on a board reaches the
table it was played at (and, in a teams event, the other room's table of the match); a change
of the settings reaches every table, since each shows the event's rules in its state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ok_body
from ..event.clocks import clock_wire
from ..event.outcome import Outcome
from ..store import Store, TableRow
from ..store.rulings import EntryKey
from ..table import calls
from ..teams.matches import with_partners
from . import clocks, conflicts, grid, rulings, setup


def start_clock(store: Store, now_ms: int, actor: str) -> Outcome:
    """Start the next round's clock."""
    clock = clocks.start_clock(store, now_ms, actor)
    return Outcome(ok_body(clock=clock_wire(clock, now_ms)), clocks=True)


def start_preview(store: Store, now_ms: int) -> dict[str, Any]:
    """What starting the next round's clock would do, for the director to confirm."""
    return clocks.start_preview(store, now_ms)


def change_clock(store: Store, action: str, now_ms: int, actor: str, *,
                 table: TableRow | None = None, round: int | None = None,
                 minutes: Any = None, why: str = "") -> Outcome:
    """Pause, resume or extend a round's clock, for every table or one; terminals show their
    clock inside their state as well, so every table gets a fresh one."""
    clock = clocks.change_clock(store, action, now_ms, actor, table=table, round=round,
                                minutes=minutes, why=why)
    return Outcome(ok_body(clock=clock_wire(clock, now_ms)), tuple(store.tables()),
                   clocks=True)


def acknowledge_alert(store: Store, key: str, now_ms: int, actor: str) -> Outcome:
    grid.acknowledge_alert(store, key, now_ms, actor)
    return Outcome(ok_body())


def keep_conflict(store: Store, conflict_id: int, which: str, now_ms: int,
                  actor: str) -> Outcome:
    """Settle a conflicting entry: keep the stored result or the second entry."""
    key = conflicts.keep(store, conflict_id, which, now_ms, actor)
    return Outcome(ok_body(kept=which), with_partners(store, rulings.table_of(store, key)))


def answer_call(store: Store, call_id: int, answer: str, now_ms: int,
                actor: str) -> Outcome:
    """The director's answer to a call, for the terminal of the table that called."""
    call = calls.answer_call(store, call_id, answer, now_ms, actor)
    table = next(t for t in store.tables()
                 if (t.section, t.number) == (call["section"], call["table_number"]))
    return Outcome(ok_body(call=call), (table,), answers=((table, call),))


def _ruled(store: Store, key: EntryKey, body: dict[str, Any]) -> Outcome:
    return Outcome(body, with_partners(store, rulings.table_of(store, key)))


def correct_result(store: Store, key: EntryKey, payload: Any, now_ms: int,
                   actor: str) -> Outcome:
    return _ruled(store, key, rulings.correct_result(store, key, payload, now_ms, actor))


def delete_result(store: Store, key: EntryKey, why: Any, now_ms: int, actor: str) -> Outcome:
    return _ruled(store, key, rulings.delete_result(store, key, why, now_ms, actor))


def undo(store: Store, key: EntryKey, why: Any, now_ms: int, actor: str) -> Outcome:
    return _ruled(store, key, rulings.undo(store, key, why, now_ms, actor))


def adjust(store: Store, key: EntryKey, payload: Any, now_ms: int, actor: str) -> Outcome:
    return _ruled(store, key, rulings.adjust(store, key, payload, now_ms, actor))


def remove_adjustment(store: Store, key: EntryKey, why: Any, now_ms: int,
                      actor: str) -> Outcome:
    return _ruled(store, key, rulings.remove_adjustment(store, key, why, now_ms, actor))


def cannot_continue(store: Store, section: str, pair: Any, payload: Any, now_ms: int,
                    actor: str) -> Outcome:
    """K13.3: every board a pair has not played gets its adjusted score; the tables it was to
    play at move on past them."""
    body = rulings.cannot_continue(store, section, pair, payload, now_ms, actor)
    tables = tuple(t for t in store.tables()
                   if t.section == section and t.number in body["tables"])
    return Outcome(body, tables)


def add_penalty(store: Store, section: str, pair: Any, payload: Any, now_ms: int,
                actor: str) -> Outcome:
    """A procedural penalty: the standings change, no table's state does."""
    return Outcome(rulings.add_penalty(store, section, pair, payload, now_ms, actor))


def remove_penalty(store: Store, penalty_id: int, why: Any, now_ms: int,
                   actor: str) -> Outcome:
    return Outcome(rulings.remove_penalty(store, penalty_id, why, now_ms, actor))


def set_publication(store: Store, published: bool, actor: str, why: str = "") -> Outcome:
    """Open or close the public results; projectors already open get the ranking at once
    (and no more after)."""
    return Outcome(rulings.set_publication(store, published, actor, why))


def change_settings(store: Store, form: Mapping[str, Any], actor: str,
                    why: str = "") -> Outcome:
    """The event's settings (KD3); terminals show the event's rules and their seating in their
    state, so every table gets its own when anything changed."""
    changes = setup.change_settings(store, form, actor, why)
    return Outcome(ok_body(**changes.wire(), settings=setup.current(store)),
                   tuple(store.tables()), changed=bool(changes.changed))
