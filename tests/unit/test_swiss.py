"""Swiss pairings: teams by K16.1-4, pairs by KC1.3."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.movements import (
    MovementError,
    PairScore,
    SwissMatch,
    SwissRound,
    TeamStanding,
    k16_ranking,
    kc1_3_round,
    swiss_teams_round,
)
from server.movements.swiss import met_before, nearest_pairing


def brute_nearest(ranking: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """K16.1's nearest pairing by plain backtracking: the reference for small fields."""
    if not ranking:
        return []
    top, rest = ranking[0], ranking[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = brute_nearest(rest[:i] + rest[i + 1:], met)
        if tail is not None:
            return [(top, other), *tail]
    return None


def history(*rounds: Sequence[tuple[int, int]]) -> list[SwissRound]:
    return [SwissRound(n, tuple(SwissMatch(t, a, b) for t, (a, b) in enumerate(r, start=1)))
            for n, r in enumerate(rounds, start=1)]


def standings(*teams: tuple[int, float, float, float]) -> list[TeamStanding]:
    return [TeamStanding(team, vp, won, lost) for team, vp, won, lost in teams]


def test_k16_2_round_1_by_draw_number() -> None:
    rnd = swiss_teams_round(1, range(1, 9), [], [])
    assert rnd.meetings == ((1, 2), (3, 4), (5, 6), (7, 8))
    assert rnd.bye is None


def test_k16_2_odd_field_round_1_gives_the_last_draw_number_the_bye() -> None:
    rnd = swiss_teams_round(1, range(1, 8), [], [], bye_score=12)
    assert rnd.meetings == ((1, 2), (3, 4), (5, 6))
    assert (rnd.bye, rnd.bye_score) == (7, 12)


def test_k16_3_ties_on_vp_by_imp_quotient_then_difference_then_team_number() -> None:
    field = standings((1, 30, 50, 50), (2, 30, 60, 40), (3, 30, 30, 20), (4, 30, 60, 40),
                      (5, 31, 0, 90))
    # quotients: 1.0, 1.5, 1.5, 1.5; differences: 0, 20, 10, 20
    assert k16_ranking(field) == [5, 2, 4, 3, 1]


def test_k16_2_from_round_2_the_ranking_is_paired_1_v_2_3_v_4() -> None:
    previous = history([(1, 2), (3, 4), (5, 6), (7, 8)])
    field = standings(*[(t, vp, 50, 50) for t, vp in
                        [(1, 20), (2, 0), (3, 15), (4, 5), (5, 12), (6, 8), (7, 11), (8, 9)]])
    rnd = swiss_teams_round(2, range(1, 9), field, previous)
    assert rnd.ranking == (1, 3, 5, 7, 8, 6, 4, 2)
    assert rnd.meetings == ((1, 3), (5, 7), (8, 6), (4, 2))
    assert rnd.repeats == ()


def test_k16_1_the_nearest_pairing_avoids_a_repeat() -> None:
    # 1 and 2 met: 1 takes 3, 2 takes 4 (top-down, the nearest)
    previous = history([(1, 2), (3, 5), (4, 6)])
    field = standings(*[(t, 20 - t, 40, 40) for t in range(1, 7)])
    rnd = swiss_teams_round(2, range(1, 7), field, previous)
    assert rnd.meetings == ((1, 3), (2, 4), (5, 6))


def test_k16_1_backtracks_when_the_bottom_would_be_stuck() -> None:
    # 5-6 met, so 3-4 must not leave them together: the nearest is 1-2, 3-5, 4-6.
    previous = history([(1, 3), (2, 4), (5, 6)])
    field = standings(*[(t, 20 - t, 40, 40) for t in range(1, 7)])
    rnd = swiss_teams_round(2, range(1, 7), field, previous)
    assert rnd.meetings == ((1, 2), (3, 5), (4, 6))


def test_k16_4_the_last_round_is_a_pure_pairing_repeats_allowed() -> None:
    previous = history([(1, 2), (3, 4)])
    field = standings((1, 20, 50, 40), (2, 15, 45, 40), (3, 5, 30, 50), (4, 0, 30, 50))
    rnd = swiss_teams_round(2, range(1, 5), field, previous, last_round=True)
    assert rnd.meetings == ((1, 2), (3, 4))
    assert rnd.repeats == ((1, 2), (3, 4))


def test_a_bye_goes_to_the_lowest_ranked_team_without_one() -> None:
    previous = history([(1, 2), (3, 4)])
    previous[0] = SwissRound(1, previous[0].matches, bye=5, bye_score=18)
    field = standings(*[(t, 20 - t, 40, 40) for t in range(1, 6)])
    rnd = swiss_teams_round(2, range(1, 6), field, previous)
    assert (rnd.bye, rnd.bye_score) == (4, 18.0)
    assert rnd.meetings == ((1, 3), (2, 5))


def test_only_a_field_with_no_repeat_free_pairing_gets_repeats() -> None:
    # 4 teams after 3 rounds have all met: round 4 (not the last) must repeat.
    previous = history([(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)])
    field = standings(*[(t, 20 - t, 40, 40) for t in range(1, 5)])
    rnd = swiss_teams_round(4, range(1, 5), field, previous)
    assert rnd.meetings == ((1, 2), (3, 4))
    assert rnd.repeats == ((1, 2), (3, 4))


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 12), seed=st.integers(0, 10**6), density=st.floats(0.0, 0.6))
def test_k16_1_never_repeats_when_a_repeat_free_pairing_exists(n: int, seed: int,
                                                               density: float) -> None:
    """And the pairing is the nearest one: what plain backtracking finds first."""
    rng = random.Random(seed)
    ranking = rng.sample(range(1, 100), n)
    met = {frozenset(p) for p in ((a, b) for i, a in enumerate(ranking)
                                  for b in ranking[i + 1:]) if rng.random() < density}
    expected = brute_nearest(ranking, met) if n % 2 == 0 else None
    if n % 2:
        expected = brute_nearest(ranking[:-1], met)
        if expected is None:
            return  # the bye would move up: covered by the bye tests
    pairs, _ = nearest_pairing(ranking, dict.fromkeys(met, 1), ranking[::-1][:1])
    if expected is None:
        assert any(frozenset(p) in met for p in pairs)
    else:
        assert pairs == expected


