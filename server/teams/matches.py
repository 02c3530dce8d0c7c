"""A teams event's matches as the two rooms have played them: K12.1 locks, boards not played
after a walk-over or a disqualification, each match's score and VPs.

Match k of a round is table k of the open room and of the closed room. A board locked by
K12.1 (the session's time ran out before it was started) scores nothing in that room; the
director may unlock it (`unlock_board`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..clock import k12_1_locked
from ..errors import TravellerError, ok_body, shown
from ..event.clocks import ClockBook
from ..event.create import ROOMS
from ..scoring import CarryOver, MatchRecord, TeamMatch, find_scale
from ..scoring.penalties import ImpPenalty
from ..scoring.teams import BoardResult
from ..store import ResultRow, SeatingRow, Store, TableRow
from ..store import competition as competition_sql
from ..store import teams as sql

LOCK_REASON = "K12.1: the session's time ran out before this board was started"

NOT_PLAYED_REASON = "the match was awarded by walk-over (K13) or its team disqualified (K14.1)"


def is_teams(store: Store) -> bool:
    teams: bool = store.settings_memo(
        "is_teams", lambda: (store.setting("preset", {}) or {}).get("kind") == "teams")
    return teams


def options(store: Store) -> dict[str, Any]:
    """The teams settings of the event, with the preset's defaults (a copy the caller may
    change; built once until a setting changes: a teams table's state read them a dozen
    times, decoding the preset each time)."""
    return dict(store.settings_memo("teams_options", lambda: _options(store)))


def _options(store: Store) -> dict[str, Any]:
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


def in_competition(store: Store) -> dict[tuple[int, int], dict[str, Any]]:
    """In a competition event, each match in play by (round, table): its stage, whether it is
    a knock-out, its carry-over, VP scale and segments (`server.stages` writes them)."""
    def build() -> dict[tuple[int, int], dict[str, Any]]:
        out = {}
        for key, fixture in competition_sql.fixtures(store).items():
            if fixture["kind"] == "match":
                detail = fixture["detail"]
                out[fixture["first_round"], detail["table"]] = {**detail, "key": key,
                                                                "stage": fixture["stage"]}
        return out

    # Read for every match a page or an export scores: built once per schedule.
    found: dict[tuple[int, int], dict[str, Any]] = store.schedule_memo(
        ("teams", "in_competition"), build)
    return found


def segments_at(store: Store, round_number: int | None, table: int) -> int:
    """The segments of the match at a table in a round: the competition's match's own, else
    the event's."""
    found = in_competition(store).get((round_number or 0, table))
    return int(found["segments"]) if found else options(store)["segments"]


def room_of(section: str) -> str:
    return ROOMS.get(section, section)


def partner_tables(store: Store, table: TableRow) -> list[TableRow]:
    """The other room's table of the same match (its terminal shows the match too)."""
    if table.section not in ROOMS or not is_teams(store):
        return []
    return [t for t in store.match_tables(table.number) if t.section != table.section]


def with_partners(store: Store, table: TableRow) -> tuple[TableRow, ...]:
    """A table and, in a teams event, the other room's table of its match."""
    return (table, *partner_tables(store, table))


def names(store: Store) -> dict[int, str]:
    """Each team's name by number (kept until a team changes; a copy the caller may change:
    every teams table's state reads it twice)."""
    return dict(shared_names(store))


def shared_names(store: Store) -> dict[int, str]:
    """`names` itself, shared: not to be changed (a state reads two teams' names of
    hundreds)."""
    found: dict[int, str] = store.players_memo(
        "team_names", lambda: {t["number"]: t["name"] for t in sql.teams(store)})
    return found


