"""The shape every movement shares: who sits where with which boards, round by round.

A movement is plain data, so the server stores it, the terminal shows it, the printer makes
guide cards from it and the checks below prove it valid, whatever built it. Pairs are numbered
within their section; a section is a separate room of tables that may play the same boards as
the others (each section then has its own copy of them).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field


class MovementError(ValueError):
    """A movement, pairing or bracket that cannot be built from the input given."""


class HalfTable(enum.Enum):
    """What happens at the table that is one pair short."""

    SIT_OUT = "sit-out"
    """The lone pair sits out the round: its table is dropped from the schedule."""
    PHANTOM = "phantom"
    """The table stays in the schedule against a phantom pair, scored by the director's rule."""

    @classmethod
    def parse(cls, text: str | HalfTable | None) -> HalfTable | None:
        """`"sit-out"`, `"sitout"`, `"phantom"` (any case) or None; anything else raises."""
        if text is None or isinstance(text, HalfTable):
            return text
        key = text.strip().lower().replace("_", "-")
        for member in cls:
            if key in (member.value, member.value.replace("-", "")):
                return member
        raise MovementError(f"invalid half table: {text!r} (use 'sit-out' or 'phantom')")


@dataclass(frozen=True)
class Seating:
    """One table in one round."""

    table: int
    """Table number, from 1, within the section."""
    ns_pair: int
    """The pair sitting North-South."""
    ew_pair: int
    """The pair sitting East-West."""
    boards: tuple[int, ...]
    """The boards played at this table this round, in play order."""
    section: str = "A"
    """The section (room) of the table."""
    shared_with: tuple[int, ...] = ()
    """Tables of the same section that play these same boards this round, passing them along
    (a relay: "tables 1 and 8 share"). Empty when the table has its boards to itself."""
    arrow_switch: bool = False
    """The boards are turned this round: the pair at the North-South seats plays the East-West
    hands (a one-winner Mitchell). Scoring swaps the two pairs' directions on these boards."""


@dataclass(frozen=True)
class Round:
    number: int
    """Round number, from 1."""
    seatings: tuple[Seating, ...]
    """The tables in play, in section and table order."""
    sitting_out: tuple[tuple[str, int], ...] = ()
    """(section, pair) of each pair that has no table this round (a sit-out half table)."""


