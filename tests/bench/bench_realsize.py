"""Real size (issue 24): a federation's players register, hand records, a teams event with
rosters beside the pairs event, and 500 and 1,000 terminals, against the bare echo in the same
run.

Every event here is built as a venue builds it: `traveller new`'s event (the demo's Mitchell
for the pairs, GABSI's teams round robin for the teams), the register imported with
`traveller players` (a CSV of ids, names with their diacritics, genders), the hand records
with `traveller deals` (a dealing machine's PBN of shuffled deals for every board), the teams'
rosters (six players each, from the register) with the console's roster import, and the first
round seated: four players of the register at every pairs table, every teams table's line-up
from its teams' rosters (D2.1). Then a real `traveller serve` runs it.

1. What a table receives, on a 20-table event (20 pairs tables; 10 matches, both rooms), with
   registers of 200 and 20,000 players: its first `state`, and every `state` and `state_patch`
   during a round in which every table enters its boards, one a second or so (a pairs round's
   3, a match's 12): per result (all the tables' bytes over the results entered), per round (a
   table's bytes), and the median message pushed.
2. The acknowledgement bench of `bench_acks` with the 20,000 players, burst and paced: the
   pairs event at 500 and 1,000 terminals (20 sections of 25 tables, 25 of 40), the teams event
   at 500 and 1,000 (250 and 500 matches, each table entering its match's first 3 boards), each
   beside the bare echo at the same size (silent, and pushing after each acknowledgement a patch
   of the server's median push), with the loss count, the server's peak memory and its CPU time
   an acknowledgement.

3. The smallest paced field of each kind once more with the director's console open (as at a
   venue; the console takes the grid's patches): the acknowledgements' latency, and the grid's
   bytes a result.

Sizes are Socket.IO payloads: the JSON of each message as the server frames it, in bytes, as
the terminal receives it (less the WebSocket frame). It prints each figure beside its target
and asserts nothing. `make bench` runs the quick mode (one run of each field); more:

    python -m tests.bench.bench_realsize [--runs N] [--pairs 500,1000] [--teams 500,1000]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server import cli
from server.event.create import create_event
from server.formats import load_preset
from server.stages.rehearsal import robot_lineup
from server.store import Store
from server.store import teams as teams_sql
from server.table.seating import set_players
from server.teams.setup import import_rosters
from tests.bench.bench_acks import echo_run, first_state, line, measure, start_synced
from tests.conftest import PASSWORD, REPO, ServerProcess, free_port, make_event
from tests.integration.dealing_machine import dealing_machine_file

REGISTER = 20_000
SMALL_REGISTER = 200
ROUNDS = 9
ROSTER = 6
# Boards each terminal enters in a field: a pairs round's 3, a teams match's first 3 (a match's
# 12 at every table of 500 matches would measure a venue that does not exist).
BOARDS = 3
# The 20-table events' pace: a push after each result, not one for several.
WIRE_PACE = 1.0
TEAMS_PRESET = REPO / "seeds" / "gabsi-teams.toml"

# The targets of issue 24.
FIRST_KB = 64
FIRST_GROWTH = 1.10
PUSH_KB = 2
RATIO = {500: 1.2, 1000: 1.5}
MEMORY_MB = 250

FIRST = ["Agnieszka", "Łukasz", "Małgorzata", "Wojciech", "Zofia", "Krzysztof", "Siti", "Budi",
         "Dewi", "Agus", "Ni Made", "Hendra", "Katarzyna", "Grzegorz", "Ayu", "Rizky"]
LAST = ["Kowalczyk", "Wiśniewska", "Zieliński", "Wójcik", "Szymańska", "Dąbrowski",
        "Lewandowska", "Santoso", "Wijaya", "Kusumawati", "Pratama", "Hartono", "Setiawan",
        "Nowak", "Gałązka", "Sulistyowati"]


def layout(terminals: int) -> tuple[int, int]:
    """Pairs tables in sections (how many, of how many tables): 25 a section as
    `bench_acks`, 40 (a Mitchell's most) when 26 sections (an event's most) are too few."""
    if terminals <= 40:
        return 1, terminals
    tables = 25 if terminals <= 26 * 25 else 40
    return terminals // tables, tables


def register(path: Path, players: int, seed: int = 24) -> list[str]:
    """A federation's register as a CSV file (`id,name,gender,club`); returns the ids."""
    rng = random.Random(seed)
    ids = [str(10001 + n) for n in range(players)]
    with path.open("w", encoding="utf-8") as out:
        out.write("id,name,gender,club\n")
        for federation_id in ids:
            out.write(f"{federation_id},{rng.choice(FIRST)} {rng.choice(LAST)},"
                      f"{rng.choice('FM')},Klub {rng.randint(1, 400)}\n")
    return ids


