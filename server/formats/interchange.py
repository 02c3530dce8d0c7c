"""An event's results as plain values, for the writers of USEBIO, PBN and CSV.

:mod:`server.publish.export` fills these from the store (scored by the event's own rules); the
writers (:mod:`server.formats.usebio_write`, :mod:`server.formats.pbn_write`,
:mod:`server.formats.csv_write`) turn them into files and never see the store. Pair and team
numbers are the event's; an artificial adjusted score is kept as its two percentages, which the
writers print in USEBIO's ``Axxyy`` notation (``A6040``).

A competition (an event of stages) is also its stages, each a :class:`StageResult`: the
standings, knock-out matches, Butler rankings and decisions the competition model gives, and
the stage's own results (its matches and tables, or its travellers) as a :class:`TeamsEvent` or
:class:`PairsEvent` of that stage alone, which USEBIO and PBN write one stage after another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from server.bridge.board import Board, Vulnerability

PBN_VULNERABLE = {Vulnerability.NONE: "None", Vulnerability.NS: "NS", Vulnerability.EW: "EW",
                  Vulnerability.BOTH: "All"}  # fmt: skip


def dealer(board: int) -> str:
    """The board's dealer, ``"N"``..``"W"``."""
    return Board(board).dealer.name


def vulnerable(board: int) -> str:
    """The board's vulnerability as PBN writes it: ``None``, ``NS``, ``EW``, ``All``."""
    return PBN_VULNERABLE[Board(board).vulnerability]


def written_contract(contract: str) -> str:
    """A contract as PBN and USEBIO spell it: ``"3NT"`` (no-trumps as ``NT``, not the
    terminal's ``"3N"``), doubled ``"3NTX"``; any other contract as it is."""
    found = re.fullmatch(r"([1-7])N(X{0,2})", contract.strip().upper())
    return f"{found.group(1)}NT{found.group(2)}" if found else contract


def artificial(adjusted: tuple[float, float]) -> str:
    """``(60, 40)`` as USEBIO's ``"A6040"``; a percentage that is not a whole number from 0 to
    99 cannot be written so, and gives ``"A60/40"``-style text (``"A62.5/37.5"``)."""
    ns, ew = adjusted
    if all(p == int(p) and 0 <= p <= 99 for p in (ns, ew)):
        return f"A{int(ns):02d}{int(ew):02d}"
    return f"A{ns:g}/{ew:g}"


@dataclass(frozen=True)
class PairLine:
    """One table's result of one board in a pairs event, with its matchpoints."""

    section: str
    round: int
    table: int
    board: int
    ns: int
    ew: int
    contract: str | None
    declarer: str | None
    tricks: int | None
    lead: str | None
    ns_score: int | None
    """None for an adjusted score (or a board not played)."""
    adjusted: tuple[float, float] | None
    """An artificial adjusted score's percentages (NS, EW)."""
    ns_mp: float | None
    ew_mp: float | None
    ns_pct: float | None
    ew_pct: float | None
    ns_imps: float | None = None
    """IMPs against the datum (a Swiss pairs stage, KC1.2); None when scored by matchpoints."""
    ew_imps: float | None = None
    number: int = 0
    """The board as the room numbers it (its session's boards 1-N); 0: ``board``."""
    round_number: int = 0
    """The round as the room numbers it (its session's rounds 1-R); 0: ``round``."""
    stage: str = ""
    """The competition stage whose board it is ("" outside a competition)."""
    session: int = 0
    """The stage's session whose board it is, when the stage has several; 0 otherwise."""
    group: str = ""
    """The stage's group (its section) when the stage has several; "" otherwise."""
    players: tuple[str, str, str, str] | None = None
    """North, East, South and West by name, as the table said who sat where; None when it
    did not."""
    played_on: str = ""
    """The day the table entered it, as PBN writes a date (``"2024.05.17"``); "" when not
    known."""


@dataclass(frozen=True)
class PairStanding:
    """A pair's line in its field's ranking."""

    section: str
    pair: int
    field: str
    """``"NS"``, ``"EW"`` or ``"ALL"``."""
    rank: int
    names: tuple[str, ...]
    boards: int
    matchpoints: float
    percentage: float | None
    vp: float | None = None
    """A Swiss pairs stage's VP (KC1), which ranks it; None when ranked by percentage."""


