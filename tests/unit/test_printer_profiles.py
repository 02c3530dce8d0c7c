"""Printer profiles are found by name, case-insensitively, or by column count."""

from __future__ import annotations

import pytest

from printer import PrinterProfile, UnknownProfileError, find_profile


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("58mm", PrinterProfile("58mm", 32, 384)),
        ("80MM-42", PrinterProfile("80mm-42", 42, 512)),
        (" 80Mm ", PrinterProfile("80mm", 48, 576)),
        ("32", PrinterProfile("58mm", 32, 384)),
        ("42", PrinterProfile("80mm-42", 42, 512)),
        ("48", PrinterProfile("80mm", 48, 576)),
    ],
)
def test_find_profile_by_name_or_columns(name: str, expected: PrinterProfile) -> None:
    assert find_profile(name) == expected


def test_unknown_profile_names_the_input_and_the_known_names() -> None:
    with pytest.raises(UnknownProfileError, match=r"'110mm'.*58mm, 80mm-42, 80mm") as info:
        find_profile("110mm")
    assert isinstance(info.value, ValueError)
