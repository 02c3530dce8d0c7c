"""`traveller rescore FILE --json`: another program's travellers scored again, from the shell."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

RESULTS = REPO / "tests" / "data" / "results"


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False)


def test_rescore_json_has_the_documented_shape_and_the_published_figures() -> None:
    out = traveller("rescore", str(RESULTS / "magic_contest_ffb_2022_seance1.pbn"), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["method"] == "mp"
    first = data["boards"][0]
    assert first["board"] == 1 and first["top"] == 42
    line = next(r for r in first["results"] if r["ns"] == "3")
    assert {"ns", "ew", "ns_score", "ns_mp", "ew_mp", "ns_pct", "ew_pct", "ns_imps",
            "ew_imps"} <= set(line)
    assert (line["ns_score"], line["ns_mp"], line["ew_mp"]) == (420, 28.3, 13.7)
    top = data["ranking"][0]
    # The example: Magic Contest's own figures for the winners.
    assert (top["pair"], top["rank"], top["score"], top["pct"]) == ("7", 1, 771.2, 61.21)


def test_rescore_cross_imps_fill_the_imp_fields() -> None:
    out = traveller("rescore", str(RESULTS / "compscore3_cross_imp_howell.xml"), "--json",
                    "--method", "cross-imps")
    data = json.loads(out.stdout)
    line = data["boards"][0]["results"][0]
    assert line["ns_imps"] is not None and line["ns_mp"] is None
    assert data["ranking"][0]["pct"] is None


def test_rescore_bad_file_is_one_line_and_status_1(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a results file\n")
    out = traveller("rescore", str(bad))
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("traveller: ")


def test_d1_4_a_competitions_file_is_rescored_stage_by_stage_in_text_too(tmp_path: Path) -> None:
    """`traveller rescore` of a competition's export without `--json`: each stage named, with
    its own ranking of every team it ranked (the JSON's `stages`), not an empty table."""
    from server.publish.export import event_values, export_event
    from server.store import Store
    from tests.integration.rehearsed import copy, moment_files

    event = copy(moment_files("gabsi-power-teams", {None})[None], tmp_path / "event.db")
    store = Store.open(event)
    try:
        files = export_event(store, "pbn", event=event_values(store))
    finally:
        store.close()
    (tmp_path / "results.pbn").write_bytes(files["results.pbn"])
    text = traveller("rescore", str(tmp_path / "results.pbn"))
    scored = json.loads(traveller("rescore", str(tmp_path / "results.pbn"), "--json").stdout)
    assert text.returncode == 0, text.stderr
    assert len(scored["stages"]) == 2
    lines = text.stdout.splitlines()
    for stage in scored["stages"]:
        at = lines.index(f"{stage['stage']}:")
        ranked = [line.split() for line in lines[at + 1:] if line.startswith("     ")]
        for row in stage["ranking"]:
            assert [str(row["rank"]), *row["team"].split(), f"{row['score']:.2f}"] in [
                r[:len(row["team"].split()) + 2] for r in ranked], (stage["stage"], row)
