"""The director's live grid: every table's round, progress, clock and terminal, and one queue
of alerts (director calls, tables late, terminals offline, conflicting entries, print jobs that
failed, an event file that cannot be written, backups that fail) that the director answers or
acknowledges.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import TravellerError, shown
from ..event.clocks import ClockBook, clock_wire
from ..event.numbering import Numbering, numbering
from ..event.venue import tables_here
from ..store import ResultRow, SeatingRow, Store, conflicts
from ..store import printing as spool
from ..table.calls import call_wire
from ..table.eastwest import call_messages
from ..table.eastwest import waiting as waiting_entries
from ..table.schedule import current_round
from ..teams.matches import is_teams, locks
from ..texts import N_, Message, english, message

PAUSE_EVERY = 100
"""Rows built between two of `grid`'s pauses."""


def grid(store: Store, connected: Mapping[tuple[str, int], int], now_ms: int,
         offline_since: Mapping[tuple[str, int], int] | None = None,
         pause: Callable[[], Any] | None = None) -> dict[str, Any]:
    """The director's live grid: every table's round, progress, clock and terminal, and the
    alerts waiting for the director. `pause`, when given, is called after the reads and every
    PAUSE_EVERY rows (a server lets the tables' frames through there: a grid of 500 tables
    held the loop 10-30 ms in one piece); the rows are built from what was read before."""
    offline_since = offline_since or {}
    results = store.results()
    plays = playing(store, now_ms, results)
    done_at: dict[tuple[str, int], list[ResultRow]] = {}
    for result in results:
        done_at.setdefault((result.section, result.table_number), []).append(result)
    clocks = ClockBook.load(store)
    # An entry waiting for East-West (or for North-South's correction) is the table's latest.
    waiting = {(e["section"], e["table"]): e for e in waiting_entries(store)}
    rows = []
    names = numbering(store)
    # In a competition, a table done with everything and given nothing by the last advance
    # sits out the stage in play: it is counted, not drawn.
    since = names.last_advance
    # A venue's file (D5.1) draws its own group's tables: the others play in other cities.
    here_tables = tables_here(store)
    for index, table in enumerate(here_tables):
        if pause is not None and index % PAUSE_EVERY == 0:
            pause()
        key = (table.section, table.number)
        mine, scored, here = plays[key]
        done = done_at.get(key, [])
        last = done[-1] if done else None
        clock = clocks.of(table.section, table.number, here.round if here else None)
        late = clock.late_minutes(now_ms) if here and clock and clock.round == here.round else 0
        shown = here.round if here else (mine[-1].round if mine else None)
        name = names.round(shown, table.section, table.number) if shown else None
        rows.append(
            {
                "section": table.section,
                "table": table.number,
                "round": here.round if here else None,
                "rounds": len(mine),
                # The round as the room names it: the stage, its round 1-R (a knock-out
                # match: its round in the bracket).
                "round_name": name.wire() if name else None,
                "idle": since is not None and here is None and not any(
                    s.round >= since for s in mine),
                "boards_done": sum((here.round, b) in scored for b in here.boards) if here else 0,
                "boards_in_round": len(here.boards) if here else 0,
                "finished": here is None,
                "ns_pair": here.ns_pair if here else None,
                "ew_pair": here.ew_pair if here else None,
                "connected": connected.get(key, 0) > 0,
                "offline_since_ms": None if connected.get(key, 0) else offline_since.get(key),
                "last_entry": _numbered(waiting.get(key) or (
                    last.wire() | {"entered_ms": last.entered_ms} if last else None), names),
                "clock": clock_wire(clock, now_ms),
                "own_clock": clocks.own(table.section, table.number, clock),
                "late_minutes": late,
            }
        )
    if is_teams(store):
        # A match's two rooms side by side: Open 1, Closed 1, Open 2...
        rows.sort(key=lambda row: (row["table"], row["section"] != "O"))
    calls = [call_wire(c) for c in store.calls(open_only=True)]
    latest = store.clock()
    return {"tables": rows, "results": len(results), "clock": clock_wire(latest, now_ms),
            "clock_names": [n.wire() for n in names.names(latest.round)] if latest else [],
            "calls": calls, "alerts": alerts(store, rows, calls, now_ms)}


