"""Who sits where at a table: the four player numbers a table sends at its first round
(`set_players`), and the players block of its state, enough to ask, look up and show names
offline.

In a mixed event (K6.2, K7.3) a seating that puts the woman elsewhere than North or West is
stored all the same, with a warning for the table to show; in a teams event the line-up is
checked against the rosters (D2.1) and the teams' eligibility (D2.2), and may stand for a
segment or a part of the match (D8.2, D3.6) and name each pair's bidding system (D3.3) and
whether it plays a highly artificial one (D3.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError, ok_body, op_id_of, shown
from ..event.players import (
    is_mixed,
    known,
    mixed_problems,
    pair_names,
    pair_players,
    parse_player_id,
)
from ..movements.lineups import parse_system
from ..store import SeatingRow, Store, TableRow
from ..store import players as sql
from ..store import teams as team_sql
from ..teams.lineups import check_lineup, parts_of
from ..teams.matches import is_teams


def set_players(store: Store, table: TableRow, payload: Any, now_ms: int,
                actor: str) -> dict[str, Any]:
    """Store who sits where at a table in a round; a replayed op_id is acknowledged again."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "players must be an object with op_id, round, "
                             "north, south, east and west")
    op_id = op_id_of(payload.get("op_id"))
    round_number = payload.get("round")
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        raise TravellerError("invalid_round", f"round must be a whole number, not "
                             f"{shown(round_number)}")
    seats = {seat: parse_player_id(payload.get(seat)) for seat in sql.SEATS}
    if len(set(seats.values())) < 4:
        raise TravellerError("same_player", "a player can sit in only one seat")
    seating = next((s for s in store.seatings(table.section, table.number)
                    if s.round == round_number), None)
    if seating is None:
        raise TravellerError("invalid_round", f"table {table.number} has no round "
                             f"{round_number}", 409)
    segment = payload.get("segment")
    if segment is not None and (isinstance(segment, bool) or not isinstance(segment, int)
                                or segment < 1):
        raise TravellerError("invalid_segment", f"segment must be a whole number from 1, not "
                             f"{shown(segment)}")
    facts = _lineup_facts(store, seating, payload, segment)
    roster_problems: list[str] = []
    if is_teams(store):
        # D8.2 line-ups per segment; D2.1 only rostered players; D2.2 an ineligible team.
        roster_problems = check_lineup(store, seating, seats)
    with store.write() as db:
        earlier = sql.seating_by_op(db, table.section, table.number, op_id)
        if earlier is not None:
            said = {k: int(bool(earlier[k])) if k.endswith("_sws") else earlier[k]
                    for k in facts}
            if ({s: earlier[s] for s in sql.SEATS}, earlier["round"], earlier["segment"],
                    said) != (seats, round_number, segment, facts):
                raise TravellerError("op_id_reused", "this op_id seated other players; new "
                                     "seats need a new op_id", 409)
            return _seated_ack(store, {s: earlier[s] for s in sql.SEATS}, earlier["round"],
                               duplicate=True, segment=earlier["segment"],
                               part=earlier["part"])
        sql.insert_seating(store, db, {
            "op_id": op_id, "section": table.section, "table_number": table.number,
            "round": round_number, "ns_pair": seating.ns_pair, "ew_pair": seating.ew_pair,
            **seats, "actor": actor, "at_ms": now_ms, "segment": segment, **facts,
        })
    return _seated_ack(store, seats, round_number, duplicate=False, segment=segment,
                       part=facts["part"], roster=roster_problems)


def _lineup_facts(store: Store, seating: SeatingRow, payload: Mapping[str, Any],
                  segment: int | None) -> dict[str, Any]:
    """What a teams line-up says besides the seats, checked: the part of a longer match it
    stands for (D3.6), each pair's bidding system (D3.3) and whether it plays a highly
    artificial system (D3.4)."""
    part = payload.get("part")
    if part is not None:
        parts = parts_of(store, seating) if is_teams(store) else (1,)
        if isinstance(part, bool) or not isinstance(part, int) or not 1 <= part <= max(parts):
            raise TravellerError("invalid_part", f"part must be a part of the match, 1 to "
                                 f"{max(parts)}, not {shown(part)}")
        if segment is not None:
            raise TravellerError("invalid_part", "a line-up stands for a segment or for a "
                                 "part, not both")
    facts: dict[str, Any] = {"part": part}
    for side in ("ns", "ew"):
        try:
            facts[f"{side}_system"] = parse_system(payload.get(f"{side}_system"))
        except ValueError as exc:
            raise TravellerError("invalid_system", f"{side}_system: {exc}") from None
        sws = payload.get(f"{side}_sws", False)
        if not isinstance(sws, bool):
            raise TravellerError("invalid_sws", f"{side}_sws must be true or false, not "
                                 f"{shown(sws)}")
        facts[f"{side}_sws"] = int(sws)
    return facts


