"""The results site on the web (issue 23 item 7): `traveller publish` and `serve --publish`,
against a folder and real FTP, WebDAV and SFTP servers on 127.0.0.1.

One pairs event (the demo Mitchell, 6 tables) is played once for the module, all but one entry:
that board is held back on the public site. Each test takes its own copy."""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.publish.export import export_event
from server.publish.web import MANIFEST, Publisher, publish, publish_files, site
from server.remote import Location, RemoteError, open_location
from server.remote.location import TEMP_PREFIX
from server.store import Store
from server.table.entry import submit_result
from tests.conftest import REPO, make_event
from tests.integration.remote_servers import (
    PASSWORD,
    Server,
    closed_port,
    remote_server,
)

CONTRACTS = [("4S", 10, "N"), ("3N", 9, "S"), ("4H", 9, "E"), ("2S", 8, "W"), ("1N", 7, "W")]


def play(store: Store, skip: set[tuple[int, int, int]] = frozenset()) -> None:  # type: ignore[assignment]
    """Enter every entry not entered yet, but those of `skip` (round, table, board)."""
    tables = {(t.section, t.number): t for t in store.tables()}
    done = {(r.round, r.table_number, r.board) for r in store.results()}
    for n, seating in enumerate(sorted(store.seatings(), key=lambda s: (s.round, s.table_number))):
        for board in seating.boards:
            key = (seating.round, seating.table_number, board)
            if key in skip or key in done:
                continue
            contract, tricks, declarer = CONTRACTS[(n + board) % len(CONTRACTS)]
            ack = submit_result(store, tables[(seating.section, seating.table_number)],
                                {"op_id": str(uuid.uuid4()), "board": board,
                                 "contract": contract, "declarer": declarer, "tricks": tricks},
                                0, "test")
            assert ack["ok"], ack


def last_entry(store: Store) -> tuple[int, int, int]:
    seating = max(store.seatings(), key=lambda s: (s.round, s.table_number))
    return seating.round, seating.table_number, seating.boards[0]


@pytest.fixture(scope="module")
def played_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = make_event(tmp_path_factory.mktemp("played") / "event.db")
    store = Store.open(str(path))
    play(store, skip={last_entry(store)})
    store.close()
    return path


@pytest.fixture
def store(played_db: Path, tmp_path: Path) -> Iterator[Store]:
    copy = tmp_path / "event.db"
    shutil.copy(played_db, copy)
    opened = Store.open(str(copy))
    yield opened
    opened.close()


def on_disk(server: Server) -> dict[str, bytes]:
    """What the remote holds, read from the server's own folder (no temporary files)."""
    return {p.relative_to(server.folder).as_posix(): p.read_bytes()
            for p in server.folder.rglob("*")
            if p.is_file() and not p.name.startswith(TEMP_PREFIX)}


def held_back_page(store: Store) -> str:
    return f"en/board-A-{last_entry(store)[2]}.html"


# --- what is published -------------------------------------------------------------------


def test_publish_holds_back_a_board_not_played_at_every_table(store: Store) -> None:
    public, director = site(store), export_event(store, "html")
    page = held_back_page(store)
    assert page in director and page not in public
    # The board is not in the public travellers' list, nor in any pair's scorecard.
    board = last_entry(store)[2]
    assert f'href="board-A-{board}.html"' not in public["en/index.html"].decode()
    assert f'href="board-A-{board}.html"' in director["en/index.html"].decode()
    for name, data in public.items():
        assert f"board-A-{board}.html" not in data.decode(), name
    # Every other board shows, the same as in the export.
    others = [n for n in director if "/board-" in n and not n.endswith(f"-{board}.html")]
    assert others and all(n in public for n in others)
    play(store)
    assert page in site(store)


