"""The results site on the web: `traveller publish` and `serve --publish`.

The site is the `export --format html` site (en/id/pl) as the public results pages show the
event (`event_values(public=True)`: a board held back until every table that plays it has
played it). It goes to a remote location (`server.remote`) with a manifest of the last
publication kept there, `traveller-manifest.json` (each file's sha256): only files whose hash
changed, or that the remote lacks, are sent; the other pages first, every `index.html` after
them (the site's top one last), so an index never links to a page not there yet; then the
files the old manifest listed that the site no longer has are deleted; the manifest is written
last. Each file is written under a temporary name and renamed over (`Location.write`), so a
page is never seen half-written. A link cut anywhere leaves every page whole, old or new, and
the manifest old: the next publication sends what is still different.

`Publisher` keeps the site current while serving: a background task that looks every few
seconds whether anything was stored since the last publication (the audit's mark), builds the
site when so (at most every `every_s` seconds) and sends what changed, off the event loop. A
failure (`RemoteError`) keeps the work queued and is retried with a backoff that doubles up to
`MAX_BACKOFF_S` (`server.remote.retry`). What the console shows is `PublicationStatus`, in
memory: the location's display (never a password), the last publication's time and counts,
the last error.

Under closed rooms (K8.3, `server.publish.closed`) nothing goes to the web host until the
director has published the results after the end: `traveller publish` refuses, and the served
publisher waits (its status says so).
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..remote import Location, RemoteError, open_location
from ..remote.retry import (
    FIRST_BACKOFF_S,
    LOOK_EVERY_S,
    MAX_BACKOFF_S,
    Backoff,
    keep_looking,
    traveller_json,
)
from ..store import Store
from ..store.backup import change_mark
from .closed import check_public, held_back
from .export import event_values, export_event

log = logging.getLogger(__name__)

T = TypeVar("T")

MANIFEST = "traveller-manifest.json"
"""The last publication's files and their sha256, kept on the remote beside the site."""

"""How often the served publisher looks for changes or a due retry."""



@dataclass(frozen=True)
class Published:
    """One publication: what was sent where."""

    location: str
    """The location's display (no credentials)."""
    sent: int
    """Files written (pages changed or missing on the remote; the manifest not counted)."""
    unchanged: int
    """Files the remote already had, byte for byte."""
    deleted: int
    """Files of the previous publication the site no longer has, removed."""

    def wire(self) -> dict[str, int]:
        return {"sent": self.sent, "unchanged": self.unchanged, "deleted": self.deleted}


def site(store: Store, now_ms: int | None = None) -> dict[str, bytes]:
    """The public results site, by path (`index.html`, `en/index.html`...)."""
    now = int(time.time() * 1000) if now_ms is None else now_ms
    return export_event(store, "html", now, event=event_values(store, now, public=True))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _order(names: list[str]) -> list[str]:
    """Pages first, then each folder's index.html, the site's top index.html last."""
    def key(name: str) -> tuple[int, int, str]:
        if name.rsplit("/", 1)[-1] != "index.html":
            return (0, 0, name)
        return (1, -name.count("/"), name)
    return sorted(names, key=key)


def remote_manifest(location: Location, listing: Mapping[str, str]) -> dict[str, str]:
    """The previous publication's manifest on the remote; empty when it is missing or cannot
    be read as one (then everything is sent)."""
    if MANIFEST not in listing:
        return {}
    try:
        data = json.loads(location.read(MANIFEST))
        files = data["files"]
    except RemoteError:
        raise
    except Exception:
        log.warning("the manifest at %s cannot be read: everything is sent", location.display)
        return {}
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def publish_files(files: Mapping[str, bytes], location: Location) -> Published:
    """Send `files` to `location` as described in the module text. Raises RemoteError (the
    remote then holds whole pages, each the old or the new)."""
    if MANIFEST in files:
        raise ValueError(f"the site has a file named {MANIFEST}")
    listing = location.list()
    old = remote_manifest(location, listing)
    hashes = {name: digest(data) for name, data in files.items()}
    changed = [n for n in files if old.get(n) != hashes[n] or n not in listing]
    for name in _order(changed):
        location.write(name, files[name])
    stale = sorted(n for n in old if n not in files and n != MANIFEST)
    for name in stale:
        location.delete(name)
    if changed or stale or old != hashes:
        manifest = {"generator": "traveller", "files": dict(sorted(hashes.items()))}
        location.write(MANIFEST, json.dumps(manifest, indent=1).encode())
    return Published(location.display, len(changed), len(files) - len(changed), len(stale))


def publish(store: Store, text: str, *, credentials: Path | None = None,
            now_ms: int | None = None) -> Published:
    """`traveller publish`: the event's public site to the location `text`. Raises RemoteError
    (one sentence, no secret) when the location fails; TravellerError under closed rooms
    (K8.3) until the director has published the results."""
    check_public(store)
    files = site(store, now_ms)
    with open_location(text, credentials=credentials) as location:
        return publish_files(files, location)


# --- while serving ------------------------------------------------------------------------


