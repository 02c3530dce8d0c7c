"""A relay Mitchell and a half table chosen in the preset, kept when the event is regrown."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.event.create import create_event
from server.formats import PresetError, parse_preset
from tests.conftest import PASSWORD

PRESET = """
[event]
name = "Club pairs"
[movement]
kind = "mitchell"
tables = {tables}
boards_per_round = 2
{extra}
"""


def event(tmp_path: Path, tables: int, extra: str):  # type: ignore[no-untyped-def]
    preset = parse_preset(PRESET.format(tables=tables, extra=extra))
    return create_event(tmp_path / "e.db", preset, password=PASSWORD, base_url="http://t")


def test_an_even_mitchell_with_a_relay_plays_every_round(tmp_path: Path) -> None:
    store = event(tmp_path, 8, 'even = "relay"')
    try:
        movement = store.setting("movement")
        assert (movement["rounds"], movement["even"]) == (8, "relay")  # a skip plays 7
    finally:
        store.close()


def test_a_half_table_sits_a_pair_out_each_round(tmp_path: Path) -> None:
    store = event(tmp_path, 5, 'half_table = "sit-out"')
    try:
        seated = store.seatings()
        assert store.setting("movement")["half_table"] == "sit-out"
        # The missing pair's opponents sit out: one table fewer in play each round.
        assert all(sum(s.round == r for s in seated) == 4 for r in range(1, 6))
    finally:
        store.close()


def test_movement_options_the_preset_cannot_use_are_refused_together() -> None:
    with pytest.raises(PresetError) as caught:
        parse_preset(PRESET.format(tables=8, extra='even = "sideways"\nhalf_table = "maybe"'))
    assert "even" in str(caught.value) and "half_table" in str(caught.value)


def test_a_relay_is_kept_when_the_event_grows_before_round_1(tmp_path: Path) -> None:
    from server.direction.setup import change_settings

    store = event(tmp_path, 8, 'even = "relay"')
    try:
        change_settings(store, {"tables": "10"}, actor="director", why="late pairs")
        movement = store.setting("movement")
        assert (movement["tables"], movement["rounds"], movement.get("even")) == (10, 10, "relay")
    finally:
        store.close()