@dataclass(frozen=True)
class Movement:
    """A complete schedule of one or more sections."""

    kind: str
    """The movement's name, e.g. "mitchell"."""
    tables: int
    """Tables per section."""
    boards_per_round: int
    rounds: tuple[Round, ...]
    sections: tuple[str, ...] = ("A",)
    """The sections, which all play the same boards (each with its own copy)."""
    phantom: int | None = None
    """The pair number (in every section) that does not exist: a half table."""
    half_table: HalfTable | None = None
    """How the half table is run when there is a phantom pair."""
    duplicated: bool = False
    """Every table has its own copy of the boards (a barometer, duplicated team boards): the
    same board at several tables in one round is then the design, not a clash."""
    notes: tuple[str, ...] = field(default=())
    """Instructions for the director: relays, bye stands, skips, arrow switches."""

    def at(self, round_number: int, table: int, section: str | None = None) -> Seating | None:
        """The seating at `table` (of `section`, by default the first) in `round_number`."""
        wanted = self.sections[0] if section is None else section
        for seating in self.rounds[round_number - 1].seatings:
            if seating.table == table and seating.section == wanted:
                return seating
        return None

    def seat_of(self, round_number: int, pair: int,
                section: str | None = None) -> tuple[Seating, str] | None:
        """Where `pair` plays in `round_number`: its seating and "NS" or "EW"; None if out."""
        wanted = self.sections[0] if section is None else section
        for seating in self.rounds[round_number - 1].seatings:
            if seating.section != wanted:
                continue
            if seating.ns_pair == pair:
                return seating, "NS"
            if seating.ew_pair == pair:
                return seating, "EW"
        return None

    def moves_after(self, round_number: int, table: int,
                    section: str | None = None) -> tuple[int | None, int | None]:
        """Where this table's EW pair and boards go next: (ew_next_table, boards_next_table).

        Derived from the schedule itself rather than from the movement's rule, so it stays true
        for any movement; None after the last round, or when the pair sits out or the boards
        rest on a relay or bye stand next round.
        """
        here = self.at(round_number, table, section)
        if here is None or round_number >= len(self.rounds):
            return None, None
        ew_next = boards_next = None
        for seating in self.rounds[round_number].seatings:
            if seating.section != here.section:
                continue
            if here.ew_pair in (seating.ns_pair, seating.ew_pair):
                ew_next = seating.table
            if boards_next is None and set(here.boards) & set(seating.boards):
                boards_next = seating.table
        return ew_next, boards_next

    @property
    def pairs(self) -> tuple[int, ...]:
        """The pair numbers of one section (the same in every section), phantom excluded."""
        seen: set[int] = set()
        for rnd in self.rounds:
            for s in rnd.seatings:
                seen.update((s.ns_pair, s.ew_pair))
            seen.update(pair for _, pair in rnd.sitting_out)
        seen.discard(self.phantom or 0)
        return tuple(sorted(seen))

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board in play, in order."""
        return tuple(sorted({b for rnd in self.rounds for s in rnd.seatings for b in s.boards}))

    def problems(self) -> list[str]:
        """Every way this movement breaks the rules of a valid schedule (empty when valid).

        Checked: no pair sits twice in a round; no table appears twice in a round; no board is
        at two tables of a section in one round unless the tables declare that they share it
        (or the boards are duplicated); no pair plays a board twice; tables share only what they
        really play alike; every table plays `boards_per_round` boards.
        """
        found: list[str] = []
        played: dict[tuple[str, int], set[int]] = {}
        for rnd in self.rounds:
            seen_pairs: set[tuple[str, int]] = set()
            seen_tables: set[tuple[str, int]] = set()
            at_table: dict[tuple[str, int], Seating] = {}
            where: dict[tuple[str, int], list[int]] = {}
            for s in rnd.seatings:
                key = (s.section, s.table)
                if key in seen_tables:
                    found.append(f"round {rnd.number}: table {s.section}{s.table} appears twice")
                seen_tables.add(key)
                at_table[key] = s
                if not 1 <= s.table <= self.tables:
                    found.append(f"round {rnd.number}: table {s.table} is out of range")
                if len(s.boards) != self.boards_per_round:
                    found.append(f"round {rnd.number}: table {s.section}{s.table} has "
                                 f"{len(s.boards)} boards, not {self.boards_per_round}")
                if s.ns_pair == s.ew_pair:
                    found.append(f"round {rnd.number}: pair {s.ns_pair} plays itself")
                for pair in (s.ns_pair, s.ew_pair):
                    if pair == self.phantom:
                        continue
                    who = (s.section, pair)
                    if who in seen_pairs:
                        found.append(f"round {rnd.number}: pair {s.section}{pair} sits twice")
                    seen_pairs.add(who)
                    for board in s.boards:
                        if board in played.setdefault(who, set()):
                            found.append(f"round {rnd.number}: pair {s.section}{pair} plays "
                                         f"board {board} again")
                        played[who].add(board)
                for board in s.boards:
                    where.setdefault((s.section, board), []).append(s.table)
            for section, pair in rnd.sitting_out:
                if (section, pair) in seen_pairs:
                    found.append(f"round {rnd.number}: pair {section}{pair} sits out and plays")
            if not self.duplicated:
                found.extend(_board_clashes(rnd, where, at_table))
        return found


def _board_clashes(rnd: Round, where: dict[tuple[str, int], list[int]],
                   at_table: dict[tuple[str, int], Seating]) -> list[str]:
    found: list[str] = []
    for (section, board), tables in sorted(where.items()):
        undeclared = any(
            not set(tables) - {table} <= set(at_table[(section, table)].shared_with)
            for table in tables
        )
        if len(tables) > 1 and undeclared:
            found.append(f"round {rnd.number}: board {board} is at two tables "
                         f"({', '.join(map(str, sorted(tables)))})")
    for (section, table), s in at_table.items():
        for other in s.shared_with:
            partner = at_table.get((section, other))
            if partner is None or partner.boards != s.boards:
                found.append(f"round {rnd.number}: table {section}{table} says it shares with "
                             f"table {other}, which does not play its boards")
    return found


def meetings(movement: Movement) -> Counter[tuple[str, int, int]]:
    """How many times each two pairs of a section meet: (section, lower, higher) -> count."""
    met: Counter[tuple[str, int, int]] = Counter()
    for rnd in movement.rounds:
        for s in rnd.seatings:
            if movement.phantom in (s.ns_pair, s.ew_pair):
                continue
            low, high = sorted((s.ns_pair, s.ew_pair))
            met[(s.section, low, high)] += 1
    return met


def half_table_pair(half_table: str | HalfTable | None, missing_pair: int | None,
                    tables: int) -> tuple[HalfTable | None, int | None]:
    """The half-table rule and the pair that is missing (the highest by default), checked."""
    mode = HalfTable.parse(half_table)
    if mode is None:
        if missing_pair is not None:
            raise MovementError("a missing pair needs a half table ('sit-out' or 'phantom')")
        return None, None
    phantom = 2 * tables if missing_pair is None else missing_pair
    if not 1 <= phantom <= 2 * tables:
        raise MovementError(f"missing pair must be 1 to {2 * tables}, not {phantom}")
    return mode, phantom


def section_letters(count: int) -> tuple[str, ...]:
    """The first `count` section names: A, B, ... Z."""
    if not 1 <= count <= 26:
        raise MovementError(f"sections must be 1 to 26, not {count}")
    return tuple(chr(ord("A") + i) for i in range(count))
