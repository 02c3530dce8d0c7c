"""`traveller movement KIND --tables N --json` and `--check`, from the shell."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False)


def test_movement_json_shape() -> None:
    out = traveller("movement", "mitchell", "--tables", "7", "--boards-per-round", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    first = data["rounds"][0]
    assert first["round"] == 1
    assert first["tables"][0] == {"table": 1, "ns": 1, "ew": 8, "boards": [1, 2, 3]}
    assert len(data["rounds"]) == 7


def test_movement_check_lists_the_properties_verified() -> None:
    out = traveller("movement", "howell", "--tables", "4", "--check")
    data = json.loads(out.stdout)
    assert data["ok"] is True and out.returncode == 0
    assert any("meets every other pair" in c["check"] for c in data["checks"])


def test_unknown_movement_is_one_line_and_status_1() -> None:
    out = traveller("movement", "nope", "--tables", "3")
    assert out.returncode == 1 and out.stderr.count("\n") == 1
