"""Guide-card data for the printer: each pair's and each table's session."""

from __future__ import annotations

from server.movements import howell, mitchell, pair_cards, table_cards


def test_a_pair_card_lists_table_direction_opponents_and_boards_each_round() -> None:
    m = mitchell(5, 3)
    card = next(c for c in pair_cards(m) if c.pair == 6)
    first, second = card.rounds[:2]
    assert (first.round, first.table, first.direction, first.opponent, first.boards) == (
        1, 1, "EW", 1, (1, 2, 3))
    assert (second.table, second.direction, second.opponent, second.boards) == (
        2, "EW", 2, (7, 8, 9))
    assert len(card.rounds) == 5


def test_every_real_pair_gets_a_card_in_every_section() -> None:
    m = howell(4, 4, sections=2)
    cards = pair_cards(m)
    assert [(c.section, c.pair) for c in cards] == [
        (s, p) for s in ("A", "B") for p in range(1, 9)]
    assert all(len(c.rounds) == 7 for c in cards)


def test_a_sit_out_shows_on_the_pair_card() -> None:
    m = mitchell(5, 2, half_table="sit-out")
    card = next(c for c in pair_cards(m) if c.pair == 1)
    out = [r for r in card.rounds if r.table is None]
    assert len(out) == 1 and out[0].note == "sit out"


def test_a_table_card_says_where_pairs_and_boards_go_next() -> None:
    m = mitchell(8, 3, even="relay")
    card = next(c for c in table_cards(m) if c.table == 5)
    first = card.rounds[0]
    assert (first.ns_pair, first.ew_pair, first.boards) == (5, 13, (16, 17, 18))
    assert (first.ew_next, first.boards_next, first.note) == (6, None,
                                                              "boards to the relay stand")
    relay = next(c for c in table_cards(m) if c.table == 1).rounds[0]
    assert relay.note == "share boards with table 8"
    assert card.rounds[-1].ew_next is None


def test_arrow_switch_and_phantom_notes() -> None:
    m = mitchell(5, 2, arrow_switch="last", half_table="phantom")
    card = next(c for c in pair_cards(m) if c.pair == 1)
    assert "arrow switch" in card.rounds[-1].note
    assert any("phantom" in r.note for r in card.rounds)
    assert all(c.pair != 10 for c in pair_cards(m))