def simulate(teams: int, rounds: int, seed: int) -> tuple[list[TeamStanding], list[SwissRound]]:
    rng = random.Random(seed)
    strength = {t: rng.gauss(0, 1) for t in range(1, teams + 1)}
    totals = {t: TeamStanding(t) for t in strength}
    previous: list[SwissRound] = []
    for number in range(1, rounds + 1):
        rnd = swiss_teams_round(number, list(strength), list(totals.values()), previous)
        previous.append(rnd)
        for m in rnd.matches:
            margin = round(8 * (strength[m.home] - strength[m.away]) + rng.gauss(0, 12))
            home_won = max(margin, 0) + rng.randint(5, 30)
            away_won = home_won - margin
            vp = max(0.0, min(20.0, 10 + margin / 3))
            for team, won, lost, got in ((m.home, home_won, away_won, vp),
                                         (m.away, away_won, home_won, 20 - vp)):
                t = totals[team]
                totals[team] = TeamStanding(team, t.vp + got, t.imps_won + won,
                                            t.imps_lost + lost)
        if rnd.bye is not None:
            t = totals[rnd.bye]
            totals[rnd.bye] = TeamStanding(rnd.bye, t.vp + 12, t.imps_won, t.imps_lost)
    return list(totals.values()), previous


@pytest.mark.parametrize("teams", [9, 40, 151])
def test_k2_2_a_six_round_swiss_has_no_repeat_before_the_last_round(teams: int) -> None:
    field, previous = simulate(teams, 5, seed=teams)
    assert all(r.repeats == () for r in previous)
    last = swiss_teams_round(6, range(1, teams + 1), field, previous, last_round=True)
    playing = [t for t in last.ranking if t != last.bye]
    assert [t for m in last.matches for t in (m.home, m.away)] == playing  # 1 v 2, 3 v 4
    assert len({r.bye for r in previous} - {None}) == (5 if teams % 2 else 0)
    assert met_before(previous).most_common(1)[0][1] == 1


