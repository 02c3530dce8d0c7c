"""Migrations for a competition in several venues (D5.1): the bundles a venue's file made and
those it took in.

- `exchange_outbox`: every bundle this file made, in order (`seq`), with its bytes, kept until
  it is sent and after (a bundle's content never changes once made, so a venue that applied it
  and one that applies it later see the same thing); `sent_ms` once a location has it;
- `exchange_sent`: what this file has put in its bundles so far, one row per record (`kind`,
  its identity in the room's terms, the hash of its content), so the next bundle holds only
  what changed since;
- `exchange_received`: every bundle taken in, by venue and sequence number, with its
  checksum: a bundle is applied exactly once, and those of one venue in their order.
"""

from __future__ import annotations

from sqlite_utils import Database

from .schema import migrations

__all__ = ["migrations"]


@migrations()
def m016_exchange(db: Database) -> None:
    db["exchange_outbox"].create(
        {"seq": int, "name": str, "body": str, "records": int, "made_ms": int, "sent_ms": int},
        pk="seq", not_null={"name", "body", "made_ms"},
    )
    db["exchange_sent"].create(
        {"kind": str, "ident": str, "hash": str}, pk=("kind", "ident"), not_null={"hash"},
    )
    db["exchange_received"].create(
        {"venue": str, "seq": int, "checksum": str, "name": str, "records": int,
         "made_ms": int, "applied_ms": int},
        pk=("venue", "seq"), not_null={"checksum", "applied_ms"},
    )
