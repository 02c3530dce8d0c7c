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


def test_k12_1_nothing_locked_while_time_remains() -> None:
    from server.clock import k12_1_locked

    clock = RoundClock(round=1, duration_ms=96 * MIN).start(0)
    assert k12_1_locked([1, 2, 3], {}, clock, 95 * MIN) == []


def test_k12_1_boards_not_started_when_time_runs_out_are_locked() -> None:
    from server.clock import k12_1_locked

    clock = RoundClock(round=1, duration_ms=32 * MIN).start(0)  # 4 boards x 8 minutes
    entered = {1: 7 * MIN, 2: 20 * MIN}
    # Board 3 was on the table when time ran out: it is played out; board 4 was never started.
    assert k12_1_locked([1, 2, 3, 4], entered, clock, 33 * MIN) == [4]
    # A result entered after the deadline for the board in play keeps it unlocked...
    assert k12_1_locked([1, 2, 3, 4], entered | {3: 34 * MIN}, clock, 35 * MIN) == [4]
    # ...and the director's unlock frees a locked board.
    assert k12_1_locked([1, 2, 3, 4], entered, clock, 33 * MIN, {4}) == []


def test_k12_1_an_extension_or_a_pause_moves_the_lock() -> None:
    from server.clock import k12_1_locked

    clock = RoundClock(round=1, duration_ms=16 * MIN).start(0).extend(10 * MIN)
    assert k12_1_locked([1, 2], {}, clock, 20 * MIN) == []
    assert k12_1_locked([1, 2], {}, clock, 27 * MIN) == [2]
    paused = RoundClock(round=1, duration_ms=16 * MIN).start(0).pause(10 * MIN)
    assert k12_1_locked([1, 2], {}, paused, 99 * MIN) == []
