"""K14.3: the cases reported to the federation: every ruling, penalty, walk-over and adjusted
score of the event from the audit log, on a printable console page and as cases.csv."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.publish.cases import COLUMNS
from server.store import teams as team_sql
from tests.conftest import DIRECTOR
from tests.integration import teams_event as te
from tests.integration.test_director import login
from tests.integration.test_rulings import JSON, board_one, post


@pytest.fixture
def teams_app(tmp_path: Path) -> Iterator[Any]:
    """Four teams, a round robin of three 8-board matches: round 1 is 1 v 4 and 2 v 3, round 2
    4 v 3 and 1 v 2."""
    with te.app_for(te.create(tmp_path / "teams.db", tables=2, boards_per_round=8)) as app:
        yield app


def cases(client: Any) -> list[dict[str, Any]]:
    body = client.get("/director/cases", headers=JSON).json
    assert body["ok"], body
    return list(body["cases"])


def test_k14_3_the_report_lists_a_ruling_a_penalty_a_walkover_and_an_adjusted_score(
        teams_app: Any) -> None:
    store = teams_app.extensions["traveller.store"]
    te.play_match(store, 1, 1, {1: ("3NT", 10, "N")}, {1: ("3NT", 9, "N")})
    first, second = te.boards_of(store, 1)[:2]
    client = login(teams_app)
    assert post(client, f"/director/board/{first}/correct", section="O", table=1, round=1,
                contract="3NT", declarer="N", tricks=11,
                why="declarer claimed 11").json["ok"]
    assert post(client, f"/director/board/{second}/adjust", section="C", table=1, round=1,
                choice="60/40", why="revoke, no result possible").json["ok"]
    assert post(client, "/director/teams/rulings/walkover", round=2, team=4,
                why="team 4 absent at 20 minutes").json["ok"]
    assert post(client, "/director/teams/rulings/vp", team=2, vp="1", rule="K10.1",
                why="unauthorised information").json["ok"]
    names = te_names(store)
    found = cases(client)
    assert [c["kind"] for c in found] == ["correction", "adjusted_score", "walkover", "penalty"]
    correction, adjusted, walkover, penalty = found
    assert {k: correction[k] for k in ("rule", "table_or_match", "pair_or_team", "why",
                                       "who")} == {
        "rule": "", "table_or_match": f"table O1, round 1, board {first}",
        "pair_or_team": f"{names[1]} v {names[4]}", "why": "declarer claimed 11",
        "who": DIRECTOR}
    assert correction["what"] == "3N by N, 10 tricks (+430) → 3N by N, 11 tricks (+460)"
    assert (adjusted["rule"], adjusted["table_or_match"], adjusted["pair_or_team"],
            adjusted["what"]) == ("Law 12C2", f"table C1, round 1, board {second}",
                                  f"{names[4]} v {names[1]}", "60% / 40%")
    assert (walkover["rule"], walkover["table_or_match"], walkover["pair_or_team"],
            walkover["why"]) == ("K13.1", "round 2, match 1", names[4],
                                 "team 4 absent at 20 minutes")
    assert walkover["what"].startswith(f"K13.1 W.O. in round 2: {names[4]} did not play")
    assert (penalty["rule"], penalty["pair_or_team"], penalty["what"]) == (
        "K10.1", names[2], f"K10.1 {names[2]} −1 VP")
    assert all(c["when"][:2] == "20" and c["who"] == DIRECTOR for c in found)
    # The same rows as CSV, which a spreadsheet (and the csv module) reads back.
    download = client.get("/director/cases.csv")
    assert download.mimetype == "text/csv"
    assert 'filename="cases.csv"' in download.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(download.get_data(as_text=True))))
    assert tuple(rows[0]) == COLUMNS == ("when", "kind", "rule", "table_or_match",
                                         "pair_or_team", "what", "why", "who")
    assert rows == [{k: str(c[k]) for k in COLUMNS} for c in found]
    # Taking a ruling back is a case of its own; the one taken back stays listed.
    ruling = next(r["id"] for r in client.get("/director/teams/rulings", headers=JSON)
                  .json["rulings"] if r["kind"] == "vp_penalty")
    assert post(client, f"/director/teams/rulings/{ruling}/remove", why="ruled again").json["ok"]
    assert [c["kind"] for c in cases(client)][-2:] == ["penalty", "penalty_removed"]
    # The printable page, linked from the rulings page, in the console's languages.
    assert 'href="/director/cases"' in client.get("/director/teams/rulings").get_data(
        as_text=True)
    page = client.get("/director/cases?lang=pl").get_data(as_text=True)
    assert "Sprawy dla federacji (K14.3)" in page and 'data-print' in page
    assert page.count('data-kind="') == 5 and "Walkower cofnięty" not in page
    assert "Kara cofnięta" in page and "unauthorised information" in page
    # A team ruling of a kind the report does not name (a fine) is listed under its own kind.
    with store.write() as db:
        team_sql.insert_team_ruling(store, db, {
            "kind": "fine", "round": 2, "team": 3, "opponent": None, "value": 100.0,
            "rule": "D3.7", "detail": {}, "why": "W.O. in a central league",
            "actor": "director", "at_ms": 0, "removed_ms": None})
    fine = cases(client)[-1]
    assert (fine["kind"], fine["rule"], fine["pair_or_team"], fine["why"]) == (
        "fine", "D3.7", names[3], "W.O. in a central league")


def te_names(store: Any) -> dict[int, str]:
    from server.teams.matches import names

    return names(store)


def test_k14_3_pairs_rulings_k13_3_and_k18_1_are_reported(app: Any) -> None:
    board_one(app)
    client = login(app)
    assert post(client, "/director/penalties", pair=3, percent_of_top=10,
                why="mobile phone rang").json["ok"]
    assert post(client, "/director/withdraw", pair=2, why="pair 2 taken ill").json["ok"]
    assert post(client, "/director/board/1/undo", table=1, round=1,
                why="nothing").status_code == 409  # refused: no case
    found = cases(client)
    penalty = found[0]
    assert (penalty["kind"], penalty["rule"], penalty["pair_or_team"], penalty["what"],
            penalty["why"]) == ("penalty", "K18.1", "A3", "10% of a top", "mobile phone rang")
    k13_3 = found[1:]
    assert k13_3 and {(c["kind"], c["rule"], c["why"]) for c in k13_3} == {
        ("adjusted_score", "K13.3", "pair 2 taken ill")}
    assert {c["what"] for c in k13_3} <= {"K13.3 60% / 40%", "K13.3 40% / 60%"}
    assert all("A2" in c["pair_or_team"].split(" v ") for c in k13_3)
    page = client.get("/director/rankings").get_data(as_text=True)
    assert 'data-testid="cases-link"' in page
    assert client.get("/director/cases", headers={"Accept": "text/html"}).status_code == 200
    assert app.test_client().get("/director/cases.csv").status_code in (302, 401)
