"""Printouts for Traveller: a document model, ESC/POS bytes, PNG previews, print targets.

This package knows nothing of events or the server: callers build `Document`s (or use the
builders: table cards in `printer.cards`, round slips and guide cards in `printer.slips`, the
results sheet in `printer.results`), pick a `PrinterProfile` (the paper, and whether the
printer gets the preview's picture, the default, or text in a code page), parse a target
string and `deliver`. The ESC/POS side runs on python-escpos, which caches its printer database as a
pickle; `printer.escpos_cache` chooses where before any other module imports escpos.
"""

# First, before any submodule imports escpos (see printer.escpos_cache).
from printer import escpos_cache  # noqa: F401
from printer.cards import TableCardLabels, table_card
from printer.charset import CODE_PAGES, DEFAULT_CODE_PAGE, CodePage, find_code_page
from printer.document import (
    Align,
    Block,
    Cell,
    Column,
    Columns,
    Document,
    Feed,
    QRCode,
    Row,
    Rule,
    Size,
    Table,
    Text,
)
from printer.errors import InvalidTargetError, PrinterError, UnknownProfileError
from printer.escpos_render import render_escpos
from printer.outputs import (
    FileTarget,
    NetworkTarget,
    Offload,
    PreviewTarget,
    SerialTarget,
    Target,
    UsbTarget,
    deliver,
    parse_target,
    run_here,
)
from printer.preview import render_png, save_png
from printer.profiles import (
    BUILTIN_PROFILES,
    DEFAULT_MODE,
    DEFAULT_PROFILE,
    PrinterProfile,
    PrintMode,
    find_profile,
    parse_mode,
)
from printer.results import ResultsLabels, StandingLine, StandingsField, results_sheet
from printer.slips import (
    GuideCardLabels,
    GuideRound,
    NextSeat,
    RoundSlip,
    RoundSlipLabels,
    SlipPair,
    board_list,
    guide_card,
    round_slip,
)

__all__ = [
    "BUILTIN_PROFILES",
    "CODE_PAGES",
    "DEFAULT_CODE_PAGE",
    "DEFAULT_MODE",
    "DEFAULT_PROFILE",
    "Align",
    "Block",
    "Cell",
    "CodePage",
    "Column",
    "Columns",
    "Document",
    "Feed",
    "FileTarget",
    "GuideCardLabels",
    "GuideRound",
    "InvalidTargetError",
    "NetworkTarget",
    "NextSeat",
    "Offload",
    "PreviewTarget",
    "PrintMode",
    "PrinterError",
    "PrinterProfile",
    "QRCode",
    "ResultsLabels",
    "RoundSlip",
    "RoundSlipLabels",
    "Row",
    "Rule",
    "SerialTarget",
    "Size",
    "SlipPair",
    "StandingLine",
    "StandingsField",
    "Table",
    "TableCardLabels",
    "Target",
    "Text",
    "UnknownProfileError",
    "UsbTarget",
    "board_list",
    "deliver",
    "find_code_page",
    "find_profile",
    "guide_card",
    "parse_mode",
    "parse_target",
    "render_escpos",
    "render_png",
    "results_sheet",
    "round_slip",
    "run_here",
    "save_png",
    "table_card",
]
