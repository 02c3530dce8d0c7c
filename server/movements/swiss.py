"""Swiss pairings: teams by K16, pairs by KC1.3.

**Swiss teams (K16.1-4).** Round 1 by draw number: 1 v 2, 3 v 4, ... From round 2 the field is
ranked by total VP, ties by IMP quotient, then IMP difference, then team number (K16.3), and
paired down the ranking: 1 v 2, 3 v 4, ... Before the last round two teams meet at most once
(K16.1): when the natural pairing repeats a match we take the *nearest* pairing without a
repeat, read top-down: the highest-ranked unpaired team meets the highest-ranked team below it
that it has not met yet, provided the teams left over can still all be paired without a repeat;
otherwise the next one (server.movements.matching finds it in polynomial time, so it is found
whenever a repeat-free pairing exists). Only when none exists (a tiny field late in the event)
are repeats allowed, as few times over as possible (first pairs met once, then twice, ...).
The last round is a pure pairing by ranking, repeats allowed (K16.4). With an odd number of
teams the lowest-ranked team that has not had a bye yet (and whose bye leaves a repeat-free
pairing) gets it; what a bye scores is the event's setting, carried on the round.

**Swiss pairs (KC1.3).** Round 1 by pair number (1 v 2, ...), round 2 pair k v pair k + n/2;
rounds 3 to the one before last by *delayed pairing*, on the total IMPs of all rounds but the
last one played (round 3 on round 1's IMPs, round 4 on rounds 1-2, ...), so a round can be
paired before the previous one ends; K16.1 applies (no repeats). The last round: pure pairing
on the total VP of all earlier rounds, repeats allowed. The higher-ranked pair sits North-South;
all tables play the same boards (the datum is taken over the field, KC1.2).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .base import MovementError
from .matching import pair_top_down

DEFAULT_BYE_SCORE = 18.0
"""VP for a bye unless the event says otherwise (as a W.O. win in round 2, K13.2)."""


@dataclass(frozen=True)
class TeamStanding:
    """A team's totals before the round to pair."""

    team: int
    vp: float = 0.0
    imps_won: float = 0.0
    """IMPs scored (the "imp plus" of K16.3)."""
    imps_lost: float = 0.0
    """IMPs conceded (the "imp minus")."""

    @property
    def imp_quotient(self) -> float:
        """IMPs won / IMPs lost; infinite when nothing was lost, 1 when nothing was played."""
        if self.imps_lost == 0:
            return math.inf if self.imps_won > 0 else 1.0
        return self.imps_won / self.imps_lost

    @property
    def imp_difference(self) -> float:
        return self.imps_won - self.imps_lost


def k16_ranking(standings: Iterable[TeamStanding]) -> list[int]:
    """Teams best first: total VP, then IMP quotient, IMP difference, team number (K16.3)."""
    return [s.team for s in sorted(
        standings, key=lambda s: (-s.vp, -s.imp_quotient, -s.imp_difference, s.team))]


@dataclass(frozen=True)
class SwissMatch:
    table: int
    """Match number, best-ranked match first."""
    home: int
    """The higher-ranked team or pair (North-South for Swiss pairs)."""
    away: int


@dataclass(frozen=True)
class SwissRound:
    number: int
    matches: tuple[SwissMatch, ...]
    bye: int | None = None
    """The team (or pair) without an opponent this round."""
    bye_score: float | None = None
    """What the bye scores (VP), as the event sets it."""
    ranking: tuple[int, ...] = ()
    """The order the round was paired from, best first."""
    repeats: tuple[tuple[int, int], ...] = field(default=())
    """Matches that repeat an earlier meeting (allowed in the last round only, K16.4)."""

    @property
    def meetings(self) -> tuple[tuple[int, int], ...]:
        return tuple((m.home, m.away) for m in self.matches)


def met_before(previous: Iterable[SwissRound]) -> Counter[frozenset[int]]:
    """How often each two entrants have met in the rounds given."""
    return Counter(frozenset((m.home, m.away)) for r in previous for m in r.matches)


def nearest_pairing(ranking: Sequence[int], met: Mapping[frozenset[int], int],
                    bye_candidates: Sequence[int] = (),
                    allow_repeats: bool = False) -> tuple[list[tuple[int, int]], int | None]:
    """Pair `ranking` (best first) by the nearest pairing of the module docstring.

    With an odd count one entrant gets the bye: the first of `bye_candidates` (given in
    preference order, normally lowest-ranked first) that still lets the rest be paired.
    `allow_repeats` pairs purely by ranking (1 v 2, 3 v 4, ...). Without it, pairs met before
    are avoided; if no such pairing exists the fewest possible repeats are allowed.
    """
    teams = list(ranking)
    if len(set(teams)) != len(teams):
        raise MovementError("the ranking names a team twice")
    odd = len(teams) % 2 == 1
    if odd and not bye_candidates:
        raise MovementError("an odd field needs somebody to take the bye")
    if allow_repeats:
        bye = None
        if odd:
            bye = bye_candidates[0]
            teams.remove(bye)
        return [(teams[i], teams[i + 1]) for i in range(0, len(teams), 2)], bye
    index = {team: i for i, team in enumerate(teams)}
    bye_vertex = len(teams)
    limit = 1
    most = max(met.values(), default=0)
    while True:
        def allowed(a: int, b: int, limit: int = limit) -> bool:
            if a == bye_vertex or b == bye_vertex:
                return True
            return met.get(frozenset((teams[a], teams[b])), 0) < limit

        first = (bye_vertex, [index[t] for t in bye_candidates if t in index]) if odd else None
        pairs = pair_top_down(list(range(len(teams))), allowed, first)
        if pairs is not None:
            bye = None
            result = []
            for a, b in pairs:
                if a == bye_vertex:
                    bye = teams[b]
                else:
                    result.append((teams[a], teams[b]))
            return result, bye
        if limit > most:
            raise MovementError("no pairing exists for this field")
        limit += 1


