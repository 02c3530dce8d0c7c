"""Remote locations: a folder, a USB stick or a URL (file://, ftp://, sftp://, webdav://,
webdavs://, s3://) behind one interface, through fsspec and its implementations.

`open_location(text, credentials=FILE)` gives a `Location` with `display` (the location for
people and logs, no credentials), `list()`, `read(name)`, `write(name, data)` (atomic where
the backend can rename) and `delete(name)`; every failure is a `RemoteError`, one sentence
naming `display`, never a password. Credentials: `server.remote.credentials`; atomicity and
timeouts per backend: `server.remote.location`.
"""

from .credentials import CREDENTIALS_SUFFIX, credentials_beside
from .location import KINDS, TIMEOUT, Location, RemoteError, RemoteNotFound, open_location

__all__ = [
    "CREDENTIALS_SUFFIX",
    "KINDS",
    "TIMEOUT",
    "Location",
    "RemoteError",
    "RemoteNotFound",
    "credentials_beside",
    "open_location",
]
