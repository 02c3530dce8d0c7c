"""Walk-overs (K13) and disqualification from a round robin (K14.1).

A team declared W.O. scores 0 VP; its opponent gets the best of three figures: its own average
over its round-robin matches (rounded), the scale's draw total less the W.O. team's average
(fraction dropped first, capped), and a fixed award. In a Swiss the averages are those standing
at that round, and the early rounds get the fixed award. A team with more than one W.O. is
disqualified: if it has played at least half its matches its results stand and the teams still
to meet it win by W.O.; otherwise all its results go and everyone counts it as a bye. The numbers
live in :class:`WalkoverRule` and :class:`DisqualificationRule`; the GABSI values are the presets.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from server.scoring.ranking import MatchRecord


class WalkoverError(ValueError):
    """Bad walk-over or disqualification input: the base of every error raised here."""


class Rounding(Enum):
    """How an average becomes a whole number of VPs."""

    HALF_UP = "half up"
    """To the nearest whole number, halves up ("pecahan dibulatkan")."""
    DOWN = "down"
    """The fraction dropped ("nilai pecahan dihapus")."""
    NONE = "none"
    """Kept as it is."""

    def apply(self, value: Fraction) -> Fraction:
        """``value`` rounded this way."""
        if self is Rounding.HALF_UP:
            return Fraction(math.floor(value + Fraction(1, 2)))
        if self is Rounding.DOWN:
            return Fraction(math.floor(value))
        return value


@dataclass(frozen=True)
class WalkoverRule:
    """The numbers of a walk-over regulation."""

    name: str = "K13"
    """The rule ID."""
    fixed_vp: Fraction = Fraction(18)
    """Option (c), and the whole award in the early Swiss rounds."""
    base: Fraction = Fraction(30)
    """Option (b) starts from this (the VPs two teams share in a drawn match)."""
    cap: Fraction = Fraction(25)
    """Option (b) is at most this."""
    own_rounding: Rounding = Rounding.HALF_UP
    """How option (a), the team's own average, is rounded."""
    offender_rounding: Rounding = Rounding.DOWN
    """How the W.O. team's average is rounded before it is taken from :attr:`base`."""
    offender_vp: Fraction = Fraction(0)
    """What the W.O. team scores."""
    swiss_fixed_through_round: int = 2
    """In a Swiss, a W.O. in this round or an earlier one is worth :attr:`fixed_vp` (K13.2)."""


GABSI_K13 = WalkoverRule()
"""K13.1-2: the best of own average (rounded), 30 - W.O. team's average (fraction dropped,
at most 25), 18 VP; 18 VP in the first two Swiss rounds."""


@dataclass(frozen=True)
class WalkoverAward:
    """The VPs of a walk-over and how they were chosen."""

    winner_vp: Fraction
    """VPs of the team that was there."""
    offender_vp: Fraction
    """VPs of the W.O. team."""
    option: str
    """Which option won: ``"a"`` own average, ``"b"`` from the W.O. team's average, ``"c"``
    the fixed award (also the early-round award in a Swiss)."""
    candidates: tuple[tuple[str, Fraction], ...]
    """Every option that could be computed, with its value."""


def _average(vps: Sequence[float]) -> Fraction | None:
    if not vps:
        return None
    for vp in vps:
        if isinstance(vp, bool) or not isinstance(vp, int | float) or not math.isfinite(vp):
            raise WalkoverError(f"invalid VP figure: {vp!r}")
    return sum((Fraction(vp).limit_denominator(1000) for vp in vps), Fraction(0)) / len(vps)


def walkover_award(own_vps: Sequence[float], offender_vps: Sequence[float],
                   rule: WalkoverRule = GABSI_K13, *,
                   swiss_round: int | None = None) -> WalkoverAward:
    """The award to a team whose opponent did not turn up.

    ``own_vps`` are the VPs the team scored in its round-robin matches (byes left out), and
    ``offender_vps`` those of the W.O. team: over the whole round robin, or in a Swiss over the
    rounds played so far (``swiss_round`` is the round of the W.O., K13.2).
    """
    if swiss_round is not None and swiss_round <= rule.swiss_fixed_through_round:
        return WalkoverAward(rule.fixed_vp, rule.offender_vp, "c", (("c", rule.fixed_vp),))
    candidates: list[tuple[str, Fraction]] = []
    own = _average(own_vps)
    if own is not None:
        candidates.append(("a", rule.own_rounding.apply(own)))
    offender = _average(offender_vps)
    if offender is not None:
        candidates.append(("b", min(rule.cap, rule.base - rule.offender_rounding.apply(offender))))
    candidates.append(("c", rule.fixed_vp))
    # max() keeps the first of equal values, so (a) is named when it ties with (b) or (c).
    option, best = max(candidates, key=lambda candidate: candidate[1])
    return WalkoverAward(best, rule.offender_vp, option, tuple(candidates))


def walkover_record(winner: int, offender: int, award: WalkoverAward,
                    round_number: int = 0) -> MatchRecord:
    """The walk-over as a match record: VPs, no IMPs."""
    return MatchRecord(winner, offender, 0.0, 0.0, float(award.winner_vp),
                       float(award.offender_vp), round=round_number, walkover=True)


