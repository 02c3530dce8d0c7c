"""The pure parts of the players: the CSV parser and the mixed seating rule (K6.2, K7.3)."""

from __future__ import annotations

import pytest

from server.errors import TravellerError
from server.event.players import Player, PlayersError, mixed_problems, parse_csv, parse_player_id


def test_csv_with_a_header_and_optional_club() -> None:
    assert parse_csv("\ufeffID,Name,Gender\n1,Ann,f\n2,Bob,\n") == [
        Player("1", "Ann", "F"), Player("2", "Bob", "")]
    assert parse_csv("id;name;gender;club\n7;Zoë Ł;M;Kraków\n") == [
        Player("7", "Zoë Ł", "M", "Kraków")]


def test_csv_names_every_bad_line() -> None:
    with pytest.raises(PlayersError) as caught:
        parse_csv("id,name,gender\n1,Ann,F\n2,Bob\n!!,Cid,M\n1,Dee,Q\n")
    problems = caught.value.problems
    assert problems[0].startswith("line 3: 2 columns")
    assert problems[1].startswith("line 4: invalid id '!!'")
    assert "line 5: id 1 is already on line 2" in problems
    assert "line 5: gender must be F, M or blank, not 'Q'" in problems


def test_csv_needs_the_header_and_a_player() -> None:
    with pytest.raises(PlayersError, match="line 1"):
        parse_csv("1,Ann,F\n")
    with pytest.raises(PlayersError, match="no players"):
        parse_csv("id,name,gender\n")
    with pytest.raises(PlayersError, match="empty"):
        parse_csv("")


def test_player_numbers() -> None:
    assert parse_player_id(" 1234 ") == "1234"
    assert parse_player_id(77) == "77"
    for bad in ("", None, True, "a b", "x" * 21):
        with pytest.raises(TravellerError):
            parse_player_id(bad)


def test_k6_2_k7_3_the_woman_sits_north_or_west() -> None:
    assert mixed_problems({"north": "F", "south": "M", "east": "M", "west": "F"}) == []
    assert mixed_problems({"north": "M", "south": "F", "east": "F", "west": "M"}) == ["ns", "ew"]
    # A gender not known is no reason to warn.
    assert mixed_problems({"north": "", "south": "F", "east": "F", "west": ""}) == []


def test_k7_3_university_mixed_pairs_woman_west_or_north() -> None:
    """K7.3 states K6.2's rule for the university mixed pairs: the same check serves both."""
    from server.event.players import mixed_problems

    assert mixed_problems({"north": "F", "south": "M", "east": "M", "west": "F"}) == []
    assert mixed_problems({"north": "M", "south": "F", "east": "F", "west": "M"}) == ["ns", "ew"]
