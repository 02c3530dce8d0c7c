"""Documents as ESC/POS bytes, the language of thermal receipt printers.

python-escpos's `Dummy` printer collects the commands instead of sending them, so the
bytes can be spooled, written to a file, or sent to any printer later. The profile's mode
chooses how a document is spoken:

- raster (the default): the preview's own picture (`printer.preview.render_body`), sent with
  python-escpos's `image` as GS v 0 raster images in bands of `BAND_ROWS` rows. A printer
  holds a whole GS v 0 image in memory before it prints it, and cheap ones have little, so
  a long results sheet goes as many short images, one under the other with no gap. Every
  character the preview draws prints, on any ESC/POS printer, with no code page involved.
- text: lines of characters in the profile's code page (selected once with ESC t), sizes and
  bold as ESC ! and ESC E, QR codes native (GS ( k). Far fewer bytes, but only what the code
  page holds (see `printer.charset`).

Both start with ESC @ and end with the cut (GS V, after feeding the paper to the cutter) or,
for a document that is not cut, a feed past the tear bar. The same document always gives the
same bytes.
"""

from __future__ import annotations

from functools import lru_cache

from escpos.capabilities import Profile, get_profile_class
from escpos.constants import QR_ECLEVEL_H, QR_ECLEVEL_L, QR_ECLEVEL_M, QR_ECLEVEL_Q
from escpos.printer import Dummy

from printer.charset import to_code_page
from printer.document import Align, Document, Size
from printer.layout import Line, lay_out
from printer.preview import render_body
from printer.profiles import PrinterProfile, PrintMode
from printer.qr import ERROR_CORRECTION

ESCPOS_PROFILE = "default"

BAND_ROWS = 256
"""Rows of dots per GS v 0 image: 18 KB at 576 dots, 12 KB at 384."""

_QR_LEVELS = {"L": QR_ECLEVEL_L, "M": QR_ECLEVEL_M, "Q": QR_ECLEVEL_Q, "H": QR_ECLEVEL_H}

_Style = tuple[Size, bool, Align]

_PLAIN: _Style = (Size.NORMAL, False, Align.LEFT)

# Lines fed past the last text when there is no cut, so it clears the tear bar.
_TEAR_OFF_FEED = 6

ESC_T = b"\x1bt"
"""ESC t n: select character code table n."""


def render_escpos(doc: Document, profile: PrinterProfile) -> bytes:
    """The ESC/POS bytes that print `doc` on `profile`'s paper, from ESC @ to the cut."""
    if profile.mode is PrintMode.RASTER:
        printer = Dummy(profile=_raster_profile(profile.dots))
        printer.hw("INIT")
        _raster(printer, doc, profile)
    else:
        printer = Dummy(profile=ESCPOS_PROFILE)
        printer.hw("INIT")
        _text(printer, doc, profile)
    if doc.cut:
        printer.cut()
    else:
        printer.print_and_feed(_TEAR_OFF_FEED)
    output: bytes = printer.output
    return output


def _raster(printer: Dummy, doc: Document, profile: PrinterProfile) -> None:
    body = render_body(doc, profile)
    if body.height:
        printer.image(body, impl="bitImageRaster", fragment_height=BAND_ROWS)


@lru_cache(maxsize=8)
def _raster_profile(dots: int) -> Profile:
    """python-escpos's default printer, told the paper's width in dots (it checks images
    against it, and says so on stdout when it does not know it)."""
    defaults = get_profile_class(ESCPOS_PROFILE).profile_data
    escpos_profile = Profile(features=dict(defaults["features"]))
    escpos_profile.profile_data = {
        **defaults,
        "media": {**defaults["media"], "width": {"mm": "Unknown", "pixels": dots}},
    }
    return escpos_profile


def _text(printer: Dummy, doc: Document, profile: PrinterProfile) -> None:
    page = profile.code_page
    if page.number is not None:
        printer._raw(ESC_T + bytes((page.number,)))
    style = _PLAIN
    for item in lay_out(doc, profile, lambda text: to_code_page(text, page)):
        if isinstance(item, Line):
            style = _set_style(printer, style, (item.size, item.bold, item.align))
            # Raw bytes of our page: python-escpos's text() would pick code pages itself.
            printer._raw(item.text.encode(page.codec) + b"\n")
        else:
            # Printers centre a native QR code by the justification set with ESC a.
            style = _set_style(printer, style, (Size.NORMAL, False, Align.CENTER))
            printer.qr(
                item.data,
                ec=_QR_LEVELS[ERROR_CORRECTION],
                size=item.module_size,
                native=True,
            )
    # Leave the printer in its power-on style for whatever prints next.
    _set_style(printer, style, _PLAIN)


def _set_style(printer: Dummy, current: _Style, wanted: _Style) -> _Style:
    """Send the commands that change `current` into `wanted`; ESC @ starts at `_PLAIN`."""
    size, bold, align = wanted
    if size != current[0]:
        printer.set(
            normal_textsize=size is Size.NORMAL,
            double_width=size.width == 2,
            double_height=size.height == 2,
        )
    # ESC ! (the size command) also clears bold, so bold is sent again after a size change.
    if bold != current[1] or (size != current[0] and bold):
        printer.set(bold=bold)
    if align != current[2]:
        printer.set(align=align.value)
    return wanted
