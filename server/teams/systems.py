"""Line-ups as the captains and the director read them (PZBS D3.3, D3.4, D3.6): each pair's
bidding system, the highly artificial systems (SWS) announced and whether in time, and who has
the seating rights in each segment of a match, each part of a longer match being a match of
its own.

A highly artificial system is announced with the line-up that fields the pair (the terminal's
line-up form asks): the opponents' terminals, at the other side of the table and in the other
room of the match, show it at once, and the console's line-ups page checks the notice. The
notice counts from the line-up that first said so to the start of play of the part it stands
for: the round's clock first started for the match's first part; for a later part (D3.6) the
time its earlier boards were given by the clock (D3.5: 102 minutes per 12 boards) after it.
"""

from __future__ import annotations

from typing import Any

from ..clock import round_duration_ms
from ..event.numbering import numbering
from ..event.players import known
from ..store import SeatingRow, Store, TableRow
from ..store import players as players_sql
from .lineups import Unit, lineup_rules, parts_of, standing, unit_of
from .matches import names, room_of, segment_of, segments_at


def home_away(seating: SeatingRow) -> tuple[int, int]:
    """The home and away teams of the match a room's seating plays (the home team sits
    North-South in the open room, East-West in the closed one)."""
    if seating.section == "C":
        return seating.ew_pair, seating.ns_pair
    return seating.ns_pair, seating.ew_pair


def seating_rights(store: Store, seating: SeatingRow) -> list[int]:
    """The team that seats last in each segment of the match (D3.6: decided again at each
    part of a longer match); [] where the event shows no seating rights."""
    home, away = home_away(seating)
    rights = lineup_rules(store).rights(
        len(seating.boards), segments_at(store, seating.round, seating.table_number))
    return [home if side == "home" else away for side in rights]


def _covers(unit: Unit, parts: tuple[int, ...]) -> list[int]:
    """The parts a line-up of `unit` stands for (wholly or partly)."""
    if unit[0] == "segment" and unit[1] is not None:
        return [parts[unit[1] - 1]] if 1 <= unit[1] <= len(parts) else []
    if unit[0] == "part" and unit[1] is not None:
        return [unit[1]]
    return sorted(set(parts))


def announcements(store: Store, rows: list[dict[str, Any]] | None = None,
                  round_from: int = 0) -> list[dict[str, Any]]:
    """Every highly artificial system a standing line-up announces (D3.4), from `round_from`
    on: its round, match (table), room, unit (segment, part or match), the parts it stands
    for, the team, the pair's side at that table, its system, and when it was first said (the
    earliest line-up of the same unit that said it)."""
    rows = players_sql.lineups(store) if rows is None else rows
    first: dict[tuple[str, int, int, Unit, str], int] = {}
    for row in rows:
        for side in ("ns", "ew"):
            if row.get(f"{side}_sws"):
                key = (row["section"], row["table_number"], row["round"], unit_of(row), side)
                first.setdefault(key, row["at_ms"])
    out = []
    for (section, table, rnd), units in sorted(standing(rows).items()):
        if rnd < round_from:
            continue
        # One table's schedule at a time: a table's state reads only its match's line-ups.
        seating = next((s for s in store.seatings(section, table) if s.round == rnd), None)
        if seating is None:
            continue
        parts = parts_of(store, seating)
        for unit, row in units.items():
            for side in ("ns", "ew"):
                if not row.get(f"{side}_sws"):
                    continue
                out.append({
                    "round": rnd, "table": table, "room": room_of(section),
                    "unit": unit[0], "number": unit[1], "parts": _covers(unit, parts),
                    "team": seating.ns_pair if side == "ns" else seating.ew_pair,
                    "side": side, "system": row.get(f"{side}_system"),
                    "at_ms": first.get((section, table, rnd, unit, side), row["at_ms"])})
    return out


