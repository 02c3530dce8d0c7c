"""Raster mode, the default: the printer gets the preview's own picture, so every language
and the suit symbols print on any ESC/POS printer (issue 15 item 8). The golden test reads
the GS v 0 bands back from the bytes and compares them dot for dot with the preview."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from printer import (
    BUILTIN_PROFILES,
    Document,
    GuideRound,
    NextSeat,
    PrinterProfile,
    RoundSlip,
    SlipPair,
    StandingLine,
    StandingsField,
    Text,
    find_profile,
    guide_card,
    render_escpos,
    render_png,
    results_sheet,
    round_slip,
    table_card,
)
from printer.escpos_render import BAND_ROWS
from printer.preview import margins, render_body
from printer.profiles import PrintMode
from tests.unit.escpos_raster import PAPER, read_raster

URL = "http://192.168.1.10:5000/t/A/3?k=Zx8fQ2mLpR7tVw3Y"
EVENT = "Mistrzostwa Łodzi – Kejuaraan Nasional"
NAMES = ("Łukasz Wiśniewski", "Zoë Dąbek", "Grzegorz Brzęczyszczykiewicz", "Ayu Pramesti")


def standings(count: int) -> StandingsField:
    return StandingsField("Północ-Południe ♠♥♦♣", tuple(
        StandingLine(rank, str(rank), (NAMES[rank % 4], NAMES[(rank + 1) % 4]),
                     120.0 - rank, 62.5 - rank / 3,
                     "remis: 4♠X ugrane w rozdaniu 7" if rank == 2 else "")
        for rank in range(1, count + 1)))


DOCUMENTS = {
    "table-card": table_card(EVENT, "A", 3, URL, note="Zakaz psychicznych odzywek (K9.1)"),
    "round-slip": round_slip(EVENT, RoundSlip(
        "A", 3, 2, 5, SlipPair(3, NAMES[:2]), SlipPair(10, NAMES[2:]), (4, 5, 6),
        ns_next=NextSeat(3, "NS"), ew_next=NextSeat(4, "EW"), boards_next_table=2)),
    "guide-card": guide_card(EVENT, "A", SlipPair(7, NAMES[:2]), [
        GuideRound(1, 1, "NS", 7, (1, 2, 3)), GuideRound(2, None, None, None, ()),
        GuideRound(3, 4, "EW", 2, (7, 8, 9), note="Żółta karta: przejdź na stół 4")]),
    "results": results_sheet(EVENT, 2, 5, [standings(14)]),
    "untorn": Document("untorn", (Text("4♠X – ąęłśżźćń"),), cut=False),
}


@pytest.mark.parametrize("profile", BUILTIN_PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize("name", DOCUMENTS)
def test_8_the_raster_is_the_preview_dot_for_dot(name: str, profile: PrinterProfile) -> None:
    doc = DOCUMENTS[name]
    assert profile.mode is PrintMode.RASTER  # the default
    jobs = read_raster(render_escpos(doc, profile))
    assert len(jobs) == 1
    assert_is_preview(jobs[0].image, doc, profile)


def assert_is_preview(raster: Image.Image, doc: Document, profile: PrinterProfile) -> None:
    """`raster`, read back from the bytes, is `doc`'s preview dot for dot, its margins aside."""
    preview = render_png(doc, profile)
    top, bottom = margins(doc, profile)
    assert raster.width == preview.width == profile.dots
    assert raster.height == preview.height - top - bottom
    printed = preview.crop((0, top, preview.width, top + raster.height))
    assert ImageChops.difference(raster, printed).getbbox() is None
    # The margins are blank paper the printer gets by itself: the gap to the cutter above,
    # the feed before the cut below.
    for margin in (preview.crop((0, 0, preview.width, top)),
                   preview.crop((0, top + raster.height, preview.width, preview.height))):
        assert margin.getextrema() == (PAPER, PAPER)
    # The preview is ink and paper, nothing grey, or the raster could not equal it.
    histogram = preview.histogram()
    assert histogram[0] and histogram[PAPER] and sum(histogram) == histogram[0] + histogram[PAPER]


def test_8_a_long_sheet_goes_in_bands_and_is_cut_at_the_end() -> None:
    profile = find_profile("80mm")
    doc = results_sheet(EVENT, 2, 5, [standings(60), standings(60)])
    data = render_escpos(doc, profile)
    job = read_raster(data)[0]
    assert job.image.height == render_body(doc, profile).height > 8 * BAND_ROWS
    assert all(rows == BAND_ROWS for rows in job.bands[:-1])
    assert 0 < job.bands[-1] <= BAND_ROWS
    assert data.startswith(b"\x1b@") and data.endswith(b"\x1bd\x06\x1dV\x00")  # as in text mode
    assert job.cut and job.feed == 6


def test_8_an_untorn_document_feeds_past_the_tear_bar() -> None:
    job = read_raster(render_escpos(DOCUMENTS["untorn"], find_profile("58mm")))[0]
    assert (job.cut, job.feed) == (False, 6)


@pytest.mark.parametrize(("unicode", "ascii"), [
    ("Łódź ąęłśżźćń", "Lodz aelszzcn"),
    ("4♠X 3♥ 2♦ 1♣", "4SX 3H 2D 1C"),
])
def test_8_accents_and_suits_are_drawn_not_transliterated(unicode: str, ascii: str) -> None:
    profile = find_profile("58mm")
    drawn, plain = (read_raster(render_escpos(Document("t", (Text(text),)), profile))[0].image
                    for text in (unicode, ascii))
    assert drawn.size == plain.size
    assert ImageChops.difference(drawn, plain).getbbox() is not None


def test_8_the_same_document_gives_the_same_bytes() -> None:
    profile = find_profile("80mm")
    assert render_escpos(DOCUMENTS["results"], profile) == render_escpos(DOCUMENTS["results"],
                                                                          profile)


def test_8_raster_prints_nothing_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    # python-escpos says on stdout when it does not know the paper's width: not for us.
    render_escpos(DOCUMENTS["table-card"], find_profile("58mm"))
    assert capsys.readouterr().out == ""
