"""Team round robins by the Berger tables: single or double, byes, home and away, rooms, segments.

Berger's tables (as the FIDE tables print them): in round 1 team 1 meets team n, 2 meets n-1,
and so on; each next round adds n/2 to every other team number (counting 1..n-1 round and
round) while team n stays on the first match, home and away in turn. The first team named is
the home team: North-South in the open room and East-West in the closed room. An odd number of
teams adds a bye (the team drawn against it sits out). A double round robin plays the same
rounds again with home and away swapped (D4.4, D5.6). Every match of a round plays the same
deals (duplicated boards, D1.2), numbered on from round to round, in segments (D1.3: 2 x 12).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .base import Movement, MovementError, Round, Seating


@dataclass(frozen=True)
class RoomSeating:
    """One room of a team match."""

    room: str
    """"open" or "closed"."""
    ns_team: int
    ew_team: int


@dataclass(frozen=True)
class TeamMatch:
    """One match of a team round robin."""

    round: int
    table: int
    """The match number within the round (its table pair: open and closed room)."""
    home: int
    away: int
    segments: tuple[tuple[int, ...], ...]
    """The boards of each segment, in play order."""

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(b for segment in self.segments for b in segment)

    @property
    def rooms(self) -> tuple[RoomSeating, RoomSeating]:
        """The home team sits North-South in the open room, East-West in the closed room."""
        return (RoomSeating("open", self.home, self.away),
                RoomSeating("closed", self.away, self.home))


@dataclass(frozen=True)
class TeamRound:
    number: int
    matches: tuple[TeamMatch, ...]
    bye: int | None = None
    """The team without a match this round (odd number of teams)."""


@dataclass(frozen=True)
class Schedule:
    """A complete team round robin."""

    teams: int
    double: bool
    boards_per_match: int
    rounds: tuple[TeamRound, ...]

    def problems(self) -> list[str]:
        """Every way the schedule is not a round robin (empty when it is one)."""
        found = []
        met: Counter[tuple[int, int]] = Counter()
        homes: Counter[tuple[int, int]] = Counter()
        for rnd in self.rounds:
            seen = Counter([t for m in rnd.matches for t in (m.home, m.away)])
            if rnd.bye is not None:
                seen[rnd.bye] += 1
            for team, count in seen.items():
                if count > 1:
                    found.append(f"round {rnd.number}: team {team} plays twice")
            missing = set(range(1, self.teams + 1)) - set(seen)
            if missing and len(self.rounds) == self.full_length:
                found.append(f"round {rnd.number}: teams {sorted(missing)} have no match")
            for m in rnd.matches:
                met[(min(m.home, m.away), max(m.home, m.away))] += 1
                homes[(m.home, m.away)] += 1
        if len(self.rounds) == self.full_length:
            times = 2 if self.double else 1
            for a in range(1, self.teams + 1):
                for b in range(a + 1, self.teams + 1):
                    if met[(a, b)] != times:
                        found.append(f"teams {a} and {b} meet {met[(a, b)]} times, not {times}")
                    elif self.double and (homes[(a, b)], homes[(b, a)]) != (1, 1):
                        found.append(f"teams {a} and {b} are not home once each")
        return found

    @property
    def full_length(self) -> int:
        per_half = self.teams - 1 if self.teams % 2 == 0 else self.teams
        return per_half * (2 if self.double else 1)

    def as_movement(self) -> Movement:
        """The schedule as a movement: table = match, NS = home team, EW = away team."""
        tables = max((len(r.matches) for r in self.rounds), default=0)
        segments = next((len(m.segments) for r in self.rounds for m in r.matches), 1)
        return Movement(
            kind="roundrobin",
            tables=tables,
            boards_per_round=self.boards_per_match,
            rounds=tuple(
                Round(r.number,
                      tuple(Seating(m.table, m.home, m.away, m.boards) for m in r.matches),
                      (("A", r.bye),) if r.bye is not None else ())
                for r in self.rounds
            ),
            duplicated=True,
            notes=("Home team North-South in the open room, East-West in the closed room.",
                   "Every match of a round plays the same deals.",
                   f"Matches of {self.boards_per_match} boards in {segments} segment"
                   f"{'s' if segments > 1 else ''}."),
        )


def berger(teams: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The Berger table for `teams` (even) teams: rounds of (home, away), first match first."""
    if teams < 2 or teams % 2:
        raise MovementError(f"a Berger table needs an even number of teams, not {teams}")
    half = teams // 2
    current = [(i, teams + 1 - i) for i in range(1, half + 1)]
    rounds = [tuple(current)]
    for r in range(1, teams - 1):

        def step(team: int) -> int:
            return team if team == teams else (team - 1 + half) % (teams - 1) + 1

        moved = [(step(h), step(a)) for h, a in current]
        # Team n keeps the first match and changes side every round.
        first = moved[0]
        other = first[0] if first[1] == teams else first[1]
        moved[0] = (teams, other) if r % 2 else (other, teams)
        current = moved
        rounds.append(tuple(current))
    return tuple(rounds)


def round_robin(teams: int, boards_per_match: int, *, segments: int = 1, double: bool = False,
                rounds: int | None = None) -> Schedule:
    """A single (or double) round robin of `teams` teams, matches of `boards_per_match` boards
    in `segments` equal segments; `rounds` keeps only the first rounds."""
    if teams < 2:
        raise MovementError(f"a round robin needs at least 2 teams, not {teams}")
    if boards_per_match < 1:
        raise MovementError(f"boards per match must be at least 1, not {boards_per_match}")
    if segments < 1 or boards_per_match % segments:
        raise MovementError(f"{boards_per_match} boards do not split into {segments} segments")
    size = boards_per_match // segments
    field = teams + teams % 2
    table = berger(field)
    halves = [table] + ([tuple(tuple((a, h) for h, a in r) for r in table)] if double else [])
    built = []
    number = 0
    for half in halves:
        for pairing in half:
            number += 1
            first = (number - 1) * boards_per_match + 1
            split = tuple(tuple(range(first + k * size, first + (k + 1) * size))
                          for k in range(segments))
            matches: list[TeamMatch] = []
            bye = None
            for home, away in pairing:
                if max(home, away) > teams:
                    bye = min(home, away)
                    continue
                matches.append(TeamMatch(number, len(matches) + 1, home, away, split))
            built.append(TeamRound(number, tuple(matches), bye))
    total = len(built) if rounds is None else rounds
    if not 1 <= total <= len(built):
        raise MovementError(f"this round robin has 1 to {len(built)} rounds, not {total}")
    return Schedule(teams, double, boards_per_match, tuple(built[:total]))


def team_round_robin(tables: int, boards_per_round: int, rounds: int | None = None, *,
                     teams: int | None = None, segments: int = 1,
                     double: bool = False) -> Movement:
    """The movement builder's entry: `tables` matches a round (2 x tables teams) unless
    `teams` says otherwise; `boards_per_round` is the boards of one match."""
    count = 2 * tables if teams is None else teams
    return round_robin(count, boards_per_round, segments=segments, double=double,
                       rounds=rounds).as_movement()
