"""A teams event's teams and rosters in set-up: names, captains, eligibility (D2.2) and the
rosters of federation IDs (D2.1), imported from CSV.

A roster file follows the players list's conventions (`server.event.players`): UTF-8 with a header
line, commas or semicolons, every bad line named, and nothing stored from a file with one. Its
header is `team,id`, the team given by number or by name. Each team named in the file gets
exactly the players the file lists for it; teams the file does not name keep their rosters.
Every change is audited (`server.store.teams.put_team`, `put_roster`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError, is_number_text, ok_body, shown
from ..event.players import PLAYER_ID, PlayersError, known
from ..store import Store
from ..store import teams as sql

MAX_NAME = 60


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "true", "yes", "on", "eligible")


def _team_row(store: Store, number: Any) -> dict[str, Any]:
    if isinstance(number, str) and is_number_text(number.strip()):
        number = int(number)
    row = next((t for t in sql.teams(store) if t["number"] == number), None)
    if row is None:
        raise TravellerError("unknown_team", f"there is no team {shown(number)}", 404)
    return row


def change_team(store: Store, number: Any, form: Mapping[str, Any], actor: str) -> dict[str, Any]:
    """Change a team's name, captain or eligibility (D2.2), audited with the reason given.

    Fields left out of `form` keep their value; an ineligible team needs a reason, since its
    tables are refused their line-ups until the director marks it eligible again."""
    old = _team_row(store, number)
    new = {k: old[k] for k in ("number", "name", "captain", "eligible", "note")}
    problems = []
    if "name" in form:
        name = str(form.get("name") or "").strip()
        if not name or len(name) > MAX_NAME:
            problems.append(f"a team's name is 1 to {MAX_NAME} characters")
        elif any(t["name"].lower() == name.lower() and t["number"] != old["number"]
                 for t in sql.teams(store)):
            problems.append(f"another team is already called {shown(name)}")
        new["name"] = name
    if "captain" in form:
        captain = str(form.get("captain") or "").strip()
        if len(captain) > MAX_NAME:
            problems.append(f"the captain is at most {MAX_NAME} characters")
        new["captain"] = captain or None
    if "eligible" in form:
        new["eligible"] = 1 if _truthy(form.get("eligible")) else 0
    if "note" in form:
        new["note"] = str(form.get("note") or "").strip()[:200] or None
    if problems:
        raise TravellerError("invalid_team", "; ".join(problems))
    why = str(form.get("why") or "").strip()[:300]
    if new == {k: old[k] for k in new}:
        raise TravellerError("no_change", "nothing changed", 409)
    if not new["eligible"] and old["eligible"] and not why:
        raise TravellerError("missing_reason", "say why the team may not play (D2.2)")
    with store.write() as db:
        sql.put_team(store, db, new, actor, why or "team changed in set-up")
    return ok_body(team=new)


def parse_roster_csv(text: str, teams: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Each team's players from CSV text with a header `team,id` (commas or semicolons); the
    team by number or name. Raises PlayersError naming every bad line."""
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise PlayersError(["the file is empty: it needs a header line team,id"])
    delimiter = ";" if ";" in lines[0] and "," not in lines[0] else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = [h.strip().lower() for h in next(reader)]
    if header != ["team", "id"]:
        raise PlayersError([f"line 1: the header must be team,id, not {shown(','.join(header))}"])
    by_number = {str(t["number"]): t["number"] for t in teams}
    by_name = {t["name"].strip().lower(): t["number"] for t in teams}
    problems: list[str] = []
    out: dict[int, list[str]] = {}
    seen: dict[str, int] = {}
    for cells in reader:
        number = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != 2:
            problems.append(f"line {number}: {len(cells)} columns, the header has 2")
            continue
        team_text, player = (c.strip() for c in cells)
        team = by_number.get(team_text, by_name.get(team_text.lower()))
        if team is None:
            problems.append(f"line {number}: there is no team {shown(team_text)} (a number or a "
                            "name from the teams list)")
        if not PLAYER_ID.match(player):
            problems.append(f"line {number}: invalid id {shown(player)} (1-20 letters or digits)")
        elif player in seen:
            problems.append(f"line {number}: id {player} is already on line {seen[player]}")
        else:
            seen[player] = number
            if team is not None:
                out.setdefault(team, []).append(player)
    if problems:
        raise PlayersError(problems)
    if not out:
        raise PlayersError(["the file has a header but no players"])
    return out


def import_rosters(store: Store, text: str, actor: str, filename: str = "") -> dict[str, Any]:
    """Replace the rosters of the teams a CSV file names, all or none, each audited."""
    rosters = parse_roster_csv(text, sql.teams(store))
    why = f"roster CSV import {filename}".strip()
    with store.write() as db:
        for team, players in sorted(rosters.items()):
            sql.put_roster(store, db, team, players, actor, why)
    return {"teams": len(rosters), "players": sum(len(p) for p in rosters.values())}


def teams_wire(store: Store) -> list[dict[str, Any]]:
    """Every team with its captain, eligibility and roster (names from the players list)."""
    listed = known(store)
    roster: dict[int, list[str]] = {}
    for player, team in sql.roster(store).items():
        roster.setdefault(team, []).append(player)
    return [{**t, "eligible": bool(t["eligible"]),
             "roster": [{"id": p, "name": listed.get(p, {}).get("name")}
                        for p in sorted(roster.get(t["number"], []))]}
            for t in sql.teams(store)]
