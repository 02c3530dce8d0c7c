"""Print targets: where finished documents go, named by one string.

`traveller print ... --to TARGET` and the print spool both name a target as text:
"preview:DIR" (PNG pictures, one per document), "file:PATH" (ESC/POS bytes appended, for
`lp -o raw` or a later copy), "network:HOST[:PORT]", "usb:VID:PID" or "serial:DEV".
`parse_target` reads that string strictly; `deliver` renders the documents for the target
and writes or sends them, raising `PrinterError` for anything that fails on the way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printer import devices
from printer.charset import to_ascii
from printer.document import Document
from printer.errors import InvalidTargetError, PrinterError
from printer.escpos_render import render_escpos
from printer.preview import save_png
from printer.profiles import PrinterProfile

TARGET_FORMS = "preview:DIR, file:PATH, network:HOST[:PORT], usb:VID:PID, serial:DEV"


@dataclass(frozen=True)
class PreviewTarget:
    """PNG pictures of the documents, written to `directory`."""

    directory: Path

    def __str__(self) -> str:
        return f"preview:{self.directory}"


@dataclass(frozen=True)
class FileTarget:
    """ESC/POS bytes appended to `path`."""

    path: Path

    def __str__(self) -> str:
        return f"file:{self.path}"


@dataclass(frozen=True)
class NetworkTarget:
    """A printer taking raw ESC/POS on a TCP port."""

    host: str
    port: int = devices.RAW_PORT

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"network:{host}:{self.port}"


@dataclass(frozen=True)
class UsbTarget:
    """A USB printer, by vendor and product id."""

    vendor_id: int
    product_id: int

    def __str__(self) -> str:
        return f"usb:{self.vendor_id:04x}:{self.product_id:04x}"


@dataclass(frozen=True)
class SerialTarget:
    """A printer on a serial port."""

    device: str

    def __str__(self) -> str:
        return f"serial:{self.device}"


Target = PreviewTarget | FileTarget | NetworkTarget | UsbTarget | SerialTarget

_HOST_PORT = re.compile(r"^(?:\[(?P<v6>[^\]]+)\]|(?P<host>[^:\[\]\s]+))(?::(?P<port>\d+))?$")
_HEX_ID = re.compile(r"^(?:0x)?[0-9a-f]{1,4}$", re.IGNORECASE)


def parse_target(text: str) -> Target:
    """The target `text` names, e.g. "network:192.168.1.50" or "usb:04b8:0202"."""
    kind, colon, rest = text.strip().partition(":")
    kind = kind.lower()
    if not colon or not rest:
        raise _invalid(text)
    if kind == "preview":
        return PreviewTarget(Path(rest))
    if kind == "file":
        return FileTarget(Path(rest))
    if kind == "serial":
        return SerialTarget(rest)
    if kind == "network":
        match = _HOST_PORT.match(rest)
        port = int(match["port"]) if match and match["port"] else devices.RAW_PORT
        if not match or not 0 < port < 65536:
            raise _invalid(text, "HOST or HOST:PORT with a port from 1 to 65535")
        return NetworkTarget(match["v6"] or match["host"], port)
    if kind == "usb":
        vendor, _, product = rest.partition(":")
        if not (_HEX_ID.match(vendor) and _HEX_ID.match(product)):
            raise _invalid(text, "vendor and product id in hex, e.g. usb:04b8:0202")
        return UsbTarget(int(vendor, 16), int(product, 16))
    raise _invalid(text)


Offload = Callable[[Callable[[], Any]], Any]
"""Runs a slow call somewhere that does not hold up the caller's event loop, returning its
result (the server passes gevent's thread pool); by default, the call runs right here."""


def run_here(call: Callable[[], Any]) -> Any:
    return call()


def deliver(
    docs: Sequence[Document],
    target: Target,
    profile: PrinterProfile,
    *,
    timeout: float = devices.DEFAULT_TIMEOUT,
    offload: Offload = run_here,
) -> list[str]:
    """Render `docs` for `target` and write or send them; say what was done, line by line.

    A preview gives the path of each PNG written (one per document); the other targets
    get all documents in one job and give one sentence about it. Drawing the pictures and
    waiting on a USB or serial port are handed to `offload`; a network printer is a socket.
    """
    if isinstance(target, PreviewTarget):
        written: list[str] = offload(lambda: _write_previews(docs, target.directory, profile))
        return written
    data: bytes = offload(lambda: b"".join(render_escpos(doc, profile) for doc in docs))
    count = f"{len(docs)} document{'s' if len(docs) != 1 else ''}, {len(data)} bytes"
    if isinstance(target, FileTarget):
        try:
            with target.path.open("ab") as file:
                file.write(data)
        except OSError as error:
            raise PrinterError(f"cannot write to {target.path}: {error}") from error
        return [f"appended {count} to {target.path}"]
    if isinstance(target, NetworkTarget):
        devices.send_network(target.host, target.port, data, timeout=timeout)
    elif isinstance(target, UsbTarget):
        usb = target
        offload(lambda: devices.send_usb(usb.vendor_id, usb.product_id, data, timeout=timeout))
    else:
        device = target.device
        offload(lambda: devices.send_serial(device, data))
    return [f"sent {count} to {target}"]


def slug(title: str) -> str:
    """A file-name-safe form of a document title: "table-card-A-03" stays as it is."""
    return re.sub(r"[^A-Za-z0-9]+", "-", to_ascii(title)).strip("-") or "document"


def _write_previews(
    docs: Sequence[Document], directory: Path, profile: PrinterProfile
) -> list[str]:
    written: list[str] = []
    used: set[str] = set()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for doc in docs:
            # Two documents with one title in a batch must not overwrite each other.
            name = base = slug(doc.title)
            copy = 1
            while name in used:
                copy += 1
                name = f"{base}-{copy}"
            used.add(name)
            written.append(str(save_png(doc, profile, directory / f"{name}.png")))
    except OSError as error:
        raise PrinterError(f"cannot write previews to {directory}: {error}") from error
    return written


def _invalid(text: str, expected: str = TARGET_FORMS) -> InvalidTargetError:
    return InvalidTargetError(f"invalid print target: {text!r} (expected {expected})")
