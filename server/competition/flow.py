"""A competition from its first board to its final places, resolved from what was played.

:meth:`Competition.view` goes through the stages in order. A stage starts once every stage it
takes entrants from is complete and every decision it needs is taken: its entrants are
gathered (places or named outcomes of earlier stages, the competition's entries, entries joining
from another competition, the organisers' wild card), labelled for a knock-out, split into
groups by the stage's fill, and given the VP they keep. Each stage kind then says what is
played, what can be played now and what a person must decide. When every stage is complete,
the final places follow: those the stages give (``[[stage.final]]``, a knock-out's places), then
every other entry in the order it went out (a later stage first; further in a knock-out; a
better place in its group; a better score).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..formats.competition import (
    CompetitionError,
    CompetitionSpec,
    Entrants,
    Fill,
    StageKind,
    StageSpec,
)
from ..movements.pools import POOL_NAMES, fixed_seeds, pools_by_table, serpentine
from ..scoring.carryover import DirectMatch
from ..scoring.ranking import MatchRecord
from .knockout import knockout_stage
from .model import Due, Entry, FinalPlace, Fixture, Inputs, Qualified
from .pairs import pairs_stage
from .stage import StageContext, StageProgress
from .swiss_pairs import swiss_pairs_stage
from .teams import team_stage

_STAGES: dict[StageKind, Callable[[StageContext, Inputs], StageProgress]] = {
    StageKind.PAIRS: pairs_stage,
    StageKind.BAROMETER: pairs_stage,
    StageKind.ROUND_ROBIN: team_stage,
    StageKind.DOUBLE_ROUND_ROBIN: team_stage,
    StageKind.SWISS_TEAMS: team_stage,
    StageKind.SWISS_PAIRS: swiss_pairs_stage,
    StageKind.KNOCKOUT: knockout_stage,
}


@dataclass
class StageView:
    """A stage as it stands: not started (``progress`` None) or under way or complete."""

    spec: StageSpec
    context: StageContext | None = None
    progress: StageProgress | None = None
    qualified: list[Qualified] = field(default_factory=list)
    """Who qualified from this stage, where to and why."""
    taken: dict[str, list[Qualified]] = field(default_factory=dict)
    """What this stage took from each source stage."""
    joined: list[Qualified] = field(default_factory=list)
    """Entries that joined this stage from another competition (K4.2, K4.3, D4.7)."""
    waiting_for: str = ""
    """Why it has not started: the stage or decision it waits for."""

    @property
    def complete(self) -> bool:
        return self.progress is not None and self.progress.complete

    @property
    def entrants(self) -> list[int]:
        if self.context is None:
            return []
        return [e for members in self.context.groups.values() for e in members]


@dataclass
class CompetitionView:
    spec: CompetitionSpec
    entries: list[Entry]
    stages: list[StageView]
    fixtures: list[Fixture]
    due: list[Due]
    final_places: list[FinalPlace]

    @property
    def complete(self) -> bool:
        return all(s.complete for s in self.stages)

    def stage(self, stage_id: str) -> StageView:
        for view in self.stages:
            if view.spec.id == stage_id:
                return view
        raise CompetitionError(f"no stage {stage_id!r}")


class Competition:
    """One competition: its spec and its own entries (those joining later come as inputs)."""

    def __init__(self, spec: CompetitionSpec, entries: Sequence[Entry], *,
                 focus: str | None = None) -> None:
        """`focus`: a venue's group (D5.1). Its stages that keep the groups of an earlier
        stage start once that group alone has finished it, with that group alone; the final
        places are that group's."""
        spec.entries.check(len(entries))
        ids = [e.id for e in entries]
        if len(set(ids)) != len(ids):
            raise CompetitionError("two entries have the same number")
        self.spec = spec
        self.entries = list(entries)
        self.stages = spec.stages_for(len(entries))
        self._done: dict[str, StageView] = {}
        self.focus = focus

    def view(self, inputs: Inputs, *, keep: bool = False) -> CompetitionView:
        """Everything as it stands given ``inputs``. ``keep`` remembers complete stages for the
        next call (inputs only ever added to, as in the simulator)."""
        entries = list(self.entries)
        for key in sorted(inputs.joins):
            entries.extend(inputs.joins[key])
        by_id = {e.id: e for e in entries}
        views: list[StageView] = []
        fixtures: list[Fixture] = []
        due: list[Due] = []
        for spec in self.stages:
            kept = self._done.get(spec.id) if keep else None
            view = kept if kept is not None else self._stage(spec, views, by_id, inputs, due)
            views.append(view)
            if view.progress is not None:
                fixtures.extend(view.progress.fixtures)
                due.extend(view.progress.due)
                if keep and view.complete:
                    self._done[spec.id] = view
        for view in views:
            view.qualified = [q for other in views for q in other.taken.get(view.spec.id, [])]
        places: list[FinalPlace] = []
        if views and all(v.complete for v in views):
            places = _final_places(self.spec, views, entries)
            if self.focus is not None:
                places = [p for p in places if p.group == self.focus]
        return CompetitionView(self.spec, entries, views, fixtures, due, places)

    def _stage(self, spec: StageSpec, views: list[StageView], by_id: Mapping[int, Entry],
               inputs: Inputs, due: list[Due]) -> StageView:
        view = StageView(spec)
        gathered = _Gather(self, spec, views, by_id, inputs)
        if not gathered.run():
            view.waiting_for = gathered.waiting
            due.extend(gathered.due)
            return view
        view.context = gathered.context()
        view.progress = _STAGES[spec.kind](view.context, inputs)
        view.taken = dict(gathered.qualified)
        view.joined = gathered.joined
        return view


