"""Travellers read from another scoring program's results file, as plain values.

A results file (PBN with the standard's ``ScoreTable`` sections, or the EBU's USEBIO XML) is read
into one :class:`ResultsFile`: the method the file states, one :class:`TravellerLine` per result
of every board, and the ranking the producing program published. Nothing here scores anything:
the readers (:mod:`server.formats.pbn`, :mod:`server.formats.usebio`) fill these values and
:mod:`server.rescore` scores them again, so our figures can be held against the program's. This
module also holds what both readers share: the error they raise, the names of scoring methods and
the notations programs use for artificial adjusted scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class ResultsFileError(ValueError):
    """A results file that cannot be read; the message names the file and the line."""

    def __init__(self, message: str, *, origin: str = "", line: int | None = None) -> None:
        self.origin = origin
        """The file's name (or a placeholder such as ``"<pbn>"``)."""
        self.line = line
        """The 1-based line of the problem, when known."""
        self.reason = message
        """The problem, without the place."""
        where = origin or "<results>"
        if line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class TravellerLine:
    """One result of one board: who played it, what happened and what the program gave it."""

    board: int
    """The board number."""
    ns: str
    """The North-South pair, as the file names it (section letters kept: ``"A7"``)."""
    ew: str
    """The East-West pair, as the file names it."""
    ns_score: int | None
    """North-South's score (negative when East-West scored); None for an adjusted score or a
    board the pairs did not play."""
    adjusted: tuple[float, float] | None
    """``(ns_percent, ew_percent)`` of an artificial adjusted score, e.g. ``(60.0, 40.0)``;
    None for a played result. A line with neither a score nor this was not played."""
    contract: str | None
    """The contract as the file writes it (``"4S"``, ``"3NX"``, ``"Pass"``), or None."""
    declarer: str | None
    """``"N"``, ``"E"``, ``"S"`` or ``"W"``, or None."""
    tricks: int | None
    """Tricks taken by declarer, or None."""
    original_ns_mp: float | None
    """The matchpoints the producing program gave North-South, when the file says."""
    original_ew_mp: float | None
    """The matchpoints the producing program gave East-West, when the file says."""
    section: str = ""
    """The section the line was played in, when the file has several (``""`` otherwise)."""
    original_ns_imps: float | None = None
    """The IMPs the producing program gave North-South (Butler or cross-IMPs), when the file
    says."""
    original_ew_imps: float | None = None
    """The IMPs the producing program gave East-West, when the file says."""
    stage: str = ""
    """The competition stage the line belongs to, in a file of several (``""`` otherwise)."""


@dataclass(frozen=True)
class TeamTable:
    """One table's result of one board of a team match: the home team sat NS or EW there."""

    round: str
    """The round (or stage) as the file names it; ``""`` when it names none."""
    home: str
    """The home team (USEBIO's ``TEAM``, PBN's ``HomeTeam``), as the file names it."""
    away: str
    """The away team (USEBIO's ``OPPOSING_TEAM``, PBN's ``VisitTeam``)."""
    board: int
    """The board number."""
    home_seat: str
    """``"NS"`` or ``"EW"``: where the home team sat at this table (NS in the open room)."""
    ns_score: int | None
    """North-South's score; None for an artificial adjusted score or a board not played."""
    adjusted: tuple[float, float] | None
    """``(ns_percent, ew_percent)`` of an artificial adjusted score, or None."""
    contract: str | None
    """The contract as the file writes it, or None."""
    declarer: str | None
    """``"N"``, ``"E"``, ``"S"`` or ``"W"``, or None."""
    tricks: int | None
    """Tricks taken by declarer, or None."""
    original_home_imps: float | None
    """The IMPs the producing program gave the home team on this board, when the file says."""
    stage: str = ""
    """The competition stage of the match, in a file of several (``""`` otherwise)."""


