"""Mini bridge (K8.2): partscores at the one level, games at the game level."""

from __future__ import annotations

import pytest

from server.bridge import K8_2, InvalidContractError, MiniBridge, MiniKind, Strain


def test_k8_2_partscore_is_played_at_the_one_level() -> None:
    assert K8_2.contract(MiniKind.PARTSCORE, Strain.SPADES).code == "1S"
    # Nine tricks in a spade partscore: 1S+2, not 3S=.
    assert K8_2.score(MiniKind.PARTSCORE, Strain.SPADES, False, 9) == 140
    assert K8_2.score(MiniKind.PARTSCORE, Strain.NOTRUMP, False, 8) == 120
    # Down when declarer takes fewer than 7 tricks.
    assert K8_2.score(MiniKind.PARTSCORE, Strain.CLUBS, False, 6) == -50
    assert K8_2.score(MiniKind.PARTSCORE, Strain.CLUBS, True, 5) == -200


def test_k8_2_game_is_played_at_its_game_level() -> None:
    assert K8_2.contract(MiniKind.GAME, Strain.NOTRUMP).code == "3N"
    assert K8_2.contract(MiniKind.GAME, Strain.HEARTS).code == "4H"
    assert K8_2.contract(MiniKind.GAME, Strain.DIAMONDS).code == "5D"
    assert K8_2.score(MiniKind.GAME, Strain.HEARTS, True, 10) == 620
    assert K8_2.score(MiniKind.GAME, Strain.HEARTS, True, 9) == -100
    assert K8_2.score(MiniKind.GAME, Strain.NOTRUMP, False, 10) == 430
    assert K8_2.score(MiniKind.GAME, Strain.CLUBS, False, 10) == -50


def test_k8_2_game_levels_are_a_setting() -> None:
    four_notrump = MiniBridge(game_levels={**K8_2.game_levels, Strain.NOTRUMP: 4})
    assert four_notrump.score(MiniKind.GAME, Strain.NOTRUMP, False, 9) == -50


def test_mini_kind_parse() -> None:
    assert MiniKind.parse(" Game ") is MiniKind.GAME
    assert MiniKind.parse("p") is MiniKind.PARTSCORE
    with pytest.raises(InvalidContractError, match="'slam'"):
        MiniKind.parse("slam")
