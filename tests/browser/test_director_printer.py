"""The director chooses how the printer prints (issue 15 item 8) on the console's set-up page,
on a phone as on a laptop: as the preview (raster, the default) or as text in a code page, and
the paper's language (English by default); the choice is kept and every print job takes it.
Screenshots of the printer card at 360 x 640 and 390 x 844 in the three languages go to
docs/screenshots/ for the README."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.pages import SHOTS
from tests.conftest import PASSWORD

SIZES = ({"width": 360, "height": 640}, {"width": 390, "height": 844})
SAVE = {"en": "Save printer", "id": "Simpan printer", "pl": "Zapisz drukarkę"}


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_8_the_director_sets_the_print_mode_on_a_phone(
        browser: Browser, contexts: list[BrowserContext], server: Any, lang: str) -> None:
    context = browser.new_context(viewport=SIZES[0], has_touch=True)
    contexts.append(context)
    page = context.new_page()
    page.goto(f"{server.base_url}/director/login?lang={lang}")
    page.fill("input[name=password]", PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("director-clock")).to_be_visible()
    page.goto(server.base_url + "/director/setup/#printer")
    card = page.get_by_test_id("printer")
    mode, code_page = page.get_by_test_id("printer-mode"), page.get_by_test_id("printer-code-page")
    expect(mode).to_have_value("raster")  # the default: every language and the suits
    expect(code_page).to_have_value("CP852")
    paper = page.get_by_test_id("printer-lang")
    expect(paper).to_have_value("en")
    page.fill("#printer input[name=target]", "file:/dev/null")
    mode.select_option("text")
    code_page.select_option("CP1250")
    paper.select_option(lang)
    with page.expect_navigation():
        page.get_by_test_id("save-printer").click()
    expect(page.get_by_test_id("printer-mode")).to_have_value("text")
    expect(page.get_by_test_id("printer-code-page")).to_have_value("CP1250")
    expect(paper).to_have_value(lang)
    expect(page.get_by_test_id("save-printer")).to_have_text(SAVE[lang])
    for size in SIZES:
        page.set_viewport_size(size)
        card.scroll_into_view_if_needed()
        # The choices fit the phone's width: nothing to scroll sideways to.
        for control in (mode, code_page, paper, page.get_by_test_id("save-printer")):
            box = control.bounding_box()
            assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= size["width"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        card.screenshot(path=str(SHOTS / f"printer-{size['width']}x{size['height']}-{lang}.png"))
    # Put the printer back as the other tests of this module's server expect it.
    mode.select_option("raster")
    code_page.select_option("CP852")
    paper.select_option("en")
    with page.expect_navigation():
        page.get_by_test_id("save-printer").click()
    expect(page.get_by_test_id("printer-mode")).to_have_value("raster")


@pytest.mark.screenshots
def test_8_paper_previews_for_the_readme() -> None:
    """A Polish round slip and standings as the printer prints them by default (the raster
    read back from the job is the picture written)."""
    from printer import find_profile, render_escpos
    from tests.unit.escpos_raster import read_raster
    from tests.unit.test_printer_raster import DOCUMENTS, assert_is_preview

    profile = find_profile("58mm")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in ("round-slip", "results"):
        doc = DOCUMENTS[name]
        [job] = read_raster(render_escpos(doc, profile))
        assert_is_preview(job.image, doc, profile)
        job.image.save(SHOTS / f"paper-{name}-58mm.png", optimize=True)
