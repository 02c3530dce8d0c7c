"""Competitions in presets: the stages of a championship and how entries move between them.

A competition preset adds ``[entries]`` (how many entries the regulation takes) and one
``[[stage]]`` per stage to the settings of a one-stage preset. A stage is a pairs event over
sessions, a barometer, a round robin (single or double), a Swiss of teams or of pairs, or a
knock-out; it says where its entrants come from (``[[stage.entrants]]``: the entries, places or
named outcomes of an earlier stage, pairs joining from another competition, the organisers'
wild card), how they are split into groups, and which final places it gives
(``[[stage.final]]``, or a knock-out's ``[[stage.place]]``). A knock-out writes its bracket as
data: ``[[stage.choice]]``, ``[[stage.match]]`` and ``[[stage.place]]`` whose teams are
references (``"A1"`` a seed, ``"winner:c1"``, ``"loser:c1"``, ``"chosen:A1 chooses"``,
``"not-chosen:A1 chooses"``, ``{best = [...], nth = 2}``, ``{first_of = [...], among = [...]}``).

Parsing is strict and reports every problem at once with its place in the file: an unknown key,
a wrong type, a reference to a stage, match or choice that does not exist, a VP scale without a
table for the stage's matches. Nothing in a competition preset is dropped silently.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..movements.base import MovementError
from ..movements.knockout import (
    Best,
    BracketRule,
    ChoiceRule,
    Chosen,
    Entrant,
    FirstOf,
    Higher,
    Loser,
    MatchRule,
    NotChosen,
    PlaceRule,
    Seed,
    TieRule,
    Winner,
)
from ..scoring import find_chain, find_scale
from ..scoring.carryover import CarryOverMethod, find_carry_over_rule


class CompetitionError(ValueError):
    """A competition that cannot be run as asked: the message names the rule or the setting."""


class StageKind(enum.Enum):
    """What a stage plays."""

    PAIRS = "pairs"
    """Pairs sessions scored by matchpoints, sessions added up (K4.1, K5.1, K6.1)."""
    BAROMETER = "barometer"
    """A pairs barometer: every table the same boards each round (K4.3)."""
    ROUND_ROBIN = "round_robin"
    """Teams, each against each once (K1.2, K3.2, D4.1)."""
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    """Teams, each against each twice, home and away (D4.4, D5.6)."""
    SWISS_TEAMS = "swiss_teams"
    """A Swiss of teams (K16, K2.2, KC2.1)."""
    SWISS_PAIRS = "swiss_pairs"
    """A Swiss of pairs scored by IMPs against the datum, turned into VP (KC1)."""
    KNOCKOUT = "knockout"
    """Knock-out matches in segments, with carry-over and tie rules (K15, K17.2, D1.4)."""

    @property
    def pairs(self) -> bool:
        """True when the entrants are pairs."""
        return self in (StageKind.PAIRS, StageKind.BAROMETER, StageKind.SWISS_PAIRS)

    @property
    def team_matches(self) -> bool:
        """True for the stages of team matches turned into VP."""
        return self in (StageKind.ROUND_ROBIN, StageKind.DOUBLE_ROUND_ROBIN,
                        StageKind.SWISS_TEAMS)


class Fill(enum.Enum):
    """How a stage's entrants are split into its groups."""

    SERPENTINE = "serpentine"
    """In the order they arrive: 1..k across the groups, the next k back (the guided draw)."""
    TABLE = "table"
    """By a published table of places (K2.3)."""
    SEEDS = "seeds"
    """Named seeds in named groups, the others in draw order (K1.3)."""
    ENTRY_GROUPS = "entry-groups"
    """The groups the entries were registered in (D5.1's territorial groups)."""
    KEEP = "keep"
    """The group each entrant comes from (a group's split or play-off, D5.4-D5.9)."""


@dataclass(frozen=True)
class When:
    """A stage, or a source of entrants, that applies only for some numbers of entries (the
    format chosen by the entries, K3.2, K7.1)."""

    min_entries: int = 0
    max_entries: int | None = None

    def applies(self, entries: int) -> bool:
        return entries >= self.min_entries and (self.max_entries is None
                                                or entries <= self.max_entries)


