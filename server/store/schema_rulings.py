"""Migrations for the director's rulings: corrections, adjusted scores, penalties."""

from __future__ import annotations

from .schema import migrations

__all__ = ["migrations"]