def _find(views: Sequence[StageView], stage_id: str) -> StageView:
    for view in views:
        if view.spec.id == stage_id:
            return view
    raise CompetitionError(f"no stage {stage_id!r} before this one")


def overall_order(view: StageView) -> list[int]:
    """A stage's entrants ranked across its groups: by percentage in a pairs stage, else by
    place in the group and then VP per match."""
    progress = view.progress
    if progress is None:
        return []
    position = {e: i for order in progress.order.values() for i, e in enumerate(order)}
    entrants = [e for order in progress.order.values() for e in order]
    if view.spec.kind.pairs:
        return sorted(entrants, key=lambda e: (-progress.per_match.get(e, 0.0), position[e], e))
    return sorted(entrants, key=lambda e: (position[e], -progress.per_match.get(e, 0.0), e))


class _Gather:
    """The entrants of one stage, their groups, labels and kept VP."""

    def __init__(self, competition: Competition, spec: StageSpec, views: list[StageView],
                 by_id: Mapping[int, Entry], inputs: Inputs) -> None:
        self.competition = competition
        self.spec = spec
        self.views = views
        self.by_id = by_id
        self.inputs = inputs
        self.entries = len(competition.entries)
        self.arrivals: list[tuple[int, str, int]] = []
        """(entrant, group it comes from, its place there)."""
        self.labels: dict[int, str] = {}
        self.carried_vp: dict[int, float] = {}
        self.carried_records: list[MatchRecord] = []
        self.qualified: dict[str, list[Qualified]] = defaultdict(list)
        self.joined: list[Qualified] = []
        self.due: list[Due] = []
        self.waiting = ""

    def run(self) -> bool:
        blocks = [b for b in self.spec.entrants
                  if b.when is None or b.when.applies(self.entries)]
        if not blocks:
            blocks = [Entrants("entries")]
        ready = True
        for index, block in enumerate(blocks):
            ready &= self._block(index, block)
        if ready:
            self._replace()
        return ready

    def _replace(self) -> None:
        """K4.5: an entrant absent at the start gives its place to the entry replacing it."""
        for absent, by in self.inputs.replaced.get(self.spec.id, {}).items():
            places = [i for i, (e, _, _) in enumerate(self.arrivals) if e == absent]
            if not places or any(e == by for e, _, _ in self.arrivals):
                raise CompetitionError(f"K4.5: {by} cannot replace {absent} in "
                                       f"{self.spec.id}")
            i = places[0]
            _, group, place = self.arrivals[i]
            self.arrivals[i] = (by, group, place)
            if absent in self.labels:
                self.labels[by] = self.labels.pop(absent)
            for items in self.qualified.values():
                for n, q in enumerate(items):
                    if q.entry == absent and q.to == self.spec.id:
                        items[n] = Qualified(by, q.to, f"K4.5: replaces {absent}, absent at "
                                                       f"the start ({q.why})")

    def _block(self, index: int, block: Entrants) -> bool:
        if block.source == "entries":
            own = [(e.id, e.group, i + 1) for i, e in enumerate(self.competition.entries)]
            self._take(block, own, source=None)
            return True
        if block.source == "join":
            return self._join(index, block)
        if block.source == "wild card":
            return self._wild_card(index, block)
        source = _find(self.views, block.source)
        focus = self._focus(source)
        if focus is not None:
            if source.progress is None or not source.progress.group_complete.get(focus):
                self.waiting = self.waiting or f"stage {source.spec.id}, group {focus}"
                return False
        elif not source.complete or source.progress is None:
            self.waiting = self.waiting or f"stage {source.spec.id}"
            return False
        progress = source.progress
        items: list[tuple[int, str, int]] = []
        if block.outcome:
            for group, outcomes in progress.outcomes.items():
                teams = outcomes.get(block.outcome)
                if teams is None:
                    raise CompetitionError(f"{block.rule or self.spec.id}: stage "
                                           f"{source.spec.id} has no outcome "
                                           f"{block.outcome!r}")
                items.extend((t, group, i + 1) for i, t in enumerate(teams))
        elif block.places is not None:
            first, last = block.places
            group_of = {e: g for g, o in progress.order.items() for e in o}
            ranked = ([overall_order(source)] if block.across
                      else list(progress.order.values()))
            for order in ranked:
                if len(order) < last:
                    where = "" if block.across or not group_of else " in every group"
                    raise CompetitionError(
                        f"{block.rule or self.spec.id}: places {first}-{last}{where} of stage "
                        f"{source.spec.id}, but it has only {len(order)} entrants there")
                items.extend((e, group_of[e], i + 1) for i, e in enumerate(order)
                             if first <= i + 1 <= last)
        if focus is not None:
            items = [item for item in items if item[1] == focus]
        if block.order_by:
            rank = {e: i for i, e in enumerate(overall_order(_find(self.views, block.order_by)))}
            items.sort(key=lambda item: rank.get(item[0], len(rank)))
        self._take(block, items, source=source)
        return True

    def _focus(self, source: StageView) -> str | None:
        """The venue's group, where this stage keeps the source's groups and the venue may go
        on without the other groups (D5.1); None otherwise."""
        focus = self.competition.focus
        if focus is None or self.spec.groups.fill is not Fill.KEEP or source.progress is None:
            return None
        return focus if focus in source.progress.group_complete else None

    def _take(self, block: Entrants, items: list[tuple[int, str, int]],
              source: StageView | None) -> None:
        counted: dict[str, int] = defaultdict(int)
        for entry, group, place in items:
            # Labels are given per group: each group's knock-out has its own seeds.
            n = counted[group]
            counted[group] += 1
            if any(entry == a for a, _, _ in self.arrivals):
                raise CompetitionError(f"{self.spec.id}: entrant {entry} comes twice")
            self.arrivals.append((entry, group, place))
            if block.labels:
                if n >= len(block.labels):
                    raise CompetitionError(f"{block.rule or self.spec.id}: more entrants "
                                           "than labels")
                self.labels[entry] = block.labels[n]
            elif block.label:
                self.labels[entry] = block.label.format(group=group, place=place, n=n + 1)
            if source is not None and block.keep_vp and source.progress is not None:
                self.carried_vp[entry] = source.progress.totals.get(entry, 0.0)
            if source is not None:
                # Taken `across` the groups, the place is the overall one (K4.2, K4.3): the
                # reason names it so, not the group the entrant played in.
                where = (" overall" if block.across else f" in group {group}") if group else ""
                detail = (f"{_ordinal(place)}{where} of the {source.spec.name}"
                          if not block.outcome else f"{block.outcome} in the {source.spec.name}")
                why = ": ".join(x for x in (block.rule, block.why) if x)
                self.qualified[source.spec.id].append(
                    Qualified(entry, self.spec.id, f"{why} ({detail})" if why else detail))
        if source is not None and block.keep_vp and source.progress is not None:
            mine = {e for e, _, _ in items}
            if source.context is not None:
                self.carried_records.extend(
                    r for r in source.context.carried_records
                    if r.team_a in mine and r.team_b in mine)
            for records in source.progress.records.values():
                self.carried_records.extend(r for r in records
                                            if r.team_a in mine and r.team_b in mine)

    def _join(self, index: int, block: Entrants) -> bool:
        key = f"{self.spec.id}/join{index + 1}"
        joined = self.inputs.joins.get(key)
        if joined is None:
            self.due.append(Due(key=key, kind="join", stage=self.spec.id,
                                name=block.why or block.name, rule=block.rule,
                                count=block.count))
            self.waiting = self.waiting or "the entries joining"
            return False
        if len(joined) > block.count:
            raise CompetitionError(f"{block.rule}: at most {block.count} entries join, "
                                   f"not {len(joined)}")
        why = ": ".join(x for x in (block.rule, block.why) if x)
        items = [(e.id, e.group, i + 1) for i, e in enumerate(joined)]
        self._take(block, items, source=None)
        self.joined.extend(Qualified(e.id, self.spec.id, why or "joins") for e in joined)
        return True

    def _wild_card(self, index: int, block: Entrants) -> bool:
        source_id = block.order_by or (self.views[-1].spec.id if self.views else "")
        source = _find(self.views, source_id)
        if not source.complete:
            self.waiting = self.waiting or f"stage {source_id}"
            return False
        taken = {e for e, _, _ in self.arrivals}
        allowed = tuple(e for e in overall_order(source) if e not in taken)
        key = f"{self.spec.id}/wild card{index + 1 if index else ''}"
        picked = self.inputs.picks.get(key)
        if picked is None:
            self.due.append(Due(key=key, kind="wild card", stage=self.spec.id,
                                name="wild card", rule=block.rule, allowed=allowed,
                                count=block.count))
            self.waiting = self.waiting or "the wild card"
            return False
        for entry in picked:
            if entry not in allowed:
                raise CompetitionError(f"{block.rule}: {entry} may not be the wild card "
                                       f"(it may be one of {', '.join(map(str, allowed))})")
        if len(picked) > block.count or len(set(picked)) != len(picked):
            raise CompetitionError(f"{block.rule}: at most {block.count} wild card(s)")
        position = {e: i + 1 for i, e in enumerate(overall_order(source))}
        group_of = {e: g for g, o in (source.progress.order.items()
                                      if source.progress else ()) for e in o}
        items = [(e, group_of.get(e, ""), position[e]) for e in picked]
        for n, (entry, _, _) in enumerate(items):
            self.arrivals.append(items[n])
            if block.labels and n < len(block.labels):
                self.labels[entry] = block.labels[n]
        why = ": ".join(x for x in (block.rule, block.why or "the organisers' wild card") if x)
        self.qualified[source.spec.id].extend(
            Qualified(e, self.spec.id, f"{why} ({_ordinal(position[e])} of the "
                                       f"{source.spec.name})") for e in picked)
        return True

    def context(self) -> StageContext:
        groups = self._groups()
        labels: dict[str, dict[str, int]] = {}
        if self.spec.kind is StageKind.KNOCKOUT:
            seeds = self.spec.bracket.seeds if self.spec.bracket else ()
            for group, members in groups.items():
                placed = {self.labels[e]: e for e in members if e in self.labels}
                unknown = [label for label in placed if label not in seeds]
                if unknown:
                    raise CompetitionError(f"{self.spec.id}: seed {unknown[0]!r} is not in the "
                                           "bracket's seeds")
                missing = [s for s in seeds if s not in placed]
                if missing:
                    raise CompetitionError(
                        f"{', '.join(self.spec.rules) or self.spec.id}: the bracket needs seed "
                        f"{missing[0]!r}, which no entrant fills")
                labels[group] = placed
                order = {label: i for i, label in enumerate(seeds)}
                groups[group] = tuple(sorted(members, key=lambda e: order[self.labels[e]]))
        direct = self._direct() if self.spec.carry_over_from else None
        names = {e: self.by_id[e].name for e, _, _ in self.arrivals if e in self.by_id}
        return StageContext(spec=self.spec, groups=groups, labels=labels,
                            carried_vp=self.carried_vp,
                            carried_records=tuple(self.carried_records), direct=direct,
                            names=names)

    def _groups(self) -> dict[str, tuple[int, ...]]:
        grouping = self.spec.groups
        order = [e for e, _, _ in self.arrivals]
        if grouping.fill is Fill.KEEP:
            kept: dict[str, list[int]] = defaultdict(list)
            for entry, group, _ in self.arrivals:
                kept[group].append(entry)
            return {g: tuple(m) for g, m in kept.items()}
        if grouping.fill is Fill.ENTRY_GROUPS:
            registered: dict[str, list[int]] = {g: [] for g in
                                                self.competition.spec.entries.groups}
            for entry in order:
                registered.setdefault(self.by_id[entry].group, []).append(entry)
            return {g: tuple(m) for g, m in registered.items() if m}
        count = grouping.count_for(len(order))
        names = grouping.names or tuple(POOL_NAMES[:count])
        if count == 1 and not grouping.names:
            return {"": tuple(order)}
        rules = ", ".join(self.spec.rules) or self.spec.id
        try:
            if grouping.fill is Fill.TABLE:
                return dict(pools_by_table(order, grouping.table, "".join(names)))
            if grouping.fill is Fill.SEEDS:
                seeds = {group: tuple(order[p - 1] for p in positions if p <= len(order))
                         for group, positions in grouping.seeds}
                seeded = {e for members in seeds.values() for e in members}
                sizes = {name: len(order) // count + (1 if i < len(order) % count else 0)
                         for i, name in enumerate(names)}
                return dict(fixed_seeds(seeds, [e for e in order if e not in seeded], sizes))
            return dict(serpentine(order, count, "".join(names)))
        except ValueError as exc:
            raise CompetitionError(f"{rules}: {exc}") from None

    def _direct(self) -> Callable[[int, int], tuple[DirectMatch, int] | None]:
        source = _find(self.views, self.spec.carry_over_from)
        progress = source.progress
        boards = source.spec.boards_per_match

        def direct(a: int, b: int) -> tuple[DirectMatch, int] | None:
            if progress is None:
                return None
            for group, order in progress.order.items():
                if a in order and b in order:
                    for r in progress.records.get(group, []):
                        if {r.team_a, r.team_b} == {a, b} and not r.walkover:
                            match = DirectMatch(r.team_a, r.team_b, r.imps_kept(r.team_a),
                                                r.imps_kept(r.team_b), boards)
                            higher = a if order.index(a) < order.index(b) else b
                            return match, higher
            return None

        return direct


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _final_places(spec: CompetitionSpec, views: list[StageView],
                  entries: list[Entry]) -> list[FinalPlace]:
    grouped = bool(spec.entries.groups)
    group_of = {e.id: (e.group if grouped and not e.joined else "") for e in entries}
    given: dict[int, tuple[int, str]] = {}
    level: dict[int, tuple[int, str, int]] = {}
    """Entries the stage that placed them leaves level (KC1.4: equal on everything it looks
    at), by the block they share: (stage, group, the first of their places)."""
    outcomes: dict[int, list[str]] = defaultdict(list)
    count = len(entries)
    for index, view in enumerate(views):
        progress = view.progress
        if progress is None:
            continue
        for final in view.spec.final:
            if final.when is not None and not final.when.applies(len(entries)):
                continue
            for group, order in progress.order.items():
                first, last = final.places
                rank = {line.entry: line.rank or line.place
                        for g in progress.groups if g.name == group for line in g.standings
                        if line.shared}
                for i, entry in enumerate(order[first - 1:last]):
                    why = ": ".join(x for x in (final.rule, final.why) if x)
                    shown = rank.get(entry, first + i)
                    if entry in rank:
                        level[entry] = (index, group, shown)
                    else:
                        level.pop(entry, None)
                    detail = f"{_ordinal(shown)} in the {view.spec.name}"
                    given[entry] = (final.first + i, f"{why} ({detail})" if why else detail)
                    if final.outcome:
                        outcomes[entry].append(final.outcome)
        for given_place in progress.places:
            if given_place.place is not None:
                given[given_place.entry] = (given_place.place, given_place.why)
                level.pop(given_place.entry, None)
            if given_place.outcome:
                outcomes[given_place.entry].append(given_place.outcome)
    last_stage: dict[int, int] = {}
    for index, view in enumerate(views):
        for entry in view.entrants:
            last_stage[entry] = index
    out: list[FinalPlace] = []
    registered = list(spec.entries.groups)
    for key in sorted(set(group_of.values()),
                      key=lambda g: (g == "", registered.index(g) if g in registered else 0, g)):
        members = [e.id for e in entries if group_of[e.id] == key]
        placed = sorted((given[e][0], e) for e in members if e in given)
        seen: dict[int, int] = {}
        for place, entry in placed:
            if place in seen:
                raise CompetitionError(f"final place {place} is given to both {seen[place]} "
                                       f"and {entry}")
            seen[place] = entry
        rest = [e for e in members if e not in given]
        rest.sort(key=lambda e: _exit_key(e, views, last_stage))
        ordered = [(entry, given[entry][1]) for _, entry in placed]
        ordered += [(entry, _exit_why(entry, views, last_stage)) for entry in rest]
        for place, (entry, why) in enumerate(ordered, start=1):
            outcome = outcomes[entry][-1] if outcomes.get(entry) else ""
            if outcome and outcome not in why:
                why = f"{why}; {outcome}"
            before = out[-1] if out and out[-1].group == key else None
            if before is not None and entry in level and level.get(before.entry) == level[entry]:
                # Level with the one before in the stage that placed both: its place, shared.
                out[-1] = replace(before, shared=True)
                out.append(FinalPlace(before.place, entry, why, key, outcome, shared=True))
            else:
                out.append(FinalPlace(place, entry, why, key, outcome))
    if len(out) != count or len({(p.group, p.entry) for p in out}) != count:
        raise CompetitionError("the final places do not place every entry once")
    return out


