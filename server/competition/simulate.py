"""The simulator: a whole competition played by robots, from the first board to the final
places, the same for the same seed.

It runs the competition model (:mod:`.flow`) and answers what it asks for: every fixture is
played by :class:`~.robots.Robots`; a choice of opponent goes to the lowest-placed team the
chooser may choose, unless a choices file says otherwise; the organisers' wild card goes to the
best-placed team not qualified; as many entries join from another competition as the rule
allows. A choices file is JSON, by stage id::

    {"playoff": {"1 chooses": 4}, "relegation": {"NW/9 chooses": 12},
     "final": {"wild card": [9]}, "semi": {"join": 20}}

A choice in a stage with groups is named "GROUP/CHOICE". A choice that names a team the chooser
may not choose, or a key that the competition never asks for, is an error naming the rule.
A preset of one stage (no ``[[stage]]``) is simulated as a competition of that stage alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..formats.competition import (
    CompetitionError,
    CompetitionSpec,
    EntriesRule,
    StageKind,
    StageSpec,
)
from ..formats.preset import Preset
from .flow import Competition, CompetitionView
from .model import Due, Entry, Inputs, MatchFixture
from .robots import Robots

MAX_STEPS = 10_000
"""A bound on the simulator's rounds of play, far above any competition's."""


@dataclass(frozen=True)
class Simulation:
    preset: str
    """The preset file as given on the command line."""
    seed: int
    spec: CompetitionSpec
    view: CompetitionView
    boards_played: int
    inputs: Inputs
    """Every board played and every decision taken: what the view was resolved from."""


def competition_of(preset: Preset) -> CompetitionSpec:
    """The preset's competition; a preset of one stage becomes a competition of that stage,
    whose rules start with the one its ranking applies (`rank_rule`): a stage's final places
    cite its first rule ("K17.3: 1st of the Open pairs", not the event's first rule, which
    may be its time limit or its draw)."""
    if preset.competition is not None:
        return preset.competition
    ranked = (preset.rank_rule,) if preset.rank_rule else ()
    rules = (*ranked, *(r for r in preset.rules if r not in ranked))
    if preset.kind == "teams":
        kind = {"swiss": StageKind.SWISS_TEAMS}.get(
            preset.movement,
            StageKind.DOUBLE_ROUND_ROBIN if preset.double else StageKind.ROUND_ROBIN)
        stage = StageSpec(
            id="main", name=preset.name, kind=kind, rules=rules,
            boards_per_match=preset.boards_per_round, segments=preset.segments,
            rounds=preset.rounds, vp_scale=preset.vp_scale, tiebreak=preset.tiebreak)
        default = preset.teams or 2 * preset.tables
        entries = EntriesRule(minimum=2, name="Team {id}", count=None)
    else:
        movement = preset.movement if preset.movement in ("mitchell", "howell",
                                                          "barometer") else "auto"
        stage = StageSpec(
            id="main", name=preset.name,
            kind=StageKind.BAROMETER if movement == "barometer" else StageKind.PAIRS,
            rules=rules, sessions=1, session_boards=(1, 999),
            boards_per_round=preset.boards_per_round, movement=movement)
        default = 2 * preset.tables * preset.sections
        entries = EntriesRule(minimum=4, name="Pair {id}")
    return CompetitionSpec(name=preset.name, kind=preset.kind, entries=entries,
                           stages=(stage,), rules=preset.rules, mini_bridge=preset.mini_bridge,
                           restricted_systems=preset.restricted_systems,
                           default_entries=default)


def make_entries(spec: CompetitionSpec, count: int) -> list[Entry]:
    rule = spec.entries
    groups = rule.groups
    size = count // len(groups) if groups else count
    out = []
    for i in range(1, count + 1):
        group = groups[(i - 1) // size] if groups and size else ""
        out.append(Entry(i, rule.name.format(id=i, group=group, n=i), group))
    return out


def simulate(preset: Preset, *, seed: int, entries: int | None = None,
             choices: Mapping[str, Any] | None = None, source: str = "") -> Simulation:
    """Play the whole competition; raises :class:`CompetitionError` on bad input."""
    spec = competition_of(preset)
    count = entries if entries is not None else (spec.entries.count or spec.default_entries)
    if count is None:
        label = f" ({spec.entries.rule})" if spec.entries.rule else ""
        raise CompetitionError(f"--entries is needed: the regulation does not fix the number "
                               f"of entries{label}")
    competition = Competition(spec, make_entries(spec, count))
    robots = Robots(seed, mini_bridge=spec.mini_bridge)
    answers = _Answers(choices or {})
    inputs = Inputs()
    boards = 0
    next_id = count + 1
    for _ in range(MAX_STEPS):
        view = competition.view(inputs, keep=True)
        if view.complete:
            break
        if not view.fixtures and not view.due:
            waiting = next((s for s in view.stages if not s.complete), None)
            raise CompetitionError(f"the competition cannot go on: stage "
                                   f"{waiting.spec.id if waiting else '?'} waits for "
                                   f"{waiting.waiting_for if waiting else 'nothing'}")
        for due in view.due:
            if due.kind == "choice":
                inputs.choices[due.key] = answers.choice(due)
            elif due.kind == "wild card":
                inputs.picks[due.key] = answers.wild_card(due)
            else:
                joined = answers.join(due, spec, next_id)
                next_id += len(joined)
                inputs.joins[due.key] = joined
        for fixture in view.fixtures:
            if isinstance(fixture, MatchFixture):
                inputs.matches[fixture.key] = robots.play_match(fixture)
                boards += fixture.boards * 2
            else:
                lines = robots.play_session(fixture)
                inputs.sessions[fixture.key] = lines
                boards += len(lines)
    else:
        raise CompetitionError("the competition did not finish")
    answers.check_all_used()
    return Simulation(source, seed, spec, view, boards, inputs)


class _Answers:
    """The choices file's answers, or the default ones."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping) or not all(isinstance(v, Mapping)
                                                    for v in data.values()):
            raise CompetitionError("--choices: a JSON object of stages, each an object of "
                                   "choices")
        self.data = data
        self.used: set[tuple[str, str]] = set()

    def _given(self, due: Due, name: str) -> Any:
        stage = self.data.get(due.stage, {})
        key = f"{due.group}/{name}" if due.group else name
        if key in stage:
            self.used.add((due.stage, key))
            return stage[key]
        return None

    def choice(self, due: Due) -> int:
        given = self._given(due, due.name)
        if given is None:
            return due.allowed[-1]
        if isinstance(given, bool) or not isinstance(given, int) or given not in due.allowed:
            where = f"{due.stage}/{due.group}" if due.group else due.stage
            raise CompetitionError(
                f"{due.rule}: in {where}, {due.name!r}: team {given!r} may not be chosen "
                f"(team {due.chooser} chooses from {', '.join(map(str, due.allowed))})")
        return given

    def wild_card(self, due: Due) -> tuple[int, ...]:
        given = self._given(due, due.name)
        if given is None:
            return tuple(due.allowed[:due.count])
        picked = tuple(given) if isinstance(given, list) else (given,)
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in picked):
            raise CompetitionError(f"{due.rule}: the wild card is a team number or a list")
        return picked

    def join(self, due: Due, spec: CompetitionSpec, first: int) -> tuple[Entry, ...]:
        name = due.key.rsplit("/", 1)[-1]
        given = self._given(due, name)
        count = due.count if given is None else given
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= due.count:
            raise CompetitionError(f"{due.rule}: between 0 and {due.count} entries join "
                                   f"{due.stage}, not {count!r}")
        template = join_name(spec, due)
        return tuple(Entry(first + i, template.format(n=i + 1), joined=due.stage,
                           origin=due.name) for i in range(count))

    def check_all_used(self) -> None:
        for stage, answers in self.data.items():
            for key in answers:
                if (stage, key) not in self.used:
                    raise CompetitionError(f"--choices: the competition never asks for "
                                           f"{key!r} in stage {stage!r}")


def join_name(spec: CompetitionSpec, due: Due) -> str:
    """How the entries joining at `due` are named by default: the preset's `name` of the join
    (`"Inter-club finalist pair {n}"`), else after the stage."""
    for stage in spec.stages:
        if stage.id == due.stage:
            for block in stage.entrants:
                if block.source == "join" and block.name:
                    return block.name
    return f"{due.stage} entry {{n}}"
