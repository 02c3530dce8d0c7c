"""Knock-out brackets with choosers (K1.4, D4.3, D4.7, D5.7-9), placement matches, tie rules.

The brackets are the regulations' own, as their presets write them."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.formats import PresetError, load_preset, parse_preset
from server.movements import TieRule, decide
from server.movements.knockout import BracketRule, BracketState

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def bracket_of(preset: str, stage: str) -> BracketRule:
    competition = load_preset(SEEDS / preset).competition
    assert competition is not None
    bracket = next(s.bracket for s in competition.stages if s.id == stage)
    assert bracket is not None
    return bracket


K1_4 = bracket_of("gabsi-province-teams.toml", "ko")
K2_4 = bracket_of("gabsi-club-teams.toml", "ko")
D4_3 = bracket_of("pzbs-league-1.toml", "playoff")
D4_7 = bracket_of("pzbs-league-1.toml", "barrage")
D5_7 = bracket_of("pzbs-league-2.toml", "playoff")
D5_8 = bracket_of("pzbs-league-2.toml", "relegation")

POOLS = {f"{pool}{rank}": f"{pool.lower()}{rank}" for pool in "ABCD" for rank in range(1, 5)}


def pairs(state: BracketState, *ids: str) -> list[tuple[object, object]]:
    by_id = {m.id: (m.home, m.away) for m in state.matches}
    return [by_id[i] for i in ids]


def test_k1_4_rank_1_of_each_pool_chooses_from_3_and_4_of_the_other_pool() -> None:
    state = K1_4.resolve({k: v for k, v in POOLS.items() if k[0] in "AB"})
    assert [(p.id, p.chooser, p.allowed) for p in state.pending] == [
        ("A1 chooses", "a1", ("b3", "b4")),
        ("B1 chooses", "b1", ("a3", "a4")),
    ]
    assert state.matches == ()


def test_k1_4_quarter_finals_exactly_as_written() -> None:
    """c1 A1 v B3/4, c2 B2 v A3/4, c3 B1 v A3/4, c4 A2 v B3/4; rank 2 meets the team not
    chosen."""
    placed = {k: v for k, v in POOLS.items() if k[0] in "AB"}
    state = K1_4.resolve(placed, choices={"A1 chooses": "b4", "B1 chooses": "a3"})
    assert pairs(state, "c1", "c2", "c3", "c4") == [
        ("a1", "b4"), ("b2", "a4"), ("b1", "a3"), ("a2", "b3")]
    assert {m.boards for m in state.matches} == {32}  # 2 x 16 boards
    assert state.pending == () and state.problems == ()


def test_k1_5_k1_6_semi_finals_and_final_as_written() -> None:
    placed = {k: v for k, v in POOLS.items() if k[0] in "AB"}
    results = {"c1": "a1", "c2": "a4", "c3": "a3", "c4": "a2"}
    state = K1_4.resolve(placed, results, {"A1 chooses": "b4", "B1 chooses": "a3"})
    assert pairs(state, "d1", "d2") == [("a1", "a4"), ("a3", "a2")]
    semi = next(m for m in state.matches if m.id == "d1")
    assert (semi.boards, semi.segments) == (12, 2)  # 2 x 6 boards, as written
    state = K1_4.resolve(placed, {**results, "d1": "a4", "d2": "a2", "final": "a2",
                                  "third": "a1"},
                         {"A1 chooses": "b4", "B1 chooses": "a3"})
    assert pairs(state, "final", "third") == [("a4", "a2"), ("a1", "a3")]
    assert dict(state.places) == {1: "a2", 2: "a4", 3: "a1", 4: "a3"}


def test_k2_4_round_of_16_exactly_as_written() -> None:
    state = K2_4.resolve(POOLS)
    assert pairs(state, *(f"d{i}" for i in range(1, 9))) == [
        ("a1", "b4"), ("d2", "c3"), ("d1", "c4"), ("a2", "b3"),
        ("b1", "a4"), ("c2", "d3"), ("c1", "d4"), ("b2", "a3")]
    assert {m.boards for m in state.matches} == {16}


def test_k2_5_k2_6_k2_7_quarter_finals_semi_finals_final() -> None:
    first = {f"d{i}": home for i, home in enumerate(
        ["a1", "d2", "d1", "a2", "b1", "c2", "c1", "b2"], start=1)}
    state = K2_4.resolve(POOLS, first)
    assert pairs(state, "e1", "e2", "e3", "e4") == [
        ("a1", "d2"), ("d1", "a2"), ("b1", "c2"), ("c1", "b2")]
    later = {**first, "e1": "a1", "e2": "a2", "e3": "c2", "e4": "c1", "f1": "a2", "f2": "c2",
             "final": "c2", "third": "a1"}
    state = K2_4.resolve(POOLS, later)
    assert pairs(state, "f1", "f2", "final", "third") == [
        ("a1", "a2"), ("c2", "c1"), ("a2", "c2"), ("a1", "c1")]
    assert dict(state.places) == {1: "c2", 2: "a2", 3: "a1", 4: "c1"}


PLACES = {str(p): f"t{p}" for p in range(1, 13)}


def test_d4_3_the_higher_placed_team_chooses_in_each_line() -> None:
    state = D4_3.resolve(PLACES)
    assert [(p.chooser, p.allowed) for p in state.pending] == [
        ("t1", ("t3", "t4")), ("t5", ("t7", "t8")), ("t9", ("t11", "t12"))]


def test_d4_3_lines_places_and_barrage() -> None:
    choices = {"1 chooses": "t4", "5 chooses": "t8", "9 chooses": "t11"}
    results = {"p1": "t4", "p2": "t2", "p3": "t5", "p4": "t7", "p7": "t9", "p8": "t12"}
    state = D4_3.resolve(PLACES, results, choices)
    assert pairs(state, "p1", "p2", "p3", "p4", "p7", "p8") == [
        ("t1", "t4"), ("t2", "t3"), ("t5", "t8"), ("t6", "t7"), ("t9", "t11"), ("t10", "t12")]
    # Line 3: the losers of line 1 meet the winners of line 2; the better-placed loser chooses.
    assert [(p.id, p.chooser, p.allowed) for p in state.pending] == [
        ("line 3 choice", "t1", ("t5", "t7"))]
    assert {7: "t6", 8: "t8", 9: "t9", 10: "t12"}.items() <= dict(state.places).items()
    assert state.outcomes["barrage (D4.7)"] == ("t10", "t11")
    carry = next(m for m in state.matches if m.id == "p1")
    assert (carry.boards, carry.segments, carry.carry_over, carry.higher) == (72, 6, 7.2, "t1")


def test_d4_5_semi_final_choice_final_and_third_place() -> None:
    choices = {"1 chooses": "t4", "5 chooses": "t8", "9 chooses": "t11", "line 3 choice": "t7"}
    results = {"p1": "t4", "p2": "t2", "p3": "t5", "p4": "t7", "p5": "t7", "p6": "t5"}
    state = D4_3.resolve(PLACES, results, choices)
    assert pairs(state, "p5", "p6") == [("t1", "t7"), ("t3", "t5")]
    assert {5: "t1", 6: "t3"}.items() <= dict(state.places).items()  # by the 15-match ranking
    semi = next(p for p in state.pending if p.id == "semi-final choice")
    assert (semi.chooser, semi.allowed) == ("t2", ("t4", "t5", "t7"))
    state = D4_3.resolve(PLACES, {**results, "s1": "t2", "s2": "t4", "final": "t4",
                                  "third": "t7"},
                         {**choices, "semi-final choice": "t5"})
    assert pairs(state, "s1", "s2", "final", "third") == [
        ("t2", "t5"), ("t4", "t7"), ("t2", "t4"), ("t5", "t7")]
    final = next(m for m in state.matches if m.id == "final")
    third = next(m for m in state.matches if m.id == "third")
    assert (final.boards, final.carry_over) == (96, 9.6)  # 8 x 12, c/o 9.6
    assert (third.boards, third.carry_over) == (48, 4.8)  # 4 x 12, c/o 4.8
    assert {1: "t4", 2: "t2", 3: "t7", 4: "t5"}.items() <= dict(state.places).items()


BARRAGE = {"I1": "L9", "I2": "L11", "I3": "L13", "I4": "L14",
           "II1": "NW", "II2": "NE", "II3": "SW", "II4": "SE"}
BARRAGE_CHOICES = {"I1 chooses": "SE", "I2 chooses": "NW", "I3 chooses": "SW"}


def test_d4_7_league_i_teams_choose_in_turn_from_what_is_left() -> None:
    state = D4_7.resolve(BARRAGE, choices={"I1 chooses": "SE"})
    assert [(p.chooser, p.allowed) for p in state.pending] == [("L11", ("NW", "NE", "SW"))]
    state = D4_7.resolve(BARRAGE, choices=BARRAGE_CHOICES)
    assert pairs(state, "b1", "b2", "b3", "b4") == [
        ("L9", "SE"), ("L11", "NW"), ("L13", "SW"), ("L14", "NE")]


def test_d4_7_the_highest_ranked_league_i_winner_chooses_in_round_2() -> None:
    results = {"b1": "SE", "b2": "L11", "b3": "SW", "b4": "L14"}
    state = D4_7.resolve(BARRAGE, results, BARRAGE_CHOICES)
    assert [(p.chooser, p.allowed) for p in state.pending] == [("L11", ("L14", "SE", "SW"))]
    state = D4_7.resolve(BARRAGE, results, {**BARRAGE_CHOICES, "second round": "SW"})
    x1, x2 = (m for m in state.matches if m.id in ("x1", "x2"))
    # Carry-over: League I over League II; League II v League II: the one that beat the
    # higher-ranked League I team (SE beat L9).
    assert (x1.home, x1.away, x1.higher) == ("L11", "SW", "L11")
    assert (x2.home, x2.away, x2.higher) == ("L14", "SE", "L14")


def test_d4_7_if_all_league_i_teams_lost_the_team_that_beat_the_best_one_chooses() -> None:
    results = {"b1": "SE", "b2": "NW", "b3": "SW", "b4": "NE"}
    state = D4_7.resolve(BARRAGE, results, BARRAGE_CHOICES)
    assert [(p.chooser, p.allowed) for p in state.pending] == [("SE", ("NW", "SW", "NE"))]
    state = D4_7.resolve(BARRAGE, results, {**BARRAGE_CHOICES, "second round": "NE"})
    x2 = next(m for m in state.matches if m.id == "x2")
    assert (x2.home, x2.away, x2.higher) == ("NW", "SW", "NW")  # NW beat L11, SW beat L13


def test_d5_7_first_chooses_its_semi_final_opponent_from_3_and_4() -> None:
    seeds = {str(p): f"g{p}" for p in range(1, 5)}
    state = D5_7.resolve(seeds)
    assert [(p.chooser, p.allowed) for p in state.pending] == [("g1", ("g3", "g4"))]
    state = D5_7.resolve(seeds, {"s1": "g4", "s2": "g2", "final": "g2"}, {"1 chooses": "g4"})
    assert pairs(state, "s1", "s2", "final") == [("g1", "g4"), ("g2", "g3"), ("g4", "g2")]
    assert dict(state.places) == {1: "g2", 2: "g4", 3: "g1", 4: "g3"}


def test_d5_8_d5_9_play_off_and_relegation_choices() -> None:
    seeds = {str(p): f"g{p}" for p in range(9, 15)}
    state = D5_8.resolve(seeds)
    assert [(p.chooser, p.allowed) for p in state.pending] == [("g9", ("g11", "g12"))]
    state = D5_8.resolve(seeds, {"q1": "g12", "q2": "g10"}, {"9 chooses": "g12"})
    # D5.9: the higher-placed (after 20 matches) of the two losers chooses from 13 and 14.
    assert [(p.id, p.chooser, p.allowed) for p in state.pending] == [
        ("relegation choice", "g9", ("g13", "g14"))]
    state = D5_8.resolve(seeds, {"q1": "g12", "q2": "g10", "r1": "g14", "r2": "g11"},
                         {"9 chooses": "g12", "relegation choice": "g14"})
    assert pairs(state, "r1", "r2") == [("g9", "g14"), ("g11", "g13")]
    assert dict(state.places) == {9: "g10", 10: "g12", 11: "g11", 12: "g14",
                                  13: "g9", 14: "g13"}


def test_an_invalid_choice_or_result_is_a_problem_not_a_crash() -> None:
    placed = {k: v for k, v in POOLS.items() if k[0] in "AB"}
    state = K1_4.resolve(placed, {"c1": "b2"}, {"A1 chooses": "b1", "Z9": "x"})
    assert "choice A1 chooses: 'b1' is not one of ['b3', 'b4']" in state.problems
    assert "ko: unknown choice 'Z9'" in state.problems
    assert all(m.id != "c1" for m in state.matches)


BRACKET = """
[event]
name = "cup"
kind = "teams"
[[stage]]
id = "ko"
kind = "knockout"
seeds = ["1", "2"]
  [[stage.match]]
  id = "final"
  home = "1"
  away = "%s"
  boards = 16
