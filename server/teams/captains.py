"""What a teams table shows of its match, and the captains' confirmations (KD1).

A table's state carries a `teams` block: its room, its match (this round's, else the last one)
with the IMPs when the event shows them, its locks, the rosters and line-ups (with each pair's
system, D3.3), the line-up form's rules, the parts and seating rights of the match (D3.6) and
the highly artificial systems announced for it in either room (D3.4). After a match
both captains confirm its score at their tables; a later correction leaves a confirmation out
of date, and the captains confirm again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TravellerError, ok_body, op_id_of, shown
from ..store import Store, TableRow
from ..store import players as players_sql
from ..store import teams as sql
from .lineups import standing
from .matches import (
    LOCK_REASON,
    NOT_PLAYED_REASON,
    Match,
    imp_penalties,
    is_teams,
    match_summary,
    matches,
    not_played,
    options,
    room_of,
    segments_at,
    shared_names,
)
from .systems import table_block


def confirmations(store: Store, match: Match, summary: dict[str, Any], *,
                  alone: bool = False) -> dict[str, Any]:
    """Which teams' captains confirmed this match at its current score (KD1); `alone`: read
    this match's confirmations only (just after a write, nothing is kept to look in)."""
    rows = sql.match_confirmations(store, match.round, match.table) if alone else [
        c for c in sql.confirmations(store)
        if (c["round"], c["table_number"]) == (match.round, match.table)]
    current = (summary["home_imps"], summary["away_imps"])
    confirmed = sorted({c["team"] for c in rows
                        if (c["home_imps"], c["away_imps"]) == current})
    stale = sorted({c["team"] for c in rows} - set(confirmed))
    return {"required": options(store)["captains_confirm"], "confirmed": confirmed,
            "stale": stale, "done": {match.home, match.away} <= set(confirmed)}


def match_state(store: Store, table: TableRow, round_number: int | None,
                now_ms: int) -> dict[str, Any] | None:
    """The `teams` block of a table's state: its room, its match (this round's, else the last
    one) with the IMPs when the event shows them, locks and the captains' confirmations."""
    opts = options(store)
    mine = matches(store, now_ms, table=table.number)
    if not mine:
        return None
    rounds = [m for m in mine if round_number is None or m.round <= round_number]
    shown = []
    penalties = imp_penalties(store)
    for m in rounds[-2:]:
        summary = match_summary(store, m, penalties)
        confirmed = confirmations(store, m, summary)
        if m.round != (round_number or 0) and m.complete and confirmed["done"]:
            continue
        if not opts["match_imps"] and not m.complete:
            for board in summary["boards"]:
                board.update(open_ns=None, closed_ns=None, home_imps=None)
            summary.update(home_imps=None, away_imps=None)
        summary["confirmations"] = confirmed
        shown.append(summary)
    met = {t for s in store.seatings(table.section, table.number)
           for t in (s.ns_pair, s.ew_pair)} | {t for m in mine for t in (m.home, m.away)}
    # The matches above hold this table's locks already (K12.1 and matches not played).
    skipped = not_played(store).get((table.section, table.number), set())
    team_names, rostered = shared_names(store), sql.rosters(store)
    met_teams = sorted(t for t in met if t is not None)
    # Line-ups change with a seating, not with a result: kept (shared, read only).
    rows: list[dict[str, Any]] = store.seated_memo(
        ("lineups", table.number), lambda: players_sql.lineups(store, table.number))
    locked = [{"round": m.round, "board": b,
               "reason": NOT_PLAYED_REASON if (m.round, b) in skipped else LOCK_REASON,
               "code": "not_played" if (m.round, b) in skipped else "k12_1"}
              for m in mine for b in m.locked[table.section]]
    return {
        "room": room_of(table.section),
        "rounds_planned": opts["rounds"],
        "swiss": opts["kind"] == "swiss",
        "match_imps": opts["match_imps"],
        "matches": shown,
        "locked": locked,
        # Only the teams this table meets: what a table receives never grows with the event.
        "names": {str(k): team_names[k] for k in met_teams if k in team_names},
        "roster": {str(k): rostered[k] for k in met_teams if k in rostered},
        "rosters": opts["rosters"],
        "segments": segments_at(store, round_number, table.number),
        "lineups": [{k: row.get(k) for k in LINEUP_FIELDS} | {
                        "ns_sws": bool(row.get("ns_sws")), "ew_sws": bool(row.get("ew_sws"))}
                    for row in _table_lineups(rows, table)],
        # D3.3, D3.4, D3.6: the line-up form's rules, this match's parts and seating rights,
        # and the highly artificial systems announced in either room.
        **table_block(store, table, round_number, rows),
    }


