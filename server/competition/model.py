"""What a competition is made of while it runs: entries, what was played, what is due, results.

The competition model is resolved from its inputs, the way a knock-out bracket is: given the
entries and everything played or decided so far (:class:`Inputs`), :mod:`.flow` works out every
stage's groups, matches and standings, what can be played now (:class:`MatchFixture`,
:class:`SessionFixture`) and what a person must decide (:class:`Due`). The simulator answers
the fixtures with random but plausible boards and the decisions with its chooser; the server
answers them with the tables' results and the director's decisions. Nothing here is stored:
the inputs are the only record, and the rest is derived from them every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..movements.base import Movement
from ..scoring.matchpoints import BoardResult as TravellerLine
from ..scoring.ranking import level_words
from ..scoring.teams import BoardResult as TwoRooms


@dataclass(frozen=True)
class Entry:
    """A team or a pair of the competition."""

    id: int
    """Its number (the draw number, K16.2)."""
    name: str
    group: str = ""
    """The group it was registered in (D5.1), "" when there are none."""
    joined: str = ""
    """The stage it joined at from another competition (K4.2, K4.3, D4.7); "" for the
    competition's own entries."""
    origin: str = ""
    """Where a joining entry comes from ("League II runner-up (D4.7)")."""


@dataclass(frozen=True)
class MatchPlay:
    """The boards of a team match (or one part of a knock-out match) as both rooms scored them."""

    boards: tuple[TwoRooms, ...]
    """Board by board: the home team's North-South score in the open room and the away team's
    North-South score in the closed room."""
    imp_penalties: tuple[float, float] = (0.0, 0.0)
    """IMPs taken from the home and the away team (K10.2)."""
    walkover: tuple[float, float] | None = None
    """A match awarded by walk-over (K13): the home and the away team's VP, no IMPs; in a
    knock-out the team with more goes through."""


