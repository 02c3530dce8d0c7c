"""A teams event's results as the console and the results pages read them: the ranking with
its deductions and tie-break reasons, each team's card, every match with both rooms' progress
and the captains' confirmations (KD1) and the projector (the D8 board-count and PKL report is
:mod:`.pkl`'s).

Everything is derived from `server.teams` (matches, standings, records) and the team rulings
in force; nothing here is stored.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from ..errors import TravellerError
from ..scoring import rank_teams
from ..scoring.ranking import find_criterion
from ..stages.inputs import is_competition
from ..store import Store
from ..store import teams as sql
from ..teams.captains import confirmations
from ..teams.matches import Match, imp_penalties, match_summary, matches, names, not_played, options
from ..teams.rulings import describe, describe_message, rulings_wire
from ..teams.standings import bye_vp, records
from ..teams.standings import standings as team_standings
from . import stage_standings


def _names(store: Store) -> dict[int, str]:
    return names(store)


def standings(store: Store, now_ms: int) -> dict[str, Any]:
    """The teams ranking (`server.teams.standings`) with each team's deductions, walk-overs
    and penalties named, and the teams a disqualification erased listed apart."""
    data = team_standings(store, now_ms)
    names = _names(store)
    rulings = sql.team_rulings(store)
    by_team: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rulings:
        by_team[r["team"]].append({"id": r["id"], "kind": r["kind"], "rule": r["rule"],
                                   "value": r["value"], "round": r["round"],
                                   "text": describe(r, names),
                                   "text_message": describe_message(r, names)})
        if r["kind"] == "walkover" and r["opponent"] is not None:
            by_team[r["opponent"]].append({"id": r["id"], "kind": "walkover_win",
                                           "rule": r["rule"], "value": r["value"],
                                           "round": r["round"], "text": describe(r, names),
                                           "text_message": describe_message(r, names)})
    disqualified = {r["team"]: r for r in rulings if r["kind"] == "disqualified"}
    for row in data["teams"]:
        mine = by_team.get(row["team"], [])
        row["deductions"] = [d for d in mine if d["kind"] == "vp_penalty" and d["value"]]
        row["rulings"] = mine
        row["disqualified"] = row["team"] in disqualified
        # A team behind on VP needs no explanation; one behind on a tie-break does.
        criterion = (row["separation"] or {}).get("criterion")
        tie = criterion is not None and criterion != "vp"
        row["tie"] = row["reason"] if tie else None
        row["tie_message"] = row["separation"] if tie else None
    captains = {t["number"]: t["captain"] for t in sql.teams(store)}
    for row in data["teams"]:
        row["captain"] = captains.get(row["team"])
    ranked = {row["team"] for row in data["teams"]}
    data["erased"] = [{"team": t, "name": names.get(t, f"Team {t}"),
                       "text": describe(r, names), "text_message": describe_message(r, names)}
                      for t, r in sorted(disqualified.items()) if t not in ranked]
    data["rounds"] = options(store)["rounds"]
    data["chain_labels"] = [find_criterion(name).label for name in data["chain"]]
    data["kind"] = "teams"
    return data


def _side(summary: dict[str, Any], team: int) -> tuple[dict[str, Any], int]:
    """The opponent of `team` in a match summary, and `team`'s index in its pairs of figures."""
    if summary["home"]["number"] == team:
        return summary["away"], 0
    return summary["home"], 1