@dataclass(frozen=True)
class TeamMatch:
    """A team match as the file states it: who played whom and what the program scored."""

    round: str
    """The round (or stage), ``""`` when the file names none."""
    home: str
    """The home team."""
    away: str
    """The away team."""
    original_home: float | None
    """The home team's match score in the file (VPs or IMPs, :attr:`ResultsFile.match_scoring`)."""
    original_away: float | None
    """The away team's match score in the file."""
    stage: str = ""
    """The competition stage of the match, in a file of several (``""`` otherwise)."""
    carry_over: float | None = None
    """IMPs the home team started the match with (negative: the away team's), when the file
    says (a knock-out's carry-over)."""


@dataclass(frozen=True)
class FileStage:
    """One stage of a competition's file: read and scored on its own."""

    name: str
    """The stage's name, as the file gives it."""
    match_scoring: str | None = None
    """A teams stage's match scoring: ``"vp"`` or ``"imps"`` (a knock-out), as the file
    states it, and ``"vp"`` for a Swiss pairs stage; None when it does not say."""
    ranking: tuple[tuple[str, float], ...] = ()
    """The stage's ranking as the file gives it (:attr:`ResultsFile.original_ranking`)."""
    carried: tuple[tuple[str, float], ...] = ()
    """VP each team kept from an earlier stage, in the stage's totals, when the file says."""


@dataclass(frozen=True)
class ResultsFile:
    """A whole results file: its travellers and the ranking the producing program published."""

    source: str
    """The kind of file: ``"pbn"`` or ``"usebio"``."""
    method: str | None
    """The scoring method the file states, normalised (:func:`normalise_method`): ``"mp"``,
    ``"butler"``, ``"cross-imps"``, ``"imps"``, or None when it states none we know."""
    lines: tuple[TravellerLine, ...]
    """Every traveller line of every board, in the file's order."""
    original_ranking: tuple[tuple[str, float], ...]
    """``(pair, figure)`` from the file's totals: the pair's percentage when the file gives one,
    else its total score; in the file's order. Empty when the file has no totals."""
    title: str
    """The event's name as the file gives it; ``""`` when it gives none."""
    team_tables: tuple[TeamTable, ...] = ()
    """A teams file's results, one per table of every board of every match; empty for pairs."""
    matches: tuple[TeamMatch, ...] = ()
    """A teams file's matches, with the scores the producing program gave them."""
    match_scoring: str | None = None
    """How a teams file scores a match: ``"vp"`` (victory points) or ``"imps"`` (total IMPs),
    as the file states it; ``"vp"`` for a pairs file whose pairs play matches that go to VP
    (Swiss pairs: USEBIO's ``MATCH_SCORING_METHOD`` VPS, PBN's ``TotalScoreVP``); None when
    it does not say."""
    missing: tuple[str, ...] = ()
    """What the file lacks to be rescored in full, one sentence each (a board of a match with
    one table's result only...); empty when nothing is missing."""
    stages: tuple[FileStage, ...] = ()
    """A competition's stages, in the file's order, when it holds several (the lines, tables
    and matches say which is theirs); empty for a file of one event."""


_METHOD_WORDS: dict[str, str] = {
    "mp": "mp", "mp1": "mp", "mp2": "mp", "matchpoint": "mp", "matchpoints": "mp",
    "matchpointed": "mp", "pairs": "mp", "mppairs": "mp", "top": "mp", "tops": "mp",
    "butler": "butler", "butlerpairs": "butler", "butlerimps": "butler", "impbutler": "butler",
    "datum": "butler",
    "crossimps": "cross-imps", "crossimp": "cross-imps", "ximps": "cross-imps",
    "ximp": "cross-imps",
    "crossimppairs": "cross-imps", "impsacrossthefield": "cross-imps",
    "imp": "imps", "imps": "imps", "imppairs": "imps",
}  # fmt: skip
_SPECIFIC = ("mp", "butler", "cross-imps")


