"""Characters as each medium can show them.

The preview draws real Unicode, so it only tidies text (`clean`). A thermal printer is
another matter: we cannot know which code pages a given cheap printer carries, and
python-escpos's automatic code-page switching prints garbage on printers that lack the
page it picks. So the ESC/POS renderer sends ASCII only (`to_ascii`): suit symbols become
the letters bridge players write (4♠X → 4SX), accented letters lose their accents (NFKD),
and the few letters Unicode does not decompose (ł, ø, ß ...) come from a small table.
"""

from __future__ import annotations

import unicodedata

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
