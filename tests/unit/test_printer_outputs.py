"""Print targets: parsed strictly from text; delivered as PNGs, a file, or over the wire."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from printer import (
    FileTarget,
    InvalidTargetError,
    NetworkTarget,
    PreviewTarget,
    PrinterError,
    SerialTarget,
    Target,
    UsbTarget,
    deliver,
    find_profile,
    parse_target,
    render_escpos,
    table_card,
)

URL = "http://192.168.1.10:5000/t/A/{}?k=Zx8fQ2mLpR7tVw3Y"
PROFILE = find_profile("58mm")
CARDS = [table_card("Club Night", "A", table, URL.format(table)) for table in (3, 4)]


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("preview:out/cards", PreviewTarget(Path("out/cards"))),
        ("file:/tmp/cards.bin", FileTarget(Path("/tmp/cards.bin"))),
        ("file:C:\\cards.bin", FileTarget(Path("C:\\cards.bin"))),
        ("network:192.168.1.50", NetworkTarget("192.168.1.50", 9100)),
        ("NETWORK:printer.local:9101", NetworkTarget("printer.local", 9101)),
        ("network:[fe80::1]:9100", NetworkTarget("fe80::1", 9100)),
        ("usb:04b8:0202", UsbTarget(0x04B8, 0x0202)),
        ("usb:0x0416:0x5011", UsbTarget(0x0416, 0x5011)),
        ("serial:/dev/ttyUSB0", SerialTarget("/dev/ttyUSB0")),
    ],
)
def test_parse_target(text: str, target: Target) -> None:
    assert parse_target(text) == target


@pytest.mark.parametrize(
    "text",
    [
        "",
        "printer",
        "preview:",
        "lpt:1",
        "network:",
        "network:host:port",
        "network:host:0",
        "network:host:70000",
        "network:my host",
        "usb:04b8",
        "usb:04b8:xyz",
        "usb:12345:1",
    ],
)
def test_bad_targets_raise_a_value_error_showing_the_input(text: str) -> None:
    with pytest.raises(InvalidTargetError, match="invalid print target") as info:
        parse_target(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_targets_print_as_they_parse() -> None:
    for text in ("network:10.0.0.9:9100", "network:[fe80::1]:9100", "usb:04b8:0202"):
        assert str(parse_target(text)) == text


def test_preview_writes_one_png_per_document_named_after_its_title(tmp_path: Path) -> None:
    written = deliver(CARDS, parse_target(f"preview:{tmp_path}/out"), PROFILE)
    assert written == [
        str(tmp_path / "out" / "table-card-A-03.png"),
        str(tmp_path / "out" / "table-card-A-04.png"),
    ]
    assert all(Path(path).stat().st_size > 0 for path in written)


def test_preview_keeps_documents_with_the_same_title_apart(tmp_path: Path) -> None:
    written = deliver([CARDS[0], CARDS[0]], PreviewTarget(tmp_path), PROFILE)
    assert [Path(path).name for path in written] == ["table-card-A-03.png", "table-card-A-03-2.png"]


def test_file_target_appends_the_escpos_bytes(tmp_path: Path) -> None:
    path = tmp_path / "job.bin"
    deliver(CARDS[:1], FileTarget(path), PROFILE)
    deliver(CARDS[1:], FileTarget(path), PROFILE)
    expected = render_escpos(CARDS[0], PROFILE) + render_escpos(CARDS[1], PROFILE)
    assert path.read_bytes() == expected


def test_unwritable_file_is_a_printer_error(tmp_path: Path) -> None:
    with pytest.raises(PrinterError, match="cannot write"):
        deliver(CARDS, FileTarget(tmp_path / "missing" / "job.bin"), PROFILE)


def test_network_target_sends_the_exact_bytes() -> None:
    received = bytearray()
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]

        def accept_one_job() -> None:
            connection, _ = server.accept()
            with connection:
                while chunk := connection.recv(65536):
                    received.extend(chunk)

        listener = threading.Thread(target=accept_one_job)
        listener.start()
        report = deliver(CARDS, parse_target(f"network:127.0.0.1:{port}"), PROFILE, timeout=5)
        listener.join(timeout=5)
    expected = b"".join(render_escpos(card, PROFILE) for card in CARDS)
    assert bytes(received) == expected
    assert report == [f"sent 2 documents, {len(expected)} bytes to network:127.0.0.1:{port}"]


def test_closed_port_is_a_printer_error_not_an_os_error() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
    with pytest.raises(PrinterError, match=f"127.0.0.1:{port}"):
        deliver(CARDS, NetworkTarget("127.0.0.1", port), PROFILE, timeout=2)


@pytest.mark.parametrize(
    "target", [UsbTarget(0xFFFF, 0xFFFE), SerialTarget("/dev/no-such-traveller-printer")]
)
def test_missing_usb_or_serial_printer_is_a_printer_error(target: Target) -> None:
    # No hardware here: without pyusb/pyserial or without the device, both end the same way.
    with pytest.raises(PrinterError, match=str(target).split(":")[-1]):
        deliver(CARDS, target, PROFILE)


def test_importing_printer_leaves_nothing_in_the_temp_dir(tmp_path: Path) -> None:
    temp, cache = tmp_path / "tmp", tmp_path / "cache"
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "ESCPOS_CAPABILITIES_PICKLE_DIR"}
    env.update(TMPDIR=str(temp), XDG_CACHE_HOME=str(cache))
    repo = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", "import printer"], env=env, cwd=repo, check=True)
    assert list(temp.iterdir()) == []
    assert list((cache / "traveller" / "escpos").glob("*.capabilities.pickle"))


def test_8_drawing_and_waiting_on_a_device_go_to_the_offload(tmp_path: Path) -> None:
    threads: list[int] = []

    def elsewhere(call: Any) -> Any:
        """A thread of its own per call, as gevent's pool gives the server one."""
        outcome: dict[str, Any] = {}

        def run() -> None:
            try:
                outcome["result"] = call()
            except Exception as error:  # handed back, as gevent's pool does
                outcome["error"] = error

        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
        threads.append(worker.ident or 0)
        if "error" in outcome:
            raise outcome["error"]
        return outcome["result"]

    path = tmp_path / "job.bin"
    deliver(CARDS, FileTarget(path), PROFILE, offload=elsewhere)
    assert path.read_bytes() == b"".join(render_escpos(card, PROFILE) for card in CARDS)
    deliver(CARDS, PreviewTarget(tmp_path / "previews"), PROFILE, offload=elsewhere)
    assert len(list((tmp_path / "previews").glob("*.png"))) == 2
    with pytest.raises(PrinterError):  # the device's error comes back through the offload
        deliver(CARDS, SerialTarget("/dev/no-such-traveller-printer"), PROFILE,
                offload=elsewhere)
    assert len(threads) == 4  # render + write, previews, render + the serial port's wait
