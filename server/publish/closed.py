"""K8.3, closed rooms: no spectators, so nothing is public until the director publishes the
results after the end.

A preset's `[event] publish = "after-end"` (the school championship's) keeps every public view
of the results closed while the event is played: the results pages and their JSON, the
projector, the results site sent to a web host (`traveller publish`, `serve --publish`). They
all follow the one publication switch (`results_published`, audited), and under closed rooms
the switch opens only once the event is over: every board of a one-session event scored, every
round of a teams event's matches complete, every stage of a competition complete (its final
places known). Withdrawing stays possible at any time.

What stays open, and why: the director's console (the director is no spectator), the files
the director makes (`traveller export`, the console's downloads, printed paper: the director
hands them out), results exchanged between the venues of one competition (they are the
competition's own), and a table's traveller of a board the table has just played (the players
are the room, not spectators; the preset's `[entry] show_traveller` turns that off where a
federation wants it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..direction import actions
from ..direction.rulings import is_published
from ..errors import TravellerError
from ..event.outcome import Outcome
from ..formats.competition import CompetitionError
from ..stages.inputs import is_competition
from ..stages.view import current
from ..store import Store
from ..teams.matches import is_teams
from ..texts import N_
from . import results
from .projector import finished_rounds

AFTER_END = "after-end"
"""The preset's `[event] publish` under closed rooms (K8.3); "live" is the default."""

CLOSED = ("closed rooms (K8.3): nothing is public until the director publishes the results "
          "after the end")
"""Why a public page, the projector or the results site is refused under closed rooms."""


def closed_rooms(store: Store) -> bool:
    """Whether the event's rooms are closed (K8.3)."""
    return (store.setting("preset", {}) or {}).get("publish") == AFTER_END


def is_over(store: Store, now_ms: int | None = None) -> bool:
    """Whether the event is over: a competition's every stage complete, a teams event's
    every planned round of matches complete, a pairs event's every board scored (played or
    adjusted)."""
    now = int(time.time() * 1000) if now_ms is None else now_ms
    if is_competition(store):
        try:
            return current(store, now).view.complete
        except (CompetitionError, ValueError):
            return False
    if is_teams(store):
        planned = int((store.setting("movement", {}) or {}).get("rounds") or 0)
        return planned > 0 and finished_rounds(store) >= planned
    lines = results.entries(store)
    return bool(lines) and all(line.scored for line in lines)


@dataclass(frozen=True)
class Publication:
    """Where the publication of the results stands."""

    published: bool
    """The public results pages are open (the director published them)."""
    closed: bool
    """K8.3: closed rooms, published only after the end."""
    over: bool | None
    """Under closed rooms, whether the event is over; None when the rooms are not closed
    (the director may publish at any time)."""

    @property
    def may_publish(self) -> bool:
        return not self.closed or bool(self.over)

    def wire(self) -> dict[str, Any]:
        return {"published": self.published, "closed": self.closed, "over": self.over,
                "may_publish": self.may_publish}


def publication(store: Store, now_ms: int | None = None) -> Publication:
    closed = closed_rooms(store)
    return Publication(is_published(store), closed, is_over(store, now_ms) if closed else None)


def set_publication(store: Store, published: bool, actor: str, why: str = "",
                    now_ms: int | None = None) -> Outcome:
    """Open or close the public results (audited); under closed rooms (K8.3) they open only
    once the event is over."""
    if published and closed_rooms(store):
        if not is_over(store, now_ms):
            raise TravellerError("event_not_over", "closed rooms (K8.3): the results are "
                                 "published after the end, and the event is not over yet", 409)
        why = why or N_("results published after the end (K8.3)")
    return actions.set_publication(store, published, actor, why)


def held_back(store: Store) -> bool:
    """Whether the public may see nothing because the rooms are closed and the director has
    not published the results."""
    return closed_rooms(store) and not is_published(store)


def check_public(store: Store) -> None:
    """Raise when closed rooms keep the results from the public (the results site)."""
    if held_back(store):
        raise TravellerError("results_closed", CLOSED, 403)
