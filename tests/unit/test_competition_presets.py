"""Competition presets: one file per competition of the two regulations, each naming the rules
it implements, read strictly; and `traveller simulate` on the command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from server.cli import main
from server.formats import PresetError, load_preset, parse_preset
from tests.unit.competitions import SEEDS

REGULATIONS = Path(__file__).resolve().parents[3] / "shared" / "rules" / "REGULATIONS.md"
COMPETITIONS = {
    "gabsi-province-teams.toml": "K1", "gabsi-club-teams.toml": "K2",
    "gabsi-women-teams.toml": "K3", "gabsi-open-pairs.toml": "K4",
    "gabsi-women-pairs.toml": "K5", "gabsi-junior-pairs.toml": "K5",
    "gabsi-senior-pairs.toml": "K6", "gabsi-mixed-pairs.toml": "K6",
    "gabsi-university-teams.toml": "K7", "gabsi-university-pairs.toml": "K7",
    "gabsi-university-mixed-pairs.toml": "K7", "gabsi-school.toml": "K8",
    "gabsi-bupati-swiss-pairs.toml": "KC1", "gabsi-power-teams.toml": "KC2",
    "pzbs-league-1.toml": "D4", "pzbs-league-2.toml": "D5", "pzbs-league-3.toml": "D6",
}


RULE_ID = re.compile(r"(K\d+\.\d+|KC\d\.\d|KD\d|D\d\.\d+)")
"""How the digest names a rule (K17.3, KC1.4, KD1, D4.7)."""


def known_rules(found: set[str]) -> set[str]:
    """The digest's rule IDs when it is beside this checkout; else every ID of `found` that
    is written as the digest writes them."""
    if not REGULATIONS.exists():
        return {rule for rule in found if RULE_ID.fullmatch(rule)}
    return set(re.findall(r"\*\*([A-Z]+\d+(?:\.\d+)?)\*\*", REGULATIONS.read_text()))


@pytest.mark.parametrize(("name", "section"), sorted(COMPETITIONS.items()))
def test_every_competition_has_its_preset_naming_the_rules_it_implements(name: str,
                                                                         section: str) -> None:
    preset = load_preset(SEEDS / name)
    assert preset.competition is not None
    assert any(rule.startswith(section + ".") for rule in preset.rules)
    named = set(preset.rules) | {r for s in preset.competition.stages for r in s.rules}
    rules = known_rules(named)
    assert set(preset.rules) <= rules, set(preset.rules) - rules
    for stage in preset.competition.stages:
        assert stage.rules and set(stage.rules) <= rules, (stage.id, stage.rules)


def test_the_one_stage_presets_still_load_and_simulate() -> None:
    for path in sorted(SEEDS.glob("*.toml")):
        if path.name in COMPETITIONS:
            continue
        preset = load_preset(path)
        assert preset.competition is None


@pytest.mark.parametrize(("text", "problem"), [
    ("[event]\nname = 'x'\n[movment]\nkind = 'howell'\n", r"\[movment\]: unknown section"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[[stage]]\nid = 'a'\nkind = 'round_robin'\n"
     "boards_per_match = 8\nbord = 3\n", r"\[\[stage\]\] a: bord: unknown setting"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[[stage]]\nid = 'a'\nkind = 'round_robin'\n"
     "boards_per_match = 8\n[[stage.entrants]]\nfrom = 'entries'\nplaces = [1, 2]\n"
     "colour = 'red'\n", r"\[\[stage.entrants\]\] #1: colour: unknown setting"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[entries]\ncount = 16\nsize = 3\n"
     "[[stage]]\nid = 'a'\nkind = 'round_robin'\nboards_per_match = 8\n",
     r"\[entries\] size: unknown setting"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[[stage]]\nid = 'a'\nkind = 'round_robin'\n"
     "boards_per_match = 10\nvp_scale = 'wbf25'\n", r"wbf25 cannot score 10-board matches"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[[stage]]\nid = 'a'\nkind = 'round_robin'\n"
     "boards_per_match = 8\n[[stage]]\nid = 'b'\nkind = 'round_robin'\nboards_per_match = 8\n"
     "[[stage.entrants]]\nfrom = 'c'\n", r"entrants from 'c', which is not an earlier stage"),
    ("[event]\nname = 'x'\nkind = 'pairs'\n[[stage]]\nid = 'a'\nkind = 'round_robin'\n"
     "boards_per_match = 8\n", r"a round_robin stage in a pairs competition"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[[stage]]\nid = 'a'\nkind = 'swiss_teams'\n"
     "rounds = 6\nboards_per_match = 8\nrounds_per_advance = 3\n",
     r"a: rounds_per_advance: a round robin's rounds"),
    ("[event]\nname = 'x'\nkind = 'teams'\n[[stage]]\nid = 'a'\nkind = 'round_robin'\n"
     "boards_per_match = 8\nrounds_per_advance = [7, 0]\n", r"rounds_per_advance: .*at least 1"),
])
def test_an_unknown_or_wrong_setting_is_an_error_that_names_it(text: str, problem: str) -> None:
    with pytest.raises(PresetError, match=problem):
        parse_preset(text)


def run(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["simulate", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_prints_the_competition_as_text_and_as_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run("seeds/gabsi-province-teams.toml", "--entries", "9", "--seed", "3",
                         capsys=capsys)
    assert status == 0 and "Final places" in out and "quarter-final" in out
    status, out, _ = run("seeds/gabsi-province-teams.toml", "--entries", "9", "--seed", "3",
                         "--json", capsys=capsys)
    data = json.loads(out)
    assert set(data) >= {"preset", "competition", "seed", "rules", "entries", "stages",
                         "final_places"}
    assert data["seed"] == 3 and data["preset"] == "seeds/gabsi-province-teams.toml"
    for stage in data["stages"]:
        assert set(stage) >= {"id", "name", "rules", "kind", "boards_per_match", "sessions",
                              "top_integral", "groups", "matches", "qualified"}
    ko = data["stages"][1]["matches"][0]
    assert set(ko) >= {"id", "home", "away", "boards", "segments", "chosen_by",
                       "choice_from", "carry_over", "imps", "extra_boards", "winner", "loser",
                       "decided_by"}
    line = data["stages"][0]["groups"][0]["standings"][0]
    assert set(line) >= {"place", "entry", "vp", "carried_vp", "imps", "percent"}


@pytest.mark.parametrize(("args", "message"), [
    (("seeds/pzbs-league-1.toml", "--entries", "15"), "D1.1: the competition has 16 entries"),
    (("seeds/gabsi-club-teams.toml", "--entries", "20"), "K2.2: the competition needs at "
                                                          "least 32 entries"),
    (("seeds/gabsi-club-teams.toml",), "--entries is needed"),
    (("seeds/nothing.toml",), "cannot read preset"),
])
def test_bad_input_is_one_line_on_stderr_and_status_1(args: tuple[str, ...], message: str,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    status, out, err = run(*args, "--seed", "1", capsys=capsys)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and message in err


def test_a_choices_file_naming_a_team_that_may_not_be_chosen_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    choices = tmp_path / "choices.json"
    choices.write_text(json.dumps({"ko": {"A1 chooses": 1}}))
    status, out, err = run("seeds/gabsi-province-teams.toml", "--entries", "8", "--seed", "1",
                           "--choices", str(choices), capsys=capsys)
    assert status == 1 and out == "" and err.startswith("traveller: K1.4: ")
    choices.write_text("{not json")
    status, _, err = run("seeds/gabsi-province-teams.toml", "--entries", "8", "--seed", "1",
                         "--choices", str(choices), capsys=capsys)
    assert status == 1 and "not valid JSON" in err


def test_the_same_seed_gives_the_same_bytes_from_the_command() -> None:
    command = [sys.executable, "-m", "server", "simulate", "seeds/gabsi-power-teams.toml",
               "--entries", "11", "--seed", "42", "--json"]
    root = Path(__file__).resolve().parents[2]
    first = subprocess.run(command, cwd=root, capture_output=True, check=True).stdout
    second = subprocess.run(command, cwd=root, capture_output=True, check=True).stdout
    assert first == second and json.loads(first)["seed"] == 42


@pytest.mark.parametrize(("preset", "rule"), [
    ("demo.toml", "K17.3"), ("gabsi-pairs.toml", "K17.3"), ("gabsi-mini-bridge.toml", "K17.3"),
    ("gabsi-teams.toml", "K17.1"), ("gabsi-swiss-teams.toml", "K16.3"),
    ("pzbs-league.toml", "D3.2")])
def test_k17_3_k17_1_a_one_stage_events_final_places_cite_the_rule_it_ranks_by(
        preset: str, rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A one-stage event's final places cite the rule it ranks by (`[scoring] rule`, else the
    tie-break chain), not the first rule the preset lists (the demo's was K12.2, slow play;
    GABSI pairs' K4.1, the preliminary's pools)."""
    assert main(["simulate", str(SEEDS / preset), "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["final_places"] and all(p["why"].startswith(f"{rule}: ")
                                        for p in data["final_places"])
    assert data["stages"][0]["rules"][0] == rule and rule in data["stages"][0]["rules"]
    assert data["rules"] == list(load_preset(SEEDS / preset).rules)  # the event's, as given