@dataclass(frozen=True)
class PairsEvent:
    """A pairs session scored by matchpoints (a Swiss pairs stage: IMPs against the datum)."""

    title: str
    sections: tuple[str, ...]
    standings: tuple[PairStanding, ...]
    lines: tuple[PairLine, ...]
    """Every result and adjusted score, by section, board, then table."""
    deals: dict[int, str] = field(default_factory=dict, hash=False)
    """The hand records that may be shown (of finished boards), as PBN ``Deal`` values
    (``"N:AKQJ.T98.765.432 ..."``), by board."""
    stage: str = ""
    """The competition stage these are the results of ("" outside a competition)."""
    method: str = "mp"
    """How the boards are scored: ``"mp"`` (matchpoints) or ``"butler"`` (IMPs against the
    datum, a Swiss pairs stage)."""
    entries: dict[int, str] = field(default_factory=dict, hash=False)
    """A competition's entries by number: the pairs' names."""
    stages: tuple[StageResult, ...] = ()
    """A competition's stages that have begun, in order; empty for one session."""


@dataclass(frozen=True)
class TeamTableResult:
    """One table of one board of a team match."""

    round: int
    table: int
    home: int
    away: int
    board: int
    home_seat: str
    """``"NS"`` (the open room) or ``"EW"`` (the closed room)."""
    contract: str | None
    declarer: str | None
    tricks: int | None
    lead: str | None
    ns_score: int | None
    adjusted: tuple[float, float] | None
    number: int = 0
    """The board as the room numbers it (the match's boards 1-N); 0: ``board``."""
    players: tuple[str, str, str, str] | None = None
    """North, East, South and West by name, as the room's line-up that stands for the board
    gave them; None when the room gave none."""
    played_on: str = ""
    """The day the room entered it, as PBN writes a date (``"2024.05.17"``); "" when not
    known."""


@dataclass(frozen=True)
class TeamMatchResult:
    """A match: its boards' IMPs for the home team and the match score."""

    round: int
    table: int
    home: int
    away: int
    boards: tuple[int, ...]
    board_imps: tuple[int | None, ...]
    """The home team's IMPs on each board of ``boards``; None when not played in both rooms."""
    home_imps: float
    away_imps: float
    home_vp: float | None
    away_vp: float | None
    """None in a knock-out, or before the match is complete."""
    stage: str = ""
    """The competition stage of the match ("" outside a competition)."""
    group: str = ""
    """The stage's group the match belongs to ("" for a stage of one group)."""
    label: str = ""
    """How the competition names the match ("round 3, match 2", "p1 (line 1)")."""
    knockout: bool = False
    """A knock-out match: scored by IMPs, the carry-over in them, no VP (K15, D1.4)."""
    carry_over: float = 0.0
    """IMPs the home team started with (negative: the away team's), already in
    ``home_imps`` / ``away_imps``."""
    winner: int | None = None
    """A knock-out match's winner once decided (extra boards included)."""
    numbers: tuple[int, ...] = ()
    """The room's number of each of ``boards`` (the match's boards 1-N, a knock-out's extra
    boards after them); empty: the boards' own."""
    round_number: int = 0
    """The round as the room numbers it (the stage's round; a knock-out's rounds in the order
    its bracket plays them); 0: ``round``."""
    round_name: str = ""
    """The round as people name it ("round 4 of 7", "semi-final")."""

    def shown(self, board: int) -> int:
        """The room's number of the match's board ``board``."""
        if self.numbers and board in self.boards:
            return self.numbers[self.boards.index(board)]
        return board

    @property
    def shown_round(self) -> int:
        return self.round_number or self.round


@dataclass(frozen=True)
class TeamStanding:
    """A team's line in the ranking."""

    team: int
    name: str
    rank: int
    vp: float
    imps_won: float
    imps_lost: float
    players: tuple[str, ...]
    group: str = ""
    """A competition stage's group ("" for a stage of one group)."""
    carried_vp: float = 0.0
    """VP kept from an earlier stage (D4.4, D5.5), already in ``vp``."""


