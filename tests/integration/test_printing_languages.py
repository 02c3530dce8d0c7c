"""Paper in the event's language (issue 15 item 8): the table card, the round slip, the guide
card and the standings print their words in English, Indonesian or Polish, as the printer
setting says (English by default) and `traveller print --lang` overrides. The printed lines are
read back from text mode's bytes on CP852, which holds every Polish letter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.cli import main
from server.publish import printing
from server.store import printing as spool
from tests.integration.test_director import login
from tests.integration.test_printing_documents import (
    JSON,
    finish_round,
    printed,
    queue,
    run_worker,
    seat_names,
)

WORDS = {
    "en": {
        "table-cards": ["Section A", "TABLE 1", "Scan to open the table terminal"],
        "round-slips": ["Section A Round 1 of 5", "TABLE 1", "North-South: pair 1",
                        "East-West: pair 7", "Boards 1-3", "For round 2",
                        "NS 1 stay at table 1", "EW 7 to table 2 EW",
                        "Boards 1-3 to table 6"],
        "guide-cards": ["Section A", "PAIR 1", "Rnd", "Table", "Dir", "Vs", "Boards"],
        "results": ["Standings after round 1 of 5", "North-South", "East-West", "Pair",
                    "Names", "after every step of K17.3"],
    },
    "pl": {
        "table-cards": ["Sektor A", "STÓŁ 1", "Zeskanuj, aby otworzyć terminal stołu"],
        "round-slips": ["Sektor A", "Runda 1 z 5", "STÓŁ 1", "Północ-Południe: para 1",
                        "Wschód-Zachód: para 7", "Rozdania 1-3", "Na rundę 2",
                        "zostaje przy stole 1", "do stołu 2 EW", "do stołu 6"],
        "guide-cards": ["Sektor A", "PARA 1", "Rd", "Stół", "Kier.", "Prz.", "Rozdania"],
        "results": ["Klasyfikacja po rundzie 1 z 5", "Północ-Południe", "Wschód-Zachód",
                    "Para", "Nazwiska", "nadal równo po wszystkich krokach K17.3"],
    },
    "id": {
        "table-cards": ["Seksi A", "MEJA 1", "Pindai untuk membuka terminal meja"],
        "round-slips": ["Seksi A", "Ronde 1 dari 5", "MEJA 1", "Utara-Selatan: pasangan 1",
                        "Timur-Barat: pasangan 7", "Board 1-3", "Untuk ronde 2",
                        "tetap di meja 1", "ke meja 2 EW", "ke meja 6"],
        "guide-cards": ["Seksi A", "PASANGAN 1", "Rd", "Meja", "Arah", "Lawan", "Board"],
        "results": ["Klasemen setelah ronde 1 dari 5", "Utara-Selatan", "Timur-Barat",
                    "Pasangan", "Nama"],
    },
}
"""Words each document prints in each language (58 mm paper: 32 columns)."""
ENGLISH_ONLY = ["TABLE", "Section", "North-South", "Standings", "PAIR", "Scan",
                "after every step"]
"""English words of the labels (and of the standings' K17.3 note) that no other paper has."""


def set_printer(http: Any, out: Path, **fields: str) -> Any:
    return http.post("/director/setup/printer", headers=JSON, data={
        "target": f"file:{out}", "profile": "58mm", "mode": "text", "code_page": "CP852",
        "csrf_token": http.csrf, **fields})


def print_all(app: Any, out: Path) -> dict[str, str]:
    """Every document of the spool printed on the worker, as the text it printed."""
    store = app.extensions["traveller.store"]
    http = login(app)
    pages = {}
    for document in WORDS["en"]:
        out.unlink(missing_ok=True)
        assert queue(http, document, round="1").json["ok"]
        run_worker(store)
        assert spool.jobs(store)[0]["status"] == "done"
        # Lines joined, spaces squeezed: a long label wraps on 32 columns.
        pages[document] = " ".join(" ".join(printed(out)).split())
    return pages


@pytest.mark.parametrize("lang", ["pl", "id"])
def test_8_the_paper_speaks_the_language_of_the_printer_setting(
        app: Any, tmp_path: Path, lang: str) -> None:
    seat_names(app)
    finish_round(app, 1)
    out = tmp_path / "printer.bin"
    saved = set_printer(login(app), out, lang=lang)
    assert saved.json["printer"]["lang"] == lang
    pages = print_all(app, out)
    for document, text in pages.items():
        for words in WORDS[lang][document]:
            assert words in text, (document, words, text)
        for english in ENGLISH_ONLY:
            assert english not in text, (document, english, text)
    # The pairs' names and the event's name are not translated.
    assert "Traveller demo pairs" in pages["round-slips"]
    assert "Łukasz Wiśniewski - Zoë Dąbek" in pages["round-slips"]


def test_8_english_is_the_default_paper_language(app: Any, tmp_path: Path) -> None:
    seat_names(app)
    finish_round(app, 1)
    out = tmp_path / "printer.bin"
    saved = set_printer(login(app), out)
    assert saved.json["printer"]["lang"] == "en"
    assert printing.printer_settings(app.extensions["traveller.store"])["lang"] == "en"
    for document, text in print_all(app, out).items():
        for words in WORDS["en"][document]:
            assert words in text, (document, words, text)


def test_8_the_console_chooses_the_paper_language(app: Any, tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    page = http.get("/director/setup/").get_data(as_text=True)
    assert 'data-testid="printer-lang"' in page and '<option value="en" selected>English' in page
    assert set_printer(http, tmp_path / "p.bin", lang="pl").json["ok"]
    page = http.get("/director/setup/?lang=pl").get_data(as_text=True)
    assert "język wydruków" in page and '<option value="pl" selected>Polski' in page
    bad = set_printer(http, tmp_path / "p.bin", lang="de")
    assert bad.status_code == 400 and bad.json["code"] == "invalid_printer"
    assert "unknown paper language: 'de' (known: en, id, pl)" in bad.json["error"]
    assert printing.printer_settings(store)["lang"] == "pl"  # nothing changed


def test_8_a_job_prints_in_the_language_it_was_queued_in(app: Any, tmp_path: Path) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    out = tmp_path / "printer.bin"
    set_printer(http, out, lang="id")
    assert queue(http, "table-cards", tables="1").json["ok"]
    set_printer(http, out, lang="pl")  # changed before the worker ran
    run_worker(store)
    assert "MEJA 1" in printed(out)


def test_8_traveller_print_lang_overrides_the_setting(
        app: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, out = str(app.config["DATABASE"]), tmp_path / "cards.bin"
    args = ["print", "table-cards", db, "--to", f"file:{out}", "--tables", "2",
            "--mode", "text", "--profile", "58mm"]
    assert main(args) == 0
    assert "TABLE 2" in printed(out)
    printing.set_printer(app.extensions["traveller.store"], "file:/dev/null", "58mm",
                         "director", lang="pl")
    assert main(args) == 0
    assert "STÓŁ 2" in printed(out)  # the event's setting
    assert main([*args, "--lang", "id"]) == 0
    assert "MEJA 2" in printed(out)
    assert main([*args, "--lang", "en"]) == 0
    assert "TABLE 2" in printed(out)
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main([*args, "--lang", "de"])
    assert "invalid choice: 'de'" in capsys.readouterr().err