@dataclass(frozen=True)
class EntriesRule:
    """How many entries the competition takes, and their registered groups."""

    count: int | None = None
    """The exact number the regulation fixes (League I: 16, D1.1), or None."""
    minimum: int = 2
    maximum: int | None = None
    rule: str = ""
    """The rule that sets the number, named in the error for a wrong count."""
    groups: tuple[str, ...] = ()
    """Registered groups (D5.1: NW, NE, SW, SE); the entries are split evenly, in order."""
    name: str = "Team {id}"
    """How the simulator names an entry ({id}, {group})."""

    def check(self, entries: int) -> None:
        """Raise :class:`CompetitionError` unless the competition can take ``entries``."""
        label = f"{self.rule}: " if self.rule else ""
        if self.count is not None and entries != self.count:
            raise CompetitionError(f"{label}the competition has {self.count} entries, "
                                   f"not {entries}")
        if entries < self.minimum:
            raise CompetitionError(f"{label}the competition needs at least {self.minimum} "
                                   f"entries, not {entries}")
        if self.maximum is not None and entries > self.maximum:
            raise CompetitionError(f"{label}the competition takes at most {self.maximum} "
                                   f"entries, not {entries}")
        if self.groups and entries % len(self.groups):
            raise CompetitionError(f"{label}{entries} entries do not split evenly into the "
                                   f"{len(self.groups)} groups {', '.join(self.groups)}")


@dataclass(frozen=True)
class Grouping:
    """A stage's groups (pools, sections, territorial groups) and how they are filled."""

    count: int = 1
    by_entrants: tuple[tuple[int, int, int], ...] = ()
    """(fewest, most, groups) rows: the number of groups by the number of entrants (K4.2: two
    or three pools by the number of pairs)."""
    names: tuple[str, ...] = ()
    """The groups' names; by default A, B, C..."""
    fill: Fill = Fill.SERPENTINE
    table: tuple[tuple[int, ...], ...] = ()
    """Fill.TABLE: rows of places, a column per group (K2.3)."""
    seeds: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Fill.SEEDS: (group, positions of the seeded entrants in the arrival order) (K1.3)."""

    def count_for(self, entrants: int) -> int:
        for low, high, groups in self.by_entrants:
            if low <= entrants <= high:
                return groups
        return self.count


@dataclass(frozen=True)
class Entrants:
    """One source of a stage's entrants (``[[stage.entrants]]``)."""

    source: str
    """"entries" (the competition's entries), a stage id, "join" (entries from another
    competition, K4.2, K4.3, D4.7) or "wild card" (named by the organisers, KC2.2)."""
    places: tuple[int, int] | None = None
    """Places (first, last) in each group of the source stage, or overall with ``across``."""
    outcome: str = ""
    """A knock-out's named outcome instead of places (D4.3's "barrage (D4.7)")."""
    across: bool = False
    """Rank the source's groups together (pairs pools: by percentage)."""
    label: str = ""
    """A knock-out seed label made from {group}, {place} and {n} (the n-th of this source)."""
    labels: tuple[str, ...] = ()
    """Knock-out seed labels, one per entrant in order."""
    order_by: str = ""
    """A stage whose overall ranking orders these entrants before they are labelled (D4.7:
    the League I teams in order of their places after 15 matches)."""
    keep_vp: bool = False
    """The entrants keep the VP of the source stage (D4.4, D5.5)."""
    count: int = 0
    """"join" and "wild card": at most this many."""
    name: str = ""
    """"join": how the simulator names an entry joining ({n})."""
    when: When | None = None
    rule: str = ""
    why: str = ""


@dataclass(frozen=True)
class FinalPlaces:
    """Final places a group stage gives (``[[stage.final]]``), in each group."""

    places: tuple[int, int]
    """Places (first, last) in the group."""
    first: int
    """The final place of the first of them."""
    outcome: str = ""
    """What else the places mean ("relegated", "promoted to League I")."""
    when: When | None = None
    rule: str = ""
    why: str = ""


