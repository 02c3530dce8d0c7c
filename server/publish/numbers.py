"""The board and round numbers the results show, in one place.

Every board and round number that the exports and the results pages of a competition put out
goes through :class:`Numbers`, so the numbers shown can change in this one place. Today they
are the event's own: boards numbered on through the event (a board number names one deal) and
rounds on through its schedule. The room's numbers (each match's or session's boards 1-N, the
stage's rounds 1-R) are `server.event.numbering`'s to give, once it exists; a writer that
switches to them must keep a board's number unique within a match (PBN and USEBIO key a match's
boards by it) and tell a pairs stage's sessions apart.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Numbers:
    """The numbers shown for a board and a round of the event."""

    def board(self, board: int, round_number: int = 0, table: int = 0) -> int:
        """The number shown for `board`, played in `round_number` at `table` (the event's)."""
        return board

    def round(self, round_number: int, table: int = 0) -> int:
        """The number shown for the event's round `round_number` (at `table`)."""
        return round_number


NUMBERS = Numbers()
"""The numbers every export and results page shows."""