def _numbered(entry: dict[str, Any] | None, names: Numbering) -> dict[str, Any] | None:
    """A table's last entry with its board as the room numbers it (`board_number`)."""
    return None if entry is None else {**entry, "board_number": names.number(entry["board"])}


Playing = tuple[list[SeatingRow], set[tuple[int, int]], SeatingRow | None]


def playing(store: Store, now_ms: int,
            results: list[ResultRow] | None = None) -> dict[tuple[str, int], Playing]:
    """Each table's seatings, the (round, board) it has scored, and the round it plays now
    (None when done): the round whose clock is the table's, on its terminal and the console."""
    by_table = store.schedule_memo("seatings_by_table", lambda: _by_table(store.seatings()))
    adjusted = store.adjusted_boards()
    results = store.results() if results is None else results
    done: dict[tuple[str, int], set[tuple[int, int]]] = {}
    for result in results:
        done.setdefault((result.section, result.table_number), set()).add(
            (result.round, result.board))
    locked = locks(store, now_ms, results)
    out: dict[tuple[str, int], Playing] = {}
    for table in store.tables():
        key = (table.section, table.number)
        mine = by_table.get(key, [])
        scored = done.get(key, set()) | adjusted.get(key, set()) | locked.get(key, set())
        out[key] = (mine, scored, current_round(mine, scored))
    return out


def _by_table(seatings: list[SeatingRow]) -> dict[tuple[str, int], list[SeatingRow]]:
    by_table: dict[tuple[str, int], list[SeatingRow]] = {}
    for seating in seatings:
        by_table.setdefault((seating.section, seating.table_number), []).append(seating)
    return by_table


def table_clocks(store: Store, now_ms: int) -> dict[tuple[str, int], dict[str, Any]]:
    """Each table's clock as the wire sends it: the clock of the round it plays now (its own,
    else the round's), the one authority its terminal and the console both show."""
    clocks = ClockBook.load(store)
    return {key: clock_wire(clocks.of(key[0], key[1], here.round if here else None), now_ms)
            for key, (_, _, here) in playing(store, now_ms).items()}


OFFLINE_ALERT_MS = 60_000
"""A terminal lost for longer than this during a running round is an alert."""


