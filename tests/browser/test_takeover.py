"""Issue 14 item 4, end to end: a terminal enters boards, a backup is taken, more boards are
entered and acknowledged, the server is SIGKILLed, the backup is restored and served on the
same port, and the terminal's replay brings every acknowledged result back, each once."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.pages import TABLET, enter, open_table
from tests.conftest import REPO, ServerProcess, served_event


def stored(path: Path) -> list[tuple[str, int, int]]:
    with sqlite3.connect(path) as db:
        return db.execute("select op_id, round, board from results where table_number = 1 "
                          "order by round, board").fetchall()


def traveller(*args: str) -> None:
    out = subprocess.run([sys.executable, "-m", "server.cli", *args], cwd=REPO,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_14_4_the_terminal_replays_what_the_restored_backup_lacks(
        tmp_path: Path, browser, contexts) -> None:
    first = served_event(tmp_path, tables=3).start()
    second: ServerProcess | None = None
    try:
        url = first.tables()[0]["url"]
        _, page = open_table(browser, contexts, url, TABLET)
        scored = page.locator('[data-status="scored"]')
        enter(page, "level-4", "strain-S", "declarer-N", "result-eq")
        expect(scored).to_have_count(1)
        expect(page.get_by_test_id("unsent")).to_have_text("0")
        folder = tmp_path / "stick"
        folder.mkdir()
        traveller("backup", str(first.db_path), str(folder))

        # Acknowledged after the backup: the rest of round 1 and a board of round 2.
        enter(page, "level-3", "strain-N", "declarer-S", "result-plus-1")
        enter(page, "level-2", "strain-H", "declarer-E", "result-eq")
        page.get_by_test_id("next-round").click()
        expect(page.get_by_test_id("round")).to_have_text("2 / 3")
        enter(page, "level-1", "strain-C", "declarer-W", "result-eq")
        expect(page.get_by_test_id("unsent")).to_have_text("0")
        expect(scored).to_have_count(1)
        acknowledged = stored(first.db_path)
        assert [r for _, r, _ in acknowledged] == [1, 1, 1, 2]
        first.kill()
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "offline")

        restored = tmp_path / "laptop2" / "served.db"
        restored.parent.mkdir()
        traveller("restore", str(folder), str(restored))
        assert len(stored(restored)) == 1
        second = ServerProcess(db_path=restored, port=first.port).start()
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online",
                                                                     timeout=20_000)
        expect(page.get_by_test_id("unsent")).to_have_text("0")
        expect(page.get_by_test_id("round")).to_have_text("2 / 3")
        expect(scored).to_have_count(1)
        deadline = time.monotonic() + 20
        while len(stored(restored)) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert stored(restored) == acknowledged  # every acknowledged result, each once
    finally:
        first.stop()
        if second is not None:
            second.stop()
