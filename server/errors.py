"""The one error envelope of Traveller.

Every socket acknowledgement and JSON response is either `{"ok": true, ...}` or
`{"ok": false, "code": ..., "error": ..., "status": N}`; both are built here and nowhere else, so
the shape cannot drift between the socket handlers, the REST views and the command line. The
command line's own refusal, one line on stderr and exit status 1, is `CliError`.
"""

from __future__ import annotations

import math
import re
import reprlib
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


MAX_ERROR = 400
"""The longest error sentence an envelope carries: whatever a message quotes, a reply never
echoes a large input back."""


def error_body(code: str, error: str, status: int = 400) -> dict[str, Any]:
    """The failure envelope: a snake_case `code` for programs, a sentence for people."""
    if len(error) > MAX_ERROR:
        error = error[:MAX_ERROR - 1] + "…"
    return {"ok": False, "code": code, "error": error, "status": status}


_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = _SHOWN.maxlong = 40
_SHOWN.maxlist = _SHOWN.maxdict = _SHOWN.maxtuple = _SHOWN.maxset = 4
_SHOWN.maxlevel = 2


def shown(value: Any) -> str:
    """`value` as an error message quotes it (`repr`, cut short): what was wrong, never the
    whole of a large input."""
    text = _SHOWN.repr(value)
    return text if len(text) <= 60 else f"{text[:56]}...{text[-1]}"


# -- input: what a terminal or a form sent, checked before anything uses it -----------------

MAX_TEXT = 10_000
"""The longest string any input may hold; fields have their own, smaller limits."""

MAX_DEPTH = 6
"""How deeply an input's objects and lists may nest (a result or a form is one or two)."""

MAX_ITEMS = 1_000
"""How many members one object or list of an input may have."""


def has_lone_surrogate(text: str) -> bool:
    """A string no UTF-8 encoder takes (a half of a surrogate pair, from a JSON escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_text(value: str, what: str = "the text", limit: int = MAX_TEXT,
               code: str = "invalid_text") -> str:
    """`value` if it is valid Unicode of at most `limit` characters, else the refusal."""
    if len(value) > limit:
        raise TravellerError(code, f"{what} is longer than {limit} characters")
    if has_lone_surrogate(value):
        raise TravellerError(code, f"{what} is not valid Unicode text")
    return value


MAX_INPUT_NUMBER = 2**53
"""The largest number an input may hold anywhere (JSON's safe integers): no field means more,
and SQLite refuses integers past 2**63 with an exception."""


def check_input(value: Any, depth: int = 0) -> None:
    """Refuse an input holding a string that is too long or not valid Unicode, a number that
    is not finite or is beyond any field's meaning, or objects nested too deeply or too wide,
    before any of it is used."""
    if isinstance(value, str):
        check_text(value, "a text in the input")
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if not (math.isfinite(value) and -MAX_INPUT_NUMBER <= value <= MAX_INPUT_NUMBER):
            raise TravellerError("invalid_number", f"the input holds the number "
                                 f"{shown(value)}, beyond any field's range")
    elif isinstance(value, dict | list | tuple):
        if depth >= MAX_DEPTH:
            raise TravellerError("invalid_input", "the input is nested too deeply")
        if len(value) > MAX_ITEMS:
            raise TravellerError("invalid_input", f"the input has more than {MAX_ITEMS} "
                                 "members in one object or list")
        for item in [*value, *value.values()] if isinstance(value, dict) else value:
            check_input(item, depth + 1)


MAX_NUMBER = 1_000_000
"""The largest whole number any field means (boards, rounds, pairs, minutes are far
smaller); SQLite takes at most 2**63 - 1 and refuses more with an exception."""


def is_number_text(text: str) -> bool:
    """Whether `text` is a whole number in ASCII digits (not "²" or "٣", which `isdigit`
    passes), short enough to mean anything."""
    return text.isascii() and text.isdecimal() and len(text) <= 9


def whole_number(value: Any, what: str, code: str, low: int = 0,
                 high: int = MAX_NUMBER) -> int:
    """`value` (a whole number, or its ASCII digits) between `low` and `high`, or the
    refusal naming `what`."""
    if isinstance(value, str) and is_number_text(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise TravellerError(code, f"{what} must be a whole number, not {shown(value)}")
    if not low <= value <= high:
        raise TravellerError(code, f"{what} must be from {low} to {high}, not {shown(value)}")
    return value


def finite_number(value: Any, what: str, code: str, low: float = 0,
                  high: float = MAX_NUMBER) -> float:
    """`value` (a number, or its text) between `low` and `high`: never inf, nan or 1e300."""
    number = value
    if isinstance(value, str):
        try:
            number = float(value.strip()) if len(value) <= 30 else None
        except ValueError:
            number = None
    if isinstance(number, bool) or not isinstance(number, int | float):
        raise TravellerError(code, f"{what} must be a number, not {shown(value)}")
    if not math.isfinite(number) or not low <= number <= high:
        raise TravellerError(code, f"{what} must be from {low:g} to {high:g}, not "
                             f"{shown(value)}")
    return float(number)


OP_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""A client-made operation id: what makes a replayed submission idempotent (matched whole,
with `fullmatch`: no trailing newline)."""


def op_id_of(value: Any, code: str = "invalid_op_id", what: str = "op_id") -> str:
    """`value` as an operation id, or the refusal naming it."""
    if not isinstance(value, str) or not OP_ID.fullmatch(value):
        raise TravellerError(code, f"{what} must be 8-64 letters, digits or dashes, "
                             f"not {shown(value)}")
    return value


def ok_body(**fields: Any) -> dict[str, Any]:
    """The success envelope, with whatever fields the call returns."""
    return {"ok": True, **fields}
