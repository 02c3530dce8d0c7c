"""A remote location: a folder or a URL, opened once, read and written file by file.

Kinds: a plain folder path (a USB stick) or `file://`; `ftp://` (fsspec's FTP, ftplib); `sftp://`
(sshfs, asyncssh); `webdav://` and `webdavs://` (webdav4 over http and https); `s3://BUCKET/PREFIX`
(s3fs). A connection is made on first use and kept until `close()`; after a failure of the link
the next call connects again.

Writes are atomic where the backend can rename: the data goes to a temporary name in the same
folder (`.traveller-tmp-<random>-<name>`, which `list()` never shows), then is renamed over the
name, so a reader sees the old file or the new one, never a half-written one.

- a folder: `os.replace`, atomic on POSIX and Windows alike.
- FTP: RNFR/RNTO. pyftpdlib and the common servers rename over an existing file; a server that
  refuses gets the old file deleted, then the rename (for a moment the file is missing, never
  half-written).
- SFTP: the `posix-rename@openssh.com` extension (OpenSSH, asyncssh). A server without it gets
  the old file deleted, then a plain SFTP rename (again missing for a moment, never half-written).
- WebDAV: MOVE with `Overwrite: T`, one request the server carries out whole.
- S3: no rename exists, so the object is written directly: a PUT replaces an object whole, and a
  reader sees the old object or the new one.

Timeouts are short (`TIMEOUT` seconds, or `TRAVELLER_REMOTE_TIMEOUT`), so an unreachable host
fails fast; every failure comes out as `RemoteError`, one sentence naming the location's
`display` (never its password), its cause suppressed so no traceback shows a URL either.
"""

from __future__ import annotations

import os
import secrets as random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar
from urllib.parse import quote, unquote, urlsplit

from . import credentials as creds
from .failures import is_connection_failure, reason, scrub

TIMEOUT = float(os.environ.get("TRAVELLER_REMOTE_TIMEOUT") or 5)
"""Seconds to wait for a host to connect or answer."""

OPERATION_TIMEOUT = TIMEOUT * 4
"""Seconds one operation of an asynchronous backend (SFTP, S3) may take before the link counts
as cut (FTP and WebDAV time each socket read and write themselves)."""

TEMP_PREFIX = ".traveller-tmp-"

KINDS = ("file", "ftp", "sftp", "webdav", "webdavs", "s3")
_DEFAULT_PORTS = {"ftp": 21, "sftp": 22, "webdav": 80, "webdavs": 443}

T = TypeVar("T")


class RemoteError(Exception):
    """A remote location failed or refused: one sentence naming its display, never a secret."""


class RemoteNotFound(RemoteError):
    """`read` of a name the location does not hold."""


def open_location(text: str, *, credentials: Path | None = None) -> Location:
    """The location `text` names: a folder path or a URL of one of `KINDS`. Credentials come
    from the URL, then the file `credentials` (see `server.remote.credentials`), then the
    environment. Nothing connects yet; a malformed location raises RemoteError."""
    text = text.strip()
    if not text:
        raise RemoteError("no location given: a folder, or a URL (ftp://, sftp://, webdav://, "
                          "webdavs://, s3://)")
    if "://" not in text:
        return Location("file", display=str(Path(text).expanduser()),
                        root=str(Path(text).expanduser().absolute()))
    try:
        url = urlsplit(text)
        port = url.port
    except ValueError:
        raise RemoteError(f"not a location: {scrub(text, [])}") from None
    kind = url.scheme.lower()
    if kind not in KINDS:
        raise RemoteError(f"unknown kind of location {kind}:// in {scrub(text, [])}: use a "
                          f"folder, file://, ftp://, sftp://, webdav://, webdavs:// or s3://")
    if kind == "file":
        path = unquote(url.path)
        return Location("file", display=path, root=str(Path(path).absolute()))
    host = url.hostname or ""
    if not host:
        raise RemoteError(f"no host in the location {scrub(text, [])}")
    # The backend is imported here, on the caller's thread: asyncssh looks for libraries with
    # a subprocess when imported, which gevent allows on the main thread only (a server sends
    # from a thread of its pool), and a missing extra is said at once.
    try:
        _optional(*_BACKENDS[kind]) if kind in _BACKENDS else None
    except ModuleNotFoundError as exc:
        raise RemoteError(str(exc)) from None
    shown_host = f"[{host}]" if ":" in host else host
    display = f"{kind}://{shown_host}{f':{port}' if port else ''}{url.path.rstrip('/')}"
    given = creds.Credentials(user=unquote(url.username) if url.username else None,
                              password=unquote(url.password) if url.password else None)
    sources = [given]
    if credentials is not None:
        try:
            sources.append(creds.from_file(credentials, display))
        except ValueError as exc:
            raise RemoteError(str(exc)) from None
    sources.append(creds.from_environment())
    login = creds.merged(*sources)
    return Location(kind, display=display, root=unquote(url.path).rstrip("/"), host=host,
                    port=port or _DEFAULT_PORTS.get(kind), login=login)


