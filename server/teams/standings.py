"""The teams ranking and the Swiss: every complete match as a record, the VP deductions and
byes, the tie-break chain with each neighbour's separation, and the next Swiss round (K16).

A knock-out match of a competition scores no VP (K15, D1.4): it never enters a VP table; the
competition's own standings (`server.stages.view`) rank its stages one by one.
"""

from __future__ import annotations

from typing import Any

from ..errors import TravellerError, ok_body
from ..event.create import team_rows
from ..movements import MovementError, SwissMatch, SwissRound, TeamStanding, swiss_teams_round
from ..scoring import MatchRecord, rank_teams
from ..scoring.penalties import VpDeduction
from ..scoring.ranking import Separation
from ..store import Store
from ..store import teams as sql
from ..texts import N_, Message, message
from .matches import (
    Match,
    imp_penalties,
    in_competition,
    is_teams,
    matches,
    names,
    options,
    record,
)


def vp_matches(store: Store, now_ms: int) -> list[Match]:
    """Every match that scores VP: all of them, but a competition's knock-out matches."""
    fixtures = in_competition(store)
    return [m for m in matches(store, now_ms)
            if not (fixtures.get((m.round, m.table)) or {}).get("knockout")]


def records(store: Store, now_ms: int) -> tuple[list[MatchRecord], list[VpDeduction], set[int]]:
    """Every complete match that scores VP as a record (a knock-out match scores none), the VP
    deductions (K10.1, K18.1; a Swiss bye is a negative one), and the teams ranked (a team
    erased by K14.1 is not)."""
    penalties = imp_penalties(store)
    rulings = sql.team_rulings(store)
    erased = {r["team"] for r in rulings if r["kind"] == "disqualified"
              and (r["detail"] or {}).get("kind") == "erased"}
    out = [record(store, m, penalties) for m in vp_matches(store, now_ms) if m.complete]
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
    done = vp_matches(store, now_ms)
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