def _cli(*args: str) -> None:
    """A `traveller` command, its line kept out of the bench's output."""
    with contextlib.redirect_stdout(io.StringIO()):
        status = cli.main(list(args))
    if status != 0:
        raise RuntimeError(f"traveller {' '.join(args)} failed")


def _load(db: Path, csv: Path) -> None:
    """The register and the hand records of every board the event plays, as a venue loads
    them."""
    _cli("players", str(db), str(csv))
    store = Store.open(db)
    boards = sorted({b for s in store.seatings() for b in s.boards})
    store.close()
    pbn = db.with_suffix(".pbn")
    pbn.write_bytes(dealing_machine_file(boards))
    _cli("deals", str(db), str(pbn))


def _seat(db: Path, lineup: Callable[[Store, Any, int], dict[str, Any]]) -> None:
    """Who sits where in the first round, at every table (no fsync each: a set-up step)."""
    store = Store.open(db)
    try:
        tables = {(t.section, t.number): t for t in store.tables()}
        first = [s for s in store.seatings() if s.round == 1]
        with store.unhurried():
            for n, seating in enumerate(first):
                set_players(store, tables[seating.section, seating.table_number],
                            lineup(store, seating, n), 0, actor="bench")
    finally:
        store.close()


def pairs_event(tmp: Path, terminals: int, csv: Path, ids: list[str]) -> ServerProcess:
    """A pairs event of `terminals` tables (sections of at most 40), loaded and seated."""
    port = free_port()
    sections, tables = layout(terminals)
    db = make_event(tmp / "pairs.db", tables=tables, rounds=ROUNDS, sections=sections,
                    base_url=f"http://127.0.0.1:{port}")
    _load(db, csv)

    def four(_: Store, seating: Any, n: int) -> dict[str, Any]:
        north, south, east, west = ids[4 * n:4 * n + 4]
        return {"op_id": str(uuid.uuid4()), "round": 1, "north": north, "south": south,
                "east": east, "west": west}

    _seat(db, four)
    return ServerProcess(db_path=db, port=port)


def teams_event(tmp: Path, terminals: int, csv: Path, ids: list[str]) -> ServerProcess:
    """A teams round robin with a terminal at each of its tables (two a match), every team's
    roster from the register, loaded and its line-ups entered."""
    port = free_port()
    db = tmp / "teams.db"
    create_event(db, load_preset(TEAMS_PRESET), password=PASSWORD,
                 base_url=f"http://127.0.0.1:{port}", tables=terminals // 2,
                 rounds=ROUNDS).close()
    _load(db, csv)
    store = Store.open(db)
    try:
        teams = [t["number"] for t in teams_sql.teams(store)]
        rosters = "team,id\n" + "".join(f"{team},{ids[ROSTER * n + k]}\n"
                                        for n, team in enumerate(teams) for k in range(ROSTER))
        import_rosters(store, rosters, actor="bench", filename="rosters.csv")
    finally:
        store.close()
    _seat(db, lambda store, seating, _: robot_lineup(store, seating.section, seating))
    return ServerProcess(db_path=db, port=port)


EVENTS = {"pairs": pairs_event, "teams": teams_event}


def _kb(size: float) -> str:
    return f"{size / 1024:.1f} KB"


def _served(kind: str, tmp: Path, terminals: int, csv: Path,
            ids: list[str]) -> tuple[ServerProcess, list[str]]:
    server = start_synced(EVENTS[kind](tmp, terminals, csv, ids))
    return server, [str(r["token"]) for r in server.tables()]


def wire(kinds: list[str]) -> dict[tuple[str, int], dict[str, float]]:
    """Part 1: what a table of a 20-table event receives, registers of 200 and 20,000."""
    print("What a table receives (Socket.IO payload sizes: the JSON of each `state` and "
          "`state_patch` as the server frames it), a 20-table event with hand records; every "
          f"table enters its round's boards (a pairs round's 3, a teams match's 12), each "
          f"0-{WIRE_PACE:g} s after the last:", flush=True)
    out = {}
    for kind in kinds:
        for players in (SMALL_REGISTER, REGISTER):
            with tempfile.TemporaryDirectory() as name:
                tmp = Path(name)
                ids = register(tmp / "register.csv", players)
                server, tokens = _served(kind, tmp, 20, tmp / "register.csv", ids)
                r = out[kind, players] = measure(server, tokens, WIRE_PACE)
            print(f"  {kind}, register of {players:,} players: first connect "
                  f"{_kb(r['first_bytes'])}; a push after a result {r['push_bytes']:.0f} B "
                  f"median; {r['result_bytes']:.0f} B per result, {_kb(r['round_bytes'])} per "
                  f"round a table; {r['acks']:.0f} results, errors {r['failures']:.0f}, states "
                  f"asked again {r['resyncs']:.0f}", flush=True)
    return out


