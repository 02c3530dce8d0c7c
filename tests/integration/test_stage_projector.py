"""What players see of a competition agrees with its official ranking (issue 22 items 2, 5).

Every competition preset of seeds/ is played by robots (one rehearsal a preset, its files taken
after some advances and at the end, `stage_moments`): at each moment the projector
(`/results/api/projector`) shows the stages in play in the order and with the places of
`traveller standings --json` (ties, "6=", only where the stage's tie-breaks leave entries
level: K17.1, K16.3, D3.2 for teams, K17.3 for pairs), a knock-out's matches with their
carry-over, and at the end the final places. A knock-out's IMPs show as they come, a board once
both rooms of every match on its deal have played it; a barometer final is ranked after every
round as the stage ranks it (K4.3). A top-integral stage's travellers and scorecards are scored
across its groups, as its ranking (K4.2); entrants taken across the groups are qualified by
their overall place.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from server.direction.rulings import set_publication
from server.stages.robots import payload_of, robot_result
from server.stages.view import standings
from server.store import Store
from server.table import actions as table_actions
from server.teams.matches import match_summary, matches
from tests.integration.rehearsed import clock
from tests.integration.stage_moments import copy, moments
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login

MOMENTS: dict[str, tuple[int, ...]] = {
    "gabsi-bupati-swiss-pairs": (1, 2), "gabsi-club-teams": (1, 6, 7, 8),
    "gabsi-junior-pairs": (1,), "gabsi-mixed-pairs": (), "gabsi-open-pairs": (1, 2),
    "gabsi-power-teams": (1, 5, 6), "gabsi-province-teams": (1, 2, 3), "gabsi-school": (),
    "gabsi-senior-pairs": (), "gabsi-university-mixed-pairs": (),
    "gabsi-university-pairs": (1,), "gabsi-university-teams": (1,),
    "gabsi-women-pairs": (1,), "gabsi-women-teams": (1,), "pzbs-league-1": (1, 2, 3, 6),
    "pzbs-league-2": (1, 5),
}
"""Each preset (its fewest entries) after these advances: the new matches in play, unplayed.
A preset whose sessions are all in play from the start is looked at after its first session."""


@contextmanager
def served(path: Path) -> Iterator[tuple[Any, Any, Store]]:
    """The event's app with its results published, a client of the public (whose view the
    projector shows, whoever opened it) and the store."""
    from server.app import create_app

    app = create_app({"DATABASE": str(path), "TESTING": True})
    store: Store = app.extensions["traveller.store"]
    try:
        set_publication(store, True, "director")
        yield app, app.test_client(), store
    finally:
        store.close()


def projector(client: Any) -> dict[str, Any]:
    data: dict[str, Any] = client.get("/results/api/projector", headers=JSON).get_json()
    assert data["ok"], data
    return data


def finished_rounds(group: dict[str, Any]) -> int:
    """Leading rounds of an official group with every match played (a bye alone is none)."""
    count = 0
    for line in group["rounds"]:
        if not any(m["away"] is not None for m in line["matches"]):
            break
        count += 1
    return count


def assert_official(shown: dict[str, Any], official: dict[str, Any]) -> None:
    """The projector shows what `traveller standings --json` says, stage by stage."""
    if official["complete"]:
        assert shown["complete"] and not shown["stages"]
        assert [(p["place"], p["entry"], p["group"]) for p in shown["final_places"]] == [
            (p["place"], p["entry"], p.get("group", "")) for p in official["final_places"]]
        return
    stages = {s["id"]: s for s in official["stages"]}
    playing = {s["id"] for s in official["stages"] if s["status"] == "playing"}
    assert playing <= {p["id"] for p in shown["stages"]}, "every stage in play is shown"
    for panel in shown["stages"]:
        stage = stages[panel["id"]]
        if panel["kind"] == "knockout":
            assert [(m["id"], m["home"]["entry"], m["away"]["entry"], m["winner"], m["carry_over"])
                    for m in panel["matches"]] == [
                (m["id"], m["home"], m["away"], m["winner"], m["carry_over"])
                for m in stage["matches"]]
            for m, o in zip(panel["matches"], stage["matches"], strict=True):
                if o["winner"] is not None:
                    assert m["imps"] == o["imps"]
            continue
        if panel["kind"] == "pairs" and not panel["round"]:
            assert panel["groups"] == [], "no pair is ranked before a round is finished"
            continue
        groups = {g["name"]: g for g in stage["groups"]}
        assert [g["name"] for g in panel["groups"]] == list(groups)
        for group in panel["groups"]:
            lines = groups[group["name"]]["standings"]
            # K17.1, K16.3, D3.2, K17.3: the order, the places and the ties of the ranking.
            assert [(r["place"], r["entry"], r["shared"], r["rank"]) for r in group["rows"]] == [
                (s["place"], s["entry"], s.get("shared", False), s.get("rank", s["place"]))
                for s in lines], (panel["id"], group["name"])
            if panel["kind"] == "pairs":
                assert [r["percent"] for r in group["rows"]] == [s["percent"] for s in lines]
            else:
                assert [r["vp"] for r in group["rows"]] == [s["vp"] for s in lines]
                if stage["kind"] != "swiss_pairs":
                    assert group["round"] == finished_rounds(groups[group["name"]])
                # No infinite quotient: none lost reads "won:0".
                assert all("∞" not in r["imp_quotient"] for r in group["rows"])
        if panel["kind"] == "pairs" and panel["round"]:
            # At an advance every session in play is over: after its last round.
            assert panel["round"] == panel["rounds"]


def robots_play(store: Store, up_to: int | None = None, only: set[tuple[str, int]] | None = None,
                boards: int | None = None) -> int:
    """Robots enter the results of the event rounds up to `up_to` (every round in play when
    None), at the tables `only` (all when None), the first `boards` boards of each (all when
    None), through the table's use case; the number entered."""
    tables = {(t.section, t.number): t for t in store.tables()}
    done = {(r.section, r.table_number, r.round, r.board) for r in store.results()}
    entered = 0
    for seating in sorted(store.seatings(), key=lambda s: (s.round, s.section, s.table_number)):
        where = (seating.section, seating.table_number)
        if (up_to is not None and seating.round > up_to) or (only and where not in only):
            continue
        for board in seating.boards[:boards]:
            if (*where, seating.round, board) in done:
                continue
            played = robot_result(store, 11, seating.section, seating.table_number,
                                  seating.round, board)
            if played is None:
                continue
            op_id = str(uuid.uuid4())
            outcome = table_actions.submit_result(
                store, tables[where], "ns", {"op_id": op_id, "board": board,
                                             **payload_of(played)}, clock())
            if outcome.body.get("pending"):
                table_actions.confirm_result(store, tables[where], "ew", {
                    "op_id": str(uuid.uuid4()), "entry": op_id}, clock())
            entered += 1
    return entered


