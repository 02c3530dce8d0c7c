"""Migrations for per-table clocks, slow play and alerts (registered after schema.py's)."""

from __future__ import annotations

from .schema import migrations

__all__ = ["migrations"]
