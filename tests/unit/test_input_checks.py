"""Issue 14 item 6: the checks every input meets before use (server/errors.py)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from server.errors import (
    MAX_ERROR,
    TravellerError,
    check_input,
    error_body,
    finite_number,
    is_number_text,
    op_id_of,
    shown,
    whole_number,
)


def code_of(check: Any, *args: Any) -> str:
    with pytest.raises(TravellerError) as refused:
        check(*args)
    return refused.value.code


def test_14_6_an_envelope_never_carries_a_long_sentence() -> None:
    body = error_body("invalid_contract", "invalid contract: " + "4" * 900_000)
    assert len(body["error"]) == MAX_ERROR and body["error"].endswith("…")


def test_14_6_shown_quotes_a_short_prefix() -> None:
    assert shown("4S") == "'4S'"
    assert len(shown("x" * 900_000)) <= 60
    assert len(shown({"a": [list(range(1000))] * 1000})) <= 60
    assert shown("\ud800") == "'\\ud800'"


@pytest.mark.parametrize("value", [
    "a\ud800b", "x" * 10_001, 2**53 + 1, -(2**63), math.inf, math.nan, 1e300,
    {"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}, list(range(1_001)), {"\udfff": 1},
])
def test_14_6_check_input_refuses_hostile_values(value: Any) -> None:
    assert code_of(check_input, value) in ("invalid_text", "invalid_number", "invalid_input")


def test_14_6_check_input_passes_real_payloads() -> None:
    check_input({"op_id": "abcdefgh", "board": 3, "contract": "4SX", "declarer": "N",
                 "tricks": 10, "lead": "H10", "players": [{"id": "123", "name": "Zoë"}],
                 "home_imps": 12.5, "at_ms": 1_764_000_000_000, "ok": True, "note": None})


def test_14_6_numbers_are_ascii_digits_and_bounded() -> None:
    assert is_number_text("12") and not is_number_text("²") and not is_number_text("٣")
    assert not is_number_text("9" * 10) and not is_number_text("-1")
    assert whole_number(" 7 ", "round", "invalid_round", 1) == 7
    for bad in ("²", 2**63, True, 0, "1.5", None):
        assert code_of(whole_number, bad, "round", "invalid_round", 1) == "invalid_round"
    assert finite_number("7.5", "minutes", "invalid_minutes", 0, 120) == 7.5
    for bad in ("inf", "1e300", "nan", math.inf, -1, "soon", "²", True):
        assert code_of(finite_number, bad, "minutes", "invalid_minutes", 0, 120) \
            == "invalid_minutes"


def test_14_6_op_id_is_matched_whole() -> None:
    assert op_id_of("abc-DEF_123") == "abc-DEF_123"
    for bad in ("abcdefgh\n", "abcdefgh\r\n", "abcdéfgh", "short", "x" * 65, 12345678):
        assert code_of(op_id_of, bad) == "invalid_op_id"
