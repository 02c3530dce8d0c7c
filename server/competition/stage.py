"""What every kind of stage is given and what it gives back.

A stage is handed a :class:`StageContext`: its spec, its groups with their entrants in seed
order, the knock-out labels, the VP and matches its entrants keep from an earlier stage, and the
direct matches a carry-over reads. It returns a :class:`StageProgress`: its groups and matches as
far as they are played, the fixtures to play now, the decisions due, and once complete the order
of every group and the places and outcomes it gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..formats.competition import StageSpec
from ..scoring.carryover import DirectMatch
from ..scoring.ranking import MatchRecord, Ranking
from .model import CombinedButler, Due, Fixture, GroupResult, KnockoutLine, Standing


@dataclass(frozen=True)
class StageContext:
    spec: StageSpec
    groups: Mapping[str, tuple[int, ...]]
    """Group name -> its entrants, best seed first (one group is named "")."""
    labels: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """Knock-outs: group name -> seed label -> entrant."""
    carried_vp: Mapping[int, float] = field(default_factory=dict)
    """VP an entrant keeps from an earlier stage (D4.4, D5.5)."""
    carried_records: tuple[MatchRecord, ...] = ()
    """Earlier matches among entrants that keep their VP: the direct matches of D3.2."""
    direct: Callable[[int, int], tuple[DirectMatch, int] | None] | None = None
    """K15: the two teams' direct match in the round robin and which of them ranked higher."""
    names: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PlaceGiven:
    """A final place or an outcome a stage gives an entrant."""

    entry: int
    group: str
    place: int | None
    """The final place (within the registered group when the competition has groups)."""
    why: str
    outcome: str = ""


@dataclass
class StageProgress:
    groups: list[GroupResult] = field(default_factory=list)
    matches: list[KnockoutLine] = field(default_factory=list)
    fixtures: list[Fixture] = field(default_factory=list)
    due: list[Due] = field(default_factory=list)
    complete: bool = False
    order: dict[str, list[int]] = field(default_factory=dict)
    """Group name -> entrants in their final order in the group (complete stages)."""
    records: dict[str, list[MatchRecord]] = field(default_factory=dict)
    """Group name -> its matches as the ranking took them (round robins and Swiss)."""
    totals: dict[int, float] = field(default_factory=dict)
    """An entrant's total VP (teams) or percentage (pairs) in the stage."""
    per_match: dict[int, float] = field(default_factory=dict)
    """An entrant's score comparable across groups of different sizes (VP per match, or the
    percentage)."""
    outcomes: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=dict)
    """Knock-outs: group -> named outcome -> entrants."""
    places: list[PlaceGiven] = field(default_factory=list)
    progress: dict[int, int] = field(default_factory=dict)
    """Knock-outs: how many matches each entrant won (to order those knocked out)."""
    exits: dict[int, str] = field(default_factory=dict)
    """Knock-outs: the match each loser went out in ("the quarter-final (c2)")."""
    butler_combined: CombinedButler | None = None
    """The Butler ranking over all the groups together, where the stage keeps one (D5.2)."""
    group_complete: dict[str, bool] = field(default_factory=dict)
    """Group name -> whether that group has played all of the stage (a venue's group may
    go on to its next stage before the others, D5.1)."""


def vp_standings(ranking: Ranking, imps: Mapping[int, tuple[float, float]],
                 carried: Mapping[int, float]) -> tuple[Standing, ...]:
    """A VP ranking's lines, each with what put it ahead of the next when that was not VP."""
    lines = []
    for place, (line, separation) in enumerate(
            zip(ranking.standings, [*ranking.separations, None], strict=True), start=1):
        reason = ""
        if separation is not None and separation.criterion not in (None, "vp"):
            reason = str(separation)
        won, lost = imps.get(line.team, (0.0, 0.0))
        lines.append(Standing(place=place, entry=line.team, vp=round(line.vp, 2),
                              carried_vp=round(carried.get(line.team, 0.0), 2),
                              imps=(round(won, 2), round(lost, 2)), shared=line.shared,
                              rank=line.rank, tie_break=reason))
    return tuple(lines)
