"""A tie the stage's tie-breaks cannot break shows the same way everywhere: "3=" for each.

Piala Bupati's Swiss pairs (KC1.4: pairs level on VP go by their direct match; if equal, never
met, or more than two, by total IMPs), 12 pairs played by the robots (seed 1, as `traveller
robots` plays by default): pairs 10 and 12 end on 97 VP and +22 IMPs and never met, so the
stage leaves them level. `traveller standings --json` gives both `"rank": 3, "shared": true`;
the text of `traveller standings`, the printed results sheet, the HTML export's stage page (and
its ranking.csv) and the public results page show "3=" for both, the next pair 5 (never "4"
nor "4="), and where there is a tie-break column it says they are level.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from server.cli import main
from server.competition.model import Standing, tie_break_text
from server.publish.results_sheet import competition_sheet
from server.publish.stage_standings import team_stages
from server.stages.view import current
from server.store import Store
from tests.integration.rehearsed import clock, rehearsed, standing
from tests.integration.test_stage_projector import served

LEVEL = (10, 12)
"""The pairs the stage leaves level at 3rd place."""


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = rehearsed("gabsi-bupati-swiss-pairs", tmp_path / "swiss.db", entries=12, seed=1)
    (group,) = standing(path)["stages"][0]["groups"]
    level = [line for line in group["standings"] if line.get("shared")]
    assert [(line["entry"], line["rank"]) for line in level] == [(10, 3), (12, 3)]
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    status = main(list(args))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def places(rows: list[tuple[str, str]]) -> dict[str, str]:
    """Entry name -> the place shown, from (place, name) rows."""
    return {name.strip(): place.strip() for place, name in rows}


def sheet_lines(event: Path) -> list[str]:
    """The printed results sheet's lines of text."""
    store = Store.open(event)
    try:
        return [b.text for doc in competition_sheet(store, clock()) for b in doc.blocks
                if hasattr(b, "text")]
    finally:
        store.close()


def assert_shared_third(shown: dict[str, str]) -> None:
    assert shown["Pair 10"] == shown["Pair 12"] == "3="
    assert shown["Pair 7"] == "5"
    assert "4" not in shown.values() and "4=" not in shown.values()


