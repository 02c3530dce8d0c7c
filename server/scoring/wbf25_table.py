"""The table of the earlier WBF 25-VP scale (25:0, draw 15:15), by number of boards.

Copied from GitHub ukrbublik/BridgeNote, ``BridgeProject/BridgeGameScoring.cs`` at commit
5d832d017050b07fe17b47ba356c2b69b76dfe11 (the ``VP_Table`` arrays of its static constructor;
the box-drawn table in the comment below them says the same). That file does not name the scale;
its 16- and 32-board rows agree with two public descriptions of the former WBF scale (Ron Klinger,
IBPA Bulletin May 2013; infobridge.it), the only rows checked against a second source. The golden
files tests/data/vp_wbf25_*.csv were typed separately from the comment table.
"""

from __future__ import annotations

SOURCE = (
    "earlier WBF 25-VP scale (25:0, draw 15:15), tables for 8, 12, 16, 20, 24, 28 and 32 boards "
    "as in GitHub ukrbublik/BridgeNote BridgeProject/BridgeGameScoring.cs "
    "@5d832d017050b07fe17b47ba356c2b69b76dfe11 (16 and 32 boards checked against second sources)")

UPPER_LIMITS: dict[int, tuple[int, ...]] = {
    8: (1, 5, 8, 11, 14, 17, 20, 23, 26, 29, 33, 37, 41, 45, 50),
    12: (1, 6, 9, 12, 16, 20, 24, 28, 32, 36, 40, 45, 50, 55, 61),
    16: (2, 7, 11, 15, 19, 23, 27, 31, 36, 41, 46, 52, 58, 64, 71),
    20: (2, 8, 12, 16, 21, 26, 31, 36, 41, 47, 53, 59, 65, 72, 79),
    24: (3, 9, 14, 19, 24, 29, 34, 39, 45, 51, 57, 64, 71, 79, 87),
    28: (3, 10, 15, 20, 25, 31, 37, 43, 49, 55, 61, 68, 76, 85, 94),
    32: (3, 10, 16, 22, 28, 34, 40, 46, 52, 58, 65, 73, 82, 91, 100),
}
"""For each number of boards, the largest winning margin (IMPs) of each of the 15 columns
15:15, 16:14, ..., 24:6, 25:5, 25:4, ..., 25:1; a larger margin scores 25:0."""
