"""Knock-out brackets, with choosers, placement matches and the tie rules.

A bracket is data: who plays whom, written with references that resolve as the event goes on (a
seed label such as "A1" or "3", the winner or loser of a match, the team a chooser picked or
the one left over). The regulations' brackets are written in their presets (`[[stage.match]]`
and the rest, read by `server.formats.competition`), not here. Where a regulation lets a
higher-placed team choose its opponent (K1.4, D4.3, D4.7, D5.7-9), the bracket computes who
chooses and from whom; the choice itself is an input, like a match result.
`BracketRule.resolve` turns the placement, the results and the choices so far into the matches
that can be played, the choices that are due, the places that are settled and the problems with
the input.

Ties (a KO match level after its boards): K17.2 plays 4 more boards, then one sudden-death
board at a time; D1.4 puts the higher-placed team through. See `decide`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import MovementError

Team = int | str


@dataclass(frozen=True)
class Seed:
    """The team placed at `label` before the knock-out (e.g. "A1" or "3")."""

    label: str


@dataclass(frozen=True)
class Winner:
    match: str


@dataclass(frozen=True)
class Loser:
    match: str


@dataclass(frozen=True)
class Chosen:
    """The opponent picked in choice `choice`."""

    choice: str


@dataclass(frozen=True)
class NotChosen:
    """The `nth` team (in the choice's precedence) left over after choice `choice`."""

    choice: str
    nth: int = 0


@dataclass(frozen=True)
class Best:
    """The `nth` best-placed (by seed order) of `among`."""

    among: tuple[Entrant, ...]
    nth: int = 0


@dataclass(frozen=True)
class FirstOf:
    """The first of `candidates` that is one of the teams of `among` (D4.7's chooser)."""

    candidates: tuple[Entrant, ...]
    among: tuple[Entrant, ...]


Entrant = Seed | Winner | Loser | Chosen | NotChosen | Best | FirstOf


@dataclass(frozen=True)
class ChoiceRule:
    """A team choosing its opponent."""

    id: str
    chooser: Entrant
    options: tuple[Entrant, ...]
    exclude: tuple[str, ...] = ()
    """Earlier choices whose picks are no longer available (choosing in turn, D4.7)."""
    precedence: tuple[Entrant, ...] = ()
    """Order of the teams left over (NotChosen 0, 1, ...); by default the seed order."""
    rule: str = ""


class Higher(enum.Enum):
    """Which team of a match counts as placed higher (carry-over, D1.4 ties)."""

    RANK = "rank"
    """The better seed."""
    HOME = "home"
    """The team named first (the chooser, or first in the choice's precedence)."""


@dataclass(frozen=True)
class MatchRule:
    id: str
    home: Entrant
    away: Entrant
    boards: int
    segments: int = 1
    carry_over: float = 0.0
    """IMPs the higher-placed team starts with."""
    higher: Higher = Higher.RANK
    stage: str = ""
    rule: str = ""


@dataclass(frozen=True)
class PlaceRule:
    """Final places (or a named outcome) for some entrants."""

    entrants: tuple[Entrant, ...]
    places: tuple[int, ...] = ()
    """The places given, in order; empty for a named outcome such as the barrage."""
    by_rank: bool = False
    """Order the entrants by seed order rather than as listed."""
    label: str = ""
    """A named outcome (e.g. "barrage (D4.7)"), besides or instead of places."""
    why: str = ""
    """What the place means, as the final places say it ("won the final")."""
    rule: str = ""
    """The rule ID that gives it."""


class TieRule(enum.Enum):
    """What settles a knock-out match that ends level."""

    EXTRA_BOARDS = "k17.2"
    """K17.2: 4 extra boards, then one sudden-death board at a time until a winner."""
    HIGHER_PLACED = "d1.4"
    """D1.4: the team placed higher after the regular phase goes through."""


@dataclass(frozen=True)
class ResolvedMatch:
    id: str
    home: Team
    away: Team
    boards: int
    segments: int
    carry_over: float
    higher: Team
    """The team placed higher: it gets the carry-over and wins a D1.4 tie."""
    stage: str
    winner: Team | None
    """As entered, once the match is over."""


@dataclass(frozen=True)
class PendingChoice:
    """A choice that is due: `chooser` picks one of `allowed`."""

    id: str
    chooser: Team
    allowed: tuple[Team, ...]
    rule: str


@dataclass(frozen=True)
class BracketState:
    matches: tuple[ResolvedMatch, ...]
    """Every match whose two teams are known, in the bracket's order."""
    pending: tuple[PendingChoice, ...]
    places: Mapping[int, Team]
    outcomes: Mapping[str, tuple[Team, ...]]
    """Named outcomes (e.g. the barrage) as far as known."""
    problems: tuple[str, ...]


@dataclass(frozen=True)
class BracketRule:
    """A knock-out stage as a regulation writes it."""

    name: str
    seeds: tuple[str, ...]
    """The seed labels, best-placed first."""
    choices: tuple[ChoiceRule, ...]
    matches: tuple[MatchRule, ...]
    places: tuple[PlaceRule, ...]
    tie: TieRule
    rules: str = ""

    def match(self, match_id: str) -> MatchRule:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise MovementError(f"no match {match_id!r} in {self.name}")

    def resolve(self, placement: Mapping[str, Team], results: Mapping[str, Team] | None = None,
                choices: Mapping[str, Team] | None = None) -> BracketState:
        """What is known given the seeds placed, the winners and the choices entered."""
        return _Resolver(self, placement, results or {}, choices or {}).state()


class _Resolver:
    def __init__(self, rule: BracketRule, placement: Mapping[str, Team],
                 results: Mapping[str, Team], choices: Mapping[str, Team]) -> None:
        self.rule = rule
        self.placement = placement
        self.results = results
        self.choices = choices
        self.problems: list[str] = []
        self.rank = {placement[label]: i for i, label in enumerate(rule.seeds)
                     if label in placement}
        self.choice_rules = {c.id: c for c in rule.choices}
        self.match_rules = {m.id: m for m in rule.matches}
        # The inputs do not change while one state is resolved: each reference is worked out
        # once (a deep bracket otherwise resolves the same references over and over).
        self._teams: dict[Entrant, Team | None] = {}
        self._allowed: dict[str, tuple[Team, ...] | None] = {}
        self._check_input()

    def _check_input(self) -> None:
        for label in self.placement:
            if label not in self.rule.seeds:
                self.problems.append(f"{self.rule.name}: unknown seed {label!r}")
        teams = list(self.placement.values())
        if len(set(teams)) != len(teams):
            self.problems.append(f"{self.rule.name}: a team is placed twice")
        for match_id, winner in self.results.items():
            if match_id not in self.match_rules:
                self.problems.append(f"{self.rule.name}: unknown match {match_id!r}")
                continue
            pair = self.pair(match_id)
            if pair is not None and winner not in pair:
                self.problems.append(f"match {match_id}: {winner!r} did not play in it")
        for choice_id, team in self.choices.items():
            if choice_id not in self.choice_rules:
                self.problems.append(f"{self.rule.name}: unknown choice {choice_id!r}")
                continue
            allowed = self.allowed(choice_id)
            if allowed is not None and team not in allowed:
                self.problems.append(
                    f"choice {choice_id}: {team!r} is not one of {list(allowed)!r}")

    def team(self, e: Entrant) -> Team | None:
        if e not in self._teams:
            self._teams[e] = self._team(e)
        return self._teams[e]

    def _team(self, e: Entrant) -> Team | None:
        if isinstance(e, Seed):
            return self.placement.get(e.label)
        if isinstance(e, Winner | Loser):
            pair = self.pair(e.match)
            winner = self.results.get(e.match)
            if pair is None or winner not in pair:
                return None
            if isinstance(e, Winner):
                return winner
            return pair[1] if winner == pair[0] else pair[0]
        if isinstance(e, Chosen):
            picked = self.choices.get(e.choice)
            allowed = self.allowed(e.choice)
            return picked if allowed is not None and picked in allowed else None
        if isinstance(e, NotChosen):
            allowed = self.allowed(e.choice)
            picked = self.team(Chosen(e.choice))
            if allowed is None or picked is None:
                return None
            left = [t for t in allowed if t != picked]
            return left[e.nth] if e.nth < len(left) else None
        if isinstance(e, Best):
            teams = [self.team(x) for x in e.among]
            known = [t for t in teams if t is not None]
            if len(known) < len(teams):
                return None
            ordered = sorted(known, key=self.seed_order)
            return ordered[e.nth] if e.nth < len(ordered) else None
        among = [self.team(x) for x in e.among]
        if None in among:
            return None
        for candidate in e.candidates:
            t = self.team(candidate)
            if t is not None and t in among:
                return t
        return None

    def seed_order(self, team: Team) -> int:
        return self.rank.get(team, len(self.rule.seeds))

    def pair(self, match_id: str) -> tuple[Team, Team] | None:
        m = self.match_rules.get(match_id)
        if m is None:
            return None
        home, away = self.team(m.home), self.team(m.away)
        return None if home is None or away is None else (home, away)

    def chooser(self, choice_id: str) -> Team | None:
        return self.team(self.choice_rules[choice_id].chooser)

    def allowed(self, choice_id: str) -> tuple[Team, ...] | None:
        if choice_id not in self._allowed:
            self._allowed[choice_id] = self._allowed_now(choice_id)
        return self._allowed[choice_id]

    def _allowed_now(self, choice_id: str) -> tuple[Team, ...] | None:
        c = self.choice_rules[choice_id]
        chooser = self.team(c.chooser)
        options = [self.team(o) for o in c.options]
        if chooser is None or None in options:
            return None
        taken = []
        for earlier in c.exclude:
            picked = self.team(Chosen(earlier))
            if picked is None:
                return None
            taken.append(picked)
        left = [t for t in options if t is not None and t not in taken and t != chooser]
        if c.precedence:
            order = [self.team(p) for p in c.precedence]
            left.sort(key=lambda t: order.index(t) if t in order else len(order))
        else:
            left.sort(key=self.seed_order)
        return tuple(left)

    def state(self) -> BracketState:
        matches = []
        for m in self.rule.matches:
            pair = self.pair(m.id)
            if pair is None:
                continue
            home, away = pair
            if m.higher is Higher.HOME:
                higher = home
            else:
                higher = min(pair, key=self.seed_order)
            winner = self.results.get(m.id)
            matches.append(ResolvedMatch(m.id, home, away, m.boards, m.segments, m.carry_over,
                                         higher, m.stage, winner if winner in pair else None))
        pending = []
        for c in self.rule.choices:
            allowed = self.allowed(c.id)
            chooser = self.chooser(c.id)
            if allowed is None or chooser is None or self.team(Chosen(c.id)) is not None:
                continue
            pending.append(PendingChoice(c.id, chooser, allowed, c.rule))
        places: dict[int, Team] = {}
        outcomes: dict[str, tuple[Team, ...]] = {}
        for p in self.rule.places:
            teams = [self.team(e) for e in p.entrants]
            if None in teams:
                continue
            known = [t for t in teams if t is not None]
            if p.by_rank:
                known.sort(key=self.seed_order)
            if p.places:
                places.update(zip(p.places, known, strict=True))
            if p.label:
                outcomes[p.label] = tuple(known)
        return BracketState(tuple(matches), tuple(pending), places, outcomes,
                            tuple(self.problems))


@dataclass(frozen=True)
class KoDecision:
    """Where a level-or-not knock-out match stands."""

    winner: Team | None
    """The team through, or None while more boards are due."""
    play: int
    """Boards to play next: 4 extra boards, then 1 sudden-death board (K17.2); 0 if decided."""
    reason: str


EXTRA_BOARDS = 4


def decide(rule: TieRule, higher: Team, lower: Team,
           scores: Sequence[tuple[float, float]]) -> KoDecision:
    """Who goes through. `scores[0]` is the match score (carry-over included) as
    (higher, lower); for K17.2, `scores[1]` the 4 extra boards, then one entry per
    sudden-death board."""
    if not scores:
        raise MovementError("a knock-out match needs its score")
    for stage, (high, low) in enumerate(scores):
        if high != low:
            winner = higher if high > low else lower
            reason = ("on the match score" if stage == 0 else
                      "on the extra boards" if stage == 1 else
                      f"on sudden-death board {stage - 1}")
            return KoDecision(winner, 0, reason)
        if rule is TieRule.HIGHER_PLACED:
            return KoDecision(higher, 0, "level: the higher-placed team goes through (D1.4)")
    if len(scores) == 1:
        return KoDecision(None, EXTRA_BOARDS, "level: play 4 extra boards (K17.2)")
    return KoDecision(None, 1, "still level: play a sudden-death board (K17.2)")
