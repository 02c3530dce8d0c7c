"""Results of a table, their score from North-South's side, and their traveller text."""

from __future__ import annotations

import re

import pytest

from server.bridge import (
    Contract,
    InvalidSeatError,
    InvalidTricksError,
    Result,
    Seat,
    Strain,
    Vulnerability,
    ns_score,
    score,
)

PASS = Contract.parse("PASS")


@pytest.mark.parametrize("tricks", [-1, 14, 10.0, True])
def test_score_rejects_impossible_tricks(tricks: int) -> None:
    with pytest.raises(InvalidTricksError, match=re.escape(repr(tricks))):
        score(Contract.parse("4S"), False, tricks)


def test_passed_out_scores_zero() -> None:
    assert score(PASS, True, 0) == 0
    assert ns_score(PASS, None, 0, Vulnerability.BOTH) == 0


@pytest.mark.parametrize(
    ("code", "declarer", "tricks", "vulnerability", "expected"),
    [
        ("4S", Seat.N, 10, Vulnerability.NONE, 420),
        ("4S", Seat.S, 10, Vulnerability.NS, 620),
        ("4S", Seat.E, 10, Vulnerability.NS, -420),
        ("4S", Seat.W, 10, Vulnerability.EW, -620),
        ("4S", Seat.E, 9, Vulnerability.NONE, 50),
        ("4SX", Seat.W, 8, Vulnerability.BOTH, 500),
        ("3NT", Seat.N, 8, Vulnerability.EW, -50),
        ("7NXX", Seat.S, 13, Vulnerability.BOTH, 2980),
    ],
)
def test_kd2_ns_score_is_from_north_souths_point_of_view(
    code: str, declarer: Seat, tricks: int, vulnerability: Vulnerability, expected: int
) -> None:
    """KD2: North-South hands in (enters) the score, so it is always theirs."""
    assert ns_score(Contract.parse(code), declarer, tricks, vulnerability) == expected


def test_ns_score_needs_a_declarer_exactly_when_not_passed_out() -> None:
    with pytest.raises(InvalidSeatError, match="None"):
        ns_score(Contract.parse("4S"), None, 10, Vulnerability.NONE)
    with pytest.raises(InvalidSeatError, match=re.escape("Seat.N")):
        ns_score(PASS, Seat.N, 0, Vulnerability.NONE)


@pytest.mark.parametrize(
    ("code", "tricks", "text"),
    [("4S", 10, "="), ("4S", 11, "+1"), ("4S", 8, "-2"), ("1C", 13, "+6"), ("7N", 0, "-13"),
     ("3NTX", 9, "="), ("PASS", 0, "")],
)  # fmt: skip
def test_result_text(code: str, tricks: int, text: str) -> None:
    contract = Contract.parse(code)
    declarer = None if contract.is_passed_out else Seat.N
    result = Result.from_tricks(contract, declarer, tricks)
    assert result.result_text == text
    assert Result.from_result_text(contract, declarer, text) == result


@pytest.mark.parametrize(
    ("code", "text"),
    [("4S", "+4"), ("4S", "-11"), ("4S", "0"), ("4S", "+0"), ("4S", "-0"), ("4S", "1"),
     ("4S", ""), ("4S", "=1"), ("PASS", "="), ("1C", "+7")],
)  # fmt: skip
def test_from_result_text_rejects_impossible_results(code: str, text: str) -> None:
    contract = Contract.parse(code)
    declarer = None if contract.is_passed_out else Seat.N
    with pytest.raises(InvalidTricksError, match=re.escape(repr(text))):
        Result.from_result_text(contract, declarer, text)


def test_from_tricks_validates() -> None:
    four_spades = Contract.parse("4S")
    with pytest.raises(InvalidTricksError, match="14"):
        Result.from_tricks(four_spades, Seat.N, 14)
    with pytest.raises(InvalidSeatError, match="None"):
        Result.from_tricks(four_spades, None, 10)
    with pytest.raises(InvalidSeatError, match="'N'"):
        Result.from_tricks(four_spades, "N", 10)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError, match=re.escape("Seat.E")):
        Result.from_tricks(PASS, Seat.E, 0)
    with pytest.raises(InvalidTricksError, match="7"):
        Result.from_tricks(PASS, None, 7)


def test_result_ns_score_str_and_repr() -> None:
    result = Result.from_tricks(Contract(4, Strain.SPADES, 1), Seat.E, 11)
    assert result.ns_score(Vulnerability.EW) == -990
    assert result.ns_score(Vulnerability.NS) == -690
    assert str(result) == "4♠X E +1"
    assert str(Result.from_tricks(PASS, None, 0)) == "Pass"
    assert eval(repr(result)) == result
