"""The results sheet: each field's standings after a round, to pin on the wall.

One table per field (a section's North-South and East-West, or all its pairs in a Howell):
place, pair, names, matchpoints and percentage. It fits any paper: names take the room the
figures leave, shortened to initials or surnames and then cut with a mark, and on 32 columns
the matchpoints give way to the names. Places shared after every step of K17.3 show "=",
and a tie-break's reason prints under the pair it placed. The data is plain: the server
passes numbers, names and sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printer.document import Align, Block, Column, Document, Row, Rule, Size, Table, Text
from printer.slips import name_forms


@dataclass(frozen=True)
class StandingLine:
    """One pair's line of the standings."""

    rank: int
    pair: str
    names: tuple[str, ...] = ()
    score: float | None = None
    """Matchpoints, penalties taken off."""
    percentage: float | None = None
    note: str = ""
    """Printed under the line: the K17.3 tie-break's reason, when there was one."""


@dataclass(frozen=True)
class StandingsField:
    """The standings of one field, best first, under a title ("Section A North-South")."""

    title: str
    lines: tuple[StandingLine, ...]


@dataclass(frozen=True)
class ResultsLabels:
    """The words on a results sheet, in the event's language."""

    after: str = "Standings after round {round} of {rounds}"
    final: str = "Final standings"
    rank: str = "#"
    pair: str = "Pair"
    names: str = "Names"
    score: str = "MP"
    percentage: str = "%"
    shared: str = "="
    """After a place shared by several pairs."""
    nobody: str = "No pairs have played yet."


def results_sheet(
    event_name: str,
    after_round: int,
    rounds: int,
    fields: Sequence[StandingsField],
    *,
    labels: ResultsLabels = ResultsLabels(),
) -> Document:
    """The standings of every field after `after_round` of `rounds`."""
    heading = (labels.final if after_round >= rounds
               else labels.after.format(round=after_round, rounds=rounds))
    blocks: list[Block] = [
        Text(event_name, Size.DOUBLE_HEIGHT, bold=True, align=Align.CENTER),
        Text(heading, bold=True, align=Align.CENTER),
    ]
    for field in fields:
        blocks += [Rule("="), Text(field.title, bold=True)]
        if not field.lines:
            blocks.append(Text(labels.nobody))
            continue
        blocks.append(_standings_table(field.lines, labels))
    blocks.append(Rule("="))
    return Document(title=f"results-after-round-{after_round}", blocks=tuple(blocks))


def _standings_table(lines: Sequence[StandingLine], labels: ResultsLabels) -> Table:
    shared = Counter(line.rank for line in lines)
    # Unshared places get a space where shared ones have the mark, so the digits line up.
    blank = " " * len(labels.shared) if max(shared.values()) > 1 else ""
    rows = tuple(
        Row((f"{line.rank}{labels.shared if shared[line.rank] > 1 else blank}", line.pair,
             name_forms(line.names), _figure(line.score), _figure(line.percentage)),
            note=line.note)
        for line in lines
    )
    return Table(
        (Column(labels.rank, Align.RIGHT), Column(labels.pair, Align.RIGHT),
         Column(labels.names, flex=True), Column(labels.score, Align.RIGHT, optional=True),
         Column(labels.percentage, Align.RIGHT)),
        rows,
    )


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def plain_sheet(event_name: str, heading: str,
                parts: Sequence[tuple[str, Sequence[str]]]) -> Document:
    """A sheet of titled parts, each a few lines of text (a competition's stages, its
    knock-out matches, its final places)."""
    blocks: list[Block] = [
        Text(event_name, Size.DOUBLE_HEIGHT, bold=True, align=Align.CENTER),
        Text(heading, bold=True, align=Align.CENTER),
    ]
    for title, lines in parts:
        blocks += [Rule("="), Text(title, bold=True)]
        blocks += [Text(line) for line in lines]
    blocks.append(Rule("="))
    return Document(title="results-competition", blocks=tuple(blocks))
