"""The exceptions that leave the printer package.

Callers (the CLI, the print spool worker) catch these and nothing else: bad names and bad
target strings are `ValueError`s that show the input, so they read well as a one-line CLI
error; anything that goes wrong on the way to paper (a refused connection, a missing USB
device, a read-only folder) is a `PrinterError`, whatever library raised it underneath.
"""

from __future__ import annotations


class PrinterError(Exception):
    """A document could not be written to its target or sent to its printer."""


class UnknownProfileError(ValueError):
    """A printer profile name that is not one of the built-in profiles."""


class InvalidTargetError(ValueError):
    """A print target string that `parse_target` cannot read."""
