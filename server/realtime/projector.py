"""The `/results` namespace: the projector's ranking, pushed when it changes.

The projector shows the standings after the last round every table has finished (K4.3's
barometer), so most entries change nothing on it: only the one that completes a round does (in
a competition's knock-out, a board both rooms have played: its IMPs show as they come), and a
ruling, a penalty, a decision, an advance or a publication switch. The Notifier's flush (at
most four a second) calls `ProjectorFeed.push`, which recomputes only while someone watches,
skips the scoring when a new result changed nothing it shows (`server.publish.projector.mark`),
and emits only a ranking that differs from the last one.

Who may join follows the results pages (server/web/results.py): a logged-in director always,
anyone else only while the director has published the results (under closed rooms, K8.3,
only after the end: `server.publish.closed`). The public room is sent to only while
publication is on, so withdrawing the results stops the pushes at once.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from flask import Flask
from flask_socketio import ConnectionRefusedError, SocketIO, emit, join_room

from ..context import current_director, get_director_sockets, get_store, has_event
from ..direction import rulings
from ..publish.closed import CLOSED, closed_rooms
from ..publish.projector import mark, projector_data
from .connections import session_id

log = logging.getLogger(__name__)

NAMESPACE = "/results"
DIRECTOR_ROOM = "results:director"
PUBLIC_ROOM = "results:public"


class ProjectorFeed:
    """The last ranking pushed to the projectors, and whether it may be out of date."""

    def __init__(self, socketio: SocketIO) -> None:
        self.socketio = socketio
        self._lock = threading.Lock()
        self._listeners: set[str] = set()
        self._sent: dict[str, Any] | None = None
        self._mark: tuple[int, ...] | None = None
        """`mark` when `_sent` was computed: the same mark, the same ranking."""
        self._public_has_it = False
        self._stale = True

    def joined(self, sid: str) -> None:
        with self._lock:
            self._listeners.add(sid)

    def shown(self, data: dict[str, Any], published: bool, marked: tuple[int, ...]) -> None:
        """A new watcher was sent `data` (computed at `marked`) on joining: if nothing was
        pushed since the last watcher left, it is what every watcher has (any change since
        would have pushed)."""
        with self._lock:
            if self._sent is None:
                self._sent, self._public_has_it, self._stale = data, published, False
                self._mark = marked

    def left(self, sid: str) -> None:
        with self._lock:
            self._listeners.discard(sid)

    def changed(self, standings: bool = True) -> None:
        """Something changed; `standings=False` when it can only complete a round (a new
        result, a terminal coming or going), which a count of finished rounds tells."""
        if standings:
            with self._lock:
                self._stale = True

    def push(self) -> None:
        """Emit the projector's ranking if it changed (inside an app context)."""
        try:
            self._push()
        except Exception:
            # The projector keeps its last ranking; the next change pushes a fresh one.
            log.warning("could not push the projector", exc_info=True)
            with self._lock:
                self._stale = True

    def _push(self) -> None:
        with self._lock:
            if not self._listeners or not has_event():
                # Nobody watches: forget what was sent, so the next watcher gets it all.
                self._sent, self._stale = None, True
                return
            stale, self._stale = self._stale, False
            sent, sent_mark = self._sent, self._mark
        store = get_store()
        published = rulings.is_published(store)
        marked = mark(store)
        if (not stale and sent is not None and (self._public_has_it or not published)
                and marked == sent_mark):
            return
        data = projector_data(store)
        if data != sent:
            self.socketio.emit("projector", data, namespace=NAMESPACE, to=DIRECTOR_ROOM)
        if published and (data != sent or not self._public_has_it):
            self.socketio.emit("projector", data, namespace=NAMESPACE, to=PUBLIC_ROOM)
        with self._lock:
            self._sent, self._public_has_it, self._mark = data, published, marked


def register(app: Flask, socketio: SocketIO, feed: ProjectorFeed) -> None:
    @socketio.on("connect", namespace=NAMESPACE)
    def results_connect(auth: Any = None) -> None:
        if not has_event():
            raise ConnectionRefusedError("no event yet")
        session = current_director()
        director = session is not None
        published = rulings.is_published(get_store())
        if not director and not published:
            raise ConnectionRefusedError(CLOSED if closed_rooms(get_store()) else
                                         "the results are not published yet: the director "
                                         "publishes them")
        if session is not None:
            get_director_sockets().opened(session_id(), NAMESPACE, session.id)
        join_room(DIRECTOR_ROOM if director else PUBLIC_ROOM)
        feed.joined(session_id())
        marked = mark(get_store())
        data = projector_data(get_store())
        emit("projector", data)
        feed.shown(data, published, marked)

    @socketio.on("disconnect", namespace=NAMESPACE)
    def results_disconnect(*_: Any) -> None:
        feed.left(session_id())
        get_director_sockets().closed(session_id())
