"""Team matches: IMPs board by board between the two rooms, segments, totals and VPs.

The home team sits North-South in the open room and East-West in the closed room, so on every
board it gains ``imps(open_ns - closed_ns)`` (:func:`server.scoring.imps.imps`); a board not
played in both rooms scores nothing (K12.1). A :class:`TeamMatch` adds the carry-over
(:mod:`server.scoring.carryover`) and IMP penalties (K10.2) to the board IMPs. In a round robin or
a Swiss match each team's VPs come from its own margin: a team's IMP penalty lowers its margin,
but the opponents do not gain those IMPs, so their VPs are those of the unpenalised margin and the
two figures may add up to less than the scale's total. In a knock-out match the penalty simply
comes off the offender's score, which the opponents then lead by that much more.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property

from server.scoring.carryover import CarryOver
from server.scoring.imps import imps
from server.scoring.penalties import ImpPenalty
from server.scoring.ranking import MatchRecord
from server.scoring.vp import VpScale


class TeamMatchError(ValueError):
    """Bad team-match input: the base of every error raised here."""


def _exact(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1000)


@dataclass(frozen=True)
class BoardResult:
    """One board of a team match, as the two rooms scored it."""

    board: int
    """The board number."""
    open_ns: int | None = None
    """North-South's score in the open room (the home team's North-South pair); None until
    played."""
    closed_ns: int | None = None
    """North-South's score in the closed room (the away team's North-South pair)."""

    @property
    def played(self) -> bool:
        """True when both rooms have a score."""
        return self.open_ns is not None and self.closed_ns is not None

    @property
    def home_imps(self) -> int:
        """IMPs to the home team (negative when the away team gained); 0 when not played."""
        if self.open_ns is None or self.closed_ns is None:
            return 0
        return imps(self.open_ns - self.closed_ns)


@dataclass(frozen=True)
class Segment:
    """A block of boards played without a break (a half, a stanza)."""

    number: int
    """1 for the first segment."""
    boards: tuple[BoardResult, ...]
    """The boards, in the order played."""

    @property
    def home_imps(self) -> int:
        """IMPs won by the home team on the boards it gained."""
        return sum(max(0, b.home_imps) for b in self.boards)

    @property
    def away_imps(self) -> int:
        """IMPs won by the away team on the boards it gained."""
        return sum(max(0, -b.home_imps) for b in self.boards)


@dataclass(frozen=True)
class MatchScore:
    """The IMP score of a match, piece by piece."""

    home: int
    """The home team."""
    away: int
    """The away team."""
    home_boards: int
    """IMPs the home team won over the boards."""
    away_boards: int
    """IMPs the away team won over the boards."""
    home_carry_over: Fraction
    """IMPs the home team carried into the match."""
    away_carry_over: Fraction
    """IMPs the away team carried into the match."""
    home_penalty: Fraction
    """IMPs taken from the home team (K10.2)."""
    away_penalty: Fraction
    """IMPs taken from the away team."""
    knockout: bool
    """True for a knock-out match (penalties then count for the opponents)."""

    @property
    def home_total(self) -> Fraction:
        """The home team's IMPs: boards plus carry-over less its penalties."""
        return self.home_boards + self.home_carry_over - self.home_penalty

    @property
    def away_total(self) -> Fraction:
        """The away team's IMPs: boards plus carry-over less its penalties."""
        return self.away_boards + self.away_carry_over - self.away_penalty

    def margin_for(self, team: int) -> Fraction:
        """The margin that decides ``team``'s VPs: its own total against the opponents' total
        before their penalty (K10.2: penalised IMPs go to nobody). In a knock-out match the plain
        difference of the totals."""
        if team == self.home:
            own, other, other_penalty = self.home_total, self.away_total, self.away_penalty
        elif team == self.away:
            own, other, other_penalty = self.away_total, self.home_total, self.home_penalty
        else:
            raise TeamMatchError(f"team not in the match: {team!r}")
        return own - other if self.knockout else own - (other + other_penalty)


