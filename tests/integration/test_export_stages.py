"""Issue 16 item 2: the HTML site of a competition ranks every stage on its own page.

A teams competition (a round robin of 6 teams, then a knock-out of the top 4) is created with
its round robin in play, played by robots through the table protocol and advanced by the
director; the exported site then has a page for the round robin with the standings the
console's Competition page shows (same order, same VP) and who qualified for the knock-out,
linked from the index in English, Indonesian and Polish; the knock-out's page shows the
semi-finals it put in play. A pairs competition of one stage over two sessions, played to the
end, has its stage's percentages in the console's order and the final places it gave.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

from server.publish.export import export_event
from server.store import Store
from tests.integration.teams_event import app_for
from tests.integration.test_competition import (
    KNOCKOUT,
    PAIRS,
    competition,
    director_post,  # noqa: F401 (a fixture)
    make,
    play,
    stage,
)
from tests.integration.test_director import login


def rows(page: str, testid: str) -> list[list[str]]:
    table = page.split(f'data-testid="{testid}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [[unescape(re.sub(r"<[^>]+>", "", cell)) for cell in re.findall(r"<td>(.*?)</td>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body)]


def test_16_2_the_site_has_a_page_per_stage_with_the_consoles_standings(
        tmp_path: Path, director_post: Any) -> None:  # noqa: F811
    with app_for(make(tmp_path, KNOCKOUT, 6)) as app:
        director = login(app)
        assert play(app) > 0
        for due in competition(director)["due"]:  # team 1 chooses its semi-final opponent
            director_post(director, "/director/competition/decide", key=due["key"],
                          value=due["allowed"][-1])
        assert director_post(director, "/director/competition/advance").get_json()["ok"]
        data = competition(director)
        store: Store = app.extensions["traveller.store"]
        site = {name: body.decode("utf-8") for name, body in export_event(store, "html").items()}
    names = {e["id"]: e["name"] for e in data["entries"]}
    rr = stage(data, "rr")
    (group,) = rr["groups"]
    shown = [[str(s["place"]), names[s["entry"]], f"{s['vp']:g}"] for s in group["standings"]]
    assert len(shown) == 6
    qualified = [names[q["entry"]] for q in rr["qualified"]]
    assert len(qualified) == 4
    for lang, word in (("en", "Rankings per stage"), ("id", "Peringkat per tahap"),
                       ("pl", "Klasyfikacje etapów")):
        index = site[f"{lang}/index.html"]
        assert word in index
        links = re.findall(r'<a href="(stage-[^"]+)">([^<]+)</a>',
                           index.split('data-testid="stages"', 1)[1])
        # The knock-out has begun (its first matches are in play), so both stages are listed.
        assert [name for _, name in links] == ["round robin", "knock-out"]
        page = site[f"{lang}/{links[0][0]}"]
        assert [row[:3] for row in rows(page, "stage-all")] == shown
        assert [row[0] for row in rows(page, "qualified")] == qualified
        assert all(row[1] == "knock-out" for row in rows(page, "qualified"))
        assert f'lang="{lang}"' in page and 'href="index.html"' in page
    # The knock-out's page shows its semi-finals as the console does, with the carry-over.
    semis = [[names[m["home"]], names[m["away"]]] for m in stage(data, "ko")["matches"]]
    assert [row[1:3] for row in rows(site["en/stage-ko.html"], "stage-matches")] == semis
    assert len(semis) == 2
    assert "Awans" in site["pl/stage-rr.html"] and "Lolos" in site["id/stage-rr.html"]


def test_16_2_a_pairs_stage_page_has_the_percentages_and_the_final_places(
        tmp_path: Path) -> None:
    with app_for(make(tmp_path, PAIRS, 10)) as app:
        director = login(app)
        assert play(app) > 0
        data = competition(director)
        store: Store = app.extensions["traveller.store"]
        site = {name: body.decode("utf-8") for name, body in export_event(store, "html").items()}
    assert data["complete"]
    names = {e["id"]: e["name"] for e in data["entries"]}
    (only,) = data["stages"]
    (group,) = only["groups"]
    shown = [[str(s["place"]), names[s["entry"]], f"{s['percent']:.2f}"]
             for s in group["standings"]]
    assert len(shown) == 10
    index = site["en/index.html"]
    assert f'<a href="stage-{only["id"]}.html">' in index.split('data-testid="stages"', 1)[1]
    page = site[f"en/stage-{only['id']}.html"]
    assert "<th>%</th>" in page
    assert rows(page, "stage-all") == shown
    finals = {p["entry"]: p["place"] for p in data["final_places"]}
    given = rows(page, "final-places")
    assert [(row[0], row[1]) for row in given] == [
        (names[e], str(place)) for e, place in sorted(finals.items(), key=lambda x: x[1])]
