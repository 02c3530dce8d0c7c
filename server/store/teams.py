"""SQL of teams events: teams and rosters, captains' confirmations, unlocked boards, and the
director's team rulings. Functions that change anything take the open write transaction and
write their audit row in it."""

from __future__ import annotations

import copy
import json
from typing import Any

from sqlite_utils import Database

from . import Store


def teams(store: Store) -> list[dict[str, Any]]:
    """The teams, by number (read once until a team changes: every teams table's state names
    its teams; each row a copy the caller may change)."""
    def build() -> list[dict[str, Any]]:
        with store.read() as db:
            return list(db.query("select * from teams order by number"))

    return [dict(row) for row in store.players_memo("teams", build)]


def put_team(store: Store, db: Database, row: dict[str, Any], actor: str, why: str) -> None:
    """Add or change a team (name, captain, eligibility), audited."""
    old = list(db.query("select * from teams where number = ?", [row["number"]]))
    db["teams"].upsert(row, pk="number")
    store.forget_players()
    store.audit(db, actor, "team", "team", str(row["number"]),
                json.dumps(old[0]) if old else None, json.dumps(row), why)


def roster(store: Store) -> dict[str, int]:
    """Each rostered player's team, by federation ID (D2.1): kept with the players list until
    either changes (every teams table's state reads it; a field of 500 teams' rosters was most
    of a state's cost, measured). Shared: callers must not change it."""
    def build() -> dict[str, int]:
        with store.read() as db:
            return {r["federation_id"]: r["team"] for r in db.query("select * from roster")}

    return store.players_memo("roster", build)


def rosters(store: Store) -> dict[int, list[str]]:
    """Each team's rostered players, sorted (kept with the roster; shared, not to be
    changed)."""
    def build() -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for player, team in roster(store).items():
            out.setdefault(team, []).append(player)
        return {team: sorted(players) for team, players in out.items()}

    return store.players_memo("rosters", build)


def put_roster(store: Store, db: Database, team: int, players: list[str], actor: str,
               why: str) -> None:
    """Replace a team's roster, audited; a player on another team's roster moves here."""
    old = [r["federation_id"] for r in db.query(
        "select federation_id from roster where team = ? order by federation_id", [team])]
    db.execute("delete from roster where team = ?", [team])
    if players:
        db.execute(f"delete from roster where federation_id in ({','.join('?' * len(players))})",
                   players)
        db["roster"].insert_all({"team": team, "federation_id": p} for p in players)
    store.forget_players()
    store.audit(db, actor, "roster", "team", str(team), json.dumps(old),
                json.dumps(sorted(players)), why)


def confirmations(store: Store) -> list[dict[str, Any]]:
    def read() -> list[dict[str, Any]]:
        with store.read() as db:
            return list(db.query("select * from match_confirmations order by id"))

    return [dict(r) for r in store.read_memo("match_confirmations", read, result_proof=True)]


def match_confirmations(store: Store, round: int, table_number: int) -> list[dict[str, Any]]:
    """One match's confirmations, in the order made: read alone, as just after a
    confirmation, which drops what `confirmations` keeps, a season's would be read whole."""
    with store.read() as db:
        return list(db.query("select * from match_confirmations where round = ? and "
                             "table_number = ? order by id", [round, table_number]))


def confirmation_by_op(db: Database, section: str, table_number: int,
                       op_id: str) -> dict[str, Any] | None:
    """The confirmation a table's captain made with `op_id` (op_ids are unique per table)."""
    rows = list(db.query("select * from match_confirmations where section = ? and "
                         "table_number = ? and op_id = ?", [section, table_number, op_id]))
    return rows[0] if rows else None


def insert_confirmation(store: Store, db: Database, row: dict[str, Any]) -> None:
    db["match_confirmations"].insert(row)
    store.audit(db, row["actor"], "match_confirmed", "match",
                f"{row['round']}/{row['table_number']}", None,
                json.dumps({k: row[k] for k in ("team", "home_imps", "away_imps")}), "KD1")


def unlocks(store: Store) -> set[tuple[int, int, int]]:
    """(round, match table, board) the director let a match play after its time (K12.1)."""
    def read() -> set[tuple[int, int, int]]:
        with store.read() as db:
            return {(r["round"], r["table_number"], r["board"])
                    for r in db.query("select * from board_unlocks")}

    return set(store.read_memo("board_unlocks", read, result_proof=True))


def put_unlock(store: Store, db: Database, round: int, table: int, board: int, actor: str,
               at_ms: int, why: str) -> bool:
    """Unlock a board for a match; False when it already was."""
    if list(db.query("select 1 from board_unlocks where round = ? and table_number = ? and "
                     "board = ?", [round, table, board])):
        return False
    db["board_unlocks"].insert({"round": round, "table_number": table, "board": board,
                                "actor": actor, "at_ms": at_ms, "why": why})
    store.audit(db, actor, "board_unlocked", "match", f"{round}/{table}/{board}", None,
                "unlocked", why)
    return True


def team_rulings(store: Store, active_only: bool = True) -> list[dict[str, Any]]:
    """The rulings (those taken back too, unless `active_only`), each a copy the caller may
    change (the list is kept until anything but an entered result is written:
    `Store.read_memo`)."""
    def build() -> list[dict[str, Any]]:
        where = "where removed_ms is null" if active_only else ""
        with store.read() as db:
            return [r | {"detail": json.loads(r["detail"]) if r["detail"] else {}}
                    for r in db.query(f"select * from team_rulings {where} order by id")]

    kept = store.read_memo(("team_rulings", active_only), build, result_proof=True)
    return [r | {"detail": copy.deepcopy(r["detail"])} for r in kept]


def insert_team_ruling(store: Store, db: Database, row: dict[str, Any]) -> int:
    """Store a team ruling (walk-over, disqualification, penalty, bye), audited; its id."""
    stored = {**row, "detail": json.dumps(row.get("detail") or {})}
    ruling_id = int(db["team_rulings"].insert(stored).last_pk)
    store.audit(db, row["actor"], f"team_{row['kind']}", "team_ruling", str(ruling_id), None,
                json.dumps(stored), row.get("why") or "")
    return ruling_id


def remove_team_ruling(store: Store, db: Database, ruling_id: int, now_ms: int, actor: str,
                       why: str) -> dict[str, Any] | None:
    rows = list(db.query("select * from team_rulings where id = ? and removed_ms is null",
                         [ruling_id]))
    if not rows:
        return None
    db["team_rulings"].update(ruling_id, {"removed_ms": now_ms})
    store.audit(db, actor, f"team_{rows[0]['kind']}_removed", "team_ruling", str(ruling_id),
                json.dumps(rows[0]), None, why)
    return rows[0]


def remove_team(store: Store, db: Database, number: int, actor: str, why: str) -> None:
    """Take a team and its roster out of an event re-seated with fewer teams, audited."""
    old = list(db.query("select * from teams where number = ?", [number]))
    db.execute("delete from roster where team = ?", [number])
    store.forget_players()
    db.execute("delete from teams where number = ?", [number])
    store.forget_players()
    store.audit(db, actor, "team_removed", "team", str(number),
                json.dumps(old[0]) if old else None, None, why)