@dataclass(frozen=True)
class StageSpec:
    """One stage of a competition."""

    id: str
    name: str
    kind: StageKind
    rules: tuple[str, ...] = ()
    when: When | None = None
    boards_per_match: int = 0
    """Team stages and Swiss pairs: boards of a match (a round); pairs: see session_boards."""
    segments: int = 1
    rounds: int | None = None
    """Swiss stages: the rounds; round robins: None (every round)."""
    sessions: int = 1
    """Pairs stages: sessions, added up (K4.1)."""
    session_boards: tuple[int, int] = (22, 28)
    """Pairs stages: the fewest and most boards of a session."""
    boards_per_round: int = 2
    """Pairs stages: boards per round preferred."""
    movement: str = "auto"
    """Pairs stages: "auto" (a Howell up to 16 pairs, a Mitchell above), "mitchell",
    "howell" or "barometer"."""
    top_integral: bool = False
    """Pairs stages in pools: one matchpoint comparison across the pools (K4.2)."""
    groups: Grouping = Grouping()
    vp_scale: str = "wbf2013"
    tiebreak: str = "k17.1"
    bye_vp: float = 18.0
    """VP of a bye (K13.2)."""
    carry_over: str = "none"
    """Knock-outs: "k15", "d1.4" or "none" (KC2.3)."""
    carry_over_from: str = ""
    """K15: the stage whose direct match and ranking give the carry-over."""
    tie: TieRule = TieRule.EXTRA_BOARDS
    bracket: BracketRule | None = None
    entrants: tuple[Entrants, ...] = ()
    final: tuple[FinalPlaces, ...] = ()
    butler: bool = False
    """Team round robins: keep a Butler ranking of the pairs, group by group (D4.1, D5.2)."""
    butler_combined: bool = False
    """Team round robins in groups on the same deals (D1.2): keep also one Butler ranking over
    all the groups together, each deal's datum from every table of every group (D5.2)."""
    rounds_per_advance: tuple[int, ...] | None = None
    """Team round robins played over several weekends (D4.1: 7 + 8 matches; D5.3: 5 a
    weekend): each advance puts the next of these many rounds in play (the last repeated), once
    the rounds before are over. None: every round at once."""


@dataclass(frozen=True)
class CompetitionSpec:
    """A competition: its entries and its stages, in the order they are played."""

    name: str
    kind: str
    """"pairs" or "teams"."""
    entries: EntriesRule
    stages: tuple[StageSpec, ...]
    rules: tuple[str, ...] = ()
    mini_bridge: bool = False
    """K8.2: contracts are partscores at the one level or games."""
    restricted_systems: bool = False
    """K9.1: no psychics, no complex artificial systems (shown on cards and terminals)."""
    default_entries: int | None = None
    """The entries a simulation takes when none are given and the regulation fixes none (a
    preset of one stage: its tables' worth)."""

    def stages_for(self, entries: int) -> tuple[StageSpec, ...]:
        """The stages played with ``entries`` entries (a stage's ``when`` chooses the format)."""
        return tuple(s for s in self.stages if s.when is None or s.when.applies(entries))

    def stage(self, stage_id: str, entries: int) -> StageSpec:
        for s in self.stages_for(entries):
            if s.id == stage_id:
                return s
        raise CompetitionError(f"no stage {stage_id!r} for {entries} entries")


# ---------------------------------------------------------------------------------------------
# Reading


class _Reader:
    """The keys of one TOML table, read with their types; unknown keys are reported."""

    def __init__(self, data: Mapping[str, Any], where: str, problems: list[str]) -> None:
        self.data = data
        self.where = where
        self.problems = problems
        self.seen: set[str] = set()

    def problem(self, key: str, text: str) -> None:
        self.problems.append(f"{self.where} {key}: {text}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None,
            required: bool = False) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if required:
                self.problem(key, "required")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kind):
            self.problem(key, f"wrong type {type(value).__name__}")
            return default
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list, [])
        if not all(isinstance(v, str) for v in value):
            self.problem(key, "must be a list of strings")
            return ()
        return tuple(value)

    def ints(self, key: str, length: int | None = None) -> tuple[int, ...] | None:
        value = self.get(key, list)
        if value is None:
            return None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value) or (
                length is not None and len(value) != length):
            self.problem(key, f"must be a list of {length or 'some'} whole numbers")
            return None
        return tuple(value)

    def tables(self, key: str) -> list[Mapping[str, Any]]:
        value = self.get(key, list, [])
        if not all(isinstance(v, dict) for v in value):
            self.problem(key, "must be tables ([[...]])")
            return []
        return list(value)

    def done(self) -> None:
        for key in self.data:
            if key not in self.seen:
                self.problem(key, "unknown setting")


def _when(reader: _Reader) -> When | None:
    value = reader.get("when", dict)
    if value is None:
        return None
    inner = _Reader(value, f"{reader.where} when:", reader.problems)
    low = inner.get("min_entries", int, 0)
    high = inner.get("max_entries", int)
    inner.done()
    return When(low, high)


