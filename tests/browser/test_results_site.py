"""Issue 16 item 2: the static results site of `traveller export --format html`, opened from a
folder on disk in Chromium (file://, no server): ranking, a pair's scorecard, a traveller, and
the same pages in Indonesian and Polish."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from server.publish.export import write_export
from server.store import Store
from server.table.entry import submit_result
from tests.conftest import make_event


def played_session(path: Path) -> Path:
    """The demo session's first round played (3N by South, 9 or 8 tricks)."""
    make_event(path)
    store = Store.open(str(path))
    tables = {t.number: t for t in store.tables()}
    for seating in (s for s in store.seatings() if s.round == 1):
        for board in seating.boards:
            ack = submit_result(store, tables[seating.table_number], {
                "op_id": str(uuid.uuid4()), "board": board, "contract": "3N", "declarer": "S",
                "tricks": 9 if seating.ns_pair % 2 else 8}, 0, "test")
            assert ack["ok"], ack
    return path


def test_16_2_the_results_site_works_opened_from_a_folder(browser: Any, tmp_path: Path) -> None:
    store = Store.open(str(played_session(tmp_path / "event.db")))
    try:
        write_export(store, "html", tmp_path / "site")
    finally:
        store.close()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto((tmp_path / "site" / "index.html").as_uri())
        page.get_by_role("link", name="Polski").click()
        page.wait_for_selector('[data-testid="ranking-A-NS"]')
        assert page.locator("html").get_attribute("lang") == "pl"
        assert page.get_by_role("heading", name="Północ-Południe").is_visible()
        first = page.locator('[data-testid="ranking-A-NS"] tbody tr').first
        pair = first.locator("a").inner_text()
        first.locator("a").click()
        page.wait_for_selector('[data-testid="scorecard"]')
        assert page.get_by_role("heading").first.inner_text() == f"Karta wyników: Para {pair}"
        page.locator('[data-testid="scorecard"] tbody tr a').first.click()
        page.wait_for_selector('[data-testid="traveller"]')
        assert "Protokół: Rozdanie" in page.get_by_role("heading").first.inner_text()
        assert page.locator('[data-testid="traveller"] tbody tr').count() >= 1
        page.get_by_role("link", name="Bahasa Indonesia").click()
        page.wait_for_selector('html[lang="id"]')
        assert "Traveller: Board" in page.get_by_role("heading").first.inner_text()
        page.get_by_role("link", name="Kembali ke hasil").click()
        page.wait_for_selector('[data-testid="ranking-A-EW"]')
        assert page.get_by_role("heading", name="Timur-Barat").is_visible()
    finally:
        context.close()
