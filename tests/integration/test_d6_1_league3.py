"""D6.1: a regional League III group (seeds/pzbs-league-3.toml), made from the building blocks
of Leagues I and II, simulated and played live by robots to its end: its champion is promoted
to League II, on the command line's standings and on the console."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.cli import main
from tests.conftest import PASSWORD, REPO
from tests.integration.teams_event import app_for
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login

PRESET = REPO / "seeds" / "pzbs-league-3.toml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    status = main(list(args))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def test_d6_1_league_3_simulated_ends_with_its_champion_promoted(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "simulate", str(PRESET), "--seed", "1", "--json"))
    assert "D6.1" in data["rules"] and len(data["entries"]) == 8
    (group,) = data["stages"]
    assert group["kind"] == "round_robin" and group["boards_per_match"] == 24
    places = data["final_places"]
    assert [p["place"] for p in places] == list(range(1, 9))
    assert places[0]["outcome"] == "promoted to League II"
    assert places[0]["entry"] == group["groups"][0]["standings"][0]["entry"]
    assert all(p["outcome"] is None for p in places[1:])


def test_d6_1_league_3_played_by_robots_to_the_end_promotes_its_champion(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = str(tmp_path / "league3.db")
    run(capsys, "new", event, "--preset", str(PRESET), "--password", PASSWORD,
        "--base-url", "http://testserver")
    done = run(capsys, "robots", event, "--seed", "1", "--to-the-end", "--quiet")
    assert done.endswith("the final places are known\n")
    played = json.loads(run(capsys, "standings", event, "--json"))
    simulated = json.loads(run(capsys, "simulate", str(PRESET), "--seed", "1", "--json"))
    assert played["complete"] and played["final_places"] == simulated["final_places"]
    champion = played["final_places"][0]
    assert champion["place"] == 1 and champion["outcome"] == "promoted to League II"
    text = run(capsys, "standings", event)
    assert "D6.1: the group's champion (1st in the regional group); promoted to League II" in text
    with app_for(Path(event)) as app:
        page = login(app).get("/director/competition/").get_data(as_text=True)
        assert "promoted to League II" in page
        data = login(app).get("/director/competition/", headers=JSON).get_json()
        assert data["final_places"][0]["entry"] == champion["entry"]
