"""The board and round numbers the results show, in one place.

Underneath, an event numbers its rounds and boards on through the whole event (a board number
names one deal); people read them as the room numbers them (`server.event.numbering`: a stage's
rounds 1-R, a match's or a session's boards 1-N, a knock-out's extra boards after its last).
Every number the exports and the results pages put out goes through :class:`Numbers`: the
room's numbers for what people read (the site, the CSV files, the team cards, and the matches
of USEBIO and PBN files, each match keyed by its stage, round and teams), the event's own where
a file keys its travellers by the board alone (a pairs stage's sessions in USEBIO and PBN, so
that one board number is one deal in the stage) and in links.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..event.numbering import Numbering, RoundName, numbering
from ..store import Store


@dataclass(frozen=True)
class Numbers:
    """An event's numbers as the results show them."""

    room: Numbering

    @classmethod
    def of(cls, store: Store) -> Numbers:
        return cls(numbering(store))

    def board(self, board: int) -> int:
        """The number people read for the event's board `board` (its tray's, its hand
        record's)."""
        return self.room.number(board)

    def round(self, round_number: int, section: str | None = None,
              table: int | None = None) -> RoundName:
        """How people name the event's round `round_number` at a table of a section."""
        return self.room.round(round_number, section, table)

    def round_number(self, round_number: int, section: str | None = None,
                     table: int | None = None) -> int:
        """The number people read for the event's round: the stage's (or the session's)
        round; 1 for a knock-out match (the exports number a knock-out's rounds in its
        bracket's order)."""
        return self.round(round_number, section, table).number

    def round_text(self, round_number: int, section: str | None = None,
                   table: int | None = None) -> str:
        """The round as people name it, in English ("semi-final", "round 4 of 7")."""
        return self.round(round_number, section, table).text()
