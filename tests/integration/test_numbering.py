"""A competition's later stages numbered as in the room (server.event.numbering): each stage's
rounds 1-R, each match's or session's boards 1-N (a long match in its segments), with the
stage's name, on the terminal's state, the paper (round slips, guide cards, table cards), the
director's grid and the round clock; the event's own numbers stay unique underneath.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server.direction.clocks import next_round, start_preview
from server.direction.grid import grid
from server.event.numbering import numbering
from server.publish.printing import (
    guide_card_documents,
    round_slip_documents,
    table_card_documents,
)
from server.store import Store
from server.table.state import table_state
from tests.integration.rehearsed import rehearsed
from tests.integration.teams_event import app_for
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login
from tests.unit.test_printer_slips import paper

LEAGUE_FINAL = 5
"""`robots --advance 5` from the start of pzbs-league-1: the final (8 x 12) and 3rd place."""
OPEN_PAIRS_FINAL = 2
"""`robots --advance 2` from the start of gabsi-open-pairs (24 pairs): the barometer final."""


def now() -> int:
    return int(time.time() * 1000)


def test_d4_5_the_final_numbers_its_96_boards_1_to_96_in_8_segments(tmp_path: Path) -> None:
    store = Store.open(rehearsed("pzbs-league-1", tmp_path / "event.db", advances=LEAGUE_FINAL))
    try:
        final = next(t for t in store.tables() if (t.section, t.number) == ("O", 1))
        state = table_state(store, final, now())
        assert state["round_name"]["stage"] == "play-off, places 1-12"
        assert state["round_name"]["match"] == "final"
        boards = state["boards"]
        assert len(boards) == 96 and boards[0] > 96  # the event's own numbers, unique
        info = [state["board_info"][str(b)] for b in boards]
        assert [i["number"] for i in info] == list(range(1, 97))
        assert info[0] | {"dealer": None} == {"dealer": None, "vulnerability": "none",
                                              "number": 1, "segment": 1, "segments": 8,
                                              "first": 1, "last": 12}
        assert (info[13]["segment"], info[13]["first"], info[13]["last"]) == (2, 13, 24)
        # Its dealer and vulnerability are those of the tray the room numbers 13.
        assert (info[12]["dealer"], info[12]["vulnerability"]) == ("N", "both")
        # Every board of the event keeps its own number: no two stages share one.
        seen = [b for s in store.seatings() if s.section == "O" for b in s.boards]
        assert len(seen) == len({(s.round, s.table_number, b) for s in store.seatings()
                                 if s.section == "O" for b in s.boards})
    finally:
        store.close()


def test_d4_1_a_round_robin_numbers_each_round_1_r_and_each_match_1_24(tmp_path: Path) -> None:
    store = Store.open(rehearsed("pzbs-league-1", tmp_path / "event.db", advances=1))
    try:
        names = numbering(store)
        round_8 = next(s for s in store.seatings("O", 3) if s.round == 8)
        name = names.round(8, "O", 3)
        assert (name.stage, name.number, name.rounds, name.match) == ("regular phase", 8, 15,
                                                                      "")
        assert [names.number(b) for b in round_8.boards] == list(range(1, 25))
        assert names.board(round_8.boards[12]).segment == 2
    finally:
        store.close()


def test_d4_1_every_table_playing_a_board_has_one_and_the_same_number_for_it(
        tmp_path: Path) -> None:
    # Shared, not copied: a thousand teams tables' own copies were 37 MB of the server.
    store = Store.open(rehearsed("pzbs-league-1", tmp_path / "event.db", advances=1))
    try:
        boards = {t: {b for s in store.seatings(t.section, t.number) for b in s.boards}
                  for t in store.tables()}
        first, second = next((a, b) for a in boards for b in boards
                             if a != b and boards[a] & boards[b])
        board = min(boards[first] & boards[second])
        one = table_state(store, first, now())["board_info"][str(board)]
        other = table_state(store, second, now())["board_info"][str(board)]
        assert one is other
        assert one["number"] == numbering(store).number(board)
    finally:
        store.close()


def test_k2_6_paper_of_a_semi_final_names_the_stage_the_room_and_boards_1_to_20(
        tmp_path: Path) -> None:
    store = Store.open(rehearsed("gabsi-club-teams", tmp_path / "event.db", advances=9))
    try:
        semi = max(s.round for s in store.seatings())
        slips = round_slip_documents(store, semi, only=[1])
        closed = next(d for d in slips if d.title.startswith("round-slip-C"))
        lines = [line.strip() for line in paper(closed, 48)]
        assert "knock-out, semi-final" in lines
        assert any(line.startswith("Closed room") and "Round 1 of 1" in line for line in lines)
        assert "Boards 1-20" in lines
        assert "Last round: no moves" in lines
        cards = {d.title: [str(getattr(b, "text", "")) for b in d.blocks]
                 for d in table_card_documents(store, only=[1])}
        assert any("Closed room" in line for line in cards["table-card-C-01"])
        assert not any("Section C" in line for lines in cards.values() for line in lines)
    finally:
        store.close()


def test_k4_3_guide_cards_of_the_final_are_its_rounds_numbered_1_r(tmp_path: Path) -> None:
    store = Store.open(rehearsed("gabsi-open-pairs", tmp_path / "event.db",
                                 advances=OPEN_PAIRS_FINAL))
    try:
        cards = guide_card_documents(store)
        first = paper(cards[0], 48)
        assert first[2].strip().startswith("final")
        rows = [line for line in first if line[:3].strip().isdigit()]
        # The barometer's rounds of the final only, 1 to R (its event rounds come after the
        # preliminary's and the semi-final's).
        assert [int(line[:3]) for line in rows] == list(range(1, len(rows) + 1))
        assert len(rows) == max(numbering(store).round(r, "A").rounds
                                for r in {s.round for s in store.seatings()})
    finally:
        store.close()


def test_the_clock_of_a_later_stage_is_its_own_round_and_the_grid_names_it(
        tmp_path: Path) -> None:
    path = rehearsed("pzbs-league-1", tmp_path / "event.db", advances=LEAGUE_FINAL)
    store = Store.open(path)
    try:
        final_round = max(s.round for s in store.seatings())
        assert next_round(store, now()) == final_round
        preview = start_preview(store, now())
        assert preview["round"] == final_round
        assert [n["match"] for n in preview["names"]] == ["final", "third place"]
        # The tables of the play-off's earlier lines and of places 13-16 sit out the final.
        rows = grid(store, {}, now(), {("O", 7): now() - 600_000})["tables"]
        idle = {(r["section"], r["table"]) for r in rows if r["idle"]}
        assert ("O", 7) in idle and ("O", 1) not in idle and ("O", 2) not in idle
        seventh = next(r for r in rows if (r["section"], r["table"]) == ("O", 7))
        assert seventh["finished"] and seventh["offline_since_ms"] is not None
    finally:
        store.close()
    with app_for(path) as app:
        director = login(app)
        page = director.get("/director/").get_data(as_text=True)
        assert "tables sit out the stage in play (not shown)." in page
        assert 'data-table="7"' not in page
        form = director.post("/director/clock/start", data={"csrf_token": director.csrf})
        confirm = form.get_data(as_text=True)
        assert "Start the clock of play-off, places 1-12 · final / play-off, places 1-12 · " \
               "third place?" in confirm
        started: Any = director.post("/director/clock/start", headers=JSON, data={
            "csrf_token": director.csrf, "confirmed": "yes"}).get_json()
        assert started["ok"] and started["clock"]["round"] == final_round
        store = app.extensions["traveller.store"]
        final = next(t for t in store.tables() if (t.section, t.number) == ("C", 1))
        assert table_state(store, final, now())["clock"]["round"] == final_round


def test_k4_2_a_table_s_traveller_of_a_top_integral_board_compares_every_group(
        tmp_path: Path) -> None:
    from server.table.state import traveller

    store = Store.open(rehearsed("gabsi-open-pairs", tmp_path / "event.db"))
    try:
        names = numbering(store)
        semi = next(s for s in store.seatings("B")
                    if (names.played_in(s.boards[0]) or names.round(s.round)).stage
                    == "semi-final")
        board = semi.boards[0]
        table = next(t for t in store.tables() if (t.section, t.number) == ("B", semi.table_number))
        shown = traveller(store, table, board)
        everywhere = [r for r in store.results() if r.board == board]
        assert {r.section for r in everywhere} == {"A", "B", "C"}
        assert shown["top"] == 2 * (len(everywhere) - 1)
        assert len(shown["results"]) == sum(1 for r in everywhere if r.section == "B")
        assert any(row["this_table"] for row in shown["results"])
    finally:
        store.close()


def test_d4_5_the_final_s_hand_records_are_linked_by_the_room_s_numbers(
        tmp_path: Path) -> None:
    import subprocess
    import sys

    from server.store import setup as setup_sql
    from tests.conftest import REPO
    from tests.integration.dealing_machine import dealing_machine_file

    path = rehearsed("pzbs-league-1", tmp_path / "event.db", advances=LEAGUE_FINAL)
    final = tmp_path / "final.pbn"
    final.write_bytes(dealing_machine_file(range(1, 97)))

    def deals(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "server.cli", "deals", str(path),
                               str(final), *args], cwd=REPO, capture_output=True, text=True,
                              timeout=120)

    # The final and the match for third place are in play: which deals is the file?
    asked = deals()
    assert asked.returncode == 1
    assert "which deals are these? the rounds in play hold 2 sets; name one: " in asked.stderr
    assert "playoff/final (play-off, places 1-12, final)" in asked.stderr
    linked = deals("--set", "playoff/final")
    assert linked.returncode == 0, linked.stderr
    assert linked.stdout.startswith("linked 96 boards (1-96) of play-off, places 1-12, final "
                                    "to the hand records of final.pbn")
    store = Store.open(path)
    try:
        names = numbering(store)
        loaded = setup_sql.deals(store)
        assert sorted(names.number(d.board) for d in loaded) == list(range(1, 97))
        assert all(names.played_in(d.board).match == "final" for d in loaded)  # type: ignore[union-attr]
        assert min(d.board for d in loaded) > 96  # the event's own boards underneath
    finally:
        store.close()
    # The third place plays 48 boards: a file of 96 is refused whole, naming them.
    third = deals("--set", "playoff/third place")
    assert third.returncode == 1
    assert "boards 49-96 are not in play-off, places 1-12, third place (its boards are 1-48)" \
        in third.stderr


def test_k4_3_the_public_traveller_and_scorecard_name_the_stage_and_its_numbers(
        tmp_path: Path) -> None:
    import re

    from server.direction.rulings import set_publication

    path = rehearsed("gabsi-open-pairs", tmp_path / "event.db")
    with app_for(path) as app:
        store = app.extensions["traveller.store"]
        set_publication(store, True, "director")
        public = app.test_client()
        last = max(b for s in store.seatings() for b in s.boards)
        page = public.get(f"/results/board/{last}").get_data(as_text=True)
        heading = re.search(r"<h1.*?</h1>", page, re.S)
        assert heading is not None
        assert f'data-board="{last}">Board 46 <small class="stage" data-testid="board-stage">' \
               "final</small>" in heading.group(0)
        # The page goes through the final's 46 boards, numbered 1-46.
        nav = re.search(r'<nav class="boardnav">(.*?)</nav>', page, re.S)
        assert nav is not None
        assert re.findall(r">(\d+)</a>", nav.group(1)) == [str(n) for n in range(1, 47)]
        card = public.get("/results/pair/1?section=A").get_data(as_text=True)
        assert "<td>semi-final 2 · 9</td>" in card or "<td>final · 23</td>" in card
