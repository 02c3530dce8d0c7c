"""Creating the event in a real browser: `traveller serve` on a file that does not exist yet,
the director picks the GABSI pairs preset (K12.2's 8 minutes a board) in the console, sets the
password, and lands on the set-up page of the new event, whose tables then exist."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from server.formats import load_preset
from tests.conftest import REPO, ServerProcess


@pytest.fixture
def waiting_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    server = ServerProcess(db_path=tmp_path / "new-event.db").start()
    yield server
    server.stop()
    report: Any = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        sys.stderr.write(f"\n--- server log ---\n{server.log()[-5000:]}\n")


def test_kd3_create_the_event_from_the_gabsi_pairs_preset_and_land_on_set_up(
    browser: Browser, waiting_server: ServerProcess
) -> None:
    assert not waiting_server.db_path.exists()
    assert "/director/create" in waiting_server.log()  # the console's address is printed
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(waiting_server.base_url + "/director")
        expect(page.get_by_role("heading", name="Create the event")).to_be_visible()
        presets = page.get_by_test_id("presets")
        # Every preset of one session or one stage (a whole competition is not one event file).
        one_stage = [p for p in (REPO / "seeds").glob("*.toml")
                     if load_preset(p).competition is None]
        expect(presets.locator(".preset")).to_have_count(len(one_stage))
        page.locator('.preset[data-preset="gabsi-pairs.toml"]').click()
        # The empty fields show the chosen preset's own values.
        expect(page.locator("input[name=tables]")).to_have_attribute("placeholder", "12")
        expect(page.locator("input[name=name]")).to_have_attribute("placeholder",
                                                                   "Kejurnas pairs")
        page.fill("input[name=password]", "kejurnas2008")
        page.fill("input[name=password_again]", "kejurnas2008")
        page.get_by_test_id("create-event").click()

        page.wait_for_url("**/director/setup/")
        expect(page.get_by_test_id("settings-form")).to_be_visible()
        expect(page.locator("input[name=name]")).to_have_value("Kejurnas pairs")
        expect(page.locator("input[name=tables]")).to_have_value("12")
        expect(page.locator("input[name=clock_minutes]")).to_have_value("8.0")
        expect(page.get_by_test_id("setup-tables").locator("li")).to_have_count(12)
    finally:
        context.close()
    tables = waiting_server.tables()
    assert len(tables) == 12
    assert tables[0]["url"].startswith(waiting_server.base_url + "/t/")
