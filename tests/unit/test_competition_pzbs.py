"""The PZBS leagues (D1, D3, D4, D5) played whole by the simulator, rule by rule.

Every check reads the simulated competition's JSON against the regulation: who meets whom, who
chooses, the carry-over, the places and outcomes. The simulator's own earlier output is never
the reference.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from server.formats import load_preset
from server.formats.competition import CompetitionError
from server.scoring import find_scale
from tests.unit.competitions import (
    SEEDS,
    drive,
    level_match,
    match,
    order,
    report,
    simulated,
    stage,
)

LEAGUE_I = "pzbs-league-1.toml"
LEAGUE_II = "pzbs-league-2.toml"
SEEDS_TO_TRY = (1, 2, 3)


def regular_place(data: dict, team: int) -> int:
    return order(stage(data, "regular")["groups"][0]).index(team) + 1


@pytest.mark.parametrize("entries", [15, 17])
def test_d1_1_league_i_has_exactly_16_teams(entries: int) -> None:
    with pytest.raises(CompetitionError, match=rf"D1.1: .*16 entries, not {entries}"):
        simulated(LEAGUE_I, 1, entries)


def test_d1_1_d5_1_league_ii_has_64_teams_in_four_groups_of_16() -> None:
    data = report(LEAGUE_II)
    groups = stage(data, "regular")["groups"]
    assert [g["name"] for g in groups] == ["NW", "NE", "SW", "SE"]
    assert [len(g["entries"]) for g in groups] == [16, 16, 16, 16]
    assert sorted(e for g in groups for e in g["entries"]) == list(range(1, 65))
    with pytest.raises(CompetitionError, match=r"D5.1"):
        simulated(LEAGUE_II, 1, 60)


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d1_3_d4_1_a_round_robin_of_24_board_matches_on_the_25_vp_scale(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    regular = stage(data, "regular")
    assert regular["kind"] == "round_robin" and regular["boards_per_match"] == 24
    group = regular["groups"][0]
    assert len(group["rounds"]) == 15
    met = Counter(frozenset((m["home"], m["away"])) for r in group["rounds"]
                  for m in r["matches"])
    assert len(met) == 16 * 15 // 2 and set(met.values()) == {1}
    scale = find_scale("wbf25")
    for r in group["rounds"]:
        for m in r["matches"]:
            assert m["boards"] == 24
            home, away = scale.convert(m["imps"][0] - m["imps"][1], 24)
            assert m["vp"] == [home, away]
            assert 25 in (home, away) or home + away == 30  # 25:0 .. 15:15


def test_d4_1_a_butler_ranking_of_the_pairs_is_kept() -> None:
    group = stage(report(LEAGUE_I), "regular")["groups"][0]
    butler = group["butler"]
    assert len(butler) == 32  # two pairs a team
    assert all(line["boards"] == 15 * 24 for line in butler)
    per_board = [line["per_board"] for line in butler]
    assert per_board == sorted(per_board, reverse=True)
    assert abs(sum(line["imps"] for line in butler)) < 32 * 15 * 24 * 0.05  # IMPs v the datum


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_2_after_15_matches_places_1_12_play_off_and_13_16_play_on(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    ranking = order(stage(data, "regular")["groups"][0])
    assert stage(data, "playoff")["groups"][0]["entries"] == ranking[:12]
    assert stage(data, "lower")["groups"][0]["entries"] == ranking[12:]
    to = {q["entry"]: q["to"] for q in stage(data, "regular")["qualified"]}
    assert to == {**dict.fromkeys(ranking[:12], "playoff"), **dict.fromkeys(ranking[12:],
                                                                          "lower")}


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_3_the_team_first_after_15_matches_chooses_between_3rd_and_4th(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    ranking = order(stage(data, "regular")["groups"][0])
    p1, p2 = match(data, "playoff", "p1"), match(data, "playoff", "p2")
    assert p1["chosen_by"] == ranking[0] == p1["home"]
    assert p1["choice_from"] == [ranking[2], ranking[3]]
    assert p1["away"] == ranking[3]  # by default the lowest-placed team it may choose
    assert (p2["home"], p2["away"]) == (ranking[1], ranking[2])
    for line, chooser, options in (("p3", 4, (6, 7)), ("p7", 8, (10, 11))):
        m = match(data, "playoff", line)
        assert m["chosen_by"] == ranking[chooser]
        assert m["choice_from"] == [ranking[i] for i in options]


def test_d4_3_a_choices_file_picks_the_opponent(tmp_path) -> None:
    from server.competition import simulate

    ranking = order(stage(report(LEAGUE_I), "regular")["groups"][0])
    chosen = simulate(load_preset(SEEDS / LEAGUE_I), seed=1,
                      choices={"playoff": {"1 chooses": ranking[2]}})
    from server.competition.report import to_json

    data = to_json(chosen)
    assert match(data, "playoff", "p1")["away"] == ranking[2]
    assert match(data, "playoff", "p2")["away"] == ranking[3]
    with pytest.raises(CompetitionError, match=r"D4.3: .*'1 chooses': team .* may not be "):
        simulate(load_preset(SEEDS / LEAGUE_I), seed=1,
                 choices={"playoff": {"1 chooses": ranking[4]}})
    with pytest.raises(CompetitionError, match="never asks for '13 chooses'"):
        simulate(load_preset(SEEDS / LEAGUE_I), seed=1, choices={"playoff": {"13 chooses": 1}})


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_3_d1_4_the_carry_over_goes_to_the_team_placed_higher_after_15_matches(
        seed: int) -> None:
    data = report(LEAGUE_I, seed)
    for m in stage(data, "playoff")["matches"]:
        higher = min(m["home"], m["away"], key=lambda t: regular_place(data, t))
        assert m["carry_over"] == {"to": higher, "imps": round(m["boards"] / 10, 2),
                                   "rule": "D1.4"}
        home_total = m["imps"][0] + (m["carry_over"]["imps"] if higher == m["home"] else 0)
        away_total = m["imps"][1] + (m["carry_over"]["imps"] if higher == m["away"] else 0)
        assert home_total != away_total
        assert m["winner"] == (m["home"] if home_total > away_total else m["away"])
        assert m["decided_by"] == "imps"


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_3_lines_send_their_teams_where_the_regulation_says(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    m = {x["id"]: x for x in stage(data, "playoff")["matches"]}
    assert {m["p5"]["home"], m["p6"]["home"]} == {m["p1"]["loser"], m["p2"]["loser"]}
    assert {m["p5"]["away"], m["p6"]["away"]} == {m["p3"]["winner"], m["p4"]["winner"]}
    semi = {m["s1"]["home"], m["s1"]["away"], m["s2"]["home"], m["s2"]["away"]}
    assert semi == {m["p1"]["winner"], m["p2"]["winner"], m["p5"]["winner"], m["p6"]["winner"]}
    places = {p["entry"]: p["place"] for p in data["final_places"]}

    def by_rank(*teams: int) -> list[int]:
        return sorted(teams, key=lambda t: regular_place(data, t))

    assert [places[t] for t in by_rank(m["p5"]["loser"], m["p6"]["loser"])] == [5, 6]
    assert [places[t] for t in by_rank(m["p3"]["loser"], m["p4"]["loser"])] == [7, 8]
    assert [places[t] for t in by_rank(m["p7"]["winner"], m["p8"]["winner"])] == [9, 10]
    assert [places[t] for t in by_rank(m["p7"]["loser"], m["p8"]["loser"])] == [11, 12]


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d3_1_d4_4_places_13_16_keep_their_vp_in_a_double_round_robin(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    regular = {s["entry"]: s["vp"] for s in stage(data, "regular")["groups"][0]["standings"]}
    lower = stage(data, "lower")
    assert lower["kind"] == "double_round_robin"
    group = lower["groups"][0]
    met = Counter(frozenset((m["home"], m["away"])) for r in group["rounds"]
                  for m in r["matches"])
    assert len(group["rounds"]) == 6 and set(met.values()) == {2} and len(met) == 6
    for line in group["standings"]:
        assert line["carried_vp"] == regular[line["entry"]]
        played = sum(m["vp"][0] if m["home"] == line["entry"] else m["vp"][1]
                     for r in group["rounds"] for m in r["matches"]
                     if line["entry"] in (m["home"], m["away"]))
        assert line["vp"] == pytest.approx(line["carried_vp"] + played)  # D3.1
    vps = [line["vp"] for line in group["standings"]]
    assert vps == sorted(vps, reverse=True)


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_4_15th_and_16th_are_relegated_13th_and_14th_reach_the_barrage(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    lower = order(stage(data, "lower")["groups"][0])
    places = {p["entry"]: p for p in data["final_places"]}
    assert [places[t]["place"] for t in lower] == [13, 14, 15, 16]
    for team in lower[2:]:
        assert places[team]["outcome"] == "relegated to League II"
        assert "relegated" in places[team]["why"]
    barrage = stage(data, "barrage")["groups"][0]["entries"]
    assert set(lower[:2]) <= set(barrage)


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_5_semi_finals_final_and_third_place_boards_and_carry_over(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    expected = {"s1": (72, 6, 7.2), "s2": (72, 6, 7.2), "final": (96, 8, 9.6),
                "third": (48, 4, 4.8)}
    for ident, (boards, segments, carry) in expected.items():
        m = match(data, "playoff", ident)
        assert (m["boards"], m["segments"], m["carry_over"]["imps"]) == (boards, segments,
                                                                          carry)
    p1, p2, s1 = (match(data, "playoff", i) for i in ("p1", "p2", "s1"))
    chooser = min(p1["winner"], p2["winner"], key=lambda t: regular_place(data, t))
    assert s1["chosen_by"] == chooser == s1["home"]
    assert len(s1["choice_from"]) == 3 and chooser not in s1["choice_from"]


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_6_the_final_s_winner_is_champion_2nd_and_3rd_are_vice_champions(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    final, third = match(data, "playoff", "final"), match(data, "playoff", "third")
    places = {p["place"]: p for p in data["final_places"]}
    assert places[1]["entry"] == final["winner"] and places[1]["outcome"] == "champion"
    assert places[2]["entry"] == final["loser"] and places[2]["outcome"] == "vice-champion"
    assert places[3]["entry"] == third["winner"] and places[3]["outcome"] == "vice-champion"
    assert places[4]["entry"] == third["loser"]


@pytest.mark.parametrize("seed", SEEDS_TO_TRY)
def test_d4_7_the_barrage_league_i_teams_choose_in_order_of_their_places(seed: int) -> None:
    data = report(LEAGUE_I, seed)
    barrage = stage(data, "barrage")
    league_i = [e for e in barrage["groups"][0]["entries"] if e <= 16]
    guests = [e["id"] for e in data["entries"] if e.get("joined") == "barrage"]
    assert len(league_i) == 4 and len(guests) == 4
    assert league_i == sorted(league_i, key=lambda t: regular_place(data, t))
    m = {x["id"]: x for x in barrage["matches"]}
    for i, ident in enumerate(("b1", "b2", "b3", "b4")):
        assert m[ident]["home"] == league_i[i]
        assert m[ident]["away"] in guests
        assert m[ident]["carry_over"]["to"] == league_i[i]  # the League I team
    assert [len(m[i]["choice_from"]) for i in ("b1", "b2", "b3")] == [4, 3, 2]
    assert m["b1"]["chosen_by"] == league_i[0]
    assert {m[i]["away"] for i in ("b1", "b2", "b3", "b4")} == set(guests)
    winners = [m[i]["winner"] for i in ("b1", "b2", "b3", "b4")]
    first = next((t for t in league_i if t in winners), winners[0])
    assert m["x1"]["chosen_by"] == first == m["x1"]["home"]
    outcome = {p["entry"]: p["outcome"] for p in data["final_places"]}
    for ident in ("x1", "x2"):
        assert outcome[m[ident]["winner"]] == "League I next season"
        assert outcome[m[ident]["loser"]] == "League II next season"
    assert {p["entry"] for p in data["final_places"] if p["place"] > 16} == set(guests)


BARRAGE_LOST = """
[event]
name = "tie rules"
kind = "teams"
[scoring]
vp_scale = "wbf25"
[[stage]]
id = "rr"
kind = "round_robin"
boards_per_match = 8
[[stage]]
id = "ko"
kind = "knockout"
seeds = ["1", "2"]
carry_over = "none"
tie = "%s"
  [[stage.entrants]]
  from = "rr"
  places = [1, 2]
  label = "{place}"
  [[stage.match]]
  id = "final"
  home = "2"
  away = "1"
  boards = 16
  segments = 2
