"""What a use case did, for the layer that talks to the terminals and the console.

Every socket event and console form that changes something goes through one function of a
use case's `actions` module, which writes through the store and returns an `Outcome`: the body
to answer with, and who must hear of the change. The realtime layer delivers it (after the
acknowledgement for a terminal, at once for a console form); nothing below it pushes anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..store import TableRow


@dataclass(frozen=True)
class Outcome:
    """The answer to a request, and the terminals and console that must hear of it."""

    body: dict[str, Any]
    """The acknowledgement or JSON body (`server.errors.ok_body`)."""
    tables: tuple[TableRow, ...] = ()
    """Tables whose terminals get their new state (in a teams event, the other room's table of
    each match too: its match panel shows the same match)."""
    clocks: bool = False
    """The clocks changed: every terminal and the console get them, and the console its grid."""
    answers: tuple[tuple[TableRow, dict[str, Any]], ...] = ()
    """The director's answers to calls, each for its table's terminal."""
    standings: bool = True
    """Whether the change may move the standings; a new result can at most complete a round,
    which the projector tells for itself."""
    changed: bool = True
    """False when nothing changed (a replayed op_id): nobody needs to hear of it."""
