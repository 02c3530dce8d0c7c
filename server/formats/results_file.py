"""Reading any results file we rescore: PBN or USEBIO, told apart by what the file holds.

``traveller rescore FILE`` takes whatever another scoring program exported. The content decides
(an XML document is USEBIO, tag pairs such as ``[Board "1"]`` are PBN); the name's extension
(``.xml``, ``.pbn``) only breaks a tie, so a PBN file saved as ``results.txt`` still reads.
Files larger than :data:`MAX_BYTES` are refused before they are parsed: a club's session is a
few hundred kilobytes, a championship a few megabytes.
"""

from __future__ import annotations

import re
from pathlib import Path

from server.formats.pbn import decode_pbn, parse_pbn
from server.formats.travellers import ResultsFile, ResultsFileError
from server.formats.usebio import parse_usebio

MAX_BYTES = 32 * 1024 * 1024
"""The largest results file read."""

_PBN_TAG = re.compile(rb'^\s*\[\s*[A-Za-z0-9_]+\s+"', re.MULTILINE)
_XML_START = re.compile(rb"^\s*<[?!A-Za-z]")


def detect_format(data: bytes, name: str = "") -> str:
    """``"usebio"`` or ``"pbn"``: what ``data`` holds, the extension of ``name`` breaking a tie.

    Raises :class:`ResultsFileError` for content that is neither.
    """
    head = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    is_xml = bool(_XML_START.match(head[:1024]))
    is_pbn = not is_xml and bool(_PBN_TAG.search(head[: 64 * 1024]))
    if is_xml:
        return "usebio"
    if is_pbn:
        return "pbn"
    suffix = Path(name).suffix.lower()
    if suffix == ".xml":
        return "usebio"
    if suffix == ".pbn":
        return "pbn"
    raise ResultsFileError("neither a PBN file (tag pairs such as [Board \"1\"]) nor a USEBIO "
                           "XML file", origin=name or "<results>")  # fmt: skip


def parse_results_file(data: bytes, name: str = "") -> ResultsFile:
    """Read a results file's bytes as PBN or USEBIO (:func:`detect_format`)."""
    origin = name or "<results>"
    if len(data) > MAX_BYTES:
        raise ResultsFileError(f"file too large: {len(data)} bytes (at most {MAX_BYTES})",
                               origin=origin)  # fmt: skip
    if detect_format(data, name) == "usebio":
        return parse_usebio(data, origin=origin)
    return parse_pbn(decode_pbn(data), origin=origin)


def read_results_file(path: str | Path) -> ResultsFile:
    """Read the results file at ``path``: PBN or USEBIO, whichever it holds.

    Raises :class:`ResultsFileError` (a ``ValueError``; :class:`~server.formats.pbn.PbnError`
    and :class:`~server.formats.usebio.UsebioError` are kinds of it) for a file that cannot be
    read as either, naming the file and the line; ``OSError`` when it cannot be opened.
    """
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ResultsFileError(f"file too large: {size} bytes (at most {MAX_BYTES})",
                               origin=str(path))  # fmt: skip
    return parse_results_file(path.read_bytes(), name=str(path))
