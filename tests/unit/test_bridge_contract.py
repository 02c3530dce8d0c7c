"""Parsing and printing seats, strains and contracts."""

from __future__ import annotations

import re

import pytest

from server.bridge import (
    BridgeError,
    Contract,
    InvalidContractError,
    InvalidSeatError,
    Seat,
    Strain,
)


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling"),
    [
        ("4SX", 4, Strain.SPADES, 1),
        ("3N", 3, Strain.NOTRUMP, 0),
        ("3NT", 3, Strain.NOTRUMP, 0),
        ("3nt", 3, Strain.NOTRUMP, 0),
        ("7HXX", 7, Strain.HEARTS, 2),
        ("7hxx", 7, Strain.HEARTS, 2),
        ("1C", 1, Strain.CLUBS, 0),
        ("2d", 2, Strain.DIAMONDS, 0),
        ("4s", 4, Strain.SPADES, 0),
        ("4♠X", 4, Strain.SPADES, 1),
        ("5♦", 5, Strain.DIAMONDS, 0),
        ("6♥xx", 6, Strain.HEARTS, 2),
        ("1♣", 1, Strain.CLUBS, 0),
        ("  4SX\n", 4, Strain.SPADES, 1),
    ],
)
def test_parse_contract(text: str, level: int, strain: Strain, doubling: int) -> None:
    assert Contract.parse(text) == Contract(level, strain, doubling)


@pytest.mark.parametrize("text", ["PASS", "pass", "Pass", "P", "p", " pass "])
def test_parse_passed_out(text: str) -> None:
    contract = Contract.parse(text)
    assert contract.is_passed_out
    assert (contract.level, contract.strain, contract.doubling) == (0, None, 0)
    assert contract.code == "PASS"
    assert str(contract) == "Pass"


@pytest.mark.parametrize(
    "text",
    ["8S", "0S", "4Z", "4SXXX", "", "   ", "4 S X", "4S X", "S4", "4", "X", "44S", "4NTT",
     "passed", "4SR", "١S", "4S\u200b"],
)  # fmt: skip
def test_parse_rejects_with_the_input_in_the_message(text: str) -> None:
    with pytest.raises(InvalidContractError, match=re.escape(repr(text))):
        Contract.parse(text)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Contract.parse("8S")
    assert issubclass(InvalidContractError, BridgeError)
    assert issubclass(BridgeError, ValueError)


@pytest.mark.parametrize(
    ("level", "strain", "doubling"),
    [(8, Strain.SPADES, 0), (0, Strain.SPADES, 0), (4, None, 0), (0, None, 1),
     (4, Strain.SPADES, 3), (4, Strain.SPADES, -1), (4, "S", 0)],
)  # fmt: skip
def test_constructor_rejects_impossible_contracts(
    level: int, strain: Strain | None, doubling: int
) -> None:
    with pytest.raises(InvalidContractError, match="invalid contract"):
        Contract(level, strain, doubling)


@pytest.mark.parametrize(
    ("text", "code", "printed"),
    [
        ("4SX", "4SX", "4♠X"),
        ("3NT", "3N", "3NT"),
        ("7hxx", "7HXX", "7♥XX"),
        ("1c", "1C", "1♣"),
        ("2♦x", "2DX", "2♦X"),
        ("pass", "PASS", "Pass"),
    ],
)
def test_code_str_and_repr_round_trip(text: str, code: str, printed: str) -> None:
    contract = Contract.parse(text)
    assert contract.code == code
    assert str(contract) == printed
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(contract.code) == contract
    assert repr(contract) == f"Contract.parse({code!r})"
    assert eval(repr(contract)) == contract


def test_tricks_needed() -> None:
    assert Contract.parse("1C").tricks_needed == 7
    assert Contract.parse("7N").tricks_needed == 13
    assert Contract.parse("PASS").tricks_needed == 0


def test_strains_letters_symbols_and_kinds() -> None:
    assert [s.letter for s in Strain] == ["C", "D", "H", "S", "N"]
    assert [s.symbol for s in Strain] == ["♣", "♦", "♥", "♠", "NT"]
    assert [s for s in Strain if s.is_minor] == [Strain.CLUBS, Strain.DIAMONDS]
    assert [s for s in Strain if s.is_major] == [Strain.HEARTS, Strain.SPADES]
    assert not Strain.NOTRUMP.is_minor and not Strain.NOTRUMP.is_major
    assert Strain.parse("nt") is Strain.NOTRUMP
    assert Strain.parse("♥") is Strain.HEARTS
    with pytest.raises(InvalidContractError, match=re.escape("'Z'")):
        Strain.parse("Z")


@pytest.mark.parametrize(
    ("text", "seat"),
    [("N", Seat.N), ("n", Seat.N), ("north", Seat.N), ("NORTH", Seat.N), (" East ", Seat.E),
     ("s", Seat.S), ("South", Seat.S), ("w", Seat.W), ("west", Seat.W)],
)  # fmt: skip
def test_parse_seat(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["", "X", "NS", "nort", "Norths", "1"])
def test_parse_seat_rejects_with_the_input_in_the_message(text: str) -> None:
    with pytest.raises(InvalidSeatError, match=re.escape(repr(text))):
        Seat.parse(text)


def test_seats_go_round_clockwise() -> None:
    assert [seat.next for seat in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [seat.partner for seat in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [seat.is_ns for seat in Seat] == [True, False, True, False]
    assert [seat.full_name for seat in Seat] == ["North", "East", "South", "West"]
    assert all(eval(repr(seat)) is seat for seat in Seat)
    assert str(Seat.W) == "W"
