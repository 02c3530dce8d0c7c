"""Pools from a ranking: the K2.3 table exactly as written, serpentine, fixed seeds (K1.3)."""

from __future__ import annotations

import pytest

from server.movements import MovementError, fixed_seeds, pools_by_table, serpentine
from server.movements.pools import K1_3_SEEDS, K2_3_TABLE, find_table

RANKING = [f"Pr.{rank}" for rank in range(1, 33)]


def test_k2_3_pools_filled_by_table() -> None:
    """K2.3, row by row as printed: 1 2 3 4 / 32 31 30 29 / ... / 8 7 6 5."""
    pools = pools_by_table(RANKING, K2_3_TABLE)

    def ranks(pool: str) -> list[int]:
        return [int(team.removeprefix("Pr.")) for team in pools[pool]]

    assert ranks("A") == [1, 32, 28, 24, 20, 16, 12, 8]
    assert ranks("B") == [2, 31, 27, 23, 19, 15, 11, 7]
    assert ranks("C") == [3, 30, 26, 22, 18, 14, 10, 6]
    assert ranks("D") == [4, 29, 25, 21, 17, 13, 9, 5]


def test_k2_3_table_is_not_a_serpentine() -> None:
    assert pools_by_table(RANKING, K2_3_TABLE) != serpentine(RANKING, 4)


def test_k2_3_table_is_found_by_name_case_insensitively() -> None:
    assert find_table("GABSI-K2.3") is K2_3_TABLE
    with pytest.raises(MovementError, match="unknown seeding table: 'k9'"):
        find_table("k9")


def test_serpentine_goes_across_and_back() -> None:
    assert serpentine(list(range(1, 13)), 4) == {
        "A": (1, 8, 9), "B": (2, 7, 10), "C": (3, 6, 11), "D": (4, 5, 12)}


def test_k1_3_seeds_are_placed_as_written() -> None:
    """K1.3: pool A DKI Jakarta (I), Sulut (IV); pool B Banten (II), Jateng (III)."""
    assert K1_3_SEEDS == {"A": (1, 4), "B": (2, 3)}
    assert serpentine([1, 2, 3, 4], 2) == K1_3_SEEDS
    named = {1: "DKI Jakarta", 2: "Banten", 3: "Jateng", 4: "Sulut"}
    pools = fixed_seeds({pool: [named[s] for s in seeds] for pool, seeds in K1_3_SEEDS.items()},
                        draw=["Bali", "Jatim", "Jabar", "Sumut"], sizes={"A": 4, "B": 4})
    assert pools == {"A": ("DKI Jakarta", "Sulut", "Bali", "Jabar"),
                     "B": ("Banten", "Jateng", "Jatim", "Sumut")}


def test_fixed_seeds_fill_uneven_pools_evenly() -> None:
    pools = fixed_seeds({"A": [1], "B": [2, 3]}, draw=[4, 5, 6, 7], sizes={"A": 4, "B": 3})
    assert pools == {"A": (1, 4, 6, 7), "B": (2, 3, 5)}


@pytest.mark.parametrize(("ranking", "message"), [
    (RANKING[:31], "places 32 teams, not 31"),
])
def test_a_table_needs_its_exact_field(ranking: list[str], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        pools_by_table(ranking, K2_3_TABLE)


def test_fixed_seeds_refuse_a_team_both_seeded_and_drawn() -> None:
    with pytest.raises(MovementError, match="seeded twice or both"):
        fixed_seeds({"A": [1]}, draw=[1, 2], sizes={"A": 2, "B": 1})