def _seated_ack(store: Store, seats: dict[str, str], round_number: int,
                duplicate: bool, segment: int | None = None, part: int | None = None,
                roster: list[str] | None = None) -> dict[str, Any]:
    listed = known(store)
    problems = mixed_problems({s: listed.get(i, {}).get("gender", "") for s, i in seats.items()}) \
        if is_mixed(store) else []
    warning = None
    if problems:
        sides = " and ".join({"ns": "North-South", "ew": "East-West"}[p] for p in problems)
        warning = (f"mixed event: the woman sits North or West (K6.2, K7.3); check {sides}")
    if roster and not warning:
        warning, problems_code = "; ".join(roster), "not_on_roster"
    else:
        problems_code = "mixed_seating" if problems else None
    return ok_body(round=round_number, duplicate=duplicate, segment=segment, part=part,
                   roster=roster or [],
                   names={s: listed.get(i, {}).get("name") for s, i in seats.items()},
                   unknown=[i for i in seats.values() if i not in listed],
                   warning=warning, warning_code=problems_code,
                   mixed=problems)


def state_players(store: Store, table: TableRow) -> dict[str, Any]:
    """The `players` block of a table's state: enough to ask, look up and show names offline.

    Not the register (it stays on the server, which checks every seating against it: D2.1,
    K4.4): `known` holds only the players this table meets, those seated at it and those of
    the pairs (teams: the rosters of the teams) of its rounds; `listed` says how many the
    register holds. A number typed at the table that `known` lacks is named by `get_players`,
    or by the acknowledgement of its seating. Kept until a seating, the schedule, the players
    list or a setting changes (a result changes none of them): shared, not to be changed."""
    found: dict[str, Any] = store.seated_memo(("state_players", table.section, table.number),
                                              lambda: _state_players(store, table))
    return found


def _state_players(store: Store, table: TableRow) -> dict[str, Any]:
    listed = known(store)
    met = {p for s in store.seatings(table.section, table.number)
           for p in (s.ns_pair, s.ew_pair) if p is not None}
    rows = sql.seatings_met(store, table.section, table.number, met)
    seated = [r for r in rows if r["table_number"] == table.number]
    ids = {r[s] for r in seated for s in sql.SEATS}
    ids.update(i for (_, pair), pair_ids in pair_players(store, table.section, rows).items()
               if pair in met for i in pair_ids)
    if is_teams(store):
        rostered = team_sql.rosters(store)
        ids.update(i for team in met for i in rostered.get(team, []))
    return {
        "mixed": is_mixed(store),
        "listed": len(listed),
        "known": {i: listed[i] for i in sorted(ids) if i in listed},
        "seated": [{"round": r["round"], **{s: r[s] for s in sql.SEATS}} for r in seated],
        "pairs": {str(pair): names
                  for (_, pair), names in pair_names(store, table.section, rows).items()
                  if pair in met},
    }


MAX_LOOKUP = 8
"""The most player numbers one `get_players` names: a table's four, twice over."""


def get_players(store: Store, payload: Any) -> dict[str, Any]:
    """The register's names of the numbers typed at a table (`{"ids": [...]}`, at most
    MAX_LOOKUP): `players` by number, `unknown` the numbers the register lacks."""
    ids = payload.get("ids") if isinstance(payload, Mapping) else None
    if not isinstance(ids, list) or not 1 <= len(ids) <= MAX_LOOKUP:
        raise TravellerError("bad_payload", f"get_players takes ids, a list of 1 to "
                             f"{MAX_LOOKUP} player numbers")
    numbers = [parse_player_id(i) for i in ids]
    listed = known(store)
    return ok_body(players={i: listed[i] for i in numbers if i in listed},
                   unknown=[i for i in numbers if i not in listed])
