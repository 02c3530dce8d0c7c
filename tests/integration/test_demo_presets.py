"""`traveller demo --preset`: a demo of any preset, each in its own event file."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.cli import CliError
from server.demo import build_demo
from tests.conftest import REPO


def test_a_teams_demo_is_built_from_its_preset_with_both_rooms(tmp_path: Path) -> None:
    store, password = build_demo(tmp_path / "teams.db", None, "http://127.0.0.1:5000", False,
                                 REPO / "seeds" / "gabsi-teams.toml")
    try:
        assert password and store.setting("preset")["kind"] == "teams"
        assert sorted({t.section for t in store.tables()}) == ["C", "O"]
        assert len(store.tables()) == 8  # 8 teams: 4 matches, each in two rooms
    finally:
        store.close()


def test_a_demo_preset_that_cannot_be_read_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(CliError, match="cannot read preset"):
        build_demo(tmp_path / "x.db", None, "http://127.0.0.1:5000", False,
                   tmp_path / "missing.toml")
    assert not (tmp_path / "x.db").exists()
