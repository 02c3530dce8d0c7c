"""The one error envelope of Traveller.

Every socket acknowledgement and JSON response is either `{"ok": true, ...}` or
`{"ok": false, "code": ..., "error": ..., "status": N}`; both are built here and nowhere else, so
the shape cannot drift between the socket handlers, the REST views and the command line. The
command line's own refusal, one line on stderr and exit status 1, is `CliError`.
"""

from __future__ import annotations

import re
from typing import Any


class TravellerError(Exception):
    """A refusal the user can act on: bad input, a conflict, something not found."""

    def __init__(self, code: str, error: str, status: int = 400) -> None:
        super().__init__(error)
        self.code = code
        self.error = error
        self.status = status

    def body(self) -> dict[str, Any]:
        return error_body(self.code, self.error, self.status)


class CliError(Exception):
    """Bad input on the command line: printed as one line, exit status 1."""


def error_body(code: str, error: str, status: int = 400) -> dict[str, Any]:
    """The failure envelope: a snake_case `code` for programs, a sentence for people."""
    return {"ok": False, "code": code, "error": error, "status": status}


OP_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
"""A client-made operation id: what makes a replayed submission idempotent."""


def op_id_of(value: Any, code: str = "invalid_op_id", what: str = "op_id") -> str:
    """`value` as an operation id, or the refusal naming it."""
    if not isinstance(value, str) or not OP_ID.match(value):
        raise TravellerError(code, f"{what} must be 8-64 letters, digits or dashes, "
                             f"not {value!r}")
    return value


def ok_body(**fields: Any) -> dict[str, Any]:
    """The success envelope, with whatever fields the call returns."""
    return {"ok": True, **fields}
