"""Penalties: IMP and VP deductions, and the sanctions for starting late or playing slowly.

Every number of a regulation is data here. An IMP penalty (K10.2) comes off a team's IMPs in one
match before the VP conversion; a VP deduction (K10.1, K18.1) comes off its total VPs. Late
starts (K11) and slow play (K12.2) are :class:`MinutesScale` tables of bands of minutes late,
each with a base penalty and an optional penalty per further minute, assessed by
:meth:`MinutesScale.assess`; the GABSI values are the presets at the bottom, found by rule ID
with :func:`find_minutes_scale`. Penalties are exact :class:`~fractions.Fraction` values so that
10% of a top of 11 is 1.1 and not 1.1000000000000001.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from numbers import Real


class PenaltyError(ValueError):
    """Bad penalty input: the base of every error raised here."""


class UnknownPenaltyScaleError(PenaltyError):
    """A minutes scale that is not registered; the message lists those that are."""


class Unit(Enum):
    """What a penalty is counted in."""

    VP = "VP"
    IMP = "IMP"
    MP = "MP"


class Outcome(Enum):
    """What happens to a team or pair that was late."""

    NONE = "none"
    """Not late: nothing happens."""
    WARNING = "warning"
    """A director's warning, no score change (but warnings are counted)."""
    PENALTY = "penalty"
    """A score penalty of :attr:`Sanction.penalty` units."""
    WALKOVER = "walkover"
    """The match is lost by walk-over (K13)."""
    DISQUALIFIED = "disqualified"
    """The pair is disqualified."""


@dataclass(frozen=True)
class ImpPenalty:
    """IMPs taken from one team in one match before the VP conversion (K10.2)."""

    team: int
    """The penalised team."""
    imps: float
    """The IMPs taken off (positive)."""
    rule: str = "K10.2"
    """The rule or law applied."""
    reason: str = ""
    """The director's note."""


@dataclass(frozen=True)
class VpDeduction:
    """VPs taken off a team's total (K10.1, K18.1): the ranking changes, the direct match that
    breaks ties does not."""

    team: int
    """The penalised team."""
    vp: float
    """The VPs taken off (positive)."""
    rule: str = "K10.1"
    """The rule or law applied."""
    reason: str = ""
    """The director's note."""


@dataclass(frozen=True)
class MinutesBand:
    """One row of a :class:`MinutesScale`: it applies when a team is more than :attr:`over`
    minutes late and not more than the next row's :attr:`over`."""

    over: float
    """The band starts just above this many minutes."""
    outcome: Outcome
    """What the band does."""
    penalty: Fraction = Fraction(0)
    """The base penalty of the band."""
    per_minute: Fraction = Fraction(0)
    """A further penalty for every minute begun from :attr:`per_minute_from` on."""
    per_minute_from: int = 0
    """The first minute that costs :attr:`per_minute` (11 for "from the 11th minute")."""
    covered: bool = True
    """False when the regulation does not cover the band and the scale only extends the row
    before it; a sanction from such a band is flagged for the director."""


@dataclass(frozen=True)
class Sanction:
    """The assessment of one late start or one session's slow play."""

    outcome: Outcome
    """What happens."""
    penalty: Fraction
    """The penalty in :attr:`unit` (0 for a warning or no sanction)."""
    unit: Unit
    """VP, IMP or MP."""
    rule: str
    """The rule ID of the scale."""
    warning: bool = False
    """True when the lateness falls in the warning band, so it counts towards later warnings
    (whether it was let off with a warning or already penalised)."""
    flagged: bool = False
    """True when the regulation does not cover the case and the director must confirm it."""


@dataclass(frozen=True)
class MinutesScale:
    """A table of sanctions by minutes late (late start, K11; slow play, K12.2)."""

    name: str
    """A short name, e.g. ``"late start, round robin and Swiss teams"``."""
    rule: str
    """The rule ID, e.g. ``"K11.1"``; the scale is found by it."""
    unit: Unit
    """What the penalties are counted in."""
    bands: tuple[MinutesBand, ...]
    """The bands in ascending order of :attr:`MinutesBand.over`; the first starts at 0."""
    free_warnings: int = 0
    """How many times a warning band gives only a warning; after that it costs
    :attr:`warning_penalty`."""
    warning_penalty: Fraction = Fraction(0)
    """The penalty of a warning band once the free warnings are used up."""

    def assess(self, minutes: float, earlier_warnings: int = 0) -> Sanction:
        """The sanction for being ``minutes`` late, with ``earlier_warnings`` warning-band
        lateness already on record for the same team in the event."""
        if isinstance(minutes, bool) or not isinstance(minutes, Real) \
                or not math.isfinite(minutes) or minutes < 0:
            raise PenaltyError(f"invalid minutes late: {minutes!r}")
        if earlier_warnings < 0:
            raise PenaltyError(f"invalid number of earlier warnings: {earlier_warnings!r}")
        band = None
        for candidate in self.bands:
            if minutes > candidate.over:
                band = candidate
        if band is None:
            return Sanction(Outcome.NONE, Fraction(0), self.unit, self.rule)
        if band.outcome is Outcome.WARNING:
            if earlier_warnings < self.free_warnings or not self.warning_penalty:
                return Sanction(Outcome.WARNING, Fraction(0), self.unit, self.rule, warning=True,
                                flagged=not band.covered)
            return Sanction(Outcome.PENALTY, self.warning_penalty, self.unit, self.rule,
                            warning=True, flagged=not band.covered)
        penalty = band.penalty
        if band.per_minute:
            # "1 IMP for each minute from the 11th": 10.5 minutes late has begun the 11th.
            begun = math.ceil(minutes) - band.per_minute_from + 1
            penalty += band.per_minute * max(0, begun)
        return Sanction(band.outcome, penalty, self.unit, self.rule, flagged=not band.covered)


