"""What the terminals and the console are sent after a change, and when.

A socket handler's acknowledgement is its return value, so anything done inside the handler
delays it: its Outcome goes to the `Notifier`, which pushes the tables' new states from a
background task and the grid and projector at most every 0.25 s (less often where the grid is
large: `Notifier.grid_interval`). A console form's Outcome is
delivered at once by the `Broadcaster`, before the page answers, as the director expects to
see a ruling reach the table.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app
from flask_socketio import SocketIO

from ..context import get_offline, get_presence, get_store
from ..direction.grid import grid, table_clocks
from ..event.clocks import clock_wire
from ..event.outcome import Outcome
from ..store import TableRow
from ..table.state import table_state
from .collector import Activity
from .connections import ew_room, get_grid_versions, get_sides, get_versions, table_room
from .gridfeed import PATCHES, WHOLE
from .projector import ProjectorFeed
from .versions import Sent

log = logging.getLogger(__name__)


def now_ms() -> int:
    return int(time.time() * 1000)


def send_state(socketio: SocketIO, table: TableRow, to: str | None = None) -> dict[str, Any]:
    """Build the table's state and have its terminals hear it: the patch from the version they
    have, when it changed, to every terminal of the table but `to`; the whole state to `to`
    (a terminal that connects or asks). Returns the whole state `to` gets, with its side."""
    state = table_state(get_store(), table, now_ms())
    # East-West terminals hear the table's room too, but each side gets its own `side`.
    ew_sids = get_sides().at(table)
    whole: dict[str, Any] = {}

    def deliver(sent: Sent) -> None:
        if sent.patch is not None:
            message = {"base": sent.base, "version": sent.version, "patch": sent.patch}
            socketio.emit("state_patch", message, namespace="/table", to=table_room(table),
                          skip_sid=to)
        if to is not None:
            whole.update(sent.state | {"side": "ew" if to in ew_sids else "ns"})
        elif sent.base is None:
            # The table's first state since the server started: each side the whole of it.
            socketio.emit("state", sent.state | {"side": "ns"}, namespace="/table",
                          to=table_room(table), skip_sid=ew_sids or None)
            if ew_sids:
                socketio.emit("state", sent.state | {"side": "ew"}, namespace="/table",
                              to=ew_room(table))

    get_versions().sent((table.section, table.number), state, deliver)
    return whole


def push_table(socketio: SocketIO, table: TableRow) -> None:
    """The table's terminals hear what changed in its state (nothing when nothing did)."""
    send_state(socketio, table)


def director_grid(pause: Callable[[], Any] | None = None) -> dict[str, Any]:
    return grid(get_store(), get_presence().snapshot(), now_ms(), get_offline().snapshot(),
                pause=pause)


def push_grid(socketio: SocketIO, to: str | None = None,
              pause: Callable[[], Any] | None = None) -> dict[str, Any]:
    """Build the director's grid and have the consoles hear it (`server.realtime.gridfeed`):
    the patch from the version they have, when it changed, to the consoles that take patches
    but `to`; the whole grid to every other `/director` connection, or with `to` (a console
    that connects or asks) to none but `to`. Returns the whole grid, with its version.
    `pause` is called between the pieces of the work (`grid`'s, and before the patch)."""

    def deliver(sent: Sent) -> None:
        if sent.patch is not None and listening(socketio, "/director", PATCHES):
            socketio.emit("grid_patch", {"base": sent.base, "version": sent.version,
                                         "patch": sent.patch},
                          namespace="/director", to=PATCHES, skip_sid=to)
        if to is None and listening(socketio, "/director", WHOLE):
            socketio.emit("grid", sent.state, namespace="/director", to=WHOLE)

    built = director_grid(pause)
    if pause is not None:
        pause()
    return get_grid_versions().sent(built, deliver).state


def listening(socketio: SocketIO, namespace: str, room: str | None = None) -> bool:
    """Whether any connection is in `namespace` (no console open: no grid to build), or in
    its `room`."""
    return any(True for _ in socketio.server.manager.get_participants(namespace, room))


