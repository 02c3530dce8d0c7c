"""The GABSI pairs championships (K4-K8) and the Bupati Swiss pairs (KC1) played whole by the
simulator, rule by rule."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import pairwise

import pytest

from server.bridge import Board, Strain
from server.bridge.mini import K8_2, MiniKind
from server.competition import Competition, Entry, Inputs, SessionFixture
from server.competition.robots import Robots
from server.formats import load_preset, parse_preset
from server.formats.competition import CompetitionError
from server.scoring import find_scale
from server.scoring.butler import butler
from tests.unit.competitions import SEEDS, order, report, simulated, stage

OPEN = "gabsi-open-pairs.toml"


def percent_order(group: dict) -> list[float]:
    return [line["percent"] for line in group["standings"]]


@pytest.mark.parametrize(("entries", "pools"), [(30, 1), (70, 2), (90, 3)])
def test_k4_1_pools_by_draw_and_two_sessions_of_22_to_28_boards(entries: int,
                                                                pools: int) -> None:
    prelim = stage(report(OPEN, 1, entries), "prelim")
    assert prelim["kind"] == "pairs" and prelim["sessions"] == 2
    assert len(prelim["groups"]) == pools
    assert sorted(e for g in prelim["groups"] for e in g["entries"]) == list(
        range(1, entries + 1))
    assert 22 <= prelim["boards_per_match"] <= 28
    for group in prelim["groups"]:
        assert percent_order(group) == sorted(percent_order(group), reverse=True)
        for line in group["standings"]:
            assert len(line["sessions"]) == 2  # the two sessions add up


@pytest.mark.parametrize("seed", [1, 2])
def test_k4_2_the_24_best_and_at_most_36_pairs_from_the_teams_play_top_integral(
        seed: int) -> None:
    data = report(OPEN, seed, 70)
    prelim = stage(data, "prelim")
    best = sorted((line for g in prelim["groups"] for line in g["standings"]),
                  key=lambda line: -line["percent"])[:24]
    semi = stage(data, "semi")
    entrants = {e for g in semi["groups"] for e in g["entries"]}
    joined = {e["id"] for e in data["entries"] if e.get("joined") == "semi"}
    assert len(joined) == 36 and {line["entry"] for line in best} == entrants - joined
    assert semi["top_integral"] is True and len(semi["groups"]) == 3  # 60 pairs: three pools
    assert {q["entry"] for q in semi["joined"]} == joined  # K4.4: named as joining
    assert all(q["why"].startswith("K4.2") for q in semi["joined"])


TWO_POOLS = """
[event]
name = "top integral"
kind = "pairs"
[[stage]]
id = "pools"
kind = "pairs"
movement = "howell"
session_boards = [1, 99]
boards_per_round = 1
top_integral = %s
groups = { count = 2 }
"""


def test_k4_2_top_integral_scores_every_pool_against_one_field() -> None:
    """The same boards in both pools: top integral compares every result with the whole
    field's, pool by pool only with the pool's."""
    from server.scoring import Comparison, score_pairs

    for integral, comparison in (("true", Comparison.TOP_INTEGRAL),
                                 ("false", Comparison.SECTION)):
        preset = parse_preset(TWO_POOLS % integral)
        assert preset.competition is not None
        competition = Competition(preset.competition,
                                  [Entry(i, f"P{i}") for i in range(1, 9)])
        inputs = Inputs()
        for fixture in competition.view(inputs).fixtures:
            assert isinstance(fixture, SessionFixture)
            inputs.sessions[fixture.key] = Robots(3).play_session(fixture)
        lines = [line for key in sorted(inputs.sessions) for line in inputs.sessions[key]]
        assert {line.section for line in lines} == {"A", "B"}
        expected = {int(s.pair.number): s.percentage
                    for s in score_pairs(lines, comparison=comparison).standings}
        done = competition.view(inputs).stage("pools").progress
        assert done is not None
        assert {e: done.totals[e] for e in expected} == pytest.approx(expected, abs=0.01)
        if comparison is Comparison.SECTION:  # each pool shares out its own 50%
            for group in done.order.values():
                mean = sum(done.totals[e] for e in group) / len(group)
                assert mean == pytest.approx(50, abs=0.01)


@pytest.mark.parametrize("seed", [1, 2])
def test_k4_3_the_final_is_a_barometer_ranked_after_every_round(seed: int) -> None:
    data = report(OPEN, seed, 70)
    semi = stage(data, "semi")
    best = sorted((line for g in semi["groups"] for line in g["standings"]),
                  key=lambda line: -line["percent"])[:12]
    final = stage(data, "final")
    assert final["kind"] == "barometer"
    entrants = set(final["groups"][0]["entries"])
    joined = {e["id"] for e in data["entries"] if e.get("joined") == "final"}
    assert len(joined) == 12 and entrants == {line["entry"] for line in best} | joined
    after = final["groups"][0]["after_rounds"]
    assert [r["round"] for r in after] == list(range(1, len(after) + 1))
    assert len(after) == 23  # 24 pairs: every other pair met once
    assert after[-1]["order"] == order(final["groups"][0])
    places = [p["entry"] for p in data["final_places"][:24]]
    assert places == order(final["groups"][0])


def test_k4_2_fewer_than_24_pairs_cannot_fill_the_semi_final() -> None:
    with pytest.raises(CompetitionError, match=r"K4.2"):
        simulated(OPEN, 1, 20)


@pytest.mark.parametrize("preset", ["gabsi-women-pairs.toml", "gabsi-junior-pairs.toml",
                                    "gabsi-university-pairs.toml"])
@pytest.mark.parametrize(("entries", "finalists"), [(12, 10), (30, 12)])
def test_k5_1_k7_2_two_sessions_of_22_24_boards_then_a_final_of_the_best_10_12(
        preset: str, entries: int, finalists: int) -> None:
    data = report(preset, 1, entries)
    prelim, final = stage(data, "prelim"), stage(data, "final")
    for s in (prelim, final):
        assert s["sessions"] == 2 and 22 <= s["boards_per_match"] <= 24
    best = order(prelim["groups"][0])[:finalists]
    assert sorted(final["groups"][0]["entries"]) == sorted(best)
    assert [p["entry"] for p in data["final_places"][:finalists]] == order(final["groups"][0])
    assert [p["entry"] for p in data["final_places"][finalists:]] == order(
        prelim["groups"][0])[finalists:]


@pytest.mark.parametrize("preset", ["gabsi-senior-pairs.toml", "gabsi-mixed-pairs.toml",
                                    "gabsi-university-mixed-pairs.toml", "gabsi-school.toml"])
def test_k6_1_k7_3_k8_1_two_sessions_and_no_final(preset: str) -> None:
    data = report(preset, 2, 26)
    assert len(data["stages"]) == 1
    only = data["stages"][0]
    assert only["sessions"] == 2
    assert [p["entry"] for p in data["final_places"]] == order(only["groups"][0])


@pytest.mark.parametrize(("preset", "rule"), [("gabsi-mixed-pairs.toml", "K6.2"),
                                              ("gabsi-university-mixed-pairs.toml", "K7.3")])
def test_k6_2_k7_3_mixed_pairs_presets_say_the_woman_sits_north_or_west(preset: str,
                                                                        rule: str) -> None:
    loaded = load_preset(SEEDS / preset)
    assert loaded.mixed is True and rule in loaded.rules


@pytest.mark.parametrize(("preset", "restricted"), [
    ("gabsi-junior-pairs.toml", True), ("gabsi-university-pairs.toml", True),
    ("gabsi-university-mixed-pairs.toml", True), ("gabsi-university-teams.toml", True),
    ("gabsi-school.toml", True), ("gabsi-women-pairs.toml", False),
    ("gabsi-open-pairs.toml", False)])
def test_k9_1_no_psychics_in_university_junior_and_school_events(preset: str,
                                                                 restricted: bool) -> None:
    loaded = load_preset(SEEDS / preset)
    assert loaded.restricted_systems is restricted
    assert ("K9.1" in loaded.rules) is restricted


def test_k8_2_mini_bridge_robots_bid_only_partscores_and_games() -> None:
    sim = simulated("gabsi-school.toml", 3, 20)
    assert sim.spec.mini_bridge
    possible: dict[int, set[int]] = defaultdict(set)
    for board in range(1, 40):
        vulnerability = Board(board).vulnerability
        for strain in Strain:
            for kind in MiniKind:
                for tricks in range(14):
                    for vulnerable in (False, True):
                        points = K8_2.score(kind, strain, vulnerable, tricks)
                        possible[(board - 1) % 16].update((points, -points))
        possible[(board - 1) % 16].add(0)
        del vulnerability
    lines = [line for lines in sim.inputs.sessions.values() for line in lines]
    assert lines
    for line in lines:
        assert line.result.ns_score in possible[(line.board - 1) % 16]
    # No slam, no doubled contract: every score is one a partscore or a game can make.
    assert max(abs(line.result.ns_score or 0) for line in lines) < 1000


BUPATI = "gabsi-bupati-swiss-pairs.toml"


@pytest.mark.parametrize(("seed", "entries"), [(1, 40), (2, 31), (3, 12)])
def test_kc1_1_kc1_2_six_rounds_of_8_boards_imped_against_the_field_in_vp(
        seed: int, entries: int) -> None:
    sim = simulated(BUPATI, seed, entries)
    data = report(BUPATI, seed, entries)
    swiss = stage(data, "swiss")
    assert swiss["kind"] == "swiss_pairs" and swiss["boards_per_match"] == 8
    rounds = swiss["groups"][0]["rounds"]
    assert len(rounds) == 6
    scale = find_scale("wbf25")
    for r in rounds:
        lines = sim.inputs.sessions[f"swiss/r{r['round']}"]
        by_board = defaultdict(list)
        for line in lines:
            by_board[line.board].append(line)
        assert len(by_board) == 8  # every table the same 8 boards
        datum_imps: Counter[tuple[int, int]] = Counter()
        for board_lines in by_board.values():
            _, imps = butler([line.result.ns_score for line in board_lines])
            for line, imp in zip(board_lines, imps, strict=True):
                datum_imps[line.ns_pair, line.ew_pair] += imp
        for m in r["matches"]:
            if m["away"] is None:
                assert m["vp"] == [18, 0]  # K13.2: a bye
                continue
            margin = datum_imps[m["home"], m["away"]]
            assert m["imps"][0] - m["imps"][1] == margin
            assert m["vp"] == list(scale.convert(margin, 8))


@pytest.mark.parametrize(("seed", "entries"), [(1, 40), (2, 31), (4, 20)])
def test_kc1_3_pairing_by_number_then_k_v_k_plus_n_over_2_then_delayed(seed: int,
                                                                       entries: int) -> None:
    rounds = stage(report(BUPATI, seed, entries), "swiss")["groups"][0]["rounds"]
    first = [(m["home"], m["away"]) for m in rounds[0]["matches"] if m["away"]]
    assert first == [(2 * i + 1, 2 * i + 2) for i in range(entries // 2)]
    half = (entries + 1) // 2
    second = [(m["home"], m["away"]) for m in rounds[1]["matches"] if m["away"]]
    assert second[:3] == [(1, 1 + half), (2, 2 + half), (3, 3 + half)]  # 40 pairs: 1 v 21
    seen: set[frozenset[int]] = set()
    for r in rounds[:5]:  # K16.1 applies: no pair meets another twice before round 6
        for m in r["matches"]:
            if m["away"]:
                pair = frozenset((m["home"], m["away"]))
                assert pair not in seen
                seen.add(pair)


def test_kc1_3_delayed_pairing_pairs_round_n_plus_1_before_round_n_is_played() -> None:
    preset = load_preset(SEEDS / BUPATI)
    assert preset.competition is not None
    competition = Competition(preset.competition, [Entry(i, f"P{i}") for i in range(1, 21)])
    robots = Robots(5)
    inputs = Inputs()
    offered: list[list[str]] = []
    while True:
        view = competition.view(inputs)
        if view.complete:
            break
        keys = [f.key for f in view.fixtures]
        offered.append(keys)
        # Play only the earliest round offered: the later one waits, already paired.
        earliest = min(view.fixtures, key=lambda f: int(f.key.rsplit("r", 1)[1]))
        assert isinstance(earliest, SessionFixture)
        inputs.sessions[earliest.key] = robots.play_session(earliest)
    assert offered[0] == ["swiss/r1", "swiss/r2"]  # round 2 goes by number
    assert offered[1] == ["swiss/r2", "swiss/r3"]  # round 3 on round 1's IMPs
    assert offered[2] == ["swiss/r3", "swiss/r4"]
    assert offered[3] == ["swiss/r4", "swiss/r5"]
    assert offered[4] == ["swiss/r5"]  # round 6 is paired on rounds 1-5: it waits
    assert offered[5] == ["swiss/r6"]


def test_kc1_4_level_pairs_by_direct_match_or_total_imps() -> None:
    level = 0
    for seed in range(1, 9):
        lines = stage(report(BUPATI, seed, 20), "swiss")["groups"][0]["standings"]
        assert [line["vp"] for line in lines] == sorted((line["vp"] for line in lines),
                                                        reverse=True)
        for upper, lower in pairwise(lines):
            if upper["vp"] == lower["vp"]:
                level += 1
                reason = upper.get("tie_break", "")
                assert "direct match" in reason or "total IMPs" in reason or (not reason and \
                    upper["imps"][0] - upper["imps"][1] == lower["imps"][0] - lower["imps"][1])
    assert level > 0


def test_k17_3_level_pairs_are_separated_by_k17_3_and_say_how() -> None:
    found = 0
    for seed in range(1, 12):
        data = report("gabsi-senior-pairs.toml", seed, 22)
        for line in data["stages"][0]["groups"][0]["standings"]:
            if line.get("tie_break"):
                found += 1
                assert "K17.3" in line["tie_break"]
    assert found > 0
