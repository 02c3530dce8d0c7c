"""D3.7: the director fines a team and gives procedural penalties under Law 74, each recorded
and audited and listed on the console with the team's account; a W.O. in the central leagues
(League I and II: the presets' ``[penalties] walkover_fine = 100``) puts a 100 zł fine on the
offending team's account by itself, League III's does not, and taking the W.O. back takes the
fine back."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from server.formats import PresetError, parse_preset
from server.stages.create import create_competition
from server.store import Store
from tests.conftest import DIRECTOR, PASSWORD, REPO
from tests.integration.rehearsed import copy
from tests.integration.teams_event import app_for
from tests.integration.test_director import login

JSON = {"Accept": "application/json"}


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A fresh event file of each PZBS league, made once; each test works on a copy."""
    folder = tmp_path_factory.mktemp("leagues")
    out = {}
    for league in ("pzbs-league-1", "pzbs-league-2", "pzbs-league-3"):
        path = folder / f"{league}.db"
        create_competition(path, (REPO / "seeds" / f"{league}.toml").read_text(),
                           entries=None, password=PASSWORD,
                           base_url="http://testserver").close()
        out[league] = path
    return out


@pytest.fixture
def league(events: dict[str, Path], tmp_path: Path) -> Iterator[Any]:
    """Opens the app on a copy of a league's event file, and the director's console."""
    with ExitStack() as stack:
        def open_league(name: str) -> tuple[Any, Any]:
            app = stack.enter_context(app_for(copy(events[name], tmp_path / f"{name}.db")))
            return app, login(app)

        yield open_league


def post(client: Any, url: str, **data: Any) -> Any:
    return client.post(url, json=data, headers={**JSON, "X-CSRF-Token": client.csrf})


def rulings(client: Any) -> dict[str, Any]:
    body = client.get("/director/teams/rulings", headers=JSON).get_json()
    assert body["ok"], body
    return body


def first_match(app: Any) -> tuple[int, int]:
    """The home and away teams of round 1's first match."""
    store: Store = app.extensions["traveller.store"]
    seat = next(s for s in store.seatings() if s.round == 1 and s.section == "O")
    return seat.ns_pair, seat.ew_pair


def audit(app: Any, action: str) -> list[dict[str, Any]]:
    store: Store = app.extensions["traveller.store"]
    return [a for a in store.audit_rows() if a["action"] == action]


def test_d3_7_a_fine_is_recorded_audited_and_listed_on_the_teams_account(league: Any) -> None:
    app, client = league("pzbs-league-1")
    home, _ = first_match(app)
    fined = post(client, "/director/teams/rulings/fine", team=home, amount="50",
                 why="Law 74: mobile phone rang in the open room")
    body = fined.get_json()
    assert body["ok"], body
    assert (body["team"], body["amount"], body["currency"], body["rule"]) == (home, 50.0,
                                                                               "zł", "D3.7")
    post(client, "/director/teams/rulings/fine", team=home, amount="25,5", round=1,
         why="Law 74: late back from the break")
    row = audit(app, "team_fine")[0]
    assert (row["actor"], row["why"], row["old"]) == (
        DIRECTOR, "Law 74: mobile phone rang in the open room", None)
    stored = json.loads(row["new"])
    assert (stored["kind"], stored["team"], stored["value"], stored["rule"]) == (
        "fine", home, 50.0, "D3.7")
    data = rulings(client)
    account = next(a for a in data["accounts"] if a["team"] == home)
    assert account["fines"] == 2 and account["total"] == "75.5 zł"
    assert data["fines"] == {"rule": "D3.7", "currency": "zł", "walkover_fine": 100.0}
    texts = [r["text"] for r in data["rulings"] if r["kind"] == "fine"]
    assert any(t.startswith("D3.7 fine: ") and t.endswith(" 50 zł") for t in texts)
    # The console lists it per team with the account's total; a fine moves no score.
    page = client.get("/director/teams/rulings").get_data(as_text=True)
    assert 'data-testid="team-accounts"' in page and "75.5 zł" in page
    assert 'data-testid="fine-form"' in page and "D3.7 procedural (Law 74)" in page
    standing = client.get("/director/teams/standings", headers=JSON).get_json()
    line = next(t for t in standing["standings"]["teams"] if t["team"] == home)
    assert line["vp"] == 0 and not line["deductions"]
    # Refused without a reason or an amount; no row for a refused one.
    assert post(client, "/director/teams/rulings/fine", team=home, amount="10",
                why=" ").get_json()["code"] == "missing_reason"
    assert post(client, "/director/teams/rulings/fine", team=home, amount="-3",
                why="x").get_json()["code"] == "invalid_penalty"
    assert len(audit(app, "team_fine")) == 2
    # The cases for the federation (K14.3), read from the audit, list it.
    cases = client.get("/director/cases.csv").get_data(as_text=True).splitlines()
    assert sum(",fine,D3.7," in line for line in cases) == 2
    # A fine taken back leaves the account, audited with its reason.
    removed = post(client, f"/director/teams/rulings/{body['ruling']}/remove",
                   why="appeal upheld")
    assert removed.get_json()["ok"]
    account = next(a for a in rulings(client)["accounts"] if a["team"] == home)
    assert account["total"] == "25.5 zł"
    assert audit(app, "team_fine_removed")[0]["why"] == "appeal upheld"


