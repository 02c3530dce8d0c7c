"""Team matches: board IMPs between the rooms, segments, carry-over, IMP penalties, VPs."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.scoring.carryover import (
    GABSI_K15,
    NO_CARRY_OVER,
    PZBS_D14,
    CarryOver,
    CarryOverError,
    DirectMatch,
    UnknownCarryOverRuleError,
    carry_over,
    find_carry_over_rule,
)
from server.scoring.penalties import ImpPenalty
from server.scoring.teams import (
    BoardResult,
    TeamMatch,
    TeamMatchError,
    TieRule,
    board_imps,
    knockout_winner,
)
from server.scoring.vp import WBF2013

# Home team 1 v away team 2, 8 boards in two segments of 4.
BOARDS = (
    BoardResult(1, 420, -50),    # home +470: 10 IMPs
    BoardResult(2, 420, 420),    # flat
    BoardResult(3, -100, 140),   # home -240: 6 to away
    BoardResult(4, 110, 140),    # home -30: 1 to away
    BoardResult(5, 1430, 680),   # home +750: 13 IMPs
    BoardResult(6, -620, -170),  # home -450: 10 to away
    BoardResult(7, 50, -90),     # home +140: 4 IMPs
    BoardResult(8, None, 200),   # not played in the open room: nothing
)


def match(**settings: object) -> TeamMatch:
    return TeamMatch.from_boards(1, 2, BOARDS, 4, **settings)  # type: ignore[arg-type]


def test_board_imps_are_the_open_ns_score_less_the_closed_ns_score() -> None:
    assert board_imps(BOARDS) == [10, 0, -6, -1, 13, -10, 4, 0]
    assert not BOARDS[7].played and BOARDS[0].played


def test_segments_and_totals() -> None:
    m = match()
    assert [(s.number, s.home_imps, s.away_imps) for s in m.segments] == [(1, 10, 7), (2, 17, 10)]
    score = m.score()
    assert (score.home_total, score.away_total) == (27, 17)
    assert m.boards == 8
    assert m.victory_points(WBF2013) == WBF2013.convert(10, 8) == (13.78, 6.22)


def test_k10_2_imp_penalty_lowers_the_offenders_vps_only() -> None:
    """K10.2: 3 IMPs off team 1 before the conversion; team 2 does not gain them, so its VPs
    are those of the unpenalised 10-IMP margin and the two figures sum to less than 20."""
    m = match(imp_penalties=(ImpPenalty(1, 3),))
    score = m.score()
    assert (score.home_total, score.away_total) == (24, 17)
    assert score.margin_for(1) == 7 and score.margin_for(2) == -10
    home, away = m.victory_points(WBF2013)
    assert home == WBF2013.convert(7, 8)[0] == 12.77
    assert away == WBF2013.convert(-10, 8)[0] == 6.22
    assert home + away < 20
    record = m.record(WBF2013)
    assert (record.imps_a, record.imp_penalty_a, record.imps_kept(1)) == (27, 3, 24)
    assert record.imps_conceded(2) == 27


def test_k10_2_in_a_knockout_the_opponents_do_gain() -> None:
    """K10.2: in a play-off the penalty swings the match: the offender's score drops and the
    margin the opponents lead by grows by the same IMPs."""
    m = match(imp_penalties=(ImpPenalty(2, 3),), knockout=True)
    score = m.score()
    assert (score.home_total, score.away_total) == (27, 14)
    assert score.margin_for(1) == 13 and score.margin_for(2) == -13
    with pytest.raises(TeamMatchError, match="knock-out"):
        m.victory_points(WBF2013)


def test_k15_1_higher_ranked_winner_carries_half() -> None:
    """K15.1: the higher-ranked team won the 8-board direct match 30-24: half of 6 = 3 IMPs."""
    direct = DirectMatch(1, 2, 30, 24, boards=8)
    result = carry_over(GABSI_K15, higher=1, lower=2, direct=direct)
    assert result == CarryOver(1, Fraction(3), "K15.1")


def test_k15_1_capped_at_half_the_boards_of_the_direct_match() -> None:
    """Won by 10 IMPs over 8 boards: half is 5, the cap is 8 / 2 = 4 IMPs."""
    direct = DirectMatch(2, 1, 14, 24, boards=8)
    assert carry_over(GABSI_K15, 1, 2, direct=direct) == CarryOver(1, Fraction(4), "K15.1")


def test_k15_2_lower_ranked_winner_carries_a_third() -> None:
    """K15.2: the lower-ranked team won by 9: 33 1/3% is 3 IMPs; by 10: 10/3; by 15: capped at 4."""
    assert carry_over(GABSI_K15, 1, 2, direct=DirectMatch(1, 2, 20, 29, 8)) \
        == CarryOver(2, Fraction(3), "K15.2")
    assert carry_over(GABSI_K15, 1, 2, direct=DirectMatch(1, 2, 20, 30, 8)).imps == Fraction(10, 3)
    assert carry_over(GABSI_K15, 1, 2, direct=DirectMatch(1, 2, 20, 35, 8)).imps == 4


def test_k15_no_carry_over_without_a_winner_or_a_meeting() -> None:
    assert carry_over(GABSI_K15, 1, 2, direct=DirectMatch(1, 2, 21, 21, 8)).team is None
    assert carry_over(GABSI_K15, 1, 2).imps == 0
    with pytest.raises(CarryOverError, match="not between"):
        carry_over(GABSI_K15, 1, 3, direct=DirectMatch(1, 2, 21, 20, 8))


def test_kc2_3_no_carry_over_in_the_final() -> None:
    """KC2.3: a setting, not a branch: rule "KC2.3" carries nothing whatever the direct match."""
    rule = find_carry_over_rule("kc2.3")
    assert rule is NO_CARRY_OVER
    assert carry_over(rule, 1, 2, direct=DirectMatch(1, 2, 60, 0, 10)) == CarryOver(
        None, Fraction(0), "KC2.3")


def test_d1_4_carry_over_is_a_tenth_of_the_boards_scheduled() -> None:
    """D1.4: 72 boards -> 7.2 IMPs, 96 -> 9.6, 48 -> 4.8, to the team placed higher."""
    rule = find_carry_over_rule("D1.4")
    assert rule is PZBS_D14
    for boards, imps in ((72, Fraction(36, 5)), (96, Fraction(48, 5)), (48, Fraction(24, 5))):
        assert carry_over(rule, higher=5, lower=8, boards_scheduled=boards) == CarryOver(
            5, imps, "D1.4")


def test_d1_4_a_tied_match_goes_to_the_higher_placed_team() -> None:
    """D1.4: a knock-out match level on IMPs (27 v 17 + 10 carried) is won by the team placed
    higher after the regular phase; under K17.2 the same tie means extra boards (None)."""
    tied = match(carry_over=CarryOver(2, Fraction(10), "D1.4"), knockout=True).score()
    assert tied.home_total == tied.away_total == 27
    assert knockout_winner(tied, TieRule.HIGHER_PLACED, higher_placed=2) == 2
    assert knockout_winner(tied, TieRule.HIGHER_PLACED, higher_placed=1) == 1
    assert knockout_winner(tied) is None
    assert knockout_winner(match(knockout=True).score()) == 1


def test_carry_over_counts_in_the_match_score() -> None:
    m = match(carry_over=CarryOver(2, Fraction(36, 5), "D1.4"), knockout=True,
              boards_scheduled=72)
    score = m.score()
    assert score.away_total == 17 + Fraction(36, 5)
    assert m.boards == 72


def test_unknown_carry_over_rule_names_the_known_ones() -> None:
    with pytest.raises(UnknownCarryOverRuleError, match=r"'K99'.*d1\.4"):
        find_carry_over_rule("K99")


def test_bad_matches_are_refused() -> None:
    with pytest.raises(TeamMatchError, match="itself"):
        TeamMatch(3, 3, ())
    with pytest.raises(TeamMatchError, match="penalty"):
        TeamMatch(1, 2, (), imp_penalties=(ImpPenalty(9, 3),))


SCORES = st.integers(-250, 250).map(lambda tens: tens * 10)


@given(st.lists(st.tuples(SCORES, SCORES), min_size=1, max_size=24),
       st.integers(0, 6), st.integers(0, 6))
def test_match_vps_sum_to_20_unless_a_penalty_applies(
        results: list[tuple[int, int]], penalty_home: int, penalty_away: int) -> None:
    boards = [BoardResult(n + 1, open_ns, closed_ns) for n, (open_ns, closed_ns) in
              enumerate(results)]
    plain = TeamMatch.from_boards(1, 2, boards, 12)
    home, away = plain.victory_points(WBF2013)
    assert round(home + away, 2) == 20
    swapped = TeamMatch.from_boards(2, 1, [BoardResult(b.board, b.closed_ns, b.open_ns)
                                           for b in boards], 12)
    assert swapped.victory_points(WBF2013) == (away, home)
    penalties = tuple(ImpPenalty(team, imps) for team, imps in ((1, penalty_home),
                                                                 (2, penalty_away)) if imps)
    fined = TeamMatch.from_boards(1, 2, boards, 12, imp_penalties=penalties)
    fined_home, fined_away = fined.victory_points(WBF2013)
    assert fined_home <= home and fined_away <= away
    assert round(fined_home + fined_away, 2) <= 20