@pytest.mark.parametrize("preset", sorted(MOMENTS))
def test_k17_1_k17_3_the_projector_ranks_every_moment_as_the_official_standings(
        preset: str, tmp_path: Path) -> None:
    files = moments(preset, MOMENTS[preset])
    for moment, path in files.items():
        with served(copy(path, tmp_path / f"{moment}.db")) as (_, public, store):
            if moment is None:
                assert projector(public)["complete"]
            official, _ = standings(store, clock())
            assert_official(projector(public), official)
    if not MOMENTS[preset]:
        # Every session is in play from the start: the ranking after the first one.
        with served(copy(files[None], tmp_path / "start.db")) as (_, public, store):
            store.db.execute("delete from results")
            store.db.execute("delete from adjustments")
            store.db.conn.commit()
            first = min(store.db["competition_fixtures"].rows, key=lambda f: f["first_round"])
            assert projector(public)["round"] == 0
            robots_play(store, up_to=first["last_round"])
            shown = projector(public)
            (panel,) = shown["stages"]
            assert panel["round"] == panel["rounds"] and panel["session"] in (None, 1)
            official, _ = standings(store, clock())
            assert_official(shown, official)


def test_k15_a_knockout_shows_its_carry_over_and_its_imps_as_both_rooms_play(
        tmp_path: Path) -> None:
    """The semi-finals in play (K1.5): each match's carry-over (K15) from the start, and its
    IMPs once both rooms of both semi-finals have played a board (the matches share the deals,
    so a board shows when every table of the round has played it)."""
    path = copy(moments("gabsi-province-teams", MOMENTS["gabsi-province-teams"])[2],
                tmp_path / "semi.db")
    with served(path) as (_, public, store):
        (panel,) = projector(public)["stages"]
        semis = [m for m in panel["matches"] if m["status"] == "playing"]
        assert len(semis) == 2 and all(m["carry_over"]["rule"].startswith("K15") for m in semis)
        for m in semis:
            carried = m["carry_over"]["imps"]
            home = m["carry_over"]["to"] == m["home"]["entry"]
            assert m["total"] == ([carried, 0.0] if home else [0.0, carried])
            assert m["imps"] == [0.0, 0.0] and m["boards_played"] == 0
        assert robots_play(store, boards=4) == 16
        # One match plays a fifth board in both rooms: the other has not, it stays hidden.
        first = min(m.table for m in matches(store, clock()) if not m.complete)
        robots_play(store, only={("O", first), ("C", first)}, boards=5)
        (panel,) = projector(public)["stages"]
        live = {m["id"]: m for m in panel["matches"] if m["status"] == "playing"}
        for match in matches(store, clock()):
            if match.complete:
                continue
            summary = match_summary(store, match)
            row = next(m for m in live.values() if m["home"]["entry"] == match.home)
            assert row["boards_played"] == 4
            hidden = [b for b in summary["boards"][:4]]
            expected = [sum(max(0, b["home_imps"]) for b in hidden),
                        sum(max(0, -b["home_imps"]) for b in hidden)]
            assert row["imps"] == expected
            carried = row["carry_over"]["imps"] if row["carry_over"] else 0.0
            to_home = row["carry_over"] and row["carry_over"]["to"] == match.home
            assert row["total"] == [expected[0] + (carried if to_home else 0),
                                    expected[1] + (0 if to_home else carried)]
        page = public.get("/results/projector").get_data(as_text=True)
        assert 'data-testid="projector-matches"' in page and "∞" not in page


