"""Round slips and guide cards: their lines on 32- and 48-column paper, and their bytes."""

from __future__ import annotations

from printer import (
    Align,
    Document,
    GuideRound,
    NextSeat,
    RoundSlip,
    SlipPair,
    board_list,
    find_profile,
    guide_card,
    render_escpos,
    render_png,
    round_slip,
)
from printer.charset import to_ascii
from printer.layout import Line, lay_out
from tests.unit.test_printer_escpos import printed_lines, text_profile


def paper(doc: Document, columns: int) -> list[str]:
    """The printed lines as the paper shows them: each aligned within the characters its size
    allows (a double-width line has half as many), trailing spaces dropped."""
    profile = find_profile(str(columns))
    lines = []
    for item in lay_out(doc, profile, to_ascii):
        assert isinstance(item, Line)
        width = profile.columns // item.size.width
        text = (item.text.center(width) if item.align is Align.CENTER
                else item.text.rjust(width) if item.align is Align.RIGHT else item.text)
        lines.append(text.rstrip())
    return lines


KOWALSKA = SlipPair(3, ("Anna Kowalska", "Jan Nowak"))
WISNIEWSKI = SlipPair(10, ("Łukasz Wiśniewski", "Grzegorz Brzęczyszczykiewicz"))
SLIP = RoundSlip("A", 3, 2, 5, KOWALSKA, WISNIEWSKI, (4, 5, 6), ns_next=NextSeat(3, "NS"),
                 ew_next=NextSeat(4, "EW"), boards_next_table=2)


def test_a_round_slip_on_32_columns() -> None:
    assert paper(round_slip("Club Night", SLIP), 32) == [
        "           Club Night",
        "================================",
        "Section A           Round 2 of 5",
        "    TABLE 3",
        "--------------------------------",
        "North-South: pair 3",
        "Anna Kowalska - Jan Nowak",
        "East-West: pair 10",
        "Lukasz Wisniewski - Grzegorz",
        "Brzeczyszczykiewicz",
        "--------------------------------",
        "Boards 4-6",
        "--------------------------------",
        "For round 3",
        "NS 3             stay at table 3",
        "EW 10              to table 4 EW",
        "Boards 4-6            to table 2",
        "--------------------------------",
    ]


def test_a_round_slip_on_48_columns() -> None:
    assert paper(round_slip("Club Night", SLIP), 48) == [
        "                   Club Night",
        "================================================",
        "Section A                           Round 2 of 5",
        "        TABLE 3",
        "------------------------------------------------",
        "North-South: pair 3",
        "Anna Kowalska - Jan Nowak",
        "East-West: pair 10",
        "Lukasz Wisniewski - Grzegorz Brzeczyszczykiewicz",
        "------------------------------------------------",
        "Boards 4-6",
        "------------------------------------------------",
        "For round 3",
        "NS 3                             stay at table 3",
        "EW 10                              to table 4 EW",
        "Boards 4-6                            to table 2",
        "------------------------------------------------",
    ]


def test_the_last_rounds_slip_says_so_instead_of_the_moves() -> None:
    last = RoundSlip("B", 7, 5, 5, SlipPair(7), SlipPair(14), (13, 14, 15))
    assert paper(round_slip("Club Night", last), 32)[-7:] == [
        "North-South: pair 7",
        "East-West: pair 14",
        "--------------------------------",
        "Boards 13-15",
        "--------------------------------",
        "      Last round: no moves",
        "--------------------------------",
    ]


def test_a_howell_move_names_the_direction_a_sit_out_and_the_relay_stand() -> None:
    slip = RoundSlip("A", 2, 1, 7, SlipPair(5), SlipPair(1), (3, 4), ns_next=NextSeat(4, "EW"),
                     ew_next=None, boards_next_table=None)
    assert paper(round_slip("Howell", slip), 32)[-5:] == [
        "For round 2",
        "NS 5               to table 4 EW",
        "EW 1                     sit out",
        "Boards 3-4    to the relay stand",
        "--------------------------------",
    ]


def test_k4_3_a_barometers_boards_go_back_to_the_director_not_to_a_relay() -> None:
    slip = RoundSlip("A", 2, 1, 7, SlipPair(5), SlipPair(1), (1, 2), ns_next=NextSeat(2, "NS"),
                     ew_next=NextSeat(3, "EW"), boards_finished=True)
    assert paper(round_slip("Barometer", slip), 32)[-2] == "Boards 1-2  back to the director"


def test_a_swiss_slip_before_the_next_draw_promises_no_table() -> None:
    slip = RoundSlip("O", 1, 1, 6, SlipPair(1), SlipPair(8), (1, 2), moves_known=False)
    assert "The director announces the next" in paper(round_slip("Swiss", slip), 48)[-2]


def test_board_lists_read_as_ranges() -> None:
    assert board_list((3, 1, 2)) == "1-3"
    assert board_list((1, 2, 3, 7, 9, 10)) == "1-3, 7, 9-10"
    assert board_list(()) == ""


def test_a_slips_bytes_carry_its_text_and_end_with_a_cut() -> None:
    data = render_escpos(round_slip("Club Night", SLIP), text_profile("58mm"))
    assert data.startswith(b"\x1b@") and data.endswith(b"\x1dV\x00")
    texts = [line.text for line in printed_lines(data)]
    assert "TABLE 3" in texts and "Boards 4-6" in texts
    assert "Lukasz Wisniewski - Grzegorz" in texts  # ASCII on the printer: no Ł, no ś
    assert "EW 10              to table 4 EW" in texts
    assert render_png(round_slip("Club Night", SLIP), find_profile("58mm")).width == 384


CARD = (
    GuideRound(1, 1, "EW", 1, (1, 2, 3)),
    GuideRound(2, 2, "EW", 2, (4, 5, 6)),
    GuideRound(3, None, None, None, ()),
    GuideRound(4, 12, "NS", 11, (22, 23, 24), "arrow switch: play the other hands"),
)


def test_a_guide_card_on_32_columns() -> None:
    assert paper(guide_card("Club Night", "A", SlipPair(7, ("Zoë Ćwik", "Jan Nowak")), CARD),
                 32) == [
        "           Club Night",
        "================================",
        "           Section A",
        "     PAIR 7",
        "      Zoe Cwik - Jan Nowak",
        "--------------------------------",
        "Rnd Table Dir Vs Boards",
        "  1     1 EW   1 1-3",
        "  2     2 EW   2 4-6",
        "  3              sit out",
        "  4    12 NS  11 22-24",
        "    arrow switch: play the other",
        "    hands",
        "--------------------------------",
    ]


def test_a_guide_card_on_48_columns() -> None:
    assert paper(guide_card("Club Night", "A", SlipPair(7), CARD), 48) == [
        "                   Club Night",
        "================================================",
        "                   Section A",
        "         PAIR 7",
        "------------------------------------------------",
        "Rnd Table Dir Vs Boards",
        "  1     1 EW   1 1-3",
        "  2     2 EW   2 4-6",
        "  3              sit out",
        "  4    12 NS  11 22-24",
        "    arrow switch: play the other hands",
        "------------------------------------------------",
    ]


def test_a_guide_cards_bytes_end_with_a_cut() -> None:
    data = render_escpos(guide_card("Club Night", "A", SlipPair(7), CARD), text_profile("80mm"))
    texts = [line.text for line in printed_lines(data)]
    assert "PAIR 7" in texts and "  4    12 NS  11 22-24" in texts
    assert data.endswith(b"\x1dV\x00")
