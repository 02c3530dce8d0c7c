"""A preset's `[lineups]` (D3.3, D3.4, D3.6): how a long match is cut into parts, who has the
seating rights in each segment, a pair's system as a line-up takes it, and the settings
checked when the preset is read."""

from __future__ import annotations

import pytest

from server.formats import PresetError, load_preset, parse_preset
from server.movements.lineups import LineupRules, parse_system
from tests.unit.competitions import SEEDS

PZBS = LineupRules(systems=True, sws_notice_minutes=20, part_boards=24, every="segment",
                   seating_rights="home")


def test_d3_6_a_longer_match_is_cut_into_24_board_parts_of_whole_segments() -> None:
    assert PZBS.parts(24, 2) == (1, 1)  # a regular-phase match is one part
    assert PZBS.parts(48, 4) == (1, 1, 2, 2)  # the third-place match
    assert PZBS.parts(72, 6) == (1, 1, 2, 2, 3, 3)  # a play-off match
    assert PZBS.parts(96, 8) == (1, 1, 2, 2, 3, 3, 4, 4)  # the final
    assert PZBS.parts(48, 6) == (1, 1, 1, 2, 2, 2)  # 8-board segments, three a part
    assert LineupRules().parts(72, 6) == (1,) * 6  # without part_boards: one part


def test_d3_6_seating_rights_alternate_and_start_again_at_each_part() -> None:
    assert PZBS.rights(24, 2) == ("home", "away")
    assert PZBS.rights(48, 4) == ("home", "away", "home", "away")
    # Three segments a part: part 2 starts with the home team again, as a match of its own,
    # where one 48-board match would have gone on taking turns (away, home, away).
    assert PZBS.rights(48, 6) == ("home", "away", "home", "home", "away", "home")
    whole = LineupRules(seating_rights="away")
    assert whole.rights(48, 6) == ("away", "home", "away", "home", "away", "home")
    assert LineupRules().rights(24, 2) == ()


def test_d3_3_a_pairs_system_is_a_short_text() -> None:
    assert parse_system("  Polish   Club ") == "Polish Club"
    assert parse_system("") is None and parse_system(None) is None
    for bad in ("x" * 41, 3, "WJ\x00"):
        with pytest.raises(ValueError):
            parse_system(bad)


def test_the_league_presets_name_their_lineup_rules() -> None:
    for name in ("pzbs-league", "pzbs-league-1", "pzbs-league-2"):
        preset = load_preset(SEEDS / f"{name}.toml")
        assert preset.lineups == PZBS, name
        assert {"D3.3", "D3.4", "D3.6"} <= set(preset.rules), name
    assert load_preset(SEEDS / "gabsi-teams.toml").lineups is None
    # A stored event's rules come back from its settings; none stored: the defaults.
    assert LineupRules.from_setting({"systems": True, "sws_notice_minutes": 20,
                                     "part_boards": 24, "every": "segment",
                                     "seating_rights": "home"}) == PZBS
    assert LineupRules.from_setting(None) == LineupRules()


TEAMS = "[event]\nname = 'x'\nkind = 'teams'\n"


@pytest.mark.parametrize(("text", "problem"), [
    (TEAMS + "[lineups]\nevery = 'half'\n", r"\[lineups\] every: 'half' is not one of"),
    (TEAMS + "[lineups]\nseating_rights = 'toss'\n", r"\[lineups\] seating_rights: 'toss'"),
    (TEAMS + "[lineups]\npart_boards = 0\n", r"\[lineups\] part_boards: 0 is not a number"),
    (TEAMS + "[lineups]\nsws_notice_minutes = -5\n", r"\[lineups\] sws_notice_minutes: -5"),
    (TEAMS + "[lineups]\nsystems = 'yes'\n", r"\[lineups\] systems: wrong type str"),
    ("[event]\nname = 'x'\n[lineups]\nsystems = true\n", r"\[lineups\]: line-ups .* pairs"),
])
def test_lineup_settings_are_checked_when_the_preset_is_read(text: str, problem: str) -> None:
    with pytest.raises(PresetError, match=problem):
        parse_preset(text)


def test_d3_6_part_boards_alone_asks_for_a_line_up_once_a_part() -> None:
    preset = parse_preset(TEAMS + "[lineups]\npart_boards = 24\n")
    assert preset.lineups == LineupRules(part_boards=24, every="part")
