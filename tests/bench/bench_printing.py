"""A results printout in raster mode (the default: the preview's picture) against text mode
(CP852): time to render the ESC/POS job, its size, and what that size costs on a slow link."""

from __future__ import annotations

import statistics
import time

from printer import (
    Document,
    StandingLine,
    StandingsField,
    find_profile,
    render_escpos,
    render_png,
    results_sheet,
)

NAMES = ("Łukasz Wiśniewski", "Zoë Dąbek", "Grzegorz Brzęczyszczykiewicz", "Ayu Pramesti",
         "Małgorzata Żółkiewska", "Budi Santoso", "Jan Nowak", "Siti Rahayu")

SERIAL_BYTES_PER_S = 115_200 / 10
"""A serial printer at 115 200 baud (8N1: ten bits a byte), the slowest link in use."""


def sheet(pairs: int = 30) -> Document:
    fields = [
        StandingsField(title, tuple(
            StandingLine(rank, str(rank), (NAMES[rank % 8], NAMES[(rank + 3) % 8]),
                         200.0 - 3 * rank, 65.0 - rank / 2,
                         "K17.3: 4♠X ugrane w rozdaniu 7" if rank % 10 == 0 else "")
            for rank in range(1, pairs + 1)))
        for title in ("Północ-Południe", "Wschód-Zachód")
    ]
    return results_sheet("Mistrzostwa Łodzi – Kejuaraan Nasional", 5, 5, fields)


def measure(doc: Document, mode: str, runs: int) -> tuple[float, int]:
    profile = find_profile("80mm", mode, "CP852")
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(render_escpos(doc, profile))
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def main(pairs: int = 30, runs: int = 7) -> None:
    doc = sheet(pairs)
    render_escpos(doc, find_profile("80mm"))  # fonts loaded once
    raster_s, raster_bytes = measure(doc, "raster", runs)
    text_s, text_bytes = measure(doc, "text", runs)
    print(f"Printing: the standings of 2 x {pairs} pairs on 80 mm paper "
          f"(median of {runs} runs)")
    for name, seconds, size in (("raster", raster_s, raster_bytes), ("text", text_s, text_bytes)):
        print(f"  {name:<6} render {seconds * 1000:7.1f} ms  {size / 1024:7.1f} KB  "
              f"115200-baud serial {size / SERIAL_BYTES_PER_S:6.1f} s")
    print(f"  raster / text: render x{raster_s / text_s:.1f}, "
          f"bytes x{raster_bytes / text_bytes:.1f}")
    # Both modes print the same paper: the preview's height at 8 dots a millimetre.
    paper_mm = render_png(doc, find_profile("80mm")).height / 8
    print(f"  paper {paper_mm:.0f} mm: {paper_mm / 150:.1f} s at a printer's 150 mm/s")


if __name__ == "__main__":
    main()
