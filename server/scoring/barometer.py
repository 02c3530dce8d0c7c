"""Barometer rankings (K4.3): the pairs' ranking as it stands after each round.

In a barometer movement every table plays the same boards in the same round, so after each
round every board played so far is complete and the ranking can be shown. The rankings are
built by feeding the rounds in order to a :class:`~server.scoring.matchpoints.LiveMatchpoints`
and reading it after each, so all of them together cost one scoring of the session.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from server.scoring.matchpoints import (
    BoardResult,
    Comparison,
    Factoring,
    LiveMatchpoints,
    Movement,
    Scale,
    ScoringError,
    Standing,
    detect_movement,
)


@dataclass(frozen=True)
class RoundRanking:
    """The ranking after a round."""

    round: int
    """The last round counted: the ranking covers rounds 1 to this one."""
    standings: tuple[Standing, ...]
    """Every field's ranking, as :func:`~server.scoring.matchpoints.score_pairs` gives it."""


def barometer_rankings(
    results: Iterable[BoardResult],
    *,
    scale: Scale = Scale.TWO_ONE,
    factoring: Factoring = Factoring.NEUBERG,
    comparison: Comparison = Comparison.SECTION,
    movement: Movement | None = None,
) -> list[RoundRanking]:
    """The ranking after rounds 1..r, for every round r that has results, in round order.

    Every result must say its round; raises :class:`ScoringError` otherwise. The movement is
    decided from the whole session when not given, so that it does not change between rounds.
    """
    lines = list(results)
    by_round: dict[int, list[BoardResult]] = defaultdict(list)
    for line in lines:
        if line.round is None:
            raise ScoringError(f"a barometer result needs its round: {line!r}")
        by_round[line.round].append(line)
    movement = detect_movement(lines) if movement is None else movement
    live = LiveMatchpoints(movement, scale=scale, factoring=factoring, comparison=comparison)
    rankings: list[RoundRanking] = []
    for number in sorted(by_round):
        for line in by_round[number]:
            live.add(line)
        rankings.append(RoundRanking(number, tuple(live.standings())))
    return rankings
