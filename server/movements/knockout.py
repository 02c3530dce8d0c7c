"""Knock-out brackets, with choosers, placement matches and the tie rules.

A bracket is data: who plays whom, written with references that resolve as the event goes on
(a seed label such as "A1" or "3", the winner or loser of a match, the team a chooser picked or
the one left over). Where a regulation lets a higher-placed team choose its opponent (K1.4,
D4.3, D4.7, D5.7-9), the bracket computes who chooses and from whom; the choice itself is an
input, like a match result. `BracketRule.resolve` turns the placement, the results and the
choices so far into the matches that can be played, the choices that are due, the places that
are settled and the problems with the input.

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


def _seeds(*labels: str) -> tuple[Seed, ...]:
    return tuple(Seed(label) for label in labels)


K1_4 = BracketRule(
    name="gabsi-k1.4",
    rules="K1.4-K1.6",
    seeds=("A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4"),
    choices=(
        ChoiceRule("A1 chooses", Seed("A1"), _seeds("B3", "B4"), rule="K1.4"),
        ChoiceRule("B1 chooses", Seed("B1"), _seeds("A3", "A4"), rule="K1.4"),
    ),
    matches=(
        MatchRule("c1", Seed("A1"), Chosen("A1 chooses"), 32, 2, stage="quarter-final"),
        MatchRule("c2", Seed("B2"), NotChosen("B1 chooses"), 32, 2, stage="quarter-final"),
        MatchRule("c3", Seed("B1"), Chosen("B1 chooses"), 32, 2, stage="quarter-final"),
        MatchRule("c4", Seed("A2"), NotChosen("A1 chooses"), 32, 2, stage="quarter-final"),
        MatchRule("d1", Winner("c1"), Winner("c2"), 12, 2, stage="semi-final"),
        MatchRule("d2", Winner("c3"), Winner("c4"), 12, 2, stage="semi-final"),
        MatchRule("final", Winner("d1"), Winner("d2"), 32, 2, stage="final"),
        MatchRule("third", Loser("d1"), Loser("d2"), 32, 2, stage="third place"),
    ),
    places=(
        PlaceRule((Winner("final"), Loser("final")), (1, 2)),
        PlaceRule((Winner("third"), Loser("third")), (3, 4)),
    ),
    tie=TieRule.EXTRA_BOARDS,
)
"""GABSI inter-province: quarter-finals as K1.4 writes them (c1 A1 v B3/4, c2 B2 v A3/4,
c3 B1 v A3/4, c4 A2 v B3/4), semi-finals K1.5 (2 x 6 boards, as written), final K1.6."""

_K2_4_PAIRS = (("d1", "A1", "B4"), ("d2", "D2", "C3"), ("d3", "D1", "C4"), ("d4", "A2", "B3"),
               ("d5", "B1", "A4"), ("d6", "C2", "D3"), ("d7", "C1", "D4"), ("d8", "B2", "A3"))

K2_4 = BracketRule(
    name="gabsi-k2.4",
    rules="K2.4-K2.7",
    seeds=tuple(f"{pool}{rank}" for rank in range(1, 5) for pool in "ABCD"),
    choices=(),
    matches=(
        *(MatchRule(mid, Seed(home), Seed(away), 16, 1, stage="round of 16")
          for mid, home, away in _K2_4_PAIRS),
        MatchRule("e1", Winner("d1"), Winner("d2"), 20, 2, stage="quarter-final"),
        MatchRule("e2", Winner("d3"), Winner("d4"), 20, 2, stage="quarter-final"),
        MatchRule("e3", Winner("d5"), Winner("d6"), 20, 2, stage="quarter-final"),
        MatchRule("e4", Winner("d7"), Winner("d8"), 20, 2, stage="quarter-final"),
        MatchRule("f1", Winner("e1"), Winner("e2"), 20, 2, stage="semi-final"),
        MatchRule("f2", Winner("e3"), Winner("e4"), 20, 2, stage="semi-final"),
        MatchRule("final", Winner("f1"), Winner("f2"), 20, 2, stage="final"),
        MatchRule("third", Loser("f1"), Loser("f2"), 20, 2, stage="third place"),
    ),
    places=(
        PlaceRule((Winner("final"), Loser("final")), (1, 2)),
        PlaceRule((Winner("third"), Loser("third")), (3, 4)),
    ),
    tie=TieRule.EXTRA_BOARDS,
)
"""GABSI inter-club: round of 16 as K2.4 writes it, quarter-finals K2.5, semi-finals K2.6,
final and third place K2.7."""

_D43_SEMI = (Best((Winner("p1"), Winner("p2"))), Best((Winner("p1"), Winner("p2")), 1),
             Winner("p5"), Winner("p6"))

D4_3 = BracketRule(
    name="pzbs-d4.3",
    rules="D4.3, D4.5, D4.6",
    seeds=tuple(str(place) for place in range(1, 13)),
    choices=(
        ChoiceRule("1 chooses", Seed("1"), _seeds("3", "4"), rule="D4.3"),
        ChoiceRule("5 chooses", Seed("5"), _seeds("7", "8"), rule="D4.3"),
        ChoiceRule("9 chooses", Seed("9"), _seeds("11", "12"), rule="D4.3"),
        ChoiceRule("line 3 choice", Best((Loser("p1"), Loser("p2"))),
                   (Winner("p3"), Winner("p4")), rule="D4.3"),
        ChoiceRule("semi-final choice", _D43_SEMI[0], _D43_SEMI[1:], rule="D4.5"),
    ),
    matches=(
        MatchRule("p1", Seed("1"), Chosen("1 chooses"), 72, 6, 7.2, stage="line 1"),
        MatchRule("p2", Seed("2"), NotChosen("1 chooses"), 72, 6, 7.2, stage="line 1"),
        MatchRule("p3", Seed("5"), Chosen("5 chooses"), 72, 6, 7.2, stage="line 2"),
        MatchRule("p4", Seed("6"), NotChosen("5 chooses"), 72, 6, 7.2, stage="line 2"),
        MatchRule("p5", Best((Loser("p1"), Loser("p2"))), Chosen("line 3 choice"), 72, 6, 7.2,
                  stage="line 3"),
        MatchRule("p6", Best((Loser("p1"), Loser("p2")), 1), NotChosen("line 3 choice"), 72, 6,
                  7.2, stage="line 3"),
        MatchRule("p7", Seed("9"), Chosen("9 chooses"), 72, 6, 7.2, stage="line 4"),
        MatchRule("p8", Seed("10"), NotChosen("9 chooses"), 72, 6, 7.2, stage="line 4"),
        MatchRule("s1", _D43_SEMI[0], Chosen("semi-final choice"), 72, 6, 7.2,
                  stage="semi-final"),
        MatchRule("s2", NotChosen("semi-final choice", 0), NotChosen("semi-final choice", 1),
                  72, 6, 7.2, stage="semi-final"),
        MatchRule("final", Winner("s1"), Winner("s2"), 96, 8, 9.6, stage="final"),
        MatchRule("third", Loser("s1"), Loser("s2"), 48, 4, 4.8, stage="third place"),
    ),
    places=(
        PlaceRule((Winner("final"), Loser("final")), (1, 2)),
        PlaceRule((Winner("third"), Loser("third")), (3, 4)),
        PlaceRule((Loser("p5"), Loser("p6")), (5, 6), by_rank=True),
        PlaceRule((Loser("p3"), Loser("p4")), (7, 8), by_rank=True),
        PlaceRule((Winner("p7"), Winner("p8")), (9, 10), by_rank=True),
        PlaceRule((Loser("p7"), Loser("p8")), by_rank=True, label="barrage (D4.7)"),
    ),
    tie=TieRule.HIGHER_PLACED,
)
"""PZBS League I places 1-12 after 15 matches (D4.3), semi-finals, final and third place
(D4.5). Reading: line 3's chooser is the better-placed loser of line 1 (D4.3 pt 3.5: the
higher-placed team always chooses first); in the semi-final (D4.5) the better-placed winner of
line 1 may choose any of the other three semi-finalists, as the text sets no limit."""

_D47_FIRST: tuple[Entrant, ...] = (Winner("b1"), Winner("b2"), Winner("b3"), Winner("b4"))
_D47_ORDER: tuple[Entrant, ...] = (*_seeds("I1", "I2", "I3", "I4"), *_D47_FIRST)
_D47_LEAGUE_II = _seeds("II1", "II2", "II3", "II4")

D4_7 = BracketRule(
    name="pzbs-d4.7",
    rules="D4.7",
    seeds=("I1", "I2", "I3", "I4", "II1", "II2", "II3", "II4"),
    choices=(
        ChoiceRule("I1 chooses", Seed("I1"), _D47_LEAGUE_II, rule="D4.7"),
        ChoiceRule("I2 chooses", Seed("I2"), _D47_LEAGUE_II, ("I1 chooses",), rule="D4.7"),
        ChoiceRule("I3 chooses", Seed("I3"), _D47_LEAGUE_II, ("I1 chooses", "I2 chooses"),
                   rule="D4.7"),
        ChoiceRule("second round", FirstOf(_D47_ORDER, _D47_FIRST), _D47_FIRST,
                   precedence=_D47_ORDER, rule="D4.7"),
    ),
    matches=(
        MatchRule("b1", Seed("I1"), Chosen("I1 chooses"), 72, 6, 7.2, Higher.HOME,
                  "barrage 1"),
        MatchRule("b2", Seed("I2"), Chosen("I2 chooses"), 72, 6, 7.2, Higher.HOME,
                  "barrage 1"),
        MatchRule("b3", Seed("I3"), Chosen("I3 chooses"), 72, 6, 7.2, Higher.HOME,
                  "barrage 1"),
        MatchRule("b4", Seed("I4"), NotChosen("I3 chooses"), 72, 6, 7.2, Higher.HOME,
                  "barrage 1"),
        MatchRule("x1", FirstOf(_D47_ORDER, _D47_FIRST), Chosen("second round"), 72, 6, 7.2,
                  Higher.HOME, "barrage 2"),
        MatchRule("x2", NotChosen("second round", 0), NotChosen("second round", 1), 72, 6, 7.2,
                  Higher.HOME, "barrage 2"),
    ),
    places=(
        PlaceRule((Winner("x1"), Winner("x2")), label="League I next season"),
        PlaceRule((Loser("b1"), Loser("b2"), Loser("b3"), Loser("b4"), Loser("x1"),
                   Loser("x2")), label="League II next season"),
    ),
    tie=TieRule.HIGHER_PLACED,
)
"""PZBS barrage (D4.7): seeds I1-I4 are the League I teams in order of their places after 15
matches, II1-II4 the League II runners-up. The League I teams choose in turn; in round 2 the
highest-ranked League I team left chooses, or if none is left the League II team that beat the
highest-ranked one. Carry-over goes to the first-named team, which is the one D4.7 names:
League I over League II, the better-placed League I team, or the team that beat the higher-
ranked League I team."""

D5_7 = BracketRule(
    name="pzbs-d5.7",
    rules="D5.7, D5.10",
    seeds=("1", "2", "3", "4"),
    choices=(ChoiceRule("1 chooses", Seed("1"), _seeds("3", "4"), rule="D5.7"),),
    matches=(
        MatchRule("s1", Seed("1"), Chosen("1 chooses"), 72, 6, 7.2, stage="semi-final"),
        MatchRule("s2", Seed("2"), NotChosen("1 chooses"), 72, 6, 7.2, stage="semi-final"),
        MatchRule("final", Winner("s1"), Winner("s2"), 72, 6, 7.2, stage="final"),
    ),
    places=(
        PlaceRule((Winner("final"), Loser("final")), (1, 2)),
        PlaceRule((Loser("s1"), Loser("s2")), (3, 4), by_rank=True),
    ),
    tie=TieRule.HIGHER_PLACED,
)
"""PZBS League II group play-off (D5.7): 1 chooses from 3 and 4; semi-final losers 3rd and 4th
by their VP after 20 matches; the final's winner is promoted, its loser goes to the barrage."""

