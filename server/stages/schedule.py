"""Putting a competition's next matches and sessions in play: rounds, tables and boards.

Everything the competition model can play now and the event has not put in play yet goes into
new rounds of the event's schedule, after the last one:

- team matches (a teams competition's rooms are the sections "O" and "C", match k is table k in
  both): a stream of matches (one stage's group) takes the lowest match tables that have no
  match still being played, and keeps them for all its rounds of the batch, so a round robin's
  rounds follow one another at the same tables; new tables are added when there are too few;
- pairs sessions (and Swiss pairs rounds): each group plays in the section of its name ("A" for
  a stage of one group), at the tables of its movement, the sessions of a group one after
  another.

A round robin with `rounds_per_advance` (D4.1: two weekends of 7 and 8 matches; D5.3: weekends
of 5) is put in play that many rounds at a time, the next rounds once those are over.

Streams put in play together run side by side from the same round on (League I's play-off and
places 13-16). Boards are numbered on through the event, so a board number names one deal:
every fixture of a round robin's round, of a knock-out's round, or of a pairs session shares
the deals of its key (D1.2), and the same deals keep the same numbers. A new set of deals starts
at a number with the dealer and vulnerability of the fixture's own first board.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..competition import CompetitionView, Inputs, MatchFixture, SessionFixture
from ..competition.model import Fixture
from ..event.venue import venue_group
from ..store import Store
from ..store import competition as sql


@dataclass
class Batch:
    """What one advance puts in play."""

    fixtures: list[Fixture]
    first_round: int
    last_round: int
    seatings: list[dict[str, Any]] = field(default_factory=list)
    fixture_rows: list[dict[str, Any]] = field(default_factory=list)
    new_tables: list[tuple[str, int]] = field(default_factory=list)
    new_teams: list[int] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    """One line per stream: what it plays, in which rounds, at which tables."""


def section_of(group: str) -> str:
    return group or "A"


def pending(store: Store, view: CompetitionView) -> list[Fixture]:
    """What the competition can play now that is not in play yet."""
    scheduled = sql.fixtures(store)
    return [f for f in view.fixtures if f.key not in scheduled]


def next_batch(store: Store, view: CompetitionView, inputs: Inputs, *,
               teams: bool) -> Batch | None:
    fixtures = pending(store, view)
    if not fixtures:
        return None
    seatings = store.seatings()
    first = max((s.round for s in seatings), default=0) + 1
    batch = Batch(fixtures, first, first)
    existing = sql.fixtures(store)
    boards = Boards(existing, max((b for s in seatings for b in s.boards), default=0))
    tables = {(t.section, t.number) for t in store.tables()}
    streams: dict[tuple[int, str], list[Fixture]] = defaultdict(list)
    order = {s.spec.id: i for i, s in enumerate(view.stages)}
    for fixture in fixtures:
        streams[order[fixture.stage], fixture.group].append(fixture)
    busy = _busy(existing, inputs)
    known = numbered_rounds(existing)
    # A group's round robin goes on at the tables it played its earlier rounds at, as the
    # room does (and as one advance of every group numbers them).
    kept: dict[tuple[str, str], set[int]] = defaultdict(set)
    for f in existing.values():
        if f["kind"] == "match" and not f["detail"].get("knockout"):
            kept[f["stage"], f["grp"] or ""].add(int(f["detail"]["table"]))
    names = {e.id: e.name for e in view.entries}
    carry = {(m.group, m.id): m.carry_over for s in view.stages if s.progress
             for m in s.progress.matches}
    bracket = {(m.group, m.id): m.round for s in view.stages if s.progress
               for m in s.progress.matches}
    specs = {s.spec.id: s.spec for s in view.stages}
    # A venue's file (D5.1) puts only its own group in play: the other groups' matches come
    # in with their venues' bundles.
    focus = venue_group(store)
    for key in sorted(streams):
        if focus is not None and key[1] and key[1] != focus:
            continue
        stream = _at_once(sorted(streams[key], key=lambda f: (f.round, f.key)),
                          specs[streams[key][0].stage].rounds_per_advance, existing, inputs)
        if not stream:
            continue
        spec = specs[stream[0].stage]
        # How the room numbers the stage's rounds: all of a round robin's are known at once.
        rounds = max(f.round for f in streams[key])
        if teams:
            _match_stream(batch, [f for f in stream if isinstance(f, MatchFixture)], busy,
                          boards, names, carry, bracket, known, kept,
                          {"vp_scale": spec.vp_scale, "stage_name": spec.name,
                           "stage_rounds": rounds})
        else:
            _session_stream(batch, stream, boards, {"stage_name": spec.name,
                                                    "sessions": spec.sessions,
                                                    "top_integral": spec.top_integral})
    if not batch.seatings:
        return None
    used = {(row["section"], row["table_number"]) for row in batch.seatings}
    batch.new_tables = sorted(used - tables)
    batch.last_round = max((row["round"] for row in batch.seatings), default=first)
    batch.first_round = min((row["round"] for row in batch.seatings), default=first)
    known = {e.id for e in view.entries}
    in_play = {row[k] for row in batch.seatings for k in ("ns_pair", "ew_pair")}
    batch.new_teams = sorted(in_play & known)
    return batch


def numbered_rounds(existing: dict[str, dict[str, Any]]) -> dict[tuple[str, Any], int]:
    """Each stage's round robin rounds already numbered in this file, (stage, its round) ->
    the event's round. Such a round keeps its number (another group's match of it, taken in
    from a venue's bundle, D5.1): every group plays a round robin's round r in the same round
    of the event, as one file advancing them together numbers them."""
    return {(f["stage"], f["detail"].get("stage_round")): f["first_round"]
            for f in existing.values()
            if f["kind"] == "match" and not f["detail"].get("knockout")}


class Boards:
    """Board numbers of the event by deals: the same deals, the same numbers."""

    def __init__(self, existing: dict[str, dict[str, Any]], last: int) -> None:
        self.first: dict[str, tuple[int, int]] = {}
        for fixture in existing.values():
            detail = fixture["detail"]
            self.first.setdefault(detail["deals"], (detail["first_local"],
                                                    detail["first_board"]))
        self.last = last

    def number(self, deals: str, local: int, span: int) -> int:
        """The event's number of the fixture's board `local`; a new deals key takes the next
        `span` numbers from the first that has the dealer and vulnerability of `local` (they
        repeat every 16 boards), so a board is dealt and scored alike in the event and in the
        competition model."""
        if deals not in self.first:
            start = self.last + 1 + (local - self.last - 1) % 16
            self.first[deals] = (local, start)
            self.last = start + span - 1
        first_local, first_global = self.first[deals]
        number = first_global + local - first_local
        self.last = max(self.last, number)
        return number


def _at_once(stream: list[Fixture], counts: tuple[int, ...] | None,
             existing: dict[str, dict[str, Any]], inputs: Inputs) -> list[Fixture]:
    """The part of a stream one advance puts in play: all of it, or (a round robin over
    weekends, D4.1 7 + 8 matches, D5.3 5 a weekend) its next `counts` rounds, once the rounds
    in play before are over."""
    if counts is None:
        return stream
    stage, group = stream[0].stage, stream[0].group
    mine = [(key, f) for key, f in existing.items() if f["stage"] == stage and f["grp"] == group]
    if any(key not in inputs.matches for key, _ in mine):
        return []
    done = len({f["detail"]["stage_round"] for _, f in mine})
    limit, k = 0, 0
    while limit <= done:
        limit += counts[min(k, len(counts) - 1)]
        k += 1
    rounds = sorted({f.round for f in stream})[:limit - done]
    return [f for f in stream if f.round in rounds]


def _busy(existing: dict[str, dict[str, Any]], inputs: Inputs) -> set[int]:
    """Match tables with a match in play that is not over."""
    return {f["detail"]["table"] for key, f in existing.items()
            if f["kind"] == "match" and key not in inputs.matches}


def _match_stream(batch: Batch, stream: list[MatchFixture], busy: set[int], boards: Boards,
                  names: dict[int, str], carry: dict[tuple[str, str], Any],
                  bracket: dict[tuple[str, str], str], known: dict[tuple[str, Any], int],
                  kept: dict[tuple[str, str], set[int]], stage: dict[str, Any]) -> None:
    by_round: dict[int, list[MatchFixture]] = defaultdict(list)
    for f in stream:
        by_round[f.round].append(f)
    low = min(by_round)
    base = None if stream[0].knockout else known.get((stream[0].stage, low))
    start = batch.first_round if base is None else base
    width = max(len(fs) for fs in by_round.values())
    taken: list[int] = []
    before = sorted(kept.get((stream[0].stage, stream[0].group or ""), set()))
    if not stream[0].knockout and len(before) >= width and not busy & set(before[:width]):
        taken = before[:width]
    candidate = 1
    while len(taken) < width:
        if candidate not in busy:
            taken.append(candidate)
        candidate += 1
    busy.update(taken)
    where: dict[tuple[int, int], int] = {}
    for stage_round in sorted(by_round):
        number = start + stage_round - low
        for table, f in zip(taken, by_round[stage_round], strict=False):
            where[number, f.home] = where[number, f.away] = table
    for stage_round in sorted(by_round):
        number = start + stage_round - low
        for table, f in zip(taken, by_round[stage_round], strict=False):
            numbers = [boards.number(f.deals, f.first_board + i, f.boards)
                       for i in range(f.boards)]
            for section, (ns, ew) in (("O", (f.home, f.away)), ("C", (f.away, f.home))):
                batch.seatings.append({
                    "section": section, "round": number, "table_number": table,
                    "ns_pair": ns, "ew_pair": ew, "boards": json.dumps(numbers),
                    "ew_next_table": where.get((number + 1, ew)), "boards_next_table": None})
            match_id = f.key.split("/")[-1]
            c_o = carry.get((f.group, match_id)) if f.knockout else None
            batch.fixture_rows.append({
                "key": f.key, "stage": f.stage, "grp": f.group, "kind": "match",
                "first_round": number, "last_round": number, "detail": {
                    "table": table, "home": f.home, "away": f.away, "boards": f.boards,
                    "segments": f.segments, "first_local": f.first_board,
                    "first_board": numbers[0], "deals": f.deals, "knockout": f.knockout,
                    "label": f.label, "stage_round": f.round, **stage,
                    "match_round": (bracket.get((f.group, _bracket_id(f))) if f.knockout
                                    else None),
                    "carry_over": (None if c_o is None else
                                   {"team": c_o.to, "imps": c_o.imps, "rule": c_o.rule})}})
    first = start
    last = first + max(by_round) - low
    group = f" {stream[0].group}" if stream[0].group else ""
    rounds = f"round {first}" if first == last else f"rounds {first}-{last}"
    # One line a stream, naming its matches when they are few; the console lists every match
    # of it from the fixture rows (never "4 of them and more").
    few = f": {', '.join(_label(f, names) for f in stream)}" if len(stream) <= 4 else ""
    batch.summary.append(
        f"{stage['stage_name']}{group}: {sum(len(v) for v in by_round.values())} match"
        f"{'es' if len(stream) > 1 else ''}, {rounds}, table"
        f"{'s' if len(taken) > 1 else ''} {', '.join(map(str, taken))}{few}")


def _bracket_id(f: MatchFixture) -> str:
    """The bracket's id of a knock-out fixture's match: its key is STAGE[/GROUP]/ID, and
    extra or sudden-death boards add /extra or /sdN."""
    parts = f.key.split("/")
    if parts[-1] == "extra" or (parts[-1].startswith("sd") and parts[-1][2:].isdigit()):
        parts = parts[:-1]
    return parts[-1]


def _label(f: MatchFixture, names: dict[int, str]) -> str:
    return f"{names.get(f.home, f.home)} v {names.get(f.away, f.away)}"


def _session_stream(batch: Batch, stream: list[Fixture], boards: Boards,
                    stage: dict[str, Any]) -> None:
    number = batch.first_round
    section = section_of(stream[0].group)
    for f in stream:
        assert isinstance(f, SessionFixture)
        movement = f.movement
        first = number
        lowest = min(movement.boards)
        for rnd in movement.rounds:
            for seat in rnd.seatings:
                ns, ew = f.entry(seat.ns_pair), f.entry(seat.ew_pair)
                if ns is None or ew is None:
                    continue  # the pair that is not there: its opponents sit out
                numbers = [boards.number(f.deals, b, len(movement.boards)) for b in seat.boards]
                ew_next, boards_next = movement.moves_after(rnd.number, seat.table,
                                                            seat.section)
                batch.seatings.append({
                    "section": section, "round": number, "table_number": seat.table,
                    "ns_pair": ns, "ew_pair": ew, "boards": json.dumps(numbers),
                    "ew_next_table": ew_next, "boards_next_table": boards_next})
            number += 1
        batch.fixture_rows.append({
            "key": f.key, "stage": f.stage, "grp": f.group, "kind": "session",
            "first_round": first, "last_round": number - 1, "detail": {
                "section": section, "tables": movement.tables, "movement": movement.kind,
                "first_local": lowest, "first_board": boards.number(f.deals, lowest, 0),
                "deals": f.deals, "label": f.label, "session": f.round, **stage,
                "pairs": [list(p) for p in f.pairs]}})
        batch.summary.append(f"{f.stage}: {f.label} in section {section}, rounds "
                             f"{first}-{number - 1}, {movement.tables} tables")
