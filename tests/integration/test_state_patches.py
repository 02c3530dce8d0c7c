"""What a table receives: its whole state once per connection, then only what changed
(`state_patch`, RFC 6902, versioned), and never the players register (D2.1 and K4.4 are
checked on the server).

Bytes are counted as the Socket.IO payload's JSON; patches are applied by the `jsonpatch`
package (tests/conftest.py `followed`), not by the server's own code.
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.app import create_app
from server.direction.setup import import_deals
from server.store import Store
from server.store import players as players_sql
from tests.conftest import followed, make_event, received
from tests.integration.dealing_machine import dealing_machine_file


def _size(message: Any) -> int:
    return len(json.dumps(message, separators=(",", ":"), ensure_ascii=False))


def _register(store: Store, players: int) -> None:
    rows = [{"federation_id": str(10000 + i), "name": f"Player Number {i} Of The Register",
             "gender": "FM"[i % 2], "club": "Klub Brydżowy"} for i in range(players)]
    with store.write() as db:
        players_sql.import_players(store, db, rows, "test", "register")


def _event(tmp_path: Path, players: int) -> Any:
    path = make_event(tmp_path / f"event-{players}.db", tables=10)
    store = Store.open(path)
    _register(store, players)
    import_deals(store, dealing_machine_file(range(1, 28)), "deals.pbn", "test")
    store.close()
    return create_app({"DATABASE": str(path), "TESTING": True})


def _join(app: Any, table: int = 1) -> Any:
    token = {t.number: t.token for t in app.extensions["traveller.store"].tables()}[table]
    return app.extensions["traveller.socketio"].test_client(app, namespace="/table",
                                                            auth={"token": token})


def _submit(client: Any, board: int, tricks: int = 10) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("submit_result", {
        "op_id": str(uuid.uuid4()), "board": board, "contract": "4S", "declarer": "N",
        "tricks": tricks}, namespace="/table", callback=True)
    return ack


def _close(app: Any) -> None:
    time.sleep(0.3)  # the last background push, before the file closes
    app.extensions["traveller.store"].close()


def _bytes_at_table(tmp_path: Path, players: int) -> tuple[int, list[int]]:
    """A table's first connect, and each message pushed to it after each result of its
    first round, in bytes."""
    app = _event(tmp_path, players)
    try:
        client = _join(app)
        first = [m for m in client.get_received("/table") if m["name"] == "state"]
        state = first[0]["args"][0]
        pushed = []
        for board in state["boards"]:
            assert _submit(client, board)["ok"]
            patches = received(client, "state_patch", "/table")
            pushed += [_size(p) for p in patches]
        return _size(state), pushed
    finally:
        _close(app)


def test_d2_1_what_a_table_receives_does_not_grow_with_the_register(tmp_path: Path) -> None:
    small, small_pushes = _bytes_at_table(tmp_path, 200)
    large, large_pushes = _bytes_at_table(tmp_path, 20_000)
    # The register's size is one number in the state; every name stays on the server.
    assert large <= small * 1.10, (small, large)
    assert large <= 64 * 1024
    assert small_pushes and large_pushes
    assert max(large_pushes) <= 2048, large_pushes
    assert sorted(large_pushes)[len(large_pushes) // 2] <= 2048


def test_k4_4_a_number_typed_at_the_table_is_named_from_the_register(tmp_path: Path) -> None:
    app = _event(tmp_path, 20_000)
    try:
        client = _join(app)
        state = received(client, "state", "/table")[-1]
        assert state["players"]["listed"] == 20_000 and state["players"]["known"] == {}
        ask = client.emit("get_players", {"ids": ["10007", "99999999"]}, namespace="/table",
                          callback=True)
        assert ask == {"ok": True, "players": {"10007": {
            "name": "Player Number 7 Of The Register", "gender": "M"}}, "unknown": ["99999999"]}
        for bad in ({}, {"ids": []}, {"ids": [str(i) for i in range(9)]}, {"ids": ["a b"]}):
            refused = client.emit("get_players", bad, namespace="/table", callback=True)
            assert refused["ok"] is False, bad
        seated = client.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1,
                                             "north": "10000", "south": "10001",
                                             "east": "10002", "west": "777"},
                             namespace="/table", callback=True)
        assert seated["ok"] and seated["unknown"] == ["777"]
        assert seated["names"]["north"] == "Player Number 0 Of The Register"
        # Another table that meets North-South later knows their names before they arrive.
        after = client.emit("get_state", {}, namespace="/table", callback=True)["state"]
        assert sorted(after["players"]["known"]) == ["10000", "10001", "10002"]
    finally:
        _close(app)


def _plain(state: dict[str, Any]) -> dict[str, Any]:
    """A state without the time it was sent at (a running clock's time left is its deadline's
    to say) and without the side it was sent to."""
    out = {k: v for k, v in state.items() if k not in ("now_ms", "side")}
    moving = ("now_ms", "remaining_ms") if state["clock"]["running"] else ("now_ms",)
    out["clock"] = {k: v for k, v in state["clock"].items() if k not in moving}
    return out


def _settled(client: Any, version: str) -> dict[str, Any]:
    """The state the terminal holds once it has taken `version` (a state, not a time)."""
    deadline = time.monotonic() + 10
    holding: dict[str, Any] = client.__dict__.get("traveller_states", {}).get("/table", {})
    while holding.get("version") != version:
        assert time.monotonic() < deadline, (holding.get("version"), version)
        seen = followed(client, "/table", client.get_received("/table"))
        holding = seen[-1] if seen else holding
        time.sleep(0.02)
    return holding


STEPS = st.lists(st.sampled_from(["result", "result", "call", "drop", "back", "lose"]),
                 min_size=1, max_size=12)


def _next_board(store: Store) -> tuple[int, int] | None:
    """Table 1's next board to enter: (round, board), None once it has played them all."""
    table = store.tables()[0]
    scored = {(r.round, r.board) for r in store.results(table.section, table.number)}
    for seating in store.seatings(table.section, table.number):
        for board in seating.boards:
            if (seating.round, board) not in scored:
                return seating.round, board
    return None


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=STEPS)
def test_a_terminal_that_missed_pushes_ends_with_the_same_state(tmp_path_factory: Any,
                                                                steps: list[str]) -> None:
    """One terminal sees every push; another drops its socket between results and comes back,
    or loses pushes on the way (its next patch is then from a version it does not have, and
    it asks for the whole state): both end with the state a fresh connection gets."""
    path = make_event(tmp_path_factory.mktemp("patches") / "event.db", tables=4)
    app = create_app({"DATABASE": str(path), "TESTING": True})
    store: Store = app.extensions["traveller.store"]
    try:
        seeing, missing = _join(app), _join(app)
        away = False

        def call() -> None:
            ack = seeing.emit("call_director", {"op_id": str(uuid.uuid4()), "reason": "revoke"},
                              namespace="/table", callback=True)
            assert ack["ok"] or ack["code"] == "too_many_calls", ack

        def seat() -> None:
            ids = [uuid.uuid4().hex[:8] for _ in range(4)]
            assert seeing.emit("set_players", {"op_id": str(uuid.uuid4()), "round": 1,
                                               **dict(zip(("north", "south", "east", "west"),
                                                          ids, strict=True))},
                               namespace="/table", callback=True)["ok"]

        for step in steps:
            if step == "result" and (todo := _next_board(store)) is not None:
                assert _submit(seeing, todo[1])["ok"]
            elif step == "call":
                call()
            elif step == "drop" and not away:
                missing.disconnect(namespace="/table")
                away = True
            elif step == "back" and away:
                missing.connect(namespace="/table", auth={"token": _token(app)})
                away = False
            elif step == "lose" and not away:
                received(missing, "state_patch", "/table", timeout=0.5)  # never arrived
        if away:
            missing.connect(namespace="/table", auth={"token": _token(app)})
        seat()  # a last change: the terminal that lost pushes hears it is behind
        truth = _join(app)
        final = [m for m in truth.get_received("/table") if m["name"] == "state"][-1]["args"][0]
        assert _plain(_settled(seeing, final["version"])) == _plain(final)
        assert _plain(_settled(missing, final["version"])) == _plain(final)
    finally:
        _close(app)


def _token(app: Any) -> str:
    return str(app.extensions["traveller.store"].tables()[0].token)


def test_a_push_of_an_unchanged_state_sends_nothing(tmp_path: Path) -> None:
    """A table pushed when nothing of its state changed (its partner room's change that does
    not reach it, a flush that carries another table's change) hears nothing: not its whole
    state again (25 KB a teams table), which a push without a base once meant."""
    from server.realtime.push import push_table

    app = _event(tmp_path, 200)
    try:
        client = _join(app)
        client.get_received("/table")
        table = app.extensions["traveller.store"].tables()[0]
        with app.app_context():
            push_table(app.extensions["traveller.socketio"], table)
            push_table(app.extensions["traveller.socketio"], table)
        assert [m["name"] for m in client.get_received("/table")
                if m["name"] in ("state", "state_patch")] == []
        # A change still comes as its patch.
        assert _submit(client, 1)["ok"]
        assert received(client, "state_patch", "/table")
    finally:
        _close(app)