def team_card(store: Store, team: int, now_ms: int) -> dict[str, Any]:
    """One team's matches from its own side: opponents, IMPs, VPs, walk-overs, penalties. In
    a competition, every stage's: each match with its stage, a knock-out's carry-over (in its
    IMPs) and winner and no VP, and the team's line in each stage's standings."""
    names = _names(store)
    if team not in names:
        raise TravellerError("unknown_team", f"there is no team {team}", 404)
    penalties = [r for r in sql.team_rulings(store) if r["kind"] == "imp_penalty"]
    staged = is_competition(store)
    details, stages = stage_standings.team_card(store, team, now_ms) if staged else ({}, [])
    rows = []
    for match in matches(store, now_ms):
        if team not in (match.home, match.away):
            continue
        summary = match_summary(store, match)
        other, side = _side(summary, team)
        imps = (summary["home_imps"], summary["away_imps"])
        if staged:
            rows.append(_stage_row(match, summary, team, side, details))
            continue
        rows.append({
            "round": match.round, "table": match.table, "opponent": other["number"],
            "opponent_name": other["name"], "home": side == 0,
            "imps_for": None if match.walkover else imps[side],
            "imps_against": None if match.walkover else imps[1 - side],
            "vp_for": summary["vp"][side] if summary["vp"] else None,
            "vp_against": summary["vp"][1 - side] if summary["vp"] else None,
            "complete": match.complete, "walkover": match.walkover is not None,
            "walkover_text": describe(match.walkover, names) if match.walkover else None,
            "walkover_message": (describe_message(match.walkover, names) if match.walkover
                                 else None),
            "penalties": [describe(p, names) for p in penalties
                          if p["round"] == match.round and p["team"] in (match.home,
                                                                         match.away)],
            "penalty_messages": [describe_message(p, names) for p in penalties
                                 if p["round"] == match.round and p["team"] in (match.home,
                                                                                match.away)],
        })
    rulings = [r for r in rulings_wire(store) if r["active"]
               and team in (r["team"], r["opponent"])]
    if staged:
        # A competition ranks stage by stage: the team's line in each, no one VP total.
        return {"team": team, "name": names[team], "matches": rows, "standing": None,
                "chain": [], "rulings": rulings, "competition": True,
                "stages": stages}
    table = standings(store, now_ms)
    line = next((r for r in table["teams"] if r["team"] == team), None)
    return {"team": team, "name": names[team], "matches": rows, "standing": line,
            "chain": table["chain"], "rulings": rulings}


def _stage_row(match: Match, summary: dict[str, Any], team: int, side: int,
               details: dict[tuple[int, int], dict[str, Any]]) -> dict[str, Any]:
    """A competition match from the team's side: its stage and the room's round, the IMPs
    (a knock-out's with the carry-over), VP but in a knock-out, the winner once decided."""
    other = summary["away"] if side == 0 else summary["home"]
    detail = details.get((match.round, match.table), {})
    imps = (summary["home_imps"], summary["away_imps"])
    knockout = bool(detail.get("knockout"))
    carry = float(detail.get("carry_over") or 0.0)
    vp = summary["vp"] if not knockout else None
    return {
        "round": match.round, "table": match.table, "opponent": other["number"],
        "opponent_name": other["name"], "home": side == 0,
        "stage": detail.get("stage_name"), "stage_id": detail.get("stage"),
        "group": detail.get("group"), "label": detail.get("label"),
        "round_number": detail.get("round_number", match.round),
        "round_name": detail.get("round_name"), "knockout": knockout,
        # The IMPs this team started the match with (negative: the opponents'), in its IMPs.
        "carry_over": (carry if side == 0 else -carry) if knockout else None,
        "carry_over_rule": detail.get("carry_over_rule") if knockout else None,
        "imps_for": None if match.walkover else imps[side],
        "imps_against": None if match.walkover else imps[1 - side],
        "vp_for": vp[side] if vp else None, "vp_against": vp[1 - side] if vp else None,
        "winner": detail.get("winner"), "won": (detail.get("winner") == team
                                                if detail.get("winner") else None),
        "complete": match.complete, "walkover": match.walkover is not None,
        "walkover_text": None, "walkover_message": None, "penalties": [],
        "penalty_messages": [],
    }


def confirmation_states(store: Store, match: Match,
                        summary: dict[str, Any]) -> dict[str, Any]:
    """KD1 for the console: each team's captain "confirmed", "stale" (confirmed a score a
    correction has changed since) or "waiting"; nothing to confirm before the match is over."""
    found = confirmations(store, match, summary)
    states = {}
    for team in (match.home, match.away):
        states[str(team)] = ("confirmed" if team in found["confirmed"] else
                             "stale" if team in found["stale"] else
                             "waiting" if match.complete else "not over")
    return {**found, "teams": states}


def matches_page(store: Store, now_ms: int) -> dict[str, Any]:
    """Every match of every round with both rooms' progress, IMPs, VPs, confirmations and
    K12.1 locks, and whether the next Swiss round can be paired."""
    opts = options(store)
    penalties = imp_penalties(store)
    skipped = not_played(store)
    rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for match in matches(store, now_ms):
        summary = match_summary(store, match, penalties)
        done = {room: sum(1 for b in summary["boards"] if b[f"in_{room}"])
                for room in ("open", "closed")}
        summary["progress"] = {**done, "boards": len(match.boards)}
        summary["confirmations"] = confirmation_states(store, match, summary)
        summary["k12_locked"] = sorted({b for room in ("O", "C") for b in match.locked[room]
                                        if (match.round, b) not in skipped.get(
                                            (room, match.table), set())})
        summary["walkover_text"] = (describe(match.walkover, _names(store))
                                    if match.walkover else None)
        summary["walkover_message"] = (describe_message(match.walkover, _names(store))
                                       if match.walkover else None)
        rounds[match.round].append(summary)
    last = max(rounds, default=0)
    swiss = opts["kind"] == "swiss"
    return {
        "rounds": [{"round": n, "matches": rounds[n],
                    "over": all(m["complete"] for m in rounds[n])} for n in sorted(rounds)],
        "swiss": swiss, "planned": opts["rounds"], "last": last,
        "can_pair": swiss and last < opts["rounds"] and all(
            m["complete"] for m in rounds.get(last, [])),
        "captains_confirm": opts["captains_confirm"], "match_imps": opts["match_imps"],
    }


