"""RoundClock: pause, resume, extend and late minutes, without the wall clock."""

from __future__ import annotations

from server.clock import RoundClock, round_duration_ms

MIN = 60_000


def test_k12_2_round_time_is_boards_times_minutes_per_board() -> None:
    assert round_duration_ms(3, 8) == 24 * MIN
    # D3.5 (PZBS): 102 minutes per 12 boards.
    assert round_duration_ms(12, 102, 12) == 102 * MIN
    assert round_duration_ms(6, 102, 12) == 51 * MIN


def test_pause_and_resume_move_the_deadline_by_the_pause() -> None:
    clock = RoundClock(round=1, duration_ms=24 * MIN).start(0)
    assert clock.deadline_ms() == 24 * MIN
    paused = clock.pause(10 * MIN)
    assert paused.deadline_ms() is None and paused.remaining_ms(99 * MIN) == 14 * MIN
    resumed = paused.start(13 * MIN)
    assert resumed.deadline_ms() == 27 * MIN
    assert resumed.start(20 * MIN) == resumed  # starting a running clock changes nothing


def test_k12_2_extension_and_late_minutes_begun() -> None:
    clock = RoundClock(round=2, duration_ms=24 * MIN).start(0).extend(5 * MIN)
    assert clock.late_minutes(29 * MIN) == 0
    assert clock.late_minutes(29 * MIN + 10_000) == 1  # 10 s over: the first minute is begun
    assert clock.late_minutes(36 * MIN) == 7


def test_d3_5_pzbs_segment_is_102_minutes_per_12_boards() -> None:
    from pathlib import Path

    from server.clock import round_duration_ms
    from server.formats import load_preset

    preset = load_preset(Path(__file__).resolve().parents[2] / "seeds" / "pzbs-clock.toml")
    assert (preset.clock_minutes, preset.clock_per_boards) == (102, 12)
    assert round_duration_ms(12, preset.clock_minutes, preset.clock_per_boards) == 102 * 60_000
    # A round of 4 boards gets a third of the segment: 34 minutes.
    assert round_duration_ms(4, preset.clock_minutes, preset.clock_per_boards) == 34 * 60_000