@dataclass
class PublicationStatus:
    """What the console shows of the publication while serving (in memory, no secrets)."""

    location: str
    every_s: float
    last_ms: int | None = None
    """When the last publication succeeded."""
    sent: int = 0
    unchanged: int = 0
    deleted: int = 0
    error: str | None = None
    """The last attempt's failure, None once one succeeds."""
    error_since_ms: int | None = None
    retry_ms: int | None = None
    """When a failed publication is tried again."""
    pending: bool = False
    """The results changed since the last publication reached the remote."""
    closed: bool = False
    """K8.3: closed rooms hold the site back until the director publishes the results."""

    def wire(self) -> dict[str, Any]:
        return asdict(self)


def run_here(work: Callable[[], T]) -> T:
    return work()


class Publisher:
    """Keeps the site at `text` current for the store `get_store` returns (None until the
    event exists)."""

    def __init__(self, get_store: Callable[[], Store | None], text: str, *,
                 every_s: float = 60.0, credentials: Path | None = None,
                 offload: Callable[[Callable[[], Any]], Any] = run_here,
                 clock: Callable[[], float] = time.time,
                 first_backoff_s: float = FIRST_BACKOFF_S,
                 max_backoff_s: float = MAX_BACKOFF_S) -> None:
        self.get_store = get_store
        self.text = text
        self.credentials = credentials
        self.offload = offload
        self.clock = clock
        self.backoff = Backoff(first_backoff_s, max_backoff_s)
        # Parsed now, so a malformed location fails at start, not at the first round.
        location = open_location(text, credentials=credentials)
        self.kind = location.kind
        self.status = PublicationStatus(location=location.display, every_s=every_s)
        self.by_process = False
        """Send with `traveller publish` in a process of its own (see IN_A_PROCESS)."""
        self._mark: int | None = None
        """The store's change mark at the last publication that succeeded."""
        self._sent_hash: str | None = None
        """The hash of the whole site last sent: an unchanged site is not sent again."""
        self._last_try_s: float | None = None
        self._lock = threading.Lock()

    def due(self, store: Store) -> bool:
        """Whether to publish now: something was stored since the last publication (or it
        failed), and the interval or the backoff has passed."""
        now = self.clock()
        if self.status.error is not None:
            return now >= (self._last_try_s or 0) + self.backoff.wait_s
        try:
            mark = change_mark(store)
        except Exception:
            mark = None
        if mark is not None and mark == self._mark:
            return False
        self.status.pending = True
        return self._last_try_s is None or now - self._last_try_s >= self.status.every_s

    def step(self) -> Published | None:
        """Look once; publish when due. Returns the publication made, if any."""
        store = self.get_store()
        if store is None:
            return None
        self.status.closed = held_back(store)
        if self.status.closed or not self.due(store):
            return None
        return self.publish_now(store)

    def publish_now(self, store: Store) -> Published | None:
        self.status.closed = held_back(store)
        if self.status.closed:
            return None
        with self._lock:
            self._last_try_s = self.clock()
            try:
                mark: int | None = change_mark(store)
            except Exception:
                mark = None
            files = site(store)
            whole = digest(b"".join(name.encode() + b"\0" + digest(data).encode()
                                    for name, data in sorted(files.items())))
            if whole == self._sent_hash and self.status.error is None:
                self._mark, self.status.pending = mark, False
                return None
            outcome = (self._send_by_process(store) if self.by_process
                       else self.offload(lambda: self._send(files)))
            if isinstance(outcome, RemoteError):
                self._failed(str(outcome))
                return None
            done: Published = outcome
            self._mark, self._sent_hash = mark, whole
            self.backoff.worked()
            now_ms = int(self.clock() * 1000)
            recovered = self.status.error is not None
            self.status.last_ms, self.status.pending = now_ms, False
            self.status.sent, self.status.unchanged = done.sent, done.unchanged
            self.status.deleted = done.deleted
            self.status.error = self.status.error_since_ms = self.status.retry_ms = None
            log.info("published to %s: %d sent, %d unchanged, %d deleted", done.location,
                     done.sent, done.unchanged, done.deleted)
            if recovered:
                print(f"traveller: published to {done.location} again", file=sys.stderr,
                      flush=True)
            return done

    def _send(self, files: Mapping[str, bytes]) -> Published | RemoteError:
        # The failure is returned, not raised: a thread pool would print its traceback.
        try:
            with open_location(self.text, credentials=self.credentials) as location:
                return publish_files(files, location)
        except RemoteError as exc:
            return exc

    def _send_by_process(self, store: Store) -> Published | RemoteError:
        args = ["publish", str(store.path), self.text]
        if self.credentials is not None:
            args += ["--credentials", str(self.credentials)]
        try:
            counts = traveller_json(args, self.status.location)
        except RemoteError as exc:
            return exc
        return Published(self.status.location, counts["sent"], counts["unchanged"],
                         counts["deleted"])

    def _failed(self, error: str) -> None:
        now = self.clock()
        wait = self.backoff.failed()
        if self.status.error is None:
            self.status.error_since_ms = int(now * 1000)
        self.status.error, self.status.pending = error, True
        self.status.retry_ms = int((now + wait) * 1000)
        print(f"traveller: publication failed: {error} (tried again in "
              f"{wait:g} s; nothing is lost)", file=sys.stderr, flush=True)

    def run(self, sleep: Callable[[float], Any]) -> None:
        """Look every LOOK_EVERY_S seconds (or the interval, if shorter), for ever."""
        keep_looking(self.step, sleep,
                     min(LOOK_EVERY_S, self.status.every_s, self.backoff.first_s),
                     "publication")
