"""The GABSI team championships (K1, K2, K3, K7, KC2) played whole by the simulator, rule by
rule, with the Swiss (K16), carry-over (K15), walk-over byes (K13.2) and tie-breaks (K17)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import pairwise

import pytest

from server.competition import simulate
from server.formats import load_preset
from server.formats.competition import CompetitionError
from server.scoring import find_scale
from tests.unit.competitions import SEEDS, match, order, report, simulated, stage

PROVINCES = "gabsi-province-teams.toml"
CLUBS = "gabsi-club-teams.toml"
WOMEN = "gabsi-women-teams.toml"
POWER = "gabsi-power-teams.toml"


def meetings(group: dict) -> Counter[frozenset[int]]:
    return Counter(frozenset((m["home"], m["away"])) for r in group["rounds"]
                   for m in r["matches"] if m["away"] is not None)


def pool_place(data: dict, stage_id: str, team: int) -> tuple[str, int]:
    for group in stage(data, stage_id)["groups"]:
        if team in order(group):
            return group["name"], order(group).index(team) + 1
    raise AssertionError(team)


@pytest.mark.parametrize("entries", [8, 10, 13])
def test_k1_1_k1_2_two_pools_play_single_round_robins_of_8_boards(entries: int) -> None:
    data = report(PROVINCES, 1, entries)
    assert [s["id"] for s in data["stages"]] == ["prelim", "ko"]
    prelim = stage(data, "prelim")
    assert [g["name"] for g in prelim["groups"]] == ["A", "B"]
    assert sorted(len(g["entries"]) for g in prelim["groups"]) == sorted(
        [entries // 2, entries - entries // 2])
    for group in prelim["groups"]:
        n = len(group["entries"])
        assert len(meetings(group)) == n * (n - 1) // 2
        assert set(meetings(group).values()) == {1}
        assert {m["boards"] for r in group["rounds"] for m in r["matches"] if m["away"]} == {8}
    top = {e for g in prelim["groups"] for e in order(g)[:4]}
    assert {q["entry"] for q in prelim["qualified"]} == top
    assert set(stage(data, "ko")["groups"][0]["entries"]) == top


def test_k1_3_the_2006_seeds_are_placed_in_their_pools() -> None:
    prelim = stage(report(PROVINCES, 1, 10), "prelim")
    pools = {g["name"]: set(g["entries"]) for g in prelim["groups"]}
    assert {1, 4} <= pools["A"] and {2, 3} <= pools["B"]  # DKI (I), Sulut (IV); Banten, Jateng


def test_k1_2_fewer_than_8_provinces_is_an_error() -> None:
    with pytest.raises(CompetitionError, match=r"K1.2"):
        simulated(PROVINCES, 1, 7)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_k1_4_each_pool_winner_chooses_3rd_or_4th_of_the_other_pool(seed: int) -> None:
    data = report(PROVINCES, seed, 10)
    a, b = (order(g) for g in stage(data, "prelim")["groups"])
    c = {i: match(data, "ko", i) for i in ("c1", "c2", "c3", "c4")}
    assert (c["c1"]["home"], c["c1"]["chosen_by"], c["c1"]["choice_from"]) == (
        a[0], a[0], [b[2], b[3]])
    assert (c["c3"]["home"], c["c3"]["chosen_by"], c["c3"]["choice_from"]) == (
        b[0], b[0], [a[2], a[3]])
    assert c["c2"]["home"] == b[1] and c["c2"]["away"] == ({a[2], a[3]} - {c["c3"]["away"]}).pop()
    assert c["c4"]["home"] == a[1] and c["c4"]["away"] == ({b[2], b[3]} - {c["c1"]["away"]}).pop()
    assert all((m["boards"], m["segments"]) == (32, 2) for m in c.values())  # 2 x 16


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_k1_5_k1_6_semi_finals_of_2_x_6_boards_then_the_final_and_third_place(seed: int) -> None:
    data = report(PROVINCES, seed, 10)
    m = {x["id"]: x for x in stage(data, "ko")["matches"]}
    assert {m["d1"]["home"], m["d1"]["away"]} == {m["c1"]["winner"], m["c2"]["winner"]}
    assert {m["d2"]["home"], m["d2"]["away"]} == {m["c3"]["winner"], m["c4"]["winner"]}
    assert (m["d1"]["boards"], m["d1"]["segments"]) == (12, 2)
    assert (m["final"]["boards"], m["third"]["boards"]) == (32, 32)
    places = {p["place"]: p["entry"] for p in data["final_places"]}
    assert [places[i] for i in (1, 2, 3, 4)] == [m["final"]["winner"], m["final"]["loser"],
                                                 m["third"]["winner"], m["third"]["loser"]]


def test_k15_carry_over_only_between_teams_that_met_in_the_round_robin() -> None:
    same_pool = 0
    for seed in range(1, 9):
        data = report(PROVINCES, seed, 10)
        rounds = [m for g in stage(data, "prelim")["groups"] for r in g["rounds"]
                  for m in r["matches"] if m["away"] is not None]
        for m in stage(data, "ko")["matches"]:
            (pool_h, place_h), (pool_a, place_a) = (pool_place(data, "prelim", t)
                                                    for t in (m["home"], m["away"]))
            if pool_h != pool_a:
                assert m["carry_over"] is None
                continue
            direct = next(d for d in rounds if {d["home"], d["away"]} == {m["home"],
                                                                           m["away"]})
            margin = Fraction(str(direct["imps"][0])) - Fraction(str(direct["imps"][1]))
            if margin == 0:
                assert m["carry_over"] is None
                continue
            same_pool += 1
            winner = direct["home"] if margin > 0 else direct["away"]
            higher = m["home"] if place_h < place_a else m["away"]
            share, rule = (Fraction(1, 2), "K15.1") if winner == higher else (Fraction(1, 3),
                                                                              "K15.2")
            expected = min(abs(margin) * share, Fraction(4))  # at most half of 8 boards
            assert m["carry_over"] == {"to": winner, "imps": round(float(expected), 2),
                                       "rule": rule}
    assert same_pool > 0  # the seeds tried do bring teams of one pool together


@pytest.mark.parametrize("entries", [32, 33, 40])
def test_k2_2_a_swiss_of_6_rounds_of_10_boards_sends_ranks_1_32_on(entries: int) -> None:
    data = report(CLUBS, 1, entries)
    prelim1 = stage(data, "prelim1")
    assert prelim1["kind"] == "swiss_teams" and prelim1["boards_per_match"] == 10
    group = prelim1["groups"][0]
    assert len(group["rounds"]) == 6
    ranking = order(group)
    assert {q["entry"] for q in prelim1["qualified"]} == set(ranking[:32])
    scale = find_scale("wbf25i")
    for r in group["rounds"]:
        for m in r["matches"]:
            if m["away"] is None:  # K13.2: a bye scores 18 VP
                assert m["vp"] == [18, 0] and entries % 2
                continue
            assert m["vp"] == list(scale.convert(m["imps"][0] - m["imps"][1], 10))


def test_k2_2_fewer_than_32_clubs_is_an_error() -> None:
    with pytest.raises(CompetitionError, match=r"K2.2: .*at least 32 entries, not 20"):
        simulated(CLUBS, 1, 20)


@pytest.mark.parametrize("seed", [1, 2])
def test_k2_3_pool_a_holds_preliminary_places_1_32_28_24_20_16_12_8(seed: int) -> None:
    data = report(CLUBS, seed, 36)
    ranking = order(stage(data, "prelim1")["groups"][0])
    pools = {g["name"]: g["entries"] for g in stage(data, "prelim2")["groups"]}
    table = {"A": (1, 32, 28, 24, 20, 16, 12, 8), "B": (2, 31, 27, 23, 19, 15, 11, 7),
             "C": (3, 30, 26, 22, 18, 14, 10, 6), "D": (4, 29, 25, 21, 17, 13, 9, 5)}
    for pool, places in table.items():
        assert pools[pool] == [ranking[p - 1] for p in places]
    for group in stage(data, "prelim2")["groups"]:
        assert set(meetings(group).values()) == {1} and len(meetings(group)) == 28


@pytest.mark.parametrize("seed", [1, 2])
def test_k2_1_k2_4_to_k2_7_the_knock_out_as_written(seed: int) -> None:
    data = report(CLUBS, seed, 32)
    assert [s["id"] for s in data["stages"]] == ["prelim1", "prelim2", "ko"]  # K2.1
    rounds = list(dict.fromkeys(m["round"] for m in stage(data, "ko")["matches"]))
    assert rounds == ["round of 16", "quarter-final", "semi-final", "final", "third place"]
    label = {}
    for group in stage(data, "prelim2")["groups"]:
        for place, team in enumerate(order(group)[:4], start=1):
            label[team] = f"{group['name']}{place}"
    m = {x["id"]: x for x in stage(data, "ko")["matches"]}
    written = {"d1": ("A1", "B4"), "d2": ("D2", "C3"), "d3": ("D1", "C4"), "d4": ("A2", "B3"),
               "d5": ("B1", "A4"), "d6": ("C2", "D3"), "d7": ("C1", "D4"), "d8": ("B2", "A3")}
    for ident, pair in written.items():
        assert (label[m[ident]["home"]], label[m[ident]["away"]]) == pair
        assert (m[ident]["boards"], m[ident]["segments"]) == (16, 1)
    for ident, (x, y) in {"e1": ("d1", "d2"), "e2": ("d3", "d4"), "e3": ("d5", "d6"),
                          "e4": ("d7", "d8"), "f1": ("e1", "e2"), "f2": ("e3", "e4"),
                          "final": ("f1", "f2")}.items():
        assert {m[ident]["home"], m[ident]["away"]} == {m[x]["winner"], m[y]["winner"]}
        assert (m[ident]["boards"], m[ident]["segments"]) == (20, 2)  # 2 x 10
    assert {m["third"]["home"], m["third"]["away"]} == {m["f1"]["loser"], m["f2"]["loser"]}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_k16_1_k16_2_k16_4_swiss_pairing(seed: int) -> None:
    group = stage(report(CLUBS, seed, 33), "prelim1")["groups"][0]
    rounds = group["rounds"]
    first = [(m["home"], m["away"]) for m in rounds[0]["matches"] if m["away"]]
    assert first == [(2 * i + 1, 2 * i + 2) for i in range(16)]  # K16.2: by draw number
    seen: set[frozenset[int]] = set()
    for r in rounds[:-1]:  # K16.1: no team meets another twice before the last round
        for m in r["matches"]:
            if m["away"] is not None:
                pair = frozenset((m["home"], m["away"]))
                assert pair not in seen
                seen.add(pair)
    byes = [m["home"] for r in rounds for m in r["matches"] if m["away"] is None]
    assert len(byes) == 6 and len(set(byes)) == 6  # an odd field: a different bye each round


@pytest.mark.parametrize(("entries", "kind", "groups"), [
    (5, "round_robin", 1), (13, "round_robin", 1), (14, "round_robin", 2),
    (16, "round_robin", 2), (17, "swiss_teams", 1), (24, "swiss_teams", 1)])
def test_k3_1_k3_2_k3_3_a_preliminary_chosen_by_the_number_of_teams_then_the_final(
        entries: int, kind: str, groups: int) -> None:
    data = report(WOMEN, 1, entries)
    prelim = stage(data, "prelim")
    assert (prelim["kind"], len(prelim["groups"])) == (kind, groups)
    assert prelim["boards_per_match"] == (10 if kind == "swiss_teams" else
                                          8 if groups == 2 else 12)
    final = stage(data, "final")
    size = 4 if entries <= 6 else 6
    assert len(final["groups"][0]["entries"]) == size  # K3.3: the best 4 to 6
    if groups == 2:
        best = {e for g in prelim["groups"] for e in order(g)[:3]}
    else:
        best = set(order(prelim["groups"][0])[:size])
    assert set(final["groups"][0]["entries"]) == best
    assert final["kind"] == "round_robin" and final["boards_per_match"] == 12
    assert all(line["carried_vp"] == 0 for line in final["groups"][0]["standings"])
    places = [p["entry"] for p in data["final_places"]]
    assert places[:size] == order(final["groups"][0])


def test_k7_1_k9_1_university_teams_run_as_k3_with_restricted_systems() -> None:
    data = report("gabsi-university-teams.toml", 1, 15)
    assert data["restricted_systems"] is True
    assert {"K7.1", "K9.1"} <= set(data["rules"])
    assert len(stage(data, "prelim")["groups"]) == 2  # 14-16 teams: two pools (K3.2)


@pytest.mark.parametrize("seed", [1, 2])
def test_kc2_1_kc2_2_kc2_3_the_best_7_and_a_wild_card_play_a_final_without_carry_over(
        seed: int) -> None:
    data = report(POWER, seed, 14)
    prelim = stage(data, "prelim")
    assert (prelim["kind"], len(prelim["groups"][0]["rounds"])) == ("swiss_teams", 6)
    ranking = order(prelim["groups"][0])
    final = stage(data, "final")["groups"][0]
    assert set(final["entries"]) == set(ranking[:8])  # by default the 8th is the wild card
    wild = [q for q in prelim["qualified"] if "organisers" in q["why"]]
    assert [q["entry"] for q in wild] == [ranking[7]] and wild[0]["why"].startswith("KC2.2")
    assert all(line["carried_vp"] == 0 for line in final["standings"])  # KC2.3
    assert len(final["rounds"]) == 7 and set(meetings(final).values()) == {1}


def test_kc2_2_the_organisers_name_their_team_and_cannot_name_a_qualifier() -> None:
    ranking = order(stage(report(POWER, 1, 14), "prelim")["groups"][0])
    preset = load_preset(SEEDS / POWER)
    from server.competition.report import to_json

    named = to_json(simulate(preset, seed=1, entries=14,
                             choices={"final": {"wild card": [ranking[12]]}}))
    assert ranking[12] in stage(named, "final")["groups"][0]["entries"]
    assert ranking[7] not in stage(named, "final")["groups"][0]["entries"]
    with pytest.raises(CompetitionError, match=r"KC2.2: .* may not be the wild card"):
        simulate(preset, seed=1, entries=14, choices={"final": {"wild card": [ranking[0]]}})


def test_k17_1_standings_are_by_vp_and_level_teams_say_what_separated_them() -> None:
    level = 0
    for seed in range(1, 6):
        for group in stage(report(CLUBS, seed, 32), "prelim2")["groups"]:
            lines = group["standings"]
            assert [line["vp"] for line in lines] == sorted((line["vp"] for line in lines),
                                                            reverse=True)
            for upper, lower in pairwise(lines):
                if upper["vp"] == lower["vp"]:
                    level += 1
                    assert upper.get("tie_break")
                    assert any(word in upper["tie_break"] for word in (
                        "IMP quotient", "direct match", "matches among"))
    assert level > 0  # the seeds tried do leave teams level on VP