LINEUP_FIELDS = ("round", "segment", "part", "north", "south", "east", "west", "ns_system",
                 "ew_system")
"""A line-up in a table's state (with `ns_sws` and `ew_sws`)."""


def _table_lineups(rows: list[dict[str, Any]], table: TableRow) -> list[dict[str, Any]]:
    """The latest line-up of each round and segment (or part, or the whole match) at a
    table."""
    given = standing(rows)
    latest = [row for (section, number, _), units in given.items()
              if (section, number) == (table.section, table.number) for row in units.values()]
    return sorted(latest, key=lambda r: (r["round"], r.get("part") or 0, r["segment"] or 0))


def confirm_match(store: Store, table: TableRow, payload: Any, now_ms: int,
                  actor: str) -> dict[str, Any]:
    """A captain confirms the result of a match (KD1); a replayed op_id is acknowledged again.

    The confirmation holds the score confirmed: a later correction leaves it out of date, and
    the captains confirm again."""
    if not isinstance(payload, Mapping):
        raise TravellerError("bad_payload", "a confirmation must be an object with op_id, "
                             "round and team")
    op_id = op_id_of(payload.get("op_id"))
    round_number, team = payload.get("round"), payload.get("team")
    for value, what in ((round_number, "round"), (team, "team")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TravellerError(f"invalid_{what}", f"{what} must be a whole number, not "
                                 f"{shown(value)}")
    if not is_teams(store):
        raise TravellerError("not_teams", "this is not a teams event", 409)
    match = next((m for m in matches(store, now_ms, table=table.number, round=round_number)
                  if (m.round, m.table) == (round_number, table.number)), None)
    if match is None:
        raise TravellerError("no_match", f"table {table.number} has no match in round "
                             f"{round_number}", 409)
    if team not in (match.home, match.away):
        raise TravellerError("not_in_match", f"team {team} does not play this match", 409)
    if not match.complete:
        raise TravellerError("match_not_over", "the match is not over: both rooms must finish "
                             "every board first", 409)
    summary = match_summary(store, match)
    seen = (payload.get("home_imps"), payload.get("away_imps"))
    with store.write() as db:
        earlier = sql.confirmation_by_op(db, table.section, table.number, op_id)
        if earlier is not None and (earlier["round"], earlier["team"]) != (match.round, team):
            raise TravellerError("op_id_reused", "this op_id confirmed another match; a new "
                                 "confirmation needs a new op_id", 409)
        if earlier is None and seen != (None, None) and (
                seen != (summary["home_imps"], summary["away_imps"])):
            # The captain confirmed the score on the screen; it has changed since (a
            # correction): confirm the new one, never one the captain did not see.
            raise TravellerError("score_changed", f"the match score is now "
                                 f"{summary['home_imps']:g}-{summary['away_imps']:g} IMPs, not "
                                 f"the {seen[0]}-{seen[1]} confirmed: confirm again", 409)
        if earlier is None:
            sql.insert_confirmation(store, db, {
                "op_id": op_id, "round": match.round, "table_number": match.table,
                "team": team, "home_imps": summary["home_imps"],
                "away_imps": summary["away_imps"], "section": table.section,
                "actor": actor, "at_ms": now_ms})
    found = confirmations(store, match, summary, alone=True)
    return ok_body(round=match.round, team=team, duplicate=earlier is not None,
                   home_imps=summary["home_imps"], away_imps=summary["away_imps"],
                   vp=summary["vp"], confirmations=found)
