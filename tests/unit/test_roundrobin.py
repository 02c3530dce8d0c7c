"""Team round robins by the Berger tables: single, double, byes, home/away, rooms, segments."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.movements import MovementError, berger, build_movement, check, round_robin

# The Berger tables for 7-8 players as printed by Chris Fox's Chess Section,
# http://c.w.fox.tripod.com/chess/berger.html (the FIDE tables: home team first).
BERGER_8 = """
1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1
"""


def parse(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(
        tuple((int(a), int(b)) for a, b in (m.split("-") for m in line.split()))
        for line in text.strip().splitlines()
    )


def test_berger_table_for_8_is_the_published_one() -> None:
    assert berger(8) == parse(BERGER_8)


def test_berger_table_for_4_is_the_published_one() -> None:
    assert berger(4) == parse("1-4 2-3\n4-3 1-2\n2-4 3-1")


def test_odd_teams_play_the_table_of_one_more_with_the_highest_number_as_the_bye() -> None:
    schedule = round_robin(7, 24)
    assert [r.bye for r in schedule.rounds] == [1, 5, 2, 6, 3, 7, 4]
    assert schedule.problems() == []


@settings(max_examples=40, deadline=None)
@given(teams=st.integers(2, 24), double=st.booleans(), segments=st.sampled_from([1, 2, 3]))
def test_every_round_robin_is_complete(teams: int, double: bool, segments: int) -> None:
    schedule = round_robin(teams, 12 * segments, segments=segments, double=double)
    assert schedule.problems() == []
    movement = schedule.as_movement()
    assert movement.problems() == []
    assert all(c.ok for c in check(movement))


@pytest.mark.parametrize("teams", [4, 6, 8, 16])
def test_home_and_away_alternate_fairly_in_a_single_round_robin(teams: int) -> None:
    schedule = round_robin(teams, 24)
    homes = Counter(m.home for r in schedule.rounds for m in r.matches)
    assert set(homes.values()) <= {teams // 2 - 1, teams // 2}


def test_d4_4_places_13_16_play_a_double_round_robin_of_six_matches() -> None:
    """D4.4: double RR of 24-board matches, each pair of teams home once each."""
    schedule = round_robin(4, 24, segments=2, double=True)
    assert len(schedule.rounds) == 6
    first = {(m.home, m.away) for r in schedule.rounds[:3] for m in r.matches}
    second = {(m.home, m.away) for r in schedule.rounds[3:] for m in r.matches}
    assert second == {(a, h) for h, a in first}


def test_d1_3_a_match_is_two_segments_of_twelve_boards() -> None:
    match = round_robin(16, 24, segments=2).rounds[0].matches[0]
    assert match.segments == (tuple(range(1, 13)), tuple(range(13, 25)))


def test_d1_2_every_match_of_a_round_plays_the_same_deals() -> None:
    schedule = round_robin(16, 24, segments=2)
    for rnd in schedule.rounds:
        assert len({m.boards for m in rnd.matches}) == 1
    assert schedule.rounds[1].matches[0].boards[0] == 25  # each round its own deals


def test_the_home_team_sits_north_south_in_the_open_room() -> None:
    match = round_robin(6, 24).rounds[0].matches[0]
    open_room, closed_room = match.rooms
    assert (open_room.room, open_room.ns_team, open_room.ew_team) == ("open", 1, 6)
    assert (closed_room.room, closed_room.ns_team, closed_room.ew_team) == ("closed", 6, 1)


def test_the_movement_registry_builds_a_round_robin_by_tables_or_teams() -> None:
    m = build_movement("roundrobin", tables=8, boards_per_round=24)
    assert len(m.rounds) == 15 and len(m.rounds[0].seatings) == 8
    odd = build_movement("roundrobin", tables=4, boards_per_round=24, teams=9, segments=2)
    assert len(odd.rounds) == 9 and all(len(r.sitting_out) == 1 for r in odd.rounds)


def test_bad_options_raise_showing_the_input() -> None:
    with pytest.raises(MovementError, match="25 boards do not split into 2 segments"):
        round_robin(8, 25, segments=2)
    with pytest.raises(MovementError, match="at least 2 teams, not 1"):
        round_robin(1, 24)
