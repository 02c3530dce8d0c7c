"""Issue 24, a room of 1,000 tables: one table's devices cannot flood the server. A table's
messages past its budget (`server.realtime.budget`: a burst, then so many a second) are
refused with the envelope (`too_many_messages`, 429) before any handler runs: nothing is
written, nothing audited, and every other table is answered as before. The budget fills
again with time; the terminal keeps a refused entry queued (terminal/tests/outbox.test.js).
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from server.app import create_app
from server.realtime.budget import MessageBudget
from tests.conftest import make_event
from tests.integration.test_table_socket import counts, join


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_24_a_table_may_send_its_burst_then_so_many_a_second() -> None:
    clock = Clock()
    budget = MessageBudget(burst=10, per_second=2.0, clock=clock)
    assert all(budget.take("A1") for _ in range(10))
    assert not budget.take("A1")
    assert budget.retry_after("A1") == 1
    assert budget.take("A2"), "each table has its own budget"
    clock.now += 0.5
    assert budget.take("A1") and not budget.take("A1")
    clock.now += 1000
    assert sum(budget.take("A1") for _ in range(50)) == 10, "never more than the burst"
    unlimited = MessageBudget(burst=0, clock=clock)
    assert all(unlimited.take("A1") for _ in range(1000))


def _set_players(client: Any, number: int) -> dict[str, Any]:
    ack: dict[str, Any] = client.emit("set_players", {"op_id": str(uuid.uuid4()), "ns": [
        number, number + 1]}, namespace="/table", callback=True)
    return ack


def test_24_a_flooding_table_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    path = make_event(tmp_path / "event.db", tables=4)
    app = create_app({"DATABASE": str(path), "TESTING": True, "TABLE_MESSAGES": (5, 0.001)})
    flooding, other = join(app, 1), join(app, 2)
    try:
        answers = [flooding.emit("get_state", namespace="/table", callback=True)
                   for _ in range(5)]
        assert all(answer["ok"] for answer in answers)
        before = counts(app)
        refused = [_set_players(flooding, 100 + n) for n in range(20)]
        assert all(answer == {
            "ok": False, "code": "too_many_messages", "status": 429,
            "error": answer["error"]} for answer in refused)
        assert "more than 5 messages" in refused[0]["error"]
        assert counts(app) == before, "a refused message writes nothing, audits nothing"
        assert other.emit("get_state", namespace="/table", callback=True)["ok"]
        submitted = other.emit("submit_result", {
            "op_id": str(uuid.uuid4()), "board": 4, "contract": "4S", "declarer": "N",
            "tricks": 10}, namespace="/table", callback=True)
        assert submitted["ok"], "the other tables are answered as before"
    finally:
        flooding.disconnect(namespace="/table")
        other.disconnect(namespace="/table")
        app.extensions["traveller.store"].close()
