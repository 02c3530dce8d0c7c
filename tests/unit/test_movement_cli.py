"""What `traveller movement KIND ... --json [--check]` prints (server.movements.cli)."""

from __future__ import annotations

import json

import pytest

from server.movements import MovementError
from server.movements.cli import movement_command


def test_json_shape_of_a_movement() -> None:
    out = movement_command("mitchell", tables=4, boards_per_round=3, rounds=None, check=False)
    assert json.loads(json.dumps(out)) == out
    assert out["kind"] == "mitchell" and out["tables"] == 4 and out["boards_per_round"] == 3
    assert out["rounds"][0] == {"round": 1, "tables": [
        {"table": 1, "ns": 1, "ew": 5, "boards": [1, 2, 3]},
        {"table": 2, "ns": 2, "ew": 6, "boards": [4, 5, 6]},
        {"table": 3, "ns": 3, "ew": 7, "boards": [7, 8, 9]},
        {"table": 4, "ns": 4, "ew": 8, "boards": [10, 11, 12]},
    ]}
    assert len(out["rounds"]) == 3


def test_relays_arrow_switches_and_sit_outs_appear_only_when_used() -> None:
    out = movement_command("mitchell", 8, 2, None, False, even="relay", arrow_switch="last",
                           half_table="sit-out")
    first, third = out["rounds"][0], out["rounds"][2]
    assert "shared_with" not in first["tables"][0]  # its partner (pair 16's table) is out
    assert first["sitting_out"] == [8]
    assert third["tables"][0]["shared_with"] == [8]
    assert "sitting_out" in third and "arrow_switch" not in third["tables"][0]
    assert all(t.get("arrow_switch") for t in out["rounds"][-1]["tables"])
    assert out["phantom"] == 16


def test_sections_are_named_when_there_are_several() -> None:
    out = movement_command("howell", 3, 2, None, False, sections=2)
    assert out["sections"] == ["A", "B"]
    assert {t["section"] for t in out["rounds"][0]["tables"]} == {"A", "B"}


@pytest.mark.parametrize(("kind", "tables"), [("mitchell", 7), ("howell", 5),
                                              ("barometer", 6), ("roundrobin", 4)])
def test_check_reports_every_property_verified(kind: str, tables: int) -> None:
    out = movement_command(kind, tables, None, None, True)
    assert out["ok"] is True and out["problems"] == []
    assert all(c["ok"] for c in out["checks"])
    assert len(out["checks"]) >= 5
    assert set(out) == {"kind", "tables", "boards_per_round", "round_count", "ok", "checks",
                        "problems", "balance"}


def test_default_boards_per_round_make_a_session_of_about_26_boards() -> None:
    assert movement_command("howell", 4, None, None, False)["boards_per_round"] == 4  # 28
    assert movement_command("howell", 7, None, None, False)["boards_per_round"] == 2  # 26
    assert movement_command("roundrobin", 8, None, None, False)["boards_per_round"] == 24


def test_bad_input_raises_a_value_error_with_one_line() -> None:
    with pytest.raises(MovementError, match=r"^unknown movement: 'swiss'"):
        movement_command("swiss", 4, None, None, False)
    with pytest.raises(ValueError, match="a Howell has 2 to 12 tables, not 20"):
        movement_command("howell", 20, 2, None, True)
