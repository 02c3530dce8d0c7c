"""Issue 14 item 1: the acknowledgements go first.

The packet the server sends writes its JSON once and is byte for byte python-socketio's own;
the garbage collector's whole-heap collections wait for quiet moments; a table's state is
pushed when the loop has room, and never later than its deadline.
"""

from __future__ import annotations

import gc
import itertools
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from socketio import packet as library

from server.realtime.collector import Activity, Collector
from server.realtime.packet import Packet
from server.realtime.push import Notifier

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(data=JSON, kind=st.sampled_from([library.EVENT, library.ACK]),
       namespace=st.sampled_from([None, "/", "/table"]), id=st.none() | st.integers(0, 10**6))
def test_a_packet_is_encoded_as_the_library_encodes_it(data: Any, kind: int,
                                                       namespace: str | None,
                                                       id: int | None) -> None:
    ours = Packet(kind, data=[data], namespace=namespace, id=id)
    theirs = library.Packet(kind, data=[data], namespace=namespace, id=id)
    assert ours.encode() == theirs.encode()
    assert ours.packet_type == theirs.packet_type
    again = Packet(encoded_packet=ours.encode())
    same = library.Packet(encoded_packet=theirs.encode())
    assert (again.packet_type, again.namespace, again.id) == (same.packet_type, same.namespace,
                                                              same.id)
    assert json.dumps(again.data) == json.dumps(same.data) == json.dumps([data])


def test_a_packet_with_bytes_is_left_to_the_library() -> None:
    ours = Packet(library.EVENT, data=["photo", {"jpeg": b"\xff\xd8"}], namespace="/table")
    theirs = library.Packet(library.EVENT, data=["photo", {"jpeg": b"\xff\xd8"}],
                            namespace="/table")
    assert ours.packet_type == library.BINARY_EVENT
    assert ours.encode() == theirs.encode()


