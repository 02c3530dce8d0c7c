"""Sending ESC/POS bytes to a printer: the hardware edge of the package.

Network printers get the bytes over a plain TCP socket (the raw port 9100 protocol is just
that, and a socket gives us our own timeout and error text). USB and serial printers go
through python-escpos, which needs pyusb or pyserial installed. Whatever fails underneath,
only `PrinterError` comes out, naming the printer.
"""

from __future__ import annotations

import socket

from escpos.exceptions import Error as EscposError
from escpos.printer import Serial, Usb

from printer.errors import PrinterError

RAW_PORT = 9100
"""The raw-print TCP port of network printers (JetDirect)."""

DEFAULT_TIMEOUT = 10.0
"""Seconds to wait for a network or USB printer before giving up on the job."""


def send_network(host: str, port: int, data: bytes, *, timeout: float = DEFAULT_TIMEOUT) -> None:
    """Send `data` to the printer listening on `host`:`port`."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as connection:
            connection.sendall(data)
            # Half-close so the printer sees the end of the job before the socket goes.
            connection.shutdown(socket.SHUT_WR)
    except OSError as error:  # refused, unreachable, unknown host, timed out
        raise PrinterError(
            f"cannot print to network printer {host}:{port}: {_reason(error)}"
        ) from error


def send_usb(
    vendor_id: int, product_id: int, data: bytes, *, timeout: float = DEFAULT_TIMEOUT
) -> None:
    """Send `data` to the USB printer with these vendor and product ids."""
    name = f"USB printer {vendor_id:04x}:{product_id:04x}"
    # Checked first: without pyusb, python-escpos raises even from the object's __del__.
    if not Usb.is_usable():
        raise PrinterError(f"cannot print to {name}: pyusb is not installed")
    try:
        printer = Usb(vendor_id, product_id, timeout=int(timeout * 1000))
    except (EscposError, OSError, RuntimeError) as error:
        raise PrinterError(f"cannot open {name}: {_reason(error)}") from error
    _send(printer, name, data)


def send_serial(device: str, data: bytes) -> None:
    """Send `data` to the printer on serial port `device` (e.g. /dev/ttyUSB0, COM3)."""
    name = f"serial printer {device}"
    if not Serial.is_usable():
        raise PrinterError(f"cannot print to {name}: pyserial is not installed")
    try:
        printer = Serial(device)
    except (EscposError, OSError, RuntimeError) as error:
        raise PrinterError(f"cannot open {name}: {_reason(error)}") from error
    _send(printer, name, data)


def _send(printer: Usb | Serial, name: str, data: bytes) -> None:
    try:
        printer.open()
        # `_raw` is python-escpos's way to pass bytes through: ours are already ESC/POS.
        printer._raw(data)
    except (EscposError, OSError, RuntimeError) as error:
        raise PrinterError(f"cannot print to {name}: {_reason(error)}") from error
    finally:
        try:
            printer.close()
        except (EscposError, OSError, RuntimeError, AttributeError):
            pass  # the job already failed or succeeded; a failed close changes nothing


def _reason(error: BaseException) -> str:
    """The error's own words on one line, for a console alert."""
    text = " ".join(str(error).split())
    return text or type(error).__name__
