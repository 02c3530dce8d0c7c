"""Classification points (PKL, D8): the premium of each final place (D8.1, D8.3) and a player's
part of it (D8.2), from the preset's ``[classification]``.

The expected tables are worked out by hand from D8.3's words ("from place 3 the fall in PKL is
a whole number depending on the number of teams ... so that the last place's premium is 20
PKL"): with 1st and 2nd place given by the federation's table and n teams, each place from 3rd
on gets 20 + step x (n - place), the step being the whole part of (2nd's premium - 20) / (n - 2).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server.formats import PresetError, load_preset, parse_preset
from server.scoring import PremiumTable, PremiumTableError, place_premium, player_pkl

SEEDS = Path(__file__).resolve().parents[2] / "seeds"

LEAGUE = """
[event]
name = "league"
kind = "teams"
[movement]
teams = 16
"""


def test_d8_3_a_16_team_league_falls_by_a_whole_number_to_20_pkl_for_the_last() -> None:
    table = load_preset(SEEDS / "pzbs-league.toml").classification
    assert table == PremiumTable(premiums=(100, 80), last=20, full_share=40)
    # (80 - 20) / 14 = 4.29: 4 PKL a place from 3rd on; 80 - 72 = 8 takes what is left over.
    assert table.step(16) == 4
    assert table.for_teams(16) == (100, 80, 72, 68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24,
                                   20)
    # A second's premium the places divide exactly: 70 / 14 = 5 a place, from 90 to 20.
    exact = PremiumTable(premiums=(100, 90), last=20)
    assert exact.for_teams(16) == (100, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25,
                                   20)
    # The step depends on the number of teams in the group: 12 teams, 60 / 10 = 6 a place.
    assert table.for_teams(12) == (100, 80, 74, 68, 62, 56, 50, 44, 38, 32, 26, 20)
    # No 3rd place, nothing for D8.3 to compute: the table's own premiums.
    assert table.for_teams(2) == (100, 80)


def test_d8_1_every_team_down_to_the_last_gets_its_places_premium() -> None:
    table = PremiumTable(premiums=(100, 80), last=20)
    premiums = table.for_teams(16)
    assert [place_premium(premiums, place) for place in range(1, 17)] == [
        100, 80, 72, 68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20]
    # Teams sharing places share those places' premiums: 3rd and 4th, (72 + 68) / 2.
    assert place_premium(premiums, 3, shared=2) == 70
    with pytest.raises(PremiumTableError, match="no premium for place 17"):
        place_premium(premiums, 17)
    # A list without D8.3's rule gives every place, down to the last, or it is refused.
    listed = PremiumTable(premiums=(30, 20, 15, 10))
    assert listed.for_teams(4) == (30, 20, 15, 10) and listed.step(4) is None
    with pytest.raises(PremiumTableError, match=r"D8\.1 gives every team down to the last"):
        listed.for_teams(5)


def test_d8_2_a_player_at_39_percent_gets_39_percent_of_the_premium_and_at_41_all_of_it() -> None:
    assert player_pkl(72, 39, 100) == 28.08
    assert player_pkl(72, 41, 100) == 72
    assert player_pkl(72, 40, 100) == 72  # "min. 40%": 40% is enough
    # A season of 15 matches of 24 boards: 140 of 360 boards is 38.9%, 148 is 41.1%.
    assert player_pkl(100, 140, 360) == 38.89
    assert player_pkl(100, 148, 360) == 100
    assert player_pkl(55.5, 0, 360) == 0 and player_pkl(55.5, 0, 0) == 0
    # The threshold is the preset's: full from 50% there.
    assert player_pkl(72, 41, 100, full_share=50) == 29.52
    with pytest.raises(ValueError, match="cannot play 25 of the team's 24 boards"):
        player_pkl(72, 25, 24)


def test_d8_the_classification_setting_is_read_from_the_preset_and_checked() -> None:
    preset = parse_preset(LEAGUE + "[classification]\npremiums = [100, 80]\nlast = 20\n")
    assert preset.classification == PremiumTable((100, 80), 20, 40)
    assert parse_preset(LEAGUE).classification is None
    bad = {
        "premiums = [100, 80]\n": "D8.1 gives every team down to the last a premium: 16 teams",
        "premiums = [80, 100]\nlast = 20\n": "a place cannot get more than the place above it",
        "premiums = [100, 80]\nlast = 90\n": "last: 90 is more than the premium of the last",
        "premiums = [100, 80.5]\nlast = 20\n": "not a list of whole numbers of PKL",
        "last = 20\n": "premiums: required",
        "premiums = [100, 80]\nlast = 20\nfull_share = 140\n": "full_share: 140 is not a "
                                                               "percentage",
        "premiums = [100]\nlast = -1\n": "last place's premium cannot be negative",
        "premiums = [100]\nlast = 20\nfirst = 100\n": "first: unknown setting",
    }
    for given, error in bad.items():
        with pytest.raises(PresetError, match=r"\[classification\] .*" + re.escape(error)):
            parse_preset(LEAGUE + "[classification]\n" + given)
    pairs = '[event]\nname = "pairs"\n[classification]\npremiums = [10]\n'
    with pytest.raises(PresetError, match="a pairs event has none"):
        parse_preset(pairs)


def test_d8_3_a_competition_checks_its_table_against_the_teams_of_each_group() -> None:
    text = (SEEDS / "pzbs-league-2.toml").read_text()
    # League II's 64 entries place 1 to 16 in each of its four groups (D5.1): 16 a group.
    assert parse_preset(text + "\n[classification]\npremiums = [50, 40]\nlast = 20\n") \
        .classification is not None
    with pytest.raises(PresetError, match="16 teams, and the list stops at place 15"):
        parse_preset(text + "\n[classification]\npremiums = " + str(list(range(30, 15, -1))))
