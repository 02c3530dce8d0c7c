"""What `traveller movement KIND --tables N ... --json [--check]` prints, as plain data.

The command line only parses its arguments and dumps the dict returned here as JSON; bad input
raises MovementError (a ValueError) with a one-line message.
"""

from __future__ import annotations

from typing import Any

from . import balance, build_movement, check, find_movement
from .base import Movement, MovementError
from .roundrobin import team_round_robin

DEFAULT_MATCH_BOARDS = 24
"""Boards per team match when none are given (D1.3: 2 x 12)."""


def default_boards_per_round(rounds: int) -> int:
    """About 26 boards a session (GABSI sessions are 22-28 boards, K4.1)."""
    return max(1, round(26 / rounds))


def movement_command(kind: str, tables: int, boards_per_round: int | None = None,
                     rounds: int | None = None, check: bool = False,
                     **options: Any) -> dict[str, Any]:
    """The movement as JSON-ready data, or with `check` the properties verified.

    `options` are the movement's own (e.g. even="relay", arrow_switch="last",
    half_table="sit-out", sections=2, teams=7, segments=2, double=True); None means default.
    """
    if boards_per_round is None and find_movement(kind) is team_round_robin:
        boards_per_round = DEFAULT_MATCH_BOARDS
    elif boards_per_round is None:
        probe = build_movement(kind, tables=tables, boards_per_round=1, rounds=rounds, **options)
        boards_per_round = default_boards_per_round(len(probe.rounds))
    movement = build_movement(kind, tables=tables, boards_per_round=boards_per_round,
                              rounds=rounds, **options)
    return check_report(movement) if check else movement_json(movement)


def movement_json(movement: Movement) -> dict[str, Any]:
    """{"kind", "tables", "boards_per_round", "sections", "phantom", "notes", "rounds": [...]}."""
    several = len(movement.sections) > 1
    rounds = []
    for rnd in movement.rounds:
        rows = []
        for s in rnd.seatings:
            row: dict[str, Any] = {"table": s.table, "ns": s.ns_pair, "ew": s.ew_pair,
                                   "boards": list(s.boards)}
            if several:
                row = {"section": s.section, **row}
            if s.shared_with:
                row["shared_with"] = list(s.shared_with)
            if s.arrow_switch:
                row["arrow_switch"] = True
            rows.append(row)
        entry: dict[str, Any] = {"round": rnd.number, "tables": rows}
        if rnd.sitting_out:
            entry["sitting_out"] = [
                {"section": section, "pair": pair} if several else pair
                for section, pair in rnd.sitting_out
            ]
        rounds.append(entry)
    return {
        "kind": movement.kind,
        "tables": movement.tables,
        "boards_per_round": movement.boards_per_round,
        "sections": list(movement.sections),
        "phantom": movement.phantom,
        "notes": list(movement.notes),
        "rounds": rounds,
    }


def check_report(movement: Movement) -> dict[str, Any]:
    """{"kind", "tables", "boards_per_round", "round_count", "ok", "checks", "problems",
    "balance"}: every property checked with its verdict, and the comparison balance."""
    checks = check(movement)
    return {
        "kind": movement.kind,
        "tables": movement.tables,
        "boards_per_round": movement.boards_per_round,
        "round_count": len(movement.rounds),
        "ok": all(c.ok for c in checks),
        "checks": [{"check": c.name, "ok": c.ok, **({"detail": c.detail} if c.detail else {})}
                   for c in checks],
        "problems": movement.problems(),
        "balance": balance(movement).as_dict() if movement.kind != "roundrobin" else None,
    }


__all__ = ["MovementError", "check_report", "movement_command", "movement_json"]
