"""Walk-over awards (K13) and disqualification from a round robin or a Swiss (K14.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from server.scoring.ranking import MatchRecord, rank_teams
from server.scoring.walkover import (
    GABSI_K13,
    DisqualificationKind,
    WalkoverError,
    WalkoverRule,
    apply_disqualification,
    disqualify,
    disqualify_swiss,
    is_disqualified,
    walkover_award,
    walkover_record,
)


def test_k13_1_option_b_thirty_less_the_walkover_teams_average_fraction_dropped() -> None:
    """Own average 16.33 rounds to 16; the W.O. team averaged 9.5, dropped to 9: 30 - 9 = 21."""
    award = walkover_award([18, 20, 15, 12, 17, 16], [10, 8, 12, 9, 7, 11])
    assert (award.winner_vp, award.offender_vp, award.option) == (21, 0, "b")
    assert award.candidates == (("a", 16), ("b", 21), ("c", 18))


def test_k13_1_option_b_is_at_most_25() -> None:
    award = walkover_award([15, 15], [3, 4.6])   # average 3.8 -> 3 -> 27, capped
    assert (award.winner_vp, award.option) == (25, "b")


def test_k13_1_option_a_own_average_rounded() -> None:
    award = walkover_award([20, 19, 20, 19], [14, 16])  # own 19.5 -> 20; 30 - 15 = 15
    assert (award.winner_vp, award.option) == (20, "a")


def test_k13_1_option_c_eighteen_when_the_averages_give_less() -> None:
    award = walkover_award([14, 14], [14.9, 14])        # 14; 30 - 14 = 16; 18 wins
    assert (award.winner_vp, award.option) == (18, "c")


def test_k13_2_swiss_second_round_walkover_is_18() -> None:
    """K13.2: in a Swiss the averages are those at that round, and a W.O. win in the second
    round is 18 VP (the first round likewise: no averages exist yet)."""
    strong_own, weak_offender = [25], [1]
    assert walkover_award(strong_own, weak_offender, swiss_round=2).winner_vp == 18
    assert walkover_award([], [], swiss_round=1).winner_vp == 18
    third = walkover_award([25, 24], [1, 2], swiss_round=3)
    assert (third.winner_vp, third.option) == (25, "a")


def test_k13_numbers_are_settings() -> None:
    twenty = WalkoverRule("club", fixed_vp=Fraction(12), base=Fraction(20), cap=Fraction(18))
    assert walkover_award([10], [1], twenty).winner_vp == 18
    assert GABSI_K13.fixed_vp == 18


def test_k13_walkover_record_counts_vps_not_imps() -> None:
    record = walkover_record(4, 9, walkover_award([16], [8]), round_number=3)
    assert (record.vp_a, record.vp_b, record.imps_a, record.walkover) == (22, 0, 0, True)
    ranking = rank_teams([record, MatchRecord(4, 5, 30, 10, 20, 10)], "K16.3")
    assert ranking.standing(4).imps_won == 30 and ranking.standing(4).vp == 42


def test_k14_1_more_than_one_walkover_disqualifies() -> None:
    assert not is_disqualified(1) and is_disqualified(2)


def test_k14_1_half_played_results_stand_the_rest_win_by_walkover() -> None:
    """8 teams, 7 matches each: half is 3.5, fraction dropped: 3. Team 8 played teams 1-3,
    lost by W.O. to 4 and 5: its results stand and 6 and 7 win by W.O."""
    effect = disqualify(8, range(1, 8), [1, 2, 3], met_opponents=[4, 5])
    assert (effect.kind, effect.threshold, effect.played) == (
        DisqualificationKind.RESULTS_STAND, 3, 3)
    assert effect.walkover_opponents == (6, 7)
    records = [MatchRecord(8, n, 20, 30, 8.5, 11.5) for n in (1, 2, 3)]
    wins = [walkover_record(n, 8, walkover_award([15], [9])) for n in (6, 7)]
    after = apply_disqualification(records, effect, wins)
    assert len(after) == 5
    with pytest.raises(WalkoverError, match="one for each"):
        apply_disqualification(records, effect, wins[:1])


def test_k14_1_less_than_half_played_everything_is_erased() -> None:
    """Team 8 played only 2 of 7 before its second W.O.: all its results go, it is a bye."""
    effect = disqualify(8, range(1, 8), [1, 2], met_opponents=[3, 4])
    assert effect.kind is DisqualificationKind.ERASED
    assert effect.erased_opponents == (1, 2, 3, 4)
    records = [MatchRecord(8, 1, 20, 30, 8, 12), MatchRecord(2, 3, 40, 10, 19, 1)]
    assert apply_disqualification(records, effect) == records[1:]


def test_k14_1_3_swiss_pairs_too() -> None:
    """K14.1(3): the same for Swiss pairs: 6 rounds, threshold 3."""
    stands = disqualify_swiss(40, 6, [1, 7, 12], met_opponents=[5])
    assert (stands.kind, stands.walkover_opponents) == (DisqualificationKind.RESULTS_STAND, ())
    erased = disqualify_swiss(40, 6, [1, 7], met_opponents=[5, 9])
    assert erased.kind is DisqualificationKind.ERASED and erased.erased_opponents == (1, 7, 5, 9)


def test_bad_disqualification_input_is_refused() -> None:
    with pytest.raises(WalkoverError, match="not among"):
        disqualify(8, [1, 2, 3], [9])
    with pytest.raises(WalkoverError, match="VP figure"):
        walkover_award([float("nan")], [])
