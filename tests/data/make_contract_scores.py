"""Write contract_scores.csv, the golden table of duplicate contract scores.

The scores come from an implementation that is not ours, endplay 0.5.12 (PyPI), so that the test
that reads this table checks ``server.bridge.score`` against independent truth. This script is
run by hand, never by the tests, in a throwaway environment that has endplay:

    python3 -m venv /tmp/ep && /tmp/ep/bin/pip install endplay==0.5.12
    /tmp/ep/bin/python tests/data/make_contract_scores.py

It does not import Traveller. See README.md beside it for the rows checked by hand.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from endplay.types import Contract, Denom, Penalty, Player, Vul

STRAINS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
           "N": Denom.nt}  # fmt: skip
DOUBLINGS = {"": Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled}
# North declares throughout, so "vul" is any vulnerability that includes North-South.
VULNERABILITIES = {"nv": Vul.none, "vul": Vul.ns}


def main() -> None:
    out = Path(__file__).with_name("contract_scores.csv")
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["level", "strain", "doubling", "vulnerable", "tricks", "score"])
        for level in range(1, 8):
            for strain, denom in STRAINS.items():
                for doubling, penalty in DOUBLINGS.items():
                    for vulnerable, vul in VULNERABILITIES.items():
                        for tricks in range(14):
                            contract = Contract(
                                level=level,
                                denom=denom,
                                declarer=Player.north,
                                penalty=penalty,
                                result=tricks - (level + 6),
                            )
                            writer.writerow(
                                [level, strain, doubling, vulnerable, tricks, contract.score(vul)]
                            )
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
