"""An event's results as plain values, for the writers of USEBIO, PBN and CSV.

:mod:`server.publish.export` fills these from the store (scored by the event's own rules); the
writers (:mod:`server.formats.usebio_write`, :mod:`server.formats.pbn_write`,
:mod:`server.formats.csv_write`) turn them into files and never see the store. Pair and team
numbers are the event's; an artificial adjusted score is kept as its two percentages, which the
writers print in USEBIO's ``Axxyy`` notation (``A6040``).
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class PairsEvent:
    """A pairs session scored by matchpoints."""

    title: str
    sections: tuple[str, ...]
    standings: tuple[PairStanding, ...]
    lines: tuple[PairLine, ...]
    """Every result and adjusted score, by section, board, then table."""
    deals: dict[int, str] = field(default_factory=dict, hash=False)
    """The hand records that may be shown (of finished boards), as PBN ``Deal`` values
    (``"N:AKQJ.T98.765.432 ..."``), by board."""


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

    def name(self, team: int) -> str:
        """The team's name (``"Team 7"`` when it has none)."""
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


@dataclass(frozen=True)
class StageGroup:
    name: str
    """The group's name ("" when the stage has one group)."""
    lines: tuple[StageLine, ...]


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


@dataclass(frozen=True)
class StageResult:
    """A competition's stage as far as it has gone: its groups' standings and decisions."""

    id: str
    name: str
    complete: bool
    groups: tuple[StageGroup, ...]
    decided: tuple[StageDecision, ...] = ()
    matches: tuple[StageMatch, ...] = ()
