"""What a hostile client found over HTTP: request bodies of any size were read, a JSON caller
of a console address without a session was sent to the login page, and a method an address
does not take was refused as a missing CSRF token."""

from __future__ import annotations

import io
import re
from typing import Any

from server.web.forms import MAX_BODY
from tests.integration.test_director import login
from tests.integration.test_table_socket import counts

JSON = {"Accept": "application/json"}


def anonymous(app: Any) -> Any:
    """A client with a session cookie and its CSRF token, never logged in."""
    client = app.test_client()
    page = client.get("/director/login").get_data(as_text=True)
    client.csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return client


def test_a_body_over_the_limit_is_refused_413_before_anything_reads_it(app: Any) -> None:
    client = anonymous(app)
    before = counts(app)
    big = b"x" * (MAX_BODY + 1)
    for response in [
        client.post("/director/login", data=b'{"password":"' + big + b'"}',
                    content_type="application/json", headers={"X-CSRF-Token": client.csrf}),
        client.post("/director/login", data={"csrf_token": client.csrf,
                                             "file": (io.BytesIO(big), "a.csv")},
                    headers=JSON),
    ]:
        assert response.status_code == 413
        body = response.get_json()
        assert body["ok"] is False and body["code"] == "request_entity_too_large"
    assert counts(app) == before


def test_an_upload_under_the_limit_is_still_read(app: Any) -> None:
    director = login(app)
    csv = b"id,name,gender\n" + b"".join(b"%d,Player %d,M\n" % (n, n) for n in range(1, 3000))
    assert len(csv) < MAX_BODY
    response = director.post("/director/players/import", headers={
        "X-CSRF-Token": director.csrf, **JSON},
        data={"file": (io.BytesIO(csv), "players.csv")})
    assert response.status_code == 200, response.get_data(as_text=True)[:200]


def test_a_json_caller_without_a_session_gets_the_401_envelope_not_the_login_page(
        app: Any) -> None:
    client = anonymous(app)
    before = counts(app)
    for response in [
        client.get("/director/api/grid"),
        client.get("/director/setup/api/settings"),
        client.post("/director/publication", json={"published": True},
                    headers={"X-CSRF-Token": client.csrf}),
        client.post("/director/clock/start", json={}, headers={"X-CSRF-Token": client.csrf}),
    ]:
        assert response.status_code == 401, response.headers.get("Location")
        assert response.get_json()["code"] == "unauthorized"
    assert counts(app) == before
    # A browser is still sent to the login page.
    assert client.get("/director/rankings").status_code == 302


def test_a_method_an_address_does_not_take_is_405_not_a_csrf_refusal(app: Any) -> None:
    client = app.test_client()
    for method, path in [("PUT", "/director/login"), ("DELETE", "/results/"),
                         ("PATCH", "/results/api/standings"), ("POST", "/results/")]:
        response = client.open(path, method=method, headers=JSON)
        assert response.status_code == 405, (method, path)
        assert response.get_json()["code"] == "method_not_allowed"
    response = client.post("/no/such/page", headers=JSON)
    assert response.status_code == 404 and response.get_json()["code"] == "not_found"
    # A state-changing request to an address that takes it still needs the token.
    assert client.post("/director/login", json={"password": "x"}).status_code == 400


def test_what_only_the_director_sees_is_stored_by_no_cache(app: Any) -> None:
    """An export, the grid and the players' register behind the login: `private, no-store`,
    so neither a proxy nor the browser's disk keeps them; a public page keeps its own."""
    director = login(app)
    for url in ["/director/export/csv", "/director/api/grid", "/director/"]:
        response = director.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == "private, no-store", url
    assert "no-store" not in app.test_client().get("/director/login").headers.get(
        "Cache-Control", "")