def normalise_method(text: str | None) -> str | None:
    """The method a file's words name: ``"mp"``, ``"butler"``, ``"cross-imps"``, ``"imps"`` or None.

    Case, spaces, ``_`` and ``-`` do not count, so ``"MatchPoints"``, ``"MATCH_POINTS"`` and
    ``"match points"`` are all ``"mp"``; ``"CrossImps"``, ``"CROSS_IMP"`` and ``"XIMP"`` are
    ``"cross-imps"``. A PBN value with parts (``"MatchPoints;MP1"``) is read part by part and the
    most specific method wins. Words for other games (``"Rubber"``, ``"Chicago"``, ``"BAM"``,
    ``"TotalPoints"``) give None: the file states nothing we can score by.
    """
    if text is None:
        return None
    found = [_METHOD_WORDS.get(re.sub(r"[\s_\-]+", "", part).lower()) for part in text.split(";")]
    named = [method for method in found if method is not None]
    for method in named:
        if method in _SPECIFIC:
            return method
    return named[0] if named else None


_BAM_WORDS = frozenset({"bam", "boardamatch", "pointaboard", "pab", "bamteams",
                        "boardamatchteams", "pointaboardteams"})


def teams_method(text: str | None) -> str | None:
    """The method a teams file's words name: ``"bam"`` (board-a-match, point-a-board: ``"BAM"``,
    ``"Board-a-match"``, ``"POINT_A_BOARD"``), ``"cross-imps"`` (``"CROSS_IMPS"``,
    ``"IMP;Cross"``), ``"imps"``, or None when they name none of these. Case, spaces, ``_``
    and ``-`` do not count; a PBN value is read part by part, the most specific winning."""
    if text is None:
        return None
    parts = [re.sub(r"[\s_\-]+", "", part).lower() for part in text.split(";")]
    if any(part in _BAM_WORDS for part in parts):
        return "bam"
    if "cross" in parts:  # PBN's "IMP;Cross"
        return "cross-imps"
    method = normalise_method(text)
    return method if method in ("cross-imps", "imps") else None


_AVERAGES: dict[str, float] = {"": 50.0, "=": 50.0, "+": 60.0, "-": 40.0}
_AVERAGE_WORD = re.compile(r"^(?:A|AV|AVE|AVG|AVERAGE)(=|\+|-|)$")
_PERCENT = re.compile(r"^(?:A|ADJ|AVE|AV)?\s*(\d{1,3}(?:\.\d+)?)\s*%?$")
_PAIR_OF_PERCENTS = re.compile(
    r"^(?:A|ADJ)?\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*[/:]\s*(?:A|ADJ)?\s*(\d{1,3}(?:\.\d+)?)\s*%?$"
)
_JOINED_PERCENTS = re.compile(r"^A(\d\d)(\d\d)$")
"""USEBIO's ``Axxyy`` (``A6040``: North-South 60%, East-West 40%), as Compscore, EBUScore,
PairsScorer and BriAn write an artificial score: two two-digit percentages run together."""


def adjusted_percent(text: str) -> float | None:
    """The percentage one side's adjusted-score notation gives, or None when it is not one.

    Accepted, case-insensitively: ``"A+"``, ``"AV+"``, ``"AVE+"``, ``"AVG+"``, ``"AVERAGE+"``
    (60%); ``"A"``, ``"A="``, ``"AVE"``, ``"AVG"`` and the like (50%); ``"A-"``, ``"AVE-"``...
    (40%); ``"A60"``, ``"A 55.5"`` and ``"60%"`` (that percentage). A plain number is a score,
    not an adjusted score, so ``"60"`` gives None.
    """
    word = text.strip().upper()
    average = _AVERAGE_WORD.match(word)
    if average:
        return _AVERAGES[average.group(1)]
    if word[:1].isdigit() and not word.endswith("%"):
        return None
    percent = _PERCENT.match(word)
    if percent:
        value = float(percent.group(1))
        return value if 0.0 <= value <= 100.0 else None
    return None


