"""Victory-point scales: one match's IMP margin turned into the two teams' VPs.

A scale is data with its source. The WBF 2013 continuous 20-VP scale is a formula whose values
the WBF rounds to hundredths and then nudges so that no extra IMP is worth more than the one
before it; the discrete scales (the ACBL 30-VP Swiss scale, the earlier WBF 25-VP scale) are
tables of IMP bands by number of boards. Scales are found by name, case-insensitively, with
:func:`find_scale`; ``find_scale(name).convert(imps, boards)`` is what ``traveller vp`` prints.
VPs come back as floats with at most two decimals, the winner's figure first when ``imps`` is
positive.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from numbers import Real

from server.scoring.wbf25_table import SOURCE as WBF25_SOURCE
from server.scoring.wbf25_table import UPPER_LIMITS as WBF25_UPPER_LIMITS

TAU = (math.sqrt(5) - 1) / 2
"""The golden-ratio constant of the WBF 2013 formula, about 0.618."""


class VpScaleError(ValueError):
    """Bad input to a VP scale: the base of every error raised here."""


class UnknownScaleError(VpScaleError):
    """A scale name that is not registered; the message lists the names that are."""


class InvalidBoardsError(VpScaleError):
    """A number of boards that is not a whole number of at least 1."""


class InvalidMarginError(VpScaleError):
    """An IMP margin that is not a finite number."""


class UnsupportedBoardsError(VpScaleError):
    """A scale that publishes no table for this number of boards."""


def _check(imps: float, boards: int) -> float:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise InvalidBoardsError(f"invalid number of boards: {boards!r}")
    # Any real number will do (a carry-over is an exact Fraction), but not True or "7".
    if isinstance(imps, bool) or not isinstance(imps, Real) or not math.isfinite(imps):
        raise InvalidMarginError(f"invalid IMP margin: {imps!r}")
    return float(imps)


def _half_up(value: float) -> int:
    # Halves go up, as in the published generators of the scale; Python's round() would send
    # them to the even neighbour. (The formula is irrational, so a true half hardly occurs.)
    return math.floor(value + 0.5)


@dataclass(frozen=True)
class VpScale(ABC):
    """A victory-point scale. Subclasses say how a winning margin becomes the two figures."""

    name: str
    """The registered name (lower case), e.g. ``"wbf2013"``."""
    total: float
    """The VPs the two teams share in a drawn match, and in every match the scale does not blitz:
    20 for the WBF 2013 scale, 30 for the ACBL and the old WBF 25-VP scales (15:15 draws)."""
    maximum: float
    """The most VPs one team can score in a match."""
    source: str
    """Where the numbers come from."""

    @abstractmethod
    def winner_and_loser(self, margin: float, boards: int) -> tuple[float, float]:
        """The VPs of the winner and of the loser of a match won by ``margin`` >= 0 IMPs."""

    def convert(self, imps: float, boards: int) -> tuple[float, float]:
        """The VPs of the two teams of a match of ``boards`` boards in which the first team won
        ``imps`` IMPs net (negative when it lost): ``(first, second)``. Swapping the teams
        (negating ``imps``) swaps the figures."""
        margin = _check(imps, boards)
        won, lost = self.winner_and_loser(abs(margin), boards)
        return (won, lost) if margin >= 0 else (lost, won)


@lru_cache(maxsize=256)
def wbf_continuous_table(boards: int, half: int = 1000) -> tuple[int, ...]:
    """The WBF 2013 continuous scale for ``boards`` boards, in hundredths of a VP: entry ``m`` is
    the winner's VPs for a margin of ``m`` whole IMPs; margins past the end score the maximum.

    ``half`` is the draw in hundredths (1000 for the 20-VP scale). The raw figure is
    ``half + half * (1 - TAU ** (3 * m / B)) / (1 - TAU ** 3)`` with the blitz margin
    ``B = 15 * sqrt(boards)``, capped at ``2 * half`` and rounded half up to a hundredth. The
    rounding can make one IMP worth a hundredth more than the IMP before it; the middle value is
    then raised by a hundredth, sweeping the table until every step is no larger than the one
    before, which is the WBF's rule that no extra IMP is worth more than the previous one. This
    reproduces the published tables in tests/data/vp_wbf2013_*.csv row for row, corrections
    included.
    """
    blitz = 15 * math.sqrt(boards)
    denominator = 1 - TAU ** 3
    values = [
        min(2 * half, _half_up(half + half * (1 - TAU ** (3 * margin / blitz)) / denominator))
        for margin in range(math.ceil(blitz) + 1)
    ]
    changed = True
    while changed:
        changed = False
        for i in range(1, len(values) - 1):
            if values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += 1
                changed = True
    return tuple(values)


@dataclass(frozen=True)
class ContinuousScale(VpScale):
    """The WBF 2013 continuous scale (or the same curve stretched to another total).

    The WBF publishes whole-IMP margins only. A fractional margin (Butler datum IMPs, a carry-over
    of 7.2, a 1.5-IMP adjustment) is placed on the straight line between the two neighbouring
    whole margins and rounded half up to a hundredth: this keeps the scale monotone, convex and
    equal to the published table at every whole margin. (Our choice; the WBF text is silent.)
    """

    half: int = 1000
    """The VPs of a draw, in hundredths."""

    def winner_and_loser(self, margin: float, boards: int) -> tuple[float, float]:
        table = wbf_continuous_table(boards, self.half)
        whole = math.floor(margin)
        if whole >= len(table) - 1:
            won = table[-1]
        elif margin == whole:
            won = table[whole]
        else:
            low, high = table[whole], table[whole + 1]
            won = _half_up(low + (high - low) * (margin - whole))
        return won / 100, (2 * self.half - won) / 100


@dataclass(frozen=True)
class Band:
    """One row of a discrete scale: from ``lowest`` IMPs up to the next row's ``lowest``."""

    lowest: int
    """The smallest winning margin of the band."""
    winner: float
    """The winner's VPs."""
    loser: float
    """The loser's VPs (below ``total - winner`` when the scale blitzes)."""


