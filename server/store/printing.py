"""The print spool's SQL: jobs queued by the console, taken by the worker, retried, audited."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from . import Store


def enqueue(store: Store, db: Database, job: dict[str, Any], actor: str) -> int:
    row = {"status": "queued", "attempts": 0, "error": None, "done_ms": None, **job,
           "actor": actor}
    job_id = int(db["print_jobs"].insert(row).last_pk)
    store.audit(db, actor, "print_queued", "print_job", str(job_id), None, json.dumps(row), "")
    return job_id


def due(db: Database, now_ms: int) -> dict[str, Any] | None:
    """The oldest job that is waiting and due, if any."""
    rows = list(db.query(
        "select * from print_jobs where status in ('queued', 'retrying') and "
        "coalesce(next_try_ms, 0) <= ? order by id limit 1", [now_ms]))
    return rows[0] if rows else None


def finish(store: Store, db: Database, job_id: int, status: str, error: str | None,
           now_ms: int, next_try_ms: int | None) -> None:
    old = next(iter(db.query("select status, attempts from print_jobs where id = ?", [job_id])))
    db["print_jobs"].update(job_id, {
        "status": status, "error": error, "attempts": old["attempts"] + 1,
        "next_try_ms": next_try_ms, "done_ms": now_ms if status in ("done", "failed") else None,
    })
    store.audit(db, "printer", f"print_{status}", "print_job", str(job_id), old["status"],
                status, error or "")


def jobs(store: Store, limit: int = 50) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from print_jobs order by id desc limit ?", [limit]))


def failed(store: Store) -> list[dict[str, Any]]:
    with store.read() as db:
        return list(db.query("select * from print_jobs where status = 'failed' order by id"))
