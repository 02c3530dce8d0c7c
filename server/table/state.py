"""What a table's terminal reads: its state, everything it needs to play on even if the Wi-Fi
drops right after, and a board's traveller once the table has played it.
"""

from __future__ import annotations

from typing import Any

from ..errors import TravellerError, ok_body, shown
from ..event.clocks import clock_wire, table_clock
from ..event.numbering import numbering
from ..scoring import matchpoints
from ..store import Store, TableRow
from ..store import setup as setup_sql
from ..teams.captains import match_state
from .calls import call_wire
from .eastwest import waiting
from .entry import locked_boards
from .schedule import board_info, current_round, moves_after, section_plan
from .seating import state_players
from .terminals import event_wire


def table_state(store: Store, table: TableRow, now_ms: int) -> dict[str, Any]:
    """Everything a terminal needs to play on, even if the Wi-Fi drops right after."""
    wire = event_wire(store)
    seatings = store.seatings(table.section, table.number)
    results = store.results(table.section, table.number)
    adjusted = store.adjusted_boards().get((table.section, table.number), set())
    locked = locked_boards(store, table, now_ms)
    scored = {(r.round, r.board) for r in results} | adjusted | locked
    here = current_round(seatings, scored)
    team_block = (match_state(store, table, here.round if here else None, now_ms)
                  if wire["kind"] == "teams" else None)
    plan = _plan(store, table, teams=team_block is not None)
    names = numbering(store)
    return {
        "event": wire,
        "section": table.section,
        "table": table.number,
        "round": here.round if here else None,
        "rounds": plan["rounds"],
        # The round as the room names it (its stage, its number 1-R in the stage): the
        # round played now, else the table's last.
        "round_name": (names.round(here.round, table.section, table.number).wire() if here
                       else plan["schedule"][-1]["name"] if plan["schedule"] else None),
        "ns_pair": here.ns_pair if here else None,
        "ew_pair": here.ew_pair if here else None,
        "boards": list(here.boards) if here else [],
        "board_info": plan["board_info"],
        "schedule": plan["schedule"],
        "results": [r.wire() for r in results],
        "pending": waiting(store, table.section, table.number),
        "adjusted": [{"round": r, "board": b} for r, b in sorted(adjusted)],
        # The clock of the round the table plays now: the same one the console shows for it.
        "clock": clock_wire(table_clock(store, table.section, table.number,
                                        here.round if here else None), now_ms),
        "calls": [call_wire(c) for c in store.calls(table.section, table.number)],
        "players": state_players(store, table),
        "teams": team_block,
        "now_ms": now_ms,
    }


def _board_wire(store: Store, board: int) -> dict[str, Any]:
    """A board's dealer, vulnerability and number in the room, one object for every table
    that plays it (a thousand teams tables' own copies were 37 MB of the server, measured)."""
    return store.schedule_memo(("board wire", board), lambda: {
        **board_info(board), **numbering(store).board(board).wire()})  # type: ignore[no-any-return]


def _plan(store: Store, table: TableRow, teams: bool) -> dict[str, Any]:
    """The parts of a table's state that only the schedule decides, built once per schedule
    (a state is built after every entry; these are most of its work)."""
    def build() -> dict[str, Any]:
        seatings = store.seatings(table.section, table.number)
        plan = section_plan(store, table.section)
        names = numbering(store)
        return {
            # The section's rounds: a table a half table leaves empty in a round has fewer
            # rows.
            "rounds": max(plan.rounds, default=len(seatings)),
            # Each board's dealer and vulnerability, and its number in the room (`number`;
            # a long match's segment too): the protocol keeps the event's own numbers.
            "board_info": {str(b): _board_wire(store, b) for s in seatings for b in s.boards},
            "schedule": [
                {
                    "round": s.round,
                    "ns_pair": s.ns_pair,
                    "ew_pair": s.ew_pair,
                    "boards": list(s.boards),
                    "ew_next_table": s.ew_next_table,
                    "boards_next_table": s.boards_next_table,
                    # Teams: the room bar and the match panel say where the next match is.
                    "moves": None if teams else moves_after(plan, s),
                    "name": names.round(s.round, table.section, table.number).wire(),
                }
                for s in seatings
            ],
        }

    plan: dict[str, Any] = store.schedule_memo(("state", table.section, table.number, teams),
                                               build)
    return plan


def traveller(store: Store, table: TableRow, board: Any) -> dict[str, Any]:
    """A board's results so far, and its hands when hand records were loaded, for a table
    that has played it (never before). Closed rooms (K8.3) keep it: they keep spectators out,
    and the players who have just played the board are the room (`[entry] show_traveller`
    turns it off)."""
    if not event_wire(store)["show_traveller"]:
        raise TravellerError("traveller_hidden", "this event does not show travellers at the "
                             "table", 403)
    if isinstance(board, bool) or not isinstance(board, int):
        raise TravellerError("invalid_board", f"board must be a whole number, not {shown(board)}")
    # K4.2: a top-integral session's board is compared across its groups (one section each,
    # the same deals under the same event board), and shows the table's own group's lines.
    compared = numbering(store).compared_sections(board, table.section)
    results = [r for section in compared for r in store.results(section) if r.board == board]
    if not any(r.table_number == table.number and r.section == table.section for r in results):
        raise TravellerError("not_played_yet", f"board {board} has not been played at this "
                             "table yet", 403)
    points = matchpoints([r.ns_score for r in results])
    top = 2 * (len(results) - 1)
    rows = [
        {
            "ns_pair": r.ns_pair, "ew_pair": r.ew_pair, "contract": r.contract,
            "declarer": r.declarer, "tricks": r.tricks, "lead": r.lead, "ns_score": r.ns_score,
            "ns_mp": mp, "ew_mp": top - mp,
            "ns_pct": round(mp / top * 100, 2) if top else None,
            "this_table": r.table_number == table.number,
        }
        for r, mp in zip(results, points, strict=True) if r.section == table.section
    ]
    rows.sort(key=lambda row: -row["ns_score"])
    # The hands only ever reach a table that has played the board (checked above).
    deal = setup_sql.deal(store, board)
    hands = None if deal is None else {
        "north": deal.north, "east": deal.east, "south": deal.south, "west": deal.west,
        **board_info(board), "analysis": None if deal.analysis is None else deal.analysis.wire(),
    }
    return ok_body(board=board, top=top, results=rows, deal=hands)
