"""Team stages scored in VP: single and double round robins, and the Swiss.

Each group plays its Berger round robin (D4.4, D5.6: twice, home and away) or its Swiss paired
round by round (K16: round 1 by draw number, then by the ranking, no repeat before the last
round). Every match of a round plays the same deals (D1.2). A match's IMPs go to VP on the
stage's scale; a bye scores the stage's bye VP (K13.2). Teams that keep their VP from an earlier
stage (D4.4, D5.5) start with it, and their earlier matches against each other count for the
direct-match tie-breaks (D3.2). The ranking is the stage's chain (K17.1, K16.3, D3.2).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..formats.competition import StageKind, StageSpec
from ..movements.roundrobin import round_robin
from ..movements.swiss import SwissRound, TeamStanding, swiss_teams_round
from ..scoring.butler import ImpStanding, LeagueTable, league_butler
from ..scoring.penalties import ImpPenalty
from ..scoring.ranking import MatchRecord, Ranking, rank_teams
from ..scoring.teams import TeamMatch
from ..scoring.vp import find_scale
from .model import (
    ButlerLine,
    CombinedButler,
    GroupResult,
    Inputs,
    MatchFixture,
    MatchLine,
    MatchPlay,
    RoundLine,
)
from .stage import StageContext, StageProgress, vp_standings


def team_stage(ctx: StageContext, inputs: Inputs) -> StageProgress:
    """A round robin or a Swiss, every group."""
    progress = StageProgress()
    complete = True
    plays: list[_Group] = []
    for group, members in ctx.groups.items():
        play = _Group(ctx, group, members, inputs)
        if ctx.spec.kind is StageKind.SWISS_TEAMS:
            play.swiss()
        else:
            play.round_robin()
        plays.append(play)
        complete &= play.complete
        progress.group_complete[group] = play.complete
        ranking = play.ranking()
        progress.groups.append(play.result(ranking))
        progress.fixtures.extend(play.fixtures)
        progress.order[group] = ranking.order()
        progress.records[group] = play.records
        for line in ranking.standings:
            progress.totals[line.team] = line.vp
            played = line.matches + play.byes_of(line.team)
            progress.per_match[line.team] = line.vp / played if played else 0.0
    progress.complete = complete
    if ctx.spec.butler_combined:
        progress.butler_combined = _combined_butler(plays)
    return progress


def _combined_butler(groups: Sequence[_Group]) -> CombinedButler:
    """D5.2's Butler ranking over all the groups: each deal's datum from every table of every
    group that played it (D1.2: a round's board is the same deal in every group), with how
    many groups it holds and the last round all of those have finished."""
    holding = [g for g in groups if g.tables]
    tables = [table for g in holding for table in g.tables]
    return CombinedButler(
        lines=_butler_lines(league_butler(tables, by_group=False)) if tables else (),
        groups=len(holding), of=len(groups),
        up_to_round=min((g.finished_up_to() for g in holding), default=0),
        rounds=max((g.scheduled for g in groups), default=0))


class _Group:
    def __init__(self, ctx: StageContext, group: str, members: tuple[int, ...],
                 inputs: Inputs) -> None:
        self.ctx = ctx
        self.spec: StageSpec = ctx.spec
        self.group = group
        self.members = members
        self.inputs = inputs
        find_scale(self.spec.vp_scale)  # an unknown scale fails here, matches played or not
        self.records: list[MatchRecord] = []
        self.rounds: list[RoundLine] = []
        self.fixtures: list[MatchFixture] = []
        self.byes: dict[int, float] = defaultdict(float)
        self.bye_count: dict[int, int] = defaultdict(int)
        self.won: dict[int, float] = defaultdict(float)
        self.lost: dict[int, float] = defaultdict(float)
        self.complete = True
        self.prefix = f"{self.spec.id}/{group}/" if group else f"{self.spec.id}/"
        self.tables: list[LeagueTable] = []
        """Every table's result, for the Butler ranking of the pairs (D4.1, D5.2)."""
        self.finished: set[int] = set()
        """The rounds every match of which is played."""
        self.scheduled = 0
        """The rounds the group plays."""

    def round_robin(self) -> None:
        double = self.spec.kind is StageKind.DOUBLE_ROUND_ROBIN
        schedule = round_robin(len(self.members), self.spec.boards_per_match,
                               segments=self.spec.segments, double=double)
        self.scheduled = len(schedule.rounds)
        for rnd in schedule.rounds:
            # Each match's boards are numbered 1-N as in the room and on the round's hand
            # records (a new set of deals every round), not on through the stage.
            lines = [self._match(rnd.number, m.table, self.members[m.home - 1],
                                 self.members[m.away - 1], 1)
                     for m in rnd.matches]
            self._finish(rnd.number, lines)
            if rnd.bye is not None:
                lines.append(self._bye(self.members[rnd.bye - 1]))
            self.rounds.append(RoundLine(rnd.number, tuple(x for x in lines if x)))

    def swiss(self) -> None:
        rounds = self.spec.rounds or 1
        self.scheduled = rounds
        previous: list[SwissRound] = []
        for number in range(1, rounds + 1):
            standings = self._swiss_standings()
            paired = swiss_teams_round(number, self.members, standings, previous,
                                       last_round=number == rounds, bye_score=self.spec.bye_vp)
            previous.append(paired)
            lines = [self._match(number, m.table, m.home, m.away, 1)
                     for m in paired.matches]
            self._finish(number, lines)
            if paired.bye is not None:
                lines.append(self._bye(paired.bye))
            self.rounds.append(RoundLine(number, tuple(x for x in lines if x)))
            if not self.complete:
                return

    def _finish(self, number: int, lines: Sequence[MatchLine | None]) -> None:
        if all(line is not None for line in lines):
            self.finished.add(number)

    def finished_up_to(self) -> int:
        """The last round finished with every round before it (0: none)."""
        last = 0
        while last + 1 in self.finished:
            last += 1
        return last

    def _swiss_standings(self) -> list[TeamStanding]:
        vp: dict[int, float] = defaultdict(float)
        for r in self.records:
            vp[r.team_a] += r.vp_a - r.vp_penalty_a
            vp[r.team_b] += r.vp_b - r.vp_penalty_b
        return [TeamStanding(t, vp[t] + self.byes[t] + self.ctx.carried_vp.get(t, 0.0),
                             self.won[t], self.lost[t]) for t in self.members]

    def _match(self, number: int, table: int, home: int, away: int,
               first_board: int) -> MatchLine | None:
        key = f"{self.prefix}r{number}/m{table}"
        play = self.inputs.matches.get(key)
        if play is None:
            self.complete = False
            self.fixtures.append(MatchFixture(
                key=key, stage=self.spec.id, group=self.group,
                label=f"round {number}, match {table}", home=home, away=away,
                boards=self.spec.boards_per_match, segments=self.spec.segments,
                deals=f"{self.spec.id}/r{number}", first_board=first_board, round=number))
            return None
        if play.walkover is not None:
            # K13: the VP awarded, no IMPs ("tanpa imp").
            vp_home, vp_away = play.walkover
            self.records.append(MatchRecord(home, away, 0.0, 0.0, vp_home, vp_away,
                                            round=number, walkover=True))
            return MatchLine(home, away, self.spec.boards_per_match, (0.0, 0.0),
                             (vp_home, vp_away))
        played = _played(play, home, away, number, self.spec.boards_per_match,
                         self.spec.segments, self.spec.vp_scale, self.group,
                         self.spec.butler or self.spec.butler_combined)
        self.records.append(played.record)
        self.tables.extend(played.tables)
        self.won[home] += played.home_total
        self.lost[home] += played.away_boards
        self.won[away] += played.away_total
        self.lost[away] += played.home_boards
        return MatchLine(home, away, self.spec.boards_per_match,
                         (played.home_total, played.away_total),
                         (played.record.vp_a, played.record.vp_b))

    def _bye(self, team: int) -> MatchLine:
        self.byes[team] += self.spec.bye_vp
        self.bye_count[team] += 1
        return MatchLine(team, None, 0, (0.0, 0.0), (self.spec.bye_vp, 0.0))

    def byes_of(self, team: int) -> int:
        return self.bye_count[team]

    def ranking(self) -> Ranking:
        members = set(self.members)
        kept = [r for r in self.ctx.carried_records if r.team_a in members
                and r.team_b in members]
        # VP kept from an earlier stage less those of the kept direct matches, which the
        # ranking adds again from the records themselves.
        carried: dict[int, float] = defaultdict(float)
        for team in self.members:
            carried[team] = self.ctx.carried_vp.get(team, 0.0) + self.byes[team]
        for r in kept:
            carried[r.team_a] -= r.vp_a - r.vp_penalty_a
            carried[r.team_b] -= r.vp_b - r.vp_penalty_b
        return rank_teams([*kept, *self.records], self.spec.tiebreak, teams=self.members,
                          carried=carried)

    def result(self, ranking: Ranking) -> GroupResult:
        lines = vp_standings(ranking, {t: (self.won[t], self.lost[t]) for t in self.members},
                             self.ctx.carried_vp)
        butler: tuple[ButlerLine, ...] = ()
        if self.spec.butler and self.tables:
            butler = _butler_lines(league_butler(self.tables))
        return GroupResult(self.group, self.members, tuple(self.rounds), lines,
                           butler=butler)


@dataclass(frozen=True)
class _Played:
    """A played match as its group's standings and Butler ranking take it."""

    record: MatchRecord
    home_total: float
    away_total: float
    home_boards: float
    """IMPs the home team won over the boards."""
    away_boards: float
    tables: tuple[LeagueTable, ...]
    """Its tables for the Butler ranking of the pairs (D4.1, D5.2); none when not ranked."""


@lru_cache(maxsize=2048)
def _played(play: MatchPlay, home: int, away: int, number: int, boards: int, segments: int,
            scale: str, group: str, butler: bool) -> _Played:
    """A pure function of its arguments, kept: the competition is resolved again after every
    advance and decision, and League II's season of about 650 matches was scored anew each
    time: a third of what a resolution took."""
    match = TeamMatch.from_boards(home, away, play.boards, boards // segments,
                                  boards_scheduled=boards,
                                  imp_penalties=_penalties(home, away, play.imp_penalties),
                                  round=number)
    record = match.record(find_scale(scale))
    tables = []
    if butler:
        # A team's pair in the open room is its pair 1, the one in the closed room pair 2.
        for board in play.boards:
            deal = (number, board.board)
            if board.open_ns is not None:
                tables.append(LeagueTable(deal, f"{home}/1", f"{away}/1", board.open_ns, group))
            if board.closed_ns is not None:
                tables.append(LeagueTable(deal, f"{away}/2", f"{home}/2", board.closed_ns,
                                          group))
    score = match.score()
    return _Played(record, float(score.home_total), float(score.away_total),
                   float(score.home_boards), float(score.away_boards), tuple(tables))


def _butler_lines(standings: Sequence[ImpStanding]) -> tuple[ButlerLine, ...]:
    # A league's pair is named "team/1" (the team's pair in the open room) or "team/2".
    lines = []
    for b in standings:
        team, pair = str(b.pair.number).split("/")
        lines.append(ButlerLine(b.rank, int(team), pair, b.boards, round(b.imps, 2),
                                b.per_board))
    return tuple(lines)


def _penalties(home: int, away: int, given: Sequence[float]) -> list[ImpPenalty]:
    out = []
    if given[0]:
        out.append(ImpPenalty(home, given[0]))
    if given[1]:
        out.append(ImpPenalty(away, given[1]))
    return out
