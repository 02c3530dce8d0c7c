"""`traveller demo --preset seeds/<competition>.toml --robots`: a whole competition rehearsed.

Robots play every table through the real terminal protocol, each entering the result the
simulator's robots would for that table and board (`server.stages.robots`), at the pace of the
preset's clock divided by `--speed` (60: a minute of play a second). A robot director watches
the competition through the console's JSON, takes each decision as the simulator would (the
lowest-placed team a chooser may choose, the best-placed team for a wild card, every entry that
may join), and advances whenever something can be put in play, until the final places are
known. New tables an advance adds get their robots too.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.cookiejar import CookieJar
from typing import Any

import socketio

from ..stages.rehearsal import default_value, robot_lineup
from ..stages.robots import payload_of, robot_result
from ..stages.view import current
from ..store import Store
from ..teams.lineups import lineups_required


class Director:
    """The console through HTTP, logged in with the event's password."""

    def __init__(self, base_url: str, password: str) -> None:
        self.base = base_url.rstrip("/")
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()))
        page = self._get("/director/login")
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        data = urllib.parse.urlencode({"password": password,
                                       "csrf_token": token.group(1) if token else ""}).encode()
        self.opener.open(urllib.request.Request(self.base + "/director/login", data=data))
        console = self._get("/director/")
        found = re.search(r'name="csrf_token" value="([^"]+)"', console)
        self.csrf = found.group(1) if found else ""

    def _get(self, path: str) -> str:
        with self.opener.open(self.base + path) as response:
            return str(response.read().decode())

    def competition(self) -> dict[str, Any]:
        request = urllib.request.Request(self.base + "/director/competition/",
                                         headers={"Accept": "application/json"})
        with self.opener.open(request) as response:
            data: dict[str, Any] = json.loads(response.read())
            return data

    def post(self, path: str, **data: Any) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(data).encode(),
            headers={"Content-Type": "application/json", "Accept": "application/json",
                     "X-CSRF-Token": self.csrf})
        try:
            with self.opener.open(request) as response:
                body: dict[str, Any] = json.loads(response.read())
                return body
        except urllib.error.HTTPError as exc:
            refused: dict[str, Any] = json.loads(exc.read() or b"{}")
            return refused


def answer(db_path: str, key: str) -> Any:
    """The robot director's answer to the decision `key` (`traveller robots`' own: the
    simulator's default, with the robot players a join needs registered)."""
    store = Store.open(db_path)
    try:
        now = current(store, int(time.time() * 1000))
        due = next((d for d in now.view.due if d.key == key), None)
        return None if due is None else default_value(store, now.view, due)
    finally:
        store.close()


def play_table(base_url: str, db_path: str, token: str, seed: int, pace: float,
               stop: threading.Event) -> None:
    """One table's robot: it enters the simulator's result for each board in play here."""
    rng = random.Random(f"{seed}|pace|{token}")
    store = Store.open(db_path)
    client = socketio.Client(reconnection=True, reconnection_delay=1)
    entered: set[tuple[int, int]] = set()
    lined_up: set[int] = set()
    changed = threading.Event()
    client.on("state", lambda _data: changed.set(), namespace="/table")
    client.connect(base_url, namespaces=["/table"], auth={"token": token},
                   transports=["websocket"], wait_timeout=10)
    try:
        while not stop.is_set():
            ack = client.call("get_state", {}, namespace="/table", timeout=30)
            state = ack.get("state", {}) if isinstance(ack, dict) else {}
            number = state.get("round")
            done = {(r["round"], r["board"]) for r in state.get("results", [])} | entered
            todo = [b for b in state.get("boards", []) if (number, b) not in done]
            if number is None or not todo:
                changed.wait(timeout=2)
                changed.clear()
                continue
            stop.wait(pace * rng.uniform(0.6, 1.4))
            store.forget_schedule()  # an advance may have seated new rounds since
            if lineups_required(store) and number not in lined_up:
                # D2.1: the match's line-up before its first board, from the rosters.
                seating = next(s for s in store.seatings(state["section"], state["table"])
                               if s.round == number)
                given = client.call("set_players", robot_lineup(store, state["section"],
                                                                seating),
                                    namespace="/table", timeout=30)
                if isinstance(given, dict) and given.get("ok"):
                    lined_up.add(number)
                continue
            played = robot_result(store, seed, state["section"], state["table"], number,
                                  todo[0])
            if played is None:
                continue
            result = client.call("submit_result", {"op_id": str(uuid.uuid4()), "board": todo[0],
                                                   **payload_of(played)},
                                 namespace="/table", timeout=30)
            if isinstance(result, dict) and result.get("ok"):
                entered.add((number, todo[0]))
    finally:
        client.disconnect()
        store.close()


def run(base_url: str, db_path: str, password: str, seed: int, pace: float,
        stop: threading.Event | None = None, log: Any = print) -> None:
    """Play the whole competition: table robots, and the director robot that decides and
    advances until the final places are known."""
    stop = stop or threading.Event()
    started: set[str] = set()
    director = Director(base_url, password)
    threads = []
    try:
        while not stop.is_set():
            store = Store.open(db_path)
            tables = store.tables()
            store.close()
            for table in tables:
                if table.token not in started:
                    started.add(table.token)
                    thread = threading.Thread(
                        target=play_table, args=(base_url, db_path, table.token, seed, pace,
                                                 stop), daemon=True)
                    thread.start()
                    threads.append(thread)
            data = director.competition()
            if data.get("complete"):
                log(f"  The competition is over: {len(data['final_places'])} final places "
                    "on the console's competition page.")
                return
            for due in data.get("due", []):
                director.post("/director/competition/decide", key=due["key"],
                              value=answer(db_path, due["key"]), why="robot director")
            if data.get("next"):
                moved = director.post("/director/competition/advance", why="robot director")
                if moved.get("ok"):
                    log("  Advanced: " + "; ".join(moved["summary"]))
            stop.wait(max(1.0, pace))
    finally:
        stop.set()


def default_pace(preset: dict[str, Any], speed: float) -> float:
    """Seconds a robot takes over a board: the preset's time a board, `speed` times faster."""
    minutes = float(preset.get("clock_minutes", 8)) / max(1, int(preset.get("clock_per_boards",
                                                                            1)))
    return minutes * 60 / max(speed, 0.001)
