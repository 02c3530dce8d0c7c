"""Team rankings by configurable tie-break chains, each place with its reason."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.scoring.carryover import GABSI_K15, DirectMatch, carry_over
from server.scoring.penalties import VpDeduction
from server.scoring.ranking import (
    CHAINS,
    InvalidMatchRecordError,
    MatchRecord,
    UnknownChainError,
    UnknownCriterionError,
    find_chain,
    rank_teams,
)


def level_trio(direct_b_over_c: bool = True) -> list[MatchRecord]:
    """Teams 1, 2, 3 all on 30 VP with an IMP quotient of exactly 1. Among themselves 1 scored
    22 VP, 2 and 3 19 each; 2 beat 3 16-12. Team 4 has 50, team 5 none."""
    b, c = (16, 12) if direct_b_over_c else (12, 16)
    return [
        MatchRecord(1, 2, 18, 12, 12, 8),
        MatchRecord(1, 3, 15, 15, 10, 10),
        MatchRecord(2, 3, b, c, 11, 9),
        MatchRecord(1, 4, 10, 16, 8, 12),
        MatchRecord(2, 4, 14, 12, 11, 9),
        MatchRecord(3, 4, 16, 12, 11, 9),
        MatchRecord(4, 5, 50, 0, 20, 0),
    ]


def test_k17_1_ties_go_to_imp_quotient_then_the_matches_among_them() -> None:
    """K17.1 as written: VP; IMP quotient; two teams: the direct match; more: the mini-league.
    The mini-league puts 1 ahead of 2 and 3 (22 v 19 VP) and leaves 2 and 3 level, whose
    direct match (16 v 12 IMPs) then decides."""
    ranking = rank_teams(level_trio(), "K17.1")
    assert ranking.order() == [4, 1, 2, 3, 5]
    assert [s.vp for s in ranking.standings] == [50, 30, 30, 30, 0]
    assert {ranking.standing(t).imp_quotient for t in (1, 2, 3)} == {1.0}
    reasons = [(s.criterion, s.ahead_value, s.behind_value) for s in ranking.separations]
    assert reasons == [("vp", 50, 30), ("mini_league_vp", 22, 19), ("direct_imps", 16, 12),
                       ("vp", 30, 0)]
    assert str(ranking.separations[2]) == "2 ahead of 3 on direct match (IMPs) 16 v 12"
    assert [s.rank for s in ranking.standings] == [1, 2, 3, 4, 5]


def test_k17_1_one_imp_decides_the_direct_match() -> None:
    records = level_trio()
    # 2 beats 3 by a single IMP; the matches against 4 keep every quotient at exactly 1
    records[2] = MatchRecord(2, 3, 13, 12, 11, 9)
    records[4] = MatchRecord(2, 4, 17, 12, 11, 9)
    records[5] = MatchRecord(3, 4, 13, 12, 11, 9)
    ranking = rank_teams(records, "K17.1")
    quotients = [ranking.standing(t).imp_quotient for t in (2, 3)]
    assert quotients[0] == quotients[1]
    assert ranking.order().index(2) < ranking.order().index(3)
    assert ranking.separations[ranking.order().index(2)].criterion == "direct_imps"


def test_k17_1_quotient_comes_before_the_direct_match() -> None:
    records = [MatchRecord(1, 2, 31, 30, 10.36, 9.64), MatchRecord(1, 3, 5, 40, 1, 19),
               MatchRecord(2, 3, 40, 80, 1.72, 18.28)]
    ranking = rank_teams(records, "K17.1")
    # 1 and 2 both on 11.36 VP; 1 has 36/70, 2 has 70/111: quotient, not the direct match
    assert ranking.order()[1:] == [2, 1]
    separation = ranking.separations[1]
    assert separation.criterion == "imp_quotient"
    assert str(separation) == "2 ahead of 1 on IMP quotient 0.63 v 0.51"
    # The parts a results page words in its own language.
    assert (separation.label, separation.figures) == ("IMP quotient", ("0.63", "0.51"))


def test_k16_3_swiss_order_quotient_difference_team_number() -> None:
    """K16.3: level on VP: IMP quotient, then IMP difference, then the team number."""
    records = [
        MatchRecord(1, 9, 60, 40, 14, 6),   # 1: q 1.5, diff 20
        MatchRecord(2, 9, 30, 20, 14, 6),   # 2: q 1.5, diff 10
        MatchRecord(3, 9, 30, 10, 14, 6),   # 3: q 3
        MatchRecord(5, 8, 20, 20, 14, 6),   # 5 and 6: identical lines
        MatchRecord(6, 8, 20, 20, 14, 6),
    ]
    ranking = rank_teams(records, "k16.3")
    assert ranking.order() == [9, 3, 1, 2, 5, 6, 8]   # 9 has 18 VP, 8 has 12
    assert [s.criterion for s in ranking.separations[1:5]] == [
        "imp_quotient", "imp_difference", "imp_quotient", "team_number"]
    assert str(ranking.separations[4]) == "5 ahead of 6 on team number 5 v 6"


def test_kc1_4_two_pairs_direct_match_else_total_imps() -> None:
    """KC1.4: two pairs: their direct match; if it was level, or they never met, or more than two
    pairs are level: total IMPs."""
    met = [MatchRecord(1, 2, 3, -3, 12, 8), MatchRecord(1, 3, 0, 0, 10, 10),
           MatchRecord(2, 3, 20, -20, 14, 6)]
    ranking = rank_teams(met, "KC1.4")
    assert ranking.order() == [1, 2, 3]   # both on 22 VP: 1 won the match, 2 has more IMPs
    assert (ranking.separations[0].criterion, ranking.separations[0].ahead_value) == (
        "direct_imps", 3)
    drawn = [MatchRecord(1, 2, 0, 0, 10, 10), MatchRecord(1, 3, 5, -5, 12, 8),
             MatchRecord(2, 3, 20, -20, 12, 8)]
    ranking = rank_teams(drawn, "KC1.4")
    assert ranking.order() == [2, 1, 3]
    assert ranking.separations[0].criterion == "total_imps"
    three = [MatchRecord(1, 4, 5, 0, 12, 8), MatchRecord(2, 5, 9, 0, 12, 8),
             MatchRecord(3, 6, 1, 0, 12, 8)]
    ranking = rank_teams(three, "KC1.4")
    assert ranking.order()[:3] == [2, 1, 3]
    assert {s.criterion for s in ranking.separations[:2]} == {"total_imps"}


def test_d3_2_the_direct_matches_decide() -> None:
    """D3.2: level on VP, the direct match(es) decide (a double round robin: both matches),
    whatever the IMP quotient says."""
    records = [MatchRecord(1, 2, 40, 30, 17, 13), MatchRecord(2, 1, 35, 33, 15.5, 14.5),
               MatchRecord(1, 3, 10, 60, 3, 27), MatchRecord(2, 3, 50, 40, 6, 24)]
    ranking = rank_teams(records, "D3.2")
    assert rank_teams(records, "K17.1").order()[1:] == [2, 1]   # quotient says 2
    assert ranking.order()[1:] == [1, 2]
    separation = ranking.separations[1]
    assert (separation.criterion, separation.ahead_value, separation.behind_value) == (
        "mini_league_vp", 31.5, 28.5)


def test_k10_1_vp_deduction_changes_the_ranking_not_the_direct_match() -> None:
    """K10.1: 1 VP off team 1 drops it from 31 to 30, level with team 2; the direct match it
    won still counts its full 18 VP and puts it ahead."""
    records = [MatchRecord(1, 2, 40, 20, 18, 2, vp_penalty_a=1),
               MatchRecord(1, 3, 20, 40, 13, 17), MatchRecord(2, 3, 40, 20, 28, 2)]
    ranking = rank_teams(records, ("vp", "direct_vp"))
    assert ranking.standing(1).vp == 30 and ranking.standing(1).vp_deducted == 1
    assert ranking.order()[:2] == [1, 2]
    assert (ranking.separations[0].criterion, ranking.separations[0].ahead_value) == (
        "direct_vp", 18)
    event_level = rank_teams(records, "K17.1", deductions=[VpDeduction(1, 0.5, "K18.1")])
    assert event_level.standing(1).vp == 29.5 and event_level.order()[0] == 2


def test_k10_1_vp_deduction_changes_the_carry_over() -> None:
    """K10.1: the deduction changes the ranking, so it changes who is the higher-ranked team
    for K15. Team 1 won the 8-board direct match by 9 IMPs."""
    records = [MatchRecord(1, 2, 30, 21, 14, 6), MatchRecord(1, 3, 10, 20, 16.5, 13.5),
               MatchRecord(2, 3, 30, 10, 25, 5)]
    direct = DirectMatch(1, 2, 30, 21, boards=8)
    before = rank_teams(records, "K17.1").order()
    assert before[:2] == [2, 1]   # 31 v 30.5
    assert carry_over(GABSI_K15, before[0], before[1], direct=direct).imps == 3  # a third of 9
    after = rank_teams(records, "K17.1", deductions=[VpDeduction(2, 1)]).order()
    assert after[:2] == [1, 2]    # 30 v 30.5
    assert carry_over(GABSI_K15, after[0], after[1], direct=direct).imps == 4   # half, capped


def test_a_team_that_lost_no_imps_has_an_infinite_quotient() -> None:
    ranking = rank_teams([MatchRecord(1, 2, 12, 0, 15, 5)], "K16.3", teams=[7])
    assert ranking.standing(1).imp_quotient == math.inf
    assert ranking.standing(2).imp_quotient == 0
    assert ranking.standing(7).imp_quotient == 1.0 and ranking.standing(7).matches == 0


def test_fully_level_teams_share_a_place() -> None:
    records = [MatchRecord(1, 3, 10, 10, 10, 10), MatchRecord(2, 4, 10, 10, 10, 10)]
    ranking = rank_teams(records, ("vp", "imp_quotient"))
    assert [s.rank for s in ranking.standings] == [1, 1, 1, 1]
    assert all(s.shared for s in ranking.standings)
    assert ranking.separations[0].criterion is None
    assert str(ranking.separations[0]) == "1 and 2 are level"


def test_imp_penalty_goes_to_nobody_in_the_totals() -> None:
    """K10.2: team 1's 3-IMP penalty comes off its IMPs won; team 2's IMPs lost stay 30."""
    ranking = rank_teams([MatchRecord(1, 2, 30, 20, 12.77, 6.22, imp_penalty_a=3)], "K16.3")
    assert (ranking.standing(1).imps_won, ranking.standing(1).imps_lost) == (27, 20)
    assert (ranking.standing(2).imps_won, ranking.standing(2).imps_lost) == (20, 30)


def test_chains_and_criteria_are_found_by_name() -> None:
    assert find_chain("K17.1") == CHAINS["k17.1"]
    with pytest.raises(UnknownChainError, match=r"'K99'.*k16\.3"):
        find_chain("K99")
    with pytest.raises(UnknownCriterionError, match=r"'luck'.*imp_quotient"):
        rank_teams([], ("vp", "luck"))


def test_bad_records_are_refused() -> None:
    with pytest.raises(InvalidMatchRecordError, match="itself"):
        MatchRecord(4, 4, 1, 2, 3, 4)
    with pytest.raises(InvalidMatchRecordError, match="vp_b"):
        MatchRecord(4, 5, 1, 2, 3, float("nan"))


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(0, 60),
                          st.integers(0, 60), st.integers(0, 20)), max_size=15),
       st.sampled_from(sorted(CHAINS)))
def test_every_ranking_is_ordered_by_vp_and_explains_every_gap(
        games: list[tuple[int, int, int, int, int]], chain: str) -> None:
    records = [MatchRecord(a, b, ia, ib, vp, 20 - vp) for a, b, ia, ib, vp in games if a != b]
    ranking = rank_teams(records, chain)
    vps = [Fraction(s.vp).limit_denominator(100) for s in ranking.standings]
    assert vps == sorted(vps, reverse=True)
    for separation, (ahead, behind) in zip(ranking.separations, pairwise(ranking.standings),
                                           strict=True):
        assert (separation.criterion is None) == (ahead.rank == behind.rank)


def test_k17_1_two_quotients_that_differ_never_read_the_same() -> None:
    """A tie-break's figures are shown with as many decimals as it takes to tell them apart
    (the quotient that decided it was 0.893 against 0.886, not "0.89 v 0.89")."""
    from server.scoring.ranking import Separation

    close = Separation(30, 24, "imp_quotient", "IMP quotient", 25 / 28, 39 / 44)
    assert str(close) == "30 ahead of 24 on IMP quotient 0.893 v 0.886"
    plain = Separation(2, 1, "imp_quotient", "IMP quotient", 0.6251, 0.5125)
    assert plain.figures == ("0.63", "0.51")
    level = Separation(2, 1, "vp", "VP", 17.0, 17.0)
    assert level.figures == ("17", "17")
