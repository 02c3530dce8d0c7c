"""Issue 16 item 4: a board's hands on the static results site, opened from disk on a 360 px
phone: the compass layout (North on top, West left of East, South below), suit symbols with
hearts and diamonds in red, the 5x4 table of double-dummy tricks and par below, nothing wider
than the phone. The screenshot goes to docs/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.direction.setup import import_deals
from server.formats import analysis
from server.publish.export import write_export
from server.store import Store
from tests.browser.pages import PHONE, SHOTS
from tests.conftest import make_event
from tests.integration.dealing_machine import dealing_machine_file
from tests.integration.test_hand_records import BOARDS, play_all_but


def test_16_4_the_sites_hand_diagram_reads_on_a_phone(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "available", lambda: False)  # the file's own par and tricks
    store = Store.open(make_event(tmp_path / "event.db"))
    try:
        import_deals(store, dealing_machine_file(BOARDS), "club.pbn", "director")
        play_all_but(store, 2)  # board 1 is finished
        write_export(store, "html", tmp_path / "site")
    finally:
        store.close()
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto((tmp_path / "site" / "en" / "board-A-1.html").as_uri())
        hand = page.get_by_test_id("hand")
        hand.wait_for()
        assert hand.get_attribute("data-dealer") == "N"
        boxes = {seat: page.get_by_test_id(f"hand-{seat}").bounding_box() for seat in "NESW"}
        assert all(box is not None for box in boxes.values())
        north, east, south, west = (boxes[s] for s in "NESW")
        assert north["y"] + north["height"] <= min(west["y"], east["y"])  # type: ignore[index]
        assert max(west["y"] + west["height"],  # type: ignore[index]
                   east["y"] + east["height"]) <= south["y"]  # type: ignore[index]
        assert west["x"] + west["width"] <= east["x"]  # type: ignore[index]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        red = page.locator('[data-testid="hand-N"] .suit.red').first
        assert red.evaluate("e => getComputedStyle(e).color") == "rgb(204, 0, 0)"
        assert page.get_by_test_id("hand-N").inner_text().split("\n")[1:3] == ["♠AKQJ", "♥1098"]
        table = page.get_by_test_id("dd-tricks")
        assert table.locator("tbody tr").count() == 5
        assert table.locator("thead th").all_inner_texts() == ["", "N", "S", "E", "W"]
        assert table.locator('tr[data-strain="NT"] td').all_inner_texts() == ["10", "10", "2",
                                                                               "2"]
        assert page.get_by_test_id("par").inner_text() == "Par: NS 3NT+1, NS 430"
        box = table.bounding_box()
        assert box is not None and box["y"] >= south["y"] + south["height"]  # type: ignore[index]
        hand.scroll_into_view_if_needed()
        hand.screenshot(path=str(SHOTS / "hand-record-phone-en.png"))
    finally:
        context.close()
