"""The print spool: printing never blocks scoring.

The console queues a job (the table cards, for now) in the event file; a worker takes due jobs
one at a time and sends them to the configured printer, retrying a few times with growing
pauses. A printer that stays dead fails the job, which becomes an alert on the console instead
of an error anywhere near a table. The documents are the `printer` package's; which printer and
paper width are the event's `printer` setting, changed in the console and audited.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from printer import Document, PrinterError, deliver, find_profile, parse_target, table_card

from .errors import TravellerError
from .play import table_url
from .store import Store
from .store import printing as sql

log = logging.getLogger(__name__)

DOCUMENTS = ("table-cards",)
ATTEMPTS = 3
"""Tries before a job fails and becomes an alert."""
RETRY_MS = 5_000
"""The pause before the second try; it doubles before each later one."""


def table_card_documents(store: Store, only: set[int] | None = None) -> list[Document]:
    """One card per table: event, section, table number and the QR code of its terminal."""
    base, name = store.setting("base_url", ""), store.setting("name", "")
    return [table_card(name, t.section, t.number, table_url(base, t.token))
            for t in store.tables() if only is None or t.number in only]


def printer_settings(store: Store) -> dict[str, Any]:
    saved = store.setting("printer", {}) or {}
    return {"target": saved.get("target"), "profile": saved.get("profile", "80mm")}


def set_printer(store: Store, target: str, profile: str, actor: str,
                why: str = "") -> dict[str, Any]:
    """Check and store the printer (`network:HOST[:PORT]`, `usb:VID:PID`, `serial:DEV`, `file:`)."""
    try:
        parsed, paper = parse_target(target.strip()), find_profile(profile.strip() or "80mm")
    except ValueError as exc:
        raise TravellerError("invalid_printer", str(exc)) from None
    value = {"target": str(parsed), "profile": paper.name}
    with store.write() as db:
        store.put_setting(db, "printer", value, actor=actor, why=why or "printer set up")
    return value


def queue(store: Store, document: str, now_ms: int, actor: str) -> int:
    """Queue a document for the configured printer; returns the job's id."""
    if document not in DOCUMENTS:
        raise TravellerError("unknown_document", f"unknown document: {document!r} "
                             f"(known: {', '.join(DOCUMENTS)})", 404)
    printer = printer_settings(store)
    if not printer["target"]:
        raise TravellerError("no_printer", "set up a printer first", 409)
    with store.write() as db:
        return sql.enqueue(store, db, {"document": document, "target": printer["target"],
                                       "profile": printer["profile"], "created_ms": now_ms,
                                       "next_try_ms": now_ms}, actor)


def run_due(store: Store, now_ms: int) -> dict[str, Any] | None:
    """Print the oldest due job, if any, and record how it went."""
    with store.read() as db:
        job = sql.due(db, now_ms)
    if job is None:
        return None
    try:
        docs = table_card_documents(store)
        deliver(docs, parse_target(job["target"]), find_profile(job["profile"]))
    except (PrinterError, ValueError, OSError) as exc:
        tries = job["attempts"] + 1
        status = "failed" if tries >= ATTEMPTS else "retrying"
        pause = None if status == "failed" else now_ms + RETRY_MS * 2 ** (tries - 1)
        with store.write() as db:
            sql.finish(store, db, job["id"], status, str(exc), now_ms, pause)
        return {**job, "status": status, "error": str(exc)}
    with store.write() as db:
        sql.finish(store, db, job["id"], "done", None, now_ms, None)
    return {**job, "status": "done"}


def work(store: Store, sleep: Any, stop: Any = None, interval: float = 2.0) -> None:
    """The worker's loop: print what is due, then wait; `sleep` is the server's (gevent) sleep."""
    while stop is None or not stop():
        try:
            while run_due(store, int(time.time() * 1000)) is not None:
                pass
        except Exception:
            log.exception("the print worker failed; it goes on")
        sleep(interval)