def total_late_minutes(overruns: list[float] | tuple[float, ...]) -> float:
    """The minutes a pair finished its rounds late over a session, added up (K12.2: recorded
    round by round, penalised once after the session). Rounds finished in time count 0."""
    for overrun in overruns:
        if not math.isfinite(overrun):
            raise PenaltyError(f"invalid overrun: {overrun!r}")
    return math.fsum(max(0.0, overrun) for overrun in overruns)


@dataclass(frozen=True)
class ProceduralPenalty:
    """The standard penalty for a procedural offence (K18.1)."""

    teams_vp: Fraction = Fraction(1)
    """VPs off a team's total."""
    pairs_share_of_top: Fraction = Fraction(1, 10)
    """The share of a board's top taken from a pair."""
    rule: str = "K18.1"
    """The rule ID."""

    def for_team(self, team: int, reason: str = "") -> VpDeduction:
        """The deduction for one offence by ``team``."""
        return VpDeduction(team, float(self.teams_vp), self.rule, reason)

    def for_pair(self, top: float) -> Fraction:
        """The matchpoints off a pair for one offence, when a board's top is ``top``."""
        if isinstance(top, bool) or not isinstance(top, int | float) or top < 0 \
                or not math.isfinite(top):
            raise PenaltyError(f"invalid top: {top!r}")
        return self.pairs_share_of_top * Fraction(top).limit_denominator(1000)


GABSI_PROCEDURAL = ProceduralPenalty()
"""K18.1: 1 VP for a team, 10% of a top for a pair."""

GABSI_LATE_TEAMS = MinutesScale(
    name="late start, round robin and Swiss teams (also Swiss pairs)", rule="K11.1",
    unit=Unit.VP,
    bands=(
        MinutesBand(0, Outcome.WARNING),
        MinutesBand(5, Outcome.PENALTY, Fraction(1)),
        MinutesBand(10, Outcome.PENALTY, Fraction(2)),
        MinutesBand(15, Outcome.PENALTY, Fraction(3)),
        MinutesBand(20, Outcome.WALKOVER),
    ),
    # "setelah peringatan kedua dikenakan penalti 1 VP": after the second warning, 1 VP.
    free_warnings=2, warning_penalty=Fraction(1))

GABSI_LATE_KNOCKOUT = MinutesScale(
    name="late start, knock-out and play-off teams", rule="K11.2", unit=Unit.IMP,
    bands=(
        MinutesBand(0, Outcome.WARNING),
        MinutesBand(5, Outcome.PENALTY, Fraction(3)),
        MinutesBand(10, Outcome.PENALTY, Fraction(3), Fraction(1), per_minute_from=11),
        MinutesBand(20, Outcome.WALKOVER),
    ),
    free_warnings=2, warning_penalty=Fraction(3))

GABSI_LATE_PAIRS = MinutesScale(
    name="late start, pairs", rule="K11.3", unit=Unit.MP,
    bands=(
        MinutesBand(0, Outcome.PENALTY, Fraction(2)),
        MinutesBand(5, Outcome.PENALTY, Fraction(2), Fraction(1), per_minute_from=6),
        MinutesBand(15, Outcome.DISQUALIFIED),
    ))

GABSI_SLOW_PAIRS = MinutesScale(
    name="slow play, pairs (late minutes added up over the session)", rule="K12.2",
    unit=Unit.MP,
    bands=(
        MinutesBand(0, Outcome.WARNING),
        MinutesBand(5, Outcome.PENALTY, Fraction(2), Fraction(1), per_minute_from=6),
        # The text stops at 15 minutes; the scale goes on at 1 MP a minute and flags it.
        MinutesBand(15, Outcome.PENALTY, Fraction(2), Fraction(1), per_minute_from=6,
                    covered=False),
    ))

MINUTES_SCALES: dict[str, MinutesScale] = {
    scale.rule.lower(): scale
    for scale in (GABSI_LATE_TEAMS, GABSI_LATE_KNOCKOUT, GABSI_LATE_PAIRS, GABSI_SLOW_PAIRS)
}
"""The presets by rule ID (lower case)."""


def find_minutes_scale(rule: str) -> MinutesScale:
    """The preset for a rule ID, any case: ``find_minutes_scale("k11.2")``."""
    scale = MINUTES_SCALES.get(rule.strip().lower()) if isinstance(rule, str) else None
    if scale is None:
        raise UnknownPenaltyScaleError(
            f"unknown penalty scale: {rule!r} (known: {', '.join(sorted(MINUTES_SCALES))})")
    return scale
