"""The rooms of the Socket.IO connections: `IndexedManager` (server/realtime/rooms.py) keeps
them exactly as python-socketio's own manager does, whatever the connections do, and the
presence of each table's terminals follows its connections."""

from __future__ import annotations

import time
from typing import Any

import socketio
from hypothesis import given, settings
from hypothesis import strategies as st

from server.realtime.rooms import IndexedManager
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login

NAMESPACES = ("/table", "/director")
SIDS = [f"s{i}" for i in range(4)]
ROOMS = ["table:A:1", "table:A:2", "table:A:2:ew", *SIDS]

operation = st.one_of(
    st.tuples(st.just("connect"), st.sampled_from(SIDS), st.sampled_from(NAMESPACES)),
    st.tuples(st.just("enter"), st.sampled_from(SIDS), st.sampled_from(NAMESPACES),
              st.sampled_from(ROOMS)),
    st.tuples(st.just("leave"), st.sampled_from(SIDS), st.sampled_from(NAMESPACES),
              st.sampled_from(ROOMS)),
    st.tuples(st.just("close"), st.sampled_from(ROOMS), st.sampled_from(NAMESPACES)),
    st.tuples(st.just("callback"), st.sampled_from(SIDS)),
    st.tuples(st.just("pending"), st.sampled_from(SIDS), st.sampled_from(NAMESPACES)),
    st.tuples(st.just("disconnect"), st.sampled_from(SIDS), st.sampled_from(NAMESPACES)),
)


def apply(manager: socketio.Manager, op: tuple[Any, ...]) -> str | None:
    """Run one operation; the error it raised, if any (both managers must raise the same)."""
    try:
        match op:
            case ("connect", sid, namespace):
                if manager.is_connected(sid, namespace):
                    return "connected"
                manager.basic_enter_room(sid, namespace, None, eio_sid=f"e{sid}")
                manager.basic_enter_room(sid, namespace, sid, eio_sid=f"e{sid}")
            case ("enter", sid, namespace, room):
                manager.basic_enter_room(sid, namespace, room)
            case ("leave", sid, namespace, room):
                manager.basic_leave_room(sid, namespace, room)
            case ("close", room, namespace):
                manager.basic_close_room(room, namespace)
            case ("callback", sid):
                manager._generate_ack_id(sid, print)
            case ("pending", sid, namespace):
                manager.pre_disconnect(sid, namespace)
            case ("disconnect", sid, namespace):
                manager.basic_disconnect(sid, namespace)
    except (ValueError, KeyError) as exc:
        return type(exc).__name__
    return None


def seen(manager: socketio.Manager) -> Any:
    rooms = {ns: {room: dict(members) for room, members in by_room.items()}
             for ns, by_room in manager.rooms.items()}
    each = {(ns, sid): sorted(manager.get_rooms(sid, ns)) for ns in NAMESPACES for sid in SIDS}
    return rooms, each, sorted(manager.callbacks), manager.pending_disconnect


@settings(max_examples=300, deadline=None)
@given(st.lists(operation, max_size=40))
def test_indexed_rooms_are_the_librarys_rooms_after_any_sequence(ops: list[Any]) -> None:
    ours, theirs = IndexedManager(), socketio.Manager()
    for op in ops:
        assert apply(ours, op) == apply(theirs, op), op
        assert seen(ours) == seen(theirs), op


def test_a_disconnection_leaves_only_its_own_rooms_among_a_thousand() -> None:
    manager = IndexedManager()
    for number in range(500):
        sid = f"t{number}"
        manager.basic_enter_room(sid, "/table", None, eio_sid=f"e{number}")
        manager.basic_enter_room(sid, "/table", sid, eio_sid=f"e{number}")
        manager.basic_enter_room(sid, "/table", f"table:A:{number}")
    manager.basic_disconnect("t7", "/table")
    assert "table:A:7" not in manager.rooms["/table"] and "t7" not in manager.rooms["/table"]
    assert len(manager.rooms["/table"]) == 1 + 2 * 499
    assert sorted(manager.get_rooms("t8", "/table")) == ["t8", "table:A:8"]


def test_a_table_is_offline_only_when_its_last_terminal_has_left(app: Any) -> None:
    store = app.extensions["traveller.store"]
    socketio_ = app.extensions["traveller.socketio"]
    http = login(app)
    token = store.tables()[0].token
    first, second = (socketio_.test_client(app, namespace="/table", auth={"token": token})
                     for _ in range(2))

    def cell() -> dict[str, Any]:
        return http.get("/director/api/grid", headers=JSON).json["tables"][0]

    assert cell()["connected"] is True
    first.disconnect(namespace="/table")
    time.sleep(0.1)
    assert cell()["connected"] is True and cell()["offline_since_ms"] is None
    second.disconnect(namespace="/table")
    time.sleep(0.1)
    assert cell()["connected"] is False and cell()["offline_since_ms"] is not None
    assert app.extensions["traveller.presence"].sids_at(store.tables()[0]) == []
