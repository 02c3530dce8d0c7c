"""What the terminal's browser tests share: viewports, opening a table, entering a board."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.conftest import PASSWORD

PHONE = {"width": 360, "height": 640}
TABLET = {"width": 800, "height": 1280}
SHOTS = Path(os.environ.get("TRAVELLER_README_SHOTS")
             or Path(tempfile.gettempdir()) / "traveller-readme-shots")
"""The README's screenshots, taken by the tests: into docs/screenshots/ only when `make
screenshots` asks (TRAVELLER_README_SHOTS), so a test run leaves the tree as it found it."""


def open_table(browser: Browser, contexts: list[BrowserContext], url: str,
               viewport: dict[str, int] = PHONE,
               locale: str = "en-US") -> tuple[BrowserContext, Page]:
    """A new touch device opening a table's URL, online and showing its table."""
    context = browser.new_context(viewport=viewport, has_touch=True, locale=locale)
    contexts.append(context)
    page = context.new_page()
    page.goto(url)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    # A device of an earlier test may still count as the table's terminal for a moment (the
    # server hears of a closed page a little later): the warning comes before the table, and
    # this device takes over (tests/browser/test_room.py tests the warning itself).
    notice = page.get_by_test_id("device-notice")
    expect(page.get_by_test_id("table").or_(notice)).to_be_visible()
    if notice.is_visible():
        page.get_by_test_id("device-take-over").click()
    expect(page.get_by_test_id("table")).to_be_visible()
    return context, page


def enter(page: Page, *keys: str) -> None:
    """Taps the pad keys, then Enter, then East-West's Confirm."""
    for key in keys:
        page.get_by_test_id(key).click()
    page.get_by_test_id("enter").click()
    expect(page.get_by_test_id("confirm-screen")).to_be_visible()
    page.get_by_test_id("confirm").click()
    expect(page.get_by_test_id("confirm-screen")).to_have_count(0)


def director(browser: Browser, contexts: list[BrowserContext], base_url: str) -> Page:
    """The director's console, logged in, in a desktop-sized window."""
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    contexts.append(context)
    page = context.new_page()
    page.goto(base_url + "/director/login")
    page.fill("input[name=password]", PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("director-clock")).to_be_visible()
    return page


def box_of(page: Page, testid: str) -> dict[str, float] | None:
    """The box on screen of the element with this test id, measured in one step inside the
    page (None: not there or not shown).

    The terminal builds its screen anew on every push; a locator's `bounding_box` finds the
    element, then measures it, and an acknowledgement or a state arriving in between left it
    measuring a detached element (None): a teams table's phone test failed so in a full run."""
    return page.evaluate("""(testid) => {
        const element = document.querySelector(`[data-testid="${testid}"]`);
        if (!element || !element.getClientRects().length) return null;
        const r = element.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
    }""", testid)


def style_of(page: Page, testid: str, name: str) -> str:
    """A computed style of the element with this test id, read in one step inside the page
    ("" when the element is not there). A locator's `evaluate` finds the element, then runs;
    a push rebuilding the screen in between left it reading a detached element, whose every
    style is "" (the round clock's test failed so in a full run)."""
    value: str = page.evaluate("""([testid, name]) => {
        const element = document.querySelector(`[data-testid="${testid}"]`);
        return element ? getComputedStyle(element)[name] : "";
    }""", [testid, name])
    return value
