"""Properties of every simulated competition: round robins meet every pair once (twice when
double), a Swiss repeats no match before its last round, every match's VP is its margin on the
stage's scale, and the final places place every entry exactly once."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.competition import simulate
from server.competition.report import to_json
from server.formats import load_preset, parse_preset
from server.scoring import find_scale
from tests.unit.competitions import SEEDS

SETTINGS = settings(max_examples=8, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

ROUND_ROBIN = """
[event]
name = "round robin"
kind = "teams"
[scoring]
vp_scale = "wbf2013"
[[stage]]
id = "rr"
kind = "%s"
boards_per_match = 4
"""


@SETTINGS
@given(teams=st.integers(2, 12), double=st.booleans(), seed=st.integers(0, 10**6))
def test_every_round_robin_meets_every_pair_exactly_once_or_twice_when_double(
        teams: int, double: bool, seed: int) -> None:
    kind = "double_round_robin" if double else "round_robin"
    result = simulate(parse_preset(ROUND_ROBIN % kind), seed=seed, entries=teams)
    group = to_json(result)["stages"][0]["groups"][0]
    met = Counter(frozenset((m["home"], m["away"])) for r in group["rounds"]
                  for m in r["matches"] if m["away"] is not None)
    assert len(met) == teams * (teams - 1) // 2
    assert set(met.values()) == {2 if double else 1}
    byes = Counter(m["home"] for r in group["rounds"] for m in r["matches"]
                   if m["away"] is None)
    assert set(byes.values()) <= {2 if double else 1} and len(byes) == (teams % 2) * teams


SWISS = {"gabsi-power-teams.toml": "prelim", "gabsi-club-teams.toml": "prelim1",
         "gabsi-bupati-swiss-pairs.toml": "swiss"}


@SETTINGS
@given(preset=st.sampled_from(sorted(SWISS)), extra=st.integers(0, 14),
       seed=st.integers(0, 10**6))
def test_no_swiss_repeats_a_match_before_its_last_round(preset: str, extra: int,
                                                        seed: int) -> None:
    spec = load_preset(SEEDS / preset)
    assert spec.competition is not None
    entries = max(spec.competition.entries.minimum, 10) + extra
    data = to_json(simulate(spec, seed=seed, entries=entries))
    swiss = next(s for s in data["stages"] if s["id"] == SWISS[preset])
    rounds = swiss["groups"][0]["rounds"]
    seen: set[frozenset[int]] = set()
    for r in rounds[:-1]:
        for m in r["matches"]:
            if m["away"] is not None:
                pair = frozenset((m["home"], m["away"]))
                assert pair not in seen
                seen.add(pair)
    for r in rounds:  # everybody plays once a round, or has the bye
        teams = [t for m in r["matches"] for t in (m["home"], m["away"]) if t is not None]
        assert sorted(teams) == sorted(swiss["groups"][0]["entries"])


TEAM_PRESETS = ["gabsi-province-teams.toml", "gabsi-club-teams.toml", "gabsi-women-teams.toml",
                "gabsi-power-teams.toml", "gabsi-university-teams.toml",
                "gabsi-bupati-swiss-pairs.toml"]


@SETTINGS
@given(preset=st.sampled_from(TEAM_PRESETS), extra=st.integers(0, 10),
       seed=st.integers(0, 10**6))
def test_the_vp_of_every_match_are_its_margin_on_the_stage_scale(preset: str, extra: int,
                                                                  seed: int) -> None:
    loaded = load_preset(SEEDS / preset)
    spec = loaded.competition
    assert spec is not None
    entries = spec.entries.count or spec.entries.minimum + extra
    result = simulate(loaded, seed=seed, entries=entries)
    data = to_json(result)
    for stage_data, stage_spec in zip(data["stages"], result.view.stages, strict=True):
        if stage_spec.spec.kind.value == "knockout":
            assert all(not g["rounds"] for g in stage_data["groups"])
            continue
        scale = find_scale(stage_spec.spec.vp_scale)
        assert not stage_data["matches"]
        for group in stage_data["groups"]:
            for r in group["rounds"]:
                for m in r["matches"]:
                    if m["away"] is None:
                        assert m["vp"] == [stage_spec.spec.bye_vp, 0]
                        continue
                    margin = m["imps"][0] - m["imps"][1]
                    assert m["vp"] == list(scale.convert(margin, m["boards"]))
                    assert (m["vp"][0] >= m["vp"][1]) if margin >= 0 else (
                        m["vp"][0] <= m["vp"][1])


ALL_PRESETS = sorted(p.name for p in SEEDS.glob("*.toml"))


@SETTINGS
@given(preset=st.sampled_from(ALL_PRESETS), extra=st.integers(0, 12),
       seed=st.integers(0, 10**6))
def test_the_final_places_are_a_permutation_of_the_entries(preset: str, extra: int,
                                                          seed: int) -> None:
    loaded = load_preset(SEEDS / preset)
    result = simulate(loaded, seed=seed, entries=None if loaded.competition is None else (
        loaded.competition.entries.count or loaded.competition.entries.minimum + extra))
    data = to_json(result)
    ids = [e["id"] for e in data["entries"]]
    assert sorted(p["entry"] for p in data["final_places"]) == sorted(ids)
    by_group: dict[str, list[tuple[int, bool]]] = {}
    for place in data["final_places"]:
        by_group.setdefault(place.get("group", ""), []).append(
            (place["place"], place.get("shared", False)))
        assert place["why"]
    for places in by_group.values():
        # 1 up, each its own; entries left level (KC1.4) share the first of their places,
        # marked shared, and the next place skips (3, 3, 5).
        ordered = sorted(places)
        for i, (place, shared) in enumerate(ordered):
            level = [s for p, s in ordered if p == place]
            assert place == i + 1 or (i and place == ordered[i - 1][0]), ordered
            assert shared == (len(level) > 1), ordered
