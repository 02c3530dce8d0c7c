"""The East-West terminal's side of the `/table` namespace.

An East-West terminal connects with its table's East-West secret and joins the table's room,
so it hears everything the table hears (clocks, the director's answers), and a room of its
own, `table:S:N:ew`: the table's `state` goes to each side with its `side` ("ns" or "ew").
It may confirm or dispute North-South's entries (`confirm_result`, `reject_result`), call the
director and read the state and travellers; it may not enter results or players for
North-South, and North-South may not answer its own entries.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, request
from flask_socketio import SocketIO, join_room

from ..context import get_presence, get_store
from ..errors import TravellerError, error_body
from ..store import TableRow
from ..table import eastwest, terminals

log = logging.getLogger(__name__)


def ew_room(table: TableRow) -> str:
    return f"table:{table.section}:{table.number}:ew"


class Sides:
    """Which connections are East-West terminals (in memory, like Presence)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ew: dict[str, TableRow] = {}

    def join(self, sid: str, table: TableRow) -> None:
        with self._lock:
            self._ew[sid] = table

    def leave(self, sid: str) -> None:
        with self._lock:
            self._ew.pop(sid, None)

    def is_ew(self, sid: str) -> bool:
        with self._lock:
            return sid in self._ew

    def at(self, table: TableRow) -> list[str]:
        """The East-West connections of a table."""
        with self._lock:
            return [sid for sid, t in self._ew.items()
                    if (t.section, t.number) == (table.section, table.number)]


def get_sides() -> Sides:
    sides: Sides = current_app.extensions["traveller.ew_sides"]
    return sides


def find_table(token: str) -> tuple[TableRow | None, str]:
    """The table a terminal's secret opens, and which side: "ns" or "ew"."""
    store = get_store()
    table = store.table_by_token(token)
    if table is not None:
        return table, "ns"
    return terminals.table_by_token(store, token), "ew"


def joined(sid: str, table: TableRow, side: str) -> None:
    if side == "ew":
        join_room(ew_room(table))
        get_sides().join(sid, table)


def side_of(sid: str) -> str:
    return "ew" if get_sides().is_ew(sid) else "ns"


def ns_only(sid: str) -> dict[str, Any] | None:
    """The refusal for an East-West connection asking what only North-South does."""
    if get_sides().is_ew(sid):
        return error_body("not_for_east_west", "the East-West terminal confirms or disputes "
                          "North-South's entries; North-South enters results and players", 403)
    return None


def register(app: Flask, socketio: SocketIO, changed: Callable[[TableRow], None]) -> None:
    app.extensions["traveller.ew_sides"] = Sides()

    def answer(action: Callable[..., dict[str, Any]], payload: Any) -> dict[str, Any]:
        table = get_presence().table_of(request.sid)  # type: ignore[attr-defined]
        if table is None:
            return error_body("not_joined", "this connection has no table", 403)
        store = get_store()
        if not terminals.enabled(store):
            return error_body("no_ew_terminal", "East-West confirms on North-South's terminal "
                              "in this event", 409)
        if not get_sides().is_ew(request.sid):  # type: ignore[attr-defined]
            return error_body("not_for_north_south", "East-West confirms North-South's entry "
                              "on the East-West terminal", 403)
        try:
            ack = action(store, table, payload, ew_now_ms())
        except TravellerError as exc:
            return exc.body()
        except Exception:
            # Never let a bug cost the terminal its ack: it keeps the answer and can retry.
            log.exception("East-West answer failed for table %s", table.number)
            return error_body("internal_error", "the server could not store this answer", 500)
        if not ack.get("duplicate"):
            changed(table)
        return ack

    @socketio.on("confirm_result", namespace="/table")
    def confirm_result(payload: Any = None) -> dict[str, Any]:
        return answer(eastwest.confirm, payload)

    @socketio.on("reject_result", namespace="/table")
    def reject_result(payload: Any = None) -> dict[str, Any]:
        return answer(eastwest.reject, payload)


def ew_now_ms() -> int:
    from . import now_ms

    return now_ms()