@dataclass(frozen=True)
class BandTable:
    """A discrete scale's table for a range of board counts."""

    first_boards: int
    """The smallest number of boards the table is for."""
    last_boards: int
    """The largest number of boards the table is for."""
    bands: tuple[Band, ...]
    """The bands in ascending order; the first starts at 0 IMPs."""

    def __post_init__(self) -> None:
        lows = [band.lowest for band in self.bands]
        if not lows or lows[0] != 0 or lows != sorted(set(lows)):
            raise VpScaleError(f"bands must start at 0 and rise: {lows!r}")


@dataclass(frozen=True)
class BandScale(VpScale):
    """A discrete scale: a table of IMP bands for each range of board counts.

    A fractional margin takes the band whose lower edge it has reached (the IMP scale's own
    convention, :mod:`server.scoring.imps`): 2.9 IMPs is still in the 0-2 band.
    """

    tables: tuple[BandTable, ...] = ()
    """The tables; a board count outside all of them raises :class:`UnsupportedBoardsError`."""

    def table_for(self, boards: int) -> BandTable:
        """The table for ``boards`` boards."""
        for table in self.tables:
            if table.first_boards <= boards <= table.last_boards:
                return table
        covered = ", ".join(f"{t.first_boards}-{t.last_boards}" for t in self.tables) or "none"
        raise UnsupportedBoardsError(
            f"the {self.name} scale has no published table for {boards!r} boards"
            f" (tables for: {covered})")

    def winner_and_loser(self, margin: float, boards: int) -> tuple[float, float]:
        table = self.table_for(boards)
        lows = [band.lowest for band in table.bands]
        band = table.bands[bisect_right(lows, margin) - 1]
        return band.winner, band.loser


def bands(rows: Iterable[tuple[int, float, float]]) -> tuple[Band, ...]:
    """Bands from ``(lowest IMPs, winner VPs, loser VPs)`` rows."""
    return tuple(Band(lowest, float(winner), float(loser)) for lowest, winner, loser in rows)


WBF2013 = ContinuousScale(
    name="wbf2013", total=20, maximum=20, half=1000,
    source="WBF 2013 continuous 20-VP scale (Technical Report of the WBF Scoring Panel, "
           "Bavin, Bethe, Bramley, Buchen; in force since the 2013 Bali championships)")

WBF30 = ContinuousScale(
    name="wbf30", total=30, maximum=30, half=1500,
    source="NOT a published table: the WBF 2013 formula and rounding stretched to 30 VPs "
           "(15:15 draw, 30:0 blitz), for events that want a 30-point continuous scale")

ACBL30 = BandScale(
    name="acbl30", total=30, maximum=30,
    source="ACBL 30-point Victory Point scale for Swiss teams, 6-8 and 9-11 boards "
           "(as printed by BridgeHands, https://www.bridgehands.com/V/Victory_Points.htm)",
    tables=(
        BandTable(6, 8, bands([
            (0, 15, 15), (1, 18, 12), (2, 19, 11), (3, 20, 10), (4, 21, 9), (5, 22, 8),
            (7, 23, 7), (9, 24, 6), (11, 25, 5), (14, 26, 4), (17, 27, 3), (20, 28, 2),
            (24, 29, 1), (28, 30, 0)])),
        BandTable(9, 11, bands([
            (0, 15, 15), (1, 18, 12), (2, 19, 11), (3, 20, 10), (5, 21, 9), (7, 22, 8),
            (9, 23, 7), (12, 24, 6), (15, 25, 5), (18, 26, 4), (22, 27, 3), (26, 28, 2),
            (31, 29, 1), (36, 30, 0)])),
    ))


