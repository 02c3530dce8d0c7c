"""The shape every movement shares: who sits where with which boards, round by round.

A movement is plain data, so the server stores it, the terminal shows it, the printer makes
guide cards from it and the checks below prove it valid, whatever built it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seating:
    """One table in one round."""

    table: int
    """Table number, from 1."""
    ns_pair: int
    """The pair sitting North-South."""
    ew_pair: int
    """The pair sitting East-West."""
    boards: tuple[int, ...]
    """The boards played at this table this round, in play order."""


@dataclass(frozen=True)
class Round:
    number: int
    """Round number, from 1."""
    seatings: tuple[Seating, ...]


@dataclass(frozen=True)
class Movement:
    """A complete schedule of one section."""

    kind: str
    """The movement's name, e.g. "mitchell"."""
    tables: int
    boards_per_round: int
    rounds: tuple[Round, ...]

    def at(self, round_number: int, table: int) -> Seating | None:
        for seating in self.rounds[round_number - 1].seatings:
            if seating.table == table:
                return seating
        return None

    def moves_after(self, round_number: int, table: int) -> tuple[int | None, int | None]:
        """Where this table's EW pair and boards go next: (ew_next_table, boards_next_table).

        Derived from the schedule itself rather than from the movement's rule, so it stays true
        for any movement; None after the last round or when a pair or board set sits out.
        """
        here = self.at(round_number, table)
        if here is None or round_number >= len(self.rounds):
            return None, None
        ew_next = boards_next = None
        for seating in self.rounds[round_number].seatings:
            if here.ew_pair in (seating.ns_pair, seating.ew_pair):
                ew_next = seating.table
            if set(here.boards) & set(seating.boards):
                boards_next = seating.table
        return ew_next, boards_next

    def problems(self) -> list[str]:
        """Every way this movement breaks the rules of a valid schedule (empty when valid)."""
        found: list[str] = []
        played: dict[int, set[int]] = {}
        for rnd in self.rounds:
            seen_pairs: set[int] = set()
            seen_boards: set[int] = set()
            for s in rnd.seatings:
                for pair in (s.ns_pair, s.ew_pair):
                    if pair in seen_pairs:
                        found.append(f"round {rnd.number}: pair {pair} sits twice")
                    seen_pairs.add(pair)
                    for board in s.boards:
                        if board in played.setdefault(pair, set()):
                            found.append(
                                f"round {rnd.number}: pair {pair} plays board {board} again"
                            )
                        played[pair].add(board)
                for board in s.boards:
                    if board in seen_boards:
                        found.append(f"round {rnd.number}: board {board} is at two tables")
                    seen_boards.add(board)
        return found
