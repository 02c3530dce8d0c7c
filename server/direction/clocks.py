"""The director runs the round clocks: starts the next round's, pauses, resumes or extends it
for every table, or gives one table its own (a table that started late).

A round's time is its boards times the preset's minutes per board; the server's clocks are
the only ones, and the terminals correct for their own clock's offset (`server.event.clocks`).
"""

from __future__ import annotations

from typing import Any

from ..clock import RoundClock, round_duration_ms
from ..errors import TravellerError, finite_number, shown
from ..event.numbering import numbering
from ..store import Store, TableRow
from .grid import playing


def next_round(store: Store, now_ms: int) -> int:
    """The round whose clock starts next: the lowest round seated after the last one started
    that a table plays now or will play (in a competition, the stage in play's round, however
    many rounds earlier stages had); refused once every round's clock has started."""
    started = store.clocks()
    latest = max(started, default=0)
    now = [here.round for (_, _, here) in playing(store, now_ms).values() if here is not None]
    if now:
        waiting = sorted({s.round for s in store.seatings()
                          if s.round >= min(now) and s.round > latest and s.round not in started})
        if waiting:
            return waiting[0]
    rounds = store.setting("movement", {}).get("rounds", 1)
    number = latest + 1
    if store.setting("competition") is not None or number > rounds:
        raise TravellerError("no_more_rounds", "every round in play has its clock started"
                             if store.setting("competition") is not None
                             else f"all {rounds} rounds have been started", 409)
    return number


def start_preview(store: Store, now_ms: int) -> dict[str, Any]:
    """What starting the next round's clock does, for the director to confirm: the round, and
    the tables still playing an earlier round (they keep that round's clock until they
    finish it, then play by the new one, already running)."""
    number = next_round(store, now_ms)
    behind = [
        {"section": section, "table": table, "round": here.round}
        for (section, table), (_, _, here) in playing(store, now_ms).items()
        if here is not None and here.round < number and number > 1
    ]
    return {"round": number, "behind": behind,
            "names": [n.wire() for n in numbering(store).names(number)]}


def start_clock(store: Store, now_ms: int, actor: str) -> RoundClock:
    """Start the clock of the next round: boards x the preset's minutes per board."""
    preset = store.setting("preset", {})
    per_round = store.setting("movement", {}).get("boards_per_round", 3)
    number = next_round(store, now_ms)
    # The round's own boards where it is seated (a competition's rounds differ: a 72-board
    # play-off match, a 24-board league match, a session's round).
    seated = [len(s.boards) for s in store.seatings() if s.round == number]
    per_round = max(seated, default=per_round)
    clock = RoundClock(
        round=number,
        duration_ms=round_duration_ms(
            per_round, preset.get("clock_minutes", 8), preset.get("clock_per_boards", 1)
        ),
    ).start(now_ms)
    with store.write() as db:
        store.save_clock(db, clock, actor=actor, why=f"round {number} started")
    return clock


CLOCK_ACTIONS = ("pause", "resume", "extend")


def change_clock(store: Store, action: str, now_ms: int, actor: str, *,
                 table: TableRow | None = None, round: int | None = None,
                 minutes: Any = None, why: str = "") -> RoundClock:
    """Pause, resume or extend a round's clock: for every table, or for one table only.

    One table gets its own clock, copied from the round's, which then runs apart from it
    (a table that started late is paused until it starts, or extended). A change for every
    table changes the round's clock and each table's own clock of that round alike.
    """
    if action not in CLOCK_ACTIONS:
        raise TravellerError("invalid_clock_action", f"a clock can be paused, resumed or "
                             f"extended, not {shown(action)}", 404)
    delta = 0
    if action == "extend":
        value = finite_number(minutes, "the minutes to extend by", "invalid_minutes", -120, 120)
        if value == 0:
            raise TravellerError("invalid_minutes", "extend by -120 to 120 minutes, not 0")
        delta = round_duration_ms(1, value)

    def change(clock: RoundClock) -> RoundClock:
        if action == "pause":
            return clock.pause(now_ms)
        if action == "resume":
            return clock.start(now_ms)
        return clock.extend(delta)

    with store.write() as db:
        base = store.clock(round)
        if base is None:
            raise TravellerError("no_clock", "start the round's clock first", 409)
        why = why.strip()[:200] or (
            f"{action} round {base.round}" + (f" by {minutes} min" if delta else ""))
        if table is None:
            store.save_clock(db, change(base), actor=actor, why=why)
            for (section, number, _), own in store.table_clocks(base.round).items():
                store.save_table_clock(db, section, number, change(own), actor=actor, why=why)
            return change(base)
        mine = store.table_clocks(base.round).get((table.section, table.number, base.round))
        new = change(mine or base)
        store.save_table_clock(db, table.section, table.number, new, actor=actor, why=why)
        return new