def part_starts(store: Store, seating: SeatingRow) -> dict[int, int | None]:
    """When play of each part of a match starts (D3.4's "before play"), by part: the round's
    clock first started, plus for a later part (D3.6) the time the clock gives the boards
    before it; None while the round's clock has not started."""
    clock = store.clocks().get(seating.round)
    parts = parts_of(store, seating)
    if clock is None:
        return dict.fromkeys(parts)
    starts = [players_sql.round_starts(store).get(seating.round)]
    if clock.started_ms is not None:
        starts.append(clock.started_ms - clock.used_ms)
    known_starts = [s for s in starts if s is not None]
    if not known_starts:
        return dict.fromkeys(parts)
    start = min(known_starts)
    preset = store.setting("preset", {}) or {}
    size = max(1, len(seating.boards) // len(parts))
    out: dict[int, int | None] = {}
    for index, part in enumerate(parts):
        out.setdefault(part, start + round_duration_ms(
            index * size, preset.get("clock_minutes", 8), preset.get("clock_per_boards", 1)))
    return out


def notices(store: Store, rows: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """D3.4: each team's highly artificial system announced for each part of a match, with
    the notice it gave: when first announced (in either room), the part's start of play, the
    minutes between them and whether that is less than the preset's notice (`late`; None
    while the round has not started)."""
    minutes = lineup_rules(store).sws_notice_minutes
    seatings = {(s.round, s.table_number): s for s in store.seatings("O")}
    found: dict[tuple[int, int, int, int], dict[str, Any]] = {}
    for a in announcements(store, rows):
        for part in a["parts"]:
            key = (a["round"], a["table"], a["team"], part)
            known_one = found.get(key)
            if known_one is None or a["at_ms"] < known_one["at_ms"]:
                found[key] = {"round": a["round"], "table": a["table"], "team": a["team"],
                              "part": part, "at_ms": a["at_ms"], "room": a["room"],
                              "side": a["side"], "system": a["system"]}
    out = []
    starts: dict[tuple[int, int], dict[int, int | None]] = {}
    for key in sorted(found):
        entry = found[key]
        seating = seatings.get((entry["round"], entry["table"]))
        if seating is None:
            continue
        if (seating.round, seating.table_number) not in starts:
            starts[seating.round, seating.table_number] = part_starts(store, seating)
        start = starts[seating.round, seating.table_number].get(entry["part"])
        notice = None if start is None else (start - entry["at_ms"]) // 60_000
        late = None if start is None or minutes is None else (
            start - entry["at_ms"] < minutes * 60_000)
        out.append({**entry, "start_ms": start, "notice_minutes": notice, "late": late,
                    "required_minutes": minutes})
    return out


def table_block(store: Store, table: TableRow, round_number: int | None,
                rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What a teams table's state says of line-ups besides the line-ups themselves: the rules
    its line-up form follows, the parts and seating rights of this round's match, and the
    highly artificial systems announced for its match from this round on, in both rooms
    (D3.3, D3.4, D3.6)."""
    rules = lineup_rules(store)
    here = next((s for s in store.seatings(table.section, table.number)
                 if s.round == round_number), None)
    mine = {table.number}
    return {
        "lineup_rules": {"every": rules.every, "systems": rules.systems,
                         "sws_notice_minutes": rules.sws_notice_minutes},
        "parts": list(parts_of(store, here)) if here else [],
        "seating_rights": seating_rights(store, here) if here else [],
        "sws": [{k: a[k] for k in ("round", "room", "unit", "number", "parts", "team",
                                   "side", "system")}
                for a in announcements(store, [r for r in rows if r["table_number"] in mine],
                                       round_from=round_number or 0)],
    }


def _player(listed: dict[str, dict[str, Any]], player: str) -> dict[str, Any]:
    return {"id": player, "name": listed.get(player, {}).get("name")}


def lineups_page(store: Store) -> dict[str, Any]:
    """The console's line-ups: each match of each round with a line-up, each room's line-ups
    (segment, part or match; the players, each pair's system and SWS), who has the seating
    rights in each segment and the parts (D3.6), and the highly artificial systems announced,
    with their notice (D3.4)."""
    rules = lineup_rules(store)
    rows = players_sql.lineups(store)
    given = standing(rows)
    team_names = names(store)
    listed = known(store)
    by_match: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for n in notices(store, rows):
        by_match.setdefault((n["round"], n["table"]), []).append(
            {**n, "team_name": team_names.get(n["team"], f"Team {n['team']}")})
    rounds: dict[int, list[dict[str, Any]]] = {}
    seatings = {(s.section, s.table_number, s.round): s for s in store.seatings()}
    for seating in store.seatings("O"):
        key = (seating.round, seating.table_number)
        rooms = []
        for section in ("O", "C"):
            units = given.get((section, seating.table_number, seating.round), {})
            room_seating = seatings.get((section, seating.table_number, seating.round))
            if room_seating is None:
                continue
            lines = []
            for unit, row in sorted(units.items(), key=lambda u: (
                    ("match", "part", "segment").index(u[0][0]), u[0][1] or 0)):
                lines.append({
                    "unit": unit[0], "number": unit[1],
                    "boards": _boards(store, room_seating, unit),
                    **{seat: _player(listed, row[seat]) for seat in players_sql.SEATS},
                    "ns_team": room_seating.ns_pair, "ew_team": room_seating.ew_pair,
                    **{k: row.get(k) for k in ("ns_system", "ew_system")},
                    "ns_sws": bool(row.get("ns_sws")), "ew_sws": bool(row.get("ew_sws")),
                    "at_ms": row["at_ms"]})
            rooms.append({"room": room_of(section), "lineups": lines})
        if not any(r["lineups"] for r in rooms):
            continue
        home, away = home_away(seating)
        rights = seating_rights(store, seating)
        parts = parts_of(store, seating)
        rounds.setdefault(seating.round, []).append({
            "round": seating.round, "table": seating.table_number,
            "home": {"number": home, "name": team_names.get(home, f"Team {home}")},
            "away": {"number": away, "name": team_names.get(away, f"Team {away}")},
            "boards": len(seating.boards), "segments": len(parts), "parts": list(parts),
            "seating_rights": [{"segment": i, "part": parts[i - 1], "team": team,
                                "name": team_names.get(team, f"Team {team}")}
                               for i, team in enumerate(rights, 1)],
            "rooms": rooms, "sws": by_match.get(key, [])})
    return {
        "rules": {"systems": rules.systems, "sws_notice_minutes": rules.sws_notice_minutes,
                  "part_boards": rules.part_boards, "every": rules.every,
                  "seating_rights": rules.seating_rights},
        "rounds": [{"round": r, **_room_round(store, r, ms[0]["table"]), "matches": ms}
                   for r, ms in sorted(rounds.items())],
        "late": sum(1 for ms in by_match.values() for n in ms if n["late"]),
    }


def _room_round(store: Store, round_number: int, table: int) -> dict[str, Any]:
    """An event round as the room names it: its number in its stage, and the stage."""
    name = numbering(store).round(round_number, "O", table)
    return {"number": name.number, "stage": name.stage, "match": name.match}


def _boards(store: Store, seating: SeatingRow, unit: Unit) -> str:
    """The boards a line-up stands for, as the room numbers them ("1-12")."""
    parts = parts_of(store, seating)
    boards = list(seating.boards)
    if unit[0] == "segment":
        boards = [b for b in boards if segment_of(seating.boards, b, len(parts)) == unit[1]]
    elif unit[0] == "part":
        boards = [b for b in boards
                  if parts[segment_of(seating.boards, b, len(parts)) - 1] == unit[1]]
    if not boards:
        return ""
    room = numbering(store)
    return f"{room.number(boards[0])}-{room.number(boards[-1])}"