def push_clock(socketio: SocketIO) -> None:
    """Each table its effective clock: the clock of the round it plays now (its own, else the
    round's), the same one the console's grid shows for it; a table still playing round 1
    keeps round 1's clock when round 2's starts. The console gets the latest round's clock."""
    store, now = get_store(), now_ms()
    wires = table_clocks(store, now)
    for table in store.tables():
        socketio.emit("clock", wires[(table.section, table.number)],
                      namespace="/table", to=table_room(table))
    socketio.emit("clock", clock_wire(store.clock(), now), namespace="/director")


class Notifier:
    """Pushes changes after the acknowledgement has gone, and the grid at most every 0.25 s.

    The table's new state and the director's grid are sent from a background task. A burst of
    entries from five hundred tables becomes a few grid pushes, not five hundred, and each
    table's state is built once per flush however many of its entries it carries.

    Acknowledgements go first. Before each table's state the task waits for the event loop to
    be idle (`idle`: every frame that has arrived read, every handler ready run), then for the
    clients to have been silent for ROOM_S or the state to have waited PUSH_AT_MOST_S. (A
    server so loaded that its loop never idles sends no state until the load drops: the
    acknowledgements, which carry each result, keep going. Bounding the idle wait too, with a
    gevent Timeout, measured slower: paced p99 median 35 ms against 20 ms, A/B, 6 runs.) A
    mere yield was not enough: gevent runs the ready callbacks for up to its switch interval
    before it polls the sockets again, so a task pushing table after table, yielding between
    them, kept the terminals' frames unread for 10-25 ms (measured), and no event arriving
    looked like a quiet moment. Flushes overlap (a change made while one pushes its last tables
    starts the next), so a push holds `_pushing` from its wait for room to its end: when
    several waited for the same quiet moment, they pushed one after the other, and a teams
    round's acknowledgements waited behind five or six pushes in a row (measured: frames
    unread for 6-10 ms). Carrying the table's patch in its own acknowledgement instead (one
    message a result, not two) measured worse: the state built before the answer, 500 paced
    terminals' p50 2.5 ms against 1.9 and p99 7.7 against 7.1 (interleaved A/B, 4 runs each).
    A terminal shows its entry as stored from the acknowledgement;
    the state it waits for in a flood of entries brings the others' results and, after a
    round's last board, the next round. The grid is built only while a console is open to
    receive it.
    """

    GRID_INTERVAL = 0.25
    GRID_ROW_S = 0.002
    """The wait between grid pushes for each table the grid shows, when that is longer than
    GRID_INTERVAL: a grid's building and patch hold the event loop about 10 us a table (5 ms
    at 500 tables, in-process), and every acknowledgement arriving meanwhile waits for it, so
    a large grid goes at most every second at 500 tables: half a percent of the loop. (Timing
    each push instead measured the other greenlets too, whenever the push waited for the
    store's lock: 10-80 ms a push under load.)"""
    ROOM_S = 0.004
    PUSH_AT_MOST_S = 1.0

    def __init__(self, socketio: SocketIO, activity: Activity | None = None,
                 idle: Callable[[], Any] | None = None) -> None:
        self.socketio = socketio
        self.activity = activity or Activity()
        self.idle: Callable[[], Any] = idle or (lambda: socketio.sleep(0))
        self._lock = threading.Lock()
        self._pushing = threading.Lock()
        """Held by the flush pushing a table, the grid or the projector: flushes overlap,
        their pushes never do."""
        self._grid_due = False
        self._grid_rows = 0
        """The tables of the last grid pushed (0: no console open)."""
        self._tables: set[TableRow] = set()
        self.projector = ProjectorFeed(socketio)

    def deliver(self, outcome: Outcome) -> dict[str, Any]:
        """Have everyone `outcome` names hear of it soon; the body is the acknowledgement."""
        if outcome.changed:
            self.changed(*outcome.tables, standings=outcome.standings)
        return outcome.body

    def changed(self, *tables: TableRow, standings: bool = True) -> None:
        """Push the `tables`' states, the grid and the projector soon; `standings=False` says
        the change can at most complete a round (see ProjectorFeed.changed)."""
        self.projector.changed(standings)
        self._soon(tables)

    def refresh_grid(self) -> None:
        """Push the grid soon, as after a change (the projector's ranking did not change)."""
        self._soon(())

    def _soon(self, tables: tuple[TableRow, ...]) -> None:
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        with self._lock:
            self._tables.update(tables)
            if self._grid_due:
                return
            self._grid_due = True
        self.socketio.start_background_task(self._flush, app)

    def _flush(self, app: Flask) -> None:
        try:
            self._push(app)
        except Exception:
            # A push that fails (the event file closed at shutdown) loses nothing: terminals
            # ask for their state on every reconnect, and the grid is rebuilt on the next change.
            log.warning("could not push changes", exc_info=True)
            with self._lock:
                self._grid_due = False

    def _push(self, app: Flask) -> None:
        with app.app_context():
            # Tables first, as soon as the loop has room: a terminal waits for its new state;
            # the director can wait a quarter of a second to see a burst of entries together.
            self._push_tables(self.activity.clock() + self.PUSH_AT_MOST_S)
            self.socketio.sleep(self.grid_interval())
            self._push_tables(self.activity.clock() + self.PUSH_AT_MOST_S, last=True)
            with self._pushing:
                self._room(self.activity.clock() + self.PUSH_AT_MOST_S)
                if listening(self.socketio, "/director"):
                    deadline = self.activity.clock() + self.PUSH_AT_MOST_S
                    self._grid_rows = len(push_grid(
                        self.socketio, pause=lambda: self._room(deadline))["tables"])
                else:
                    self._grid_rows = 0
                self.projector.push()

    def grid_interval(self) -> float:
        """The wait between a change and the grid's push: GRID_INTERVAL, longer for a grid of
        more than 125 tables (GRID_ROW_S a table: every second at 500 tables)."""
        return max(self.GRID_INTERVAL, self.GRID_ROW_S * self._grid_rows)

    def _push_tables(self, deadline: float, last: bool = False) -> None:
        """Push every table changed since the last push, each its state built once, each when
        the loop has room (`_room`); `last` ends the flush (a change from now on starts a
        new one)."""
        with self._lock:
            tables, self._tables = self._tables, set()
            if last:
                self._grid_due = False
        for table in sorted(tables, key=lambda t: (t.section, t.number)):
            # One push at a time, each after its own room: a flush still pushing when the
            # next one starts (`last` lets a change start one) would otherwise wait for the
            # same quiet moment and push with it, one table after another with no frame
            # read between them.
            with self._pushing:
                self._room(deadline)
                with self._lock:
                    # The state built now holds every change made so far: a change the table
                    # made while it waited needs no push of its own.
                    self._tables.discard(table)
                push_table(self.socketio, table)

    def _room(self, deadline: float) -> None:
        """Wait until the loop is idle, then until the clients have been silent for ROOM_S or
        `deadline` has passed."""
        self.idle()
        while self.activity.quiet_for() < self.ROOM_S and self.activity.clock() < deadline:
            self.socketio.sleep(self.ROOM_S)
            self.idle()


class Broadcaster:
    """Delivers a console form's Outcome at once (`server.context.Broadcast`): the director's
    answers, the clocks, each table's new state; then the grid, at once after a clock change,
    else with the projector through the Notifier."""

    def __init__(self, socketio: SocketIO, notifier: Notifier) -> None:
        self.socketio = socketio
        self.notifier = notifier

    def send(self, outcome: Outcome) -> None:
        if not outcome.changed:
            return
        for table, call in outcome.answers:
            self.socketio.emit("director_answer", call, namespace="/table", to=table_room(table))
        if outcome.clocks:
            push_clock(self.socketio)
        for table in outcome.tables:
            push_table(self.socketio, table)
        if outcome.clocks:
            push_grid(self.socketio)
        else:
            self.notifier.changed(standings=outcome.standings)
