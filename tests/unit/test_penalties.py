"""Late start (K11), slow play (K12.2) and procedural (K18.1) penalties, by the GABSI presets."""

from __future__ import annotations

from fractions import Fraction

import pytest

from server.scoring.penalties import (
    GABSI_LATE_KNOCKOUT,
    GABSI_LATE_PAIRS,
    GABSI_LATE_TEAMS,
    GABSI_PROCEDURAL,
    GABSI_SLOW_PAIRS,
    MinutesBand,
    MinutesScale,
    Outcome,
    PenaltyError,
    Unit,
    UnknownPenaltyScaleError,
    VpDeduction,
    find_minutes_scale,
    total_late_minutes,
)


def sanction(scale: MinutesScale, minutes: float, warnings: int = 0) -> tuple[Outcome, Fraction]:
    result = scale.assess(minutes, warnings)
    return result.outcome, result.penalty


def test_k11_1_late_teams_lose_vps_by_band_and_walkover_after_20() -> None:
    scale = find_minutes_scale("K11.1")
    assert scale is GABSI_LATE_TEAMS and scale.unit is Unit.VP
    assert sanction(scale, 0) == (Outcome.NONE, 0)
    assert sanction(scale, 5) == (Outcome.WARNING, 0)
    assert sanction(scale, 5.5) == (Outcome.PENALTY, 1)
    assert sanction(scale, 10) == (Outcome.PENALTY, 1)
    assert sanction(scale, 11) == (Outcome.PENALTY, 2)
    assert sanction(scale, 15) == (Outcome.PENALTY, 2)
    assert sanction(scale, 16) == (Outcome.PENALTY, 3)
    assert sanction(scale, 20) == (Outcome.PENALTY, 3)
    assert sanction(scale, 21)[0] is Outcome.WALKOVER


def test_k11_1_two_warnings_then_1_vp() -> None:
    """K11.1 (original: "setelah peringatan kedua dikenakan penalti 1 VP", after the second
    warning 1 VP): the first two small late starts are warnings, the third costs 1 VP."""
    first, second, third = (GABSI_LATE_TEAMS.assess(3, n) for n in (0, 1, 2))
    assert (first.outcome, second.outcome) == (Outcome.WARNING, Outcome.WARNING)
    assert (third.outcome, third.penalty) == (Outcome.PENALTY, 1)
    assert first.warning and third.warning


def test_k11_2_knockout_late_costs_imps_and_a_minute_from_the_11th() -> None:
    scale = find_minutes_scale("k11.2")
    assert scale is GABSI_LATE_KNOCKOUT and scale.unit is Unit.IMP
    assert sanction(scale, 4) == (Outcome.WARNING, 0)
    assert sanction(scale, 4, warnings=2) == (Outcome.PENALTY, 3)
    assert sanction(scale, 7) == (Outcome.PENALTY, 3)
    assert sanction(scale, 10) == (Outcome.PENALTY, 3)
    assert sanction(scale, 11) == (Outcome.PENALTY, 4)
    assert sanction(scale, 10.5) == (Outcome.PENALTY, 4)   # the 11th minute has begun
    assert sanction(scale, 20) == (Outcome.PENALTY, 13)
    assert sanction(scale, 20.5)[0] is Outcome.WALKOVER


def test_k11_3_late_pairs_lose_matchpoints_then_are_disqualified() -> None:
    scale = find_minutes_scale("K11.3")
    assert scale is GABSI_LATE_PAIRS and scale.unit is Unit.MP
    assert sanction(scale, 1) == (Outcome.PENALTY, 2)
    assert sanction(scale, 5) == (Outcome.PENALTY, 2)
    assert sanction(scale, 6) == (Outcome.PENALTY, 3)
    assert sanction(scale, 15) == (Outcome.PENALTY, 12)
    assert sanction(scale, 16)[0] is Outcome.DISQUALIFIED


def test_k12_2_slow_pairs_added_up_over_the_session() -> None:
    minutes = total_late_minutes([0, 3, -2, 4.5])
    assert minutes == 7.5
    scale = find_minutes_scale("K12.2")
    assert scale is GABSI_SLOW_PAIRS
    assert sanction(scale, 5) == (Outcome.WARNING, 0)
    assert sanction(scale, 5, warnings=9) == (Outcome.WARNING, 0)   # no warning limit in K12.2
    assert sanction(scale, minutes) == (Outcome.PENALTY, 2 + 3)     # minutes 6, 7, 8 begun
    assert sanction(scale, 15) == (Outcome.PENALTY, 12)
    assert not scale.assess(15).flagged


def test_k12_2_beyond_15_minutes_goes_on_and_is_flagged() -> None:
    """K12.2 stops at 15 minutes; the reading keeps adding 1 MP a minute and flags it."""
    result = GABSI_SLOW_PAIRS.assess(20)
    assert (result.outcome, result.penalty, result.flagged) == (Outcome.PENALTY, 17, True)


def test_k18_1_procedural_penalty_one_vp_or_a_tenth_of_a_top() -> None:
    assert GABSI_PROCEDURAL.for_team(7, "slow line-up") == VpDeduction(7, 1.0, "K18.1",
                                                                       "slow line-up")
    assert GABSI_PROCEDURAL.for_pair(24) == Fraction(12, 5)
    assert GABSI_PROCEDURAL.for_pair(11) == Fraction(11, 10)


def test_scales_are_configuration_not_branches() -> None:
    custom = MinutesScale("club", "X1", Unit.VP, (
        MinutesBand(0, Outcome.PENALTY, Fraction(1, 2)),
        MinutesBand(30, Outcome.WALKOVER)))
    assert sanction(custom, 12) == (Outcome.PENALTY, Fraction(1, 2))
    assert sanction(custom, 31)[0] is Outcome.WALKOVER


@pytest.mark.parametrize("minutes", [-1, float("nan"), "5", True])
def test_bad_minutes_are_refused(minutes: object) -> None:
    with pytest.raises(PenaltyError, match="minutes"):
        GABSI_LATE_TEAMS.assess(minutes)  # type: ignore[arg-type]


def test_unknown_scale_names_the_known_ones() -> None:
    with pytest.raises(UnknownPenaltyScaleError, match=r"'K99'.*k11\.1"):
        find_minutes_scale("K99")
