"""Remote locations against real servers on 127.0.0.1: a folder, FTP (pyftpdlib), WebDAV
(WsgiDAV on cheroot) and SFTP (asyncssh). Write, read, list, overwrite, delete, nested names;
the password never shows; an unreachable location fails fast with one sentence."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from server.remote import Location, RemoteError, RemoteNotFound, open_location
from server.remote.location import TEMP_PREFIX
from tests.integration.remote_servers import (
    KINDS,
    PASSWORD,
    USER,
    Server,
    closed_port,
    remote_server,
)


@pytest.fixture(params=KINDS)
def server(request: pytest.FixtureRequest, tmp_path: Path):
    with remote_server(request.param, tmp_path / "served") as started:
        yield started


@pytest.fixture(params=[k for k in KINDS if k != "folder"])
def server_with_login(request: pytest.FixtureRequest, tmp_path: Path):
    with remote_server(request.param, tmp_path / "served") as started:
        yield started


def opened(server: Server) -> Location:
    return open_location(server.url)


def test_write_read_list_overwrite_delete(server: Server) -> None:
    with opened(server) as location:
        assert location.list() == {}
        location.write("index.html", b"<p>one</p>")
        location.write("en/deep/board-A-1.html", "<p>Łódź ♠</p>".encode())
        assert location.read("index.html") == b"<p>one</p>"
        assert location.read("en/deep/board-A-1.html") == "<p>Łódź ♠</p>".encode()
        assert sorted(location.list()) == ["en/deep/board-A-1.html", "index.html"]
        before = location.list()["index.html"]
        location.write("index.html", b"<p>two, longer</p>")
        assert location.read("index.html") == b"<p>two, longer</p>"
        if before:
            assert location.list()["index.html"] != before
        location.delete("index.html")
        location.delete("index.html")  # missing is fine
        assert list(location.list()) == ["en/deep/board-A-1.html"]
        with pytest.raises(RemoteNotFound):
            location.read("index.html")
    # what arrived on the server's disk: the files, no temporary names left behind
    on_disk = sorted(p.relative_to(server.folder).as_posix()
                     for p in server.folder.rglob("*") if p.is_file())
    assert on_disk == ["en/deep/board-A-1.html"]
    assert not any(p.name.startswith(TEMP_PREFIX) for p in server.folder.rglob("*"))


def test_a_leftover_temporary_file_is_not_listed(server: Server) -> None:
    (server.folder / f"{TEMP_PREFIX}abcd-index.html").write_bytes(b"half")
    with opened(server) as location:
        location.write("index.html", b"whole")
        assert list(location.list()) == ["index.html"]


def test_password_never_in_display_nor_in_errors(server_with_login: Server) -> None:
    server = server_with_login
    location = opened(server)
    assert PASSWORD not in location.display and USER not in location.display
    assert location.display == f"{server.scheme}://127.0.0.1:{server.port}/site"
    with pytest.raises(RemoteError) as missing:
        location.read("nothing-here.html")
    server.stop()
    with pytest.raises(RemoteError) as down:
        location.write("index.html", b"x")
    wrong = open_location(server.url.replace("s3cr3t", "wrong"))
    server.start()
    with pytest.raises(RemoteError) as refused:
        wrong.list()
    for error in (missing.value, down.value, refused.value):
        text = f"{error} {error!r}"
        assert PASSWORD not in text and "s3cr3t" not in text and "wrong-Pa55" not in text
        assert f"127.0.0.1:{server.port}/site" in str(error)
    assert str(refused.value).startswith(f"cannot reach {wrong.display}: ")
    assert "login" in str(refused.value)


def test_credentials_from_a_file_and_the_environment(
        server_with_login: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = server_with_login
    bare = f"{server.scheme}://127.0.0.1:{server.port}/site"
    file = tmp_path / "event.db.remote.toml"
    file.write_text(f'["{server.scheme}://127.0.0.1:{server.port}"]\n'
                    f'user = "{USER}"\npassword = "{PASSWORD}"\n')
    with open_location(bare, credentials=file) as location:
        location.write("a.txt", b"by file")
    monkeypatch.setenv("TRAVELLER_REMOTE_USER", USER)
    monkeypatch.setenv("TRAVELLER_REMOTE_PASSWORD", PASSWORD)
    with open_location(bare) as location:
        assert location.read("a.txt") == b"by file"


@pytest.mark.parametrize("kind", ["ftp", "webdav", "sftp"])
def test_an_unreachable_location_fails_fast(kind: str) -> None:
    port = closed_port()
    location = open_location(f"{kind}://{USER}:{PASSWORD}@127.0.0.1:{port}/site")
    started = time.monotonic()
    with pytest.raises(RemoteError) as failed:
        location.list()
    assert time.monotonic() - started < 5
    assert str(failed.value) == f"cannot reach {kind}://127.0.0.1:{port}/site: connection refused"
    assert failed.value.__cause__ is None and failed.value.__suppress_context__


def test_a_folder_that_cannot_be_made_says_so(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    location = open_location(str(tmp_path / "a-file" / "site"))
    with pytest.raises(RemoteError, match=r"^cannot write index.html at .*a-file/site: "):
        location.write("index.html", b"x")


@pytest.mark.parametrize("text, error", [
    ("gopher://host/x", "unknown kind of location gopher://"),
    ("ftp:///nohost", "no host in the location"),
    ("", "no location given"),
])
def test_a_malformed_location_is_refused(text: str, error: str) -> None:
    with pytest.raises(RemoteError, match=error):
        open_location(text)


def test_a_bad_name_is_refused(tmp_path: Path) -> None:
    location = open_location(str(tmp_path))
    for name in ("../escape.html", "", "a//b", "a\\b"):
        with pytest.raises(RemoteError, match="not a file name"):
            location.write(name, b"x")
