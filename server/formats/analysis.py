"""Double-dummy tricks and par of hand records, through endplay (the optional extra `analysis`).

endplay wraps a double-dummy solver: for each deal it gives the tricks every declarer takes in
every strain, and from that table, the board's vulnerability and its dealer, the par contract
and score. It is optional: :func:`available` says whether it is installed, and without it a
hand record keeps what its file says (:class:`~server.formats.deals.Analysis` from the tags).
endplay is imported by name at run time, so the main install and the type checks never need it.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from server.bridge.board import Board, Vulnerability
from server.formats.deals import DECLARERS, STRAINS, Analysis, Deal

_DENOMS = {"nt": "NT", "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_PENALTIES = {"passed": "", "undoubled": "", "doubled": "X", "redoubled": "XX"}
_SEATS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_VUL = {Vulnerability.NONE: "none", Vulnerability.NS: "ns", Vulnerability.EW: "ew",
        Vulnerability.BOTH: "both"}  # fmt: skip


def available() -> bool:
    """Whether endplay is installed (``pip install -e '.[analysis]'``)."""
    return importlib.util.find_spec("endplay") is not None


def analyse(deals: Sequence[Deal]) -> list[Deal]:
    """The deals with their tricks and par computed by endplay (replacing any the file gave).

    Call only when :func:`available`."""
    types = importlib.import_module("endplay.types")
    dds = importlib.import_module("endplay.dds")
    boards = [types.Deal(deal.pbn()) for deal in deals]
    tables = dds.calc_all_tables(boards) if boards else []
    out = []
    for deal, table in zip(deals, tables, strict=True):
        board = Board(deal.board)
        tricks = "".join(
            format(table[getattr(types.Denom, _denom_name(strain)),
                         getattr(types.Player, _SEATS[declarer])], "x")
            for declarer in DECLARERS for strain in STRAINS)  # fmt: skip
        par = dds.par(table, getattr(types.Vul, _VUL[board.vulnerability]),
                      getattr(types.Player, _SEATS[board.dealer.value]))
        analysis = Analysis(tricks=tricks, par_score=int(par.score), par_contract=None,
                            source="endplay")
        out.append(replace(deal, analysis=replace(
            analysis, par_contract=par_contracts(list(par), analysis))))
    return out


def _denom_name(strain: str) -> str:
    return next(name for name, short in _DENOMS.items() if short == strain)


def par_contracts(contracts: list[Any], analysis: Analysis) -> str:
    """endplay's par contracts as a hand record writes them: ``"NS 3NT+1"``, ``"E 7S"``. A
    contract that declarer's partner makes as well (the same tricks in the strain) is named by
    the side."""
    if not contracts:
        return "Pass"
    seen: dict[str, list[str]] = {}
    for c in contracts:
        result = int(c.result)
        text = (f"{int(c.level)}{_DENOMS[c.denom.name]}{_PENALTIES.get(c.penalty.name, '')}"
                f"{f'{result:+d}' if result else ''}")
        seat = c.declarer.name[0].upper()
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        strain = _DENOMS[c.denom.name]
        seats = seen.setdefault(text, [])
        for who in (seat, partner):
            if who not in seats and (who == seat or analysis.tricks_of(who, strain)
                                     == analysis.tricks_of(seat, strain)):
                seats.append(who)
    parts = []
    for text, seats in seen.items():
        order = "".join(s for s in DECLARERS if s in seats)
        side = {"NS": "NS", "EW": "EW"}.get(order, "/".join(order))
        parts.append(f"{side} {text}")
    return "; ".join(parts)
