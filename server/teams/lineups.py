"""Who plays for a team: line-ups checked against the rosters (D2.1) and the teams' eligibility
(D2.2), the line-up a table gives before its first board where the rosters are required
(D2.1), and each player's share of the team's boards (D8.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError
from ..event.players import known
from ..store import SeatingRow, Store, TableRow
from ..store import players as players_sql
from ..store import teams as sql
from .matches import in_competition, is_teams, names, options, room_of, segment_of


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


def lineup_missing(store: Store, table: TableRow, seating: SeatingRow) -> TravellerError:
    """The refusal of a result entered before the table's line-up (D2.1), naming the teams
    whose players are missing."""
    teams = names(store)
    ns = teams.get(seating.ns_pair, f"Team {seating.ns_pair}")
    ew = teams.get(seating.ew_pair, f"Team {seating.ew_pair}")
    return TravellerError(
        "lineup_required",
        f"D2.1: the line-up of table {table.number} ({room_of(table.section)} room) in round "
        f"{seating.round} is missing: the players of {ns} (North-South) and {ew} (East-West) "
        "are given before the first board, then the results", 409)


def player_boards(store: Store, full_share: float = 40.0) -> list[dict[str, Any]]:
    """D8.2: each player's boards from the line-ups, and the share of the team's boards; the
    full premium from `full_share` percent of them.

    A player sat in a segment plays its boards that were scored at that table. A team's boards
    are the boards of its matches that were scored in at least one room. Every round of the
    event counts: in a competition, every stage played so far."""
    opts = options(store)
    seatings = {(s.section, s.table_number, s.round): s for s in store.seatings()}
    played = {(r.section, r.table_number, r.round, r.board) for r in store.results()}
    team_boards: dict[int, set[tuple[int, int]]] = {}
    for (_, table, rnd, board) in {(s, t, r, b) for s, t, r, b in played}:
        seating = seatings.get(("O", table, rnd))
        if seating:
            for team in (seating.ns_pair, seating.ew_pair):
                team_boards.setdefault(team, set()).add((rnd, board))
    counted: dict[tuple[str, int], set[tuple[int, int]]] = {}
    fixtures = in_competition(store)
    for row in _lineups(players_sql.lineups(store)):
        seating = seatings.get((row["section"], row["table_number"], row["round"]))
        if seating is None:
            continue
        for board in seating.boards:
            fixture = fixtures.get((seating.round, seating.table_number))
            segment = segment_of(seating.boards, board,
                                 int(fixture["segments"]) if fixture else opts["segments"])
            if row["segment"] not in (None, segment) or segment in row.get(
                    "segment_exclude", ()):
                continue
            if (seating.section, seating.table_number, seating.round, board) not in played:
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


def _lineups(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest line-up of each (room, table, round, segment); a line-up without a segment
    stands for every segment of the round not given its own."""
    latest: dict[tuple[str, int, int, int | None], dict[str, Any]] = {}
    for row in rows:
        latest[(row["section"], row["table_number"], row["round"], row.get("segment"))] = row
    out = []
    for key, row in latest.items():
        if key[3] is None:
            own = {k[3] for k in latest if k[:3] == key[:3] and k[3] is not None}
            if own:
                row = {**row, "segment_exclude": own}
        out.append(row)
    return out
