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

from printer.document import (
    Align,
    Cell,
    Columns,
    Document,
    Feed,
    QRCode,
    Rule,
    Size,
    Table,
    Text,
)
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
        elif isinstance(block, Table):
            placed.extend(table_lines(block, profile.columns, prepare))
        elif isinstance(block, Feed):
            placed.extend(Line("") for _ in range(block.lines))
        elif isinstance(block, QRCode):
            size = fit_module_size(block.data, block.module_size, profile.dots)
            placed.append(PlacedQR(block.data, size))
    return placed


MIN_FLEX = 16
"""The narrowest a table's flexible column gets before its optional columns are left out."""

NOTE_INDENT = 4
"""Spaces before a table row's note when it cannot start under the flexible column."""

_CUT_TAIL = " -/,;"


def table_lines(table: Table, width: int, prepare: Callable[[str], str]) -> list[Line]:
    """`table` in lines of exactly the paper's `width` at most, headings in bold first.

    Every column is as wide as its widest cell (or heading); the flexible column takes what
    is left, and its cells take their longest form that fits, the last one cut with a mark.
    If that leaves it narrower than `MIN_FLEX`, optional columns go, the rightmost first.
    """
    count = len(table.columns)
    cells = [[_forms(cell, prepare) for cell in row.cells] for row in table.rows]
    headings = [prepare(c.heading) if table.headings else "" for c in table.columns]
    natural = [max([len(headings[i]), *(len(row[i][0]) for row in cells)]) for i in range(count)]
    flex = next((i for i, c in enumerate(table.columns) if c.flex), None)
    kept = list(range(count))
    while True:
        fixed = sum(natural[i] + 1 for i in kept if i != flex)  # each with the space after it
        fits = (fixed - 1 <= width if flex is None
                else width - fixed >= min(MIN_FLEX, natural[flex]))
        optional = [i for i in kept if table.columns[i].optional]
        if fits or not optional:
            break
        kept.remove(optional[-1])
    widths = {i: natural[i] for i in kept}
    if flex is not None:
        widths[flex] = max(1, width - sum(natural[i] + 1 for i in kept if i != flex))

    def line(texts: list[tuple[str, ...]]) -> str:
        parts = []
        for i in kept:
            text = _fit(texts[i], widths[i], prepare)
            align = table.columns[i].align
            parts.append(text.rjust(widths[i]) if align is Align.RIGHT
                         else text.center(widths[i]) if align is Align.CENTER
                         else text.ljust(widths[i]))
        # A fixed column wider than the paper (it should never be) is cut, never wrapped.
        return " ".join(parts).rstrip()[:width]

    out: list[Line] = []
    if table.headings:
        out.append(Line(line([(h,) for h in headings]), bold=True))
    # Notes start under the flexible column (the names), unless that leaves them too little
    # of the paper: then a short indent sets them off from the rows.
    indent = NOTE_INDENT
    if flex is not None:
        indent = sum(widths[i] + 1 for i in kept[: kept.index(flex)])
    if indent > width // 3:
        indent = min(NOTE_INDENT, width // 2)
    for row, texts in zip(table.rows, cells, strict=True):
        out.append(Line(line(texts), bold=row.bold))
        if row.note:
            out.extend(Line(" " * indent + text)
                       for text in wrap(prepare(row.note), width - indent))
    return out


def _forms(cell: str | Cell, prepare: Callable[[str], str]) -> tuple[str, ...]:
    forms = cell.forms if isinstance(cell, Cell) else (cell,)
    # A cell is one line: a newline in a name must not break the table.
    return tuple(prepare(form).replace("\n", " ") for form in forms)


def _fit(forms: tuple[str, ...], width: int, prepare: Callable[[str], str]) -> str:
    """The first of `forms` that fits `width`, else the last one cut, ending in a mark."""
    for form in forms:
        if len(form) <= width:
            return form
    # An ellipsis where the medium has one character for it, else a full stop.
    mark = prepare("…")
    mark = mark if len(mark) == 1 else "."
    if width <= 1:
        return forms[-1][:width]
    return forms[-1][: width - 1].rstrip(_CUT_TAIL) + mark