D5_8 = BracketRule(
    name="pzbs-d5.8",
    rules="D5.8, D5.9, D5.10",
    seeds=("9", "10", "11", "12", "13", "14"),
    choices=(
        ChoiceRule("9 chooses", Seed("9"), _seeds("11", "12"), rule="D5.8"),
        ChoiceRule("relegation choice", Best((Loser("q1"), Loser("q2"))), _seeds("13", "14"),
                   rule="D5.9"),
    ),
    matches=(
        MatchRule("q1", Seed("9"), Chosen("9 chooses"), 72, 6, 7.2, stage="places 9-12"),
        MatchRule("q2", Seed("10"), NotChosen("9 chooses"), 72, 6, 7.2, stage="places 9-12"),
        MatchRule("r1", Best((Loser("q1"), Loser("q2"))), Chosen("relegation choice"), 72, 6,
                  7.2, stage="relegation"),
        MatchRule("r2", Best((Loser("q1"), Loser("q2")), 1), NotChosen("relegation choice"), 72,
                  6, 7.2, stage="relegation"),
    ),
    places=(
        PlaceRule((Winner("q1"), Winner("q2")), (9, 10), by_rank=True),
        PlaceRule((Winner("r1"), Winner("r2")), (11, 12), by_rank=True),
        PlaceRule((Loser("r1"), Loser("r2")), (13, 14), by_rank=True),
    ),
    tie=TieRule.HIGHER_PLACED,
)
"""PZBS League II places 9-14 (D5.8, D5.9): seeds 9-12 are places after 20 matches, 13 and 14
after 21. Reading: "respectively" in D5.8-9 orders winners and losers by their places."""

BRACKETS: Mapping[str, BracketRule] = {b.name: b for b in (K1_4, K2_4, D4_3, D4_7, D5_7, D5_8)}


def find_bracket(name: str) -> BracketRule:
    """A bracket by name, case-insensitive ("gabsi-k2.4", "pzbs-d4.3", ...)."""
    bracket = BRACKETS.get(name.strip().lower())
    if bracket is None:
        raise MovementError(f"unknown bracket: {name!r} (known: {', '.join(BRACKETS)})")
    return bracket
