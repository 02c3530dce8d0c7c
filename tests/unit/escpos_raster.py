"""Reading a raster print job back: the ESC/POS bytes as the dots a printer would print.

A job in raster mode is ESC @, then GS v 0 images one under the other (the bands), then the
feed and the cut. `read_raster` parses exactly that and nothing else, so a stray text byte
or an unknown command fails the test that reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

ESC, GS = 0x1B, 0x1D
INK, PAPER = 0, 255


@dataclass(frozen=True)
class RasterJob:
    """What one document's bytes print."""

    image: Image.Image
    """The bands stacked, ink 0 and paper 255 (the preview's colours)."""
    bands: tuple[int, ...]
    """Each GS v 0 image's height in rows."""
    feed: int
    """Lines fed after the last band (ESC d n)."""
    cut: bool
    """Ends with a full cut (GS V 0)."""


def read_raster(data: bytes) -> list[RasterJob]:
    """The jobs in `data`, each from its ESC @ to its cut (or its last feed)."""
    jobs: list[RasterJob] = []
    bands: list[Image.Image] = []
    feed, i = 0, 0
    started = False

    def finish(cut: bool) -> None:
        nonlocal bands, feed, started
        width = max((band.width for band in bands), default=0)
        image = Image.new("L", (width, sum(band.height for band in bands)), PAPER)
        y = 0
        for band in bands:
            image.paste(band, (0, y))
            y += band.height
        jobs.append(RasterJob(image, tuple(band.height for band in bands), feed, cut))
        bands, feed, started = [], 0, False

    while i < len(data):
        if data[i : i + 2] == b"\x1b@":
            if started:
                finish(cut=False)
            started, i = True, i + 2
        elif data[i : i + 4] == b"\x1dv0\x00":  # GS v 0, normal density
            assert not feed, f"a band after the feed at {i}"
            width_bytes = data[i + 4] + 256 * data[i + 5]
            height = data[i + 6] + 256 * data[i + 7]
            start, end = i + 8, i + 8 + width_bytes * height
            assert end <= len(data), f"band at {i} cut short"
            # Bit 1 is a dot of ink, most significant bit leftmost: a 1-bit image, inverted.
            band = Image.frombytes("1", (width_bytes * 8, height), data[start:end])
            bands.append(band.convert("L").point(lambda v: PAPER - v))
            i = end
        elif data[i : i + 2] == b"\x1bd":
            feed, i = feed + data[i + 2], i + 3
        elif data[i : i + 3] == b"\x1dV\x00":
            finish(cut=True)
            i += 3
        else:
            raise AssertionError(f"unexpected bytes in a raster job at {i}: {data[i : i + 8]!r}")
    if started:
        finish(cut=False)
    return jobs
