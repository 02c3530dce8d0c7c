"""Round slips and guide cards: who plays which boards where, and where everyone goes next.

A round slip lies on a table for one round: the pairs who meet there, the boards they play,
and, for the move at the end of the round, where each pair and the boards go (or that this
is the last round). A guide card goes home with a pair: every round's table, direction,
opponents and boards. Both are built from plain data (numbers, names, board lists), so any
movement's seatings print the same way. Labels are parameters, as on the table card, so the
server can pass them in the event's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from printer.document import (
    Align,
    Block,
    Cell,
    Column,
    Columns,
    Document,
    Row,
    Rule,
    Size,
    Table,
    Text,
)


@dataclass(frozen=True)
class SlipPair:
    """A pair as a slip or card names it: its number and, once known, its players."""

    number: int
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class NextSeat:
    """Where a pair sits in the next round."""

    table: int
    direction: str
    """"NS" or "EW"."""


@dataclass(frozen=True)
class RoundSlip:
    """One table's round: the pairs, the boards, and the moves after it."""

    section: str
    table: int
    round: int
    rounds: int
    """Rounds in the session: the slip of the last one says so instead of the moves."""
    ns: SlipPair
    ew: SlipPair
    boards: tuple[int, ...]
    ns_next: NextSeat | None = None
    """None when the pair sits out next round (or after the last round)."""
    ew_next: NextSeat | None = None
    boards_next_table: int | None = None
    """None after the last round, or when the boards rest on a relay or bye stand."""
    moves_known: bool = True
    """False while the next round is not drawn yet (a Swiss pairs it after this one)."""
    boards_finished: bool = False
    """The boards are done after this round (a barometer, duplicated team boards): they go
    back to the director rather than to a table or a relay stand."""
    stage: str = ""
    """A competition's stage (and session or knock-out round), printed under the event."""

    @property
    def last(self) -> bool:
        return self.round >= self.rounds


@dataclass(frozen=True)
class RoundSlipLabels:
    """The words on a round slip, in the event's language."""

    section: str = "Section {section}"
    round: str = "Round {round} of {rounds}"
    table: str = "TABLE {table}"
    ns: str = "North-South: pair {pair}"
    ew: str = "East-West: pair {pair}"
    boards: str = "Boards {boards}"
    moves: str = "For round {round}"
    ns_pair: str = "NS {pair}"
    ew_pair: str = "EW {pair}"
    boards_move: str = "Boards"
    stay: str = "stay at table {table}"
    go: str = "to table {table} {direction}"
    sit_out: str = "sit out"
    boards_to: str = "to table {table}"
    boards_rest: str = "to the relay stand"
    boards_finished: str = "back to the director"
    last_round: str = "Last round: no moves"
    moves_later: str = "The director announces the next round's tables"


def board_list(boards: Iterable[int]) -> str:
    """Board numbers as players read them: runs as ranges, "1-3, 7"."""
    runs: list[list[int]] = []
    for board in sorted(set(boards)):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def name_forms(names: Sequence[str]) -> Cell:
    """A pair's names for a narrow column: in full, with initials, then surnames only."""
    full = " - ".join(names)
    initials = " - ".join(_initialled(name) for name in names)
    surnames = " - ".join(name.split()[-1] if name.split() else name for name in names)
    shorter = tuple(dict.fromkeys(f for f in (initials, surnames) if f != full))
    return Cell(full, shorter)


def _initialled(name: str) -> str:
    words = name.split()
    if len(words) < 2:
        return name
    return " ".join(f"{word[0]}." for word in words[:-1]) + " " + words[-1]


