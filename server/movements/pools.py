"""Splitting a ranked field into pools: by a published table, by serpentine, by fixed seeds.

- **By table** (K2.3): GABSI's preliminary-2 table sends rank 1-4 across pools A-D, then 32-29,
  28-25, ... 8-5, exactly as printed (it is not a serpentine: pool A gets 1, 32, 28, ... 8).
- **Serpentine**: ranks 1..k across the k pools, the next k back, and so on.
- **Fixed seeds** (K1.3): named seeds are placed in named pools, the other teams fill the free
  places in the order of the (guided) draw, which is an input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from .base import MovementError

T = TypeVar("T")

POOL_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

K2_3_TABLE: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 4),
    (32, 31, 30, 29),
    (28, 27, 26, 25),
    (24, 23, 22, 21),
    (20, 19, 18, 17),
    (16, 15, 14, 13),
    (12, 11, 10, 9),
    (8, 7, 6, 5),
)
"""K2.3: rows of preliminary-1 ranks (Pr.) for pools A, B, C, D, as written."""

K1_3_SEEDS: Mapping[str, tuple[int, ...]] = {"A": (1, 4), "B": (2, 3)}
"""K1.3: the seeds of the 2006 results by pool: A DKI Jakarta (I), Sulut (IV); B Banten (II),
Jateng (III)."""

TABLES: Mapping[str, tuple[tuple[int, ...], ...]] = {"gabsi-k2.3": K2_3_TABLE}


def find_table(name: str) -> tuple[tuple[int, ...], ...]:
    """A seeding table by name, case-insensitive; unknown names raise."""
    table = TABLES.get(name.strip().lower())
    if table is None:
        raise MovementError(f"unknown seeding table: {name!r} (known: {', '.join(TABLES)})")
    return table


def pools_by_table(ranking: Sequence[T], table: Sequence[Sequence[int]],
                   names: str = POOL_NAMES) -> dict[str, tuple[T, ...]]:
    """Pools from a table of ranks: `ranking[0]` is rank 1; column k is pool `names[k]`."""
    needed = sorted(rank for row in table for rank in row)
    if needed != list(range(1, len(needed) + 1)):
        raise MovementError("a seeding table must use every rank from 1 up exactly once")
    if len(ranking) != len(needed):
        raise MovementError(f"this table places {len(needed)} teams, not {len(ranking)}")
    width = len(table[0])
    return {names[k]: tuple(ranking[row[k] - 1] for row in table) for k in range(width)}


def serpentine(ranking: Sequence[T], pools: int,
               names: str = POOL_NAMES) -> dict[str, tuple[T, ...]]:
    """Ranks 1..k to pools A..k, the next k from the last pool back, and so on."""
    if not 1 <= pools <= len(names):
        raise MovementError(f"pools must be 1 to {len(names)}, not {pools}")
    filled: dict[str, list[T]] = {names[k]: [] for k in range(pools)}
    for i, team in enumerate(ranking):
        row, column = divmod(i, pools)
        pool = column if row % 2 == 0 else pools - 1 - column
        filled[names[pool]].append(team)
    return {name: tuple(teams) for name, teams in filled.items()}


def fixed_seeds(seeds: Mapping[str, Sequence[T]], draw: Sequence[T],
                sizes: Mapping[str, int]) -> dict[str, tuple[T, ...]]:
    """K1.3: `seeds` pool -> seeded teams; the `draw` (in draw order) fills the free places.

    The drawn teams go round the pools in name order, skipping full ones, so the pools fill
    evenly; `sizes` gives each pool's size.
    """
    filled = {name: list(seeds.get(name, ())) for name in sizes}
    unknown = set(seeds) - set(sizes)
    if unknown:
        raise MovementError(f"seeds for unknown pool {sorted(unknown)[0]!r}")
    placed = [t for teams in filled.values() for t in teams]
    if len(set(placed)) != len(placed) or set(placed) & set(draw):
        raise MovementError("a team is seeded twice or both seeded and drawn")
    for name, size in sizes.items():
        if len(filled[name]) > size:
            raise MovementError(f"pool {name} has more seeds than places")
    if len(placed) + len(draw) != sum(sizes.values()):
        raise MovementError(f"{len(placed) + len(draw)} teams for "
                            f"{sum(sizes.values())} places")
    order = list(sizes)
    k = 0
    for team in draw:
        while len(filled[order[k % len(order)]]) >= sizes[order[k % len(order)]]:
            k += 1
        filled[order[k % len(order)]].append(team)
        k += 1
    return {name: tuple(teams) for name, teams in filled.items()}
