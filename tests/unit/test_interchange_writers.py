"""Issue 16 item 2: the USEBIO, PBN and CSV writers against golden files written by hand.

The events below are small enough to work out on paper; tests/data/interchange/golden/ holds
what each writer must produce for them, typed out from the formats' descriptions (USEBIO 1.2,
PBN 2.1) and checked line by line, not produced by the writers.
"""

from __future__ import annotations

from pathlib import Path

from server.formats.csv_write import write_csv
from server.formats.interchange import (
    PairLine,
    PairsEvent,
    PairStanding,
    TeamMatchResult,
    TeamsEvent,
    TeamStanding,
    TeamTableResult,
    artificial,
)
from server.formats.pbn_write import write_pbn
from server.formats.usebio_write import write_usebio

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "interchange" / "golden"

# Board 1: 420 beats -50 (2 to 0 on a top of 2). Board 2: A6040 at table 1 (60% and 40% of 2:
# 1.2 and 0.8); the pass-out at table 2, alone, is factored to an average (Neuberg: 1 and 1).
# NS 1: 2 + 1.2 = 3.2 of 4, 80%; NS 2: 0 + 1 = 1, 25%; EW 4: 2 + 1 = 3, 75%; EW 3: 0.8, 20%.
PAIRS = PairsEvent(
    title="Club night", sections=("A",),
    standings=(
        PairStanding("A", 1, "NS", 1, ("Łukasz Nowak", "Siti Rahma"), 2, 3.2, 80.0),
        PairStanding("A", 2, "NS", 2, (), 2, 1.0, 25.0),
        PairStanding("A", 4, "EW", 1, (), 2, 3.0, 75.0),
        PairStanding("A", 3, "EW", 2, (), 2, 0.8, 20.0),
    ),
    lines=(
        PairLine("A", 1, 1, 1, 1, 3, "4S", "N", 10, "HK", 420, None, 2.0, 0.0, 100.0, 0.0),
        PairLine("A", 1, 2, 1, 2, 4, "4S", "N", 9, None, -50, None, 0.0, 2.0, 0.0, 100.0),
        PairLine("A", 1, 1, 2, 1, 3, None, None, None, None, None, (60.0, 40.0), 1.2, 0.8,
                 60.0, 40.0),
        PairLine("A", 1, 2, 2, 2, 4, "PASS", None, 0, None, 0, None, 1.0, 1.0, 50.0, 50.0),
    ),
)  # fmt: skip

# Alpha (home, NS in the open room) v Bravo: board 1 420 against -50, +470, 10 IMPs; board 2 has
# an artificial score in the open room and scores nothing in the match.
TEAMS = TeamsEvent(
    title="Club teams", swiss=False,
    standings=(TeamStanding(1, "Alpha", 1, 14.55, 10.0, 0.0, ("Dewi Lestari",)),
               TeamStanding(2, "Bravo", 2, 5.45, 0.0, 10.0, ())),
    matches=(TeamMatchResult(1, 1, 1, 2, (1, 2), (10, None), 10.0, 0.0, 14.55, 5.45),),
    tables=(
        TeamTableResult(1, 1, 1, 2, 1, "NS", "4S", "N", 10, None, 420, None),
        TeamTableResult(1, 1, 1, 2, 1, "EW", "4S", "N", 9, None, -50, None),
        TeamTableResult(1, 1, 1, 2, 2, "NS", None, None, None, None, None, (60.0, 40.0)),
        TeamTableResult(1, 1, 1, 2, 2, "EW", "3N", "S", 9, None, 600, None),
    ),
)  # fmt: skip


def golden(name: str) -> str:
    return (GOLDEN / name).read_text(encoding="utf-8")


def test_16_2_usebio_of_a_pairs_session_is_the_golden_file() -> None:
    assert write_usebio(PAIRS).decode("utf-8") == golden("pairs.xml")


def test_16_2_usebio_of_a_teams_event_is_the_golden_file() -> None:
    assert write_usebio(TEAMS).decode("utf-8") == golden("teams.xml")


def test_16_2_pbn_of_a_pairs_session_is_the_golden_file() -> None:
    assert write_pbn(PAIRS) == golden("pairs.pbn")


def test_16_2_pbn_of_a_teams_event_is_the_golden_file() -> None:
    assert write_pbn(TEAMS) == golden("teams.pbn")


def test_16_2_csv_of_a_pairs_session_is_the_golden_files() -> None:
    files = write_csv(PAIRS)
    assert files == {"ranking.csv": golden("pairs_ranking.csv"),
                     "travellers.csv": golden("pairs_travellers.csv")}  # fmt: skip


def test_16_2_artificial_scores_are_written_axxyy() -> None:
    assert artificial((60.0, 40.0)) == "A6040"
    assert artificial((50.0, 50.0)) == "A5050"
    assert artificial((40.0, 40.0)) == "A4040"
    assert artificial((62.5, 37.5)) == "A62.5/37.5"  # no Axxyy for it: the slash form


def _links(pages: dict[str, str]) -> list[tuple[str, str]]:
    """Every relative link of every page, resolved against the page's folder."""
    import posixpath
    import re

    found = []
    for path, text in pages.items():
        for href in re.findall(r'href="([^"]+)"', text):
            found.append((path, posixpath.normpath(posixpath.join(posixpath.dirname(path),
                                                                  href))))  # fmt: skip
    return found


def test_16_2_the_site_has_every_page_in_three_languages_and_no_broken_link() -> None:
    from server.formats.site_write import write_site

    for event in (PAIRS, TEAMS):
        pages = write_site(event)
        per_language = {lang: sorted(p.split("/", 1)[1] for p in pages if p.startswith(lang))
                        for lang in ("en", "id", "pl")}  # fmt: skip
        assert per_language["en"] == per_language["id"] == per_language["pl"]
        assert all(target in pages for _, target in _links(pages)), [
            link for link in _links(pages) if link[1] not in pages]
        assert all("http" not in text and "<script" not in text for text in pages.values())
    pages = write_site(PAIRS)
    assert sorted(per_language_of(pages, "en")) == [
        "board-A-1.html", "board-A-2.html", "index.html", "pair-A-1.html", "pair-A-2.html",
        "pair-A-3.html", "pair-A-4.html"]  # fmt: skip
    assert "Północ-Południe" in pages["pl/index.html"] and "Utara-Selatan" in pages[
        "id/index.html"]  # fmt: skip
    card = pages["en/pair-A-3.html"]  # EW 3: the 420 against it, then the A6040 (its 40%)
    assert "-420" in card and "Adjusted score 60% / 40%" in card and "20.00" not in card
    assert "Wynik sędziowski 60% / 40%" in pages["pl/board-A-2.html"]
    match = write_site(TEAMS)["en/match-1-1.html"]
    assert "not played in both rooms" in match and "<td>10</td>" in match


def per_language_of(pages: dict[str, str], lang: str) -> list[str]:
    return [p.split("/", 1)[1] for p in pages if p.startswith(lang + "/")]
