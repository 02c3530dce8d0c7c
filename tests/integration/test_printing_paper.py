"""Paper in every language (issue 15 item 8): whatever the spool prints (table cards, round
slips, guide cards, the standings) reaches the printer by one path, by default as the raster
of its preview; text mode on a code page is the printer's setting, kept by each job."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from printer import find_profile
from server.cli import main
from server.publish import printing
from server.store import printing as spool
from tests.integration.test_director import login
from tests.integration.test_printing_documents import (
    file_printer,
    finish_round,
    printed,
    queue,
    run_worker,
    seat_names,
)
from tests.unit.escpos_raster import read_raster
from tests.unit.test_printer_raster import assert_is_preview

JSON = {"Accept": "application/json"}
EVENT = "Mistrzostwa Łodzi ♠♥♦♣"


def polish_event(app: Any) -> Any:
    store = app.extensions["traveller.store"]
    with store.write() as db:
        store.put_setting(db, "name", EVENT, actor="director", why="test")
    seat_names(app)
    return store


def test_8_every_document_the_spool_prints_is_its_preview_in_raster(
        app: Any, tmp_path: Path) -> None:
    store = polish_event(app)
    finish_round(app, 1)
    http, out = file_printer(app, tmp_path, "58mm", mode="raster")
    for document in ("table-cards", "round-slips", "guide-cards", "results"):
        out.unlink(missing_ok=True)
        assert queue(http, document).json["ok"]
        run_worker(store)
        assert spool.jobs(store)[0]["status"] == "done"
        docs = printing.documents(store, document,
                                  printing.document_options(store, document, {}))
        jobs = read_raster(out.read_bytes())
        assert len(jobs) == len(docs) > 0, document
        for doc, job in zip(docs, jobs, strict=True):
            assert job.cut == doc.cut
            assert_is_preview(job.image, doc, find_profile("58mm"))


def test_8_raster_is_the_printer_default(app: Any) -> None:
    http = login(app)
    saved = http.post("/director/setup/printer", headers=JSON, data={
        "target": "file:/dev/null", "profile": "80mm", "csrf_token": http.csrf})
    assert saved.json["printer"]["mode"] == "raster"
    page = http.get("/director/setup/").get_data(as_text=True)
    assert '<option value="raster" selected>' in page
    assert '<option value="CP852" selected>CP852</option>' in page


def test_8_a_job_prints_the_way_it_was_queued(app: Any, tmp_path: Path) -> None:
    store = polish_event(app)
    http, out = file_printer(app, tmp_path, "80mm", mode="text")
    assert queue(http, "table-cards", tables="1").json["ok"]
    options = json.loads(spool.jobs(store)[0]["options"])
    assert (options["mode"], options["code_page"]) == ("text", "CP852")
    file_printer(app, tmp_path, "80mm", mode="raster")  # changed before the worker ran
    run_worker(store)
    data = out.read_bytes()
    assert data.startswith(b"\x1b@\x1bt\x12") and b"\x1dv0" not in data
    # CP852 has the Polish letters; the suits print as the letters bridge players write.
    assert "Mistrzostwa Łodzi SHDC" in printed(out)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("mode", "colour", "unknown print mode: 'colour' (known: raster, text)"),
    ("code_page", "EBCDIC", "unknown code page: 'EBCDIC'"),
])
def test_8_a_bad_mode_or_code_page_is_refused_and_changes_nothing(
        app: Any, field: str, value: str, says: str) -> None:
    http = login(app)
    bad = http.post("/director/setup/printer", headers=JSON, data={
        "target": "file:/dev/null", "profile": "80mm", field: value, "csrf_token": http.csrf})
    assert bad.status_code == 400
    assert bad.json["code"] == "invalid_printer" and says in bad.json["error"]
    assert printing.printer_settings(app.extensions["traveller.store"])["target"] is None


def test_8_traveller_print_takes_the_mode_and_code_page(
        app: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(app.config["DATABASE"])
    raster, text = tmp_path / "raster.bin", tmp_path / "text.bin"
    assert main(["print", "table-cards", db, "--to", f"file:{raster}", "--tables", "2"]) == 0
    store = app.extensions["traveller.store"]
    card = printing.table_card_documents(store, [2])[0]
    [job] = read_raster(raster.read_bytes())
    assert_is_preview(job.image, card, find_profile("80mm"))
    assert main(["print", "table-cards", db, "--to", f"file:{text}", "--tables", "2",
                 "--mode", "text", "--code-page", "cp1250"]) == 0
    assert text.read_bytes().startswith(b"\x1b@\x1bt-")  # ESC t 45: CP1250
    capsys.readouterr()
    assert main(["print", "table-cards", db, "--to", f"file:{text}", "--mode", "text",
                 "--code-page", "klingon"]) == 1
    assert capsys.readouterr().err.startswith("traveller: unknown code page: 'klingon'")


def test_8_the_served_worker_prints_raster_off_the_loop(tmp_path: Path) -> None:
    """Under gevent (`traveller serve`), the worker draws in the hub's thread pool and the
    printer still gets the previews' pictures."""
    from server.store import Store
    from tests.conftest import served_event
    from tests.integration.test_printing import FakePrinter

    server = served_event(tmp_path, tables=3).start()
    device = FakePrinter()
    try:
        store = Store.open(server.db_path)
        try:
            printing.set_printer(store, f"network:127.0.0.1:{device.port}", "80mm", "director")
            printing.queue(store, "table-cards", now_ms=0, actor="director")
            cards = printing.table_card_documents(store)
        finally:
            store.close()
        device.thread.join(timeout=60)  # the printer hangs up when the job is over
        assert not device.thread.is_alive(), server.log()
    finally:
        device.close()
        server.stop()
    printed = read_raster(device.received)
    assert len(printed) == len(cards) == 3
    for card, job in zip(cards, printed, strict=True):
        assert_is_preview(job.image, card, find_profile("80mm"))
