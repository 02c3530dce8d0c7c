"""What the projector shows: the standings after the last round every table (every match) has
finished, so an entry that completes no round changes nothing on it (K4.3's barometer).
"""

from __future__ import annotations

import time
from typing import Any

from ..stages.inputs import is_competition
from ..store import Store
from ..teams.matches import is_teams, matches
from . import competition, results, team_results


def projector_data(store: Store) -> dict[str, Any]:
    """What the projector shows: the stage in play of a competition, the teams ranking in a
    teams event, else the pairs'."""
    if is_competition(store):
        return competition.projector(store, int(time.time() * 1000))
    if is_teams(store):
        return team_results.projector(store, int(time.time() * 1000))
    return results.projector(store)


def finished_rounds(store: Store) -> int:
    """Rounds every table (every match) has finished: a new one changes the projector."""
    if is_teams(store):
        done: dict[int, bool] = {}
        for match in matches(store, int(time.time() * 1000)):
            done[match.round] = done.get(match.round, True) and match.complete
        finished = 0
        for number in sorted(done):
            if not done[number]:
                break
            finished = number
        return finished
    return results.completed_rounds(store)
