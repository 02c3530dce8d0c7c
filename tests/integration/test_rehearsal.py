"""`traveller robots` and `traveller standings`: every competition preset of seeds/ played by
robots in its event file, through the tables' own use cases, ends with the final places (and
every stage) of `traveller simulate` for the same seed; a rehearsal stops where it is told;
`standings` tells each stage's status; bad input is one line and exit status 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from server.competition import simulate
from server.competition.report import to_json
from server.formats import load_preset
from server.store import Store
from tests.conftest import PASSWORD, REPO
from tests.integration.rehearsed import SEED, SMALLEST, rehearsed, standing


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server.cli", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("preset", sorted(SMALLEST))
def test_every_preset_played_by_robots_ends_as_simulate_says(preset: str,
                                                             tmp_path: Path) -> None:
    data = standing(rehearsed(preset, tmp_path / "event.db"))
    expected = to_json(simulate(load_preset(REPO / "seeds" / f"{preset}.toml"), seed=SEED,
                                entries=SMALLEST[preset]))
    assert data["complete"]
    assert data["final_places"] == expected["final_places"]
    assert [s["status"] for s in data["stages"]] == ["complete"] * len(expected["stages"])
    for played, simulated in zip(data["stages"], expected["stages"], strict=True):
        assert {k: v for k, v in played.items() if k != "status"} == simulated, played["id"]
    assert data["entries"] == expected["entries"]


def test_kd1_robots_are_audited_as_robots_and_their_captains_confirm_every_match(
        tmp_path: Path) -> None:
    path = rehearsed("gabsi-province-teams", tmp_path / "event.db")
    db = Store.open(path).db
    actors = {row["actor"] for row in db.query("select distinct actor from audit")}
    assert {"robot at table O1", "robot at table C1", "robot director"} <= actors
    entered = {row["source"] for row in db.query("select distinct source from results")}
    assert entered and all(source.startswith("robot at table ") for source in entered)
    # KD1: both captains confirmed every match.
    matches = db.execute("select count(distinct round || '/' || table_number) from "
                         "match_confirmations").fetchone()[0]
    assert matches == 20
    assert db.execute("select count(*) from match_confirmations").fetchone()[0] == 40


def test_robots_advance_n_times_and_stop_with_the_new_matches_in_play(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    made = traveller("new", str(path), "--preset", str(REPO / "seeds" /
                                                     "gabsi-province-teams.toml"),
                     "--entries", "8", "--password", PASSWORD, "--base-url", "http://x")
    assert made.returncode == 0, made.stderr
    done = traveller("robots", str(path), "--seed", str(SEED), "--advance", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == (
        "robots entered 192 results; 1 advances, 2 decisions; new matches or sessions are "
        "in play")
    now = traveller("standings", str(path), "--json")
    data = json.loads(now.stdout)
    assert [s["status"] for s in data["stages"]] == ["complete", "playing"]
    assert data["final_places"] == [] and data["complete"] is False
    # The knock-out's quarter-finals are in play and not played: no winner yet.
    quarter_finals = data["stages"][1]["matches"]
    assert len(quarter_finals) == 4
    assert all(m["winner"] is None and m["imps"] == [0, 0] for m in quarter_finals)
    text = traveller("standings", str(path))
    assert text.returncode == 0
    assert "== knock-out (knockout; K1.4" in text.stdout and ": playing" in text.stdout
    assert "Final places: not known yet" in text.stdout
    again = traveller("robots", str(path), "--seed", str(SEED), "--to-the-end", "--quiet")
    assert again.returncode == 0 and again.stdout.endswith("the final places are known\n")
    assert json.loads(traveller("standings", str(path), "--json").stdout)["complete"]


def test_robots_without_advance_enter_only_what_is_in_play(tmp_path: Path) -> None:
    path = tmp_path / "event.db"
    traveller("new", str(path), "--preset", str(REPO / "seeds" / "gabsi-province-teams.toml"),
              "--entries", "8", "--password", PASSWORD, "--base-url", "http://x")
    done = traveller("robots", str(path), "--quiet")
    assert done.stdout == ("robots entered 192 results; 0 advances, 0 decisions; waiting for "
                           "the director\n")
    again = traveller("robots", str(path), "--quiet")
    assert again.stdout.startswith("robots entered 0 results")


@pytest.mark.parametrize(("args", "error"), [
    (["robots", "missing.db"], "no event file"),
    (["standings", "missing.db"], "no event file"),
    (["robots", "EVENT", "--advance", "-1"], "--advance must be 0 or more, not -1"),
    (["robots", "PAIRS"], "is not a competition"),
    (["standings", "PAIRS", "--json"], "is not a competition"),
])
def test_bad_input_is_one_line_and_exit_status_1(args: list[str], error: str,
                                                 tmp_path: Path) -> None:
    event = tmp_path / "event.db"
    traveller("new", str(event), "--preset", str(REPO / "seeds" / "gabsi-province-teams.toml"),
              "--entries", "8", "--password", PASSWORD, "--base-url", "http://x")
    pairs = tmp_path / "pairs.db"
    traveller("new", str(pairs), "--preset", str(REPO / "seeds" / "demo.toml"), "--password",
              PASSWORD, "--base-url", "http://x")
    args = [str(event) if a == "EVENT" else str(pairs) if a == "PAIRS" else
            str(tmp_path / a) if a.endswith(".db") else a for a in args]
    done = traveller(*args)
    assert done.returncode == 1
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and error in done.stderr
    assert "Traceback" not in done.stderr