def quotient_text(won: float, lost: float) -> str:
    """An IMP quotient as the ranking reads it (K17.1, K16.3): won / lost; 1 with no IMPs
    either way; with none lost, the IMPs won over none ("12:0"), ahead of every quotient."""
    if lost:
        return f"{won / lost:.3f}"
    return "1.000" if not won else f"{won:g}:0"


def projector(store: Store, now_ms: int) -> dict[str, Any]:
    """The ranking for the projector: after the last round every match has finished, so a
    match that ends early in the next round does not move the board yet."""
    data = standings(store, now_ms)
    last = data["complete_rounds"]
    recs, deductions, ranked = records(store, now_ms)
    ranking = rank_teams([r for r in recs if r.round <= last], options(store)["tiebreak"],
                         deductions=deductions, teams=ranked)
    names = _names(store)
    byes = bye_vp(store)
    rows = [{"rank": s.rank, "shared": s.shared, "team": s.team,
             "name": names.get(s.team, f"Team {s.team}"), "vp": s.vp,
             "vp_deducted": round(s.vp_deducted + byes.get(s.team, 0.0), 2),
             "bye_vp": byes.get(s.team, 0.0), "matches": s.matches,
             "imp_quotient": None if math.isinf(s.imp_quotient) else s.imp_quotient,
             "imps": [s.imps_won, s.imps_lost],
             "quotient": quotient_text(s.imps_won, s.imps_lost)}
            for s in ranking.standings]
    return {"kind": "teams", "round": last, "rounds": data["rounds"], "chain": data["chain"],
            "teams": rows}



def board_traveller(store: Store, board: int, now_ms: int) -> dict[str, Any]:
    """A teams event's board as the public sees it: each match that plays it (`matches`: its
    result in both rooms and the IMPs to the home team) and each room's line (`results`, as a
    pairs traveller's: the open room's North-South is the home team's pair, the closed room's
    the away team's). Nothing until every table that plays it has played it (`played` of
    `tables`; a room's board locked or adjusted counts as played), as a pairs traveller."""
    playing = [m for m in matches(store, now_ms) if board in m.boards]
    if not playing:
        raise TravellerError("unknown_board", f"there is no board {board}", 404)
    team_names = _names(store)

    def room(result: Any) -> dict[str, Any] | None:
        if result is None:
            return None
        wire = result.wire()
        return {k: wire[k] for k in ("contract", "declarer", "tricks", "lead", "ns_score")}

    finished = sum(1 for m in playing for section in ("O", "C")
                   if m.walkover is not None or m.done_on(section, board))
    held_back = finished < 2 * len(playing)
    rows, lines = [], []
    for match in [] if held_back else playing:
        two = next(b for b in match.board_results() if b.board == board)
        # Each room's line as a pairs traveller's: the home team sits North-South in the open
        # room, the away team in the closed room.
        for section, ns, ew in (("O", match.home, match.away), ("C", match.away, match.home)):
            result = room(match.results_in(section).get(board))
            if result is not None:
                lines.append({"section": section, "table": match.table, "round": match.round,
                              "ns_team": ns, "ew_team": ew, **result})
        rows.append({
            "round": match.round, "table": match.table,
            "home": {"number": match.home,
                     "name": team_names.get(match.home, f"Team {match.home}")},
            "away": {"number": match.away,
                     "name": team_names.get(match.away, f"Team {match.away}")},
            "open": room(match.open.get(board)), "closed": room(match.closed.get(board)),
            "home_imps": two.home_imps if two.played else None,
            "walkover": match.walkover is not None,
        })
    return {"kind": "teams", "board": board, "held_back": held_back, "played": finished,
            "tables": 2 * len(playing), "results": lines, "matches": rows}