def test_publish_holds_back_a_teams_board_until_both_rooms_played_it(tmp_path: Path) -> None:
    from tests.integration import teams_event as te

    store = Store.open(str(te.create(tmp_path / "teams.db")))
    try:
        first, second = te.boards_of(store, 1)[:2]
        te.enter(store, "O", 1, first, "4S", 10, "N")
        te.enter(store, "C", 1, first, "4S", 9, "N")
        te.enter(store, "O", 1, second, "6NT", 12, "S")  # the closed room has yet to play it
        public, director = site(store), export_event(store, "html")
        page = next(n for n in director if n.startswith("en/match-1-"))
        slam = "<td>6N</td>"
        assert slam in director[page].decode() and slam not in public[page].decode()
        assert public[page].decode().count("<td>4S</td>") == 2
        assert director[page].decode().count("<td>4S</td>") == 2
        te.enter(store, "C", 1, second, "3NT", 10, "S")
        assert slam in site(store)[page].decode()
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["folder", "ftp", "webdav", "sftp"])
def test_publish_unchanged_second_publish_sends_nothing(
        store: Store, tmp_path: Path, kind: str) -> None:
    files = site(store)
    with remote_server(kind, tmp_path / "remote") as server:
        first = publish(store, server.url)
        assert (first.sent, first.unchanged, first.deleted) == (len(files), 0, 0)
        remote = on_disk(server)
        assert {n: d for n, d in remote.items() if n != MANIFEST} == files
        manifest = json.loads(remote[MANIFEST])
        assert set(manifest["files"]) == set(files)
        again = publish(store, server.url)
        assert again.wire() == {"sent": 0, "unchanged": len(files), "deleted": 0}
        assert on_disk(server) == remote


def test_publish_sends_only_what_changed_and_deletes_what_went(
        store: Store, tmp_path: Path) -> None:
    with remote_server("folder", tmp_path / "remote") as server:
        location = open_location(server.location)
        before = site(store)
        publish_files({**before, "en/old-page.html": b"gone soon"}, location)
        play(store)  # the last entry: its board shows, the rankings move
        after = site(store)
        changed = {n for n in after if before.get(n) != after[n]}
        done = publish(store, server.location)
        assert done.wire() == {"sent": len(changed), "unchanged": len(after) - len(changed),
                               "deleted": 1}
        assert held_back_page(store) in changed and "index.html" not in changed
        assert {n: d for n, d in on_disk(server).items() if n != MANIFEST} == after


def test_publish_sends_everything_without_a_readable_manifest(
        store: Store, tmp_path: Path) -> None:
    with remote_server("folder", tmp_path / "remote") as server:
        publish(store, server.location)
        (server.folder / MANIFEST).write_text("not json")
        assert publish(store, server.location).sent == len(site(store))
        (server.folder / "en" / "index.html").unlink()  # lost on the host: sent again
        assert publish(store, server.location).sent == 1


def test_publish_writes_index_pages_last(store: Store, tmp_path: Path) -> None:
    order: list[str] = []

    class Recording(Location):
        def write(self, name: str, data: bytes) -> None:
            order.append(name)
            super().write(name, data)

    location = Recording("file", display=str(tmp_path), root=str(tmp_path))
    publish_files(site(store), location)
    pages = [n for n in order if n != MANIFEST]
    indexes = [n for n in pages if n.endswith("index.html")]
    assert pages[-len(indexes):] == indexes and indexes[-1] == "index.html"
    assert order[-1] == MANIFEST


# --- a link cut mid-publish ----------------------------------------------------------------


class CutAfter(Location):
    """The real location, whose server is stopped (the link cut) after `writes` whole files,
    or, with `mid_write`, between the upload of the next one and its rename."""

    def __init__(self, server: Server, writes: int, mid_write: bool = False) -> None:
        source = open_location(server.url)
        super().__init__(source.kind, display=source.display, root=source._root,
                         host=source._host, port=source._port, login=source._login)
        self.server, self.left, self.mid_write = server, writes, mid_write

    def write(self, name: str, data: bytes) -> None:
        if self.left == 0 and not self.mid_write:
            self.server.stop()
        self.left -= 1
        super().write(name, data)

    def _rename(self, fs: Any, temp: str, target: str) -> None:
        if self.left < 0 and self.mid_write:
            self.server.stop()
        super()._rename(fs, temp, target)


