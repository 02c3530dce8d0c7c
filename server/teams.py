"""Teams events in the server: matches from the two rooms, K12.1 locks, KD1, Swiss, standings.

A teams event keeps its two rooms as two sections (`server.event.ROOMS`): match k of a round
is table k of the open room, where the home team sits North-South, and table k of the closed
room, where it sits East-West. Everything here is derived from the stored results, the clocks
and the director's team rulings by the pure scoring packages; nothing derived is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .clock import k12_1_locked
from .errors import TravellerError, ok_body, op_id_of
from .event import ROOMS, team_rows
from .movements import MovementError, SwissMatch, SwissRound, TeamStanding, swiss_teams_round
from .scoring import MatchRecord, TeamMatch, find_scale, rank_teams
from .scoring.penalties import ImpPenalty, VpDeduction
from .scoring.ranking import Separation
from .scoring.teams import BoardResult
from .store import ResultRow, SeatingRow, Store, TableRow
from .store import teams as sql
from .texts import N_, Message, message

LOCK_REASON = "K12.1: the session's time ran out before this board was started"
NOT_PLAYED_REASON = "the match was awarded by walk-over (K13) or its team disqualified (K14.1)"


def is_teams(store: Store) -> bool:
    return (store.setting("preset", {}) or {}).get("kind") == "teams"


def options(store: Store) -> dict[str, Any]:
    """The teams settings of the event, with the preset's defaults."""
    preset = store.setting("preset", {}) or {}
    movement = store.setting("movement", {}) or {}
    return {
        "vp_scale": preset.get("vp_scale", "wbf2013"),
        "tiebreak": preset.get("tiebreak", "k17.1"),
        "match_imps": bool(preset.get("match_imps", True)),
        "captains_confirm": bool(preset.get("captains_confirm", True)),
        "rosters": preset.get("rosters", "warn"),
        "board_lock": bool(preset.get("board_lock", True)),
        "segments": int(movement.get("segments") or preset.get("segments") or 1),
        "boards_per_round": int(movement.get("boards_per_round", 1)),
        "rounds": int(movement.get("rounds", 1)),
        "kind": movement.get("kind", "roundrobin"),
    }


def room_of(section: str) -> str:
    return ROOMS.get(section, section)


def partner_tables(store: Store, table: TableRow) -> list[TableRow]:
    """The other room's table of the same match (its terminal shows the match too)."""
    if table.section not in ROOMS or not is_teams(store):
        return []
    return [t for t in store.tables()
            if t.number == table.number and t.section in ROOMS and t.section != table.section]


def names(store: Store) -> dict[int, str]:
    return {t["number"]: t["name"] for t in sql.teams(store)}


