"""A season of a PZBS league group (16 teams, 15 rounds of 24 boards, D1.3) in the server:
the teams ranking from every stored result (both rooms), a teams table's state (what every
push to a terminal costs), and one result stored through the same path as a socket entry."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from server.event.create import create_event
from server.formats import load_preset
from server.stages.rehearsal import robot_lineup
from server.table.entry import submit_result
from server.table.seating import set_players
from server.table.state import table_state
from server.teams.standings import standings

ROOT = Path(__file__).resolve().parents[2]


def _median_ms(fn: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(runs: int = 5) -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        store = create_event(Path(tmp) / "league.db", load_preset(ROOT / "seeds/pzbs-league.toml"),
                             password="bench-password", base_url="http://127.0.0.1")
        seatings = store.seatings()
        last_round = max(s.round for s in seatings)
        rows = []
        for s in seatings:
            if s.round == last_round and s.table_number == 1:
                continue  # one match left to play: the timed entry goes there
            for board in s.boards:
                rows.append({
                    "op_id": f"b-{s.section}-{s.table_number}-{s.round}-{board}",
                    "section": s.section, "table_number": s.table_number, "round": s.round,
                    "board": board, "ns_pair": s.ns_pair, "ew_pair": s.ew_pair,
                    "contract": "4SN", "declarer": "N", "tricks": 10,
                    "ns_score": rng.choice((620, 650, -100, 170, -420, 1430, -50)),
                    "entered_ms": 0, "source": "bench", "lead": None})
        with store.write() as db:
            db["results"].insert_all(rows)
        now = int(time.time() * 1000)
        standing_ms = _median_ms(lambda: standings(store, now), runs)
        table = next(t for t in store.tables() if (t.section, t.number) == ("O", 2))
        state_ms = _median_ms(lambda: table_state(store, table, now), runs)
        target = next(t for t in store.tables() if (t.section, t.number) == ("O", 1))
        # D2.1: the match's line-up comes before its first result.
        match = next(s for s in store.seatings("O", 1) if s.round == last_round)
        set_players(store, target, robot_lineup(store, "O", match), now, actor="bench")
        here = table_state(store, target, now)
        boards = iter(here["boards"])

        def submit() -> None:
            submit_result(store, target, {
                "op_id": f"timed-{rng.random():.12f}".replace(".", ""), "board": next(boards),
                "contract": "3N", "declarer": "S", "tricks": 9}, now, actor="bench")

        submit_ms = _median_ms(submit, runs)
        top = standings(store, now)["teams"][0]
        store.close()
    print(f"Teams league: {len(rows)} results (16 teams, 15 rounds x 24 boards, two rooms)")
    print(f"  ranking from every result: {standing_ms:.0f} ms (median of {runs}); "
          f"leader team {top['team']} on {top['vp']} VP")
    print(f"  one table's state (each push): {state_ms:.0f} ms")
    print(f"  one result stored (socket path, fsync included): {submit_ms:.1f} ms")


if __name__ == "__main__":
    main()
