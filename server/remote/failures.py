"""What went wrong with a remote location, said in a few words for people.

fsspec's implementations fail in their own ways (OSError, ftplib's errors, asyncssh's, httpx's,
webdav4's, botocore's, asyncio's timeouts). This module names the cause from the exception
chain by class name and errno, never importing the optional packages, and never passes on a
message that could quote a URL with its password: `scrub` removes every secret it is given.
"""

from __future__ import annotations

import errno
import re

_LOGIN = "the login was refused"
_TIMEOUT = "no answer (timed out)"


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen and len(seen) < 8:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def is_connection_failure(exc: BaseException) -> bool:
    """Whether `exc` is about reaching the host at all (not about one file)."""
    for e in _chain(exc):
        name = type(e).__name__
        if isinstance(e, (ConnectionError, TimeoutError)) or name in {
            "gaierror", "timeout", "ConnectError", "ConnectTimeout", "ReadTimeout",
            "TimeoutException", "FSTimeoutError", "DisconnectError", "ConnectionLost",
            "PermissionDenied", "EndpointConnectionError", "ConnectTimeoutError",
            "NoCredentialsError", "EOFError", "error_temp", "error_reply",
            "SFTPNoConnection", "SFTPConnectionLost", "ChannelOpenError", "RemoteDisconnected",
            "ReadError", "WriteError", "RemoteProtocolError",
        }:
            return True
        if name == "error_perm" and str(e).startswith("530"):
            return True
        if name == "HTTPError" and getattr(e, "status_code", None) == 401:
            return True
        if isinstance(e, OSError) and e.errno in {
            errno.ECONNREFUSED, errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT,
            errno.ECONNRESET, errno.EPIPE,
        }:
            return True
    return False


def reason(exc: BaseException) -> str:
    """A few words on why `exc` happened: "connection refused", "the login was refused"..."""
    for e in reversed(_chain(exc)):  # the root cause first: sshfs says PermissionError
        words = _words(e)           # for asyncssh's PermissionDenied (a refused login)
        if words:
            return words
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


def _words(e: BaseException) -> str | None:
    name = type(e).__name__
    text = str(e).strip()
    if isinstance(e, ConnectionRefusedError) or "connection refused" in text.lower():
        return "connection refused"
    if isinstance(e, TimeoutError) or name in {
        "timeout", "ConnectTimeout", "ReadTimeout", "WriteTimeout", "PoolTimeout",
        "TimeoutException", "FSTimeoutError", "ConnectTimeoutError", "ReadTimeoutError",
    }:
        return _TIMEOUT
    if name == "gaierror" or "name or service not known" in text.lower():
        return "unknown host"
    if name == "PermissionDenied":  # asyncssh: no authentication method was accepted
        return _LOGIN
    if name in {"error_perm", "error_temp", "error_reply"}:  # ftplib: "530 Login incorrect."
        code, _, said = text.partition(" ")
        if code == "530":
            return _LOGIN
        if code == "550":
            return "permission denied or no such file"
        return said.strip().rstrip(".") or text
    if name == "HTTPError" or name == "HTTPStatusError":
        status = getattr(e, "status_code", None) or getattr(
            getattr(e, "response", None), "status_code", None)
        if status == 401:
            return _LOGIN
        if status == 403:
            return "permission denied"
        if status == 507:
            return "no space left on the server"
        if status:
            return f"the server answered HTTP {status}"
    if name == "NoCredentialsError":
        return "no credentials (see the credentials file or AWS_ACCESS_KEY_ID)"
    if name == "ClientError" and hasattr(e, "response"):  # botocore
        code = e.response.get("Error", {}).get("Code", "")
        if code in {"InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"}:
            return _LOGIN if code != "AccessDenied" else "permission denied"
        if code == "NoSuchBucket":
            return "no such bucket"
        return f"the server answered {code}" if code else None
    if name == "EndpointConnectionError":
        return "cannot connect"
    if name in {"DisconnectError", "ConnectionLost", "EOFError", "SFTPNoConnection",
                "SFTPConnectionLost", "ChannelOpenError", "RemoteDisconnected",
                "RemoteProtocolError"} or isinstance(
            e, (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
        return "the connection was lost"
    if isinstance(e, PermissionError):
        return "permission denied"
    if isinstance(e, FileNotFoundError):
        return "no such file or folder"
    if isinstance(e, OSError) and e.errno == errno.ENOSPC:
        return "no space left"
    if isinstance(e, OSError) and e.errno in {errno.EHOSTUNREACH, errno.ENETUNREACH}:
        return "no route to the host"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror[0].lower() + e.strerror[1:]
    return None


_USERINFO = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/@\s]*@", re.IGNORECASE)


def scrub(text: str, secrets: list[str]) -> str:
    """`text` without any of `secrets` and without the user part of any URL in it."""
    text = _USERINFO.sub(r"\g<scheme>", text)
    for secret in sorted(secrets, key=len, reverse=True):
        if secret:
            text = text.replace(secret, "***")
    return text