def alerts(store: Store, rows: list[dict[str, Any]], calls: list[dict[str, Any]],
           now_ms: int) -> list[dict[str, Any]]:
    """One queue, oldest first: director calls, tables late, terminals offline, print jobs that
    failed. An alert leaves the queue when the director acknowledges it (a call: when it is
    answered). Each says what is wrong in English (`text`) and as a message the console
    translates (`text_key`, `values`); a call says what the table typed, a call East-West
    made with its answer is worded from that answer."""
    acked = store.alert_acks()
    worded = call_messages(store, calls) if calls else {}
    queue = [
        {"key": f"call:{c['id']}", "kind": "call", "section": c["section"],
         "table": c["table_number"], "round": c["round"], "since_ms": c["called_ms"],
         "text": c["reason"], "call_id": c["id"]}
        | (_worded(worded[c["id"]]) if c["id"] in worded else {})
        for c in calls
    ]
    latest = store.clock()
    for row in rows:
        where = {"section": row["section"], "table": row["table"], "round": row["round"]}
        clock = row["clock"]
        if (not row["finished"] and clock["round"] == row["round"]
                and clock["remaining_ms"] is not None and clock["remaining_ms"] < 0):
            left = row["boards_in_round"] - row["boards_done"]
            queue.append(where | {
                "key": f"late:{row['section']}:{row['table']}:{row['round']}", "kind": "late",
                "since_ms": now_ms + clock["remaining_ms"],
                **_worded(message(N_("%(minutes)s min over time, %(boards)s board(s) to play"),
                                  minutes=row["late_minutes"], boards=left))})
        since = row["offline_since_ms"]
        if (since is not None and now_ms - since > OFFLINE_ALERT_MS and not row["finished"]
                and latest is not None and latest.running):
            queue.append(where | {
                "key": f"offline:{row['section']}:{row['table']}:{since}", "kind": "offline",
                "since_ms": since, **_worded(message(N_("terminal offline")))})
    for c in conflicts.conflicts(store):
        queue.append({
            "key": f"conflict:{c['id']}", "kind": "conflict", "section": c["section"],
            "table": c["table_number"], "round": c["round"], "since_ms": c["at_ms"],
            **_worded(message(
                N_("board %(board)s: a second entry %(contract)s %(declarer)s (%(score)s) "
                   "differs from the stored %(stored_contract)s %(stored_declarer)s "
                   "(%(stored_score)s)"),
                board=c["board"], contract=c["contract"], declarer=c["declarer"] or "",
                score=f"{c['ns_score']:+d}", stored_contract=c["stored_contract"],
                stored_declarer=c["stored_declarer"] or "",
                stored_score=f"{c['stored_ns_score']:+d}")),
            "board": c["board"], "conflict_id": c["id"]})
    for job in printer_failures(store):
        queue.append({"key": f"printer:{job['id']}", "kind": "printer", "section": None,
                      "table": None, "round": None, "since_ms": job["done_ms"] or 0,
                      **_worded(message(N_("printer: %(document)s not printed (%(error)s)"),
                                        document=message(job["document"]),
                                        error=job["error"]))})
    queue.extend(storage_alerts(store))
    return sorted((a for a in queue if a["key"] not in acked), key=lambda a: a["since_ms"])


def storage_alerts(store: Store) -> list[dict[str, Any]]:
    """Failed writes and failing backups, from the store's memory (`store.health`): the file
    that refused a write cannot hold the alert, so these are acknowledged in memory too."""
    health = store.health
    out = []
    nowhere: dict[str, Any] = {"section": None, "table": None, "round": None}
    for since, error in health.failures():
        out.append(nowhere | {
            "key": f"storage:{since}", "kind": "storage", "since_ms": since,
            **_worded(message(N_("the event file cannot be written (%(error)s): tables get no "
                                 "acknowledgement until it can"), error=error))})
    if health.backup_failure is not None:
        since, error = health.backup_failure
        out.append(nowhere | {"key": f"backup:{since}", "kind": "backup", "since_ms": since,
                              **_worded(message(N_("backup failed: %(error)s"), error=error))})
    return [a for a in out if a["key"] not in health.acknowledged]


def _worded(text: Message) -> dict[str, Any]:
    """An alert's text: in English, and as the message the console translates."""
    return {"text": english(text), "text_key": text["text_key"], "values": text["values"]}


def printer_failures(store: Store) -> list[dict[str, Any]]:
    return spool.failed(store)


def acknowledge_alert(store: Store, key: str, now_ms: int, actor: str) -> None:
    if re.fullmatch(r"(storage|backup):\d{1,15}", key):
        if not store.health.acknowledge(key):
            raise TravellerError("still_failing", "it is still failing: acknowledge it once "
                                 "the cause is fixed (free space, the stick back in)", 409)
        return
    if not re.fullmatch(r"(late|offline):[A-Za-z]{1,3}:\d{1,4}:\d{1,15}|(printer|conflict):\d{1,9}",
                        key, re.ASCII):
        raise TravellerError("unknown_alert", f"there is no alert {shown(key)} to acknowledge "
                             "(a call is answered, not acknowledged)", 404)
    with store.write() as db:
        store.ack_alert(db, key, now_ms, actor)
