"""The print spool: the console queues table cards, the worker prints them on a real TCP
printer port, retries a dead printer and then raises an alert; nothing blocks scoring."""

from __future__ import annotations

import socket
import threading
from typing import Any

from printer import find_profile
from server.publish import printing
from server.store import printing as spool
from tests.integration.test_director import login
from tests.unit.escpos_raster import read_raster
from tests.unit.test_printer_raster import assert_is_preview

JSON = {"Accept": "application/json"}


class FakePrinter:
    """A raw-TCP printer port on loopback that keeps what it receives (the hardware edge)."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen()
        self.port = self.server.getsockname()[1]
        self.received = b""
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        conn, _ = self.server.accept()
        with conn:
            while chunk := conn.recv(65536):
                self.received += chunk

    def close(self) -> None:
        self.server.close()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_table_cards_print_in_the_background_on_the_configured_printer(app: Any) -> None:
    store = app.extensions["traveller.store"]
    http = login(app)
    device = FakePrinter()
    try:
        saved = http.post("/director/setup/printer", headers=JSON, data={
            "target": f"network:127.0.0.1:{device.port}", "profile": "58mm",
            "csrf_token": http.csrf})
        assert saved.json["printer"] == {"target": f"network:127.0.0.1:{device.port}",
                                         "profile": "58mm", "mode": "raster",
                                         "code_page": "CP852", "lang": "en"}
        queued = http.post("/director/setup/print/table-cards", headers=JSON,
                           data={"csrf_token": http.csrf})
        job_id = queued.json["job"]
        assert spool.jobs(store)[0]["status"] == "queued"
        done = printing.run_due(store, now_ms=10**13)
        assert done is not None and done["status"] == "done"
        device.thread.join(timeout=5)
    finally:
        device.close()
    assert device.received.startswith(b"\x1b@")
    # Raster by default: the printer got the pictures the previews show, card by card.
    cards = printing.table_card_documents(store)
    printed = read_raster(device.received)
    assert len(printed) == len(cards) == 6
    for card, job in zip(cards, printed, strict=True):
        assert_is_preview(job.image, card, find_profile("58mm"))
    assert printing.run_due(store, now_ms=10**13) is None
    actions = [(a["action"], a["entity_id"]) for a in store.audit_rows()
               if a["entity"] in ("print_job", "settings")]
    assert ("print_queued", str(job_id)) in actions and ("print_done", str(job_id)) in actions
    assert ("setting", "printer") in actions


def test_a_dead_printer_is_retried_then_fails_as_an_alert(app: Any) -> None:
    store = app.extensions["traveller.store"]
    printing.set_printer(store, f"network:127.0.0.1:{closed_port()}", "80mm", "director")
    printing.queue(store, "table-cards", now_ms=0, actor="director")
    first = printing.run_due(store, now_ms=0)
    assert first is not None and first["status"] == "retrying"
    assert printing.run_due(store, now_ms=1) is None  # waiting for its pause
    assert printing.run_due(store, now_ms=printing.RETRY_MS)["status"] == "retrying"
    last = printing.run_due(store, now_ms=10 * printing.RETRY_MS)
    assert last is not None and last["status"] == "failed"
    grid = login(app).get("/director/api/grid", headers=JSON).json
    alerts = [a for a in grid["alerts"] if a["kind"] == "printer"]
    assert len(alerts) == 1 and "table-cards" in alerts[0]["text"]


def test_a_bad_printer_is_refused_and_nothing_is_queued_without_one(app: Any) -> None:
    http = login(app)
    bad = http.post("/director/setup/printer", headers=JSON, data={
        "target": "carrier-pigeon:7", "profile": "80mm", "csrf_token": http.csrf})
    assert bad.status_code == 400 and bad.json["code"] == "invalid_printer"
    nothing = http.post("/director/setup/print/table-cards", headers=JSON,
                        data={"csrf_token": http.csrf})
    assert nothing.status_code == 409 and nothing.json["code"] == "no_printer"
    assert spool.jobs(app.extensions["traveller.store"]) == []


def test_a_printer_alert_shows_on_the_console_and_is_acknowledged(app: Any) -> None:
    store = app.extensions["traveller.store"]
    printing.set_printer(store, f"network:127.0.0.1:{closed_port()}", "80mm", "director")
    job = printing.queue(store, "table-cards", now_ms=0, actor="director")
    for attempt in range(printing.ATTEMPTS):
        printing.run_due(store, now_ms=attempt * 10 * printing.RETRY_MS)
    http = login(app)
    page = http.get("/director/").get_data(as_text=True)
    assert "Printer" in page and "table-cards not printed" in page
    acked = http.post("/director/alerts/ack", headers=JSON,
                      data={"key": f"printer:{job}", "csrf_token": http.csrf})
    assert acked.status_code == 200, acked.json
    grid = http.get("/director/api/grid", headers=JSON).json
    assert [a for a in grid["alerts"] if a["kind"] == "printer"] == []