"""


def test_a_bracket_that_names_a_missing_seed_match_or_choice_is_refused() -> None:
    assert parse_preset(BRACKET % "2").competition is not None
    for bad, reason in (("3", "'3' is not one of the seeds"), ("winner:semi", "no match 'semi'"),
                        ("chosen:1 chooses", "no choice '1 chooses'")):
        with pytest.raises(PresetError, match=reason):
            parse_preset(BRACKET % bad)


def test_k17_2_four_extra_boards_then_sudden_death() -> None:
    assert decide(TieRule.EXTRA_BOARDS, "A", "B", [(40, 31)]).winner == "A"
    level = decide(TieRule.EXTRA_BOARDS, "A", "B", [(40, 40)])
    assert (level.winner, level.play) == (None, 4)
    still = decide(TieRule.EXTRA_BOARDS, "A", "B", [(40, 40), (5, 5)])
    assert (still.winner, still.play) == (None, 1)
    again = decide(TieRule.EXTRA_BOARDS, "A", "B", [(40, 40), (5, 5), (0, 0)])
    assert (again.winner, again.play) == (None, 1)
    done = decide(TieRule.EXTRA_BOARDS, "A", "B", [(40, 40), (5, 5), (0, 0), (0, 10)])
    assert (done.winner, done.play, done.reason) == ("B", 0, "on sudden-death board 2")


def test_d1_4_a_tied_match_goes_to_the_higher_placed_team() -> None:
    tie = decide(TieRule.HIGHER_PLACED, "t3", "t6", [(150.2, 150.2)])
    assert (tie.winner, tie.play) == ("t3", 0)
    assert D4_3.tie is TieRule.HIGHER_PLACED and K2_4.tie is TieRule.EXTRA_BOARDS