def _exit_key(entry: int, views: list[StageView],
              last_stage: dict[int, int]) -> tuple[int, int, int, float, int]:
    index = last_stage.get(entry, -1)
    if index < 0:
        return (1, 0, 0, 0.0, entry)
    progress = views[index].progress
    assert progress is not None
    wins = progress.progress.get(entry, 0)
    position = next((order.index(entry) for order in progress.order.values()
                     if entry in order), 0)
    return (-index, -wins, position, -progress.per_match.get(entry, 0.0), entry)


def _exit_why(entry: int, views: list[StageView], last_stage: dict[int, int]) -> str:
    index = last_stage.get(entry, -1)
    if index < 0:
        return "did not play"
    view = views[index]
    progress = view.progress
    assert progress is not None
    rules = ", ".join(view.spec.rules[:1])
    if entry in progress.exits:
        return (f"{progress.exits[entry]} of the {view.spec.name}; placed among those out in "
                "the same round by seed")
    won = [line for line in progress.matches if line.winner == entry]
    if won:
        # A knock-out's order is its seeding, not a result: the last match the entry won.
        text = f"won the {won[-1].round} ({won[-1].id}) of the {view.spec.name}"
    else:
        for group, order in progress.order.items():
            if entry in order:
                where = f" in group {group}" if group else ""
                text = f"{_ordinal(order.index(entry) + 1)}{where} of the {view.spec.name}"
                break
        else:
            text = f"played the {view.spec.name}"
    return f"{rules}: {text}" if rules else text
