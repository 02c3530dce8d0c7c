"""What the director's teams forms change, one function per form: each does the work through the
teams use cases and returns the `Outcome`: the body the form answers with, and the tables whose
terminals hear of it (a match's two rooms, or every table when a ruling may change what any of
them shows: a walk-over, a disqualification, a new Swiss round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..event.outcome import Outcome
from ..store import Store, TableRow
from . import matches, rulings, setup, standings


def _tables(store: Store, *numbers: int) -> tuple[TableRow, ...]:
    """The tables of the match tables named (both rooms), or every table when none is."""
    return tuple(t for t in store.tables() if not numbers or t.number in numbers)


def change_team(store: Store, number: Any, form: Mapping[str, Any], actor: str) -> Outcome:
    return Outcome(setup.change_team(store, number, form, actor), _tables(store))


def unlock_board(store: Store, round_number: Any, table: Any, board: Any, why: Any,
                 now_ms: int, actor: str) -> Outcome:
    """K12.1: a board the time had locked may be played, in both rooms of its match."""
    body = matches.unlock_board(store, round_number, table, board, why, now_ms, actor)
    return Outcome(body, _tables(store, body["table"]))


def pair_next_round(store: Store, now_ms: int, actor: str) -> Outcome:
    """K16: the next Swiss round, paired once every match of the last one is over."""
    return Outcome(standings.pair_next_round(store, now_ms, actor), _tables(store))


def walkover(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    return Outcome(rulings.walkover(store, payload, now_ms, actor), _tables(store))


def disqualify_team(store: Store, payload: Mapping[str, Any], now_ms: int,
                    actor: str) -> Outcome:
    return Outcome(rulings.disqualify_team(store, payload, now_ms, actor), _tables(store))


def vp_penalty(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    return Outcome(rulings.vp_penalty(store, payload, now_ms, actor), _tables(store))


def imp_penalty(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    return Outcome(rulings.imp_penalty(store, payload, now_ms, actor), _tables(store))


def fine(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    """D3.7: a fine changes no score, so no table hears of it."""
    return Outcome(rulings.fine(store, payload, now_ms, actor), (), standings=False)


def decide_late(store: Store, payload: Mapping[str, Any], now_ms: int, actor: str) -> Outcome:
    return Outcome(rulings.decide_late(store, payload, now_ms, actor), _tables(store))


def remove_ruling(store: Store, ruling_id: int, why: Any, now_ms: int, actor: str) -> Outcome:
    """A team ruling taken back with a reason."""
    return Outcome(rulings.remove(store, ruling_id, why, now_ms, actor), _tables(store))
