"""D5.2: League II's Butler ranking of the pairs over all its groups together.

Every group plays the same deals (D1.2), so the combined ranking takes each deal's datum from
every table of every group that played it, and says what it holds while the groups play: how
many groups have results in it and the last round all of those have finished. Worked by hand on
a competition of two groups of two teams and one board; the simulated League II checks the
whole of it.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.competition import Competition, Inputs, MatchFixture, MatchPlay
from server.competition.flow import CompetitionView
from server.competition.model import CombinedButler
from server.competition.simulate import make_entries
from server.formats import PresetError, parse_preset
from server.scoring.butler import LeagueTable, league_butler
from server.scoring.teams import BoardResult
from tests.unit.competitions import SEEDS, report, stage

TWO_GROUPS = """
[event]
name = "two groups on the same deals"
kind = "teams"
[entries]
count = {count}
groups = {groups}
[scoring]
vp_scale = "wbf2013"
[[stage]]
id = "rr"
kind = "round_robin"
boards_per_match = {boards}
groups = {{ fill = "entry-groups" }}
butler = {butler}
"""


def _preset(*, teams: int = 4, groups: tuple[str, ...] = ("A", "B"), boards: int = 1,
            butler: str = '"groups-and-combined"') -> str:
    listed = "[" + ", ".join(f'"{g}"' for g in groups) + "]"
    return TWO_GROUPS.format(count=teams, groups=listed, boards=boards, butler=butler)


def _played(text: str, scores: Mapping[tuple[str, int], list[tuple[int, int]]],
            teams: int) -> CompetitionView:
    """The competition with each (group, round)'s match played board by board as ``scores``
    says ((open room NS, closed room NS) a board); the other matches not played."""
    preset = parse_preset(text)
    assert preset.competition is not None
    competition = Competition(preset.competition, make_entries(preset.competition, teams))
    inputs = Inputs()
    for fixture in competition.view(inputs).fixtures:
        assert isinstance(fixture, MatchFixture)
        given_scores = scores.get((fixture.group, fixture.round))
        if given_scores is not None:
            inputs.matches[fixture.key] = MatchPlay(tuple(
                BoardResult(i, open_ns, closed_ns)
                for i, (open_ns, closed_ns) in enumerate(given_scores, start=1)))
    return competition.view(inputs)


def _combined(view: CompetitionView) -> CombinedButler:
    progress = view.stage("rr").progress
    assert progress is not None and progress.butler_combined is not None
    return progress.butler_combined


def test_d5_2_combined_butler_datum_from_every_group() -> None:
    # Group A (teams 1 v 2): 420 in the open room, 450 in the closed; group B (3 v 4): -50 and
    # 420. The datum of the four tables drops -50 and 450 (D4.1's trimmed mean): 420.
    # IMPs against it: 420 -> 0, 450 -> +1 (30 points), -50 -> -10 (470 points).
    view = _played(_preset(), {("A", 1): [(420, 450)], ("B", 1): [(-50, 420)]}, 4)
    combined = _combined(view)
    lines = {(b.entry, b.pair): (b.place, b.boards, b.imps) for b in combined.lines}
    assert lines == {
        (4, "1"): (1, 1, 10.0),   # East-West against -50
        (2, "2"): (2, 1, 1.0),    # North-South in the closed room, 450
        (1, "1"): (3, 1, 0.0), (2, "1"): (3, 1, 0.0),   # 420 in group A's open room
        (4, "2"): (3, 1, 0.0), (3, "2"): (3, 1, 0.0),   # 420 in group B's closed room
        (1, "2"): (7, 1, -1.0),   # East-West against 450
        (3, "1"): (8, 1, -10.0),  # North-South, -50
    }
    assert [b.per_board for b in combined.lines] == [10.0, 1.0, 0.0, 0.0, 0.0, 0.0, -1.0, -10.0]
    assert (combined.groups, combined.of, combined.up_to_round, combined.rounds) == (2, 2, 1, 1)


def test_d5_2_combined_differs_from_group_butler() -> None:
    # Each group alone: A's datum is 440 (435 rounded away from zero), so 420 loses 1 IMP and
    # 450 gains none; B's is 190, so -50 loses 6 and 420 gains 6. Over both groups: 420.
    view = _played(_preset(), {("A", 1): [(420, 450)], ("B", 1): [(-50, 420)]}, 4)
    progress = view.stage("rr").progress
    assert progress is not None
    per_group = {(b.entry, b.pair): b.imps for g in progress.groups for b in g.butler}
    assert per_group == {(1, "1"): -1.0, (2, "1"): 1.0, (2, "2"): 0.0, (1, "2"): 0.0,
                         (3, "1"): -6.0, (4, "1"): 6.0, (4, "2"): 6.0, (3, "2"): -6.0}
    combined = {(b.entry, b.pair): b.imps for b in _combined(view).lines}
    assert combined[1, "1"] == 0.0 != per_group[1, "1"]
    assert combined[4, "2"] == 0.0 != per_group[4, "2"]


def test_d5_2_combined_says_what_it_holds_while_the_groups_play() -> None:
    # Three groups of four teams (3 rounds): A has played rounds 1 and 2, B rounds 1 and 3,
    # C nothing yet: 2 of 3 groups, every one of them finished up to round 1.
    flat = [(100, 100)]
    text = _preset(teams=12, groups=("A", "B", "C"))
    nothing = _combined(_played(text, {}, 12))
    assert (nothing.lines, nothing.groups, nothing.of, nothing.up_to_round,
            nothing.rounds) == ((), 0, 3, 0, 3)
    view = _played(text, {("A", 1): flat, ("A", 2): flat, ("B", 1): flat, ("B", 3): flat}, 12)
    combined = _combined(view)
    assert (combined.groups, combined.of, combined.up_to_round, combined.rounds) == (2, 3, 1, 3)
    assert {b.entry for b in combined.lines} == set(range(1, 9))  # groups A and B only
    assert all(b.boards == 2 for b in combined.lines)  # two matches of one board each


def test_d5_2_one_group_played_is_its_own_butler() -> None:
    view = _played(_preset(), {("A", 1): [(420, 450)]}, 4)
    combined = _combined(view)
    progress = view.stage("rr").progress
    assert progress is not None
    assert (combined.groups, combined.of) == (1, 2)
    assert combined.lines == progress.groups[0].butler


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-25, 25), st.integers(-25, 25)), min_size=4,
                max_size=4))
def test_d5_2_combined_imps_of_all_pairs_sum_to_zero_on_every_deal(
        scores: list[tuple[int, int]]) -> None:
    # Two groups of two teams, two boards: each table's North-South and East-West win and
    # lose the same IMPs against the deal's one datum, so every deal sums to 0 over all pairs.
    boards = [[(a * 10, b * 10) for a, b in scores[:2]], [(a * 10, b * 10) for a, b in scores[2:]]]
    view = _played(_preset(boards=2), {("A", 1): boards[0], ("B", 1): boards[1]}, 4)
    combined = _combined(view)
    assert len(combined.lines) == 8 and all(b.boards == 2 for b in combined.lines)
    assert abs(sum(b.imps for b in combined.lines)) < 1e-9
    # The same as one league Butler over every table of both groups, deal by deal.
    tables = [LeagueTable((1, board), f"{home}/1", f"{away}/1", open_ns, group)
              for group, home, away, played in (("A", 1, 2, boards[0]), ("B", 3, 4, boards[1]))
              for board, (open_ns, _) in enumerate(played, start=1)]
    tables += [LeagueTable((1, board), f"{away}/2", f"{home}/2", closed_ns, group)
               for group, home, away, played in (("A", 1, 2, boards[0]), ("B", 3, 4, boards[1]))
               for board, (_, closed_ns) in enumerate(played, start=1)]
    expected = {str(s.pair.number): s.imps for s in league_butler(tables, by_group=False)}
    assert {f"{b.entry}/{b.pair}": b.imps for b in combined.lines} == pytest.approx(expected)


def test_d5_2_the_setting_is_read_strictly() -> None:
    spec = parse_preset(_preset()).competition
    assert spec is not None and spec.stages[0].butler and spec.stages[0].butler_combined
    for value, both in (("true", (True, False)), ("false", (False, False)),
                        ('"groups"', (True, False)), ('"none"', (False, False))):
        parsed = parse_preset(_preset(butler=value)).competition
        assert parsed is not None
        assert (parsed.stages[0].butler, parsed.stages[0].butler_combined) == both
    with pytest.raises(PresetError, match=r"\[\[stage\]\] rr: butler: 'everywhere' is not "
                                          r"true, false or one of 'none', 'groups', "
                                          r"'groups-and-combined'"):
        parse_preset(_preset(butler='"everywhere"'))
    with pytest.raises(PresetError, match=r"butler: wrong type int"):
        parse_preset(_preset(butler="3"))


def test_d5_2_league_ii_keeps_the_combined_butler_and_league_i_does_not() -> None:
    for name, combined in (("pzbs-league-2.toml", True), ("pzbs-league-1.toml", False)):
        spec = parse_preset((SEEDS / name).read_text()).competition
        assert spec is not None
        regular = next(s for s in spec.stages if s.id == "regular")
        assert regular.butler and regular.butler_combined is combined
        assert not any(s.butler_combined for s in spec.stages if s.id != "regular")


def test_d5_2_league_ii_combined_butler_ranks_all_128_pairs() -> None:
    regular = stage(report("pzbs-league-2.toml"), "regular")
    combined = regular["butler_combined"]
    assert regular["butler_combined_holds"] == {"groups": 4, "of": 4, "up_to_round": 15,
                                                "rounds": 15}
    assert len(combined) == 128 and {row["entry"] for row in combined} == set(range(1, 65))
    assert all(set(row) == {"place", "entry", "pair", "boards", "imps", "per_board"}
               for row in combined)
    assert all(row["boards"] == 15 * 24 for row in combined)
    per_board = [row["per_board"] for row in combined]
    assert per_board == sorted(per_board, reverse=True) and combined[0]["place"] == 1
    per_group = {(row["entry"], row["pair"]): row["imps"] for g in regular["groups"]
                 for row in g["butler"]}
    assert set(per_group) == {(row["entry"], row["pair"]) for row in combined}
    assert any(per_group[row["entry"], row["pair"]] != row["imps"] for row in combined)
    assert "butler_combined" not in stage(report("pzbs-league-1.toml"), "regular")
    assert all("butler_combined" not in s for s in report("pzbs-league-2.toml")["stages"]
               if s["id"] != "regular")
