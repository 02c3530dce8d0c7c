"""Issue 15 item 7 on the server: our own page for an unknown address, a favicon for the
console and the terminal, and a clean stop of `serve` on Ctrl-C."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.request
from typing import Any

from tests.conftest import REPO, served_event


def test_15_7_an_unknown_address_gets_our_page_in_the_visitors_language(app: Any) -> None:
    client = app.test_client()
    page = client.get("/no/such/page")
    assert page.status_code == 404
    text = page.get_data(as_text=True)
    assert 'data-testid="http-error"' in text and "Page not found" in text
    assert "The requested URL was not found" not in text  # not Flask's stock page
    polish = client.get("/no/such/page?lang=pl").get_data(as_text=True)
    assert "Nie ma takiej strony" in polish
    as_json = client.get("/no/such/page", headers={"Accept": "application/json"})
    assert as_json.status_code == 404 and as_json.json["ok"] is False


def test_15_7_the_console_and_the_terminal_have_a_favicon(app: Any) -> None:
    client = app.test_client()
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.mimetype == "image/png"
    assert icon.data.startswith(b"\x89PNG")
    assert client.get("/static/favicon.svg").status_code == 200
    login = client.get("/director/login").get_data(as_text=True)
    assert 'rel="icon" href="/static/favicon.svg"' in login
    shell = (REPO / "terminal" / "index.html").read_text(encoding="utf-8")
    assert 'rel="icon" href="/static/favicon.svg"' in shell


def test_15_7_ctrl_c_stops_serve_with_one_clean_line(tmp_path: Any) -> None:
    server = served_event(tmp_path, tables=3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.cli", "serve", str(server.db_path), "--host",
         "127.0.0.1", "--port", str(server.port)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # Ctrl-C reaches the server as it would from a terminal (not ignored as in a job).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(server.base_url + "/director/login", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.strip().splitlines() == ["traveller: stopped; the event file is saved"], err
