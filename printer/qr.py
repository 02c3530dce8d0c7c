"""QR code geometry shared by the printer and the preview.

The printer draws QR codes itself (GS ( k), so we never send the pixels; but we still
need the symbol's size to pick a module size that fits the paper, and the preview needs
the modules to draw. Both come from the qrcode library with the same error-correction
level the printer is told to use.
"""

from __future__ import annotations

from functools import lru_cache

import qrcode
import qrcode.constants

ERROR_CORRECTION = "M"
"""Level M survives a coffee ring on a table card and still fits a long URL on 58 mm."""

QUIET_ZONE = 4
"""White modules a scanner needs on each side of the symbol."""

MAX_MODULE_SIZE = 16

_LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}


@lru_cache(maxsize=256)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the smallest QR symbol holding `data`, True for dark, no border.

    Kept for the next call: the layout asks for the size and the picture for the modules,
    and choosing the best mask pattern is the slow part of drawing a table card."""
    code = qrcode.QRCode(error_correction=_LEVELS[ERROR_CORRECTION], border=0)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def fit_module_size(data: str, requested: int, dots: int) -> int:
    """`requested` dots per module, or less so that symbol and quiet zone fit in `dots`."""
    modules = len(qr_matrix(data)) + 2 * QUIET_ZONE
    return max(1, min(requested, dots // modules, MAX_MODULE_SIZE))