def test_swiss_refuses_a_round_without_its_history() -> None:
    with pytest.raises(MovementError, match="round 3 needs the 2 earlier rounds, not 1"):
        swiss_teams_round(3, range(1, 5), standings((1, 0, 0, 0)), history([(1, 2), (3, 4)]))


def scores(values: dict[int, tuple[float, float]]) -> dict[int, PairScore]:
    return {p: PairScore(p, imps, vp) for p, (imps, vp) in values.items()}


def test_kc1_3_round_1_by_pair_number_round_2_k_v_k_plus_half() -> None:
    first = kc1_3_round(1, range(1, 41), [], [])
    assert first.meetings[:3] == ((1, 2), (3, 4), (5, 6))
    second = kc1_3_round(2, range(1, 41), [first], [])
    assert second.meetings[:3] == ((1, 21), (2, 22), (3, 23))
    assert second.meetings[-1] == (20, 40)


def test_kc1_3_round_3_is_paired_on_round_1_only_before_round_2_ends() -> None:
    pairs = range(1, 9)
    r1 = kc1_3_round(1, pairs, [], [])
    r2 = kc1_3_round(2, pairs, [r1], [])
    round_1 = scores({1: (-5, 8), 2: (5, 12), 3: (20, 18), 4: (-20, 2), 5: (0, 10), 6: (0, 10),
                      7: (9, 13), 8: (-9, 7)})
    r3 = kc1_3_round(3, pairs, [r1, r2], [round_1])
    assert r3.ranking == (3, 7, 2, 5, 6, 1, 8, 4)
    met = met_before([r1, r2])
    assert all(met[frozenset(m)] == 0 for m in r3.meetings)  # K16.1 applies
    # 6 v 1 would leave 8 v 4, who met in round 2: the nearest pairing is 6 v 8, 1 v 4.
    assert r3.meetings == ((3, 2), (7, 5), (6, 8), (1, 4))


def test_kc1_3_round_4_uses_rounds_1_and_2_and_round_6_the_vp_with_repeats() -> None:
    pairs = range(1, 5)
    r1 = kc1_3_round(1, pairs, [], [])
    r2 = kc1_3_round(2, pairs, [r1], [])
    s1 = scores({1: (10, 15), 2: (-10, 5), 3: (3, 11), 4: (-3, 9)})
    r3 = kc1_3_round(3, pairs, [r1, r2], [s1])
    s2 = scores({1: (1, 10), 2: (-4, 9), 3: (-1, 10), 4: (4, 11)})
    with pytest.raises(MovementError, match="paired on rounds 1-2; only 1 scored"):
        kc1_3_round(4, pairs, [r1, r2, r3], [s1])
    r4 = kc1_3_round(4, pairs, [r1, r2, r3], [s1, s2])
    assert r4.ranking == (1, 3, 4, 2)
    last = kc1_3_round(6, pairs, [r1, r2, r3, r4, r4], [s1, s2, s1, s2, s1])
    assert last.ranking[0] == 1 and last.repeats != ()


def test_kc1_3_odd_field_gives_byes() -> None:
    r1 = kc1_3_round(1, range(1, 8), [], [])
    r2 = kc1_3_round(2, range(1, 8), [r1], [])
    assert (r1.bye, r2.bye) == (7, 4)
    assert r2.meetings == ((1, 5), (2, 6), (3, 7))
