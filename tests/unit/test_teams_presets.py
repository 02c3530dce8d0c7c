"""Teams presets (K3.2, K2.2, D1.3) and the schedules a teams event is built from."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.event.create import ROOMS, build_team_schedule
from server.formats import PresetError, load_preset, parse_preset
from server.movements import MovementError

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def test_k3_2_gabsi_teams_preset_is_a_round_robin_on_the_25_vp_scale() -> None:
    preset = load_preset(SEEDS / "gabsi-teams.toml")
    assert (preset.kind, preset.movement, preset.teams, preset.boards_per_round) == (
        "teams", "roundrobin", 8, 12)
    assert (preset.scoring, preset.vp_scale, preset.tiebreak) == ("imps", "wbf25", "k17.1")
    assert preset.board_lock and preset.captains_confirm and preset.procedural_vp == 1


def test_d1_3_pzbs_league_plays_24_boards_in_two_segments_with_rosters_required() -> None:
    preset = load_preset(SEEDS / "pzbs-league.toml")
    assert (preset.boards_per_round, preset.segments, preset.rosters) == (24, 2, "required")
    assert (preset.clock_minutes, preset.clock_per_boards) == (102, 12)  # D3.5
    assert preset.tiebreak == "d3.2"


def test_kc2_1_swiss_preset_pairs_six_rounds() -> None:
    preset = load_preset(SEEDS / "gabsi-swiss-teams.toml")
    assert (preset.movement, preset.rounds, preset.tiebreak) == ("swiss", 6, "k16.3")
    assert preset.boards_per_round == 12


def test_d1_3_a_vp_scale_without_the_match_length_is_refused_when_the_preset_is_read() -> None:
    text = """
[event]
name = "x"
kind = "teams"
[movement]
kind = "swiss"
rounds = 6
boards_per_round = 10
[scoring]
vp_scale = "wbf25"
"""
    with pytest.raises(PresetError, match="cannot score 10-board matches"):
        parse_preset(text)
    assert parse_preset(text.replace("wbf25", "wbf2013")).boards_per_round == 10


def test_teams_preset_errors_are_listed_together() -> None:
    text = """
[event]
name = "x"
kind = "teams"
[movement]
kind = "mitchell"
boards_per_round = 10
segments = 3
[scoring]
method = "mp"
vp_scale = "nope"
[teams]
rosters = "sometimes"
"""
    with pytest.raises(PresetError) as caught:
        parse_preset(text)
    message = str(caught.value)
    for part in ("method", "mitchell", "segments", "vp_scale", "rosters"):
        assert part in message


def test_round_robin_rooms_seat_home_ns_in_open_and_ew_in_closed() -> None:
    schedule = build_team_schedule("roundrobin", teams=6, boards_per_round=8, rounds=None)
    assert schedule.movement_setting["rounds"] == 5
    assert sorted({s for s, _ in schedule.tables}) == sorted(ROOMS)
    by_key = {(r["section"], r["round"], r["table_number"]): r for r in schedule.rows}
    for (section, rnd, table), row in by_key.items():
        if section == "O":
            closed = by_key[("C", rnd, table)]
            assert (row["ns_pair"], row["ew_pair"]) == (closed["ew_pair"], closed["ns_pair"])
            assert row["boards"] == closed["boards"]
    # Every pair of teams meets once.
    met = {frozenset((r["ns_pair"], r["ew_pair"])) for r in schedule.rows if r["section"] == "O"}
    assert len(met) == 15


def test_k16_2_swiss_first_round_by_draw_number_the_rest_later() -> None:
    schedule = build_team_schedule("swiss", teams=8, boards_per_round=10, rounds=6)
    opened = sorted((r["table_number"], r["ns_pair"], r["ew_pair"]) for r in schedule.rows
                    if r["section"] == "O")
    assert opened == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]
    assert schedule.movement_setting["rounds"] == 6
    with pytest.raises(MovementError):
        build_team_schedule("swiss", teams=8, boards_per_round=10, rounds=None)