def segment_of(boards: tuple[int, ...] | list[int], board: int, segments: int) -> int:
    """The segment (from 1) a board of a match is played in."""
    size = max(1, len(boards) // max(1, segments))
    return list(boards).index(board) // size + 1


# -- matches -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Match:
    """One match of a round as the two rooms have played it so far."""

    round: int
    table: int
    home: int
    away: int
    boards: tuple[int, ...]
    open: dict[int, ResultRow]
    """Results of the open room, by board."""
    closed: dict[int, ResultRow]
    locked: dict[str, tuple[int, ...]]
    """Boards locked (K12.1) in each room ("O", "C")."""
    adjusted: dict[str, frozenset[int]]
    """Boards a director's adjusted score stands for, in each room."""
    walkover: dict[str, Any] | None = None
    """The director's walk-over ruling replacing this match (K13), if any."""

    def done_in(self, section: str) -> bool:
        results = self.open if section == "O" else self.closed
        return all(b in results or b in self.locked.get(section, ())
                   or b in self.adjusted.get(section, frozenset()) for b in self.boards)

    @property
    def complete(self) -> bool:
        return self.walkover is not None or (self.done_in("O") and self.done_in("C"))

    def board_results(self) -> list[BoardResult]:
        """Each board's two scores; a board missing in a room (locked, adjusted, not played
        yet) scores nothing (K12.1)."""
        return [BoardResult(b, self.open[b].ns_score if b in self.open else None,
                            self.closed[b].ns_score if b in self.closed else None)
                for b in self.boards]


def locks(store: Store, now_ms: int, results: list[ResultRow] | None = None,
          table: int | None = None) -> dict[tuple[str, int], set[tuple[int, int]]]:
    """(round, board) locked at each (section, table) by K12.1, when the event applies it, and
    the boards of matches that will not be played (`not_played`); of one match table's two
    rooms only, when `table` is given."""
    if not is_teams(store):
        return {}
    out = not_played(store)
    if not options(store)["board_lock"]:
        return out
    from .play import ClockBook

    clocks = ClockBook.load(store)
    if not clocks.rounds:
        return out
    entered: dict[tuple[str, int, int], dict[int, int]] = {}
    for r in results if results is not None else store.results():
        entered.setdefault((r.section, r.table_number, r.round), {})[r.board] = r.entered_ms
    unlocked = sql.unlocks(store)
    for seating in store.seatings():
        if seating.round not in clocks.rounds or table not in (None, seating.table_number):
            continue
        clock = clocks.of(seating.section, seating.table_number, seating.round)
        if clock is None:
            continue
        mine = entered.get((seating.section, seating.table_number, seating.round), {})
        free = {b for (r, t, b) in unlocked if r == seating.round and t == seating.table_number}
        for board in k12_1_locked(seating.boards, mine, clock, now_ms, free):
            out.setdefault((seating.section, seating.table_number), set()).add(
                (seating.round, board))
    return out


def not_played(store: Store) -> dict[tuple[str, int], set[tuple[int, int]]]:
    """(round, board) at each (room, table) that no one will play: the match was awarded by
    walk-over (K13), or one of its teams was disqualified and erased (K14.1). The tables move
    on past them as past locked boards."""
    rulings = sql.team_rulings(store)
    walked = {(r["round"], frozenset((r["team"], r["opponent"]))) for r in rulings
              if r["kind"] == "walkover"}
    erased = {r["team"] for r in rulings if r["kind"] == "disqualified"
              and (r["detail"] or {}).get("kind") == "erased"}
    out: dict[tuple[str, int], set[tuple[int, int]]] = {}
    if not walked and not erased:
        return out
    for s in store.seatings():
        if s.section in ROOMS and ((s.round, frozenset((s.ns_pair, s.ew_pair))) in walked
                                   or {s.ns_pair, s.ew_pair} & erased):
            out.setdefault((s.section, s.table_number), set()).update(
                (s.round, b) for b in s.boards)
    return out


def matches(store: Store, now_ms: int, results: list[ResultRow] | None = None,
            table: int | None = None) -> list[Match]:
    """Every scheduled match (of one match table, when given), in round and table order."""
    if results is None:
        results = (store.results() if table is None else
                   [*store.results("O", table), *store.results("C", table)])
    by_key: dict[tuple[str, int, int], dict[int, ResultRow]] = {}
    for r in results:
        by_key.setdefault((r.section, r.table_number, r.round), {})[r.board] = r
    locked = locks(store, now_ms, results, table)
    adjusted = store.adjusted_boards()
    walkovers = {(w["round"], frozenset((w["team"], w["opponent"]))): w
                 for w in sql.team_rulings(store) if w["kind"] == "walkover"}
    out = []
    for s in store.seatings("O", table) if table is not None else store.seatings("O"):
        def room(section: str, s: SeatingRow = s) -> tuple[int, ...]:
            return tuple(sorted(b for r, b in locked.get((section, s.table_number), set())
                                if r == s.round))

        def adj(section: str, s: SeatingRow = s) -> frozenset[int]:
            return frozenset(b for r, b in adjusted.get((section, s.table_number), set())
                             if r == s.round)

        out.append(Match(
            s.round, s.table_number, s.ns_pair, s.ew_pair, tuple(s.boards),
            by_key.get(("O", s.table_number, s.round), {}),
            by_key.get(("C", s.table_number, s.round), {}),
            {"O": room("O"), "C": room("C")}, {"O": adj("O"), "C": adj("C")},
            walkovers.get((s.round, frozenset((s.ns_pair, s.ew_pair))))))
    return sorted(out, key=lambda m: (m.round, m.table))


def _imp_penalties(store: Store) -> dict[tuple[int, int], list[ImpPenalty]]:
    out: dict[tuple[int, int], list[ImpPenalty]] = {}
    for r in sql.team_rulings(store):
        if r["kind"] == "imp_penalty":
            out.setdefault((r["round"], r["team"]), []).append(
                ImpPenalty(r["team"], float(r["value"]), r["rule"] or "K10.2", r["why"] or ""))
    return out


def scored(store: Store, match: Match,
           penalties: Mapping[tuple[int, int], list[ImpPenalty]] | None = None) -> TeamMatch:
    """The match as the scoring engine takes it: boards by segment, IMP penalties (K10.2)."""
    opts = options(store)
    penalties = _imp_penalties(store) if penalties is None else penalties
    size = max(1, len(match.boards) // opts["segments"])
    return TeamMatch.from_boards(
        match.home, match.away, match.board_results(), size,
        boards_scheduled=len(match.boards),
        imp_penalties=[*penalties.get((match.round, match.home), []),
                       *penalties.get((match.round, match.away), [])],
        round=match.round)


def record(store: Store, match: Match,
           penalties: Mapping[tuple[int, int], list[ImpPenalty]] | None = None) -> MatchRecord:
    """A complete match as the ranking takes it: VPs by the event's scale, or the walk-over."""
    if match.walkover is not None:
        w = match.walkover
        offender_vp = float((w["detail"] or {}).get("offender_vp", 0))
        return MatchRecord(w["opponent"], w["team"], 0.0, 0.0, float(w["value"]), offender_vp,
                           round=match.round, walkover=True)
    return scored(store, match, penalties).record(find_scale(options(store)["vp_scale"]))


def match_summary(store: Store, match: Match,
                  penalties: Mapping[tuple[int, int], list[ImpPenalty]] | None = None
                  ) -> dict[str, Any]:
    """A match's score for a screen: board by board and in total, VPs once complete."""
    team_names = names(store)
    score = scored(store, match, penalties).score()
    vp = None
    if match.complete:
        rec = record(store, match, penalties)
        # A walk-over's record puts the winner first, whichever team was at home.
        vp = [rec.vp(match.home), rec.vp(match.away)]
    boards = []
    for b in match.board_results():
        state = ("played" if b.played else
                 "locked" if any(b.board in match.locked[s] for s in ROOMS) else
                 "adjusted" if any(b.board in match.adjusted[s] for s in ROOMS) else "waiting")
        boards.append({"board": b.board, "state": state,
                       "open_ns": b.open_ns if b.played else None,
                       "closed_ns": b.closed_ns if b.played else None,
                       "home_imps": b.home_imps if b.played else None,
                       "in_open": b.open_ns is not None, "in_closed": b.closed_ns is not None})
    return {
        "round": match.round, "table": match.table,
        "home": {"number": match.home, "name": team_names.get(match.home, f"Team {match.home}")},
        "away": {"number": match.away, "name": team_names.get(match.away, f"Team {match.away}")},
        "boards": boards,
        "home_imps": float(score.home_total), "away_imps": float(score.away_total),
        "complete": match.complete, "vp": vp,
        "walkover": match.walkover is not None,
        "locked": {room_of(s): list(match.locked[s]) for s in ROOMS},
    }


def _confirmed(store: Store, match: Match, summary: dict[str, Any]) -> dict[str, Any]:
    """Which teams' captains confirmed this match at its current score (KD1)."""
    rows = [c for c in sql.confirmations(store)
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
    penalties = _imp_penalties(store)
    for m in rounds[-2:]:
        summary = match_summary(store, m, penalties)
        confirmations = _confirmed(store, m, summary)
        if m.round != (round_number or 0) and m.complete and confirmations["done"]:
            continue
        if not opts["match_imps"] and not m.complete:
            for board in summary["boards"]:
                board.update(open_ns=None, closed_ns=None, home_imps=None)
            summary.update(home_imps=None, away_imps=None)
        summary["confirmations"] = confirmations
        shown.append(summary)
    # The matches above hold this table's locks already (K12.1 and matches not played).
    skipped = not_played(store).get((table.section, table.number), set())
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
        "names": {str(k): v for k, v in names(store).items()},
        "roster": {str(k): v for k, v in _rosters(store).items()},
        "rosters": opts["rosters"],
        "segments": opts["segments"],
        "lineups": [{k: row[k] for k in ("round", "segment", "north", "south", "east", "west")}
                    for row in _table_lineups(store, table)],
    }


def _table_lineups(store: Store, table: TableRow) -> list[dict[str, Any]]:
    """The latest line-up of each round and segment at a table."""
    from .store import players as players_sql

    latest: dict[tuple[int, int | None], dict[str, Any]] = {}
    for row in players_sql.lineups(store):
        if (row["section"], row["table_number"]) == (table.section, table.number):
            latest[(row["round"], row["segment"])] = row
    return [latest[k] for k in sorted(latest, key=lambda k: (k[0], k[1] or 0))]


def _rosters(store: Store) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for player, team in sql.roster(store).items():
        out.setdefault(team, []).append(player)
    return {team: sorted(players) for team, players in out.items()}


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
                                 f"{value!r}")
    if not is_teams(store):
        raise TravellerError("not_teams", "this is not a teams event", 409)
    match = next((m for m in matches(store, now_ms)
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
        earlier = sql.confirmation_by_op(db, op_id)
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
    return ok_body(round=match.round, team=team, duplicate=earlier is not None,
                   home_imps=summary["home_imps"], away_imps=summary["away_imps"],
                   vp=summary["vp"], confirmations=_confirmed(store, match, summary))


def unlock_board(store: Store, round_number: Any, table: Any, board: Any, why: Any,
                 now_ms: int, actor: str) -> dict[str, Any]:
    """The director lets a match play a board its time had locked (K12.1), in both rooms."""
    for value, what in ((round_number, "round"), (table, "table"), (board, "board")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TravellerError(f"invalid_{what}", f"{what} must be a whole number, not "
                                 f"{value!r}")
    match = next((m for m in matches(store, now_ms)
                  if (m.round, m.table) == (round_number, table)), None)
    if match is None or board not in match.boards:
        raise TravellerError("no_such_board", f"match {table} of round {round_number} has no "
                             f"board {board}", 404)
    with store.write() as db:
        changed = sql.put_unlock(store, db, round_number, table, board, actor, now_ms,
                                 str(why or "").strip()[:200] or "director unlocked (K12.1)")
    return ok_body(round=round_number, table=table, board=board, changed=changed)


# -- line-ups (D8.2) and rosters (D2.1) ------------------------------------------------------

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


def player_boards(store: Store) -> list[dict[str, Any]]:
    """D8.2: each player's boards from the line-ups, and the share of the team's boards.

    A player sat in a segment plays its boards that were scored at that table. A team's boards
    are the boards of its matches that were scored in at least one room."""
    from .players import known
    from .store import players as players_sql

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
    for row in _lineups(players_sql.lineups(store)):
        seating = seatings.get((row["section"], row["table_number"], row["round"]))
        if seating is None:
            continue
        for board in seating.boards:
            segment = segment_of(seating.boards, board, opts["segments"])
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
                    "share": round(share * 100, 1), "full_premium": share >= 0.4})
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


# -- standings and the Swiss -------------------------------------------------------------------

def records(store: Store, now_ms: int) -> tuple[list[MatchRecord], list[VpDeduction], set[int]]:
    """Every complete match as a record, the VP deductions (K10.1, K18.1; a Swiss bye is a
    negative one), and the teams ranked (a team erased by K14.1 is not)."""
    penalties = _imp_penalties(store)
    rulings = sql.team_rulings(store)
    erased = {r["team"] for r in rulings if r["kind"] == "disqualified"
              and (r["detail"] or {}).get("kind") == "erased"}
    out = [record(store, m, penalties) for m in matches(store, now_ms) if m.complete]
    out = [r for r in out if not ({r.team_a, r.team_b} & erased)]
    deductions = []
    for r in rulings:
        if r["kind"] == "vp_penalty" and r["team"] not in erased:
            deductions.append(VpDeduction(r["team"], float(r["value"]), r["rule"] or "K10.1",
                                          r["why"] or ""))
        elif r["kind"] == "bye" and r["team"] not in erased:
            deductions.append(VpDeduction(r["team"], -float(r["value"]), "bye", "bye"))
    ranked = {t["number"] for t in sql.teams(store)} - erased
    return out, deductions, ranked


def bye_vp(store: Store) -> dict[int, float]:
    """VP each team scored for its byes in a Swiss (counted in its total, shown apart from its
    deductions)."""
    out: dict[int, float] = {}
    for r in sql.team_rulings(store):
        if r["kind"] == "bye":
            out[r["team"]] = out.get(r["team"], 0.0) + float(r["value"])
    return out


def separation_message(separation: Separation) -> Message:
    """Why a team is placed just behind the one before it, as a message (`str(separation)` in
    English), with the criterion that separated them (None: they are level)."""
    if separation.criterion is None:
        said = message(N_("%(ahead)s and %(behind)s are level"), ahead=separation.ahead,
                       behind=separation.behind)
    else:
        ahead, behind = separation.figures
        said = message(N_("%(ahead)s ahead of %(behind)s on %(criterion)s %(ahead_value)s v "
                          "%(behind_value)s"), ahead=separation.ahead,
                       behind=separation.behind, criterion=message(separation.label),
                       ahead_value=ahead, behind_value=behind)
    return {"criterion": separation.criterion, **said}


def standings(store: Store, now_ms: int) -> dict[str, Any]:
    """The teams ranking by the event's tie-break chain, each neighbour's separation given:
    `reason` in English, `separation` its criterion and the message to translate."""
    recs, deductions, ranked = records(store, now_ms)
    ranking = rank_teams(recs, options(store)["tiebreak"], deductions=deductions, teams=ranked)
    team_names = names(store)
    reasons = {s.behind: str(s) for s in ranking.separations}
    separations = {s.behind: separation_message(s) for s in ranking.separations}
    byes = bye_vp(store)
    rows = [{"rank": s.rank, "shared": s.shared, "team": s.team,
             "name": team_names.get(s.team, f"Team {s.team}"),
             "vp": s.vp, "vp_deducted": round(s.vp_deducted + byes.get(s.team, 0.0), 2),
             "bye_vp": byes.get(s.team, 0.0), "matches": s.matches,
             "imps_won": s.imps_won, "imps_lost": s.imps_lost,
             "imp_quotient": None if s.imp_quotient == float("inf") else s.imp_quotient,
             "imp_difference": s.imp_difference, "reason": reasons.get(s.team),
             "separation": separations.get(s.team)}
            for s in ranking.standings]
    done = [m for m in matches(store, now_ms)]
    complete_rounds = 0
    for rnd in sorted({m.round for m in done}):
        if all(m.complete for m in done if m.round == rnd):
            complete_rounds = rnd
        else:
            break
    return {"chain": list(ranking.chain), "teams": rows, "complete_rounds": complete_rounds}


def pair_next_round(store: Store, now_ms: int, actor: str) -> dict[str, Any]:
    """Pair and seat the next round of a Swiss teams event once every match of the last round
    is over (K16: by the current ranking, nearest opponents not met before; the last round
    pure, K16.4)."""
    opts = options(store)
    if not is_teams(store) or opts["kind"] != "swiss":
        raise TravellerError("not_swiss", "only a Swiss teams event is paired round by round",
                             409)
    all_matches = matches(store, now_ms)
    last = max((m.round for m in all_matches), default=0)
    if last >= opts["rounds"]:
        raise TravellerError("no_more_rounds", f"all {opts['rounds']} rounds are paired", 409)
    waiting = [m.table for m in all_matches if m.round == last and not m.complete]
    if waiting:
        raise TravellerError("round_not_over", f"round {last} is not over: match"
                             f"{'es' if len(waiting) > 1 else ''} "
                             f"{', '.join(map(str, waiting))} still playing", 409)
    rulings = sql.team_rulings(store)
    byes = {r["round"]: r["team"] for r in rulings if r["kind"] == "bye"}
    out = {r["team"] for r in rulings if r["kind"] == "disqualified"}
    previous = [SwissRound(n, tuple(SwissMatch(m.table, m.home, m.away)
                                    for m in all_matches if m.round == n), byes.get(n))
                for n in range(1, last + 1)]
    recs, deductions, ranked = records(store, now_ms)
    ranking = rank_teams(recs, "k16.3", deductions=deductions, teams=ranked)
    standing = [TeamStanding(s.team, s.vp, s.imps_won, s.imps_lost) for s in ranking.standings]
    field = sorted(ranked - out)
    number = last + 1
    try:
        paired = swiss_teams_round(number, field, standing, previous,
                                   last_round=number == opts["rounds"])
    except MovementError as exc:
        raise TravellerError("cannot_pair", str(exc), 409) from None
    size = opts["boards_per_round"]
    boards = tuple(range(last * size + 1, number * size + 1))
    new = [(number, m.table, m.home, m.away, boards) for m in paired.matches]
    tables = {t.number for t in store.tables() if t.section == "O"}
    if any(m.table not in tables for m in paired.matches):
        raise TravellerError("too_few_tables", "the round needs more match tables than the "
                             "event has", 409)
    with store.write() as db:
        store.put_seatings(db, team_rows(new, {}))
        if paired.bye is not None:
            sql.insert_team_ruling(store, db, {
                "kind": "bye", "round": number, "team": paired.bye, "opponent": None,
                "value": paired.bye_score or 0.0, "rule": "K13.2", "detail": {},
                "why": "bye", "actor": actor, "at_ms": now_ms, "removed_ms": None})
        store.audit(db, actor, "swiss_paired", "round", str(number), None,
                    str([(m.home, m.away) for m in paired.matches]),
                    "K16: paired from the ranking " + " ".join(map(str, paired.ranking)))
    return ok_body(round=number, matches=[{"table": m.table, "home": m.home, "away": m.away}
                                          for m in paired.matches],
                   bye=paired.bye, repeats=[list(r) for r in paired.repeats])
