"""Wrapping and characters, shared by the ESC/POS bytes and the PNG preview."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from printer.charset import clean, to_ascii
from printer.layout import wrap


@given(st.text(), st.integers(min_value=1, max_value=60))
def test_wrapped_lines_never_exceed_the_width(text: str, width: int) -> None:
    assert all(len(line) <= width for line in wrap(text, width))


@given(st.text(), st.integers(min_value=1, max_value=60))
def test_wrapping_keeps_every_printed_character_in_order(text: str, width: int) -> None:
    def printed(lines: str) -> str:
        return "".join(lines.split())

    assert printed("".join(wrap(text, width))) == printed(text)


def test_wrap_breaks_at_spaces() -> None:
    assert wrap("Scan to open the table terminal", 16) == ["Scan to open the", "table terminal"]


def test_newline_starts_a_line_and_an_empty_paragraph_stays_blank() -> None:
    assert wrap("NS 1\n\nEW 2", 32) == ["NS 1", "", "EW 2"]


def test_long_url_breaks_after_a_slash_or_query_mark() -> None:
    url = "http://192.168.1.10:5000/t/A/3?k=Zx8fQ2mLpR7tVw3Y"
    assert wrap(url, 32) == ["http://192.168.1.10:5000/t/A/3?", "k=Zx8fQ2mLpR7tVw3Y"]
    assert wrap(url, 48) == ["http://192.168.1.10:5000/t/A/3?k=", "Zx8fQ2mLpR7tVw3Y"]


def test_suits_become_the_letters_players_write() -> None:
    assert to_ascii("4♠X 3♥ 2♦ 1♣ 1♤♡♢♧") == "4SX 3H 2D 1C 1SHDC"


def test_polish_and_indonesian_letters_lose_their_accents() -> None:
    assert to_ascii("Zażółć gęślą jaźń ŁÓDŹ") == "Zazolc gesla jazn LODZ"
    assert to_ascii("Pekan Olahraga Daérah") == "Pekan Olahraga Daerah"


def test_decomposed_accents_count_as_one_letter() -> None:
    assert clean("e\u0301") == "é"
    assert to_ascii("e\u0301") == "e"


def test_ascii_text_is_unchanged() -> None:
    text = "Board 7: 4SX= by N, NS +620 (72.5%)"
    assert to_ascii(text) == clean(text) == text