def _places(reader: _Reader, key: str = "places") -> tuple[int, int] | None:
    value = reader.ints(key, 2)
    if value is None:
        return None
    first, last = value
    if not 1 <= first <= last:
        reader.problem(key, f"must be [first, last] with 1 <= first <= last, not {list(value)}")
        return None
    return first, last


def parse_entries(data: Mapping[str, Any] | None, problems: list[str]) -> EntriesRule:
    if data is None:
        return EntriesRule()
    reader = _Reader(data, "[entries]", problems)
    rule = EntriesRule(
        count=reader.get("count", int), minimum=reader.get("min", int, 2),
        maximum=reader.get("max", int), rule=reader.get("rule", str, ""),
        groups=reader.strings("groups"), name=reader.get("name", str, "Team {id}"))
    reader.done()
    if (rule.count is not None and rule.count < 2) or rule.minimum < 2:
        problems.append("[entries]: a competition needs at least 2 entries")
    return rule


_KINDS = {kind.value: kind for kind in StageKind}
_FILLS = {fill.value: fill for fill in Fill}
_TIES = {"k17.2": TieRule.EXTRA_BOARDS, "d1.4": TieRule.HIGHER_PLACED}
_MOVEMENTS = ("auto", "mitchell", "howell", "barometer")
_SOURCES = ("entries", "join", "wild card")


def parse_stages(stages: Sequence[Any] | None, problems: list[str], *, kind: str,
                 vp_scale: str, tiebreak: str) -> tuple[StageSpec, ...]:
    """The ``[[stage]]`` tables, checked; ``vp_scale`` and ``tiebreak`` are the preset's."""
    if stages is None:
        return ()
    if not isinstance(stages, list) or not all(isinstance(s, dict) for s in stages):
        problems.append("[[stage]]: must be an array of tables")
        return ()
    parsed: list[StageSpec] = []
    for number, data in enumerate(stages, start=1):
        stage = _parse_stage(data, number, problems, vp_scale=vp_scale, tiebreak=tiebreak)
        if stage is None:
            continue
        if stage.kind.pairs != (kind == "pairs"):
            problems.append(f"[[stage]] {stage.id}: a {stage.kind.value} stage in a {kind} "
                            "competition")
        parsed.append(stage)
    _check_flow(parsed, problems)
    return tuple(parsed)


