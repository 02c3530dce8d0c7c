"""The WBF IMP scale against its published table (tests/data/imp_scale.csv)."""

from __future__ import annotations

import csv
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from server.scoring.imps import imps

DATA = Path(__file__).resolve().parent.parent / "data" / "imp_scale.csv"


def bands() -> list[tuple[int, int | None, int]]:
    lines = [line for line in DATA.read_text().splitlines() if not line.startswith("#")]
    return [(int(r["low"]), int(r["high"]) if r["high"] else None, int(r["imps"]))
            for r in csv.DictReader(lines)]


def test_every_difference_in_tens_matches_the_published_scale() -> None:
    for low, high, expected in bands():
        for difference in range(low, (high if high is not None else 6000) + 1, 10):
            assert imps(difference) == expected, difference
            assert imps(-difference) == -expected, -difference


def test_a_difference_between_bands_keeps_the_lower_band() -> None:
    assert imps(15) == 0 and imps(19.99) == 0 and imps(20) == 1
    assert imps(-45) == -1 and imps(4000) == 24 and imps(7600) == 24


@given(st.integers(-8000, 8000))
def test_imps_are_antisymmetric(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(0, 8000), st.integers(0, 8000))
def test_imps_are_monotone(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert imps(low) <= imps(high)
