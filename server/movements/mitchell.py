"""The Mitchell movement: North-South pairs stay, East-West pairs and boards move.

NS pair t sits at table t all session; EW pairs are numbered tables+1 .. 2*tables and start at
the table of the same rank. Each round EW move up one table and the boards move down one. With
an even number of tables that would bring every EW pair back to boards it has played halfway
through, so EW skip one table after round tables/2 (the usual "skip Mitchell"). The relay and
bye-stand variants, arrow switches and half tables belong to the full movement library.
"""

from __future__ import annotations

from .base import Movement, Round, Seating


class MovementError(ValueError):
    """A movement that cannot be built from the options given."""


def mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    if tables < 3:
        raise MovementError(f"a Mitchell needs at least 3 tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    total_rounds = tables if rounds is None else rounds
    if not 1 <= total_rounds <= tables:
        raise MovementError(
            f"a {tables}-table Mitchell has 1 to {tables} rounds, not {total_rounds}"
        )
    skip_after = tables // 2 if tables % 2 == 0 else None
    built = []
    for r in range(1, total_rounds + 1):
        seatings = []
        for t in range(1, tables + 1):
            shift = r - 1 if skip_after is None or r <= skip_after else r
            ew_start = (t - 1 - shift) % tables + 1
            board_set = (t - 1 + r - 1) % tables
            first = board_set * boards_per_round + 1
            seatings.append(
                Seating(
                    table=t,
                    ns_pair=t,
                    ew_pair=tables + ew_start,
                    boards=tuple(range(first, first + boards_per_round)),
                )
            )
        built.append(Round(number=r, seatings=tuple(seatings)))
    return Movement(
        kind="mitchell", tables=tables, boards_per_round=boards_per_round, rounds=tuple(built)
    )
