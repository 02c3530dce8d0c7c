"""The WBF International Match Point scale.

A score difference becomes IMPs by the WBF's table (WBF General Conditions of Contest; the
same scale is printed in the Laws' companion scoring tables and used by every federation).
The table is given for differences in tens; a difference that falls between two bands (a
Butler datum that was not rounded, say) takes the band whose lower edge it has reached, so
15 is still 0 IMPs and 19.99 too, and 20 is 1.
"""

from __future__ import annotations

from bisect import bisect_right

IMP_BANDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
    1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
"""The lowest difference worth 1, 2, ... 24 IMPs."""

MAX_IMPS = len(IMP_BANDS)


def imps(difference: float) -> int:
    """The IMPs for a score difference, with its sign (positive when the first side gained)."""
    won = bisect_right(IMP_BANDS, abs(difference))
    return won if difference >= 0 else -won
