"""Mitchell movements: 3-40 tables, skip or relay and bye stand, arrow switch, half table,
several sections on the same boards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.movements import HalfTable, MovementError, balance, check, meetings, mitchell


@settings(max_examples=80, deadline=None)
@given(
    tables=st.integers(3, 40),
    per_round=st.integers(1, 4),
    even=st.sampled_from(["skip", "relay"]),
    arrow=st.sampled_from([None, "last"]),
    half=st.sampled_from([None, "sit-out", "phantom"]),
    sections=st.integers(1, 3),
)
def test_every_mitchell_is_valid(tables: int, per_round: int, even: str, arrow: str | None,
                                 half: str | None, sections: int) -> None:
    m = mitchell(tables, per_round, even=even, arrow_switch=arrow, half_table=half,
                 sections=sections)
    assert m.problems() == []
    assert all(c.ok for c in check(m))
    # Each EW pair meets each NS pair at most once, and never a pair of its own line.
    assert max(meetings(m).values()) == 1
    for (_, low, high) in meetings(m):
        assert low <= tables < high


@pytest.mark.parametrize("tables", [3, 5, 7, 13, 39])
def test_odd_tables_play_one_set_per_table_and_meet_everybody(tables: int) -> None:
    m = mitchell(tables, 2)
    assert len(m.rounds) == tables
    assert len(m.boards) == 2 * tables
    assert len(meetings(m)) == tables * tables  # every EW pair met every NS pair


def test_even_tables_skip_after_half_the_rounds() -> None:
    m = mitchell(10, 3)  # the default for an even number of tables
    assert len(m.rounds) == 9  # 10 sets of boards, 9 rounds: EW skip one NS pair
    ew_tables = [found[0].table for r in range(1, 10) if (found := m.seat_of(r, 11))]
    assert ew_tables == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    assert "skip one table after round 5" in " ".join(m.notes)


def test_even_tables_with_a_relay_share_tables_1_and_n_and_rest_on_a_bye_stand() -> None:
    m = mitchell(8, 3, even="relay")
    assert len(m.rounds) == 8
    first = m.rounds[0]
    assert first.seatings[0].shared_with == (8,) and first.seatings[-1].shared_with == (1,)
    assert first.seatings[0].boards == first.seatings[-1].boards
    in_play = {b for s in first.seatings for b in s.boards}
    assert set(range(1, 25)) - in_play == {13, 14, 15}  # set 5 on the bye stand
    assert len(meetings(m)) == 64  # every EW pair meets every NS pair


def test_arrow_switch_turns_the_last_round_and_joins_the_two_fields() -> None:
    plain = mitchell(7, 3)
    switched = mitchell(7, 3, arrow_switch="last")
    assert all(s.arrow_switch for s in switched.rounds[-1].seatings)
    assert not any(s.arrow_switch for r in switched.rounds[:-1] for s in r.seatings)
    # Without the switch NS pairs are compared only with NS pairs: two fields.
    assert balance(plain).minimum == 0
    assert balance(switched).deviation < balance(plain).deviation / 2


def test_arrow_switch_rounds_can_be_listed_and_are_checked() -> None:
    m = mitchell(9, 3, arrow_switch="3,6")
    assert [r.number for r in m.rounds if r.seatings[0].arrow_switch] == [3, 6]
    with pytest.raises(MovementError, match="arrow switch in round 12"):
        mitchell(9, 3, arrow_switch=[12])


def test_half_table_sit_out_drops_the_missing_pairs_table() -> None:
    m = mitchell(7, 2, half_table="sit-out")
    assert m.phantom == 14 and m.half_table is HalfTable.SIT_OUT
    for rnd in m.rounds:
        assert len(rnd.seatings) == 6
        assert len(rnd.sitting_out) == 1
    assert sorted(pair for r in m.rounds for _, pair in r.sitting_out) == list(range(1, 8))


def test_half_table_phantom_keeps_the_table_against_the_phantom() -> None:
    m = mitchell(7, 2, half_table="phantom", missing_pair=3)
    assert m.phantom == 3
    assert all(len(r.seatings) == 7 for r in m.rounds)
    assert 3 not in m.pairs


def test_k4_2_several_sections_play_the_same_boards() -> None:
    """K4.2: pools scored top integral play the same boards (one copy per section)."""
    m = mitchell(9, 3, sections=3)
    assert m.sections == ("A", "B", "C")
    for rnd in m.rounds:
        by_section: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
        for s in rnd.seatings:
            by_section.setdefault(s.section, []).append((s.table, s.boards))
        assert by_section["A"] == by_section["B"] == by_section["C"]
    assert m.problems() == []


@pytest.mark.parametrize(("tables", "rounds", "message"), [
    (2, None, "3 to 40 tables"),
    (41, None, "3 to 40 tables"),
    (8, 8, "1 to 7 rounds"),
    (7, 0, "1 to 7 rounds"),
])
def test_bad_options_raise_showing_the_input(tables: int, rounds: int | None,
                                             message: str) -> None:
    with pytest.raises(MovementError, match=message):
        mitchell(tables, 2, rounds)


def test_a_relay_mitchell_has_a_round_per_table_and_no_more() -> None:
    assert len(mitchell(8, 2, 8, even="relay").rounds) == 8
    with pytest.raises(MovementError, match="1 to 8 rounds, not 9"):
        mitchell(8, 2, 9, even="relay")


def test_unknown_variants_raise() -> None:
    with pytest.raises(MovementError, match="'hesitation'"):
        mitchell(8, 2, even="hesitation")
    with pytest.raises(MovementError, match="'absent'"):
        mitchell(7, 2, half_table="absent")
