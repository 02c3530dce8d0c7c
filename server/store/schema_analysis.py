"""Migrations for the analysis of hand records: double-dummy tricks and par with each deal."""

from __future__ import annotations

from sqlite_utils import Database

from . import schema_setup  # noqa: F401  (m007 creates the deals table: register it first)
from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m015_deal_analysis(db: Database) -> None:
    # What a deal is worth double dummy, computed on loading (endplay) or read from the file's
    # tags: `dd_tricks` as PBN's DoubleDummyTricks (20 hex digits, N S E W each in NT S H D C),
    # `par_score` North-South's, `par_contract` as text, `analysis` "endplay" or "file".
    for column, kind in (("dd_tricks", str), ("par_score", int), ("par_contract", str),
                         ("analysis", str)):
        db["deals"].add_column(column, kind)
