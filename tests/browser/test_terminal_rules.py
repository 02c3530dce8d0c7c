"""The event's entry rules in the terminal: mini bridge (K8.2) and a required opening lead.

Each module-level server serves an event made from a preset, as `traveller new --preset` does:
mini bridge from seeds/gabsi-mini-bridge.toml, the required lead from the demo preset with
`[entry] lead = "required"`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import PHONE, SHOTS, TABLET, open_table
from tests.conftest import PASSWORD, REPO, ServerProcess, free_port


def serve_preset(folder: Path, preset: Path, tables: int = 4) -> ServerProcess:
    from server.event.create import create_event
    from server.formats import load_preset

    port = free_port()
    db = folder / "event.db"
    create_event(db, load_preset(preset), password=PASSWORD, base_url=f"http://127.0.0.1:{port}",
                 tables=tables).close()
    return ServerProcess(db_path=db, port=port).start()


@pytest.fixture(scope="module")
def mini_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    preset = REPO / "seeds" / "gabsi-mini-bridge.toml"
    process = serve_preset(tmp_path_factory.mktemp("mini"), preset)
    yield process
    process.stop()


@pytest.fixture(scope="module")
def lead_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("lead")
    preset = folder / "lead-required.toml"
    preset.write_text((REPO / "seeds" / "demo.toml").read_text() + '\n[entry]\nlead = "required"\n')
    process = serve_preset(folder, preset)
    yield process
    process.stop()


def tap(page: Page, *keys: str) -> None:
    for key in keys:
        page.get_by_test_id(key).click()


def confirm(page: Page) -> None:
    tap(page, "enter")
    expect(page.get_by_test_id("confirm-screen")).to_be_visible()
    tap(page, "confirm")
    expect(page.get_by_test_id("confirm-screen")).to_have_count(0)


def stored(db_path: Path, table: int) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT contract, declarer, tricks, lead FROM results"
                          " WHERE table_number = ? ORDER BY board", (table,)).fetchall()


@pytest.mark.screenshots
def test_k8_2_mini_bridge_offers_partscore_or_game_on_a_phone(mini_server, browser, contexts):
    tables = mini_server.tables()
    context, page = open_table(browser, contexts, tables[0]["url"], PHONE, locale="pl-PL")
    expect(page.get_by_test_id("level-1")).to_have_count(0)
    expect(page.get_by_test_id("double")).to_have_count(0)
    expect(page.get_by_test_id("lead-suit-S")).to_have_count(0)  # the preset's lead is "off"
    expect(page.get_by_test_id("mini-game")).to_have_text("Końcówka")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # A game in hearts is 4♥: ten tricks make it exactly, counted from that level.
    tap(page, "mini-game", "strain-H", "declarer-N")
    expect(page.get_by_test_id("result-plus-4")).to_have_count(0)
    expect(page.get_by_test_id("result-plus-3")).to_be_visible()
    tap(page, "result-eq")
    expect(page.get_by_test_id("preview-contract")).to_contain_text("4♥")
    confirm(page)
    expect(page.locator('[data-status="scored"]')).to_have_count(1)

    # Offline too: a partscore in notrumps is 1NT, entered as tricks taken.
    context.set_offline(True)
    tap(page, "mini-part", "strain-N", "declarer-W", "result-mode", "tricks-9")
    expect(page.get_by_test_id("preview-contract")).to_contain_text("1BA")
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "mini-bridge-phone-pl.png"))
    confirm(page)
    expect(page.get_by_test_id("unsent")).to_have_text("1")
    context.set_offline(False)
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    expect(page.locator('[data-status="scored"]')).to_have_count(2)
    assert stored(mini_server.db_path, tables[0]["table"]) == [("4H", "N", 10, None),
                                                               ("1N", "W", 9, None)]


def test_k8_2_mini_bridge_games_in_every_strain_on_a_tablet(mini_server, browser, contexts):
    tables = mini_server.tables()
    _, page = open_table(browser, contexts, tables[1]["url"], TABLET, locale="id-ID")
    expect(page.get_by_test_id("mini-part")).to_have_text("Partscore")
    for strain, contract in (("C", "5C"), ("N", "3N")):
        tap(page, "mini-game", f"strain-{strain}", "declarer-S", "result-eq")
        expect(page.get_by_test_id("preview-contract")).to_contain_text(contract[0])
        confirm(page)
    # The last game in English: a game in spades is 4♠.
    page.get_by_test_id("language").select_option("en")
    tap(page, "mini-game", "strain-S", "declarer-S", "result-eq")
    expect(page.get_by_test_id("preview-contract")).to_contain_text("4♠ by South =")
    confirm(page)
    expect(page.get_by_test_id("round-complete")).to_be_visible()
    # The round is complete as soon as its last board is entered here; stored once sent.
    expect(page.get_by_test_id("unsent")).to_have_text("0")
    assert [row[0] for row in stored(mini_server.db_path, tables[1]["table"])] == ["5C", "3N", "4S"]


def test_a_required_lead_holds_enter_until_it_is_given_on_a_tablet(lead_server, browser, contexts):
    tables = lead_server.tables()
    _, page = open_table(browser, contexts, tables[0]["url"], TABLET)
    tap(page, "level-4", "strain-S", "declarer-N", "result-eq")
    expect(page.get_by_test_id("enter")).to_be_disabled()
    expect(page.get_by_test_id("preview-contract")).to_have_text("Choose the opening lead")
    tap(page, "lead-suit-H")
    expect(page.get_by_test_id("enter")).to_be_disabled()
    tap(page, "lead-rank-T")
    expect(page.get_by_test_id("enter")).to_be_enabled()
    tap(page, "enter")
    expect(page.get_by_test_id("confirm-lead")).to_have_text("♥10")
    tap(page, "confirm")
    expect(page.locator('[data-status="scored"]')).to_have_count(1)
    # A passed-out board has no lead to give.
    tap(page, "passout")
    expect(page.get_by_test_id("lead-suit-S")).to_have_count(0)
    confirm(page)
    expect(page.locator('[data-status="scored"]')).to_have_count(2)
    assert stored(lead_server.db_path, tables[0]["table"]) == [("4S", "N", 10, "HT"),
                                                               ("PASS", None, 0, None)]


def test_a_required_lead_on_a_phone_in_indonesian(lead_server, browser, contexts):
    tables = lead_server.tables()
    _, page = open_table(browser, contexts, tables[1]["url"], PHONE, locale="id")
    tap(page, "level-3", "strain-N", "declarer-E", "result-minus-1")
    expect(page.get_by_test_id("preview-contract")).to_have_text("Pilih kartu pembuka")
    tap(page, "lead-suit-C", "lead-rank-2")
    confirm(page)
    expect(page.locator('[data-status="scored"]')).to_have_count(1)
    assert stored(lead_server.db_path, tables[1]["table"]) == [("3N", "E", 8, "C2")]
