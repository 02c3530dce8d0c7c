"""The console in English, Indonesian and Polish: every string a page reads through `_()`
(templates), `translate()` (Python) or `T()` (scripts, in templates or in static/*.js) has both
translations; so has every text the server builds for a page (marked `N_()` where it is written,
and the tie-break criteria the scoring package names), and the pages show those in the page's
language: alerts, tie-break reasons, rulings, audit summaries, print jobs, set-up fields."""

from __future__ import annotations

import html
import json
import re
import time
import uuid
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from printer import GuideCardLabels, ResultsLabels, RoundSlipLabels, TableCardLabels
from server.publish import printing
from server.scoring.pairs_tiebreak import Criterion
from server.scoring.ranking import CRITERIA
from server.texts import english
from tests.integration import teams_event as te
from tests.integration import test_ew_terminal as ew
from tests.integration.test_clocks import JSON
from tests.integration.test_director import login
from tests.integration.test_printing import closed_port
from tests.integration.test_rulings import play
from tests.integration.test_rulings import post as rulings_post
from tests.integration.test_slow_play import MIN, ROUND, start_round
from tests.integration.test_table_socket import join, submit

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "server" / "web"
USE_CASES = ("event", "teams", "table", "direction", "stages", "publish")
"""The application layer's packages (server/<use case>/), whose messages the console shows."""
CALL = re.compile(
    r"""(?:\b_|\btranslate|\bT|\bN_)\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
# Python joins literals written one after the other: N_("a long text " "goes on").
MORE = re.compile(r'\s*"((?:[^"\\]|\\.)*)"')


def used_strings() -> set[str]:
    found: set[str] = set()
    files = [*WEB.glob("templates/*.html"), *WEB.glob("static/*.js"), *ROOT.glob("server/*.py"),
             *(p for name in USE_CASES for p in (ROOT / "server" / name).glob("*.py")),
             *(p for p in WEB.glob("*.py") if p.name != "i18n.py")]
    for path in files:
        source = path.read_text(encoding="utf-8")
        for call in CALL.finditer(source):
            text, end = call.group(1) or call.group(2), call.end()
            while path.suffix == ".py" and (more := MORE.match(source, end)):
                text, end = text + more.group(1), more.end()
            found.add(text.replace('\\"', '"').replace("\\'", "'"))
    # The pure scoring package names its tie-break criteria in English; the pages translate
    # those names (the teams' chain and reasons, the steps of K17.3).
    found |= {criterion.label for criterion in CRITERIA.values()}
    found |= {step.value for step in Criterion}
    # The pure printer package words its labels in English; the paper is printed in the
    # event's language through the same catalogs (`server.publish.printing.worded`).
    found |= {label for label in paper_labels() if any(c.isalpha() for c in label)}
    return found


def paper_labels() -> set[str]:
    return {str(f.default) for kind in (TableCardLabels, RoundSlipLabels, GuideCardLabels,
                                        ResultsLabels) for f in fields(kind)}


@pytest.mark.parametrize("lang", ["id", "pl"])
def test_every_console_string_has_a_translation(lang: str) -> None:
    catalog = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    used = used_strings()
    assert len(used) > 20
    missing = sorted(used - set(catalog))
    assert not missing, f"{lang}: {len(missing)} strings without a translation: {missing[:10]}"
    stale = sorted(set(catalog) - used)
    assert not stale, f"{lang}: translations of strings no page uses: {stale[:10]}"
    for key, value in catalog.items():
        # The same named values on both sides, so a translation never breaks a page.
        assert sorted(re.findall(r"%\((\w+)\)s", key)) == sorted(
            re.findall(r"%\((\w+)\)s", value)), key


def test_the_language_is_chosen_on_the_page_and_kept(app: Any) -> None:
    client = app.test_client()
    page = client.get("/director/login?lang=pl").get_data(as_text=True)
    assert '<html lang="pl">' in page and "Hasło" in page and "Zaloguj" in page
    page = client.get("/director/login").get_data(as_text=True)
    assert '<html lang="pl">' in page  # kept in the session
    page = client.get("/director/login?lang=id").get_data(as_text=True)
    assert "Kata sandi" in page and "Masuk" in page
    page = client.get("/director/login?lang=en").get_data(as_text=True)
    assert "Password" in page


def test_the_browser_language_is_the_default(app: Any) -> None:
    page = app.test_client().get("/director/login",
                          headers={"Accept-Language": "id-ID,id;q=0.9,en;q=0.5"})
    assert '<html lang="id">' in page.get_data(as_text=True)


# -- texts the server builds, shown in the page's language --------------------------------------

def catalogs() -> dict[str, dict[str, str]]:
    return {lang: json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("id", "pl")}


def page(client: Any, url: str, lang: str) -> str:
    return html.unescape(client.get(f"{url}?lang={lang}").get_data(as_text=True))


def test_a_late_alert_is_shown_in_the_page_language(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    start_round(store, 1, int(time.time() * 1000) - ROUND - 3 * MIN)
    late = http.get("/director/api/grid", headers=JSON).json["alerts"][0]
    assert late["kind"] == "late"
    assert late["text_key"] == "%(minutes)s min over time, %(boards)s board(s) to play"
    minutes = late["values"]["minutes"]
    assert late["values"]["boards"] == 3 and english(late) == late["text"] == (
        f"{minutes} min over time, 3 board(s) to play")
    assert all(late["text_key"] in catalog for catalog in catalogs().values())
    # The grid's page words it in its language; its script words the pushed grid the same way.
    assert f"przekroczono czas o {minutes} min, rozdania do rozegrania: 3" in page(
        http, "/director/", "pl")
    assert f"lewat waktu {minutes} menit, 3 board belum dimainkan" in page(
        http, "/director/", "id")
    assert late["text"] in page(http, "/director/", "en")
    script = (WEB / "static" / "director.js").read_text(encoding="utf-8")
    assert "a.text_key ? say(a) : a.text" in script


def test_a_conflict_alert_is_shown_in_the_page_language(app: Any) -> None:
    http = login(app)
    phone, tablet = join(app, 1), join(app, 1)
    assert submit(phone, board=1, contract="4S", declarer="N", tricks=10)["ok"]
    assert submit(tablet, board=1, contract="3N", declarer="S", tricks=9)["code"] == \
        "already_scored"
    [alert] = [a for a in http.get("/director/api/grid", headers=JSON).json["alerts"]
               if a["kind"] == "conflict"]
    assert alert["values"] == {"board": 1, "contract": "3N", "declarer": "S", "score": "+400",
                               "stored_contract": "4S", "stored_declarer": "N",
                               "stored_score": "+420"}
    assert english(alert) == alert["text"] == (
        "board 1: a second entry 3N S (+400) differs from the stored 4S N (+420)")
    assert all(alert["text_key"] in catalog for catalog in catalogs().values())
    assert "rozdanie 1: drugi wpis 3N S (+400) różni się od zapisanego 4S N (+420)" in page(
        http, "/director/", "pl")
    assert "board 1: entri kedua 3N S (+400) berbeda dari yang tersimpan 4S N (+420)" in page(
        http, "/director/", "id")


def test_a_call_east_west_makes_with_its_answer_is_shown_in_the_page_language(
        tmp_path: Path) -> None:
    app = ew.open_app(ew.make_ew_event(tmp_path / "ew.db"))
    try:
        ns, east_west = ew.terminal(app, "ns"), ew.terminal(app, "ew")
        first = str(uuid.uuid4())
        assert ew.submit(ns, op_id=first, board=1, contract="3N", declarer="S", tricks=10)["ok"]
        assert ew.answer(east_west, "reject_result", first, reason="tricks", note="we took 4",
                         call_director=True)["ok"]
        http = login(app)
        [call] = http.get("/director/api/grid", headers=JSON).json["alerts"]
        assert call["text"] == ("board 1: East-West do not agree with North-South's entry "
                                "(the number of tricks): we took 4")
        assert english(call) == call["text"] and call["values"]["note"] == "we took 4"
        assert ("rozdanie 1: Wschód-Zachód nie zgadza się z wpisem Północy-Południa (liczba "
                "lew): we took 4") in page(http, "/director/", "pl")
        assert ("board 1: Timur-Barat tidak setuju dengan entri Utara-Selatan (jumlah trik): "
                "we took 4") in page(http, "/director/", "id")
    finally:
        ew.close_app(app)


def test_a_k17_3_pairs_tie_break_reason_is_shown_in_the_page_language(app: Any) -> None:
    # NS 1 and NS 6 both make +420 on board 1: level, and they never met.
    for board in (16, 17, 18):
        play(app, 6, board, "PASS", 0)
    play(app, 1, 1, "4S", 10)
    play(app, 6, 1, "4S", 10)
    client = login(app)
    ranking = client.get("/director/rankings", headers=JSON).json["standings"]
    one = next(r for r in ranking["NS"] if r["pair"] == 1)
    assert [english(m) for m in one["tie_messages"]] == one["tie"]
    direct = one["tie_messages"][0]
    assert direct["text_key"] == "%(step)s: %(first)s and %(second)s did not meet"
    first, second = direct["values"]["first"], direct["values"]["second"]
    assert one["tie"][0] == (f"K17.3 (1): matchpoints on the boards they played against each "
                             f"other: {first} and {second} did not meet")
    polish = page(client, "/results/", "pl")
    assert (f"K17.3 (1): punkty meczowe z rozdań rozegranych przeciwko sobie: {first} i "
            f"{second} nie grały ze sobą") in polish
    assert "K17.3 (2): za każde rozegrane rozdanie" in polish
    indonesian = page(client, "/results/", "id")
    assert (f"K17.3 (1): matchpoint pada board yang mereka mainkan satu sama lain: {first} dan "
            f"{second} tidak bertemu") in indonesian
    assert one["tie"][0] in page(client, "/results/", "en")


def test_a_k17_1_teams_tie_break_reason_is_shown_in_the_page_language(tmp_path: Path) -> None:
    with te.app_for(te.create(tmp_path / "teams.db", tables=2, boards_per_round=8)) as app:
        store = app.extensions["traveller.store"]
        te.win_by(store, 1, 1)
        te.win_by(store, 1, 2, "small")  # 2 and 3 level on 15 VP: 2 ahead on IMP quotient
        client = login(app)
        rows = client.get("/results/api/standings").json["standings"]["teams"]
        assert rows[2]["tie"] == "2 ahead of 3 on IMP quotient ∞ v 0"
        separation = rows[2]["separation"]
        assert separation["criterion"] == "imp_quotient"
        assert separation["values"]["criterion"] == {"text_key": "IMP quotient", "values": {}}
        assert english(separation) == rows[2]["reason"] == rows[2]["tie"]
        assert all(separation["text_key"] in catalog for catalog in catalogs().values())
        polish = page(client, "/results/", "pl")
        assert "2 przed 3: iloraz IMP ∞ wobec 0" in polish
        # The chain's criteria are named by the scoring package in English, shown translated.
        assert ("VP, potem iloraz IMP, potem mecz bezpośredni (IMP) / mecze między drużynami z "
                "równym wynikiem (VP)") in polish
        assert "2 di atas 3 berdasarkan rasio IMP ∞ lawan 0" in page(client, "/results/", "id")
        assert "2 ahead of 3 on IMP quotient ∞ v 0" in page(client, "/results/", "en")


def test_rulings_audit_print_jobs_and_set_up_fields_in_the_page_language(app: Any) -> None:
    store = app.extensions["traveller.store"]
    for board in (16, 17, 18):
        play(app, 6, board, "PASS", 0)
    play(app, 1, 1, "4S", 10)
    play(app, 6, 1, "4S", 11)
    client = login(app)
    assert rulings_post(client, "/director/board/1/adjust", table=6, round=2, kind="weighted",
                        parts="40% 420, 60% -50", why="misinformation").json["ok"]
    board = client.get("/director/board/1", headers=JSON).json
    [adjusted] = [r for r in board["results"] if r["adjusted"]]
    assert adjusted["adjusted"] == "40% of +420, 60% of -50"
    assert english(adjusted["adjusted_message"]) == adjusted["adjusted"]
    polish = page(client, "/director/board/1", "pl")
    assert "Prawo 12C1(c) 40% z +420, 60% z -50" in polish  # the adjusted score
    assert "4S rozgrywa N, lew: 11 (+450)" in polish  # the audit trail's old value
    assert "Law 12C1(c): 40% z +420" not in polish
    assert "Law 12C1(c) 40% of +420, 60% of -50" in page(client, "/director/board/1", "en")
    # A print job that failed is an alert; the jobs are listed on the set-up page.
    printing.set_printer(store, f"network:127.0.0.1:{closed_port()}", "80mm", "director")
    printing.queue(store, "table-cards", now_ms=0, actor="director")
    for now in (0, printing.RETRY_MS, 10 * printing.RETRY_MS):
        printing.run_due(store, now_ms=now)
    printing.queue(store, "round-slips", now_ms=0, actor="director", options={"round": 1})
    [alert] = [a for a in client.get("/director/api/grid", headers=JSON).json["alerts"]
               if a["kind"] == "printer"]
    assert alert["text"].startswith("printer: table-cards not printed (")
    assert english(alert) == alert["text"]
    assert "drukarka: nie wydrukowano: karty stołów (" in page(client, "/director/", "pl")
    setup = page(client, "/director/setup/", "pl")
    assert "kartki rundy, runda 1" in setup and "karty stołów" in setup
    # The set-up fields' labels, help and choices come from server/direction/setup.py.
    assert "Stoły w sektorze" in setup and "Tak jak widzą ją zawodnicy" in setup
    assert ">wymagane</option>" in setup
    assert "Tables per section" in page(client, "/director/setup/", "en")
