"""`traveller exchange`: send this venue's bundles to a location, take in the others'.

One exchange makes this venue's bundle of what changed since its last (kept in the file's
outbox first, so a link that fails loses nothing: the bundle goes out next time, unchanged),
writes every bundle not yet sent to the location (each file written whole, under a temporary
name then renamed), then reads every bundle there and takes in those not taken in yet, each
venue's in their order. Running it again changes nothing; a bundle that arrives late or twice
is fine. A refused bundle (another competition's, altered, touching another group's tables) is
named with why, and the others still go in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..errors import TravellerError
from ..event.venue import competition_id, venue_group
from ..remote import credentials_beside, open_location
from ..store import Store
from ..store import exchange as xsql
from .bundles import PREFIX, Refused, Waiting, make_bundle, parse, take_in

T = TypeVar("T")


@dataclass
class Exchanged:
    sent: int = 0
    """Records carried by the bundles written to the location this time."""
    bundles_sent: int = 0
    received: dict[str, int] = field(default_factory=dict)
    """Records taken in, by venue (group)."""
    refused: list[dict[str, str]] = field(default_factory=list)
    waiting: list[dict[str, str]] = field(default_factory=list)
    location: str = ""

    def json(self) -> dict[str, Any]:
        return {"sent": self.sent, "received": dict(sorted(self.received.items())),
                "refused": self.refused, "waiting": self.waiting}


def run_here(work: Callable[[], T]) -> T:
    return work()


def exchange(store: Store, text: str, *, event: Path | None = None,
             now_ms: int | None = None, offload: Callable[[Callable[[], Any]], Any] = run_here
             ) -> Exchanged:
    """One exchange with the location `text`; RemoteError when it cannot be reached (what
    this venue made stays in its outbox). The store is read and written here; the location
    only inside `offload` (served: a thread of the hub's pool, so a slow link never holds the
    tables' loop)."""
    if competition_id(store) is None:
        raise TravellerError("not_a_venue", "this event file is no venue's and no "
                             "competition's with venues: make the venues' files with "
                             "`traveller venue` from the competition's file")
    now = int(time.time() * 1000) if now_ms is None else now_ms
    make_bundle(store, now)
    beside = credentials_beside(event) if event is not None else None
    credentials = beside if beside is not None and beside.is_file() else None
    location = open_location(text, credentials=credentials)
    unsent = xsql.unsent(store)
    skip = {b["name"] for b in xsql.outbox(store)} | {
        row["name"] for row in xsql.received(store).values() if row["name"]}
    done = Exchanged(location=location.display)

    def remote() -> list[tuple[str, bytes]]:
        try:
            for bundle in unsent:
                location.write(bundle["name"], bundle["body"].encode("utf-8"))
            found = []
            for name in sorted(location.list()):
                base = name.rsplit("/", 1)[-1]
                if base.startswith(PREFIX) and base.endswith(".json") and base not in skip:
                    found.append((base, location.read(name)))
            return found
        finally:
            location.close()

    arrived: list[tuple[str, bytes]] = offload(remote)
    sent_ms = int(time.time() * 1000)
    with store.write() as db:
        for bundle in unsent:
            xsql.mark_sent(db, bundle["seq"], sent_ms)
    done.sent = sum(int(b["records"] or 0) for b in unsent)
    done.bundles_sent = len(unsent)
    _receive(store, arrived, done, now)
    return done


def _receive(store: Store, arrived: list[tuple[str, bytes]], done: Exchanged,
             now: int) -> None:
    found: list[tuple[str, int, str, dict[str, Any]]] = []
    for base, data in arrived:
        try:
            body = parse(data, base)
        except Refused as exc:
            done.refused.append({"file": base, "why": str(exc)})
            continue
        found.append((body["venue"], body["seq"], base, body))
    found.sort(key=lambda item: (item[0], item[1]))
    blocked: set[str] = set()
    for venue, _seq, base, body in found:
        if venue in blocked:
            done.waiting.append({"file": base, "why": f"an earlier bundle of {venue} waits"})
            continue
        try:
            taken = take_in(store, body, base, now)
        except Refused as exc:
            done.refused.append({"file": base, "why": str(exc)})
            blocked.add(venue)
            continue
        except Waiting as exc:
            done.waiting.append({"file": base, "why": str(exc)})
            blocked.add(venue)
            continue
        if taken.records:
            done.received[venue] = done.received.get(venue, 0) + taken.records


def status(store: Store, now_ms: int) -> dict[str, Any]:
    """For the console: this venue's bundles, and each other venue's last bundle and its age."""
    venues: dict[str, dict[str, Any]] = {}
    for (venue, seq), row in sorted(xsql.received(store).items()):
        venues[venue] = {"seq": seq, "made_ms": row["made_ms"],
                         "applied_ms": row["applied_ms"],
                         "age_s": None if row["made_ms"] is None
                         else max(0, (now_ms - int(row["made_ms"])) // 1000)}
    made = xsql.outbox(store)
    return {"venue": venue_group(store), "made": len(made),
            "unsent": sum(1 for b in made if b["sent_ms"] is None),
            "last_sent_ms": max((b["sent_ms"] for b in made if b["sent_ms"]), default=None),
            "venues": venues}


__all__ = ["Exchanged", "exchange", "status"]