def test_a_connect_packet_is_encoded_by_the_library() -> None:
    ours = Packet(library.CONNECT, data={"sid": "abc"}, namespace="/table")
    assert ours.encode() == library.Packet(library.CONNECT, data={"sid": "abc"},
                                           namespace="/table").encode()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeGc:
    """Records what the collector asks of Python's gc."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.threshold = (700, 10, 10)
        self.count = (0, 0, 1)  # something reached the oldest generation

    def get_count(self) -> tuple[int, int, int]:
        return self.count

    def get_threshold(self) -> tuple[int, int, int]:
        return self.threshold

    def set_threshold(self, *values: int) -> None:
        self.threshold = values  # type: ignore[assignment]

    def collect(self) -> int:
        self.calls.append("collect")
        return 0

    def freeze(self) -> None:
        self.calls.append("freeze")

    def unfreeze(self) -> None:
        self.calls.append("unfreeze")


def _collector() -> tuple[Collector, FakeGc, Clock, Activity]:
    clock = Clock()
    activity = Activity(clock)
    fake = FakeGc()
    return Collector(activity, gc=fake), fake, clock, activity


def test_installing_freezes_the_heap_and_puts_the_oldest_generation_out_of_reach() -> None:
    collector, fake, _, _ = _collector()
    assert collector.step() is None  # not installed: nothing is done
    collector.install()
    assert fake.calls == ["collect", "freeze"]
    assert fake.threshold == (700, 10, Collector.OUT_OF_REACH)
    collector.uninstall()
    assert fake.calls[-1] == "unfreeze" and fake.threshold == (700, 10, 10)


def test_young_objects_are_collected_at_a_quiet_moment_else_frozen_after_their_limit() -> None:
    collector, fake, clock, activity = _collector()
    collector.install()
    fake.calls.clear()
    clock.now += Collector.YOUNG_EVERY_S
    activity.touch()  # a table just sent something: not now
    assert collector.step() is None
    clock.now += 2 * Collector.QUIET_S
    assert collector.step() == "young"
    assert fake.calls == ["collect", "freeze"]
    # Busy all the time: after YOUNG_AT_MOST_S the young objects are frozen uncollected, which
    # costs nothing however many they are; their garbage waits for the next quiet moment.
    fake.calls.clear()
    for _ in range(int(Collector.YOUNG_AT_MOST_S / 0.01) - 1):
        clock.now += 0.01
        activity.touch()
        assert collector.step() is None
    clock.now += 0.02
    activity.touch()
    assert collector.step() == "frozen"
    assert fake.calls == ["freeze"] and collector.unswept
    # The first time the tables are silent for FULL_QUIET_S, the whole heap is collected,
    # however recent the last whole collection.
    clock.now += Collector.FULL_QUIET_S
    fake.calls.clear()
    assert collector.step() == "full"
    assert fake.calls == ["unfreeze", "collect", "freeze"] and not collector.unswept


def test_no_young_collection_when_nothing_reached_the_oldest_generation() -> None:
    collector, fake, clock, _ = _collector()
    collector.install()
    fake.count = (5, 3, 0)
    clock.now += Collector.YOUNG_AT_MOST_S + 1
    assert collector.step() is None


def test_the_whole_heap_is_collected_when_quiet_and_at_the_latest_after_its_limit() -> None:
    collector, fake, clock, activity = _collector()
    collector.install()
    clock.now += Collector.FULL_EVERY_S
    activity.touch()
    assert collector.step() != "full"  # the tables are busy: young at most
    clock.now += Collector.FULL_QUIET_S
    fake.calls.clear()
    assert collector.step() == "full"
    assert fake.calls == ["unfreeze", "collect", "freeze"]
    # Never quiet: the whole collection still comes after FULL_AT_MOST_S.
    steps = []
    while clock.now < 1000.0 + Collector.FULL_EVERY_S + Collector.FULL_QUIET_S \
            + Collector.FULL_AT_MOST_S + 1:
        clock.now += 0.5
        activity.touch()
        steps.append(collector.step())
    assert steps.count("full") == 1


def test_a_garbage_cycle_made_while_installed_is_freed_by_a_collection() -> None:
    before = gc.get_threshold()
    collector = Collector(Activity())
    collector.install()
    try:
        assert gc.get_threshold()[2] == Collector.OUT_OF_REACH

        class Node:
            pass

        found: list[bool] = []
        a, b = Node(), Node()
        a.other, b.other = b, a  # type: ignore[attr-defined]
        gc.callbacks.append(lambda phase, info: found.append(True) if phase == "stop" else None)
        import weakref

        alive = weakref.ref(a)
        gc.collect(1)  # the cycle, still referred to, reaches the oldest generation
        assert gc.get_count()[2] > 0
        del a, b
        assert alive() is not None  # a cycle: reference counting cannot free it
        collector._young -= Collector.YOUNG_EVERY_S  # due, and the tables are quiet
        collector.activity._last -= Collector.QUIET_S
        assert collector.step() == "young"
        assert alive() is None
    finally:
        gc.callbacks.pop()
        collector.uninstall()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


class Loop:
    """A socketio stand-in whose sleep moves a fake clock, with a table sending an event at
    every sleep for the first `busy` sleeps."""

    def __init__(self, clock: Clock, activity: Activity, busy: int) -> None:
        self.clock, self.activity, self.busy = clock, activity, busy
        self.sleeps = 0

    def sleep(self, seconds: float = 0) -> None:
        self.sleeps += 1
        self.clock.now += seconds
        if self.sleeps <= self.busy:
            self.activity.touch()


def test_a_state_waits_for_a_quiet_moment() -> None:
    clock = Clock()
    activity = Activity(clock)
    loop = Loop(clock, activity, busy=10)
    notifier = Notifier(loop, activity, idle=lambda: None)  # type: ignore[arg-type]
    activity.touch()
    start = clock.now
    notifier._room(start + Notifier.PUSH_AT_MOST_S)
    # Ten more events came, each ROOM_S apart: the push waited for the first silence.
    assert activity.quiet_for() >= Notifier.ROOM_S
    assert clock.now - start < 0.1


def test_a_state_is_pushed_at_its_deadline_however_busy_the_tables_are() -> None:
    clock = Clock()
    activity = Activity(clock)
    loop = Loop(clock, activity, busy=10**6)
    notifier = Notifier(loop, activity, idle=lambda: None)  # type: ignore[arg-type]
    start = clock.now
    notifier._room(start + Notifier.PUSH_AT_MOST_S)
    assert Notifier.PUSH_AT_MOST_S <= clock.now - start <= Notifier.PUSH_AT_MOST_S + 0.01


def test_overlapping_flushes_push_one_table_at_a_time_each_after_its_own_room(
        monkeypatch: Any) -> None:
    """Two flushes at once (the second started by a change made while the first pushes its
    last tables) never push together, and the loop is given room before every push: no push
    follows another without a wait for the loop in between."""
    import threading
    import time
    from typing import NamedTuple

    from server.realtime import push as push_module

    class Table(NamedTuple):
        section: str
        number: int

    clock = Clock()
    activity = Activity(clock)
    activity._last -= 10  # the tables have been silent: room at once
    loop = Loop(clock, activity, busy=0)
    log: list[str] = []
    pushing: list[int] = []
    guard = threading.Lock()

    def idle() -> None:
        time.sleep(0.001)  # a real yield: the other flush may run meanwhile
        with guard:
            log.append("room")

    def push(socketio: Any, table: Any) -> None:
        with guard:
            pushing.append(1)
            log.append(f"push {table.number}")
            assert len(pushing) == 1, "two pushes at once"
        time.sleep(0.005)  # a push takes time: the other flush is ready meanwhile
        with guard:
            pushing.pop()

    monkeypatch.setattr(push_module, "push_table", push)
    notifier = Notifier(loop, activity, idle=idle)  # type: ignore[arg-type]
    errors: list[BaseException] = []

    def flush(tables: set[Any]) -> None:
        try:
            with notifier._lock:
                notifier._tables.update(tables)
            notifier._push_tables(clock() + Notifier.PUSH_AT_MOST_S)
        except BaseException as exc:  # reported below, from the test's thread
            errors.append(exc)

    first = threading.Thread(target=flush, args=({Table("A", n) for n in (1, 2, 3)},))
    first.start()
    time.sleep(0.002)
    second = threading.Thread(target=flush, args=({Table("B", n) for n in (7, 8, 9)},))
    second.start()
    first.join()
    second.join()
    assert not errors, errors
    pushes = [entry for entry in log if entry.startswith("push")]
    assert sorted(pushes) == [f"push {n}" for n in (1, 2, 3, 7, 8, 9)]
    for before, after in itertools.pairwise(log):
        assert not (before.startswith("push") and after.startswith("push")), log


def test_a_terminal_joining_or_leaving_is_not_a_quiet_moment(app: Any) -> None:
    """Connecting and disconnecting are the clients' traffic: five hundred terminals joining
    for seconds, sending no event, are not silence in which to collect the whole heap."""
    activity = app.extensions["traveller.collector"].activity
    token = app.extensions["traveller.store"].tables()[0].token
    activity._last -= 100
    client = app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                              auth={"token": token})
    assert client.is_connected("/table")
    assert activity.quiet_for() < 50
    activity._last -= 100
    client.disconnect(namespace="/table")
    assert activity.quiet_for() < 50