@pytest.mark.parametrize("kind, mid_write", [("ftp", False), ("ftp", True), ("sftp", True),
                                             ("webdav", False)])
def test_publish_link_cut_mid_publish_leaves_the_site_whole_and_completes_later(
        store: Store, tmp_path: Path, kind: str, mid_write: bool) -> None:
    with remote_server(kind, tmp_path / "remote") as server:
        publish(store, server.url)
        old = {n: d for n, d in on_disk(server).items() if n != MANIFEST}
        old_manifest = (server.folder / MANIFEST).read_bytes()
        play(store)
        new = site(store)
        changed = [n for n in new if old.get(n) != new[n]]
        assert len(changed) > 4
        cut = CutAfter(server, writes=3, mid_write=mid_write)
        with pytest.raises(RemoteError, match=rf"^cannot reach {kind}://127\.0\.0\.1:"):
            publish_files(new, cut)
        assert not server.running
        remote = on_disk(server)
        # Every page whole: the old one or the new one, never a mix; the manifest the old one.
        assert remote[MANIFEST] == old_manifest
        assert set(remote) - {MANIFEST} <= set(old) | set(new)
        for name, data in remote.items():
            if name != MANIFEST:
                assert data in (old.get(name), new.get(name)), name
        mixed = [n for n in changed if remote.get(n) == new[n]]
        assert len(mixed) == 3 and remote["index.html"] == old.get("index.html")
        # The link is back: the next publication completes the site.
        server.start()
        done = publish(store, server.url)
        assert done.sent == len(changed)  # the manifest is the old one: all of them again
        assert publish(store, server.url).sent == 0
        assert {n: d for n, d in on_disk(server).items() if n != MANIFEST} == new


# --- the command line ----------------------------------------------------------------------


def traveller(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", *args], cwd=REPO,
                          capture_output=True, text=True, check=False, timeout=60)


def test_publish_command_prints_its_counts(store: Store, tmp_path: Path) -> None:
    target = tmp_path / "site"
    first = traveller("publish", str(store.path), str(target), "--json")
    assert first.returncode == 0, first.stderr
    files = site(store)
    assert json.loads(first.stdout) == {"sent": len(files), "unchanged": 0, "deleted": 0}
    second = traveller("publish", str(store.path), str(target))
    assert second.returncode == 0
    assert second.stdout == (f"published to {target}: 0 sent, {len(files)} unchanged, "
                             f"0 deleted\n")


def test_publish_to_an_unreachable_location_is_one_line_and_exit_1(
        store: Store, tmp_path: Path) -> None:
    port = closed_port()
    done = traveller("publish", str(store.path),
                     f"ftp://traveller:{PASSWORD}@127.0.0.1:{port}/site", "--json")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (f"traveller: cannot reach ftp://127.0.0.1:{port}/site: connection "
                           "refused (nothing was lost: publish again when the link is back)\n")
    bad = traveller("publish", str(store.path), "gopher://host/site")
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1
    assert bad.stderr.startswith("traveller: unknown kind of location gopher://")


