"""`traveller vp`: one IMP margin to victory points, from the command line."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False)


def test_vp_prints_the_two_figures() -> None:
    out = traveller("vp", "--scale", "wbf2013", "--boards", "12", "--imps", "5")
    assert out.returncode == 0
    first, second = (float(x) for x in out.stdout.split())
    assert first > 10 > second and round(first + second, 2) == 20


def test_vp_json_and_a_loss() -> None:
    out = traveller("vp", "--scale", "WBF", "--boards", "8", "--imps", "-40", "--json")
    data = json.loads(out.stdout)
    assert data["scale"] == "wbf2013" and data["vp"][0] < data["vp"][1]


def test_vp_unknown_scale_is_one_line_and_status_1() -> None:
    out = traveller("vp", "--scale", "nope", "--boards", "8", "--imps", "1")
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "unknown VP scale" in out.stderr