def segment_of(boards: tuple[int, ...] | list[int], board: int, segments: int) -> int:
    """The segment (from 1) a board of a match is played in."""
    size = max(1, len(boards) // max(1, segments))
    return list(boards).index(board) // size + 1


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

    def results_in(self, section: str) -> dict[int, ResultRow]:
        """The results of a room ("O" or "C"), by board."""
        return self.open if section == "O" else self.closed

    def done_on(self, section: str, board: int) -> bool:
        """Whether a room is done with a board: a result, or locked (K12.1) or adjusted."""
        return (board in self.results_in(section) or board in self.locked.get(section, ())
                or board in self.adjusted.get(section, frozenset()))

    def done_in(self, section: str) -> bool:
        return all(self.done_on(section, b) for b in self.boards)

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
            table: int | None = None, round: int | None = None) -> list[Match]:
    """Every scheduled match (of one match table, and of one round, when given), in round and
    table order."""
    if results is None:
        results = (store.results(round=round) if table is None else
                   [*store.results("O", table, round), *store.results("C", table, round)])
    by_key: dict[tuple[str, int, int], dict[int, ResultRow]] = {}
    for r in results:
        by_key.setdefault((r.section, r.table_number, r.round), {})[r.board] = r
    locked = locks(store, now_ms, results, table)
    adjusted = store.adjusted_boards()
    walkovers = {(w["round"], frozenset((w["team"], w["opponent"]))): w
                 for w in sql.team_rulings(store) if w["kind"] == "walkover"}
    out = []
    for s in store.seatings("O", table) if table is not None else store.seatings("O"):
        if round is not None and s.round != round:
            continue

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


def imp_penalties(store: Store) -> dict[tuple[int, int], list[ImpPenalty]]:
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
    penalties = imp_penalties(store) if penalties is None else penalties
    fixture = in_competition(store).get((match.round, match.table))
    segments = int(fixture["segments"]) if fixture else opts["segments"]
    size = max(1, len(match.boards) // segments)
    carry = None
    if fixture and fixture.get("carry_over"):
        given = fixture["carry_over"]
        carry = CarryOver(given["team"], Fraction(str(given["imps"])), given["rule"])
    return TeamMatch.from_boards(
        match.home, match.away, match.board_results(), size,
        boards_scheduled=len(match.boards), carry_over=carry,
        imp_penalties=[*penalties.get((match.round, match.home), []),
                       *penalties.get((match.round, match.away), [])],
        knockout=bool(fixture and fixture["knockout"]), round=match.round)


def record(store: Store, match: Match,
           penalties: Mapping[tuple[int, int], list[ImpPenalty]] | None = None) -> MatchRecord:
    """A complete match as the ranking takes it: VPs by the event's scale, or the walk-over."""
    if match.walkover is not None:
        w = match.walkover
        offender_vp = float((w["detail"] or {}).get("offender_vp", 0))
        return MatchRecord(w["opponent"], w["team"], 0.0, 0.0, float(w["value"]), offender_vp,
                           round=match.round, walkover=True)
    fixture = in_competition(store).get((match.round, match.table))
    scale = fixture["vp_scale"] if fixture else options(store)["vp_scale"]
    return scored(store, match, penalties).record(find_scale(scale))


def match_summary(store: Store, match: Match,
                  penalties: Mapping[tuple[int, int], list[ImpPenalty]] | None = None
                  ) -> dict[str, Any]:
    """A match's score for a screen: board by board and in total, VPs once complete."""
    team_names = shared_names(store)
    score = scored(store, match, penalties).score()
    fixture = in_competition(store).get((match.round, match.table))
    knockout = bool(fixture and fixture["knockout"])
    vp = None
    if match.complete and not knockout:
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
        # A competition's match: its stage, and a knock-out's carry-over, which the IMPs above
        # include (K15, D1.4); a knock-out scores no VP.
        "stage": fixture["stage_name"] if fixture else None,
        "knockout": knockout,
        "carry_over": fixture.get("carry_over") if fixture else None,
        "segments": int(fixture["segments"]) if fixture else options(store)["segments"],
        "locked": {room_of(s): list(match.locked[s]) for s in ROOMS},
    }


def unlock_board(store: Store, round_number: Any, table: Any, board: Any, why: Any,
                 now_ms: int, actor: str) -> dict[str, Any]:
    """The director lets a match play a board its time had locked (K12.1), in both rooms."""
    for value, what in ((round_number, "round"), (table, "table"), (board, "board")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TravellerError(f"invalid_{what}", f"{what} must be a whole number, not "
                                 f"{shown(value)}")
    match = next((m for m in matches(store, now_ms)
                  if (m.round, m.table) == (round_number, table)), None)
    if match is None or board not in match.boards:
        raise TravellerError("no_such_board", f"match {table} of round {round_number} has no "
                             f"board {board}", 404)
    with store.write() as db:
        changed = sql.put_unlock(store, db, round_number, table, board, actor, now_ms,
                                 str(why or "").strip()[:200] or "director unlocked (K12.1)")
    return ok_body(round=round_number, table=table, board=board, changed=changed)
