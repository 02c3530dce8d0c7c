"""Migrations for per-table clocks, slow play and alerts (registered after schema.py's)."""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m004_table_clocks(db: Database) -> None:
    # A table's own clock for a round (a late start, its own extension); without a row the
    # table runs on the round's clock in `clocks`.
    db["table_clocks"].create(
        {
            "section": str,
            "table_number": int,
            "round": int,
            "duration_ms": int,
            "started_ms": int,
            "used_ms": int,
            "extension_ms": int,
        },
        pk=("section", "table_number", "round"),
    )


@migrations()
def m004_slow_play_rulings(db: Database) -> None:
    # The director's decision on a pair's slow play in a session (K12.2): applied or waived.
    db["slow_play"].create(
        {
            "section": str,
            "session": int,
            "pair_number": int,
            "status": str,
            "late_minutes": int,
            "penalty": str,
            "unit": str,
            "rule": str,
            "warning": int,
            "reason": str,
            "decided_ms": int,
            "actor": str,
        },
        pk=("section", "session", "pair_number"),
        not_null={"status", "penalty"},
    )


@migrations()
def m004_alert_acks(db: Database) -> None:
    db["alert_acks"].create({"key": str, "acked_ms": int, "actor": str}, pk="key")
