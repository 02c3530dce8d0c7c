"""A Swiss with an odd field: the bye scores its VP (K13.2's 18 by default) from round 1, the
next round's bye goes to another team, and the bye is shown apart from deductions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from server.event.create import create_event
from server.formats import load_preset
from server.store import teams as sql
from server.teams.standings import pair_next_round, standings
from tests.conftest import PASSWORD
from tests.integration.teams_event import SEEDS, play_match


def test_k13_2_an_odd_swiss_field_scores_the_bye_and_moves_it_on(tmp_path: Path) -> None:
    preset = replace(load_preset(SEEDS / "gabsi-swiss-teams.toml"), teams=7)
    store = create_event(tmp_path / "swiss.db", preset, password=PASSWORD,
                         base_url="http://testserver")
    try:
        byes = [(r["round"], r["team"], r["value"]) for r in sql.team_rulings(store)
                if r["kind"] == "bye"]
        assert byes == [(1, 7, 18.0)]  # round 1 by draw number: 1 v 2, 3 v 4, 5 v 6, 7 out
        row = next(r for r in standings(store, 0)["teams"] if r["team"] == 7)
        assert (row["vp"], row["bye_vp"], row["vp_deducted"]) == (18.0, 18.0, 0.0)
        for match in (1, 2, 3):
            play_match(store, 1, match, open_room={1: ("4S", 10, "N")})
        paired = pair_next_round(store, 0, "director")
        assert paired["ok"] and paired["bye"] not in (None, 7)
        second = [r["team"] for r in sql.team_rulings(store) if r["kind"] == "bye"
                  and r["round"] == 2]
        assert second == [paired["bye"]]
    finally:
        store.close()
