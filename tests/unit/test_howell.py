"""Complete Howells for 2-12 tables, checked against the published standard schedules.

The published schedules are golden files (tests/data/howell_*.txt, each with its source): we
read them into movements, prove they are complete Howells, and require ours to be at least as
well balanced (comparisons of every two pairs, server.movements.balance).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.movements import (
    HalfTable,
    Movement,
    MovementError,
    Round,
    Seating,
    balance,
    check,
    howell,
    meetings,
)
from server.movements.howell import STARTERS, relay_stands

DATA = Path(__file__).resolve().parents[1] / "data"
PUBLISHED = sorted(DATA.glob("howell_*.txt"))


def read_published(path: Path) -> Movement:
    """A golden schedule (sets per table, tables per pair, parts) as a Movement."""
    parts: list[tuple[dict[int, list[int]], dict[int, list[int]]]] = [({}, {})]
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.strip() == "part":
            parts.append(({}, {}))
            continue
        head, values = line.split(":")
        kind, number = head.split()
        row = [int(v) for v in values.split()]
        (parts[-1][0] if kind == "sets" else parts[-1][1])[int(number)] = row
    rounds: list[Round] = []
    offset = 0
    for sets, pairs in parts:
        for r in range(len(next(iter(sets.values())))):
            seatings = []
            for table, row in sets.items():
                ns = next(p for p, t in pairs.items() if t[r] == table)
                ew = next(p for p, t in pairs.items() if t[r] == -table)
                board_set = row[r] if row[r] > 0 else sets[-row[r]][r]
                seatings.append((table, ns, ew, board_set + offset))
            built = []
            for table, ns, ew, board_set in seatings:
                shared = tuple(t for t, _, _, other in seatings
                               if other == board_set and t != table)
                built.append(Seating(table, ns, ew, (board_set,), shared_with=shared))
            rounds.append(Round(len(rounds) + 1, tuple(built)))
        offset += max(v for row in sets.values() for v in row)
    return Movement("howell", len(parts[0][0]), 1, tuple(rounds))


def test_the_golden_files_are_there() -> None:
    assert [p.name for p in PUBLISHED] == [
        "howell_03.txt", "howell_04.txt", "howell_05.txt", "howell_06.txt", "howell_07.txt",
        "howell_09.txt"]


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.stem)
def test_published_schedules_are_complete_howells(path: Path) -> None:
    published = read_published(path)
    n = 2 * published.tables
    assert published.problems() == []
    assert len(published.rounds) == n - 1
    assert set(meetings(published).values()) == {1}
    assert len(meetings(published)) == n * (n - 1) // 2


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.stem)
def test_ours_is_balanced_at_least_as_well_as_the_published_howell(path: Path) -> None:
    published = read_published(path)
    ours = howell(published.tables, 1)
    theirs, mine = balance(published), balance(ours)
    assert mine.mean == theirs.mean
    assert mine.deviation <= theirs.deviation + 1e-9
    assert mine.maximum - mine.minimum <= theirs.maximum - theirs.minimum


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.stem)
def test_ours_shares_boards_no_more_than_the_published_howell(path: Path) -> None:
    published = read_published(path)
    ours = howell(published.tables, 1)

    def shared(m: Movement) -> int:
        return sum(1 for r in m.rounds for s in r.seatings if s.shared_with)

    assert shared(ours) <= shared(published)


@pytest.mark.parametrize("tables", range(2, 13))
def test_every_pair_meets_every_other_once_and_plays_every_set_once(tables: int) -> None:
    m = howell(tables, 2)
    n = 2 * tables
    assert len(m.rounds) == n - 1
    assert m.problems() == []
    assert all(c.ok for c in check(m))
    assert sorted(meetings(m)) == [("A", a, b) for a, b in itertools.combinations(range(1, n + 1),
                                                                                2)]
    for pair in m.pairs:
        played = [b for r in m.rounds for s in r.seatings if pair in (s.ns_pair, s.ew_pair)
                  for b in s.boards]
        assert sorted(played) == list(m.boards)


@pytest.mark.parametrize("tables", range(4, 13))
def test_from_4_tables_no_board_set_is_ever_at_two_tables(tables: int) -> None:
    m = howell(tables, 3)
    assert not any(s.shared_with for r in m.rounds for s in r.seatings)
    for rnd in m.rounds:
        sets = [s.boards for s in rnd.seatings]
        assert len(set(sets)) == len(sets)


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12])
def test_even_tables_are_perfectly_balanced(tables: int) -> None:
    b = balance(howell(tables, 1))
    assert b.minimum == b.maximum == tables - 1


@pytest.mark.parametrize("tables", [5, 7, 9, 11])
def test_odd_tables_are_within_one_of_perfect(tables: int) -> None:
    b = balance(howell(tables, 1))
    assert (b.minimum, b.maximum) == (tables - 2, tables)
    assert b.deviation == pytest.approx(((tables - 1) / tables) ** 0.5)


def test_two_and_three_tables_share_boards_as_little_as_possible() -> None:
    two, three = howell(2, 4), howell(3, 4)
    assert all(s.shared_with for r in two.rounds for s in r.seatings)  # ACBL: all relayed
    assert balance(two, None).deviation == 0
    shared = [(r.number, s.table) for r in three.rounds for s in r.seatings if s.shared_with]
    assert shared == [(5, 1), (5, 2), (5, 3)]


def seat(m: Movement, round_number: int, pair: int) -> tuple[int, str]:
    found = m.seat_of(round_number, pair)
    assert found is not None
    return found[0].table, found[1]


def test_the_stationary_pair_stays_and_the_others_follow_the_pair_below() -> None:
    m = howell(5, 3)
    for r in range(1, 9):
        for pair in range(2, 10):
            assert seat(m, r + 1, pair) == seat(m, r, pair - 1)
        assert seat(m, r + 1, 1) == seat(m, r, 9)
        assert seat(m, r, 10) == (1, "NS")


def test_boards_move_down_a_table_or_onto_relay_stands() -> None:
    for tables in STARTERS:
        m = howell(tables, 1)
        stands = sum(count for count, _, _ in relay_stands(tables))
        assert stands == (2 * tables - 1) - tables
        for r in range(1, len(m.rounds)):
            for t in range(2, tables + 1):
                _, boards_next = m.moves_after(r, t)
                assert boards_next in (t - 1, None)


@settings(max_examples=40, deadline=None)
@given(tables=st.integers(2, 12), per_round=st.integers(1, 4), data=st.data(),
       half=st.sampled_from([None, "sit-out", "phantom"]))
def test_every_howell_option_gives_a_valid_movement(tables: int, per_round: int,
                                                    data: st.DataObject,
                                                    half: str | None) -> None:
    rounds = data.draw(st.integers(1, 2 * tables - 1))
    missing = data.draw(st.integers(1, 2 * tables)) if half else None
    m = howell(tables, per_round, rounds, half_table=half, missing_pair=missing)
    assert m.problems() == []
    assert max(meetings(m).values()) == 1
    if half == "sit-out":
        assert m.half_table is HalfTable.SIT_OUT
        assert all(len(r.sitting_out) == 1 for r in m.rounds)


def test_bad_sizes_raise_showing_the_input() -> None:
    with pytest.raises(MovementError, match="2 to 12 tables, not 13"):
        howell(13, 2)
    with pytest.raises(MovementError, match="1 to 9 rounds, not 10"):
        howell(5, 2, 10)