def _parse_stage(data: Mapping[str, Any], number: int, problems: list[str], *, vp_scale: str,
                 tiebreak: str) -> StageSpec | None:
    ident = data.get("id")
    where = f"[[stage]] {ident}" if isinstance(ident, str) else f"[[stage]] #{number}"
    reader = _Reader(data, where + ":", problems)
    stage_id = reader.get("id", str, "", required=True)
    kind_name = reader.get("kind", str, "", required=True)
    kind = _KINDS.get(kind_name)
    if kind_name and kind is None:
        reader.problem("kind", f"{kind_name!r} is not one of {', '.join(_KINDS)}")
    name = reader.get("name", str, stage_id)
    rules = reader.strings("rules")
    when = _when(reader)
    boards = reader.get("boards_per_match", int, 0)
    segments = reader.get("segments", int, 1)
    rounds = reader.get("rounds", int)
    sessions = reader.get("sessions", int, 1)
    session_boards = _places(reader, "session_boards") or (22, 28)
    per_round = reader.get("boards_per_round", int, 2)
    movement = reader.get("movement", str, "auto")
    top_integral = reader.get("top_integral", bool, False)
    groups = _grouping(reader)
    scale = reader.get("vp_scale", str, vp_scale)
    chain = reader.get("tiebreak", str, tiebreak)
    bye_vp = float(reader.get("bye_vp", (int, float), 18.0))
    carry = reader.get("carry_over", str, "none")
    carry_from = reader.get("carry_over_from", str, "")
    tie_name = reader.get("tie", str, "k17.2")
    butler, butler_combined = _butler(reader)
    per_advance_value = reader.get("rounds_per_advance", (int, list))
    per_advance = ((per_advance_value,) if isinstance(per_advance_value, int)
                   else tuple(per_advance_value) if per_advance_value is not None else None)
    seeds = reader.strings("seeds")
    entrants = tuple(_entrants(t, f"{where} [[stage.entrants]] #{i}:", problems)
                     for i, t in enumerate(reader.tables("entrants"), start=1))
    final = tuple(_final(t, f"{where} [[stage.final]] #{i}:", problems)
                  for i, t in enumerate(reader.tables("final"), start=1))
    choices = reader.tables("choice")
    matches = reader.tables("match")
    places = reader.tables("place")
    reader.done()
    if kind is None or not stage_id:
        return None
    tie = _TIES.get(tie_name.strip().lower())
    if tie is None:
        reader.problem("tie", f"{tie_name!r} is not one of {', '.join(_TIES)}")
        tie = TieRule.EXTRA_BOARDS
    try:
        find_carry_over_rule(carry)
    except ValueError as exc:
        reader.problem("carry_over", str(exc))
    if carry.strip().lower() == "k15" and not carry_from:
        reader.problem("carry_over_from", "K15 needs the stage of the direct matches")
    if movement not in _MOVEMENTS:
        reader.problem("movement", f"{movement!r} is not one of {', '.join(_MOVEMENTS)}")
    if kind is StageKind.BAROMETER:
        movement = "barometer"
    try:
        find_chain(chain)
    except ValueError as exc:
        reader.problem("tiebreak", str(exc))
    if kind.team_matches or kind is StageKind.SWISS_PAIRS:
        if boards < 1:
            reader.problem("boards_per_match", "required: the boards of a match")
        else:
            try:
                find_scale(scale).convert(0, boards)
            except ValueError as exc:
                reader.problem("vp_scale", f"{scale} cannot score {boards}-board matches "
                                           f"({exc})")
        if segments < 1 or (boards and boards % segments):
            reader.problem("segments", "the boards of a match must split into equal segments")
    if per_advance is not None and (
            kind not in (StageKind.ROUND_ROBIN, StageKind.DOUBLE_ROUND_ROBIN)
            or not per_advance
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1
                       for n in per_advance)):
        reader.problem("rounds_per_advance", "a round robin's rounds put in play at once: a "
                       "whole number of at least 1, or a list of them (one per advance)")
    if butler and not kind.team_matches:
        reader.problem("butler", "a Butler ranking of the pairs belongs to a stage of team "
                                 "matches (a round robin or a Swiss of teams)")
    if kind in (StageKind.SWISS_TEAMS, StageKind.SWISS_PAIRS) and (rounds is None
                                                                    or rounds < 1):
        reader.problem("rounds", "required: the rounds of the Swiss")
    if kind.pairs and kind is not StageKind.SWISS_PAIRS and sessions < 1:
        reader.problem("sessions", "must be at least 1")
    bracket = None
    if kind is StageKind.KNOCKOUT:
        if not seeds:
            reader.problem("seeds", "required: the seed labels, best-placed first")
        bracket = _bracket(stage_id, seeds, choices, matches, places, tie, rules, where,
                           problems, carry)
    elif choices or matches or places or seeds:
        problems.append(f"{where}: choices, matches, places and seeds belong to a knock-out")
    return StageSpec(
        id=stage_id, name=name, kind=kind, rules=rules, when=when, boards_per_match=boards,
        segments=segments, rounds=rounds, sessions=sessions, session_boards=session_boards,
        boards_per_round=per_round, movement=movement, top_integral=top_integral,
        groups=groups, vp_scale=scale, tiebreak=chain, bye_vp=bye_vp, carry_over=carry,
        carry_over_from=carry_from, tie=tie, bracket=bracket, entrants=entrants, final=final,
        butler=butler, butler_combined=butler_combined, rounds_per_advance=per_advance)


_BUTLER = {"none": (False, False), "groups": (True, False),
           "groups-and-combined": (True, True)}


def _butler(reader: _Reader) -> tuple[bool, bool]:
    """``butler``: ``true`` (a ranking per group, D4.1), ``false``, or one of
    :data:`_BUTLER` (``"groups-and-combined"``: per group and over all groups, D5.2)."""
    value = reader.get("butler", (bool, str), False)
    if isinstance(value, bool):
        return value, False
    found = _BUTLER.get(value.strip().lower())
    if found is None:
        reader.problem("butler", f"{value!r} is not true, false or one of "
                                 f"{', '.join(repr(k) for k in _BUTLER)}")
        return False, False
    return found