@dataclass
class Inputs:
    """Everything played or decided so far, keyed by the fixture or decision it answers."""

    matches: dict[str, MatchPlay] = field(default_factory=dict)
    """Team matches (and knock-out extra or sudden-death boards) by fixture key."""
    sessions: dict[str, tuple[TravellerLine, ...]] = field(default_factory=dict)
    """Pairs sessions and Swiss pairs rounds: every table's result, by fixture key."""
    choices: dict[str, int] = field(default_factory=dict)
    """Choices of opponent, by decision key (stage/choice, or stage/group/choice)."""
    picks: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Wild cards named by the organisers (KC2.2), by decision key."""
    joins: dict[str, tuple[Entry, ...]] = field(default_factory=dict)
    """Entries joining from another competition (K4.2, K4.3, D4.7), by decision key."""
    replaced: dict[str, dict[int, int]] = field(default_factory=dict)
    """By stage: an entrant absent at the start and the next-ranked entry that replaces it
    (K4.5, the director's decision)."""


@dataclass(frozen=True)
class MatchFixture:
    """A team match (or a knock-out's extra or sudden-death boards) to play now."""

    key: str
    """Where its :class:`MatchPlay` goes in :attr:`Inputs.matches`."""
    stage: str
    group: str
    label: str
    """How a person names it: "round 3, match 2", "p1 (line 1)", "p1: 4 extra boards"."""
    home: int
    away: int
    boards: int
    segments: int
    deals: str
    """Boards of fixtures with the same ``deals`` and number are the same deal (D1.2)."""
    first_board: int = 1
    knockout: bool = False
    round: int = 1
    """The stage's round it belongs to: a round robin offers all its rounds at once, and a
    venue plays them one after another, the lowest first."""


@dataclass(frozen=True)
class SessionFixture:
    """A pairs session of one group (or a Swiss pairs round) to play now."""

    key: str
    """Where its lines go in :attr:`Inputs.sessions`."""
    stage: str
    group: str
    label: str
    movement: Movement
    """Who sits where with which boards; its pair numbers are mapped by :attr:`pairs`."""
    pairs: tuple[tuple[int, int], ...]
    """(movement pair number, entry) for every pair present."""
    deals: str
    round: int = 1
    """The session (or the Swiss round) of the stage it is: played in this order."""

    def entry(self, pair: int) -> int | None:
        for number, entry in self.pairs:
            if number == pair:
                return entry
        return None


Fixture = MatchFixture | SessionFixture


@dataclass(frozen=True)
class Due:
    """A decision a person must take before the competition can go on."""

    key: str
    """Where the answer goes (:attr:`Inputs.choices`, :attr:`Inputs.picks` or
    :attr:`Inputs.joins`)."""
    kind: str
    """"choice" (an opponent, K1.4, D4.3...), "wild card" (KC2.2) or "join" (K4.2, D4.7)."""
    stage: str
    name: str
    """The choice's name in the bracket, or the source of the entries."""
    rule: str
    chooser: int | None = None
    allowed: tuple[int, ...] = ()
    """The entries that may be chosen, in order of their places (lowest placed last)."""
    count: int = 1
    """Wild cards and joining entries: at most this many."""
    group: str = ""


@dataclass(frozen=True)
class MatchLine:
    """A match of a round robin or a Swiss (a bye has no away team and its VP in vp[0])."""

    home: int
    away: int | None
    boards: int
    imps: tuple[float, float]
    vp: tuple[float, float]


@dataclass(frozen=True)
class RoundLine:
    round: int
    matches: tuple[MatchLine, ...]


@dataclass(frozen=True)
class Standing:
    """One line of a group's standings."""

    place: int
    entry: int
    vp: float | None = None
    """Total VP (carried VP and byes included); None in a matchpoint stage."""
    carried_vp: float = 0.0
    """VP kept from an earlier stage (D4.4, D5.5)."""
    imps: tuple[float, float] | None = None
    """IMPs won and lost in this stage's matches; None in a matchpoint stage."""
    percent: float | None = None
    """The score a pairs stage ranks by; None in a team stage."""
    shared: bool = False
    """Level with a neighbour on everything the ranking looks at."""
    rank: int = 0
    """The place it shows: level entries show the first of their places ("6=" twice); 0 for
    :attr:`place`."""
    tie_break: str = ""
    """Why it is ahead of the next line, when that was not the main score."""
    sessions: tuple[float, ...] = ()
    """Pairs stages: the percentage of each session."""

    @property
    def shown(self) -> str:
        """The place a list of the standings prints: ``"3"``, or ``"3="`` on every line the
        stage's tie-breaks leave level with it (the first of their places, so the next line
        after two level at 3 is 5)."""
        return f"{self.rank or self.place}{'=' if self.shared else ''}"


def level_with(lines: Sequence[Standing]) -> dict[int, tuple[int, ...]]:
    """Each entry the stage's tie-breaks leave level with others: all of them, as listed."""
    blocks: dict[int, list[int]] = {}
    for line in lines:
        if line.shared:
            blocks.setdefault(line.rank or line.place, []).append(line.entry)
    return {entry: tuple(block) for block in blocks.values() if len(block) > 1
            for entry in block}


def tie_break_text(lines: Sequence[Standing]) -> dict[int, str]:
    """What a tie-break column says of each line: what put it ahead of the next, and, for
    the lines left level, that they are (never empty where a tie stays)."""
    level = level_with(lines)
    out = {}
    for line in lines:
        said = [level_words(level[line.entry])] if line.entry in level else []
        said += [line.tie_break] if line.tie_break else []
        if said:
            out[line.entry] = "; ".join(said)
    return out


@dataclass(frozen=True)
class ButlerLine:
    """A pair's line in a league's Butler ranking (D4.1, D5.2)."""

    place: int | None
    entry: int
    pair: str
    boards: int
    imps: float
    per_board: float


@dataclass(frozen=True)
class CombinedButler:
    """A stage's Butler ranking over all its groups together (D5.2), and what it holds.

    Every group plays the same deals (D1.2), so each deal's datum is made from every table of
    every group that played it. While the groups play (at their own venues, each at its own
    pace) it holds what has been played: :attr:`groups` of :attr:`of` have results in it, and
    every one of those has finished the rounds up to :attr:`up_to_round`."""

    lines: tuple[ButlerLine, ...]
    """Every pair of every group, best IMPs a board first."""
    groups: int
    """The groups with results in it."""
    of: int
    """The stage's groups."""
    up_to_round: int
    """The last round every group with results has finished, with every round before it (0:
    none yet)."""
    rounds: int
    """The stage's rounds (matches a team plays)."""


@dataclass(frozen=True)
class GroupResult:
    name: str
    entries: tuple[int, ...]
    rounds: tuple[RoundLine, ...] = ()
    standings: tuple[Standing, ...] = ()
    after_rounds: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """A barometer's ranking after every round (K4.3): (round, entries best first)."""
    butler: tuple[ButlerLine, ...] = ()
    boards_per_session: int = 0
    """Pairs stages: the boards of a session in this group."""


@dataclass(frozen=True)
class CarryOverLine:
    to: int
    imps: float
    rule: str


@dataclass(frozen=True)
class KnockoutLine:
    """A knock-out match as it stands."""

    id: str
    round: str
    group: str
    home: int
    away: int
    boards: int
    segments: int
    chosen_by: int | None
    choice_from: tuple[int, ...]
    carry_over: CarryOverLine | None
    imps: tuple[float, float]
    """IMPs over every board played, extra boards too; no carry-over, no penalties."""
    imp_penalties: tuple[float, float]
    extra_boards: int
    """Extra and sudden-death boards played."""
    winner: int | None
    loser: int | None
    decided_by: str | None
    """"imps", "extra_boards", "sudden_death" or "higher_placed"; None while undecided."""
    rule: str = ""


@dataclass(frozen=True)
class Qualified:
    entry: int
    to: str
    why: str


@dataclass(frozen=True)
class FinalPlace:
    place: int
    """1 first; entries the stage that placed them leaves level (its tie-breaks say nothing
    more, KC1.4) share the first of their places, and the next one skips (3, 3, 5)."""
    entry: int
    why: str
    group: str = ""
    outcome: str = ""
    shared: bool = False
    """Level with another entry on everything the stage looked at: shown "3="."""

    @property
    def shown(self) -> str:
        return f"{self.place}{'=' if self.shared else ''}"