def test_d3_7_procedural_penalties_are_the_vp_and_imp_penalties_under_d3_7(
        league: Any) -> None:
    app, client = league("pzbs-league-1")
    home, away = first_match(app)
    vp = post(client, "/director/teams/rulings/vp", team=home, rule="D3.7", vp="2",
              why="Law 74: discourtesy").get_json()
    assert vp["ok"] and vp["rule"] == "D3.7" and vp["vp"] == 2.0
    assert post(client, "/director/teams/rulings/vp", team=home, rule="D3.7",
                why="no amount").get_json()["code"] == "invalid_penalty"
    imp = post(client, "/director/teams/rulings/imp", team=away, round=1, imps="3",
               rule="D3.7", why="Law 74: slow play").get_json()
    assert imp["ok"] and imp["rule"] == "D3.7"
    stored = [json.loads(a["new"]) for a in audit(app, "team_vp_penalty") +
              audit(app, "team_imp_penalty")]
    assert [(s["kind"], s["rule"]) for s in stored] == [("vp_penalty", "D3.7"),
                                                         ("imp_penalty", "D3.7")]


@pytest.mark.parametrize("name", ["pzbs-league-1", "pzbs-league-2"])
def test_d3_7_a_walkover_in_the_central_leagues_fines_the_team_100_zl_and_its_removal_takes_it_back(
        league: Any, name: str) -> None:
    app, client = league(name)
    _, away = first_match(app)
    preview = client.get(f"/director/teams/rulings?wo_round=1&wo_team={away}").get_data(
        as_text=True)
    assert 'data-testid="walkover-fine"' in preview and "100 zł (D3.7)" in preview
    ruled = post(client, "/director/teams/rulings/walkover", round=1, team=away,
                 why="did not turn up").get_json()
    assert ruled["ok"], ruled
    assert ruled["fine"]["amount"] == 100.0 and ruled["fine"]["currency"] == "zł"
    assert ruled["fine"]["rule"] == "D3.7"
    data = rulings(client)
    assert [(a["team"], a["total"]) for a in data["accounts"]] == [(away, "100 zł")]
    fine = next(r for r in data["rulings"] if r["kind"] == "fine")
    assert fine["detail"]["walkover"] == ruled["ruling"] and fine["round"] == 1
    assert fine["text"].endswith("100 zł for the W.O. in round 1")
    # Audited as the W.O. is, by the same director, in the same moment.
    walked, fined = audit(app, "team_walkover")[-1], audit(app, "team_fine")[-1]
    assert fined["actor"] == walked["actor"] == DIRECTOR
    stored = json.loads(fined["new"])
    assert stored["value"] == 100.0 and stored["at_ms"] == json.loads(walked["new"])["at_ms"]
    # Taking the W.O. back takes its fine back; other fines stay.
    post(client, "/director/teams/rulings/fine", team=away, amount="20", why="Law 74")
    removed = post(client, f"/director/teams/rulings/{ruled['ruling']}/remove",
                   why="the team had a valid excuse").get_json()
    assert removed["ok"] and removed["also"] == [fine["id"]]
    assert [(a["team"], a["total"]) for a in rulings(client)["accounts"]] == [(away, "20 zł")]
    taken = audit(app, "team_fine_removed")[-1]
    assert taken["why"] == f"W.O. {ruled['ruling']} removed: the team had a valid excuse"


def test_d3_7_a_walkover_in_league_3_brings_no_fine(league: Any) -> None:
    app, client = league("pzbs-league-3")
    home, away = first_match(app)
    preview = client.get(f"/director/teams/rulings?wo_round=1&wo_team={away}").get_data(
        as_text=True)
    assert 'data-testid="walkover-fine"' not in preview
    ruled = post(client, "/director/teams/rulings/walkover", round=1, team=away,
                 why="did not turn up").get_json()
    assert ruled["ok"] and ruled["fine"] is None
    data = rulings(client)
    assert data["accounts"] == [] and not audit(app, "team_fine")
    # The director still fines by hand, in the region's currency (D3.7, Law 74).
    assert data["fines"] == {"rule": "D3.7", "currency": "zł", "walkover_fine": 0.0}
    assert post(client, "/director/teams/rulings/fine", team=home, amount="30",
                why="Law 74").get_json()["ok"]


def test_d3_7_an_event_without_penalties_records_no_fines(tmp_path: Path) -> None:
    from tests.integration import teams_event as te

    with app_for(te.create(tmp_path / "teams.db", tables=2, boards_per_round=8)) as app:
        client = login(app)
        refused = post(client, "/director/teams/rulings/fine", team=1, amount="10", why="x")
        assert refused.status_code == 409 and refused.get_json()["code"] == "no_fines"
        assert post(client, "/director/teams/rulings/vp", team=1, rule="D3.7", vp="1",
                    why="x").get_json()["code"] == "invalid_rule"
        page = client.get("/director/teams/rulings").get_data(as_text=True)
        assert 'data-testid="fine-form"' not in page and "team-accounts" not in page


@pytest.mark.parametrize(("text", "problem"), [
    ("[penalties]\nwalkover_fine = 100\n", r"\[penalties\] currency: required"),
    ("[penalties]\ncurrency = 'zł'\nwalkover_fine = -1\n", r"walkover_fine: -1 is not"),
    ("[penalties]\ncurrency = 'zł'\nfine = 5\n", r"\[penalties\] fine: unknown setting"),
])
def test_d3_7_a_wrong_penalties_setting_is_an_error_that_names_it(text: str,
                                                                  problem: str) -> None:
    with pytest.raises(PresetError, match=problem):
        parse_preset("[event]\nname = 'x'\nkind = 'teams'\n" + text)
    with pytest.raises(PresetError, match="a pairs event has none"):
        parse_preset("[event]\nname = 'x'\n[penalties]\ncurrency = 'zł'\n")
