"""Every contract's score against the golden table of Law 77 (tests/data/contract_scores.csv).

The table was made by an independent implementation (see tests/data/README.md), so agreement on
all 2,940 rows is evidence about the Laws, not about our own code.
"""

from __future__ import annotations

import csv
from pathlib import Path

from server.bridge import Contract, score

GOLDEN = Path(__file__).parent.parent / "data" / "contract_scores.csv"


def load_golden() -> list[dict[str, str]]:
    with GOLDEN.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_golden_table_is_complete() -> None:
    rows = load_golden()
    keys = {(r["level"], r["strain"], r["doubling"], r["vulnerable"], r["tricks"]) for r in rows}
    assert len(rows) == len(keys) == 7 * 5 * 3 * 2 * 14 == 2940


def test_law_77_every_contract_scores_as_the_golden_table() -> None:
    mismatches = []
    for row in load_golden():
        code = f"{row['level']}{row['strain']}{row['doubling']}"
        vulnerable = {"nv": False, "vul": True}[row["vulnerable"]]
        tricks = int(row["tricks"])
        got = score(Contract.parse(code), vulnerable, tricks)
        if got != int(row["score"]):
            mismatches.append(
                f"{code} {row['vulnerable']} {tricks} tricks: {got} != {row['score']}"
            )
    assert mismatches == []