def swiss_teams_round(number: int, teams: Sequence[int], standings: Sequence[TeamStanding],
                      previous: Sequence[SwissRound], *, last_round: bool = False,
                      bye_score: float = DEFAULT_BYE_SCORE) -> SwissRound:
    """Pair round `number` of a Swiss teams event (K16; see the module docstring).

    `teams` are the draw numbers (team numbers) in play; `standings` their totals before this
    round (ignored in round 1); `previous` the rounds already paired.
    """
    field_teams = sorted(set(teams))
    if len(field_teams) < 2:
        raise MovementError(f"a Swiss needs at least 2 teams, not {len(field_teams)}")
    if len(previous) != number - 1:
        raise MovementError(f"round {number} needs the {number - 1} earlier rounds, "
                            f"not {len(previous)}")
    if number == 1:
        ranking = field_teams
    else:
        known = {s.team for s in standings}
        missing = [t for t in field_teams if t not in known]
        if missing:
            raise MovementError(f"no standing for team {missing[0]}")
        ranking = k16_ranking(s for s in standings if s.team in set(field_teams))
    return _paired(number, ranking, previous, pure=number == 1 or last_round,
                   bye_score=bye_score)


@dataclass(frozen=True)
class PairScore:
    """One pair's result in one round of a Swiss pairs event."""

    pair: int
    imps: float
    vp: float


def kc1_3_round(number: int, pairs: Sequence[int], previous: Sequence[SwissRound],
                scores: Sequence[Mapping[int, PairScore]], *, rounds: int = 6,
                bye_score: float = DEFAULT_BYE_SCORE) -> SwissRound:
    """Pair round `number` of a Swiss pairs event of `rounds` rounds (KC1.3).

    `scores[k]` holds round k+1's results by pair; delayed rounds need only the rounds up to
    number - 2, the last round all rounds before it.
    """
    field_pairs = sorted(set(pairs))
    n = len(field_pairs)
    if n < 2:
        raise MovementError(f"a Swiss needs at least 2 pairs, not {n}")
    if not 1 <= number <= rounds:
        raise MovementError(f"round {number} of a {rounds}-round Swiss pairs does not exist")
    if len(previous) != number - 1:
        raise MovementError(f"round {number} needs the {number - 1} earlier rounds, "
                            f"not {len(previous)}")
    if number == 1:
        return _paired(number, field_pairs, previous, pure=True, bye_score=bye_score)
    if number == 2 and number < rounds:
        half = (n + 1) // 2
        matches = []
        bye = None
        for k in range(half):
            if k + half < n:
                matches.append(SwissMatch(k + 1, field_pairs[k], field_pairs[k + half]))
            else:
                bye = field_pairs[k]
        met = met_before(previous)
        repeats = tuple((m.home, m.away) for m in matches if met[frozenset((m.home, m.away))])
        return SwissRound(number, tuple(matches), bye, bye_score if bye else None,
                          tuple(field_pairs), repeats)
    last = number == rounds
    played = number - 1 if last else number - 2
    if len(scores) < played:
        raise MovementError(f"round {number} is paired on rounds 1-{played}; "
                            f"only {len(scores)} scored")
    imps = dict.fromkeys(field_pairs, 0.0)
    vps = dict.fromkeys(field_pairs, 0.0)
    for k in range(played):
        for pair in field_pairs:
            score = scores[k].get(pair)
            if score is None and not _had_bye(previous[k], pair):
                raise MovementError(f"round {k + 1} has no score for pair {pair}")
            if score is not None:
                imps[pair] += score.imps
                vps[pair] += score.vp
    if last:
        ranking = sorted(field_pairs, key=lambda p: (-vps[p], -imps[p], p))
    else:
        ranking = sorted(field_pairs, key=lambda p: (-imps[p], p))
    return _paired(number, ranking, previous, pure=last, bye_score=bye_score)


def _had_bye(rnd: SwissRound, entrant: int) -> bool:
    return rnd.bye == entrant


def _paired(number: int, ranking: Sequence[int], previous: Sequence[SwissRound], *,
            pure: bool, bye_score: float) -> SwissRound:
    met = met_before(previous)
    had_bye = {r.bye for r in previous if r.bye is not None}
    bottom_up = list(reversed(ranking))
    candidates = [t for t in bottom_up if t not in had_bye] or bottom_up
    pairs, bye = nearest_pairing(ranking, met, candidates, allow_repeats=pure)
    position = {t: i for i, t in enumerate(ranking)}
    pairs.sort(key=lambda p: min(position[p[0]], position[p[1]]))
    matches = []
    for table, (a, b) in enumerate(pairs, start=1):
        home, away = (a, b) if position[a] < position[b] else (b, a)
        matches.append(SwissMatch(table, home, away))
    repeats = tuple((m.home, m.away) for m in matches if met[frozenset((m.home, m.away))])
    return SwissRound(number, tuple(matches), bye, bye_score if bye is not None else None,
                      tuple(ranking), repeats)
