"""Who a remote location is logged into as: the URL first, then a credentials file, then the
environment; never the event file.

The credentials file is TOML, one table per location, its key a location without credentials;
the longest key that begins the location wins (so one table can serve a whole host)::

    ["ftp://results.example.org"]
    user = "club"
    password = "secret"

    ["sftp://files.example.org:2222/venues"]
    user = "venue-a"
    password = "secret"          # or none: asyncssh then tries the SSH agent and ~/.ssh keys
    known_hosts = "/home/td/.ssh/known_hosts"   # check the server's key (otherwise unchecked)

    ["s3://league-results"]
    key = "AKIA..."
    secret = "..."
    endpoint = "https://s3.example.org"          # an S3-compatible host, not Amazon
    region = "eu-central-1"

The environment: `TRAVELLER_REMOTE_USER` and `TRAVELLER_REMOTE_PASSWORD` for FTP, SFTP and
WebDAV when neither the URL nor the file says; for S3 the usual `AWS_ACCESS_KEY_ID`,
`AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_PROFILE`, `AWS_DEFAULT_REGION` and
`AWS_ENDPOINT_URL` (botocore reads them itself), or `TRAVELLER_S3_ENDPOINT`.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

CREDENTIALS_SUFFIX = ".remote.toml"
"""The credentials file beside an event: `EVENT.db.remote.toml` beside `EVENT.db`."""

_KEYS = {"user", "password", "key", "secret", "endpoint", "region", "known_hosts"}


@dataclass(frozen=True)
class Credentials:
    """What to log in with; every field may be missing."""

    user: str | None = None
    password: str | None = None
    key: str | None = None
    """S3: the access key id."""
    secret: str | None = None
    """S3: the secret access key."""
    endpoint: str | None = None
    """S3: the endpoint of an S3-compatible host."""
    region: str | None = None
    known_hosts: str | None = None
    """SFTP: a known_hosts file to check the server's key against."""

    def secrets(self) -> list[str]:
        """The values that must never appear in a message."""
        return [s for s in (self.password, self.secret) if s]


def credentials_beside(event: Path) -> Path:
    """The credentials file that belongs to the event file `event` (it may not exist)."""
    return event.with_name(event.name + CREDENTIALS_SUFFIX)


def from_file(path: Path, location: str) -> Credentials:
    """The entry of the credentials file `path` for `location` (its display, no credentials);
    empty when the file has none. Raises ValueError with a sentence when the file is bad,
    never quoting a value from it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"no credentials file {path}") from None
    except OSError as exc:
        raise ValueError(f"cannot read the credentials file {path}: {exc.strerror}") from None
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise ValueError(f"the credentials file {path} is not TOML") from None
    best = ""
    for prefix, table in tables.items():
        if not isinstance(table, dict):
            raise ValueError(f"the credentials file {path}: {prefix!r} is not a table")
        unknown = set(table) - _KEYS
        if unknown:
            raise ValueError(f"the credentials file {path}: unknown key "
                             f"{sorted(unknown)[0]!r} (known: {', '.join(sorted(_KEYS))})")
        if not all(isinstance(v, str) for v in table.values()):
            raise ValueError(f"the credentials file {path}: every value is text in quotes")
        if _begins(location, prefix) and len(prefix) > len(best):
            best = prefix
    if not best:
        return Credentials()
    return Credentials(**tables[best])


def _begins(location: str, prefix: str) -> bool:
    prefix = prefix.rstrip("/")
    return location == prefix or location.startswith(prefix + "/")


def from_environment() -> Credentials:
    """TRAVELLER_REMOTE_USER / TRAVELLER_REMOTE_PASSWORD / TRAVELLER_S3_ENDPOINT."""
    return Credentials(
        user=os.environ.get("TRAVELLER_REMOTE_USER") or None,
        password=os.environ.get("TRAVELLER_REMOTE_PASSWORD") or None,
        endpoint=os.environ.get("TRAVELLER_S3_ENDPOINT") or None,
    )


def merged(*sources: Credentials) -> Credentials:
    """Field by field, the first source that has it."""
    fields = {}
    for name in _KEYS:
        fields[name] = next((getattr(s, name) for s in sources if getattr(s, name)), None)
    return Credentials(**fields)
