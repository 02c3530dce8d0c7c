"""Creating the event in the director console (`traveller serve` on a missing file): the presets
of seeds/ on offer, every mistake of the form listed with nothing created, the director's
password set at creation (DESIGN: auth), the preset's settings stored and audited (KD3), and
the tables playing at once; an event is created once."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.app import create_app
from server.event.keys import key_path
from server.formats import load_preset
from server.table.terminals import table_list
from tests.conftest import REPO, received

SEEDS = REPO / "seeds"
JSON = {"Accept": "application/json"}
GOOD = {"preset": "gabsi-pairs.toml", "name": "Club pairs", "tables": "5",
        "boards_per_round": "3", "password": "tournament", "password_again": "tournament"}


@pytest.fixture
def waiting(tmp_path: Path) -> Iterator[Any]:
    """An app started on an event file that does not exist yet, as `traveller serve` does."""
    app = create_app({"DATABASE": str(tmp_path / "new.db"), "TESTING": True,
                      "ALLOW_CREATE": True, "SEEDS": str(SEEDS),
                      "BASE_URL": "http://venue.test:5000"})
    yield app
    time.sleep(0.3)  # let the last background push finish before the file closes
    store = app.extensions["traveller.store"]
    if store is not None:
        store.close()


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, "no CSRF token on the page"
    return found.group(1)


def form_client(app: Any) -> Any:
    client = app.test_client()
    client.csrf = csrf_of(client.get("/director/create").get_data(as_text=True))
    return client


def create(client: Any, headers: dict[str, str] | None = None, **fields: str) -> Any:
    return client.post("/director/create", data={"csrf_token": client.csrf, **fields},
                       headers=headers or {})


def errors_of(page: str) -> list[str]:
    listed = re.search(r'data-testid="create-errors">(.*?)</ul>', page, re.S)
    assert listed, "no error list on the page"
    return [e.replace("&#39;", "'") for e in re.findall(r"<li>(.*?)</li>", listed.group(1))]


def db_files(app: Any) -> list[Path]:
    path = Path(app.config["DATABASE"])
    return sorted(path.parent.glob(path.name + "*"))


def test_no_event_yet_console_pages_lead_to_the_creation_form(waiting: Any) -> None:
    client = waiting.test_client()
    for path in ("/", "/director", "/director/", "/director/login", "/director/setup/"):
        response = client.get(path)
        assert response.status_code in (302, 308), path
        assert response.headers["Location"].endswith("/director/create"), path
    assert client.get("/director/create").status_code == 200
    assert client.get("/no/such/page").status_code == 404


def test_no_event_yet_tables_and_json_callers_get_a_clear_refusal(waiting: Any) -> None:
    client = waiting.test_client()
    page = client.get("/t/some-token")
    assert page.status_code == 503
    assert "no event yet" in page.get_data(as_text=True)
    assert client.get("/director/api/grid", headers=JSON).json == {
        "ok": False, "code": "no_event", "status": 503,
        "error": "there is no event yet: the director creates it in the console at "
                 "/director/create"}
    assert client.get("/results/api/standings", headers=JSON).json["code"] == "no_event"
    socketio = waiting.extensions["traveller.socketio"]
    terminal = socketio.test_client(waiting, namespace="/table", auth={"token": "any"})
    assert not terminal.is_connected("/table")
    director = socketio.test_client(waiting, namespace="/director", flask_test_client=client)
    assert not director.is_connected("/director")
    assert db_files(waiting) == []


def test_the_form_lists_every_one_stage_preset_of_seeds_with_its_defaults(waiting: Any) -> None:
    page = waiting.test_client().get("/director/create").get_data(as_text=True)
    offered = re.findall(r'data-preset="([^"]+)"', page)
    # A whole competition (several stages) is not made into one event file.
    assert sorted(offered) == sorted(p.name for p in SEEDS.glob("*.toml")
                                     if load_preset(p).competition is None)
    assert "gabsi-pairs.toml" in offered
    assert offered[-1] == "demo.toml"  # the demo's preset comes last
    for file in offered:
        preset = load_preset(SEEDS / file)
        assert preset.name in page
        assert f'data-tables="{preset.tables}"' in page
    assert "102 min per 12 boards" in page  # PZBS D3.5's clock
    assert "K12.2" in page  # the rules a preset configures
    for field in ("preset", "name", "tables", "boards_per_round", "rounds", "sections",
                  "password", "password_again"):
        assert f'name="{field}"' in page, field
    listing = waiting.test_client().get("/director/create", headers=JSON).json
    assert listing["ok"] and listing["csrf_token"]
    pairs = next(p for p in listing["presets"] if p["file"] == "gabsi-pairs.toml")
    assert (pairs["kind"], pairs["tables"], pairs["boards_per_round"]) == ("pairs", 12, 2)


def test_a_bad_form_lists_every_mistake_and_creates_nothing(waiting: Any) -> None:
    client = form_client(waiting)
    response = create(client, preset="no-such.toml", tables="0", name="Kept",
                      password="tournament", password_again="tournamnet")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert errors_of(page) == [
        "Preset: 'no-such.toml' is not one of the presets offered",
        "Tables per section: '0' is not a whole number of at least 1",
        "Director password: the two passwords are not the same",
    ]
    assert 'value="Kept"' in page  # the form comes back as typed...
    assert "tournament" not in page  # ...but never with the password
    assert db_files(waiting) == []
    assert waiting.extensions["traveller.store"] is None


def test_a_bad_json_creation_gets_the_one_error_envelope(waiting: Any) -> None:
    client = form_client(waiting)
    response = client.post("/director/create", json={**GOOD, "password": "short",
                                                     "password_again": "short"},
                           headers={"X-CSRF-Token": client.csrf})
    assert response.status_code == 400
    assert response.json == {"ok": False, "code": "invalid_event", "status": 400,
                             "error": "Director password: at least 8 characters"}
    assert db_files(waiting) == []


def test_a_movement_that_cannot_be_built_is_reported_and_creates_nothing(waiting: Any) -> None:
    client = form_client(waiting)
    response = create(client, headers=JSON, **{**GOOD, "tables": "3", "rounds": "9"})
    assert response.status_code == 400
    assert response.json["code"] == "invalid_event"
    assert response.json["error"].startswith("Movement: ")
    assert db_files(waiting) == []


def test_creation_without_the_csrf_token_is_refused(waiting: Any) -> None:
    client = waiting.test_client()
    client.get("/director/create")
    response = client.post("/director/create", data=GOOD)
    assert response.status_code == 400
    forged = client.post("/director/create", data={**GOOD, "csrf_token": "0" * 32})
    assert forged.status_code == 400
    assert db_files(waiting) == []


def test_kd3_a_good_form_creates_the_event_from_the_preset_audited_and_logged_in(
    waiting: Any,
) -> None:
    client = form_client(waiting)
    response = create(client, **GOOD)
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/director/setup/")
    store = waiting.extensions["traveller.store"]
    assert Path(waiting.config["DATABASE"]).is_file()
    preset = load_preset(SEEDS / "gabsi-pairs.toml")
    assert store.setting("name") == "Club pairs"
    assert store.setting("preset")["clock_minutes"] == preset.clock_minutes
    assert store.setting("preset")["name"] == preset.name
    movement = store.setting("movement")
    assert (movement["kind"], movement["tables"], movement["boards_per_round"]) == (
        "mitchell", 5, 3)
    assert len(store.tables()) == 5
    assert store.setting("base_url") == "http://venue.test:5000"
    created = [r for r in store.audit_rows() if r["action"] == "create"]
    assert len(created) == 1
    assert (created[0]["actor"], created[0]["entity"]) == ("director", "event")
    assert json.loads(created[0]["new"])["preset"] == "gabsi-pairs.toml"
    assert {r["entity_id"] for r in store.audit_rows()} >= {"name", "preset", "movement",
                                                             "password_hash"}
    # The creator is logged in: the set-up page shows the new event.
    page = client.get("/director/setup/")
    assert page.status_code == 200
    assert "Club pairs" in page.get_data(as_text=True)
    # The password was set at creation: another browser logs in with it.
    other = waiting.test_client()
    csrf = csrf_of(other.get("/director/login").get_data(as_text=True))
    assert other.post("/director/login", data={"password": "tournament",
                                               "csrf_token": csrf}).status_code == 302


def test_after_creation_the_tables_play_as_on_an_existing_file(waiting: Any) -> None:
    client = form_client(waiting)
    assert create(client, **GOOD).status_code == 302
    store = waiting.extensions["traveller.store"]
    rows = table_list(store)  # what `traveller tables EVENT.db --json` prints
    assert [r["table"] for r in rows] == [1, 2, 3, 4, 5]
    assert rows[0]["url"] == f"http://venue.test:5000/t/{rows[0]['token']}"
    assert waiting.test_client().get(f"/t/{rows[0]['token']}").status_code == 200
    socketio = waiting.extensions["traveller.socketio"]
    terminal = socketio.test_client(waiting, namespace="/table", auth={"token": rows[0]["token"]})
    assert terminal.is_connected("/table")
    state = received(terminal, "state", "/table")[-1]
    assert (state["table"], state["round"], state["boards"]) == (1, 1, [1, 2, 3])
    assert state["event"]["name"] == "Club pairs"
    ack = terminal.emit("submit_result", {"op_id": "first-result-1", "board": 1,
                                          "contract": "3N", "declarer": "S", "tricks": 9},
                        namespace="/table", callback=True)
    assert ack["ok"], ack
    director = socketio.test_client(waiting, namespace="/director", flask_test_client=client)
    assert director.is_connected("/director")
    assert received(director, "grid", "/director")


def test_a_second_creation_is_refused_with_409(waiting: Any) -> None:
    client = form_client(waiting)
    assert create(client, **GOOD).status_code == 302
    # The session changed at login; a page of the console carries the new token.
    client.csrf = csrf_of(client.get("/director/setup/").get_data(as_text=True))
    again = create(client, headers=JSON, **{**GOOD, "name": "Another"})
    assert again.status_code == 409
    assert again.json["code"] == "event_exists" and again.json["status"] == 409
    assert client.get("/director/create").status_code == 409
    assert waiting.extensions["traveller.store"].setting("name") == "Club pairs"


def test_a_server_started_on_an_existing_event_refuses_creation(app: Any) -> None:
    client = app.test_client()
    assert client.get("/director/create", headers=JSON).json["code"] == "event_exists"
    assert client.get("/").status_code == 200


def test_the_session_key_is_the_events_so_a_restart_keeps_the_director(waiting: Any) -> None:
    client = form_client(waiting)
    assert create(client, **GOOD).status_code == 302
    store = waiting.extensions["traveller.store"]
    # The key is the one beside the file, never a setting of the file itself.
    assert waiting.secret_key == key_path(store.path).read_text().strip()
    assert store.setting("secret_key") is None
    restarted = create_app({"DATABASE": waiting.config["DATABASE"], "TESTING": True})
    try:
        browser = restarted.test_client()
        browser.set_cookie("session", client.get_cookie("session").value)
        assert browser.get("/director/setup/").status_code == 200
    finally:
        restarted.extensions["traveller.store"].close()


def test_serve_refuses_a_missing_presets_folder_in_one_line(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "server", "serve", str(tmp_path / "new.db"), "--port", "0",
         "--seeds", str(tmp_path / "nowhere")],
        cwd=REPO, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "no presets folder" in out.stderr
    assert not (tmp_path / "new.db").exists()
