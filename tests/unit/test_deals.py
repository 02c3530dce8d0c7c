"""Hand records from PBN: [Board] and [Deal] tags, 52 distinct cards, 13 in each hand."""

from __future__ import annotations

import re

import pytest

from server.formats.deals import Deal, DealError, parse_deal, parse_deals, parse_hand

# Board 1 of a real-looking record: every card once, 13 per hand.
DEAL = "N:AKQJ.T98.765.432 T98.AKQ.432.8765 765.765.AKQJ.AKQ 432.J432.T98.JT9"


def test_a_good_deal_reads_clockwise_from_the_first_seat() -> None:
    deal = parse_deal(DEAL, board=1)
    assert deal == Deal(1, "AKQJ.T98.765.432", "T98.AKQ.432.8765", "765.765.AKQJ.AKQ",
                        "432.J432.T98.JT9")
    assert deal.pbn() == DEAL


def test_a_deal_may_start_with_any_seat() -> None:
    east_first = "E:T98.AKQ.432.8765 765.765.AKQJ.AKQ 432.J432.T98.JT9 AKQJ.T98.765.432"
    assert parse_deal(east_first) == parse_deal(DEAL)
    assert parse_deal(east_first).hand("e") == "T98.AKQ.432.8765"


def test_hands_are_written_high_to_low_with_t_for_ten_and_voids_empty() -> None:
    assert parse_hand("23AK.10J.-.Q") == "AK32.JT..Q"


def test_51_cards_is_refused_naming_the_short_hand() -> None:
    short = DEAL.replace("AKQJ.T98", "AKQJ.T9", 1)
    with pytest.raises(DealError, match=re.escape("N's hand 'AKQJ.T9.765.432' has 12 cards")):
        parse_deal(short)


def test_a_card_in_two_hands_is_refused() -> None:
    # West holds the spade ace too (in place of the four).
    twice = DEAL.replace("432.J432.T98.JT9", "A32.J432.T98.JT9")
    with pytest.raises(DealError, match="AS is in both N's and W's hands"):
        parse_deal(twice)


def test_a_bad_first_seat_is_refused() -> None:
    with pytest.raises(DealError, match="must start with the first hand's seat"):
        parse_deal("X:" + DEAL[2:])


def test_a_hand_of_three_suits_is_refused() -> None:
    with pytest.raises(DealError, match="has 3 suits, not 4"):
        parse_deal(DEAL.replace("AKQJ.T98.765.432", "AKQJ.T98.765432"))


def test_a_repeated_card_and_a_bad_rank_are_refused() -> None:
    with pytest.raises(DealError, match="repeated"):
        parse_hand("AA.K.Q.J")
    with pytest.raises(DealError, match="'X' is not a card rank"):
        parse_hand("AX.K.Q.J")


PBN = f"""% PBN 2.1
[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Deal "{DEAL}"]

[Board "2"]
[Deal "E:T98.AKQ.432.8765 765.765.AKQJ.AKQ 432.J432.T98.JT9 AKQJ.T98.765.432"]
"""


def test_a_file_gives_every_board_with_its_deal() -> None:
    deals = parse_deals(PBN)
    assert [d.board for d in deals] == [1, 2]
    assert deals[1].north == "AKQJ.T98.765.432"


def test_a_bad_deal_in_a_file_names_the_board_and_the_line() -> None:
    bad = PBN.replace("[Board \"2\"]\n[Deal \"E:T98", "[Board \"2\"]\n[Deal \"E:T9")
    with pytest.raises(DealError, match=r"hands.pbn line 8, board 2: E's hand 'T9.AKQ.432.8765' "
                                        r"has 12 cards"):
        parse_deals(bad, origin="hands.pbn")


def test_a_file_without_deals_is_refused() -> None:
    with pytest.raises(DealError, match="no \\[Deal\\] tag"):
        parse_deals('[Event "x"]\n')