def _grouping(reader: _Reader) -> Grouping:
    value = reader.get("groups", dict)
    if value is None:
        return Grouping()
    inner = _Reader(value, f"{reader.where} groups:", reader.problems)
    count = inner.get("count", int, 1)
    rows = inner.get("by_entrants", list, [])
    by_entrants: list[tuple[int, int, int]] = []
    for row in rows:
        if (not isinstance(row, list) or len(row) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in row)):
            inner.problem("by_entrants", "rows of [fewest, most, groups]")
            break
        by_entrants.append((row[0], row[1], row[2]))
    names = inner.strings("names")
    fill_name = inner.get("fill", str, "serpentine")
    fill = _FILLS.get(fill_name)
    if fill is None:
        inner.problem("fill", f"{fill_name!r} is not one of {', '.join(_FILLS)}")
        fill = Fill.SERPENTINE
    table_rows = inner.get("table", list, [])
    table: list[tuple[int, ...]] = []
    for row in table_rows:
        if not isinstance(row, list) or not all(isinstance(v, int) for v in row):
            inner.problem("table", "rows of places")
            break
        table.append(tuple(row))
    seeds_table = inner.get("seeds", dict, {})
    seeds: list[tuple[str, tuple[int, ...]]] = []
    for group, positions in seeds_table.items():
        if not isinstance(positions, list) or not all(isinstance(v, int) for v in positions):
            inner.problem("seeds", f"{group}: a list of positions")
            continue
        seeds.append((group, tuple(positions)))
    inner.done()
    if table and len({len(r) for r in table}) != 1:
        inner.problem("table", "every row must have a place per group")
    if table:
        needed = sorted(p for r in table for p in r)
        if needed != list(range(1, len(needed) + 1)):
            inner.problem("table", "must use every place from 1 up exactly once")
    if fill is Fill.TABLE and not table:
        inner.problem("table", "required with fill = \"table\"")
    if fill is Fill.SEEDS and not seeds:
        inner.problem("seeds", "required with fill = \"seeds\"")
    return Grouping(count=count, by_entrants=tuple(by_entrants), names=names, fill=fill,
                    table=tuple(table), seeds=tuple(seeds))


def _entrants(data: Mapping[str, Any], where: str, problems: list[str]) -> Entrants:
    reader = _Reader(data, where, problems)
    spec = Entrants(
        source=reader.get("from", str, "", required=True), places=_places(reader),
        outcome=reader.get("outcome", str, ""), across=reader.get("across", bool, False),
        label=reader.get("label", str, ""), labels=reader.strings("labels"),
        order_by=reader.get("order_by", str, ""), keep_vp=reader.get("keep_vp", bool, False),
        count=reader.get("count", int, 0), name=reader.get("name", str, ""),
        when=_when(reader), rule=reader.get("rule", str, ""), why=reader.get("why", str, ""))
    reader.done()
    if spec.source in ("join", "wild card") and spec.count < 1:
        reader.problem("count", f"required for entrants from {spec.source!r}")
    if spec.places is not None and spec.outcome:
        reader.problem("outcome", "give places or an outcome, not both")
    if spec.labels and spec.places is not None and len(spec.labels) != (
            spec.places[1] - spec.places[0] + 1):
        reader.problem("labels", "one label per place")
    return spec


def _final(data: Mapping[str, Any], where: str, problems: list[str]) -> FinalPlaces:
    reader = _Reader(data, where, problems)
    places = _places(reader) or (1, 1)
    spec = FinalPlaces(places=places, first=reader.get("first", int, places[0]),
                       outcome=reader.get("outcome", str, ""), when=_when(reader),
                       rule=reader.get("rule", str, ""), why=reader.get("why", str, ""))
    reader.done()
    return spec


def _check_flow(stages: list[StageSpec], problems: list[str]) -> None:
    """Sources name earlier stages; a stage id repeats only for formats chosen by entries."""
    seen: dict[str, list[StageSpec]] = {}
    for stage in stages:
        for entrants in stage.entrants:
            source = entrants.source
            if source and source not in _SOURCES and source not in seen:
                problems.append(f"[[stage]] {stage.id}: entrants from {source!r}, which is "
                                "not an earlier stage")
            if entrants.order_by and entrants.order_by not in seen:
                problems.append(f"[[stage]] {stage.id}: order_by {entrants.order_by!r} is not "
                                "an earlier stage")
        if stage.carry_over_from and stage.carry_over_from not in seen:
            problems.append(f"[[stage]] {stage.id}: carry_over_from {stage.carry_over_from!r} "
                            "is not an earlier stage")
        for other in seen.get(stage.id, []):
            if _overlap(stage.when, other.when):
                problems.append(f"[[stage]] {stage.id}: two stages with this id for the same "
                                "number of entries (give each a different `when`)")
        seen.setdefault(stage.id, []).append(stage)
    if stages and not stages[0].entrants:
        return
    if stages and all(e.source != "entries" for e in stages[0].entrants):
        problems.append(f"[[stage]] {stages[0].id}: the first stage takes the entries")


