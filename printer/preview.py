"""Documents as pictures of the paper, for checking a printout and for printing it.

The picture is `profile.dots` pixels wide, one pixel per printer dot, laid out by the same
`lay_out` as the ESC/POS text. Characters sit on the printer's 12 × 24-dot font-A grid and
double sizes are stretched the way the printer stretches them, so line breaks and
proportions match the paper. Every pixel is ink or paper, nothing grey: a thermal head has
no grey, and by default the printer gets this very picture (`render_body`, the part between
the margins) as raster rows, so real characters (♠, ł, ż) print in DejaVu Sans Mono when it
is installed. A profile in text mode previews what its code page prints instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from printer.charset import clean, to_ascii, to_code_page
from printer.document import Align, Document
from printer.layout import Line, PlacedQR, lay_out
from printer.profiles import PrinterProfile, PrintMode
from printer.qr import qr_matrix

PAPER = 255
INK = 0

# Debian's path first; Pillow also searches the system font folders for a bare file name.
_FONT_FILES = {
    False: ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "DejaVuSansMono.ttf"),
    True: ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Bold.ttf"),
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# The blank paper between the cutter and the print head: a fresh card starts this far down,
# and a cut document feeds this many lines before the cut.
_TOP_LINES = 1
_CUT_FEED_LINES = 6


def render_png(doc: Document, profile: PrinterProfile) -> Image.Image:
    """A greyscale picture of `doc` printed on `profile`'s paper, margins and all."""
    body = render_body(doc, profile)
    top, bottom = margins(doc, profile)
    paper = Image.new("L", (profile.dots, top + body.height + bottom), PAPER)
    paper.paste(body, (0, top))
    return paper


def render_body(doc: Document, profile: PrinterProfile) -> Image.Image:
    """The dots the printer prints for `doc`: its picture without the blank margins."""
    cell = profile.dots // profile.columns  # 12 dots: font A's width
    line_gap = cell // 2  # font A is 24 dots high in a 30-dot line
    fonts = _fonts(cell)
    rows: list[tuple[Image.Image, int]] = []  # each piece and its left edge
    for item in lay_out(doc, profile, _prepare(profile, fonts)):
        if isinstance(item, Line):
            piece = _pad_bottom(_draw_line(item, cell, fonts), line_gap)
            rows.append((piece, _left_edge(piece.width, item.align, profile.dots)))
        elif isinstance(item, PlacedQR):
            piece = _draw_qr(item)
            rows.append((piece, (profile.dots - piece.width) // 2))
    body = Image.new("L", (profile.dots, sum(piece.height for piece, _ in rows)), PAPER)
    y = 0
    for piece, x in rows:
        body.paste(piece, (x, y))
        y += piece.height
    return body


def margins(doc: Document, profile: PrinterProfile) -> tuple[int, int]:
    """The blank dots above and below the body: the paper between the cutter and the print
    head at the top, and the feed before the cut (or past the tear bar) at the bottom."""
    cell = profile.dots // profile.columns
    line_height = 2 * cell + cell // 2  # as `render_body` lays lines out
    return _TOP_LINES * line_height, (_CUT_FEED_LINES if doc.cut else 1) * line_height


def _prepare(profile: PrinterProfile, fonts: _Fonts) -> Callable[[str], str]:
    if profile.mode is PrintMode.TEXT:
        page = profile.code_page
        return lambda text: to_code_page(text, page)
    # Pillow's own font has no ł or ♠: without DejaVu, preview what an ASCII printer prints.
    return clean if fonts.unicode else to_ascii


def save_png(doc: Document, profile: PrinterProfile, path: Path | str) -> Path:
    """Write `render_png(doc, profile)` to `path` and return the path."""
    path = Path(path)
    render_png(doc, profile).save(path, format="PNG", optimize=True)
    return path


def _draw_line(line: Line, cell: int, fonts: _Fonts) -> Image.Image:
    """`line` on the character grid, stretched by its size like the printer stretches it."""
    height = 2 * cell
    piece = Image.new("L", (max(1, len(line.text)) * cell, height), PAPER)
    if line.text.strip():
        font = fonts.bold if line.bold else fonts.regular
        fake_bold = line.bold and fonts.bold is fonts.regular
        for column, char in enumerate(line.text):
            if not char.isspace():
                # The glyph's picture is a cell wider on each side, for glyphs that overhang.
                piece.paste(INK, ((column - 1) * cell, 0), _glyph(char, font, cell, fake_bold))
    width, height = piece.size
    if line.size.width == 1 and line.size.height == 1:
        return piece
    # The printer doubles each dot, so nearest-neighbour is the faithful stretch.
    return piece.resize(
        (width * line.size.width, height * line.size.height), Image.Resampling.NEAREST
    )


@lru_cache(maxsize=4096)
def _glyph(char: str, font: Font, cell: int, fake_bold: bool) -> Image.Image:
    """The ink of `char` centred in the middle one of three cells (a mask: 255 is ink).

    Drawn once per character and font: a results sheet has thousands of characters but a
    few dozen different ones, and drawing is most of the time a raster printout takes.
    """
    height = 2 * cell
    mask = Image.new("L", (3 * cell, height), 0)
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"  # no anti-aliasing: each dot is ink or paper, as on the paper
    top = 0
    if isinstance(font, ImageFont.FreeTypeFont):
        ascent, descent = font.getmetrics()
        top = (height - ascent - descent) // 2
    # One character per cell, centred in it, so even a proportional fallback font keeps
    # the printer's grid.
    x = cell + (cell - draw.textlength(char, font=font)) / 2
    draw.text((x, top), char, fill=255, font=font)
    if fake_bold:  # the way the printer emboldens: the same dots again, one over
        draw.text((x + 1, top), char, fill=255, font=font)
    return mask


def _draw_qr(qr: PlacedQR) -> Image.Image:
    """The QR symbol, one module = `module_size` dots, without quiet zone (the paper is white)."""
    matrix = qr_matrix(qr.data)
    modules = Image.new("L", (len(matrix), len(matrix)), PAPER)
    modules.putdata([INK if dark else PAPER for row in matrix for dark in row])
    size = len(matrix) * qr.module_size
    return modules.resize((size, size), Image.Resampling.NEAREST)


def _pad_bottom(piece: Image.Image, dots: int) -> Image.Image:
    padded = Image.new("L", (piece.width, piece.height + dots), PAPER)
    padded.paste(piece, (0, 0))
    return padded


def _left_edge(width: int, align: Align, dots: int) -> int:
    if align is Align.CENTER:
        return max(0, (dots - width) // 2)
    if align is Align.RIGHT:
        return max(0, dots - width)
    return 0


@dataclass(frozen=True)
class _Fonts:
    regular: Font
    bold: Font
    unicode: bool
    """True for DejaVu Sans Mono, which has suits and Polish letters."""


@lru_cache(maxsize=8)
def _fonts(cell: int) -> _Fonts:
    """Monospace fonts whose characters are `cell` dots wide, or Pillow's own font."""
    regular, bold = _truetype(cell, bold=False), _truetype(cell, bold=True)
    if regular is None:
        fallback = ImageFont.load_default(size=2 * cell * 3 // 4)
        return _Fonts(fallback, fallback, unicode=False)
    return _Fonts(regular, bold or regular, unicode=True)


def _truetype(cell: int, *, bold: bool) -> ImageFont.FreeTypeFont | None:
    for name in _FONT_FILES[bold]:
        try:
            probe = ImageFont.truetype(name, 100)
        except OSError:
            continue
        # Size the font so one character's advance is one cell.
        return ImageFont.truetype(name, round(100 * cell / probe.getlength("M")))
    return None