def test_k4_3_the_barometer_final_is_ranked_after_every_round_as_the_stage_ranks_it(
        tmp_path: Path) -> None:
    """The final in play (K4.3): after round 3 at every table the projector shows the stage's
    own ranking after round 3 (K17.3 between level pairs), which the final's standings give
    once it is over (`after_rounds`)."""
    files = moments("gabsi-open-pairs", MOMENTS["gabsi-open-pairs"])
    with served(copy(files[None], tmp_path / "end.db")) as (_, _, store):
        official, _ = standings(store, clock())
    final = next(s for s in official["stages"] if s["id"] == "final")
    after = {r["round"]: r["order"] for r in final["groups"][0]["after_rounds"]}
    with served(copy(files[2], tmp_path / "final.db")) as (_, public, store):
        fixture = next(f for f in store.db["competition_fixtures"].rows if f["stage"] == "final")
        robots_play(store, up_to=fixture["first_round"] + 2)
        # A table of round 4 has played: the projector stays after round 3.
        robots_play(store, up_to=fixture["first_round"] + 3, only={("A", 1)})
        shown = projector(public)
        panel = next(p for p in shown["stages"] if p["id"] == "final")
        assert (panel["round"], panel["rounds"]) == (3, 23)
        rows = panel["groups"][0]["rows"]
        assert [r["entry"] for r in rows] == after[3]
        assert all(len(r["places"]) == 3 for r in rows)
        for upto in (1, 2):
            by_place = sorted(rows, key=lambda r: (r["places"][upto - 1], after[upto].index(
                r["entry"])))
            assert [r["entry"] for r in by_place] == after[upto]
        page = public.get("/results/projector").get_data(as_text=True)
        assert "after round 3 of 23" in page