def _overlap(a: When | None, b: When | None) -> bool:
    if a is None or b is None:
        return True
    high_a = a.max_entries if a.max_entries is not None else 10**9
    high_b = b.max_entries if b.max_entries is not None else 10**9
    return a.min_entries <= high_b and b.min_entries <= high_a


# ---------------------------------------------------------------------------------------------
# Brackets


def _bracket(stage_id: str, seeds: tuple[str, ...], choices: list[Mapping[str, Any]],
             matches: list[Mapping[str, Any]], places: list[Mapping[str, Any]], tie: TieRule,
             rules: tuple[str, ...], where: str, problems: list[str],
             carry_over: str) -> BracketRule | None:
    refs = _Refs(set(seeds), {str(c.get("id")) for c in choices},
                 {str(m.get("id")) for m in matches})
    choice_rules: list[ChoiceRule] = []
    for i, data in enumerate(choices, start=1):
        reader = _Reader(data, f"{where} [[stage.choice]] #{i}:", problems)
        ident = reader.get("id", str, "", required=True)
        chooser = refs.parse(reader, "chooser", reader.get("chooser", (str, dict), ""))
        options = tuple(refs.parse(reader, "options", v) for v in reader.get("options", list, []))
        exclude = reader.strings("exclude")
        precedence = tuple(refs.parse(reader, "precedence", v)
                           for v in reader.get("precedence", list, []))
        rule = reader.get("rule", str, "")
        reader.done()
        for earlier in exclude:
            if earlier not in refs.choices:
                reader.problem("exclude", f"no choice {earlier!r}")
        if chooser is not None and all(o is not None for o in options) and options:
            choice_rules.append(ChoiceRule(ident, chooser, tuple(o for o in options if o),
                                           exclude, tuple(p for p in precedence if p), rule))
        elif not options:
            reader.problem("options", "required: the teams that may be chosen")
    try:
        carry = find_carry_over_rule(carry_over)
    except ValueError:
        carry = None
    match_rules: list[MatchRule] = []
    for i, data in enumerate(matches, start=1):
        reader = _Reader(data, f"{where} [[stage.match]] #{i}:", problems)
        ident = reader.get("id", str, "", required=True)
        home = refs.parse(reader, "home", reader.get("home", (str, dict), "", required=True))
        away = refs.parse(reader, "away", reader.get("away", (str, dict), "", required=True))
        boards = reader.get("boards", int, 0, required=True)
        segments = reader.get("segments", int, 1)
        higher_name = reader.get("higher", str, "rank")
        round_name = reader.get("round", str, "")
        rule = reader.get("rule", str, "")
        reader.done()
        if boards < 1 or segments < 1 or boards % segments:
            reader.problem("boards", "the boards must split into equal segments")
        higher = Higher.HOME if higher_name == "home" else Higher.RANK
        if higher_name not in ("home", "rank"):
            reader.problem("higher", f"{higher_name!r} is not 'rank' or 'home'")
        if home is not None and away is not None and ident:
            # A fixed carry-over (D1.4: a tenth of an IMP per board) is known from the bracket;
            # one from the direct match (K15) only when the teams are.
            fixed = (float(carry.per_scheduled_board * boards)
                     if carry is not None and carry.method is CarryOverMethod.BOARDS_SHARE
                     else 0.0)
            match_rules.append(MatchRule(ident, home, away, boards, segments, fixed, higher,
                                         round_name, rule))
    place_rules: list[PlaceRule] = []
    for i, data in enumerate(places, start=1):
        reader = _Reader(data, f"{where} [[stage.place]] #{i}:", problems)
        entrants = tuple(refs.parse(reader, "entrants", v)
                         for v in reader.get("entrants", list, [], required=True))
        given = reader.ints("places") or ()
        by_rank = reader.get("by_rank", bool, False)
        outcome = reader.get("outcome", str, "")
        why = reader.get("why", str, "")
        rule = reader.get("rule", str, "")
        reader.done()
        if given and len(given) != len(entrants):
            reader.problem("places", "one place per entrant")
        if not given and not outcome:
            reader.problem("places", "give places, an outcome, or both")
        if all(e is not None for e in entrants):
            place_rules.append(PlaceRule(tuple(e for e in entrants if e), tuple(given),
                                         by_rank, outcome, why, rule))
    problems.extend(f"{where}: {text}" for text in refs.cycles(choice_rules, match_rules))
    if not match_rules:
        problems.append(f"{where}: a knock-out needs its [[stage.match]] tables")
        return None
    return BracketRule(name=stage_id, seeds=seeds, choices=tuple(choice_rules),
                       matches=tuple(match_rules), places=tuple(place_rules), tie=tie,
                       rules=", ".join(rules))