class Location:
    """One remote location. Names are relative, `/`-separated (`en/index.html`)."""

    display: str
    """The location for people and logs: no user, no password."""

    def __init__(self, kind: str, *, display: str, root: str, host: str = "",
                 port: int | None = None, login: creds.Credentials | None = None) -> None:
        self.kind = kind
        self.display = display
        self._root = root
        self._host = host
        self._port = port
        self._login = login or creds.Credentials()
        self._secrets = [s for secret in self._login.secrets()
                         for s in {secret, quote(secret, safe=""), quote(secret)}]
        self._fs: Any = None
        self._folders: set[str] = set()
        """Folders this connection has made or found: not asked about again."""

    def __repr__(self) -> str:
        return f"Location({self.display!r})"

    def __enter__(self) -> Location:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Let go of the connection (the next call connects again)."""
        fs, self._fs = self._fs, None
        self._folders.clear()
        if fs is None:
            return
        try:
            if self.kind == "ftp":
                fs.ftp.close()
            elif self.kind in {"webdav", "webdavs"}:
                fs.client.http.close()
        except Exception:  # closing a broken link may fail too; it is gone
            pass

    # -- the four operations -------------------------------------------------------------

    def list(self) -> dict[str, str]:
        """Every file under the location, recursively: relative name -> a cheap version tag
        (size and mtime, or the etag; "" when the backend says neither). A location that does
        not exist yet holds nothing."""
        if self.kind == "file":
            return self._guard("list", None, self._list_folder)
        return self._guard("list", None, self._list_remote)

    def read(self, name: str) -> bytes:
        """The bytes of `name`; RemoteNotFound when the location does not hold it."""
        name = _checked(name)
        if self.kind == "file":
            return self._guard("read", name, lambda: Path(self._root, name).read_bytes())
        return self._guard("read", name, lambda: bytes(self._op("cat_file", self._path(name))))

    def write(self, name: str, data: bytes) -> None:
        """`data` as `name`, atomically where the backend can rename (see the module text);
        parent folders are made."""
        name = _checked(name)
        if self.kind == "file":
            self._guard("write", name, lambda: _write_folder(Path(self._root, name), data))
        else:
            self._guard("write", name, lambda: self._write_remote(name, data))

    def delete(self, name: str) -> None:
        """Remove `name`; a name that is not there is fine."""
        name = _checked(name)
        try:
            if self.kind == "file":
                self._guard("delete", name, lambda: Path(self._root, name).unlink())
            else:
                self._guard("delete", name, lambda: self._delete_remote(name))
        except RemoteNotFound:
            pass

    # -- folder ---------------------------------------------------------------------------

    def _list_folder(self) -> dict[str, str]:
        root = Path(self._root)
        out: dict[str, str] = {}
        if not root.is_dir():
            return out
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(TEMP_PREFIX))
            for file in files:
                if file.startswith(TEMP_PREFIX):
                    continue
                path = Path(folder, file)
                stat = path.stat()
                out[path.relative_to(root).as_posix()] = f"{stat.st_size}:{stat.st_mtime_ns}"
        return out

    # -- fsspec ---------------------------------------------------------------------------

    def _path(self, name: str) -> str:
        if self.kind == "s3":
            return f"{self._host}{self._root}/{name}"
        return f"{self._root}/{name}"

    def _top(self) -> str:
        return f"{self._host}{self._root}" if self.kind == "s3" else (self._root or "/")

    def _connected(self) -> Any:
        if self._fs is None:
            self._fs = self._connect()
        return self._fs

    def _connect(self) -> Any:
        login = self._login
        if self.kind == "ftp":
            from fsspec.implementations.ftp import FTPFileSystem  # type: ignore[import-untyped]
            return FTPFileSystem(self._host, port=self._port, username=login.user,
                                 password=login.password, timeout=TIMEOUT,
                                 skip_instance_cache=True)
        if self.kind == "sftp":
            sshfs = _optional("sshfs", "SFTP")
            options: dict[str, Any] = {"connect_timeout": TIMEOUT, "login_timeout": TIMEOUT,
                                       "keepalive_interval": TIMEOUT,
                                       "keepalive_count_max": 2,
                                       "known_hosts": login.known_hosts}
            if login.user:
                options["username"] = login.user
            if login.password:
                options["password"] = login.password
            return sshfs.SSHFileSystem(self._host, port=self._port, timeout=TIMEOUT * 2,
                                       skip_instance_cache=True, **options)
        if self.kind in {"webdav", "webdavs"}:
            webdav = _optional("webdav4.fsspec", "WebDAV")
            scheme = "https" if self.kind == "webdavs" else "http"
            host = f"[{self._host}]" if ":" in self._host else self._host
            auth = (login.user or "", login.password or "") if login.user else None
            return webdav.WebdavFileSystem(f"{scheme}://{host}:{self._port}", auth=auth,
                                           retry=False, timeout=TIMEOUT,
                                           skip_instance_cache=True)
        if self.kind == "s3":
            s3fs = _optional("s3fs", "S3")
            options = {"skip_instance_cache": True, "config_kwargs": {
                "connect_timeout": TIMEOUT, "read_timeout": TIMEOUT * 4,
                "retries": {"max_attempts": 1}}}
            if login.key or login.secret:
                options.update(key=login.key, secret=login.secret)
            client_kwargs = {}
            if login.endpoint:
                client_kwargs["endpoint_url"] = login.endpoint
            if login.region:
                client_kwargs["region_name"] = login.region
            if client_kwargs:
                options["client_kwargs"] = client_kwargs
            return s3fs.S3FileSystem(**options)
        raise RemoteError(f"unknown kind of location: {self.display}")  # pragma: no cover

    def _op(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """`method` of the connected filesystem; an asynchronous one's with a time limit."""
        fs = self._connected()
        if self.kind in {"sftp", "s3"}:
            kwargs["timeout"] = OPERATION_TIMEOUT
        return getattr(fs, method)(*args, **kwargs)

    def _list_remote(self) -> dict[str, str]:
        fs = self._connected()
        fs.invalidate_cache()
        top = self._top().strip("/")
        prefix = f"{top}/" if top else ""
        try:
            found = self._op("find", top if self.kind == "s3" else f"/{top}", detail=True)
        except FileNotFoundError:
            return {}
        out: dict[str, str] = {}
        for path, info in found.items():
            path = path.lstrip("/")
            if info.get("type") not in (None, "file") or not path.startswith(prefix):
                continue
            name = path[len(prefix):]
            if any(part.startswith(TEMP_PREFIX) for part in name.split("/")):
                continue
            out[name] = _version(info)
        return out

    def _write_remote(self, name: str, data: bytes) -> None:
        fs = self._connected()
        target = self._path(name)
        if self.kind == "s3":
            self._op("pipe_file", target, data)
            return
        folder, _, base = target.rpartition("/")
        temp = f"{folder}/{TEMP_PREFIX}{random.token_hex(4)}-{base}"
        if folder and folder not in self._folders:
            self._op("makedirs", folder, exist_ok=True)
            self._folders.add(folder)
        try:
            if self.kind in {"webdav", "webdavs"}:
                fs.client.upload_fileobj(_bytes_file(data), temp, overwrite=True)
                fs.client.move(temp, target, overwrite=True)
            else:
                self._op("pipe_file", temp, data)
                self._rename(fs, temp, target)
        except BaseException:
            try:
                self._op("rm_file", temp)
            except Exception:  # the link may be gone; list() hides the rest
                pass
            raise
        fs.invalidate_cache()

    def _rename(self, fs: Any, temp: str, target: str) -> None:
        if self.kind == "ftp":
            try:
                fs.ftp.rename(temp, target)
            except Exception as exc:
                if is_connection_failure(exc) or type(exc).__name__ != "error_perm":
                    raise
                fs.ftp.delete(target)
                fs.ftp.rename(temp, target)
            return
        # sftp: posix-rename, or delete then a plain rename
        from fsspec.asyn import sync  # type: ignore[import-untyped]

        async def rename() -> None:
            async with fs._pool.get() as channel:
                try:
                    await channel.posix_rename(temp, target)
                except Exception as exc:
                    if type(exc).__name__ != "SFTPOpUnsupported":
                        raise
                    try:
                        await channel.remove(target)
                    except Exception as missing:
                        if type(missing).__name__ != "SFTPNoSuchFile":
                            raise
                    await channel.rename(temp, target)

        sync(fs.loop, rename, timeout=OPERATION_TIMEOUT)

    def _delete_remote(self, name: str) -> None:
        fs = self._connected()
        path = self._path(name)
        try:
            self._op("rm_file", path)
        except FileNotFoundError:
            pass
        except Exception:
            fs.invalidate_cache()
            if self._op("exists", path):
                raise
        fs.invalidate_cache()

    # -- failures -------------------------------------------------------------------------

    def _guard(self, action: str, name: str | None, call: Callable[[], T]) -> T:
        try:
            return call()
        except RemoteError:
            raise
        except Exception as exc:  # every backend's failure becomes one sentence
            self._fail(action, name, exc)

    def _fail(self, action: str, name: str | None, exc: Exception) -> NoReturn:
        why = scrub(reason(exc), self._secrets)
        if isinstance(exc, ModuleNotFoundError):
            raise RemoteError(scrub(str(exc), self._secrets)) from None
        if is_connection_failure(exc):
            self.close()
            raise RemoteError(f"cannot reach {self.display}: {why}") from None
        if isinstance(exc, FileNotFoundError) and action == "read":
            raise RemoteNotFound(f"no file {name} at {self.display}") from None
        if isinstance(exc, FileNotFoundError) and action == "delete":
            raise RemoteNotFound(f"no file {name} at {self.display}") from None
        what = f"{action} {name} at" if name else action
        raise RemoteError(f"cannot {what} {self.display}: {why}") from None


