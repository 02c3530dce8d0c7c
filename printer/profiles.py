"""Printer profiles: how wide the paper is, in characters and in dots.

Thermal printers print font A as 12 × 24 dots, so the column count follows from the
printable width: 384 dots give 32 columns on 58 mm paper, 576 dots give 48 on 80 mm.
Some 80 mm printers only print 512 dots (42 columns). Profiles are found by name,
case-insensitively, the way python-chess finds its variants.
"""

from __future__ import annotations

from dataclasses import dataclass

from printer.errors import UnknownProfileError


@dataclass(frozen=True)
class PrinterProfile:
    """The paper a printer prints on."""

    name: str
    columns: int
    """Characters of normal-size font A per line."""
    dots: int
    """Printable width in dots (pixels of the preview)."""


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


def find_profile(name: str) -> PrinterProfile:
    """The built-in profile called `name` ("58mm", "80MM", "42", ...)."""
    try:
        return _BY_NAME[name.strip().lower()]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise UnknownProfileError(f"unknown printer profile: {name!r} (known: {known})") from None