def parse_adjusted(ns_text: str | None, ew_text: str | None) -> tuple[float, float] | None:
    """The ``(ns_percent, ew_percent)`` of an artificial score written in a line's two cells.

    Each cell may hold one side's notation (:func:`adjusted_percent`); a cell that holds both
    (``"A60/40"``, ``"A60/A40"``, ``"60%/40%"``, USEBIO's ``"A6040"``) gives both,
    North-South's first.
    When only one side's cell holds a notation, the
    other side gets the complement (``"A+"`` and an empty cell: 60/40), the usual pairing of
    Law 12C2's average-plus with average-minus. None when neither cell holds an adjusted score.
    """
    for text in (ns_text, ew_text):
        if text is not None:
            joined = _JOINED_PERCENTS.match(text.strip().upper())
            if joined:
                return (float(joined.group(1)), float(joined.group(2)))
            both = _PAIR_OF_PERCENTS.match(text.strip().upper())
            if both:  # a score never holds "/" or ":", so this cannot be misread
                ns_percent, ew_percent = float(both.group(1)), float(both.group(2))
                if ns_percent <= 100.0 and ew_percent <= 100.0:
                    return (ns_percent, ew_percent)
    ns = adjusted_percent(ns_text) if ns_text is not None else None
    ew = adjusted_percent(ew_text) if ew_text is not None else None
    if ns is None and ew is None:
        return None
    if ns is None:
        assert ew is not None
        return (100.0 - ew, ew)
    if ew is None:
        return (ns, 100.0 - ns)
    return (ns, ew)


NOT_PLAYED = frozenset({"NP", "NOTPLAYED", "NOT PLAYED", "BYE", "SITOUT", "SIT OUT", "SKIP",
                        "NOPLAY", "N/P", "--"})  # fmt: skip
"""Cell values (upper case) that say a board was not played at a table."""


def parse_tricks(text: str | None, contract: str | None) -> int | None:
    """Tricks taken from a result cell: a number of tricks, or ``"="``/``"+1"``/``"-2"`` against
    the contract's level. None for an empty cell; raises ``ValueError`` for anything else."""
    if text is None:
        return None
    text = text.strip()
    if re.fullmatch(r"\d{1,2}", text):
        tricks = int(text)
        if tricks > 13:
            raise ValueError(f"invalid tricks: {text!r}")
        return tricks
    relative = re.fullmatch(r"=|([+-])(\d{1,2})", text)
    level = re.match(r"([1-7])", contract or "")
    if relative and level:
        sign = -1 if relative.group(1) == "-" else 1
        offset = 0 if text == "=" else sign * int(relative.group(2))
        tricks = int(level.group(1)) + 6 + offset
        if 0 <= tricks <= 13:
            return tricks
    raise ValueError(f"invalid tricks: {text!r}")


def parse_score(text: str) -> int:
    """A score from a cell (``"420"``, ``"-50"``, ``"+110"``, ``"420.0"``).

    Raises ``ValueError`` for anything else."""
    cleaned = text.strip()
    if re.fullmatch(r"[+-]?\d{1,5}(?:\.0+)?", cleaned):
        return int(float(cleaned))
    raise ValueError(f"invalid score: {text!r}")


def parse_number(text: str) -> float:
    """A figure from a cell (``"28.3"``, ``"-3.67"``, ``"13,7"``); raises ``ValueError``."""
    cleaned = text.strip().replace(",", ".")
    if re.fullmatch(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", cleaned):
        return float(cleaned)
    raise ValueError(f"invalid number: {text!r}")


def figure_or_none(text: str | None) -> float | None:
    """A figure the file may give in a form of its own (an adjusted board's IMPs written as a
    word): the number, or None when the cell holds none. For figures that are only reported
    (a program's own IMPs), never a reason to refuse the file."""
    if text is None:
        return None
    try:
        return parse_number(text)
    except ValueError:
        return None


def section_pair(text: str | None, section: str) -> str | None:
    """A pair id with its section letter in front ("7" in section A is "A7"), when the file has
    several sections and the id does not carry it already."""
    if text is None:
        return None
    if section and not text.upper().startswith(section.upper()):
        return section + text
    return text
