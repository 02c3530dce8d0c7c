"""Rows of the event file as dataclasses, so nothing outside the store handles raw rows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TableRow:
    section: str
    number: int
    token: str


@dataclass(frozen=True)
class SeatingRow:
    section: str
    round: int
    table_number: int
    ns_pair: int
    ew_pair: int
    boards: tuple[int, ...]
    ew_next_table: int | None
    boards_next_table: int | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> SeatingRow:
        return cls(
            section=row["section"],
            round=row["round"],
            table_number=row["table_number"],
            ns_pair=row["ns_pair"],
            ew_pair=row["ew_pair"],
            boards=tuple(json.loads(row["boards"])),
            ew_next_table=row["ew_next_table"],
            boards_next_table=row["boards_next_table"],
        )


@dataclass(frozen=True)
class ResultRow:
    op_id: str
    section: str
    table_number: int
    round: int
    board: int
    ns_pair: int
    ew_pair: int
    contract: str
    declarer: str | None
    tricks: int
    ns_score: int
    entered_ms: int
    source: str
    lead: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> ResultRow:
        return cls(**{k: row[k] for k in cls.__dataclass_fields__})

    def wire(self) -> dict[str, Any]:
        """The result as the table terminal and the director console receive it."""
        return {
            "board": self.board,
            "round": self.round,
            "ns_pair": self.ns_pair,
            "ew_pair": self.ew_pair,
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "ns_score": self.ns_score,
            "lead": self.lead,
            "op_id": self.op_id,
        }
