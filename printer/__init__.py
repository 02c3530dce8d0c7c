"""Printouts for Traveller: a document model, ESC/POS bytes, PNG previews, print targets.

This package knows nothing of events or the server: callers build `Document`s (or use the
card builders in `printer.cards`), pick a `PrinterProfile`, parse a target string and
`deliver`. The ESC/POS side runs on python-escpos, which caches its printer database as a
pickle; `printer.escpos_cache` chooses where before any other module imports escpos.
"""

# First, before any submodule imports escpos (see printer.escpos_cache).
from printer import escpos_cache  # noqa: F401
from printer.cards import TableCardLabels, table_card
from printer.document import (
    Align,
    Block,
    Columns,
    Document,
    Feed,
    QRCode,
    Rule,
    Size,
    Text,
)
from printer.errors import InvalidTargetError, PrinterError, UnknownProfileError
from printer.escpos_render import render_escpos
from printer.outputs import (
    FileTarget,
    NetworkTarget,
    PreviewTarget,
    SerialTarget,
    Target,
    UsbTarget,
    deliver,
    parse_target,
)
from printer.preview import render_png, save_png
from printer.profiles import (
    BUILTIN_PROFILES,
    DEFAULT_PROFILE,
    PrinterProfile,
    find_profile,
)

__all__ = [
    "BUILTIN_PROFILES",
    "DEFAULT_PROFILE",
    "Align",
    "Block",
    "Columns",
    "Document",
    "Feed",
    "FileTarget",
    "InvalidTargetError",
    "NetworkTarget",
    "PreviewTarget",
    "PrinterError",
    "PrinterProfile",
    "QRCode",
    "Rule",
    "SerialTarget",
    "Size",
    "TableCardLabels",
    "Target",
    "Text",
    "UnknownProfileError",
    "UsbTarget",
    "deliver",
    "find_profile",
    "parse_target",
    "render_escpos",
    "render_png",
    "save_png",
    "table_card",
]
