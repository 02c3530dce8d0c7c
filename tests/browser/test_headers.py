"""Issue 14 item 7: every response carries the security headers, and the console, the
projector, the event's creation form and the table terminal (its socket and service worker)
work under the Content-Security-Policy, with no violation reported by the browser."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import BrowserServer
from tests.browser.pages import director, open_table
from tests.conftest import ServerProcess

# Collects what the browser itself reports: a blocked script, style or connection fires
# `securitypolicyviolation` on the document. Playwright's init scripts are not subject to the
# page's policy, so this listener is always there first.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`);
});
"""


def headers_of(url: str) -> Any:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.headers
    except urllib.error.HTTPError as exc:
        return exc.headers


def assert_secured(headers: Any) -> None:
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy, policy
    assert "frame-ancestors 'none'" in policy and "style-src 'self'" in policy
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff"


@pytest.fixture
def watched() -> list[str]:
    """The CSP messages every watched page wrote to its console."""
    return []


def watch(page: Page, messages: list[str]) -> Page:
    page.on("console", lambda m: messages.append(m.text)
            if "Content Security Policy" in m.text else None)
    return page


def violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__violations || []"))


def test_14_7_every_response_carries_the_security_headers(server: BrowserServer) -> None:
    base = server.base_url
    token = server.tables[0]["token"]
    for path in ("/", "/director/login", "/director/", f"/t/{token}", "/t/not-a-table",
                 "/sw.js", "/terminal/js/app.js", "/vendor/socket.io.esm.min.js",
                 "/static/console.css", "/results/api/standings", "/no/such/page"):
        assert_secured(headers_of(base + path))


def test_14_7_console_projector_and_terminal_work_under_the_csp(
        browser: Browser, contexts: list[BrowserContext], server: BrowserServer,
        watched: list[str]) -> None:
    base = server.base_url
    console = director(browser, contexts, base)
    console.context.add_init_script(WATCH)
    watch(console, watched)
    console.reload()
    expect(console.get_by_test_id("director-clock")).to_be_visible()
    expect(console.locator("#live")).to_have_attribute("data-state", "online")
    assert violations(console) == []

    projector = console.context.new_page()
    watch(projector, watched)
    projector.goto(base + "/results/projector")
    expect(projector.locator("body")).to_have_attribute("data-live", "socket")
    # The projector's stylesheet applies: its dark ground comes from projector.css.
    assert projector.evaluate("getComputedStyle(document.body).backgroundColor") == \
        "rgb(16, 20, 26)"
    assert violations(projector) == []

    settings = console.context.new_page()
    watch(settings, watched)
    settings.goto(base + "/director/setup/")
    expect(settings.get_by_test_id("settings-form")).to_be_visible()
    assert settings.evaluate(
        "getComputedStyle(document.querySelector('.setup')).display") == "grid"
    assert violations(settings) == []

    phone, terminal = open_table(browser, contexts, server.tables[0]["url"])
    phone.add_init_script(WATCH)
    watch(terminal, watched)
    terminal.reload()
    expect(terminal.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(terminal.get_by_test_id("table")).to_be_visible()
    # The service worker still installs and takes the page: offline play depends on it.
    assert terminal.evaluate(
        "navigator.serviceWorker.ready.then((r) => Boolean(r.active))") is True
    assert violations(terminal) == []
    assert watched == []


def test_14_7_the_creation_form_works_under_the_csp(browser: Browser, tmp_path: Path,
                                                     watched: list[str]) -> None:
    waiting = ServerProcess(db_path=tmp_path / "new.db").start()
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        context.add_init_script(WATCH)
        page = watch(context.new_page(), watched)
        page.goto(waiting.base_url + "/director/create")
        assert_secured(headers_of(waiting.base_url + "/director/create"))
        # The preset's own values appear as placeholders: create.js ran.
        first = page.locator("input[name=preset]").first
        first.check()
        card = page.locator(".preset").first
        expect(page.locator("input[name=tables]")).to_have_attribute(
            "placeholder", card.get_attribute("data-tables") or "full")
        assert violations(page) == []
        assert watched == []
    finally:
        context.close()
        waiting.stop()


def test_14_7_a_strange_host_header_adds_no_source_to_the_policy() -> None:
    from server.web.security import content_security_policy

    assert "connect-src 'self' ws://10.0.0.5:5000 wss://10.0.0.5:5000;" in \
        content_security_policy("10.0.0.5:5000")
    hostile = content_security_policy("x; script-src *")
    assert "connect-src 'self';" in hostile and "*" not in hostile
