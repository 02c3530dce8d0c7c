"""Robot tables: python-socketio clients that play a table through the real protocol.

The demo uses them so a newcomer sees the director's grid fill up while entering table 1 by
hand; the benchmark uses the same protocol. Results are plausible rather than random: each
board has a "par" contract drawn from its number, and each table makes it, goes one off or
makes an overtrick, so the matchpoints spread as in a real field.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from typing import Any

import socketio

from ..realtime.patch import follow

STRAINS = "CDHSN"


def par_contract(board: int) -> tuple[str, str]:
    """A board's usual contract and declarer, the same at every table."""
    rng = random.Random(board * 7919)
    strain = rng.choice(STRAINS)
    level = rng.choice([2, 3, 4, 4, 4, 3, 5, 6] if strain != "N" else [1, 2, 3, 3, 3, 6])
    return f"{level}{strain}", rng.choice("NESW")


def table_result(board: int, rng: random.Random) -> dict[str, Any]:
    contract, declarer = par_contract(board)
    if rng.random() < 0.15:
        # Someone bids differently: one level lower, declared by the same side.
        level = max(1, int(contract[0]) - 1)
        contract = f"{level}{contract[1:]}"
    level = int(contract[0])
    tricks = min(13, max(0, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
    if rng.random() < 0.1 and tricks < level + 6:
        contract += "X"
    return {"contract": contract, "declarer": declarer, "tricks": tricks}


def play_table(base_url: str, token: str, pace: float, seed: int,
               stop: threading.Event | None = None) -> None:
    """Play one table to its end; reconnects on its own if the server goes away for a while."""
    rng = random.Random(seed)
    client = socketio.Client(reconnection=True, reconnection_delay=1)
    state: dict[str, Any] = {}
    changed = threading.Event()
    # Boards this robot has entered: the state that shows them may come after the next turn,
    # and entering a board twice would be a conflicting entry for the director.
    entered: set[tuple[int, int]] = set()

    stale = threading.Event()

    @client.on("state", namespace="/table")
    def on_state(data: dict[str, Any]) -> None:
        state.clear()
        state.update(data)
        changed.set()

    @client.on("state_patch", namespace="/table")
    def on_patch(change: dict[str, Any]) -> None:
        # What changed since the version this robot has; a patch from another version (one
        # missed on the way) makes it ask for the whole state, as a terminal does.
        followed = follow(state, change)
        if followed is not None:
            on_state(followed)
            return
        stale.set()
        changed.set()

    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    try:
        while stop is None or not stop.is_set():
            changed.wait(timeout=5)
            changed.clear()
            if stale.is_set():
                stale.clear()
                on_state(client.call("get_state", {}, namespace="/table", timeout=30)["state"])
            if state and state.get("round") is None:
                return
            done = {(r["round"], r["board"]) for r in state.get("results", [])} | entered
            rnd = state["round"]
            todo = [b for b in state.get("boards", []) if (rnd, b) not in done]
            if not todo:
                continue
            time.sleep(pace * rng.uniform(0.6, 1.4))
            payload = {"op_id": str(uuid.uuid4()), "board": todo[0],
                       **table_result(todo[0], rng)}
            ack = client.call("submit_result", payload, namespace="/table", timeout=30)
            if isinstance(ack, dict) and ack.get("ok"):
                entered.add((rnd, todo[0]))
    finally:
        client.disconnect()


def play_tables(base_url: str, tables: list[dict[str, Any]], pace: float) -> None:
    """Play several tables at once, each in its own (green) thread."""
    threads = [
        threading.Thread(target=play_table, args=(base_url, t["token"], pace, t["table"]),
                         daemon=True)
        for t in tables
    ]
    for thread in threads:
        thread.start()