@dataclass(frozen=True)
class TeamMatch:
    """A match between two teams: its boards by segment, carry-over and IMP penalties."""

    home: int
    """The team North-South in the open room."""
    away: int
    """The team North-South in the closed room."""
    segments: tuple[Segment, ...]
    """The boards, segment by segment."""
    boards_scheduled: int = 0
    """Boards the match was scheduled for; 0 means the boards of the segments. The VP scale is
    that of the scheduled boards even when time ran out (K12.1)."""
    carry_over: CarryOver | None = None
    """IMPs one team starts with (:func:`server.scoring.carryover.carry_over`)."""
    imp_penalties: tuple[ImpPenalty, ...] = ()
    """IMP penalties of this match (K10.2, K11.2)."""
    knockout: bool = False
    """A knock-out (play-off) match: no VPs; penalties count for the opponents (K10.2)."""
    round: int = 0
    """The round or session number, when known."""

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise TeamMatchError(f"a team cannot play itself: {self.home!r}")
        for penalty in self.imp_penalties:
            if penalty.team not in (self.home, self.away) or penalty.imps < 0:
                raise TeamMatchError(f"invalid IMP penalty for this match: {penalty!r}")
        if self.carry_over is not None and self.carry_over.team not in (
                None, self.home, self.away):
            raise TeamMatchError(f"carry-over to a team not in the match: {self.carry_over!r}")

    @classmethod
    def from_boards(cls, home: int, away: int, boards: Iterable[BoardResult],
                    segment_boards: int, *, boards_scheduled: int = 0,
                    carry_over: CarryOver | None = None,
                    imp_penalties: Iterable[ImpPenalty] = (), knockout: bool = False,
                    round: int = 0) -> TeamMatch:
        """A match whose boards are cut into segments of ``segment_boards`` in the order given."""
        if segment_boards < 1:
            raise TeamMatchError(f"invalid boards per segment: {segment_boards!r}")
        played = tuple(boards)
        segments = tuple(Segment(n + 1, played[i:i + segment_boards])
                         for n, i in enumerate(range(0, len(played), segment_boards)))
        return cls(home, away, segments, boards_scheduled, carry_over, tuple(imp_penalties),
                   knockout, round)

    @property
    def boards(self) -> int:
        """The boards the VP scale is read for."""
        return self.boards_scheduled or sum(len(s.boards) for s in self.segments)

    def score(self) -> MatchScore:
        """The IMP score."""
        return self._score

    @cached_property
    def _score(self) -> MatchScore:
        # Worked out once: a match is frozen, and its record and VP read its score again.
        def penalty(team: int) -> Fraction:
            return sum((_exact(p.imps) for p in self.imp_penalties if p.team == team),
                       Fraction(0))
        carry = self.carry_over
        return MatchScore(
            home=self.home, away=self.away,
            home_boards=sum(s.home_imps for s in self.segments),
            away_boards=sum(s.away_imps for s in self.segments),
            home_carry_over=carry.for_team(self.home) if carry else Fraction(0),
            away_carry_over=carry.for_team(self.away) if carry else Fraction(0),
            home_penalty=penalty(self.home), away_penalty=penalty(self.away),
            knockout=self.knockout)

    def victory_points(self, scale: VpScale) -> tuple[float, float]:
        """The VPs of the home and the away team."""
        if self.knockout:
            raise TeamMatchError("a knock-out match scores no VPs")
        score = self.score()
        home = scale.convert(float(score.margin_for(self.home)), self.boards)[0]
        away = scale.convert(float(score.margin_for(self.away)), self.boards)[0]
        return home, away

    def record(self, scale: VpScale, *, vp_penalty_home: float = 0.0,
               vp_penalty_away: float = 0.0) -> MatchRecord:
        """The match as the ranking takes it."""
        score = self.score()
        vp_home, vp_away = self.victory_points(scale)
        return MatchRecord(
            team_a=self.home, team_b=self.away,
            imps_a=float(score.home_boards + score.home_carry_over),
            imps_b=float(score.away_boards + score.away_carry_over),
            vp_a=vp_home, vp_b=vp_away,
            imp_penalty_a=float(score.home_penalty), imp_penalty_b=float(score.away_penalty),
            vp_penalty_a=vp_penalty_home, vp_penalty_b=vp_penalty_away, round=self.round)


class TieRule(Enum):
    """How a knock-out match level on IMPs is decided."""

    HIGHER_PLACED = "higher placed"
    """The team placed higher in the earlier stage goes through (D1.4)."""
    EXTRA_BOARDS = "extra boards"
    """Play on: 4 extra boards, then sudden-death boards (K17.2)."""


def knockout_winner(score: MatchScore, tie_rule: TieRule = TieRule.EXTRA_BOARDS,
                    higher_placed: int | None = None) -> int | None:
    """The winner of a knock-out match; None when the tie rule says to play on."""
    if score.home_total != score.away_total:
        return score.home if score.home_total > score.away_total else score.away
    if tie_rule is TieRule.HIGHER_PLACED:
        if higher_placed not in (score.home, score.away):
            raise TeamMatchError(f"the higher-placed team is not in the match: {higher_placed!r}")
        return higher_placed
    return None


def board_imps(results: Sequence[BoardResult]) -> list[int]:
    """The home team's IMPs on each board."""
    return [result.home_imps for result in results]
