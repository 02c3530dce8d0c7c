"""Where a table's pairs and boards go after a round, as its `state` tells the terminal.

Each schedule row carries `moves`: each pair's next table and direction (None: the pair sits
out), and whether the boards rest on a relay or bye stand. A Howell moves North-South pairs too;
a Mitchell with a half table leaves a table empty for a round.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DEMO_PRESET, PASSWORD


def movement_event(path: Path, kind: str, tables: int, boards_per_round: int = 2,
                   base_url: str = "http://testserver", **options: Any) -> Path:
    """An event from the demo preset with another movement. `options` are the movement
    builder's own (`half_table="sit-out"`, `even="relay"`), which a preset cannot set yet."""
    import server.event.create
    from server.formats import parse_preset
    from server.movements import build_movement

    text = DEMO_PRESET.read_text(encoding="utf-8").replace('kind = "mitchell"', f'kind = "{kind}"')
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(server.event.create, "build_movement",
                      functools.partial(build_movement, **options))
        server.event.create.create_event(
            path, parse_preset(text, f"{kind} preset"), password=PASSWORD,
            base_url=base_url, tables=tables, boards_per_round=boards_per_round).close()
    return path


def states(path: Path) -> dict[int, dict[str, Any]]:
    from server.store import Store
    from server.table.state import table_state

    store = Store.open(path)
    try:
        return {t.number: table_state(store, t, 0) for t in store.tables()}
    finally:
        store.close()


def rows(state: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {row["round"]: row for row in state["schedule"]}


def test_a_howell_tells_both_pairs_their_next_table_and_direction(tmp_path: Path) -> None:
    table = states(movement_event(tmp_path / "howell.db", "howell", tables=3))[2]
    # Round 1 at table 2: pair 3 (NS) goes to table 3 East-West, pair 4 (EW) to table 1
    # North-South; boards 3-4 are not played in round 2 (table 3 has them in round 3).
    assert rows(table)[1]["moves"] == {
        "round": 2, "ns": {"table": 3, "direction": "EW"}, "ew": {"table": 1, "direction": "NS"},
        "boards_rest": True}
    assert rows(table)[1]["boards_next_table"] is None
    assert rows(table)[table["rounds"]]["moves"] is None  # the last round


def test_a_mitchell_moves_east_west_up_and_the_boards_down(tmp_path: Path) -> None:
    table = states(movement_event(tmp_path / "mitchell.db", "mitchell", tables=3))[2]
    assert rows(table)[1]["moves"] == {
        "round": 2, "ns": {"table": 2, "direction": "NS"}, "ew": {"table": 3, "direction": "EW"},
        "boards_rest": False}
    assert rows(table)[1]["boards_next_table"] == 1


def test_a_half_table_sits_a_pair_out_and_leaves_its_table_empty(tmp_path: Path) -> None:
    tables = states(movement_event(tmp_path / "sitout.db", "mitchell", tables=3,
                                   half_table="sit-out"))
    one = tables[1]
    # Pair 6 is missing: table 1 has no game in round 2, its North-South pair sits out.
    assert sorted(rows(one)) == [1, 3]
    assert one["rounds"] == 3
    assert rows(one)[1]["moves"] == {
        "round": 2, "ns": None, "ew": {"table": 2, "direction": "EW"}, "boards_rest": False}
    # Table 2's boards 3-4 wait for round 3 (table 3): nobody plays them in round 2.
    assert rows(tables[2])[1]["moves"]["boards_rest"] is True
    assert rows(tables[2])[1]["boards_next_table"] is None


def test_a_barometer_s_boards_are_done_after_their_round_not_resting(tmp_path: Path) -> None:
    table = states(movement_event(tmp_path / "barometer.db", "barometer", tables=3))[1]
    assert rows(table)[1]["boards_next_table"] is None
    assert rows(table)[1]["moves"]["boards_rest"] is False
