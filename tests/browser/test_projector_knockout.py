"""A teams competition in a real browser (issue 22 items 2, 5): the director publishes it from
the console's publication switch, and the public projector follows its knock-out: the
semi-finals with their carry-over (K15), the IMPs growing as both rooms of both matches play a
board, without anyone reloading the page.

The server is a real `traveller serve` on the inter-province teams played by robots to its
semi-finals (K1.5); the tables are robots' terminals on the /table socket.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import socketio
from playwright.sync_api import Browser, BrowserContext, expect

from server.stages.robots import payload_of, robot_result
from server.store import Store
from tests.browser.pages import director
from tests.conftest import ServerProcess, free_port
from tests.integration.stage_moments import copy, moments


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Any]]:
    """The semi-finals in play, unplayed; and each semi-final table's robot result for its
    first board: (room, table) -> (board, result)."""
    path = copy(moments("gabsi-province-teams", (2,), end=False)[2],
                tmp_path_factory.mktemp("cup") / "cup.db")
    store = Store(path)
    try:
        last = max(s.round for s in store.seatings())
        first_boards = {(s.section, s.table_number): (s.boards[0], robot_result(
            store, 11, s.section, s.table_number, s.round, s.boards[0]))
            for s in store.seatings() if s.round == last}
    finally:
        store.close()
    process = ServerProcess(db_path=path, port=free_port()).start()
    yield process, first_boards
    process.stop()


def test_k15_a_published_teams_competition_projects_its_knockout_live(
        cup: tuple[ServerProcess, Any], browser: Browser, contexts: list[BrowserContext]) -> None:
    server, first_boards = cup
    console = director(browser, contexts, server.base_url)
    wall = browser.new_context(viewport={"width": 1600, "height": 900})
    contexts.append(wall)
    projector = wall.new_page()
    # Not published yet: the public sees no projector.
    response = projector.goto(server.base_url + "/results/projector")
    assert response is not None and response.status == 403

    # The switch works for a teams competition, and comes back to the page it is on.
    console.goto(server.base_url + "/director/publication")
    expect(console.get_by_test_id("published")).to_have_text("not published")
    console.get_by_test_id("toggle-publication").click()
    expect(console).to_have_url(server.base_url + "/director/publication")
    expect(console.get_by_test_id("published")).to_have_text("published")

    projector.goto(server.base_url + "/results/projector")
    expect(projector.locator("body")).to_have_attribute("data-live", "socket")
    stage = projector.get_by_test_id("projector-stage")
    expect(stage).to_have_attribute("data-stage", "ko")
    semis = projector.locator("tr.playing")
    expect(semis).to_have_count(2)
    expect(projector.locator("tr.complete")).to_have_count(4)
    before = [(semis.nth(i).get_by_test_id("home-total").inner_text(),
               semis.nth(i).get_by_test_id("away-total").inner_text()) for i in range(2)]
    # Only the carry-over so far (K15): one team of each semi-final has it.
    assert all(sorted(pair)[0] == "0" and sorted(pair)[1] != "0" for pair in before)
    assert "∞" not in projector.content()

    # Both rooms of both semi-finals play their first board: the wall shows it, unasked.
    version = projector.locator("body").get_attribute("data-version")
    tables = {(t["section"], t["table"]): t["token"] for t in server.tables()}
    clients = []
    try:
        for (room, number), (board, played) in sorted(first_boards.items()):
            client = socketio.Client(reconnection=False)
            client.connect(server.base_url, namespaces=["/table"],
                           auth={"token": tables[room, number]}, transports=["websocket"],
                           wait_timeout=10)
            clients.append(client)
            ack = client.call("submit_result", {"op_id": str(uuid.uuid4()), "board": board,
                                                **payload_of(played)},
                              namespace="/table", timeout=10)
            assert ack["ok"], ack
    finally:
        for client in clients:
            client.disconnect()
    expect(projector.locator("body")).not_to_have_attribute("data-version", version or "",
                                                            timeout=10000)
    semis = projector.locator("tr.playing")
    expect(semis.first.locator("td.boards")).to_have_text("1/12")
    data = projector.evaluate("fetch('/results/api/projector').then(r => r.json())")
    live = [m for m in data["stages"][0]["matches"] if m["status"] == "playing"]
    for i, m in enumerate(live):
        carried = m["carry_over"]["imps"] if m["carry_over"] else 0
        home = bool(m["carry_over"]) and m["carry_over"]["to"] == m["home"]["entry"]
        assert m["total"] == [m["imps"][0] + (carried if home else 0),
                              m["imps"][1] + (0 if home else carried)]
        expect(semis.nth(i).get_by_test_id("home-total")).to_have_text(f"{m['total'][0]:g}")
        expect(semis.nth(i).get_by_test_id("away-total")).to_have_text(f"{m['total'][1]:g}")
    projector.screenshot(path=str(Path(server.db_path).with_suffix(".png")))
