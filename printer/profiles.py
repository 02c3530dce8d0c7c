"""Printer profiles: how wide the paper is, and how the printer is spoken to.

Thermal printers print font A as 12 × 24 dots, so the column count follows from the
printable width: 384 dots give 32 columns on 58 mm paper, 576 dots give 48 on 80 mm.
Some 80 mm printers only print 512 dots (42 columns). Paper profiles are found by name,
case-insensitively, the way python-chess finds its variants.

A profile also says how documents reach the paper (`PrintMode`): by default as the picture
the preview shows (raster), which prints every language and the suit symbols on any ESC/POS
printer; or as text in one of the printer's code pages, which is faster and prints what the
code page holds (Polish letters in CP852, suits as letters).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from printer.charset import CODE_PAGES, DEFAULT_CODE_PAGE, CodePage, find_code_page
from printer.errors import UnknownProfileError


class PrintMode(Enum):
    """How a document is sent to the printer."""

    RASTER = "raster"
    """The preview's picture, in bands of GS v 0 raster rows: every character prints."""
    TEXT = "text"
    """Lines of text in the profile's code page, QR codes native: fast, fewer characters."""


DEFAULT_MODE = PrintMode.RASTER


@dataclass(frozen=True)
class PrinterProfile:
    """The paper a printer prints on, and how it is sent there."""

    name: str
    columns: int
    """Characters of normal-size font A per line."""
    dots: int
    """Printable width in dots (pixels of the preview)."""
    mode: PrintMode = DEFAULT_MODE
    code_page: CodePage = CODE_PAGES[DEFAULT_CODE_PAGE]
    """The character table text mode prints with (the raster and the preview need none)."""

    def printing(self, mode: PrintMode | str | None = None,
                 code_page: CodePage | str | None = None) -> PrinterProfile:
        """This paper printed in `mode` with `code_page` (names are looked up and checked)."""
        if isinstance(mode, str):
            mode = parse_mode(mode)
        if isinstance(code_page, str):
            code_page = find_code_page(code_page)
        return replace(self, mode=mode or self.mode, code_page=code_page or self.code_page)


BUILTIN_PROFILES: tuple[PrinterProfile, ...] = (
    PrinterProfile("58mm", columns=32, dots=384),
    PrinterProfile("80mm-42", columns=42, dots=512),
    PrinterProfile("80mm", columns=48, dots=576),
)

DEFAULT_PROFILE = BUILTIN_PROFILES[2]

# Directors know their printer as "the 32-column one" as often as by paper width.
_BY_NAME: dict[str, PrinterProfile] = {
    **{profile.name.lower(): profile for profile in BUILTIN_PROFILES},
    **{str(profile.columns): profile for profile in BUILTIN_PROFILES},
}


def find_profile(name: str, mode: PrintMode | str | None = None,
                 code_page: CodePage | str | None = None) -> PrinterProfile:
    """The built-in profile called `name` ("58mm", "80MM", "42", ...), printing in `mode`
    (raster by default) with `code_page` (CP852 by default) for text mode."""
    try:
        paper = _BY_NAME[name.strip().lower()]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise UnknownProfileError(f"unknown printer profile: {name!r} (known: {known})") from None
    return paper.printing(mode, code_page)


def parse_mode(text: str) -> PrintMode:
    """The print mode called `text` ("raster" or "text", any case)."""
    try:
        return PrintMode(text.strip().lower())
    except ValueError:
        known = ", ".join(mode.value for mode in PrintMode)
        raise UnknownProfileError(f"unknown print mode: {text!r} (known: {known})") from None