@dataclass(frozen=True)
class TeamsEvent:
    """A teams event: its matches, each table's results and the ranking by VPs."""

    title: str
    swiss: bool
    standings: tuple[TeamStanding, ...]
    matches: tuple[TeamMatchResult, ...]
    tables: tuple[TeamTableResult, ...]
    deals: dict[int, str] = field(default_factory=dict, hash=False)
    """The hand records that may be shown (of finished boards), as PBN ``Deal`` values."""
    stage: str = ""
    """The competition stage these are the results of ("" outside a competition)."""
    knockout: bool = False
    """A knock-out stage: its matches are scored by IMPs (with their carry-over), no VP."""
    entries: dict[int, str] = field(default_factory=dict, hash=False)
    """A competition's entries by number: the teams' names."""
    stages: tuple[StageResult, ...] = ()
    """A competition's stages that have begun, in order; empty for one event."""

    def name(self, team: int) -> str:
        """The team's name (``"Team 7"`` when it has none)."""
        if team in self.entries:
            return self.entries[team]
        return next((s.name for s in self.standings if s.team == team), f"Team {team}")


ExportEvent = PairsEvent | TeamsEvent
"""What a writer takes."""


@dataclass(frozen=True)
class StageLine:
    """One line of a stage group's standings, as the stage scores it."""

    place: int
    name: str
    vp: float | None = None
    """Total VP (kept VP included); None in a pairs stage."""
    carried_vp: float = 0.0
    percent: float | None = None
    """The percentage a pairs stage ranks by; None in a team stage."""
    shared: bool = False
    entry: int = 0
    """The entry's number."""
    imps: tuple[float, float] | None = None
    """IMPs won and lost in the stage's matches; None in a matchpoint stage."""
    tie_break: str = ""
    """Why it is ahead of the next line, when that was not the main score."""


@dataclass(frozen=True)
class StageButler:
    """A pair's line in a league's Butler ranking (D4.1, D5.2): IMPs a board its team's pair
    scored against the datum."""

    place: int | None
    """None for a pair that played too few boards to be ranked."""
    entry: int
    name: str
    """The team's name."""
    pair: str
    """The pair, as the line-ups name it."""
    boards: int
    imps: float
    per_board: float
    group: str = ""
    """The pair's group, in a ranking over all the groups (D5.2); "" otherwise."""


@dataclass(frozen=True)
class StageButlerHolds:
    """What a Butler ranking over all the groups holds while they play (D5.2)."""

    groups: int
    """The groups with results in it."""
    of: int
    """The stage's groups."""
    up_to_round: int
    """The last round every one of those groups has finished (0: none)."""
    rounds: int
    """The stage's rounds."""


@dataclass(frozen=True)
class StageGroup:
    name: str
    """The group's name ("" when the stage has one group)."""
    lines: tuple[StageLine, ...]
    butler: tuple[StageButler, ...] = ()
    """The Butler ranking of the group's pairs, where the stage keeps one (D4.1, D5.2)."""


@dataclass(frozen=True)
class StageDecision:
    """What a stage decided for an entrant: where it qualified to, or a final place."""

    name: str
    what: str
    """The stage it goes on to, or the final place with its outcome ("3", "3 relegated")."""
    why: str
    qualified: bool


@dataclass(frozen=True)
class StageMatch:
    """A knock-out match of a stage as it stands."""

    round: str
    home: str
    away: str
    imps: tuple[float, float]
    """IMPs at the table (extra boards included), without the carry-over."""
    carry_over: float = 0.0
    """IMPs the home team starts with (negative: the away team's)."""
    winner: str = ""
    id: str = ""
    """The match's id in the bracket ("c1", "NW/p1")."""
    carry_over_rule: str = ""
    extra_boards: int = 0
    """Extra and sudden-death boards played (K17.2), in ``imps``."""
    decided_by: str = ""
    """"imps", "extra_boards", "sudden_death" or "higher_placed"; "" while undecided."""


@dataclass(frozen=True)
class StageResult:
    """A competition's stage as far as it has gone: its groups' standings and decisions."""

    id: str
    name: str
    complete: bool
    groups: tuple[StageGroup, ...]
    decided: tuple[StageDecision, ...] = ()
    matches: tuple[StageMatch, ...] = ()
    kind: str = ""
    """The stage's kind (``"round_robin"``, ``"knockout"``, ``"pairs"``...)."""
    results: ExportEvent | None = None
    """The stage's own results: its matches and tables, or its travellers; None when none
    of them has begun."""
    butler_combined: tuple[StageButler, ...] = ()
    """The Butler ranking of every group's pairs together, where the stage keeps one (D5.2)."""
    butler_holds: StageButlerHolds | None = None
    """What :attr:`butler_combined` holds; None where the stage keeps none."""