_BACKENDS = {"sftp": ("sshfs", "SFTP"), "webdav": ("webdav4.fsspec", "WebDAV"),
             "webdavs": ("webdav4.fsspec", "WebDAV"), "s3": ("s3fs", "S3")}


def _optional(module: str, kind: str) -> Any:
    import importlib
    import warnings

    try:
        with warnings.catch_warnings():  # asyncssh's import warns of DSA keys it still reads
            warnings.simplefilter("ignore")
            return importlib.import_module(module)
    except ImportError:
        raise ModuleNotFoundError(
            f"{kind} locations need the remote extra: pip install 'traveller[remote]'"
        ) from None


def _checked(name: str) -> str:
    parts = name.strip("/").split("/")
    if not name or any(p in {"", ".", ".."} for p in parts) or "\\" in name:
        raise RemoteError(f"not a file name inside a location: {name!r}")
    return "/".join(parts)


def _version(info: dict[str, Any]) -> str:
    etag = info.get("etag") or info.get("ETag")
    if etag:
        return str(etag).strip('"')
    size = info.get("size")
    mtime = info.get("mtime") or info.get("modify") or info.get("modified") or info.get(
        "LastModified")
    if size is None and mtime is None:
        return ""
    return f"{size if size is not None else ''}:{mtime if mtime is not None else ''}"


def _write_folder(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f"{TEMP_PREFIX}{random.token_hex(4)}-{path.name}")
    try:
        with open(temp, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _bytes_file(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


@contextmanager
def opened(text: str, *, credentials: Path | None = None) -> Iterator[Location]:
    """`open_location` as a context that closes the connection."""
    location = open_location(text, credentials=credentials)
    try:
        yield location
    finally:
        location.close()
