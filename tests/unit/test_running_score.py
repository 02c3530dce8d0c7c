"""Running matchpoints (issue 15 item 6): a session scored while it is played, and the
public's view that holds a board back until every table that plays it has played it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.scoring.adjusted import TableResult
from server.scoring.matchpoints import BoardResult, Factoring, Movement, Scale, score_pairs
from server.scoring.running import rankings_by_round, running_pairs

SCORES = st.sampled_from([-1100, -200, -100, -50, 0, 90, 110, 140, 400, 420, 450, 620, 1430])


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[BoardResult], dict[tuple[str, int], int]]:
    """A Mitchell: every table plays every board once, pair t North-South at table t and
    East-West pairs moving up; each result a random score."""
    tables = draw(st.integers(2, 6))
    boards = draw(st.integers(1, 4))
    lines = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            ew = (table + board) % tables + 1
            lines.append(BoardResult(board, table, ew, TableResult.played(draw(SCORES)), "A",
                                     board))
    return lines, {("A", board): tables for board in range(1, boards + 1)}


OPTIONS = st.sampled_from([(Scale.TWO_ONE, Factoring.NEUBERG), (Scale.TWO_ONE, Factoring.OWN_TOP),
                           (Scale.ACBL, Factoring.NEUBERG)])


@settings(max_examples=60, deadline=None)
@given(sessions(), OPTIONS)
def test_15_6_a_board_played_by_every_table_scores_exactly_as_today(
        session: tuple[list[BoardResult], dict[tuple[str, int], int]],
        options: tuple[Scale, Factoring]) -> None:
    lines, planned = session
    scale, factoring = options
    today = score_pairs(lines, scale=scale, factoring=factoring, movement=Movement.MITCHELL)
    running = running_pairs(lines, planned, scale=scale, factoring=factoring,
                            movement=Movement.MITCHELL)
    assert running == today
    shown = running_pairs(lines, planned, scale=scale, factoring=factoring,
                          movement=Movement.MITCHELL, shown={line.board for line in lines})
    assert shown == today


@settings(max_examples=60, deadline=None)
@given(sessions(), OPTIONS, st.data())
def test_15_6_a_board_played_once_gives_each_pair_the_average(
        session: tuple[list[BoardResult], dict[tuple[str, int], int]],
        options: tuple[Scale, Factoring], data: st.DataObject) -> None:
    lines, planned = session
    scale, factoring = options
    # Round 1: each board has one result of the several it will have.
    first = [line for line in lines if line.ns_pair == 1]
    played_once = running_pairs(first, planned, scale=scale, factoring=factoring,
                                movement=Movement.MITCHELL)
    for board in played_once.boards:
        for table in board.score.tables:
            assert table.ns.percentage == table.ew.percentage == pytest.approx(50.0)
    assert {s.percentage for s in played_once.standings} == {50.0}
    assert {s.rank for s in played_once.standings} == {1}
    # Any part of the session: a lone result on a board still to be played is the average.
    some = data.draw(st.lists(st.sampled_from(lines), unique=True, min_size=1))
    running = running_pairs(some, planned, scale=scale, factoring=factoring,
                            movement=Movement.MITCHELL)
    for board in running.boards:
        if len(board.results) == 1:
            table = board.score.tables[0]
            assert table.ns.percentage == table.ew.percentage == pytest.approx(50.0)


@settings(max_examples=40, deadline=None)
@given(sessions(), st.data())
def test_15_1_a_board_held_back_counts_the_average_and_reveals_nothing(
        session: tuple[list[BoardResult], dict[tuple[str, int], int]],
        data: st.DataObject) -> None:
    lines, planned = session
    some = data.draw(st.lists(st.sampled_from(lines), unique=True, min_size=1))
    other = [line if line.board != some[0].board else
             BoardResult(line.board, line.ns_pair, line.ew_pair,
                         TableResult.played(-(line.result.ns_score or 0) + 10), line.section,
                         line.round)
             for line in some]
    shown = {board for board in {line.board for line in lines}
             if data.draw(st.booleans())} - {some[0].board}
    # Whatever the results of a board held back, the standings are the same.
    first = running_pairs(some, planned, movement=Movement.MITCHELL, shown=shown)
    second = running_pairs(other, planned, movement=Movement.MITCHELL, shown=shown)
    assert first.standings == second.standings
    for board in first.boards:
        if board.board not in shown:
            assert all(t.ns.percentage == t.ew.percentage == 50.0 for t in board.score.tables)


def test_15_6_own_top_a_lone_result_weighs_as_a_board_of_two() -> None:
    lines = [BoardResult(1, 1, 2, TableResult.played(420), "A", 1)]
    running = running_pairs(lines, {("A", 1): 3}, factoring=Factoring.OWN_TOP,
                            movement=Movement.MITCHELL)
    side = running.boards[0].score.tables[0].ns
    assert (side.matchpoints, side.out_of, side.percentage) == (1.0, 2.0, 50.0)
    # A board played at one table only, by plan, scores as today: a top of 0.
    alone = running_pairs(lines, {("A", 1): 1}, factoring=Factoring.OWN_TOP,
                          movement=Movement.MITCHELL)
    assert alone == score_pairs(lines, factoring=Factoring.OWN_TOP, movement=Movement.MITCHELL)


@settings(max_examples=40, deadline=None)
@given(sessions(), OPTIONS, st.data())
def test_15_6_the_rankings_after_every_round_are_the_running_score_of_each(
        session: tuple[list[BoardResult], dict[tuple[str, int], int]],
        options: tuple[Scale, Factoring], data: st.DataObject) -> None:
    lines, planned = session
    scale, factoring = options
    # Board b is played at table t in round (t + b) % tables + 1, some tables not yet.
    tables = planned[("A", 1)]
    played = [BoardResult(line.board, line.ns_pair, line.ew_pair, line.result, line.section,
                          (line.ns_pair + line.board) % tables + 1)
              for line in lines if data.draw(st.booleans())]
    last = max((line.round or 0 for line in played), default=0)
    complete = {b for b in {line.board for line in lines}
                if sum(1 for line in played if line.board == b) == tables}
    shows_after = {b: max(line.round or 0 for line in played if line.board == b)
                   for b in complete}
    fast = rankings_by_round(played, planned, shows_after, range(1, last + 1), scale=scale,
                             factoring=factoring, movement=Movement.MITCHELL)
    for after in range(1, last + 1):
        prefix = [line for line in played if (line.round or 0) <= after]
        shown = {b for b, r in shows_after.items() if r <= after}
        slow = running_pairs(prefix, planned, scale=scale, factoring=factoring,
                             movement=Movement.MITCHELL, shown=shown).standings
        assert [(s.pair, s.rank, s.boards, s.percentage) for s in fast[after]] == [
            (s.pair, s.rank, s.boards, s.percentage) for s in slow]
        for quick, sure in zip(fast[after], slow, strict=True):
            assert quick.matchpoints == pytest.approx(sure.matchpoints)
