"""Lay a document out in lines: the wrapping both renderers share.

`lay_out` turns blocks into printed lines (text already wrapped to the paper, rules drawn
out to full width, feeds as blank lines) and QR codes with a module size that fits. The
ESC/POS renderer and the PNG preview only draw what it returns, so they break lines in
the same places. Each passes its own `prepare` for the characters it can show: the
printer's ASCII can make a line longer (ß → ss), so wrapping happens after `prepare`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from printer.document import Align, Columns, Document, Feed, QRCode, Rule, Size, Text
from printer.profiles import PrinterProfile
from printer.qr import fit_module_size


@dataclass(frozen=True)
class Line:
    """One printed line, never wider than the paper at its size."""

    text: str
    size: Size = Size.NORMAL
    bold: bool = False
    align: Align = Align.LEFT


@dataclass(frozen=True)
class PlacedQR:
    """A QR code, centred, at a module size that fits the paper."""

    data: str
    module_size: int


Placed = Line | PlacedQR


def columns_for(size: Size, profile: PrinterProfile) -> int:
    """Characters per line at `size`: double width halves them."""
    return max(1, profile.columns // size.width)


def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters, breaking at spaces.

    A word longer than a line (a URL, mostly) starts a line of its own and breaks after
    "/", "?", "&", "=" or "-" where it can, else anywhere. Newlines start new lines; an
    empty paragraph is a blank line; runs of spaces print as one.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, width) or [""])
    return lines


# Zero-width split points just after the characters a URL reads well broken after.
_URL_BREAKS = re.compile(r"(?<=[/?&=\-])")


def _wrap_paragraph(paragraph: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in paragraph.split():
        if line and len(line) + 1 + len(word) <= width:
            line += " " + word
            continue
        if line:
            lines.append(line)
        line = word
        if len(word) > width:
            *full, line = _break_word(word, width)
            lines.extend(full)
    if line:
        lines.append(line)
    return lines


def _break_word(word: str, width: int) -> list[str]:
    """`word` in pieces of at most `width`, cut at URL break points where possible."""
    pieces = [""]
    for part in _URL_BREAKS.split(word):
        if len(pieces[-1]) + len(part) <= width:
            pieces[-1] += part
            continue
        if pieces[-1]:
            pieces.append(part)
        else:
            pieces[-1] = part
        while len(pieces[-1]) > width:
            rest = pieces[-1][width:]
            pieces[-1] = pieces[-1][:width]
            pieces.append(rest)
    return pieces


def two_columns(left: str, right: str, width: int) -> list[str]:
    """`left` flush left and `right` flush right, on one line when they fit with a gap."""
    if len(left) + 1 + len(right) <= width:
        return [left + " " * (width - len(left) - len(right)) + right]
    lines = wrap(left, width)
    # A long left side keeps its own lines; the right side goes under it, still flush right.
    if len(lines[-1]) + 1 + len(right) <= width:
        lines[-1] += " " * (width - len(lines[-1]) - len(right)) + right
    else:
        lines.extend(line.rjust(width) for line in wrap(right, width))
    return lines


def lay_out(doc: Document, profile: PrinterProfile, prepare: Callable[[str], str]) -> list[Placed]:
    """The lines and QR codes of `doc` on `profile`'s paper, text passed through `prepare`."""
    placed: list[Placed] = []
    for block in doc.blocks:
        if isinstance(block, Text):
            width = columns_for(block.size, profile)
            placed.extend(
                Line(line, block.size, block.bold, block.align)
                for line in wrap(prepare(block.text), width)
            )
        elif isinstance(block, Rule):
            placed.append(Line(block.char * profile.columns))
        elif isinstance(block, Columns):
            lines = two_columns(prepare(block.left), prepare(block.right), profile.columns)
            placed.extend(Line(line) for line in lines)
        elif isinstance(block, Feed):
            placed.extend(Line("") for _ in range(block.lines))
        elif isinstance(block, QRCode):
            size = fit_module_size(block.data, block.module_size, profile.dots)
            placed.append(PlacedQR(block.data, size))
    return placed
