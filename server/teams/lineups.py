"""Who plays for a team: line-ups checked against the rosters (D2.1) and the teams' eligibility
(D2.2), the line-up a table gives before its first board where the rosters are required
(D2.1; before the first board of each part of a longer match, D3.6), and each player's share
of the team's boards (D8.2).

A line-up stands for a segment of a match, for a part of it (D3.6: `[lineups] part_boards`),
or for the whole match; the most particular one given stands for a segment: its own, else its
part's, else the match's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError
from ..event.players import known
from ..movements.lineups import LineupRules
from ..store import SeatingRow, Store, TableRow
from ..store import players as players_sql
from ..store import teams as sql
from .matches import is_teams, names, options, room_of, segment_of, segments_at


def check_lineup(store: Store, seating: SeatingRow, seats: Mapping[str, str]) -> list[str]:
    """Problems with a teams line-up: a team that may not play (D2.2), players not on their
    team's roster (D2.1). Raises when the event requires rosters; returns warnings else."""
    opts = options(store)
    teams = {t["number"]: t for t in sql.teams(store)}
    for number in (seating.ns_pair, seating.ew_pair):
        if number in teams and not teams[number]["eligible"]:
            raise TravellerError("team_ineligible", f"{teams[number]['name']} may not play "
                                 "(D2.2): see the director", 409)
    if opts["rosters"] == "off":
        return []
    roster = sql.roster(store)
    problems = []
    for seat, player in seats.items():
        team = seating.ns_pair if seat in ("north", "south") else seating.ew_pair
        if roster.get(player) != team:
            name = teams.get(team, {}).get("name", f"Team {team}")
            problems.append(f"{player} ({seat}) is not on the roster of {name} (D2.1)")
    if problems and opts["rosters"] == "required":
        raise TravellerError("not_on_roster", "; ".join(problems), 409)
    return problems


def lineups_required(store: Store) -> bool:
    """D2.1 where the rosters are required: a teams table gives its line-up (for the match, or
    for one of its segments) before its first board."""
    required: bool = store.settings_memo(
        ("teams", "lineups_required"),
        lambda: is_teams(store) and options(store)["rosters"] == "required")
    return required


def lineup_rules(store: Store) -> LineupRules:
    """The event's `[lineups]` (D3.3, D3.4, D3.6), the defaults where its preset has none."""
    found: LineupRules = store.settings_memo(
        ("teams", "lineup_rules"),
        lambda: LineupRules.from_setting((store.setting("preset", {}) or {}).get("lineups")))
    return found


def parts_of(store: Store, seating: SeatingRow) -> tuple[int, ...]:
    """The part (D3.6) of each segment of the match a seating plays, in order."""
    return lineup_rules(store).parts(
        len(seating.boards), segments_at(store, seating.round, seating.table_number))


def part_of_board(store: Store, seating: SeatingRow,
                  board: int) -> tuple[int, tuple[int, ...]] | None:
    """The part of a longer match (D3.6) a board is played in, with the part's segments; None
    where the match is one part."""
    parts = parts_of(store, seating)
    if max(parts) == 1 or board not in seating.boards:
        return None
    part = parts[segment_of(seating.boards, board, len(parts)) - 1]
    return part, tuple(s for s, p in enumerate(parts, 1) if p == part)


def lineup_missing(store: Store, table: TableRow, seating: SeatingRow,
                   part: tuple[int, tuple[int, ...]] | None = None) -> TravellerError:
    """The refusal of a result entered before the table's line-up (D2.1), naming the teams
    whose players are missing; of a part's line-up (D3.6), naming the part and its boards."""
    teams = names(store)
    ns = teams.get(seating.ns_pair, f"Team {seating.ns_pair}")
    ew = teams.get(seating.ew_pair, f"Team {seating.ew_pair}")
    what, rules = "the line-up", "D2.1"
    if part is not None:
        segments = len(parts_of(store, seating))
        boards = [b for b in seating.boards
                  if segment_of(seating.boards, b, segments) in part[1]]
        what, rules = (f"the line-up of part {part[0]} (boards {boards[0]}-{boards[-1]})",
                       "D2.1, D3.6")
    return TravellerError(
        "lineup_required",
        f"{rules}: {what} of table {table.number} ({room_of(table.section)} room) in round "
        f"{seating.round} is missing: the players of {ns} (North-South) and {ew} (East-West) "
        "are given before the first board, then the results", 409)


def player_boards(store: Store, full_share: float = 40.0) -> list[dict[str, Any]]:
    """D8.2: each player's boards from the line-ups, and the share of the team's boards; the
    full premium from `full_share` percent of them.

    A player sat in a segment (or a part, or the match: the line-up that stands for the
    segment) plays its boards that were scored at that table. A team's boards
    are the boards of its matches that were scored in at least one room. Every round of the
    event counts: in a competition, every stage played so far."""
    seatings = {(s.section, s.table_number, s.round): s for s in store.seatings()}
    played = {(r.section, r.table_number, r.round, r.board) for r in store.results()}
    team_boards: dict[int, set[tuple[int, int]]] = {}
    for (_, table, rnd, board) in {(s, t, r, b) for s, t, r, b in played}:
        seating = seatings.get(("O", table, rnd))
        if seating:
            for team in (seating.ns_pair, seating.ew_pair):
                team_boards.setdefault(team, set()).add((rnd, board))
    counted: dict[tuple[str, int], set[tuple[int, int]]] = {}
    for (section, table, rnd), given in standing(players_sql.lineups(store)).items():
        seating = seatings.get((section, table, rnd))
        if seating is None:
            continue
        parts = parts_of(store, seating)
        for board in seating.boards:
            if (section, table, rnd, board) not in played:
                continue
            segment = segment_of(seating.boards, board, len(parts))
            row = lineup_of(given, segment, parts[segment - 1])
            if row is None:
                continue
            for seat in ("north", "south", "east", "west"):
                team = seating.ns_pair if seat in ("north", "south") else seating.ew_pair
                counted.setdefault((row[seat], team), set()).add((seating.round, board))
    listed = known(store)
    out = []
    for (player, team), boards in sorted(counted.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        total = len(team_boards.get(team, set()))
        share = len(boards) / total if total else 0.0
        out.append({"player": player, "name": listed.get(player, {}).get("name"),
                    "team": team, "boards": len(boards), "team_boards": total,
                    "share": round(share * 100, 1),
                    "full_premium": bool(total) and len(boards) * 100 >= full_share * total})
    return out


Unit = tuple[str, int | None]
"""What a line-up stands for: ("segment", n), ("part", n) or ("match", None)."""


def unit_of(row: dict[str, Any]) -> Unit:
    if row.get("segment") is not None:
        return ("segment", row["segment"])
    if row.get("part") is not None:
        return ("part", row["part"])
    return ("match", None)


def standing(rows: list[dict[str, Any]]) -> dict[tuple[str, int, int], dict[Unit, dict[str, Any]]]:
    """The latest line-up of each (room, table, round) and unit, from every one sent (oldest
    first)."""
    out: dict[tuple[str, int, int], dict[Unit, dict[str, Any]]] = {}
    for row in rows:
        out.setdefault((row["section"], row["table_number"], row["round"]), {})[
            unit_of(row)] = row
    return out


def lineup_of(given: dict[Unit, dict[str, Any]], segment: int,
              part: int) -> dict[str, Any] | None:
    """The line-up that stands for a segment: its own, else its part's, else the match's."""
    return (given.get(("segment", segment)) or given.get(("part", part))
            or given.get(("match", None)))
