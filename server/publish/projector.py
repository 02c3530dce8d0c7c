"""What the projector shows: the standings after the last round every table (every match) has
finished, so an entry that completes no round changes nothing on it (K4.3's barometer); in a
competition, the stages in play as the competition ranks them (`stage_projector`), a
knock-out's matches with their IMPs as they come.
"""

from __future__ import annotations

import time
from typing import Any

from ..stages.inputs import is_competition
from ..store import Store
from ..store import competition as competition_sql
from ..teams.matches import in_competition, is_teams, matches
from . import results, stage_projector, team_results
from .stage_projector import finished_boards


def projector_data(store: Store) -> dict[str, Any]:
    """What the projector shows: the stages in play of a competition, the teams ranking in a
    teams event, else the pairs'."""
    now_ms = int(time.time() * 1000)
    if is_competition(store):
        return stage_projector.projector(store, now_ms)
    if is_teams(store):
        return team_results.projector(store, now_ms)
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


def mark(store: Store) -> tuple[int, ...]:
    """What changes whenever a new result can change the projector: the rounds finished at
    every table; in a competition also the rounds finished anywhere in the event (stages play
    side by side), the fixtures in play and a knock-out's boards finished in both rooms of
    every match on their deal (its IMPs show as they come)."""
    if not is_competition(store):
        return (finished_rounds(store),)
    done: dict[int, bool] = {}
    knockout_boards = 0
    if is_teams(store):
        knockouts = {at for at, f in in_competition(store).items() if f.get("knockout")}
        played = matches(store, int(time.time() * 1000))
        for match in played:
            done[match.round] = done.get(match.round, True) and match.complete
        knockout_boards = len(finished_boards(
            m for m in played if (m.round, m.table) in knockouts))
    else:
        for entry in results.entries(store):
            done[entry.key.round] = done.get(entry.key.round, True) and entry.scored
    return (len(competition_sql.fixtures(store)), sum(done.values()), knockout_boards)
