"""PNG previews: one pixel per printer dot, real characters, the same lines as the paper."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printer import (
    BUILTIN_PROFILES,
    Document,
    PrinterProfile,
    Text,
    find_profile,
    render_png,
    save_png,
    table_card,
)

URL = "http://192.168.1.10:5000/t/A/3?k=Zx8fQ2mLpR7tVw3Y"


@pytest.mark.parametrize("profile", BUILTIN_PROFILES, ids=lambda p: p.name)
def test_preview_is_as_wide_as_the_printable_dots(profile: PrinterProfile) -> None:
    image = render_png(table_card("Club Night", "A", 3, URL), profile)
    assert image.width == profile.dots


def test_preview_is_white_paper_with_black_ink() -> None:
    image = render_png(table_card("Club Night", "A", 3, URL), find_profile("58mm"))
    assert image.getextrema() == (0, 255)
    # Mostly paper, but a good share of ink: the QR code and the big table number.
    histogram = image.histogram()
    ink = sum(histogram[:128]) / (image.width * image.height)
    assert 0.05 < ink < 0.5


def test_preview_grows_with_content() -> None:
    profile = find_profile("80mm")
    short = render_png(table_card("Club Night", "A", 3, URL), profile)
    longer = render_png(table_card("Club Night", "A", 3, URL, note="Arrow switch"), profile)
    assert longer.height > short.height


def test_preview_draws_suits_and_polish_letters_without_crashing() -> None:
    doc = Document("s", (Text("4♠X ♥♦♣ Łódź ąęłśż"),))
    image = render_png(doc, find_profile("58mm"))
    assert image.getextrema()[0] == 0


def test_save_png_writes_a_png(tmp_path: Path) -> None:
    path = save_png(table_card("Club Night", "A", 3, URL), find_profile("42"), tmp_path / "a.png")
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.width == 512


def test_8_a_text_mode_preview_shows_what_its_code_page_prints() -> None:
    text = find_profile("58mm", "text", "CP852")
    suits, letters, polish = (render_png(Document("s", (Text(t),)), profile)
                              for t, profile in (("4♠X Łódź", text), ("4SX Łódź", text),
                                                 ("4SX Łódź", find_profile("58mm"))))
    assert suits.tobytes() == letters.tobytes()  # no suits in CP852: letters, as on the paper
    assert letters.tobytes() == polish.tobytes()  # but the Polish letters are all there


def test_8_the_preview_is_ink_and_paper_only() -> None:
    image = render_png(Document("s", (Text("Łódź 4♠X", bold=True),)), find_profile("80mm"))
    histogram = image.histogram()
    assert histogram[0] + histogram[255] == image.width * image.height
