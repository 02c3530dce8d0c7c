"""The table terminal, measured in Chromium against a real `traveller serve` on loopback.

- bytes transferred for the first load of a table page (every asset; target under 150 KB),
- time to the first usable screen from cache: a reload with the service worker active, from
  navigation start to the board list drawn (target under 300 ms; median of several),
- time from tapping Confirm to the server's acknowledgement (the board turns "scored").

Run alone with `python -m tests.bench.bench_terminal` or through `make bench`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.conftest import served_event

USABLE = '[data-testid^="board-"]'


def first_load_bytes(context, url: str) -> tuple[int, int]:
    """Bytes of every response body of a cold first load, and how many requests."""
    sizes: list[int] = []
    page = context.new_page()
    page.on("requestfinished", lambda request: sizes.append(
        request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]))
    page.goto(url)
    page.wait_for_selector(USABLE)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(500)  # the service worker's precache also counts as first-load bytes
    page.close()
    return sum(sizes), len(sizes)


def cached_start_ms(context, url: str, runs: int) -> list[float]:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(USABLE)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    times = []
    for _ in range(runs):
        page.reload(wait_until="commit")
        page.wait_for_selector(USABLE)
        times.append(page.evaluate("performance.now()"))
    page.close()
    return times


def confirm_to_ack_ms(context, url: str) -> list[float]:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('[data-testid="connection"][data-state="online"]')
    times = []
    for _ in range(2):  # the round's third board would end on the round-complete screen
        board = page.locator('[data-testid^="board-"][data-status="open"]').first
        name = board.get_attribute("data-testid")
        for key in ("level-3", "strain-N", "declarer-S", "result-eq", "enter"):
            page.get_by_test_id(key).click()
        started = time.perf_counter()
        page.get_by_test_id("confirm").click()
        page.wait_for_selector(f'[data-testid="{name}"][data-status="scored"]', timeout=10000)
        times.append((time.perf_counter() - started) * 1000)
    page.close()
    return times


def main(runs: int = 9) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        server = served_event(Path(folder), tables=6).start()
        try:
            tables = server.tables()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                     args=CHROMIUM_ARGS)
                context = browser.new_context(viewport={"width": 360, "height": 640})
                total, requests = first_load_bytes(context, tables[0]["url"])
                starts = cached_start_ms(context, tables[0]["url"], runs)
                acks = []
                for table in tables[1:6]:
                    acks += confirm_to_ack_ms(browser.new_context(), table["url"])
                browser.close()
        finally:
            server.stop()
    print("terminal, measured in Chromium against traveller serve on loopback")
    print(f"  first load: {total / 1024:.1f} KB in {requests} requests (target < 150 KB)")
    print(f"  first usable screen from cache: median {statistics.median(starts):.0f} ms, "
          f"max {max(starts):.0f} ms over {runs} reloads (target < 300 ms)")
    print(f"  Confirm tapped to server ack: median {statistics.median(acks):.0f} ms, "
          f"max {max(acks):.0f} ms over {len(acks)} results (click to the board drawn as scored)")


if __name__ == "__main__":
    main()
