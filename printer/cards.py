"""The cards Traveller prints: for now, the table card that lets a terminal join.

A table card stands on the table all session. The table number must be readable from the
next table, the QR code must scan from a phone held at arm's length, and the URL is there
for a terminal without a camera. Labels are parameters so the server can pass them in the
event's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from printer.document import Align, Block, Document, Feed, QRCode, Rule, Size, Text

# 8 dots (1 mm at 203 dpi) per module scans from a phone held at arm's length, and a table
# URL of 50 characters (QR version 4 at level M, 33 modules) still fits 58 mm paper with its
# quiet zone; longer URLs shrink to fit.
TABLE_CARD_QR_MODULE = 8


@dataclass(frozen=True)
class TableCardLabels:
    """The words on a table card, in the event's language."""

    section: str = "Section {section}"
    table: str = "TABLE {table}"
    scan: str = "Scan to open the table terminal"
    east_west: str = "EAST-WEST"
    scan_east_west: str = "East-West: scan to confirm the results"


def table_card(
    event_name: str,
    section: str,
    table: int,
    url: str,
    *,
    note: str | None = None,
    labels: TableCardLabels = TableCardLabels(),
    east_west: bool = False,
) -> Document:
    """The card for `table` of `section`, whose QR code opens `url` on the table's terminal;
    with `east_west`, the second card of a table whose East-West pair has its own terminal."""
    blocks: list[Block] = [
        Text(event_name, Size.DOUBLE_HEIGHT, bold=True, align=Align.CENTER),
        Rule("="),
        Feed(1),
        Text(labels.section.format(section=section), Size.DOUBLE_HEIGHT, align=Align.CENTER),
        Text(labels.table.format(table=table), Size.DOUBLE, bold=True, align=Align.CENTER),
        *([Text(labels.east_west, Size.DOUBLE_HEIGHT, bold=True, align=Align.CENTER)]
          if east_west else []),
        Feed(1),
        QRCode(url, module_size=TABLE_CARD_QR_MODULE),
        Feed(1),
        Text(url, align=Align.CENTER),
        Text(labels.scan_east_west if east_west else labels.scan, bold=True, align=Align.CENTER),
    ]
    if note:
        blocks += [Feed(1), Text(note, align=Align.CENTER)]
    blocks.append(Rule("-"))
    side = "-ew" if east_west else ""
    return Document(title=f"table-card-{section}-{table:02d}{side}", blocks=tuple(blocks))
