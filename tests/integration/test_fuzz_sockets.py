"""Issue 14 item 6: every socket event answers hostile input with the envelope.

Every event registered on `/table`, `/director` and `/results`, the reserved `connect` and
`disconnect` and an unknown event, each with generated payloads and extra positional
arguments, on a North-South and an East-West terminal of a pairs event with East-West
terminals and of one without, through the Flask-SocketIO test client. Each message must get an
envelope acknowledgement, no traceback may reach the log, and a refusal must leave the event
file as it was.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.app import create_app
from server.store import Store
from server.table.terminals import table_list
from tests.conftest import make_event
from tests.integration.fuzzing import (
    BATCH,
    DELIBERATE,
    FUZZ,
    Watch,
    is_envelope,
    near_valid,
    payloads,
    tracebacks,
    values,
)
from tests.integration.test_director import login
from tests.integration.test_ew_terminal import make_ew_event

EXAMPLES = 70
"""Cases per event and event file, each of BATCH messages: 2 files x (11 events x 70 + 8 x 12)
x 4 = 6,928 socket messages in all (with the HTTP fuzz's 3,440 requests, 10,368 cases)."""

TABLE_EVENTS = ("submit_result", "call_director", "set_players", "confirm_match",
                "confirm_result", "reject_result", "get_traveller", "get_state")
OTHER_EVENTS = ("connect", "disconnect", "no_such_event")


class Terminals:
    """An app on a temporary event file with a terminal of each kind connected."""

    def __init__(self, path: Path) -> None:
        # Thousands of messages from one table: past its message budget (tested on its own,
        # test_message_budget.py) every one would be refused before the handlers it fuzzes.
        self.app = create_app({"DATABASE": str(path), "TESTING": True, "TABLE_MESSAGES": (0, 0)})
        self.store: Store = self.app.extensions["traveller.store"]
        socketio = self.app.extensions["traveller.socketio"]
        first = table_list(self.store)[0]
        self.watch = Watch(self.store)
        self.clients: dict[str, Any] = {
            "/table": socketio.test_client(self.app, namespace="/table",
                                           auth={"token": first["token"]}),
            "/director": socketio.test_client(self.app, namespace="/director",
                                              flask_test_client=login(self.app)),
        }
        self.clients["/results"] = socketio.test_client(
            self.app, namespace="/results", flask_test_client=login(self.app))
        if first.get("ew_token"):
            self.clients["/table ew"] = socketio.test_client(
                self.app, namespace="/table", auth={"token": first["ew_token"]})

    def close(self) -> None:
        time.sleep(0.3)  # let the last background push finish before the file closes
        self.store.close()


@pytest.fixture(scope="module", params=["pairs", "ew"])
def terminals(request: Any, tmp_path_factory: Any) -> Iterator[Terminals]:
    path = tmp_path_factory.mktemp("fuzz") / "event.db"
    (make_ew_event if request.param == "ew" else make_event)(path, tables=4)
    found = Terminals(path)
    yield found
    found.close()


def send(terminals: Terminals, who: str, event: str, args: list[Any]) -> None:
    """Emit `event` with `args` as `who`; assert the answer and the state."""
    client = terminals.clients[who]
    namespace = who.split()[0]
    assert client.is_connected(namespace), f"{who} was disconnected"
    terminals.watch.before()
    with tracebacks() as logged:
        ack = client.emit(event, *args, namespace=namespace, callback=True)
    assert not logged.records, logged.text()
    assert is_envelope(ack), f"{event}: not an envelope: {str(ack)[:300]}"
    if not ack["ok"] and ack["code"] not in DELIBERATE:
        assert terminals.watch.unchanged(), f"{event} changed the event and said {ack}"
    client.get_received(namespace)  # drop the pushes


def arguments(event: str) -> st.SearchStrategy[list[Any]]:
    """An event's arguments: a near-valid payload or a hostile one, none, or the payload and
    extra positional arguments."""
    payload = st.one_of(near_valid(event), near_valid(event), payloads)
    return st.one_of(
        payload.map(lambda p: [p]),
        payload.map(lambda p: [p]),
        st.just([]),
        st.tuples(payload, values).map(list),
        st.tuples(payload, values, values).map(list),
    )


@pytest.mark.parametrize("event", TABLE_EVENTS + OTHER_EVENTS)
def test_14_6_every_table_event_answers_hostile_input(terminals: Terminals, event: str) -> None:
    sides = [w for w in terminals.clients if w.startswith("/table")]

    @settings(parent=FUZZ, max_examples=EXAMPLES)
    @given(batch=st.lists(st.tuples(arguments(event), st.sampled_from(sides)),
                          min_size=BATCH, max_size=BATCH))
    def run(batch: list[tuple[list[Any], str]]) -> None:
        for args, side in batch:
            send(terminals, side, event, args)

    run()


@pytest.mark.parametrize("who", ["/director", "/results"])
@pytest.mark.parametrize("event", (*OTHER_EVENTS, "submit_result"))
def test_14_6_console_namespaces_answer_every_event(terminals: Terminals, who: str,
                                                    event: str) -> None:
    @settings(parent=FUZZ, max_examples=12)
    @given(batch=st.lists(arguments(event), min_size=BATCH, max_size=BATCH))
    def run(batch: list[list[Any]]) -> None:
        for args in batch:
            send(terminals, who, event, args)

    run()