def round_slip(
    event_name: str, slip: RoundSlip, *, labels: RoundSlipLabels = RoundSlipLabels()
) -> Document:
    """The slip for `slip.table` in `slip.round`: pairs, boards, and the moves after it."""
    blocks: list[Block] = [
        Text(event_name, Size.DOUBLE_HEIGHT, bold=True, align=Align.CENTER),
        Rule("="),
        *([Text(slip.stage, bold=True, align=Align.CENTER)] if slip.stage else []),
        Columns(labels.section.format(section=slip.section),
                labels.round.format(round=slip.round, rounds=slip.rounds)),
        Text(labels.table.format(table=slip.table), Size.DOUBLE, bold=True, align=Align.CENTER),
        Rule("-"),
    ]
    for label, pair in ((labels.ns, slip.ns), (labels.ew, slip.ew)):
        blocks.append(Text(label.format(pair=pair.number), bold=True))
        if pair.names:
            blocks.append(Text(" - ".join(pair.names)))
    blocks += [
        Rule("-"),
        Text(labels.boards.format(boards=board_list(slip.boards)), Size.DOUBLE_HEIGHT,
             bold=True),
        Rule("-"),
    ]
    if slip.last:
        blocks.append(Text(labels.last_round, bold=True, align=Align.CENTER))
    elif not slip.moves_known:
        blocks.append(Text(labels.moves_later, align=Align.CENTER))
    else:
        blocks.append(Text(labels.moves.format(round=slip.round + 1), bold=True))
        for label, pair, seat, now in ((labels.ns_pair, slip.ns, slip.ns_next, "NS"),
                                       (labels.ew_pair, slip.ew, slip.ew_next, "EW")):
            blocks.append(Columns(label.format(pair=pair.number),
                                  _move(seat, NextSeat(slip.table, now), labels)))
        where = (labels.boards_finished if slip.boards_finished
                 else labels.boards_rest if slip.boards_next_table is None
                 else labels.boards_to.format(table=slip.boards_next_table))
        blocks.append(Columns(f"{labels.boards_move} {board_list(slip.boards)}", where))
    blocks.append(Rule("-"))
    return Document(title=f"round-slip-{slip.section}-{slip.table:02d}-round-{slip.round}",
                    blocks=tuple(blocks))


def _move(seat: NextSeat | None, here: NextSeat, labels: RoundSlipLabels) -> str:
    """What a pair does at the move: stay in its seats, go to a table and direction, or
    sit out."""
    if seat is None:
        return labels.sit_out
    if seat == here:
        return labels.stay.format(table=seat.table)
    return labels.go.format(table=seat.table, direction=seat.direction)


@dataclass(frozen=True)
class GuideRound:
    """One round on a pair's guide card."""

    round: int
    table: int | None
    """None when the pair sits out."""
    direction: str | None
    opponent: int | None
    boards: tuple[int, ...]
    note: str = ""


@dataclass(frozen=True)
class GuideCardLabels:
    """The words on a guide card, in the event's language."""

    section: str = "Section {section}"
    pair: str = "PAIR {pair}"
    round: str = "Rnd"
    table: str = "Table"
    direction: str = "Dir"
    opponent: str = "Vs"
    boards: str = "Boards"
    sit_out: str = "sit out"


def guide_card(
    event_name: str,
    section: str,
    pair: SlipPair,
    rounds: Sequence[GuideRound],
    *,
    labels: GuideCardLabels = GuideCardLabels(),
    stage: str = "",
) -> Document:
    """A pair's guide (movement) card: every round's table, direction, opponents, boards; in a
    competition, those of the `stage` (and session) in play."""
    rows = []
    for line in rounds:
        if line.table is None:
            rows.append(Row((str(line.round), "", "", "", labels.sit_out), note=line.note))
            continue
        rows.append(Row((str(line.round), str(line.table), line.direction or "",
                         "" if line.opponent is None else str(line.opponent),
                         board_list(line.boards)), note=line.note))
    table = Table(
        (Column(labels.round, Align.RIGHT), Column(labels.table, Align.RIGHT),
         Column(labels.direction), Column(labels.opponent, Align.RIGHT),
         Column(labels.boards, flex=True)),
        tuple(rows),
    )
    blocks: list[Block] = [
        Text(event_name, Size.DOUBLE_HEIGHT, bold=True, align=Align.CENTER),
        Rule("="),
        *([Text(stage, bold=True, align=Align.CENTER)] if stage else []),
        Text(labels.section.format(section=section), align=Align.CENTER),
        Text(labels.pair.format(pair=pair.number), Size.DOUBLE, bold=True, align=Align.CENTER),
    ]
    if pair.names:
        blocks.append(Text(" - ".join(pair.names), align=Align.CENTER))
    blocks += [Rule("-"), table, Rule("-")]
    return Document(title=f"guide-card-{section}-{pair.number:02d}", blocks=tuple(blocks))
