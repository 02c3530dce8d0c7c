"""The document model: what a printout says, with no idea of how it is printed.

Cards and result slips are built as a `Document` of plain frozen blocks (text, rules, QR
codes, feeds, two-column lines, tables). The ESC/POS renderer and the PNG preview both read the
same document, so what the director previews is what the thermal printer puts on paper.
Strings are ordinary Unicode (suit symbols, Polish and Indonesian letters); each renderer
decides how to show characters its medium lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

QR_MODULE_SIZES = range(1, 17)
"""Dots per QR module that ESC/POS printers accept (GS ( k function 167)."""

RULE_CHARS = frozenset("-=")


class Size(Enum):
    """Character size, as a thermal printer's ESC ! command offers it: (width, height)."""

    NORMAL = (1, 1)
    DOUBLE_HEIGHT = (1, 2)
    DOUBLE_WIDTH = (2, 1)
    DOUBLE = (2, 2)

    @property
    def width(self) -> int:
        """How many columns of the paper one character takes."""
        return self.value[0]

    @property
    def height(self) -> int:
        """How many normal line heights one character takes."""
        return self.value[1]


class Align(Enum):
    """Horizontal placement of a line within the printable width."""

    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


@dataclass(frozen=True)
class Text:
    """A paragraph, word-wrapped to the paper; a newline in `text` starts a new line."""

    text: str
    size: Size = Size.NORMAL
    bold: bool = False
    align: Align = Align.LEFT


@dataclass(frozen=True)
class Rule:
    """A line of `char` across the full width of the paper."""

    char: str = "-"

    def __post_init__(self) -> None:
        if self.char not in RULE_CHARS:
            raise ValueError(f"invalid rule character: {self.char!r} (use '-' or '=')")


@dataclass(frozen=True)
class QRCode:
    """A centred QR code of `data`; `module_size` (dots per module) shrinks to fit the paper."""

    data: str
    module_size: int = 6

    def __post_init__(self) -> None:
        if not self.data:
            raise ValueError("a QR code needs data")
        if self.module_size not in QR_MODULE_SIZES:
            raise ValueError(f"invalid QR module size: {self.module_size!r} (1 to 16)")


@dataclass(frozen=True)
class Feed:
    """Blank paper, `lines` normal lines high."""

    lines: int = 1

    def __post_init__(self) -> None:
        if self.lines < 0:
            raise ValueError(f"invalid feed: {self.lines!r} lines")


@dataclass(frozen=True)
class Columns:
    """One line with `left` flush left and `right` flush right, like "Board 7 ....... 420"."""

    left: str
    right: str


@dataclass(frozen=True)
class Cell:
    """A table cell's text, with shorter forms for a narrower column, longest first.

    A results sheet gives a pair's names as "Anna Kowalska - Jan Nowak", then
    "Kowalska - Nowak": the layout prints the first form that fits and cuts the last one.
    """

    text: str
    shorter: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        return (self.text, *self.shorter)


@dataclass(frozen=True)
class Column:
    """A column of a `Table`: its heading, and how its cells sit in it."""

    heading: str
    align: Align = Align.LEFT
    flex: bool = False
    """Takes the width the other columns leave; its cells are shortened to fit it."""
    optional: bool = False
    """Left out when the paper is too narrow to give the flexible column its minimum."""


@dataclass(frozen=True)
class Row:
    """One line of a `Table`; `note` prints under it, wrapped and indented."""

    cells: tuple[str | Cell, ...]
    note: str = ""
    bold: bool = False


@dataclass(frozen=True)
class Table:
    """Rows in columns fitted to the paper: each column as wide as its widest cell, one
    flexible column (names, mostly) taking the rest, one space between columns."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    headings: bool = True
    """Print the columns' headings, in bold, above the rows."""

    def __post_init__(self) -> None:
        if sum(column.flex for column in self.columns) > 1:
            raise ValueError("a table has at most one flexible column")
        for row in self.rows:
            if len(row.cells) != len(self.columns):
                raise ValueError(f"a row of {len(row.cells)} cells in a table of "
                                 f"{len(self.columns)} columns: {row.cells!r}")


Block = Text | Rule | QRCode | Feed | Columns | Table


@dataclass(frozen=True)
class Document:
    """One printout: torn or cut off the roll on its own."""

    title: str
    """A short name for files and logs, e.g. "table-card-A-03"; it is not printed."""
    blocks: tuple[Block, ...]
    cut: bool = True
    """Cut the paper after the last block (printers without a cutter ignore it)."""