def test_kc1_4_standings_text_shows_3_equal_twice_and_says_they_are_level(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "standings", str(event))
    stage = text.split("== Swiss pairs", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\s+(\d+=?)\s+(Pair \d+)\s", stage, re.M)
    assert len(rows) == 12
    assert_shared_third(places(rows))
    level = [line for line in stage.splitlines() if "Pair 10 " in line or "Pair 12 " in line]
    assert all(line.endswith("[10 and 12 are level]") for line in level), level
    assert "[3 ahead of 5 on total IMPs 9 v 7]" in stage


def test_kc1_4_the_printed_results_sheet_shows_3_equal_twice(event: Path) -> None:
    lines = sheet_lines(event)
    stage = lines[lines.index("Swiss pairs") + 1:][:12]
    rows = [re.match(r"\s*(\d+=?) (Pair \d+)  ", line) for line in stage]
    assert all(rows), stage
    assert_shared_third(places([m.groups() for m in rows if m]))


def test_kc1_4_the_html_export_stage_page_shows_3_equal_twice(
        event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "export", str(event), "--format", "html", "--out", str(tmp_path / "site"))
    page = (tmp_path / "site" / "en" / "stage-swiss.html").read_text()
    table = page.split('data-testid="stage-all"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td>", table)
    assert len(rows) == 12
    assert_shared_third(places(rows))
    run(capsys, "export", str(event), "--format", "csv", "--out", str(tmp_path / "csv"))
    with open(tmp_path / "csv" / "ranking.csv", newline="") as file:
        ranking = list(csv.DictReader(file))
    assert_shared_third({r["name"]: r["place"] + ("=" if r["shared"] else "") for r in ranking})


def test_kc1_4_usebio_and_pbn_exports_place_both_level_pairs_third(
        event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The files other programs read give the level pairs the same place, 3, and the next 5."""
    import xml.etree.ElementTree as ET

    run(capsys, "export", str(event), "--format", "usebio", "--out", str(tmp_path / "r.xml"))
    root = ET.parse(tmp_path / "r.xml").getroot()
    placed = {p.findtext("PAIR_NUMBER"): p.findtext("PLACE") for p in root.iter("PAIR")}
    assert placed["10"] == placed["12"] == "3" and placed["7"] == "5"
    assert "4" not in placed.values()
    run(capsys, "export", str(event), "--format", "pbn", "--out", str(tmp_path / "r.pbn"))
    text = (tmp_path / "r.pbn").read_text()
    block = text.split("[TotalScoreTable", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    ranks = {row.split()[1]: row.split()[0] for row in block}
    assert ranks["10"] == ranks["12"] == "3" and ranks["7"] == "5"


def test_kc1_4_the_public_results_page_shows_3_equal_twice_and_level_in_the_tie_break(
        event: Path) -> None:
    with served(event) as (_, public, _store):
        page = public.get("/results/").get_data(as_text=True)
        spoken = public.get("/results/", headers={"Accept-Language": "id"}).get_data(
            as_text=True)
    table = page.split('data-testid="standings-swiss-all"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr data-entry="(\d+)"><td data-testid="place">([^<]*)</td>.*?'
                      r'<td class="text" data-testid="tie-break">([^<]*)</td>', table, re.S)
    assert len(rows) == 12
    assert_shared_third({f"Pair {entry}": place for entry, place, _ in rows})
    tie_breaks = {int(entry): said for entry, _, said in rows}
    assert tie_breaks[10] == tie_breaks[12] == "10 and 12 are level"
    assert tie_breaks[3] == "3 ahead of 5 on total IMPs 9 v 7"
    assert spoken.count("10 dan 12 sama nilainya") == 2


def test_kc1_4_a_pairs_line_in_each_stage_gives_the_place_it_shares(event: Path) -> None:
    store = Store.open(event)
    try:
        view = current(store, clock()).view
    finally:
        store.close()
    for entry in LEVEL:
        (line,) = team_stages(view, entry)
        assert (line["rank"], line["shared"]) == (3, True)


def test_k17_1_three_left_level_all_show_the_first_place_and_the_next_skips_two() -> None:
    lines = (Standing(place=1, entry=4, tie_break="4 ahead of 7 on IMP quotient 1.2 v 1.1"),
             Standing(place=2, entry=7, shared=True, rank=2),
             Standing(place=3, entry=2, shared=True, rank=2),
             Standing(place=4, entry=9, shared=True, rank=2,
                      tie_break="9 ahead of 1 on IMP quotient 1 v 0.9"),
             Standing(place=5, entry=1))
    assert [line.shown for line in lines] == ["1", "2=", "2=", "2=", "5"]
    assert tie_break_text(lines) == {
        4: "4 ahead of 7 on IMP quotient 1.2 v 1.1",
        7: "7, 2 and 9 are level", 2: "7, 2 and 9 are level",
        9: "7, 2 and 9 are level; 9 ahead of 1 on IMP quotient 1 v 0.9"}


def test_kc1_4_two_pairs_level_on_everything_share_their_final_place(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """KC1.4 separates pairs level on VP by their match, then total IMPs, and says nothing
    more: 10 and 12 (97 VP, +22 IMPs, never met) both finish 3rd, "3=", and the next pair
    5th, in the final places of `standings` (text and JSON), the printed sheet and the
    projector's data; every other place is its own."""
    data = json.loads(run(capsys, "standings", str(event), "--json"))
    final = {p["entry"]: p for p in data["final_places"]}
    assert (final[10]["place"], final[12]["place"], final[7]["place"]) == (3, 3, 5)
    assert final[10].get("shared") is final[12].get("shared") is True
    assert [p["entry"] for p in data["final_places"] if p.get("shared")] == [10, 12]
    assert sorted(p["place"] for p in data["final_places"]) == [1, 2, 3, 3, *range(5, 13)]
    text = run(capsys, "standings", str(event)).split("Final places", 1)[1]
    rows = re.findall(r"^\s+(\d+=?)\s+(Pair \d+)", text, re.M)
    assert_shared_third(places(rows))
    lines = sheet_lines(event)
    # The sheet's heading says "Final places" too: the list is the last part.
    final = lines[len(lines) - lines[::-1].index("Final places"):][:12]
    rows = [re.match(r"\s*(\d+=?) (Pair \d+)", line) for line in final]
    assert all(rows), final
    assert_shared_third(places([m.groups() for m in rows if m]))
