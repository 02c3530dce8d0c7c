"""Cards as opening leads are written."""

from __future__ import annotations

import pytest

from server.bridge import Card, InvalidCardError, Strain


@pytest.mark.parametrize(("text", "code"), [("SA", "SA"), ("h10", "HT"), ("♦7", "D7"),
                                            (" ct ", "CT"), ("♠Q", "SQ")])
def test_cards_parse_to_their_canonical_code(text: str, code: str) -> None:
    assert Card.parse(text).code == code


def test_card_prints_with_its_suit_symbol_and_round_trips() -> None:
    card = Card.parse("HT")
    assert str(card) == "♥10"
    assert eval(repr(card)) == card
    assert card.suit is Strain.HEARTS


@pytest.mark.parametrize("text", ["", "S", "NA", "S1", "SAX", "X5", "S11"])
def test_bad_cards_name_the_input(text: str) -> None:
    with pytest.raises(InvalidCardError, match=repr(text)):
        Card.parse(text)
