"""ESC/POS bytes in text mode: init, the code page, styled text wrapped to the paper, native
QR codes, the cut. (The default, raster mode, is proved in test_printer_raster.py.)"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from printer import (
    BUILTIN_PROFILES,
    Align,
    Block,
    Columns,
    Document,
    Feed,
    PrinterProfile,
    QRCode,
    Rule,
    Size,
    Text,
    find_profile,
    render_escpos,
    table_card,
)
from printer.charset import CODE_PAGES
from printer.qr import QUIET_ZONE, qr_matrix

ESC, GS = 0x1B, 0x1D
URL = "http://192.168.1.10:5000/t/A/3?k=Zx8fQ2mLpR7tVw3Y"
_CODECS = {page.number: page.codec for page in CODE_PAGES.values() if page.number is not None}


def text_profile(name: str, code_page: str = "ASCII") -> PrinterProfile:
    """Paper `name` in text mode on `code_page` (ASCII: the transliteration alone)."""
    return find_profile(name, "text", code_page)


@dataclass
class PrintedLine:
    text: str
    width: int
    """Character width multiplier in force (ESC ! bit 5)."""


def printed_lines(data: bytes) -> list[PrintedLine]:
    """The text lines a printer would print from `data`, read in the code page ESC t selects;
    fails on any command we do not send."""
    lines: list[PrintedLine] = []
    text = bytearray()
    width = 1
    codec = "ascii"
    i = 0
    while i < len(data):
        byte = data[i]
        if byte == ESC:
            command = data[i + 1 : i + 2]
            if command == b"@":
                width, codec, i = 1, "ascii", i + 2
            elif command in (b"!", b"E", b"a", b"d", b"t"):
                if command == b"!":
                    width = 2 if data[i + 2] & 0x20 else 1
                if command == b"t":
                    codec = _CODECS[data[i + 2]]
                i += 3
            else:
                raise AssertionError(f"unexpected ESC command at {i}: {data[i : i + 8]!r}")
        elif byte == GS:
            command = data[i + 1 : i + 3]
            if command == b"(k":
                i += 5 + data[i + 3] + 256 * data[i + 4]
            elif command[:1] == b"V":
                i += 3
            else:
                raise AssertionError(f"unexpected GS command at {i}: {data[i : i + 8]!r}")
        elif byte == ord("\n"):
            lines.append(PrintedLine(text.decode(codec), width))
            text.clear()
            i += 1
        else:
            assert 0x20 <= byte != 0x7F, f"unprintable byte {byte:#x} at {i}"
            assert byte < 0x80 or codec != "ascii", f"byte {byte:#x} at {i} with no code page"
            text.append(byte)
            i += 1
    assert not text, "text left unprinted after the last line feed"
    return lines


@pytest.fixture
def card_bytes() -> bytes:
    return render_escpos(table_card("Club Night", "A", 3, URL), text_profile("58mm"))


def test_bytes_start_with_esc_at_initialise(card_bytes: bytes) -> None:
    assert card_bytes.startswith(b"\x1b@")


def test_qr_code_is_stored_natively_with_the_url(card_bytes: bytes) -> None:
    store = b"\x1d(k" + (len(URL) + 3).to_bytes(2, "little") + b"1P0" + URL.encode()
    assert store in card_bytes
    assert b"\x1d(k\x03\x001Q0" in card_bytes  # and printed


def test_card_ends_with_a_cut(card_bytes: bytes) -> None:
    assert card_bytes.endswith(b"\x1dV\x00")


def test_card_prints_event_table_and_scan_line(card_bytes: bytes) -> None:
    texts = [line.text for line in printed_lines(card_bytes)]
    assert "Club Night" in texts
    assert "Section A" in texts
    assert "TABLE 3" in texts
    assert "Scan to open the table terminal" in texts
    assert "".join(texts).count(URL) == 1  # wrapped over lines, but all there


def test_table_number_is_double_size_and_bold(card_bytes: bytes) -> None:
    before = card_bytes[: card_bytes.index(b"TABLE 3")]
    assert before.rindex(b"\x1b!0") > before.rindex(b"\x1b!\x00")  # ESC ! 0x30: double
    assert before.rindex(b"\x1bE\x01") > before.rindex(b"\x1b!0")  # bold after the size


def test_same_document_gives_the_same_bytes() -> None:
    profile = text_profile("80mm")
    assert render_escpos(table_card("E", "B", 12, URL), profile) == render_escpos(
        table_card("E", "B", 12, URL), profile
    )


def test_no_cut_feeds_past_the_tear_bar_instead() -> None:
    data = render_escpos(Document("slip", (Text("x"),), cut=False), text_profile("58mm"))
    assert b"\x1dV" not in data
    assert data.endswith(b"\x1bd\x06")


LONG = (
    "Kejuaraan Nasional Bridge Beregu Campuran 2025 Babak Penyisihan "
    "http://192.168.100.200:5000/t/section-A/table-12?token=Zx8fQ2mLpR7tVw3YabcdEFGH"
)


@pytest.mark.parametrize("profile", BUILTIN_PROFILES, ids=lambda p: p.name)
def test_no_printed_line_is_wider_than_the_paper(profile: PrinterProfile) -> None:
    texts = [Text(LONG, size, bold, align) for size in Size for bold in (False, True)
             for align in Align]
    blocks: tuple[Block, ...] = (
        *texts,
        Rule("="),
        Columns("Pair 12 Kowalski - Wiśniewski - Grzegorzewski", "58.33%"),
        Columns("Board 7", "+420"),
        Feed(2),
        QRCode(URL),
    )
    data = render_escpos(Document("wide", blocks), profile.printing("text", "ASCII"))
    lines = printed_lines(data)
    assert max(len(line.text) * line.width for line in lines) == profile.columns
    for line in lines:
        assert len(line.text) * line.width <= profile.columns, line


def test_rule_spans_the_paper() -> None:
    data = render_escpos(Document("r", (Rule("="),)), text_profile("42"))
    assert "=" * 42 in [line.text for line in printed_lines(data)]


def test_columns_put_the_right_side_flush_right() -> None:
    data = render_escpos(Document("c", (Columns("Board 7", "+420"),)), text_profile("32"))
    assert "Board 7" + " " * 21 + "+420" in [line.text for line in printed_lines(data)]


def test_suits_print_as_letters_and_accents_are_dropped() -> None:
    text = "4♠X by N, ♥♦♣; Łódź ąęłśżźćń ĄĘŁŚŻ é ß Straße – “ok”"
    data = render_escpos(Document("s", (Text(text),)), text_profile("80mm"))
    printed = " ".join(line.text for line in printed_lines(data))
    assert printed == '4SX by N, HDC; Lodz aelszzcn AELSZ e ss Strasse - "ok"'


def test_characters_with_no_ascii_form_print_as_question_marks() -> None:
    data = render_escpos(Document("s", (Text("牌 ok"),)), text_profile("80mm"))
    assert [line.text for line in printed_lines(data)] == ["? ok"]


def test_control_characters_in_text_never_reach_the_printer() -> None:
    data = render_escpos(Document("s", (Text("Club\x1dV\x00 Night\x07"),)), text_profile("58mm"))
    assert [line.text for line in printed_lines(data)] == ["ClubV Night"]
    assert data.count(b"\x1dV") == 1  # only the real cut


def test_long_qr_data_shrinks_the_module_size_to_fit_58mm() -> None:
    content = "x" * 300
    data = render_escpos(Document("q", (QRCode(content, module_size=16),)), text_profile("58mm"))
    module = data[data.index(b"\x1d(k\x03\x001C") + 7]
    symbol = len(qr_matrix(content)) + 2 * QUIET_ZONE
    assert module * symbol <= 384 < (module + 1) * symbol


def test_8_text_mode_selects_cp852_and_prints_polish_letters() -> None:
    text = "Łódź ąęłśżźćń ĄĘŁŚŻŹĆŃÓ 4♠X ♥♦♣ – Zoë"
    data = render_escpos(Document("s", (Text(text),)), text_profile("80mm", "CP852"))
    assert data.startswith(b"\x1b@\x1bt\x12")  # ESC t 18: CP852, before any text
    printed = " ".join(line.text for line in printed_lines(data))
    # Every Polish letter is in CP852; suits (and the dash) are not, so they take letters.
    assert printed == "Łódź ąęłśżźćń ĄĘŁŚŻŹĆŃÓ 4SX HDC - Zoë"
    assert "Łódź".encode("cp852") in data


def test_8_text_mode_is_cp852_unless_the_profile_says_otherwise() -> None:
    assert find_profile("58mm", "text").code_page.name == "CP852"
    data = render_escpos(Document("s", (Text("Łódź – “ok”"),)), text_profile("58mm", "cp1250"))
    assert data.startswith(b"\x1b@\x1bt-")  # ESC t 45: CP1250, which has the dash and quotes
    assert [line.text for line in printed_lines(data)] == ["Łódź – “ok”"]


def test_8_no_code_page_puts_a_command_byte_in_the_text() -> None:
    # CP437 draws its suits at 0x03-0x06, which a printer reads as commands.
    data = render_escpos(Document("s", (Text("♠♥ é"),)), text_profile("58mm", "CP437"))
    assert [line.text for line in printed_lines(data)] == ["SH é"]


def test_8_code_page_numbers_agree_with_python_escpos() -> None:
    from escpos.capabilities import get_profile

    numbers = get_profile("default").get_code_pages()
    for page in CODE_PAGES.values():
        if page.number is not None:
            assert int(numbers[page.name]) == page.number, page