def _wbf25_tables() -> tuple[BandTable, ...]:
    # Column i of the published table (0 = the draw) is worth 15 + i VPs to the winner, capped
    # at 25, and 15 - i to the loser; past the last column the match is 25:0.
    tables = []
    for boards, limits in sorted(WBF25_UPPER_LIMITS.items()):
        lows = (0, *(limit + 1 for limit in limits))
        rows = [(low, min(15 + column, 25), 15 - column) for column, low in enumerate(lows)]
        tables.append(BandTable(boards, boards, bands(rows)))
    return tuple(tables)


WBF25 = BandScale(
    name="wbf25", total=30, maximum=25, source=WBF25_SOURCE, tables=_wbf25_tables())


def interpolated_limits(boards: int) -> tuple[int, ...]:
    """The 25-VP scale's column limits for ``boards`` boards: the published row when there is
    one, otherwise each limit interpolated between the published rows around it in the square
    root of the boards (the published rows grow as that root: the 25:0 margin is 17.7 x root of
    the boards from 8 to 32 boards), rounded half up. Not a published table."""
    published = sorted(WBF25_UPPER_LIMITS)
    if not published[0] <= boards <= published[-1]:
        raise UnsupportedBoardsError(
            f"the wbf25i scale covers {published[0]}-{published[-1]} boards, not {boards!r}")
    if boards in WBF25_UPPER_LIMITS:
        return WBF25_UPPER_LIMITS[boards]
    low = max(b for b in published if b < boards)
    high = min(b for b in published if b > boards)
    share = (math.sqrt(boards) - math.sqrt(low)) / (math.sqrt(high) - math.sqrt(low))
    return tuple(_half_up(a + (b - a) * share)
                 for a, b in zip(WBF25_UPPER_LIMITS[low], WBF25_UPPER_LIMITS[high], strict=True))


def _wbf25i_tables() -> tuple[BandTable, ...]:
    published = sorted(WBF25_UPPER_LIMITS)
    tables = []
    for boards in range(published[0], published[-1] + 1):
        lows = (0, *(limit + 1 for limit in interpolated_limits(boards)))
        rows = [(low, min(15 + column, 25), 15 - column) for column, low in enumerate(lows)]
        tables.append(BandTable(boards, boards, bands(rows)))
    return tuple(tables)


WBF25I = BandScale(
    name="wbf25i", total=30, maximum=25, tables=_wbf25i_tables(),
    source="the wbf25 scale's published tables (8, 12, ..., 32 boards) and, for the board "
           "counts between them, NOT a published table: each column limit interpolated in the "
           "square root of the boards between the published rows around it (10 boards: 1, 6, "
           "9, 12, 15, 19, 22, 26, 29, 33, 37, 41, 46, 50, 56). No published 10-board table of "
           "the earlier WBF scale was found; a director who has the federation's table loads it "
           "instead (load_band_rows)")

_SCALES: dict[str, VpScale] = {}
_ALIASES: dict[str, str] = {}


def register_scale(scale: VpScale, *aliases: str) -> None:
    """Make ``scale`` findable by its name and ``aliases`` (case-insensitively); replaces any
    scale registered under the same name, so an event can install an official table."""
    _SCALES[scale.name.lower()] = scale
    for alias in (scale.name, *aliases):
        _ALIASES[alias.lower()] = scale.name.lower()


def scale_names() -> list[str]:
    """The registered names and aliases, sorted."""
    return sorted(_ALIASES)


def find_scale(name: str) -> VpScale:
    """The scale called ``name`` (any case), e.g. ``find_scale("WBF")``."""
    key = _ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if key is None:
        raise UnknownScaleError(
            f"unknown VP scale: {name!r} (known: {', '.join(scale_names())})")
    return _SCALES[key]


def load_band_rows(text: str) -> tuple[BandTable, ...]:
    """Band tables from CSV text with the columns ``first_boards, last_boards, lowest, winner,
    loser`` (``#`` lines are comments): how an official discrete table enters a scale."""
    grouped: dict[tuple[int, int], list[Band]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#") or line.startswith("first_boards"):
            continue
        cells = [cell.strip() for cell in line.split(",")]
        try:
            first, last, lowest = int(cells[0]), int(cells[1]), int(cells[2])
            winner, loser = float(cells[3]), float(cells[4])
        except (IndexError, ValueError):
            raise VpScaleError(f"invalid band row {number}: {line!r}") from None
        grouped.setdefault((first, last), []).append(Band(lowest, winner, loser))
    return tuple(BandTable(first, last, tuple(rows)) for (first, last), rows in grouped.items())


register_scale(WBF2013, "wbf", "wbf20")
register_scale(WBF30)
register_scale(ACBL30, "30")
register_scale(WBF25, "25")
register_scale(WBF25I, "wbf25-interpolated")
