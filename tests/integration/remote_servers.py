"""Real servers for the remote locations, each on a free port of 127.0.0.1 in a thread of the
test process: pyftpdlib (FTP), WsgiDAV on cheroot (WebDAV) and asyncssh (SFTP), plus a plain
folder. Each serves a folder on disk, so a test can look at what arrived, and can be stopped
and started again on the same port (a link cut, then back).

    with ftp_server(tmp_path / "ftp") as server:
        server.url            # ftp://traveller:<password>@127.0.0.1:PORT/site
        server.location       # the same without the password: give it PASSWORD by the environment
        server.stop(); server.start()

`remote_server(kind, root)` picks one by name ("folder", "ftp", "webdav", "sftp"); `KINDS` lists
them for `pytest.mark.parametrize`.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

USER = "traveller"
PASSWORD = "s3cr3t-Pa55w0rd!"
"""Every server's one login. Odd characters on purpose: the URL carries it percent-encoded."""

SITE = "site"
"""The folder inside each server's root that the locations point at."""

KINDS = ("folder", "ftp", "webdav", "sftp")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def closed_port() -> int:
    """A port nothing listens on: a connection to it is refused at once."""
    return free_port()


class Server(ABC):
    """A server of one kind serving `root`; `start()` and `stop()` may repeat."""

    kind = ""
    scheme = ""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        (self.root / SITE).mkdir(exist_ok=True)
        self.port = free_port()
        self.running = False

    @property
    def folder(self) -> Path:
        """Where the location's files land on disk."""
        return self.root / SITE

    @property
    def location(self) -> str:
        """The location with the user but no password."""
        return f"{self.scheme}://{USER}@127.0.0.1:{self.port}/{SITE}"

    @property
    def url(self) -> str:
        """The location with user and password in it."""
        from urllib.parse import quote

        return (f"{self.scheme}://{USER}:{quote(PASSWORD, safe='')}@127.0.0.1:{self.port}"
                f"/{SITE}")

    @abstractmethod
    def start(self) -> None:
        """Serve `root` (again, after a stop: the same port)."""

    @abstractmethod
    def stop(self) -> None:
        """Stop serving: a connection is refused until `start`."""


class FolderServer(Server):
    """No server at all: the plain folder (a USB stick); start and stop change nothing."""

    kind = "folder"

    @property
    def location(self) -> str:
        return str(self.folder)

    url = location

    def start(self) -> None:
        self.running = True

    def stop(self) -> None:
        self.running = False


class FTPServer(Server):
    kind = "ftp"
    scheme = "ftp"

    def start(self) -> None:
        from pyftpdlib.authorizers import DummyAuthorizer
        from pyftpdlib.handlers import FTPHandler
        from pyftpdlib.servers import FTPServer as PyFTPServer

        logging.getLogger("pyftpdlib").setLevel(logging.WARNING)
        authorizer = DummyAuthorizer()
        authorizer.add_user(USER, PASSWORD, str(self.root), perm="elradfmwMT")
        handler = type("Handler", (FTPHandler,), {"authorizer": authorizer,
                                                   "banner": "test server"})
        handler.passive_ports = None
        handler.auth_failed_timeout = 0.1  # a refused login answers at once, not after 3 s
        self._server = PyFTPServer(("127.0.0.1", self.port), handler)
        self._stopping = threading.Event()

        def serve() -> None:
            while not self._stopping.is_set():
                self._server.serve_forever(timeout=0.05, blocking=False)
            self._server.close_all()

        self._thread = threading.Thread(target=serve, daemon=True, name="ftp-server")
        self._thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self._stopping.set()
            self._thread.join(5)
            self.running = False


class WebDAVServer(Server):
    kind = "webdav"
    scheme = "webdav"

    def start(self) -> None:
        from cheroot import wsgi
        from wsgidav.wsgidav_app import WsgiDAVApp

        config: dict[str, Any] = {
            "host": "127.0.0.1",
            "port": self.port,
            "provider_mapping": {"/": str(self.root)},
            "simple_dc": {"user_mapping": {"*": {USER: {"password": PASSWORD}}}},
            "http_authenticator": {"accept_basic": True, "accept_digest": False,
                                   "default_to_digest": False},
            "verbose": 0,
            "logging": {"enable": False, "enable_loggers": []},
            "lock_storage": True,
            "dir_browser": {"enable": False},
        }
        app = WsgiDAVApp(config)
        self._server = wsgi.Server(("127.0.0.1", self.port), app, numthreads=4)
        self._server.prepare()
        self._thread = threading.Thread(target=self._server.serve, daemon=True,
                                        name="webdav-server")
        self._thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self._server.stop()
            self._thread.join(5)
            self.running = False


class SFTPServer(Server):
    kind = "sftp"
    scheme = "sftp"
    _key: Any = None

    def start(self) -> None:
        import asyncssh

        if SFTPServer._key is None:
            SFTPServer._key = asyncssh.generate_private_key("ssh-ed25519")
        root = str(self.root)

        connections = self._connections = []

        class Login(asyncssh.SSHServer):
            def connection_made(self, conn: Any) -> None:
                connections.append(conn)

            def begin_auth(self, username: str) -> bool:
                return True

            def password_auth_supported(self) -> bool:
                return True

            def validate_password(self, username: str, password: str) -> bool:
                return username == USER and password == PASSWORD

        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="sftp-server")
        self._thread.start()
        async def listen() -> Any:
            return await asyncssh.listen(
                "127.0.0.1", self.port, server_host_keys=[SFTPServer._key],
                server_factory=Login,
                sftp_factory=lambda chan: asyncssh.SFTPServer(chan, chroot=root))

        self._server = asyncio.run_coroutine_threadsafe(listen(), self._loop).result(10)
        self.running = True

    def stop(self) -> None:
        if not self.running:
            return
        connections = self._connections

        async def close() -> None:
            self._server.close()
            for conn in connections:  # a cut link drops the open sessions too
                conn.abort()
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()
        self.running = False


_SERVERS: dict[str, type[Server]] = {
    "folder": FolderServer, "ftp": FTPServer, "webdav": WebDAVServer, "sftp": SFTPServer,
}


@contextmanager
def remote_server(kind: str, root: Path) -> Iterator[Server]:
    """A started server of `kind` serving `root`, stopped afterwards."""
    server = _SERVERS[kind](root)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def wait_until(check: Any, timeout: float = 10.0) -> None:
    """Poll `check()` until it is true (or fail after `timeout` seconds)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {check}")
        time.sleep(0.05)
