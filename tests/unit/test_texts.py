"""Texts the server builds as messages: the English every JSON field carries, and the key and
values a page translates (`server.texts`)."""

from __future__ import annotations

import math

from server.publish.results import step_message
from server.scoring.matchpoints import Field, Pair, PairBoard, SideScore
from server.scoring.pairs_tiebreak import break_tie
from server.scoring.ranking import MatchRecord, rank_teams
from server.teams.standings import separation_message
from server.texts import N_, english, message, word


def test_a_message_is_worded_with_its_values_and_nested_messages() -> None:
    said = message("%(what)s, round %(round)s", what=message("round-slips"), round=2)
    assert english(said) == "round-slips, round 2"
    polish = {"%(what)s, round %(round)s": "%(what)s, runda %(round)s",
              "round-slips": "kartki rundy"}
    assert word(said, lambda key: polish.get(key, key)) == "kartki rundy, runda 2"
    parts = [message("%(percent)s of %(score)s", percent="40%", score="+420"),
             message("%(percent)s of %(score)s", percent="60%", score="-50")]
    assert english(parts) == "40% of +420, 60% of -50"
    assert english("60% / 40%") == "60% / 40%" and english(None) == "None"
    assert english(message("terminal offline")) == "terminal offline"
    assert N_("terminal offline") == "terminal offline"


def test_a_teams_separation_says_in_english_what_str_says() -> None:
    records = [MatchRecord(1, 2, 31, 30, 10.36, 9.64), MatchRecord(1, 3, 5, 40, 1, 19),
               MatchRecord(2, 3, 40, 80, 1.72, 18.28), MatchRecord(4, 5, 12, 0, 15, 5)]
    level = [MatchRecord(6, 7, 10, 10, 10, 10)]
    for ranking in (rank_teams(records, "K17.1"), rank_teams(records, "K16.3"),
                    rank_teams(level, ("vp", "imp_quotient"))):
        for separation in ranking.separations:
            said = separation_message(separation)
            assert english(said) == str(separation)
            assert said["criterion"] == separation.criterion
    quotient = rank_teams(records[:3], "K17.1").separations[1]
    said = separation_message(quotient)
    assert said["values"] == {"ahead": 2, "behind": 1, "criterion": message("IMP quotient"),
                              "ahead_value": "0.63", "behind_value": "0.51"}
    infinite = rank_teams([MatchRecord(1, 2, 12, 0, 10, 10)], ("vp", "imp_quotient"))
    assert separation_message(infinite.separations[0])["values"]["ahead_value"] == "∞"
    assert math.isinf(infinite.separations[0].ahead_value or 0)


def board(number: int, opponent: Pair, mp: float, top: float = 4.0) -> PairBoard:
    mark = 2 if 2 * mp > top else 1 if 2 * mp == top else 0
    return PairBoard(number, opponent,
                     SideScore(mp, mp / top * 100, top, mark, mp == top, mp == 0))


def test_a_k17_3_step_says_in_english_what_explain_says() -> None:
    a, b, c, x = (Pair("A", Field.NS, n) for n in (1, 2, 3, 9))
    ties = [
        break_tie([a, b], {a: [board(1, x, 3)], b: [board(1, x, 1)]}),  # never met
        break_tie([a, b], {a: [board(1, b, 3), board(2, x, 2)],
                           b: [board(1, a, 1), board(2, x, 2)]}),  # the direct match
        break_tie([a, b, c], {a: [board(1, x, 2)], b: [board(1, x, 2)],
                              c: [board(1, x, 2)]}),  # level after every step
    ]
    steps = [step for tie in ties for step in tie.steps]
    assert len(steps) > 5
    for step in steps:
        assert english(step_message(step)) == step.explain()
    first = step_message(ties[0].steps[0])
    assert first["text_key"] == "%(step)s: %(first)s and %(second)s did not meet"
    assert first["values"]["first"] == "A1NS"
