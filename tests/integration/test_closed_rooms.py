"""K8.3, closed rooms (the school championship, seeds/gabsi-school.toml): nothing is public, the
results pages, the projector and the results site on the web, until the director publishes the
results after the end; publishing before the end is refused, publishing after it is audited;
a table's own traveller stays (the players are the room, not spectators)."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from server.errors import TravellerError
from server.formats import PresetError, load_preset, parse_preset
from server.publish.closed import CLOSED
from server.publish.web import Publisher, publish
from server.table.entry import submit_result
from server.table.state import traveller
from tests.conftest import DIRECTOR, REPO
from tests.integration import teams_event as te
from tests.integration.rehearsed import rehearsed
from tests.integration.test_director import login
from tests.integration.test_projector_push import projector_client
from tests.integration.test_rulings import JSON, post

PUBLIC = ("/results/", "/results/projector", "/results/api/standings",
          "/results/api/competition", "/results/api/projector")
"""The public results of a competition: its pages, the projector and their JSON."""


def store_of(app: Any) -> Any:
    return app.extensions["traveller.store"]


def publications(app: Any) -> list[dict[str, Any]]:
    return [a for a in store_of(app).audit_rows() if a["entity_id"] == "results_published"]


def play_one(store: Any) -> tuple[Any, int]:
    """The first board of the first table in play, played there: (the table, the board)."""
    seating = min(store.seatings(), key=lambda s: (s.round, s.section, s.table_number))
    table = next(t for t in store.tables()
                 if (t.section, t.number) == (seating.section, seating.table_number))
    board = seating.boards[0]
    ack = submit_result(store, table, {"op_id": str(uuid.uuid4()), "board": board,
                                       "contract": "3N", "declarer": "N", "tricks": 9},
                        0, "table")
    assert ack["ok"], ack
    return table, board


def test_k8_3_the_school_preset_closes_its_rooms_and_a_wrong_value_is_named() -> None:
    school = load_preset(REPO / "seeds" / "gabsi-school.toml")
    assert school.publish == "after-end" and "K8.3" in school.rules
    assert parse_preset('[event]\nname = "Club"\n').publish == "live"
    with pytest.raises(PresetError, match=r"\[event\] publish: 'closed' is not one of live, "
                                          r"after-end \(\"after-end\": closed rooms, K8.3"):
        parse_preset('[event]\nname = "Club"\npublish = "closed"\n')


def test_k8_3_nothing_is_public_while_the_school_championship_is_played(
        tmp_path: Path) -> None:
    # Both sessions in play, a board played: the event is not over.
    path = rehearsed("gabsi-school", tmp_path / "event.db", advances=0)
    with te.app_for(path) as app:
        table, board = play_one(store_of(app))
        public = app.test_client()
        for url in PUBLIC:
            assert public.get(url).status_code == 403, url
        page = public.get("/results/").get_data(as_text=True)
        assert 'data-testid="closed-rooms"' in page and "Closed rooms (K8.3)" in page
        assert "Ruang tertutup (K8.3)" in public.get("/results/?lang=id").get_data(as_text=True)
        assert "Zamknięte sale (K8.3)" in public.get("/results/?lang=pl").get_data(as_text=True)
        assert public.get("/results/api/standings").json == {
            "ok": False, "code": "results_not_published", "error": CLOSED, "status": 403}
        assert not projector_client(app).is_connected("/results")
        # The results site goes nowhere: `traveller publish` refuses, `serve --publish` waits.
        site = tmp_path / "site"
        with pytest.raises(TravellerError) as refused:
            publish(store_of(app), str(site))
        assert (refused.value.code, refused.value.status) == ("results_closed", 403)
        publisher = Publisher(lambda: store_of(app), str(site))
        assert publisher.step() is None and publisher.status.closed
        assert not site.exists() or not any(site.iterdir())
        # The director sees everything, and that it is not published; publishing is refused.
        director = login(app)
        assert director.get("/results/").status_code == 200
        assert director.get("/director/publication", headers=JSON).json == {
            "ok": True, "published": False, "closed": True, "over": False,
            "may_publish": False}
        console = director.get("/director/rankings").get_data(as_text=True)
        assert 'data-testid="closed-rooms"' in console and "The event is not over yet." in console
        assert "disabled" in console.split('data-testid="toggle-publication"')[1].split(">")[0]
        refused_form = post(director, "/director/publication", published=True)
        assert refused_form.status_code == 409 and refused_form.json["code"] == "event_not_over"
        assert publications(app) == []
        assert public.get("/results/").status_code == 403
        # A table's own traveller of a board it has played stays (the decision in
        # server.publish.closed).
        assert traveller(store_of(app), table, board)["results"][0]["this_table"] is True


def test_k8_3_traveller_publish_refuses_in_one_line(tmp_path: Path) -> None:
    path = rehearsed("gabsi-school", tmp_path / "event.db", advances=0)
    done = subprocess.run([sys.executable, "-m", "server.cli", "publish", str(path),
                           str(tmp_path / "site")], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [f"traveller: {CLOSED}"]


def test_k8_3_after_the_end_the_director_publishes_and_everything_opens(
        tmp_path: Path) -> None:
    path = rehearsed("gabsi-school", tmp_path / "event.db")
    with te.app_for(path) as app:
        public = app.test_client()
        assert public.get("/results/").status_code == 403  # over, but not published yet
        director = login(app)
        assert director.get("/director/publication", headers=JSON).json["may_publish"] is True
        console = director.get("/director/rankings").get_data(as_text=True)
        button = console.split('data-testid="toggle-publication"')[1].split("</button>")[0]
        assert "disabled" not in button and "Publish the results" in button
        done = post(director, "/director/publication", published=True)
        assert done.json == {"ok": True, "published": True}
        [row] = publications(app)
        assert (row["actor"], row["old"], row["new"], row["why"]) == (
            DIRECTOR, None, "true", "results published after the end (K8.3)")
        for url in PUBLIC:
            assert public.get(url).status_code == 200, url
        watcher = projector_client(app)
        assert watcher.is_connected("/results")
        site = tmp_path / "site"
        assert publish(store_of(app), str(site)).sent > 0
        publisher = Publisher(lambda: store_of(app), str(tmp_path / "served"))
        assert publisher.step() is not None and not publisher.status.closed
        # Withdrawing stays possible, audited like publishing.
        assert post(director, "/director/publication", published=False).json["ok"] is True
        assert [r["new"] for r in publications(app)] == ["true", "false"]
        assert public.get("/results/").status_code == 403
