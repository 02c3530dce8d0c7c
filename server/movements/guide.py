"""Guide-card data: each pair's and each table's session, round by round, for the printer.

A pair card says, for every round, the table, the direction, the opponents and the boards; a
table card says who sits there, which boards it plays and where the East-West pair and the
boards go next. Both are read from the movement itself, so they hold for any movement.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import HalfTable, Movement


@dataclass(frozen=True)
class PairRound:
    round: int
    table: int | None
    """None when the pair sits out."""
    direction: str | None
    """"NS" or "EW" (the seats taken; see `note` for an arrow switch)."""
    opponent: int | None
    boards: tuple[int, ...]
    note: str = ""


@dataclass(frozen=True)
class PairCard:
    section: str
    pair: int
    rounds: tuple[PairRound, ...]


@dataclass(frozen=True)
class TableRound:
    round: int
    ns_pair: int | None
    ew_pair: int | None
    boards: tuple[int, ...]
    ew_next: int | None
    """The table the East-West pair goes to next, None after the last round or sitting out."""
    boards_next: int | None
    """The table the boards go to next, None after the last round or to a relay stand."""
    note: str = ""


@dataclass(frozen=True)
class TableCard:
    section: str
    table: int
    rounds: tuple[TableRound, ...]


def pair_cards(movement: Movement) -> tuple[PairCard, ...]:
    """A card for every real pair of every section."""
    cards = []
    for section in movement.sections:
        for pair in movement.pairs:
            lines = []
            for rnd in movement.rounds:
                found = movement.seat_of(rnd.number, pair, section)
                if found is None:
                    lines.append(PairRound(rnd.number, None, None, None, (), "sit out"))
                    continue
                seating, direction = found
                opponent = seating.ew_pair if direction == "NS" else seating.ns_pair
                notes = []
                if opponent == movement.phantom:
                    notes.append("phantom pair: no play")
                if seating.arrow_switch:
                    notes.append("arrow switch: play the other direction's hands")
                if seating.shared_with:
                    notes.append("boards shared with table "
                                 + ", ".join(map(str, seating.shared_with)))
                lines.append(PairRound(rnd.number, seating.table, direction, opponent,
                                       seating.boards, "; ".join(notes)))
            cards.append(PairCard(section, pair, tuple(lines)))
    return tuple(cards)


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """A card for every table of every section."""
    cards = []
    last = len(movement.rounds)
    for section in movement.sections:
        for table in range(1, movement.tables + 1):
            lines = []
            for rnd in movement.rounds:
                seating = movement.at(rnd.number, table, section)
                if seating is None:
                    why = ("sits out" if movement.half_table is HalfTable.SIT_OUT
                           else "not in play")
                    lines.append(TableRound(rnd.number, None, None, (), None, None, why))
                    continue
                ew_next, boards_next = movement.moves_after(rnd.number, table, section)
                notes = []
                if seating.shared_with:
                    notes.append("share boards with table "
                                 + ", ".join(map(str, seating.shared_with)))
                if seating.arrow_switch:
                    notes.append("arrow switch")
                if rnd.number < last and boards_next is None and not movement.duplicated:
                    notes.append("boards to the relay stand")
                lines.append(TableRound(rnd.number, seating.ns_pair, seating.ew_pair,
                                        seating.boards, ew_next, boards_next, "; ".join(notes)))
            cards.append(TableCard(section, table, tuple(lines)))
    return tuple(cards)