"""


def test_d1_4_a_tied_match_goes_to_the_team_placed_higher() -> None:
    view = drive(BARRAGE_LOST % "d1.4", 4,
                 lambda f: level_match(f) if f.knockout else None)
    final = view.stage("ko").progress.matches[0]
    higher = view.stage("rr").progress.order[""][0]
    assert final.winner == higher and final.decided_by == "higher_placed"
    assert final.extra_boards == 0


def test_k17_2_a_tied_match_plays_4_extra_boards_then_sudden_death_boards() -> None:
    parts: list[str] = []

    def play(fixture):
        if not fixture.knockout:
            return None
        parts.append(fixture.key.rsplit("/", 1)[-1])
        # Level over the 16 boards, the 4 extra boards and sudden-death board 1; the away
        # team wins sudden-death board 2.
        if fixture.key.endswith("/sd2"):
            return level_match(fixture, home_ahead=-50)
        return level_match(fixture)

    view = drive(BARRAGE_LOST % "k17.2", 4, play)
    final = view.stage("ko").progress.matches[0]
    assert parts == ["final", "extra", "sd1", "sd2"]
    assert final.extra_boards == 4 + 2
    assert final.winner == final.away and final.decided_by == "sudden_death"


def test_k10_2_an_imp_penalty_in_a_knock_out_counts_for_the_opponents() -> None:
    from server.competition import MatchPlay

    def play(fixture):
        if not fixture.knockout:
            return None
        flat = level_match(fixture, home_ahead=50)  # home +2 IMPs on the boards
        return MatchPlay(flat.boards, imp_penalties=(3.0, 0.0))

    view = drive(BARRAGE_LOST % "k17.2", 4, play)
    final = view.stage("ko").progress.matches[0]
    assert final.imps == (2.0, 0.0) and final.imp_penalties == (3.0, 0.0)
    assert final.winner == final.away and final.decided_by == "imps"


LEVEL_ON_VP = """
[event]
name = "direct matches"
kind = "teams"
[scoring]
vp_scale = "wbf25"
tiebreak = "d3.2"
[[stage]]
id = "rr"
kind = "round_robin"
boards_per_match = 24
"""


def test_d3_2_teams_level_on_vp_are_separated_by_their_direct_match() -> None:
    # 1 beats 2 18:12 and loses to 3 12:18; 2 beats 4 18:12; every other match is drawn:
    # 1 and 2 both score 45 VP, and 1 won their match.
    wins = {(1, 2): 1, (3, 1): 3, (2, 4): 2}

    def play(fixture):
        winner = wins.get((fixture.home, fixture.away)) or wins.get((fixture.away,
                                                                     fixture.home))
        if winner is None:
            return level_match(fixture)
        return level_match(fixture, 1100 if winner == fixture.home else -1100)  # 15 IMPs

    view = drive(LEVEL_ON_VP, 4, play)
    group = view.stage("rr").progress.groups[0]
    vp = {s.entry: s.vp for s in group.standings}
    assert vp[1] == vp[2] == 45
    ranking = [s.entry for s in group.standings]
    assert ranking.index(1) < ranking.index(2)
    reason = next(s.tie_break for s in group.standings if s.entry == 1)
    assert "matches among the level teams (VP)" in reason


def test_d3_5_102_minutes_per_12_board_segment() -> None:
    for name in (LEAGUE_I, LEAGUE_II):
        preset = load_preset(SEEDS / name)
        assert (preset.clock_minutes, preset.clock_per_boards) == (102.0, 12)


@pytest.mark.parametrize("seed", (1, 2))
def test_d5_2_d5_4_each_group_plays_its_round_robin_then_splits_6_6_4(seed: int) -> None:
    data = report(LEAGUE_II, seed)
    regular = {g["name"]: g for g in stage(data, "regular")["groups"]}
    for group, lines in regular.items():
        assert len(lines["rounds"]) == 15 and len(lines["butler"]) == 32  # D5.2 per group
        ranking = order(lines)
        splits = {s: next(g for g in stage(data, s)["groups"] if g["name"] == group)
                  for s in ("upper", "middle", "lower")}
        assert splits["upper"]["entries"] == ranking[:6]
        assert splits["middle"]["entries"] == ranking[6:12]
        assert splits["lower"]["entries"] == ranking[12:]


@pytest.mark.parametrize("seed", (1, 2))
def test_d5_5_d5_6_the_split_groups_keep_their_vp(seed: int) -> None:
    data = report(LEAGUE_II, seed)
    regular = {s["entry"]: s["vp"] for g in stage(data, "regular")["groups"]
               for s in g["standings"]}
    for name, rounds in (("upper", 5), ("middle", 5), ("lower", 6)):
        for group in stage(data, name)["groups"]:
            assert len(group["rounds"]) == rounds  # D5.5: one weekend; D5.6: 3 + 3
            for line in group["standings"]:
                assert line["carried_vp"] == regular[line["entry"]]


@pytest.mark.parametrize("seed", (1, 2))
def test_d5_5_to_d5_10_final_places_in_every_group(seed: int) -> None:
    data = report(LEAGUE_II, seed)
    places = {(p["group"], p["place"]): p for p in data["final_places"]}
    assert len(places) == 64
    for name in ("NW", "NE", "SW", "SE"):
        assert sorted(p for g, p in places if g == name) == list(range(1, 17))

        def group_of(stage_id: str, name: str = name) -> dict:
            return next(g for g in stage(data, stage_id)["groups"] if g["name"] == name)

        upper, middle, lower = (order(group_of(s)) for s in ("upper", "middle", "lower"))
        ko = {m["id"].split("/")[1]: m for m in stage(data, "playoff")["matches"]
              if m["id"].startswith(name + "/")}
        rel = {m["id"].split("/")[1]: m for m in stage(data, "relegation")["matches"]
               if m["id"].startswith(name + "/")}
        # D5.7: 1 chooses from 3 and 4; the final's winner is promoted, its loser 2nd and off
        # to the barrage; the semi-finals' losers 3rd and 4th by their VP after 20 matches.
        assert ko["s1"]["chosen_by"] == upper[0] and ko["s1"]["choice_from"] == upper[2:4]
        assert places[name, 1]["entry"] == ko["final"]["winner"]
        assert places[name, 1]["outcome"] == "promoted to League I"
        assert places[name, 2]["entry"] == ko["final"]["loser"]
        assert "barrage" in places[name, 2]["outcome"]
        semi_losers = sorted((ko["s1"]["loser"], ko["s2"]["loser"]), key=upper.index)
        assert [places[name, 3]["entry"], places[name, 4]["entry"]] == semi_losers
        # D5.5: 5th and 6th of places 1-6; the top 2 of places 7-12 finish 7th and 8th.
        assert [places[name, p]["entry"] for p in (5, 6)] == upper[4:6]
        assert [places[name, p]["entry"] for p in (7, 8)] == middle[:2]
        # D5.8: 9 chooses from 11 and 12; the winners are 9th and 10th.
        assert rel["q1"]["chosen_by"] == middle[2]
        assert rel["q1"]["choice_from"] == middle[4:6]
        q_winners = sorted((rel["q1"]["winner"], rel["q2"]["winner"]), key=middle.index)
        assert [places[name, 9]["entry"], places[name, 10]["entry"]] == q_winners
        # D5.9: the better-placed loser of D5.8 chooses from 13 and 14; the winners stay,
        # 11th and 12th; the losers are relegated, 13th and 14th.
        q_losers = sorted((rel["q1"]["loser"], rel["q2"]["loser"]), key=middle.index)
        assert rel["r1"]["chosen_by"] == q_losers[0]
        assert rel["r1"]["choice_from"] == lower[:2]
        for place in (13, 14):
            assert places[name, place]["outcome"] == "relegated to League III"
        # D5.6: 15th and 16th after 21 matches are relegated.
        assert [places[name, p]["entry"] for p in (15, 16)] == lower[2:]
        assert places[name, 16]["outcome"] == "relegated to League III"
        # D5.10: every play-off match 72 boards, 7.2 IMP to the team placed higher after 20
        # matches (13th and 14th, after 21, rank below 9th-12th).
        after_20 = upper + middle + lower
        for m in [*ko.values(), *rel.values()]:
            assert (m["boards"], m["segments"]) == (72, 6)
            higher = min(m["home"], m["away"], key=after_20.index)
            assert m["carry_over"] == {"to": higher, "imps": 7.2, "rule": "D1.4"}


def test_the_same_seed_gives_the_same_bytes_and_another_seed_another_season() -> None:
    from server.competition import simulate
    from server.competition.report import to_json

    def run(seed: int) -> str:
        result = simulate(load_preset(SEEDS / LEAGUE_I), seed=seed, source="x")
        return json.dumps(to_json(result))

    assert run(7) == run(7)
    assert run(7) != run(8)
