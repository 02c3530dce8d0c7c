"""Serving the terminal: its shell, its modules, socket.io-client and the service worker."""

from __future__ import annotations

import re
from typing import Any


def test_table_url_serves_the_app_shell(app: Any) -> None:
    token = app.extensions["traveller.store"].tables()[0].token
    page = app.test_client().get(f"/t/{token}")
    assert page.status_code == 200
    assert b"/terminal/js/app.js" in page.data
    assert page.headers["Cache-Control"] == "no-cache"


def test_unknown_table_url_is_a_clear_404(app: Any) -> None:
    page = app.test_client().get("/t/nobody")
    assert page.status_code == 404
    assert b"not known" in page.data


def test_socketio_client_comes_from_npm(app: Any) -> None:
    response = app.test_client().get("/vendor/socket.io.esm.min.js")
    assert response.status_code == 200
    assert b"export" in response.data


def test_npm_folder_and_tests_are_not_served(app: Any) -> None:
    client = app.test_client()
    assert client.get("/terminal/node_modules/socket.io-client/package.json").status_code == 404
    assert client.get("/terminal/package.json").status_code == 404


def test_service_worker_cache_is_named_after_the_shell_contents(app: Any, tmp_path: Any) -> None:
    response = app.test_client().get("/sw.js")
    assert response.status_code == 200
    assert response.headers["Service-Worker-Allowed"] == "/"
    match = re.search(rb'const VERSION = "traveller-terminal-([0-9a-f]{16})";', response.data)
    assert match

    from server.web.terminal import shell_version

    terminal = tmp_path / "terminal"
    (terminal / "js").mkdir(parents=True)
    (terminal / "js" / "app.js").write_text("one")
    before = shell_version(terminal)
    (terminal / "js" / "app.js").write_text("two")
    assert shell_version(terminal) != before


def test_shell_files_are_gzipped_for_browsers_that_accept_it(app: Any) -> None:
    import gzip

    client = app.test_client()
    plain = client.get("/vendor/socket.io.esm.min.js")
    packed = client.get("/vendor/socket.io.esm.min.js", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2
    again = client.get("/vendor/socket.io.esm.min.js", headers={
        "Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304
