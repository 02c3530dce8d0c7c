"""Documents as ESC/POS bytes, the language of thermal receipt printers.

python-escpos's `Dummy` printer collects the commands instead of sending them, so the
bytes can be spooled, written to a file, or sent to any printer later. We use its
"default" capability profile, which prints QR codes natively (GS ( k) and cuts (GS V),
and we send ASCII only (see `printer.charset`). The same document always gives the
same bytes.
"""

from __future__ import annotations

from escpos.constants import QR_ECLEVEL_H, QR_ECLEVEL_L, QR_ECLEVEL_M, QR_ECLEVEL_Q
from escpos.printer import Dummy

from printer.charset import to_ascii
from printer.document import Align, Document, Size
from printer.layout import Line, lay_out
from printer.profiles import PrinterProfile
from printer.qr import ERROR_CORRECTION

ESCPOS_PROFILE = "default"

_QR_LEVELS = {"L": QR_ECLEVEL_L, "M": QR_ECLEVEL_M, "Q": QR_ECLEVEL_Q, "H": QR_ECLEVEL_H}

_Style = tuple[Size, bool, Align]

_PLAIN: _Style = (Size.NORMAL, False, Align.LEFT)

# Lines fed past the last text when there is no cut, so it clears the tear bar.
_TEAR_OFF_FEED = 6


def render_escpos(doc: Document, profile: PrinterProfile) -> bytes:
    """The ESC/POS bytes that print `doc` on `profile`'s paper, from ESC @ to the cut."""
    printer = Dummy(profile=ESCPOS_PROFILE)
    printer.hw("INIT")
    style = _PLAIN
    for item in lay_out(doc, profile, to_ascii):
        if isinstance(item, Line):
            style = _set_style(printer, style, (item.size, item.bold, item.align))
            printer.text(item.text + "\n")
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
    if doc.cut:
        printer.cut()
    else:
        printer.print_and_feed(_TEAR_OFF_FEED)
    output: bytes = printer.output
    return output


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
