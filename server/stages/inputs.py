"""What a competition event has played and decided, read as the competition model's inputs.

A match in play is complete when both rooms have finished every board (played, locked by K12.1
or adjusted); it then enters the model as its boards in both rooms, numbered as the fixture
numbers them, with its IMP penalties (K10.2). A pairs session (or a Swiss pairs round) is
complete when every board of its rounds is scored or adjusted at every table; it enters as its
travellers, each result on its adjusted score if it has one. The decisions in force (choices,
wild cards, entries joining) are read as they were recorded.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..competition import Entry, Inputs, MatchPlay
from ..direction.rulings import adjusted_score
from ..formats import parse_preset
from ..formats.competition import CompetitionSpec
from ..scoring.adjusted import TableResult
from ..scoring.matchpoints import BoardResult as TravellerLine
from ..scoring.teams import BoardResult as TwoRooms
from ..store import ResultRow, Store
from ..store import competition as sql
from ..store import rulings as rulings_sql
from ..store import teams as teams_sql
from ..teams.matches import matches

_SPECS: dict[str, CompetitionSpec] = {}


def is_competition(store: Store) -> bool:
    return store.setting("competition") is not None


def competition_spec(store: Store) -> CompetitionSpec:
    """The competition of the event, from the preset text it was created from (kept until a
    setting changes: a robot read it for each board, decoding the whole preset each time)."""
    spec: CompetitionSpec = store.settings_memo("competition_spec", lambda: _spec(store))
    return spec


def _spec(store: Store) -> CompetitionSpec:
    text = (store.setting("competition") or {}).get("preset_text")
    if not isinstance(text, str):
        raise ValueError("this event is not a competition")
    if text not in _SPECS:
        spec = parse_preset(text, origin="the event's competition").competition
        if spec is None:
            raise ValueError("the event's preset has no stages")
        _SPECS[text] = spec
    return _SPECS[text]


def own_entries(store: Store) -> list[Entry]:
    return [Entry(r["id"], r["name"], r["grp"] or "") for r in sql.entries(store)]


def joined_entries(value: Any, stage: str, origin: str) -> tuple[Entry, ...]:
    """The entries of a join decision: [{"id", "name"}...]."""
    return tuple(Entry(int(e["id"]), str(e["name"]), joined=stage, origin=origin)
                 for e in value)


def load(store: Store, now_ms: int) -> Inputs:
    """Everything played and decided so far."""
    inputs = Inputs()
    for d in sql.decisions(store):
        if d["kind"] == "choice":
            inputs.choices[d["key"]] = int(d["value"])
        elif d["kind"] == "wild card":
            inputs.picks[d["key"]] = tuple(int(v) for v in d["value"])
        elif d["kind"] == "replace":
            stage = d["key"].split("/", 1)[0]
            inputs.replaced[stage] = {int(k): int(v) for k, v in d["value"].items()}
        elif d["kind"] == "join":
            stage = d["key"].split("/", 1)[0]
            inputs.joins[d["key"]] = joined_entries(d["value"]["entries"], stage,
                                                    d["value"].get("origin", ""))
    fixtures = sql.fixtures(store)
    if not fixtures:
        return inputs
    if any(f["kind"] == "match" for f in fixtures.values()):
        _matches(store, now_ms, fixtures, inputs)
    if any(f["kind"] == "session" for f in fixtures.values()):
        _sessions(store, fixtures, inputs)
    return inputs


def _matches(store: Store, now_ms: int, fixtures: dict[str, dict[str, Any]],
             inputs: Inputs) -> None:
    played = {(m.round, m.table): m for m in matches(store, now_ms)}
    penalties: dict[tuple[int, int], float] = defaultdict(float)
    for r in teams_sql.team_rulings(store):
        if r["kind"] == "imp_penalty":
            penalties[r["round"], r["team"]] += float(r["value"])
    for key, fixture in fixtures.items():
        if fixture["kind"] != "match":
            continue
        detail = fixture["detail"]
        match = played.get((fixture["first_round"], detail["table"]))
        if match is None or not match.complete:
            continue
        shift = detail["first_local"] - detail["first_board"]
        boards = tuple(TwoRooms(b.board + shift, b.open_ns, b.closed_ns)
                       for b in match.board_results())
        walkover = None
        if match.walkover is not None:
            # The director's K13 ruling: the team there gets the award, the other its VP.
            w = match.walkover
            award, offender = float(w["value"]), float((w["detail"] or {}).get("offender_vp", 0))
            walkover = (award, offender) if w["opponent"] == match.home else (offender, award)
        inputs.matches[key] = MatchPlay(
            boards, (penalties[match.round, match.home], penalties[match.round, match.away]),
            walkover)


Where = tuple[str, int, int, int]
"""A board at a table in a round: (section, table, round, board)."""


def scored_entries(store: Store) -> tuple[dict[Where, ResultRow], dict[Where, dict[str, Any]]]:
    """Every result and every adjusted score in force, by entry."""
    results = {(r.section, r.table_number, r.round, r.board): r for r in store.results()}
    adjusted = {(a["section"], a["table_number"], a["round"], a["board"]): a
                for a in rulings_sql.adjustments(store)}
    return results, adjusted


def scored_as(where: Where, results: dict[Where, ResultRow],
              adjusted: dict[Where, dict[str, Any]]) -> TableResult | None:
    """What an entry is scored on: its adjusted score, else its result; None: not played."""
    if where in adjusted:
        a = adjusted[where]
        return TableResult.split(adjusted_score(a["ns"]), adjusted_score(a["ew"]))
    if where in results:
        return TableResult.played(results[where].ns_score)
    return None


def _sessions(store: Store, fixtures: dict[str, dict[str, Any]], inputs: Inputs) -> None:
    results, adjusted = scored_entries(store)
    for key, fixture in fixtures.items():
        if fixture["kind"] != "session":
            continue
        detail = fixture["detail"]
        section = detail["section"]
        shift = detail["first_local"] - detail["first_board"]
        lines = []
        complete = True
        for seating in store.seatings(section):
            if not fixture["first_round"] <= seating.round <= fixture["last_round"]:
                continue
            for board in seating.boards:
                result = scored_as((section, seating.table_number, seating.round, board),
                                   results, adjusted)
                if result is None:
                    complete = False
                    break
                lines.append(TravellerLine(board + shift, seating.ns_pair, seating.ew_pair,
                                           result, fixture["grp"] or "",
                                           seating.round - fixture["first_round"] + 1))
            if not complete:
                break
        if complete and lines:
            inputs.sessions[key] = tuple(lines)
