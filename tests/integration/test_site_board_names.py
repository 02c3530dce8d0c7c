"""The static site names a competition's boards as the room numbers them, never ambiguously.

Each session of a competition numbers its boards from 1 (`server.event.numbering`), so "Board 1"
alone names a board of every session. The site names each board by where it was played, as the
results pages do: "two sessions · session 2 · Board 1", "semi-final · session 1 · Group B ·
Board 1" (a stage of one session and one group: its name alone). Every board page has a title of
its own in each language, and the index lists the travellers session by session (and group by
group), each link reading as its board's whole name.
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from server.publish.export import event_values, export_event
from server.store import Store
from tests.integration.rehearsed import rehearsed

TRAVELLER = {"en": "Traveller", "id": "Traveller", "pl": "Protokół"}
Site = tuple[Any, dict[str, str]]
"""An event's values and its site's pages by path."""


def site(path: Path) -> Site:
    store = Store.open(str(path))
    try:
        event = event_values(store, 0)
        pages = {name: data.decode("utf-8") for name, data in export_event(
            store, "html", 0, event=event).items()}
    finally:
        store.close()
    return event, pages


@pytest.fixture(scope="module")
def two_sessions(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The mixed pairs competition: one stage ("two sessions") of two sessions."""
    return site(rehearsed("gabsi-mixed-pairs", tmp_path_factory.mktemp("mixed") / "mixed.db"))


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The open pairs competition: a semi-final of two sessions in three groups on the same
    boards (K4.2), after a preliminary of two sessions."""
    return site(rehearsed("gabsi-open-pairs", tmp_path_factory.mktemp("open") / "open.db"))


def title(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page)
    assert found is not None
    return unescape(found.group(1))


def board_titles(pages: dict[str, str], lang: str) -> dict[str, str]:
    return {name.split("/", 1)[1]: title(page) for name, page in pages.items()
            if name.startswith(f"{lang}/board-")}


def travellers(index: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """The index's sets of travellers: each set's label and its links (page, name, text)."""
    listed = index.split('<ul data-testid="travellers">', 1)[1].split("</ul>", 1)[0]
    out = []
    for item in re.findall(r"<li>(.*?)</li>", listed):
        label, _, links = item.partition(": <a ")
        out.append((unescape(label), [
            (href, unescape(name), unescape(text)) for href, name, text in re.findall(
                r'<a href="([^"]+)" aria-label="([^"]+)">([^<]+)</a>', "<a " + links)]))
    return out


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_each_board_page_of_a_two_session_event_has_a_title_of_its_own(
        lang: str, two_sessions: Site) -> None:
    _, pages = two_sessions
    titles = board_titles(pages, lang)
    assert len(titles) > 20
    assert [t for t, n in Counter(titles.values()).items() if n > 1] == []
    assert all(t.startswith(f"{TRAVELLER[lang]}: two sessions · ") for t in titles.values())


def test_the_two_boards_1_are_named_by_their_sessions(
        two_sessions: Site) -> None:
    event, pages = two_sessions
    first = {x.session: x.board for x in event.lines if x.number == 1}
    assert sorted(first) == [1, 2] and first[1] != first[2]
    for session, board in first.items():
        page = f"board-A-{board}.html"
        assert title(pages[f"en/{page}"]) == \
            f"Traveller: two sessions · session {session} · Board 1"
        assert title(pages[f"id/{page}"]) == \
            f"Traveller: two sessions · sesi {session} · Board 1"
        assert title(pages[f"pl/{page}"]) == \
            f"Protokół: two sessions · sesja {session} · Rozdanie 1"
        heading = re.search(r"<h1>(.*?)</h1>", pages[f"en/{page}"])
        assert heading is not None and unescape(heading.group(1)) == title(pages[f"en/{page}"])


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_index_lists_the_travellers_session_by_session_each_link_named_once(
        lang: str, two_sessions: Site) -> None:
    _, pages = two_sessions
    sets = travellers(pages[f"{lang}/index.html"])
    session = "session" if lang == "en" else "sesja"
    assert [label for label, _ in sets] == [f"two sessions · {session} 1",
                                            f"two sessions · {session} 2"]
    links = [link for _, found in sets for link in found]
    titles = board_titles(pages, lang)
    # Every board page once, each link named as its page is titled.
    assert sorted(href for href, _, _ in links) == sorted(titles)
    assert all(f"{TRAVELLER[lang]}: {name}" == titles[href] for href, name, _ in links)
    assert len({name for _, name, _ in links}) == len(links)
    assert len({(label, text) for label, found in sets for _, _, text in found}) == len(links)
    assert [text for _, _, text in sets[1][1]][:3] == ["1", "2", "3"]


def test_a_pairs_scorecard_names_the_session_of_each_board(
        two_sessions: Site) -> None:
    _, pages = two_sessions
    card = next(page for name, page in pages.items() if name.startswith("en/pair-"))
    rows = re.findall(r"<tr><td>([^<]*)</td><td><a href=\"(board-[^\"]+)\" "
                      r"aria-label=\"([^\"]+)\">", card)
    assert {unescape(where) for where, _, _ in rows} == {"two sessions · session 1",
                                                         "two sessions · session 2"}
    assert len({name for _, _, name in rows}) == len(rows)
    assert all(unescape(name).startswith(unescape(where) + " · Board ")
               for where, _, name in rows)


def test_the_groups_of_a_stage_on_the_same_boards_are_named_too(
        groups: Site) -> None:
    _, pages = groups
    titles = board_titles(pages, "en")
    assert [t for t, n in Counter(titles.values()).items() if n > 1] == []
    for group in "ABC":
        assert f"Traveller: semi-final · session 1 · Group {group} · Board 1" in \
            titles.values()
    assert "Traveller: final · Board 1" in titles.values()
    labels = [label for label, _ in travellers(pages["en/index.html"])]
    assert labels[:3] == ["preliminary · session 1", "preliminary · session 2",
                          "semi-final · session 1 · Group A"]
    assert len(labels) == len(set(labels)) and labels[-1] == "final"