class _Refs:
    """Reads bracket references and checks that what they name exists."""

    def __init__(self, seeds: set[str], choices: set[str], matches: set[str]) -> None:
        self.seeds = seeds
        self.choices = choices
        self.matches = matches

    def parse(self, reader: _Reader, key: str, value: Any) -> Entrant | None:
        try:
            return self._parse(value)
        except MovementError as exc:
            reader.problem(key, str(exc))
            return None

    def _parse(self, value: Any) -> Entrant:
        if isinstance(value, dict):
            nth = value.get("nth", 1)
            if not isinstance(nth, int) or nth < 1:
                raise MovementError(f"nth must be 1 or more: {value!r}")
            if set(value) <= {"best", "nth"} and isinstance(value.get("best"), list):
                return Best(tuple(self._parse(v) for v in value["best"]), nth - 1)
            if set(value) == {"first_of", "among"} and isinstance(value["first_of"], list) \
                    and isinstance(value["among"], list):
                return FirstOf(tuple(self._parse(v) for v in value["first_of"]),
                               tuple(self._parse(v) for v in value["among"]))
            raise MovementError(f"a reference table is {{best, nth}} or {{first_of, among}}, "
                                f"not {value!r}")
        if not isinstance(value, str) or not value:
            raise MovementError(f"not a team reference: {value!r}")
        kind, _, rest = value.partition(":")
        if not rest:
            if value not in self.seeds:
                raise MovementError(f"{value!r} is not one of the seeds")
            return Seed(value)
        kind = kind.strip().lower()
        if kind in ("winner", "loser"):
            if rest not in self.matches:
                raise MovementError(f"no match {rest!r}")
            return Winner(rest) if kind == "winner" else Loser(rest)
        if kind == "chosen":
            if rest not in self.choices:
                raise MovementError(f"no choice {rest!r}")
            return Chosen(rest)
        if kind == "not-chosen":
            choice, _, nth = rest.rpartition(":")
            if not choice or not nth.isdigit():
                choice, nth = rest, "1"
            if choice not in self.choices or int(nth) < 1:
                raise MovementError(f"no choice {choice!r}")
            return NotChosen(choice, int(nth) - 1)
        raise MovementError(f"unknown reference {value!r} (seed, winner:, loser:, chosen:, "
                            "not-chosen:)")

    def cycles(self, choices: Sequence[ChoiceRule], matches: Sequence[MatchRule]) -> list[str]:
        """Matches and choices that depend on themselves (they could never be resolved)."""
        needs: dict[str, set[str]] = {}
        for c in choices:
            needs[f"choice {c.id}"] = _depends(c.chooser, *c.options, *c.precedence) | {
                f"choice {e}" for e in c.exclude}
        for m in matches:
            needs[f"match {m.id}"] = _depends(m.home, m.away)
        found: list[str] = []
        state: dict[str, int] = {}

        def visit(node: str, path: list[str]) -> None:
            if state.get(node) == 2:
                return
            if state.get(node) == 1:
                found.append("a reference cycle: " + " -> ".join([*path, node]))
                return
            state[node] = 1
            for other in sorted(needs.get(node, ())):
                visit(other, [*path, node])
            state[node] = 2

        for node in needs:
            visit(node, [])
        return found[:1]


def _depends(*entrants: Entrant) -> set[str]:
    out: set[str] = set()
    for e in entrants:
        if isinstance(e, Winner | Loser):
            out.add(f"match {e.match}")
        elif isinstance(e, Chosen | NotChosen):
            out.add(f"choice {e.choice}")
        elif isinstance(e, Best):
            out |= _depends(*e.among)
        elif isinstance(e, FirstOf):
            out |= _depends(*e.candidates, *e.among)
    return out
