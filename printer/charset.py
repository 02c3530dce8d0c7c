"""Characters as each medium can show them.

The preview (and so the raster a printer gets by default) draws real Unicode, so it only
tidies text (`clean`). Text sent to a printer as characters is another matter: it prints
what the printer's code page holds. We cannot know which code pages a given cheap printer
carries, and python-escpos's automatic code-page switching prints garbage on printers that
lack the page it picks, so a printer profile names one page (`CodePage`: CP852 holds the
Polish letters) and text mode keeps every character that page has (`to_code_page`). The
rest falls back to ASCII (`to_ascii`): suit symbols become the letters bridge players write
(4♠X → 4SX; no code page has suits among its printable characters), accented letters lose
their accents (NFKD), and the few letters Unicode does not decompose (ł, ø, ß ...) come from
a small table.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_SUITS = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip

# Letters and signs that NFKD leaves alone, or decomposes into something unprintable.
_NO_DECOMPOSITION = {
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ı": "i",
    "ħ": "h", "Ħ": "H", "ŧ": "t", "Ŧ": "T", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
    "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
    "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
    "–": "-", "—": "-", "−": "-", "⁄": "/", "•": "*", "·": ".", "×": "x", "€": "EUR",
}  # fmt: skip

UNPRINTABLE = "?"


def clean(text: str) -> str:
    """`text` composed (NFC) with tabs as spaces and other control characters dropped.

    Control characters are dropped because on a printer they are commands: an event name
    must not be able to cut the paper or open the cash drawer.
    """
    text = unicodedata.normalize("NFC", text).replace("\t", " ")
    return "".join(c for c in text if c == "\n" or unicodedata.category(c) != "Cc")


def to_ascii(text: str) -> str:
    """`text` as a printer with nothing but ASCII can print it."""
    return "".join(_ascii_char(c) for c in clean(text))


def _ascii_char(char: str) -> str:
    if char.isascii():
        return char
    if char in _SUITS:
        return _SUITS[char]
    if char in _NO_DECOMPOSITION:
        return _NO_DECOMPOSITION[char]
    kept = []
    for part in unicodedata.normalize("NFKD", char):
        if part.isascii():
            kept.append(part)
        elif part in _NO_DECOMPOSITION:
            kept.append(_NO_DECOMPOSITION[part])
        elif unicodedata.category(part) != "Mn":  # accents (combining marks) just go
            kept.append(UNPRINTABLE)
    return "".join(kept) or UNPRINTABLE


@dataclass(frozen=True)
class CodePage:
    """A character table of ESC/POS printers, selected with ESC t."""

    name: str
    codec: str
    """Python's codec for its bytes."""
    number: int | None
    """The ESC t number that selects it (Epson's numbering); None: ASCII, which needs none."""
    description: str


CODE_PAGES: dict[str, CodePage] = {
    page.name: page
    for page in (
        CodePage("CP852", "cp852", 18, "Latin 2: Polish and Central European letters"),
        CodePage("CP1250", "cp1250", 45, "Windows Central European: Polish letters"),
        CodePage("CP858", "cp858", 19, "Western European letters and the euro sign"),
        CodePage("CP437", "cp437", 0, "the printers' power-on page: a few accented letters"),
        CodePage("ASCII", "ascii", None, "no accents: for printers without these pages"),
    )
}
"""The code pages text mode offers, most useful first for the languages Traveller speaks
(Indonesian needs no more than ASCII)."""

DEFAULT_CODE_PAGE = "CP852"


def find_code_page(name: str) -> CodePage:
    """The code page called `name` ("cp852", "CP1250", "ascii", ...)."""
    page = CODE_PAGES.get(name.strip().upper().replace("-", ""))
    if page is None:
        known = ", ".join(CODE_PAGES)
        raise ValueError(f"unknown code page: {name!r} (known: {known})")
    return page


def to_code_page(text: str, page: CodePage) -> str:
    """`text` as a printer on code page `page` can print it: every character the page holds
    as a printable byte stays, the others take their ASCII form."""
    return "".join(c if _in_page(c, page.codec) else _ascii_char(c) for c in clean(text))


@lru_cache(maxsize=4096)
def _in_page(char: str, codec: str) -> bool:
    try:
        encoded = char.encode(codec)
    except UnicodeEncodeError:
        return False
    # Bytes below 0x20 and DEL are commands to a printer, whatever the page draws there
    # (CP437 has its suits at 0x03-0x06).
    return len(encoded) == 1 and 0x20 <= encoded[0] != 0x7F