def test_k4_2_travellers_and_scorecards_of_a_top_integral_stage_agree_with_its_ranking(
        tmp_path: Path) -> None:
    """The semi-final is top integral (K4.2): a board's results are compared across its three
    groups, so each pair's scorecard adds up to the percentages of the stage's ranking, session
    by session, on the public pages and the console alike."""
    files = moments("gabsi-open-pairs", MOMENTS["gabsi-open-pairs"])
    with served(copy(files[None], tmp_path / "end.db")) as (app, public, store):
        official, _ = standings(store, clock())
        semi = next(s for s in official["stages"] if s["id"] == "semi")
        fixtures = {f["key"]: f for f in store.db["competition_fixtures"].rows
                    if f["stage"] == "semi"}
        assert semi["top_integral"] and len(semi["groups"]) == 3
        tops: dict[int, float] = {}
        for group in semi["groups"]:
            line = group["standings"][0]
            card = public.get(f"/results/api/pair/{line['entry']}?section={group['name']}",
                              headers=JSON).get_json()
            for session, percent in enumerate(line["sessions"], start=1):
                fixture = fixtures[f"semi/{group['name']}/s{session}"]
                rows = [r for r in card["boards"]
                        if fixture["first_round"] <= r["round"] <= fixture["last_round"]]
                # One comparison across the groups: every board of the session has one top
                # (Neuberg's, of the most results), its percentages read from it.
                board = public.get(f"/results/api/board/{rows[0]['board']}?section="
                                   f"{group['name']}", headers=JSON).get_json()
                assert board["compared_sections"] == ["A", "B", "C"]
                for r in rows:
                    tops[r["board"]] = board["top"]
                    assert abs(r["pct"] - 100 * r["mp"] / board["top"]) < 0.01
                earned = sum(r["mp"] for r in rows)
                assert abs(100 * earned / sum(tops[r["board"]] for r in rows) - percent) < 0.01
            stage_line = next(s for s in card["stages"] if s["stage_id"] == "semi")
            assert (stage_line["place"], stage_line["percentage"]) == (line["place"],
                                                                      line["percent"])
        # The console's traveller and the exported one score the board the same way.
        board = next(iter(tops))
        director = login(app)
        console = director.get(f"/director/board/{board}?section=A", headers=JSON).get_json()
        shown = public.get(f"/results/api/board/{board}?section=A", headers=JSON).get_json()
        assert console["top"] == shown["top"] == tops[board]
        assert sorted((r["table"], r["ns_mp"]) for r in console["results"]) == sorted(
            (r["table"], r["ns_mp"]) for r in shown["results"])
        from server.publish.export import pairs_event

        exported = {(x.section, x.table, x.round): x.ns_mp for x in pairs_event(store).lines
                    if x.board == board}
        assert {(r["section"], r["table"], r["round"]): r["ns_mp"]
                for r in shown["results"]} == {k: round(v, 2) for k, v in exported.items()
                                              if k[0] == "A"}


def test_k4_3_entrants_taken_across_the_groups_are_qualified_by_their_overall_place(
        tmp_path: Path) -> None:
    """The final takes the 12 best pairs of the semi-final across its groups (K4.3): each
    reason names the overall place it counts, not the place in the pair's group."""
    files = moments("gabsi-open-pairs", MOMENTS["gabsi-open-pairs"])
    with served(copy(files[None], tmp_path / "end.db")) as (_, _, store):
        official, text = standings(store, clock())
    semi = next(s for s in official["stages"] if s["id"] == "semi")
    lines = [(line["percent"], line["place"], line["entry"])
             for group in semi["groups"] for line in group["standings"]]
    overall = [entry for _, _, entry in sorted(lines, key=lambda x: (-x[0], x[1], x[2]))]
    to_final = [q for q in semi["qualified"] if q["to"] == "final"]
    assert [q["entry"] for q in to_final] == overall[:12]
    for place, q in enumerate(to_final, start=1):
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
        assert q["why"].endswith(f"({ordinal} overall of the semi-final)"), q["why"]
        assert "in group" not in q["why"]
    assert "2nd overall of the semi-final" in text