def field(kind: str, terminals: int, runs: int, pace: float) -> dict[str, float]:
    """Part 2: `runs` fields of the server, the silent echo and the pushing echo."""
    servers, echoes, pushing = [], [], []
    for i in range(1, runs + 1):
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            ids = register(tmp / "register.csv", REGISTER)
            started = time.perf_counter()
            server, tokens = _served(kind, tmp, terminals, tmp / "register.csv", ids)
            ready = time.perf_counter() - started
            state = tmp / "state.json"
            state.write_text(json.dumps(first_state(server.db_path)))
            s = measure(server, tokens, pace, BOARDS)
            e = echo_run(tokens, pace, state, boards=BOARDS)
            p = echo_run(tokens, pace, state, s["push_bytes"], BOARDS)
        servers.append(s)
        echoes.append(e)
        pushing.append(p)
        print(f"  run {i} (event built, loaded, seated and served in {ready:.0f} s)\n"
              f"    {line('server', s)}\n    {line('echo  ', e)}\n"
              f"    {line('echo+pushes', p)}\n"
              f"    first connect {_kb(s['first_bytes'])}, a push after a result "
              f"{s['push_bytes']:.0f} B median, {s['result_bytes']:.0f} B per result, "
              f"{_kb(s['round_bytes'])} a table for its {BOARDS} boards; server CPU "
              f"{1000 * s['cpu_s'] / s['acks'] if s['acks'] else float('nan'):.1f} ms an "
              "acknowledgement", flush=True)

    def median(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    return {
        "p50": median(servers, "p50_ms"), "p99": median(servers, "p99_ms"),
        "echo_p50": median(echoes, "p50_ms"), "echo_p99": median(echoes, "p99_ms"),
        "pushing_p99": median(pushing, "p99_ms"),
        "ratio": statistics.median(s["p99_ms"] / e["p99_ms"]
                                   for s, e in zip(servers, echoes, strict=True)),
        "pushing_ratio": statistics.median(s["p99_ms"] / p["p99_ms"]
                                           for s, p in zip(servers, pushing, strict=True)),
        "lost": sum(s["lost"] for s in servers),
        "errors": sum(r["failures"] for r in servers + echoes + pushing),
        "resyncs": sum(s["resyncs"] for s in servers),
        "memory": max(s["memory_mb"] for s in servers),
        "first": median(servers, "first_bytes"), "push": median(servers, "push_bytes"),
        "result": median(servers, "result_bytes"), "round": median(servers, "round_bytes"),
    }


def console_field(kind: str, terminals: int, pace: float) -> dict[str, float]:
    """Part 3: the same field with the director's console open (taking the grid's patches),
    as at a venue: the acknowledgements' latency and what the console receives."""
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        ids = register(tmp / "register.csv", REGISTER)
        server, tokens = _served(kind, tmp, terminals, tmp / "register.csv", ids)
        r = measure(server, tokens, pace, BOARDS, console=True)
    print(f"    {line('server', r)}\n    console: {r['console_messages']:.0f} grid pushes, "
          f"{_kb(r['console_bytes'])}, {r['console_bytes'] / r['acks']:.0f} B a result, "
          f"whole grid asked again {r['console_asked']:.0f} times", flush=True)
    return r


def _describe(kind: str, terminals: int) -> str:
    if kind == "pairs":
        sections, tables = layout(terminals)
        return f"pairs, {sections} sections of {tables} tables, a round of {BOARDS} boards"
    return (f"teams, {terminals // 2} matches of {terminals} teams with rosters, the first "
            f"{BOARDS} boards of a 12-board match")


def _row(what: str, measured: str, target: str) -> None:
    print(f"  {what:<54} {measured:<40} {target}", flush=True)


def main(runs: int = 1, pairs: tuple[int, ...] = (500, 1000),
         teams: tuple[int, ...] = (500, 1000)) -> None:
    kinds = [k for k, sizes in (("pairs", pairs), ("teams", teams)) if sizes]
    sizes_of = wire(kinds)
    fields: list[tuple[str, int, str, dict[str, float]]] = []
    for terminals in sorted(set(pairs) | set(teams)):
        for kind in [k for k, sizes in (("pairs", pairs), ("teams", teams))
                     if terminals in sizes]:
            for mode, pace in (("burst", 0.0), ("paced", 3.0)):
                print(f"Real size: {terminals} terminals ({_describe(kind, terminals)}), "
                      f"{REGISTER:,} players, hand records; {mode}"
                      + (", each entry 0-3 s after the last" if pace else ", all at once")
                      + f"; `traveller serve` beside the bare echo ({runs} run"
                      + ("s)" if runs > 1 else ")"), flush=True)
                fields.append((kind, terminals, mode, field(kind, terminals, runs, pace)))
    consoles: list[tuple[str, int, dict[str, float]]] = []
    for kind in kinds:
        terminals = min(pairs if kind == "pairs" else teams)
        print(f"Real size with the director's console open: {terminals} terminals "
              f"({_describe(kind, terminals)}), paced", flush=True)
        consoles.append((kind, terminals, console_field(kind, terminals, 3.0)))

    print("\nReal size against the targets of issue 24 (medians of runs; sizes are Socket.IO "
          "payloads; p99 ratios to the bare echo at the same size):", flush=True)
    _row("", "measured", "target")
    for kind in kinds:
        small, large = sizes_of[kind, SMALL_REGISTER], sizes_of[kind, REGISTER]
        growth = large["first_bytes"] / small["first_bytes"]
        _row(f"{kind} 20 tables: first connect, 200 players", _kb(small["first_bytes"]),
             f"<= {FIRST_KB} KB")
        _row(f"{kind} 20 tables: first connect, 20,000 players",
             f"{_kb(large['first_bytes'])} ({growth:.3f}x the 200's)",
             f"<= {FIRST_KB} KB, <= {FIRST_GROWTH:.2f}x")
        _row(f"{kind} 20 tables: a push after a result", f"{large['push_bytes']:.0f} B median",
             f"<= {PUSH_KB * 1024} B")
        _row(f"{kind} 20 tables: per result, per round a table",
             f"{large['result_bytes']:.0f} B, {_kb(large['round_bytes'])}", "(reported)")
    for kind, terminals, mode, r in fields:
        limit = RATIO.get(terminals, RATIO[max(RATIO)])
        name = f"{kind} {terminals} {mode}"
        _row(f"{name}: ack p50, p99", f"{r['p50']:.1f}, {r['p99']:.1f} ms (echo "
             f"{r['echo_p50']:.1f}, {r['echo_p99']:.1f})", "")
        _row(f"{name}: p99 to the echo's", f"{r['ratio']:.2f}x (to the echo pushing: "
             f"{r['pushing_ratio']:.2f}x)", f"<= {limit}x" if terminals in RATIO else "")
        _row(f"{name}: lost, errors, states asked again",
             f"{r['lost']:.0f}, {r['errors']:.0f}, {r['resyncs']:.0f}", "0 lost")
        _row(f"{name}: server peak memory", f"{r['memory']:.0f} MB",
             f"< {MEMORY_MB} MB at 1,000" if terminals >= 1000 else "")
        _row(f"{name}: first connect; a push after a result",
             f"{_kb(r['first'])}; {r['push']:.0f} B median", f"<= {FIRST_KB} KB; <= "
             f"{PUSH_KB * 1024} B")
        _row(f"{name}: per result, a table's {BOARDS} boards",
             f"{r['result']:.0f} B, {_kb(r['round'])}", "(reported)")
    for kind, terminals, r in consoles:
        name = f"{kind} {terminals} paced, console open"
        _row(f"{name}: ack p50, p99", f"{r['p50_ms']:.1f}, {r['p99_ms']:.1f} ms", "(reported)")
        _row(f"{name}: the console's grid", f"{r['console_bytes'] / r['acks']:.0f} B a result, "
             f"{r['console_messages']:.0f} pushes", "(reported)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each field (default 1)")
    parser.add_argument("--pairs", default="500,1000",
                        help="the pairs event's sizes in terminals, e.g. 500,1000 ('' for none)")
    parser.add_argument("--teams", default="500,1000",
                        help="the teams event's sizes in terminals (two a match), e.g. 500,1000")
    args = parser.parse_args()
    main(args.runs, tuple(int(n) for n in args.pairs.split(",") if n),
         tuple(int(n) for n in args.teams.split(",") if n))