class DisqualificationKind(Enum):
    """What disqualification does to a team's round robin (K14.1)."""

    RESULTS_STAND = "results stand"
    """It played at least half its matches: results stand, the rest are W.O. wins."""
    ERASED = "erased"
    """It did not: all its results go and every team counts it as a bye."""


@dataclass(frozen=True)
class DisqualificationRule:
    """The numbers of K14.1."""

    name: str = "K14.1"
    """The rule ID."""
    walkovers_allowed: int = 1
    """A team with more W.O.s than this is disqualified."""
    share_played: Fraction = Fraction(1, 2)
    """Results stand when the team played at least this share of its matches..."""
    rounding: Rounding = Rounding.DOWN
    """...with the threshold rounded this way ("angka pecahan dihapus")."""


GABSI_K14 = DisqualificationRule()
"""K14.1: more than one W.O.; half the matches excluding byes, fraction dropped."""


@dataclass(frozen=True)
class Disqualification:
    """The effect of disqualifying one team from a round robin."""

    team: int
    """The disqualified team."""
    kind: DisqualificationKind
    """Whether its results stand or go."""
    scheduled: int
    """Matches the team was scheduled to play, byes excluded."""
    played: int
    """Matches it played (walk-overs are not played)."""
    threshold: int
    """Matches it needed to have played for its results to stand."""
    walkover_opponents: tuple[int, ...]
    """Teams that win by W.O. against it (those still to meet it) when results stand."""
    erased_opponents: tuple[int, ...]
    """Teams whose results against it are erased (everyone it met) when it is erased."""


def is_disqualified(walkovers: int, rule: DisqualificationRule = GABSI_K14) -> bool:
    """True when ``walkovers`` is more than the rule allows (K14.1: more than one)."""
    return walkovers > rule.walkovers_allowed


def disqualify(team: int, scheduled_opponents: Iterable[int], played_opponents: Iterable[int],
               rule: DisqualificationRule = GABSI_K14,
               met_opponents: Iterable[int] = ()) -> Disqualification:
    """What disqualifying ``team`` does to its round robin.

    ``scheduled_opponents`` are all the teams it was drawn to meet (byes left out),
    ``played_opponents`` those it has played, and ``met_opponents`` any others it already has a
    result against (its W.O. losses): those results stand or go with the rest.
    """
    scheduled = list(dict.fromkeys(scheduled_opponents))
    played = list(dict.fromkeys(played_opponents))
    met = list(dict.fromkeys([*played, *met_opponents]))
    if team in scheduled or not set(met) <= set(scheduled):
        raise WalkoverError(f"opponents {met!r} are not among those scheduled: {scheduled!r}")
    return _effect(team, len(scheduled), played, met, scheduled, rule)


def disqualify_swiss(team: int, rounds: int, played_opponents: Iterable[int],
                     rule: DisqualificationRule = GABSI_K14,
                     met_opponents: Iterable[int] = ()) -> Disqualification:
    """The same for a Swiss of ``rounds`` rounds (K14.1(3), Swiss pairs): nobody is drawn against
    the team any more, so no W.O. wins are added; its results stand or go as in a round robin."""
    if rounds < 1:
        raise WalkoverError(f"invalid number of rounds: {rounds!r}")
    played = list(dict.fromkeys(played_opponents))
    met = list(dict.fromkeys([*played, *met_opponents]))
    if team in met:
        raise WalkoverError(f"a pair cannot have met itself: {team!r}")
    return _effect(team, rounds, played, met, met, rule)


def _effect(team: int, scheduled: int, played: list[int], met: list[int],
            drawn: list[int], rule: DisqualificationRule) -> Disqualification:
    threshold = int(rule.rounding.apply(rule.share_played * scheduled))
    if len(played) >= threshold:
        waiting = tuple(opponent for opponent in drawn if opponent not in met)
        return Disqualification(team, DisqualificationKind.RESULTS_STAND, scheduled,
                                len(played), threshold, waiting, ())
    return Disqualification(team, DisqualificationKind.ERASED, scheduled, len(played),
                            threshold, (), tuple(met))


def apply_disqualification(records: Iterable[MatchRecord], effect: Disqualification,
                           walkovers: Iterable[MatchRecord] = ()) -> list[MatchRecord]:
    """``records`` after ``effect``: the team's records removed when it is erased, or kept with
    the ``walkovers`` (one per :attr:`Disqualification.walkover_opponents`, made with
    :func:`walkover_record`) added when its results stand."""
    records = list(records)
    if effect.kind is DisqualificationKind.ERASED:
        return [r for r in records if not r.involves(effect.team)]
    added = list(walkovers)
    winners = sorted(r.opponent(effect.team) for r in added if r.involves(effect.team))
    if len(winners) != len(added) or winners != sorted(effect.walkover_opponents):
        raise WalkoverError(
            f"walk-overs must be one for each of {list(effect.walkover_opponents)!r}, "
            f"got {winners!r}")
    return records + added
