"""The projector's `/results` namespace: the ranking after every round (K4.3) pushed when a
round is completed, only to those who may see the results."""

from __future__ import annotations

import time
from typing import Any

from tests.conftest import received
from tests.integration.test_director import login
from tests.integration.test_results_pages import publish
from tests.integration.test_rulings import post
from tests.integration.test_table_socket import join, submit


def projector_client(app: Any, http: Any | None = None) -> Any:
    socketio = app.extensions["traveller.socketio"]
    return socketio.test_client(app, namespace="/results",
                                flask_test_client=http or app.test_client())


def round_boards(app: Any, number: int) -> list[tuple[int, int]]:
    """Every (table, board) of round `number`, in table order."""
    store = app.extensions["traveller.store"]
    return [(s.table_number, b) for s in sorted(store.seatings(), key=lambda s: s.table_number)
            if s.round == number for b in s.boards]


def enter(app: Any, tables: dict[int, Any], boards: list[tuple[int, int]]) -> None:
    """Each board entered by its table's terminal, through the socket."""
    for table, board in boards:
        client = tables.setdefault(table, join(app, table))
        ack = submit(client, board=board, contract="3N", tricks=9 if table % 2 else 8)
        assert ack["ok"], ack


def pushed_until(client: Any, round_number: int, timeout: float = 3.0) -> list[Any]:
    """The `projector` events received until one stands after `round_number`."""
    deadline = time.monotonic() + timeout
    found: list[Any] = []
    while not any(p["round"] == round_number for p in found) and time.monotonic() < deadline:
        found += received(client, "projector", "/results", timeout=0.1)
    return found


def quiet(client: Any, seconds: float = 0.6) -> list[Any]:
    """The `projector` events received within `seconds` (the Notifier pushes after 0.25 s)."""
    time.sleep(seconds)
    return [m["args"][0] for m in client.get_received("/results") if m["name"] == "projector"]


def test_k4_3_a_completed_round_pushes_the_projector_with_the_new_standings(app: Any) -> None:
    director = projector_client(app, login(app))
    assert director.is_connected("/results")
    first = received(director, "projector", "/results")
    assert [p["round"] for p in first] == [0]
    tables: dict[int, Any] = {}
    boards = round_boards(app, 1)
    enter(app, tables, boards[:-1])
    # Round 1 is not complete: the ranking after "no round" has not changed, nothing is sent.
    assert quiet(director) == []
    enter(app, tables, boards[-1:])
    pushed = received(director, "projector", "/results")
    assert len(pushed) == 1
    after = pushed[0]
    assert (after["round"], after["rounds"]) == (1, 5)
    assert {"ok": True, **after} == login(app).get("/results/api/projector").json
    ns = {row["pair"]: row for row in after["standings"]["NS"]}
    assert sorted(ns) == [1, 2, 3, 4, 5, 6]
    assert all(row["places"] == [row["rank"]] for row in ns.values())
    # A result of round 2 changes nothing the projector shows until round 2 is complete.
    enter(app, tables, round_boards(app, 2)[:1])
    assert quiet(director) == []


def test_k4_3_the_projector_is_not_pushed_to_anyone_while_results_are_unpublished(
        app: Any) -> None:
    anonymous = projector_client(app)
    assert not anonymous.is_connected("/results")  # refused: the results are not published
    http = publish(app)
    public = projector_client(app)
    assert public.is_connected("/results")
    assert [p["round"] for p in received(public, "projector", "/results")] == [0]
    director = projector_client(app, http)
    received(director, "projector", "/results")
    publish(app, on=False)
    enter(app, {}, round_boards(app, 1))
    assert [p["round"] for p in pushed_until(director, 1)] == [1]
    assert quiet(public) == []
    # Published again: the open projector gets the ranking it missed at once.
    publish(app)
    assert [p["round"] for p in pushed_until(public, 1)] == [1]


def test_a_ruling_on_a_completed_round_pushes_the_projector_again(app: Any) -> None:
    http = login(app)
    director = projector_client(app, http)
    tables: dict[int, Any] = {}
    enter(app, tables, round_boards(app, 1) + round_boards(app, 2))
    before = pushed_until(director, 2)[-1]
    assert before["round"] == 2
    penalty = post(http, "/director/penalties", section="A", pair=1, why="mobile phone rang")
    assert penalty.status_code == 200, penalty.json
    after = received(director, "projector", "/results")
    assert len(after) == 1 and after[0]["round"] == 2
    row = next(r for r in after[0]["standings"]["NS"] if r["pair"] == 1)
    assert row["penalty"] > 0 and row["matchpoints"] < next(
        r for r in before["standings"]["NS"] if r["pair"] == 1)["matchpoints"]


def test_k4_3_a_teams_projector_is_pushed_the_teams_ranking_when_every_match_of_a_round_ends(
        tmp_path: Any) -> None:
    from tests.integration.teams_event import app_for, create, play_match

    path = create(tmp_path / "teams.db", tables=2)  # four teams, two matches a round
    with app_for(path) as app:
        store = app.extensions["traveller.store"]
        director = projector_client(app, login(app))
        first = received(director, "projector", "/results")
        assert [(p["kind"], p["round"]) for p in first] == [("teams", 0)]
        play_match(store, 1, 1, open_room={1: ("4S", 10, "N")})
        seating = next(s for s in store.seatings("O", 2) if s.round == 1)
        for section in ("O", "C"):
            for board in seating.boards[:-1] if section == "C" else seating.boards:
                ack = submit_as(app, section, 2, board)
                assert ack["ok"], ack
        assert quiet(director) == []  # a match of round 1 is still being played
        assert submit_as(app, "C", 2, seating.boards[-1])["ok"]
        pushed = pushed_until(director, 1)
        after = [p for p in pushed if p["round"] == 1][-1]
        assert after["kind"] == "teams" and len(after["teams"]) == 4
        leader = after["teams"][0]
        # The match with the game made in the open room only: its home team leads.
        assert (leader["team"], leader["matches"]) == (
            next(s.ns_pair for s in store.seatings("O", 1) if s.round == 1), 1)


def submit_as(app: Any, section: str, number: int, board: int) -> dict[str, Any]:
    """A passed-out board entered through a teams table's own socket."""
    import uuid

    store = app.extensions["traveller.store"]
    token = next(t.token for t in store.tables() if (t.section, t.number) == (section, number))
    client = app.extensions["traveller.socketio"].test_client(
        app, namespace="/table", auth={"token": token})
    try:
        ack: dict[str, Any] = client.emit("submit_result", {
            "op_id": str(uuid.uuid4()), "board": board, "contract": "PASS"},
            namespace="/table", callback=True)
    finally:
        client.disconnect(namespace="/table")
    return ack
