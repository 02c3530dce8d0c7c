"""Hand records from PBN: [Board] and [Deal] tags, 52 distinct cards, 13 in each hand."""

from __future__ import annotations

import re

import pytest

from server.formats.deals import Analysis, Deal, DealError, parse_deal, parse_deals, parse_hand

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


# --- issue 16 item 4: files as dealing machines write them --------------------------------


def test_16_4_comments_crlf_and_other_tags_are_skipped() -> None:
    text = ('% PBN 2.1\r\n{ a comment over lines,\r\n[Board "9"]\r\n[Deal "' + DEAL + '"] }\r\n'
            '; [Board "8"]\r\n[Event "Night; \\"A\\" {not a comment}"]\r\n[Board "1"] '
            '{ same line } [Dealer "N"] ; [Dealer "E"]\r\n[Vulnerable "Love"]\r\n'
            f'[Deal "{DEAL}"]\r\n[Auction "N"]\r\n1NT Pass 3NT AP\r\n')
    deals = parse_deals(text)
    assert [d.board for d in deals] == [1] and deals[0].analysis is None


def test_16_4_games_run_together_without_blank_lines() -> None:
    text = (f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Note "1:a"]\n[Note "2:b"]\n'
            '[OptimumScore "NS 430"]\n'
            f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n')
    deals = parse_deals(text)
    assert [d.board for d in deals] == [1, 2]
    assert deals[0].analysis == Analysis(None, 430, None, "file")


@pytest.mark.parametrize(("tag", "reason"), [
    ('[Dealer "E"]', "[Dealer 'E'] contradicts the board number: North deals board 1"),
    ('[Dealer "X"]', "[Dealer 'X'] is not N, E, S or W"),
    ('[Vulnerable "All"]', "[Vulnerable 'All'] contradicts the board number: board 1 is None "
                           "vulnerable"),
    ('[Vulnerable "Some"]', "[Vulnerable 'Some'] is not None, NS, EW or All"),
    ('[DoubleDummyTricks "aa9a9aa9a9224242242"]', "[DoubleDummyTricks 'aa9a9aa9a9224242242'] "
                                                  "is not 20 hex digits"),
    ('[DoubleDummyTricks "ea9a9aa9a92242422424"]', "[DoubleDummyTricks 'ea9a9aa9a92242422424'] "
                                                   "is not 20 hex digits"),
    ('[OptimumScore "430"]', "[OptimumScore '430'] is not a side and a score"),
])
def test_16_4_a_game_that_contradicts_its_board_is_refused(tag: str, reason: str) -> None:
    text = f'[Board "1"]\n{tag}\n[Deal "{DEAL}"]\n'
    with pytest.raises(DealError, match=re.escape(f"f.pbn line 2, board 1: {reason}")):
        parse_deals(text, origin="f.pbn")


def test_16_4_unknown_dealer_and_vulnerability_are_taken_from_the_board() -> None:
    text = f'[Board "7"]\n[Dealer "?"]\n[Vulnerable ""]\n[Deal "{DEAL}"]\n'
    assert parse_deals(text)[0].board == 7


def test_16_4_the_double_dummy_tags_give_a_5x4_table_and_par() -> None:
    text = (f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n'
            '[DoubleDummyTricks "AA9A9AA9A92242422424"]\n[OptimumScore "EW 100"]\n'
            '[ParContract "NS  4SX"]\n')
    found = parse_deals(text)[0].analysis
    assert found == Analysis("aa9a9aa9a92242422424", -100, "NS 4SX", "file")
    assert found.tricks_of("e", "h") == 4 and found.tricks_of("S", "NT") == 10
    assert found.table()[0] == ("NT", [10, 10, 2, 2])
    assert [strain for strain, _ in found.table()] == ["NT", "S", "H", "D", "C"]
    assert found.par_text == "EW 100"
    assert Analysis(None, 0, "Pass", "file").par_text == "0"
    assert Analysis(None, 430, None, "file").table() == []


def test_16_4_par_alone_is_an_analysis_too() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[OptimumScore "NS 430"]\n'
    assert parse_deals(text)[0].analysis == Analysis(None, 430, None, "file")


def test_16_4_a_comment_never_closed_hides_the_rest() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n{{ unclosed\n[Board "2"]\n[Deal "{DEAL}"]\n'
    assert [d.board for d in parse_deals(text)] == [1]
