"""Simulated competitions for the tests: each preset played once per seed and kept, and a
driver that plays a competition with the boards a test chooses."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from server.competition import Competition, Entry, Inputs, MatchFixture, MatchPlay, simulate
from server.competition.flow import CompetitionView
from server.competition.report import to_json
from server.competition.robots import Robots
from server.competition.simulate import Simulation, make_entries
from server.formats import load_preset, parse_preset
from server.scoring.teams import BoardResult

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@cache
def simulated(preset: str, seed: int = 1, entries: int | None = None) -> Simulation:
    return simulate(load_preset(SEEDS / preset), seed=seed, entries=entries,
                    source=f"seeds/{preset}")


@cache
def report(preset: str, seed: int = 1, entries: int | None = None) -> dict[str, Any]:
    return to_json(simulated(preset, seed, entries))


def stage(data: dict[str, Any], stage_id: str) -> dict[str, Any]:
    return next(s for s in data["stages"] if s["id"] == stage_id)


def match(data: dict[str, Any], stage_id: str, match_id: str) -> dict[str, Any]:
    return next(m for m in stage(data, stage_id)["matches"] if m["id"] == match_id)


def order(group: dict[str, Any]) -> list[int]:
    return [line["entry"] for line in group["standings"]]


def level_match(fixture: MatchFixture, home_ahead: int = 0) -> MatchPlay:
    """Every board flat (no IMPs) but the first, where the home team gains ``home_ahead``
    points' worth (0: a level match)."""
    boards = [BoardResult(fixture.first_board + i, 420, 420) for i in range(fixture.boards)]
    if home_ahead:
        boards[0] = BoardResult(fixture.first_board, 420 + home_ahead, 420)
    return MatchPlay(tuple(boards))


def drive(text: str, entries: int, play: Callable[[MatchFixture], MatchPlay | None],
          seed: int = 1, choices: dict[str, int] | None = None) -> CompetitionView:
    """Play the competition of preset ``text``: ``play`` answers a match (None: robots)."""
    preset = parse_preset(text)
    assert preset.competition is not None
    competition = Competition(preset.competition, make_entries(preset.competition, entries))
    robots = Robots(seed)
    inputs = Inputs()
    for _ in range(500):
        view = competition.view(inputs)
        if view.complete:
            return view
        for due in view.due:
            inputs.choices[due.key] = (choices or {}).get(due.key, due.allowed[-1])
        for fixture in view.fixtures:
            assert isinstance(fixture, MatchFixture)
            inputs.matches[fixture.key] = play(fixture) or robots.play_match(fixture)
    raise AssertionError("the competition did not finish")


__all__ = ["Entry", "drive", "level_match", "match", "order", "report", "simulated", "stage"]