def test_publish_credentials_from_the_file_beside_the_event(
        store: Store, tmp_path: Path) -> None:
    with remote_server("ftp", tmp_path / "remote") as server:
        Path(f"{store.path}.remote.toml").write_text(
            f'["ftp://127.0.0.1:{server.port}"]\nuser = "traveller"\npassword = "{PASSWORD}"\n')
        done = traveller("publish", str(store.path),
                         f"ftp://127.0.0.1:{server.port}/site", "--json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["sent"] == len(site(store))


# --- while serving -------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_served_publication_retries_with_backoff_and_follows_the_results(
        store: Store, tmp_path: Path, caplog: pytest.LogCaptureFixture,
        capsys: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.DEBUG)
    clock = Clock()
    with remote_server("ftp", tmp_path / "remote") as server:
        server.stop()
        publisher = Publisher(lambda: store, server.url, every_s=60, clock=clock,
                              first_backoff_s=5, max_backoff_s=20)
        assert publisher.status.location == f"ftp://127.0.0.1:{server.port}/site"
        assert publisher.step() is None
        status = publisher.status
        assert status.error == f"cannot reach {status.location}: connection refused"
        assert status.pending and status.retry_ms == (clock.now + 5) * 1000
        clock.now += 4
        assert publisher.step() is None and status.retry_ms == (clock.now - 4 + 5) * 1000
        delays = []
        for _ in range(4):  # the backoff doubles up to its cap
            clock.now = status.retry_ms / 1000
            publisher.step()
            delays.append(status.retry_ms / 1000 - clock.now)
        assert delays == [10, 20, 20, 20]
        server.start()
        clock.now = status.retry_ms / 1000
        done = publisher.step()
        assert done is not None and done.sent == len(site(store))
        assert status.error is None and not status.pending and status.last_ms == clock.now * 1000
        # Nothing changed: nothing to do, not even a look at the remote.
        clock.now += 120
        assert publisher.step() is None
        # A result comes in: published at most every 60 s, only what changed.
        play(store)
        clock.now += 1
        assert publisher.step() is not None and status.sent > 0
        assert {n: d for n, d in on_disk(server).items() if n != MANIFEST} == site(store)
    err = capsys.readouterr().err
    assert "traveller: publication failed: cannot reach ftp://127.0.0.1:" in err
    assert "traveller: published to ftp://127.0.0.1:" in err
    with store.read() as db:
        rows = [json.dumps(dict(r)) for r in db.query("select * from audit")]
    for text in (err, caplog.text, *rows, json.dumps(status.wire())):
        assert PASSWORD not in text and "s3cr3t" not in text


def test_served_publication_to_sftp_sends_from_a_process_of_its_own(
        store: Store, tmp_path: Path) -> None:
    # asyncssh runs an asyncio loop, which gevent's threads cannot host: a server sends with
    # `traveller publish` in a process of its own (what `serve` does for sftp:// and s3://).
    with remote_server("sftp", tmp_path / "remote") as server:
        publisher = Publisher(lambda: store, server.url, every_s=60)
        publisher.by_process = True
        done = publisher.step()
        assert done is not None and done.wire() == {"sent": len(site(store)), "unchanged": 0,
                                                    "deleted": 0}
        assert {n: d for n, d in on_disk(server).items() if n != MANIFEST} == site(store)
        server.stop()
        play(store)
        assert publisher.publish_now(store) is None
        assert publisher.status.error == (f"cannot reach {publisher.status.location}: "
                                          "connection refused")


def test_the_console_shows_the_last_publication(event_path: Path, tmp_path: Path) -> None:
    from server.app import create_app
    from tests.integration.test_director import login

    app = create_app({"DATABASE": str(event_path), "TESTING": True,
                      "PUBLISH": str(tmp_path / "site"), "PUBLISH_EVERY_S": 30})
    try:
        client = login(app)
        page = client.get("/director/setup/?lang=en").get_data(as_text=True)
        assert 'data-testid="web-publication"' in page
        assert f"Sent to {tmp_path / 'site'} at most every 30 s" in page
        assert "Not published yet." in page
        publisher = app.extensions["traveller.publisher"]
        publisher.step()
        page = client.get("/director/setup/").get_data(as_text=True)
        assert ": 4 sent, 0 unchanged, 0 deleted." in page
        publisher.status.error = "cannot reach ftp://127.0.0.1:1/site: connection refused"
        publisher.status.error_since_ms = publisher.status.retry_ms = 0
        page = client.get("/director/setup/?lang=pl").get_data(as_text=True)
        assert "Nie działa od" in page and "connection refused" in page
    finally:
        app.extensions["traveller.store"].close()
