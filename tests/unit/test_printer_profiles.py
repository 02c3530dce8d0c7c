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


def test_8_profiles_print_raster_unless_told_text_on_a_code_page() -> None:
    from printer import PrintMode

    assert find_profile("58mm").mode is PrintMode.RASTER
    text = find_profile("58mm", "TEXT", "cp-1250")
    assert (text.name, text.dots, text.mode, text.code_page.name) == (
        "58mm", 384, PrintMode.TEXT, "CP1250")
    assert find_profile("80mm").dots == 576


@pytest.mark.parametrize(("mode", "code_page", "says"), [
    ("colour", "CP852", r"unknown print mode: 'colour' \(known: raster, text\)"),
    ("text", "EBCDIC", r"unknown code page: 'EBCDIC' \(known: CP852, CP1250, CP858, CP437, "
                       r"ASCII\)"),
])
def test_8_an_unknown_mode_or_code_page_names_the_input(mode: str, code_page: str,
                                                        says: str) -> None:
    with pytest.raises(ValueError, match=says):
        find_profile("58mm", mode, code_page)
