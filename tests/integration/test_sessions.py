"""Issue 14 items 2 and 3: director logins are rate-limited per address; the signing key lives
beside the event file, never in it; director sessions are rows that logout and a password
change revoke, last a day, and name themselves in the audit."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from server.event.keys import ENV, key_path
from server.store.sessions import sessions
from server.web.security import LoginLimiter, TooManyLogins
from tests.conftest import DIRECTOR, PASSWORD, ServerProcess, make_event
from tests.integration.test_director import login

JSON = {"Accept": "application/json"}


def csrf_of(client: Any, path: str = "/director/login") -> str:
    page = client.get(path).get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def try_login(client: Any, password: str, json: bool = False) -> Any:
    csrf = csrf_of(client)
    headers = {**JSON, "X-CSRF-Token": csrf} if json else {}
    return client.post("/director/login", data={"password": password, "csrf_token": csrf},
                       headers=headers)


def session_token(app: Any, client: Any) -> str:
    """The session token inside the signed cookie (what only the browser holds)."""
    serializer = app.session_interface.get_signing_serializer(app)
    return str(serializer.loads(client.get_cookie("session").value)["sid"])


def opens_console(app: Any, cookie: str) -> bool:
    browser = app.test_client()
    browser.set_cookie("session", cookie)
    return bool(browser.get("/director/api/grid", headers=JSON).status_code == 200)


# -- item 3: keys ------------------------------------------------------------------------------

def test_14_3_the_signing_key_lives_in_a_key_file_beside_the_event_not_in_it(
        app: Any, event_path: Path) -> None:
    key_file = key_path(event_path)
    assert key_file.name == "event.db.key" and key_file.stat().st_mode & 0o077 == 0
    assert app.secret_key == key_file.read_text().strip()
    store = app.extensions["traveller.store"]
    assert store.setting("secret_key") is None
    assert key_file.read_bytes().strip() not in event_path.read_bytes()


def test_14_3_the_environment_key_wins_over_the_key_file(
        event_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "k" * 64)
    app = create_app({"DATABASE": str(event_path), "TESTING": True})
    try:
        assert app.secret_key == "k" * 64
    finally:
        app.extensions["traveller.store"].close()


def test_14_3_a_copied_event_file_grants_nothing(app: Any, event_path: Path,
                                                 tmp_path: Path) -> None:
    http = login(app)
    cookie = http.get_cookie("session").value
    assert opens_console(app, cookie)
    # The file as mailed to the federation: without its key file, on another laptop.
    elsewhere = tmp_path / "copy"
    elsewhere.mkdir()
    with sqlite3.connect(event_path) as source, sqlite3.connect(elsewhere / "event.db") as copy:
        source.backup(copy)
    copied = create_app({"DATABASE": str(elsewhere / "event.db"), "TESTING": True})
    try:
        assert copied.secret_key != app.secret_key
        assert not opens_console(copied, cookie)
        # Nor does a cookie forged with the copy's own new key and a session id read from the
        # file: the file holds the token's hash, never the token.
        digest = hashlib.sha256(session_token(app, http).encode()).hexdigest()
        data = (elsewhere / "event.db").read_bytes()
        assert session_token(app, http).encode() not in data and digest.encode() in data
        forged = copied.session_interface.get_signing_serializer(copied).dumps({"sid": digest})
        assert not opens_console(copied, forged)
    finally:
        copied.extensions["traveller.store"].close()


def test_14_3_an_old_event_file_loses_its_stored_key_and_gets_a_key_file(tmp_path: Path) -> None:
    path = make_event(tmp_path / "old.db")
    key_path(path).unlink()
    with sqlite3.connect(path) as db:
        # The file as the version before m013 left it: the key in its settings.
        db.execute("insert into settings values ('secret_key', ?)", [json.dumps("a" * 64)])
        db.execute("delete from _sqlite_migrations where name = 'm013_sessions'")
        db.execute("drop table director_sessions")
    app = create_app({"DATABASE": str(path), "TESTING": True})
    try:
        store = app.extensions["traveller.store"]
        assert store.setting("secret_key") is None
        assert app.secret_key == key_path(path).read_text().strip() != "a" * 64
        [row] = [r for r in store.audit_rows() if r["entity_id"] == "secret_key"
                 and r["new"] is None]
        assert row["why"] == "the signing key moved out of the event file"
        assert b"a" * 64 not in path.read_bytes()
        assert login(app).get("/director/api/grid", headers=JSON).status_code == 200
    finally:
        app.extensions["traveller.store"].close()


# -- item 3: sessions --------------------------------------------------------------------------

def test_14_3_logout_revokes_the_session_on_the_server(app: Any) -> None:
    http = login(app)
    cookie = http.get_cookie("session").value
    assert http.post("/director/logout", data={"csrf_token": http.csrf}).status_code == 302
    # The browser forgot the cookie; whoever kept a copy of it gets nothing either.
    assert not opens_console(app, cookie)
    replayed = app.test_client()
    replayed.set_cookie("session", cookie)
    socketio = app.extensions["traveller.socketio"]
    director = socketio.test_client(app, namespace="/director", flask_test_client=replayed)
    assert not director.is_connected("/director")
    [row] = sessions(app.extensions["traveller.store"])
    assert row["revoked_why"] == "logged out" and row["revoked_ms"] > 0


def test_14_3_ending_a_session_closes_its_live_sockets(app: Any) -> None:
    socketio = app.extensions["traveller.socketio"]
    mine, other = login(app), login(app)
    grids = [socketio.test_client(app, namespace="/director", flask_test_client=http)
             for http in (mine, other)]
    projector = socketio.test_client(app, namespace="/results", flask_test_client=other)
    assert all(g.is_connected("/director") for g in grids) and projector.is_connected("/results")
    # A password change closes the other session's console and projector, not this one.
    changed = mine.post("/director/password", headers={**JSON, "X-CSRF-Token": mine.csrf}, data={
        "old_password": PASSWORD, "new_password": "a-new-one-9",
        "new_password_again": "a-new-one-9"})
    assert changed.json == {"ok": True, "revoked": 1}
    assert grids[0].is_connected("/director")
    assert not grids[1].is_connected("/director") and not projector.is_connected("/results")
    # Logging out closes this session's own.
    mine.post("/director/logout", data={"csrf_token": mine.csrf})
    assert not grids[0].is_connected("/director")


def test_14_3_the_projector_checks_the_session_row(app: Any) -> None:
    http = login(app)
    cookie = http.get_cookie("session").value
    socketio = app.extensions["traveller.socketio"]
    watching = socketio.test_client(app, namespace="/results", flask_test_client=http)
    assert watching.is_connected("/results")
    watching.disconnect(namespace="/results")
    http.post("/director/logout", data={"csrf_token": http.csrf})
    replayed = app.test_client()
    replayed.set_cookie("session", cookie)
    # The results are not published: only a live director session may watch.
    refused = socketio.test_client(app, namespace="/results", flask_test_client=replayed)
    assert not refused.is_connected("/results")
    assert replayed.get("/results/projector").status_code == 403


def test_14_3_a_password_change_revokes_every_other_session(app: Any) -> None:
    mine, other = login(app), login(app)
    other_cookie = other.get_cookie("session").value
    wrong = mine.post("/director/password", headers={**JSON, "X-CSRF-Token": mine.csrf}, data={
        "old_password": "not-it", "new_password": "a-new-one-9", "new_password_again":
        "a-new-one-9"})
    assert wrong.status_code == 403 and wrong.json["code"] == "wrong_password"
    differ = mine.post("/director/password", headers={**JSON, "X-CSRF-Token": mine.csrf}, data={
        "old_password": PASSWORD, "new_password": "a-new-one-9", "new_password_again": "other"})
    assert differ.json["code"] == "passwords_differ"
    assert opens_console(app, other_cookie)
    page = mine.get("/director/password").get_data(as_text=True)
    assert 'name="new_password_again"' in page
    done = mine.post("/director/password", data={
        "csrf_token": mine.csrf, "old_password": PASSWORD, "new_password": "a-new-one-9",
        "new_password_again": "a-new-one-9"})
    assert done.status_code == 200 and 'data-testid="password-changed"' in done.get_data(
        as_text=True)
    assert mine.get("/director/api/grid", headers=JSON).status_code == 200
    assert not opens_console(app, other_cookie)
    assert try_login(app.test_client(), PASSWORD).status_code == 401
    assert try_login(app.test_client(), "a-new-one-9").status_code == 302
    rows = [r for r in app.extensions["traveller.store"].audit_rows()
            if r["entity_id"] == "password_hash"]
    assert (rows[-1]["actor"], rows[-1]["new"], rows[-1]["why"]) == (
        DIRECTOR, "(secret)", "password changed")


def test_14_3_director_actions_name_their_session_in_the_audit(app: Any) -> None:
    http = login(app)
    label = hashlib.sha256(session_token(app, http).encode()).hexdigest()[:4]
    response = http.post("/director/clock/start", headers={**JSON, "X-CSRF-Token": http.csrf})
    assert response.json["ok"]
    [row] = [a for a in app.extensions["traveller.store"].audit_rows() if a["action"] == "clock"]
    assert row["actor"] == f"director (session {label})"


def test_14_3_a_session_lasts_one_day_and_its_row_expires(app: Any) -> None:
    assert app.permanent_session_lifetime == timedelta(days=1)
    http = login(app)
    store = app.extensions["traveller.store"]
    [row] = list(store.db.query("select created_ms, expires_ms from director_sessions"))
    assert row["expires_ms"] - row["created_ms"] == 24 * 3600 * 1000
    with store.write() as db:
        db.execute("update director_sessions set expires_ms = created_ms")
    assert http.get("/director/api/grid", headers=JSON).status_code == 401


def test_14_3_the_session_lifetime_is_configurable(
        event_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVELLER_SESSION_HOURS", "6")
    app = create_app({"DATABASE": str(event_path), "TESTING": True})
    try:
        assert app.permanent_session_lifetime == timedelta(hours=6)
        login(app)
        [row] = list(app.extensions["traveller.store"].db.query(
            "select created_ms, expires_ms from director_sessions"))
        assert row["expires_ms"] - row["created_ms"] == 6 * 3600 * 1000
    finally:
        app.extensions["traveller.store"].close()


def test_14_3_creating_the_event_in_the_console_makes_its_key_file(tmp_path: Path) -> None:
    from tests.integration.test_create_event import GOOD, create, form_client

    path = tmp_path / "new.db"
    waiting = create_app({"DATABASE": str(path), "TESTING": True, "ALLOW_CREATE": True})
    try:
        client = form_client(waiting)
        assert create(client, **GOOD).status_code == 302
        assert waiting.secret_key == key_path(path).read_text().strip()
        # The creator is logged in through a session row like any other.
        assert client.get("/director/api/grid", headers=JSON).status_code == 200
        store = waiting.extensions["traveller.store"]
        assert len(list(store.db.query("select id from director_sessions"))) == 1
    finally:
        waiting.extensions["traveller.store"].close()


# -- item 2: logins ----------------------------------------------------------------------------

def test_14_2_wrong_logins_are_rate_limited_per_address_with_back_off(app: Any) -> None:
    now = [1000.0]
    app.extensions["traveller.logins"] = LoginLimiter(clock=lambda: now[0])
    client = app.test_client()
    for _ in range(LoginLimiter.FREE):
        assert try_login(client, "guess").status_code == 401
    refused = try_login(client, "guess", json=True)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
    assert refused.json == {
        "ok": False, "code": "too_many_logins", "status": 429,
        "error": "too many wrong passwords from this address: try again in 1 seconds"}
    # Even the right password waits; the form says so in a page, with Retry-After.
    page = try_login(client, PASSWORD)
    assert page.status_code == 429 and page.headers["Retry-After"] == "1"
    assert "wait 1 seconds" in page.get_data(as_text=True)
    # Another address is not held up.
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "10.0.0.7"
    assert try_login(elsewhere, "guess").status_code == 401
    # Each further wrong password doubles the wait.
    now[0] += 1
    assert try_login(client, "guess").status_code == 401
    assert try_login(client, "guess").headers["Retry-After"] == "2"
    now[0] += 2
    assert try_login(client, PASSWORD).status_code == 302
    # A right password clears the address.
    assert try_login(app.test_client(), "guess").status_code == 401


def test_14_2_parallel_attempts_count_before_their_hashes_finish() -> None:
    limiter = LoginLimiter(clock=lambda: 0.0)
    for _ in range(LoginLimiter.FREE):
        limiter.begin("10.0.0.1")  # started, not yet answered
    with pytest.raises(TooManyLogins, match="too many wrong passwords"):
        limiter.begin("10.0.0.1")


def test_14_2_the_wait_is_capped_and_forgotten_after_a_quiet_while() -> None:
    now = [0.0]
    limiter = LoginLimiter(clock=lambda: now[0])
    for _ in range(40):
        now[0] += LoginLimiter.MAX_WAIT
        limiter.begin("a")
    with pytest.raises(TooManyLogins) as waiting:
        limiter.begin("a")
    assert waiting.value.retry_after == LoginLimiter.MAX_WAIT == 300
    now[0] += LoginLimiter.FORGET + LoginLimiter.MAX_WAIT + 1
    for _ in range(LoginLimiter.FREE - 1):
        limiter.begin("a")


def test_14_3_the_key_file_is_made_by_new(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.conftest import DEMO_PRESET, REPO

    path = tmp_path / "club.db"
    out = subprocess.run([sys.executable, "-m", "server", "new", str(path), "--preset",
                          str(DEMO_PRESET), "--password", PASSWORD, "--base-url",
                          "http://127.0.0.1:5000"], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert key_path(path).is_file() and str(key_path(path)) in out.stdout


def test_14_2_a_served_server_hashes_off_its_loop_and_limits_logins(
        live_server: ServerProcess) -> None:
    """The gevent path: the thread pool answers, and the limit holds in a real server."""
    import http.cookiejar
    import urllib.error
    import urllib.parse
    import urllib.request

    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    url = live_server.base_url + "/director/login"
    page = opener.open(url, timeout=10).read().decode()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)

    def post(password: str) -> tuple[int, Any]:
        body = urllib.parse.urlencode({"password": password, "csrf_token": csrf}).encode()
        request = urllib.request.Request(url, data=body, headers={"Accept": "application/json",
                                                                  "X-CSRF-Token": csrf})
        try:
            with opener.open(request, timeout=30) as response:
                return response.status, response.headers
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers

    assert [post("guess")[0] for _ in range(LoginLimiter.FREE)] == [401] * LoginLimiter.FREE
    status, headers = post(PASSWORD)
    assert status == 429 and headers["Retry-After"] == "1"
    time.sleep(1.1)  # the wait itself, not a measurement: after it the right password works
    assert post(PASSWORD)[0] == 200
