"""Reading the travellers of a USEBIO file: the EBU's XML format for bridge results.

USEBIO (versions 1.0 to 1.3) nests an ``EVENT`` with its ``PARTICIPANTS`` (each ``PAIR`` with
``PAIR_NUMBER`` and its ``PERCENTAGE`` or ``TOTAL_SCORE``) and its ``BOARD``s, each holding one
``TRAVELLER_LINE`` per table: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``,
``PLAYED_BY``, ``TRICKS``, ``SCORE`` (North-South's), and the program's ``NS_MATCH_POINTS`` /
``EW_MATCH_POINTS``. Boards may sit directly in the event or in ``SESSION``/``SECTION``
elements; when an event has more than one section, pair numbers get the section's id in front
(``"A7"``) so the sections' pair 7s stay apart. EBUScore, Compscore, ScoreBridge and the EBU's
own tools write it.

The method comes from ``BOARD_SCORING_METHOD``, the ``EVENT_TYPE`` attribute (``CROSS_IMP``,
``BUTLER_PAIRS``, ``MP_PAIRS``) or ``SCORING_METHOD``, the most specific winning: Compscore
writes ``SCORING_METHOD`` ``IMPS`` for a cross-IMP event whose ``EVENT_TYPE`` says
``CROSS_IMP``. An artificial adjusted score is written in ``SCORE`` (``A60``, ``A60/40``,
``60%``, ``AVE+``, ``A=``...: :func:`server.formats.travellers.parse_adjusted`) or in an
``ADJUSTED_SCORE`` / ``ARTIFICIAL_SCORE`` element holding such a notation.

A file of several ``EVENT``s (a competition written stage by stage, one ``EVENT`` a stage) is
read stage by stage: each event's lines, matches and ranking are its stage's
(:attr:`~server.formats.travellers.ResultsFile.stages`), the stage named by what follows the
title all the events' ``EVENT_DESCRIPTION`` share (``"League I: play-off"`` is the play-off of
League I), its matches scored as its own ``MATCH_SCORING_METHOD`` says; a ``MATCH``'s
``CARRY_OVER`` (the home team's carry-over IMPs, negative for the opposing team's) and a
``TEAM``'s ``CARRIED_VP`` (VP kept from an earlier stage, in its ``TOTAL_SCORE``) are read too.

XML from outside is parsed defensively: a ``DOCTYPE`` may name an external DTD (every USEBIO file
names ``usebio_v1_2.dtd``; it is never fetched), but an internal DTD subset, any entity
declaration and any external entity are refused before they can expand.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any
from xml.parsers import expat

from server.formats.travellers import (
    NOT_PLAYED,
    FileStage,
    ResultsFile,
    ResultsFileError,
    TeamMatch,
    TeamTable,
    TravellerLine,
    figure_or_none,
    normalise_method,
    parse_adjusted,
    parse_number,
    parse_score,
    parse_tricks,
    section_pair,
    teams_method,
)


class UsebioError(ResultsFileError):
    """A USEBIO file whose travellers cannot be read; the message names the file and the line."""


_DECLARERS = {"N": "N", "E": "E", "S": "S", "W": "W",
              "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}  # fmt: skip
_PASSED = frozenset({"PASS", "PASSED", "AP", "P", "ALL PASS", "PASSED OUT"})


class _Tree:
    """An XML tree with the line each element starts on, built by expat with the guards on."""

    def __init__(self, data: bytes, origin: str, encoding: str | None = None) -> None:
        self.origin = origin
        self.lines: dict[int, int] = {}
        self._builder = ET.TreeBuilder()
        self._parser = expat.ParserCreate(encoding)  # None: the encoding the document declares
        parser = self._parser
        parser.StartDoctypeDeclHandler = self._doctype
        parser.EntityDeclHandler = self._entity
        parser.UnparsedEntityDeclHandler = self._unparsed_entity
        parser.ExternalEntityRefHandler = self._external_entity
        parser.SkippedEntityHandler = self._skipped_entity
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._builder.end
        parser.CharacterDataHandler = self._builder.data
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        try:
            parser.Parse(data, True)
        except expat.ExpatError as error:
            message = expat.ErrorString(error.code) if error.code else str(error)
            raise UsebioError(f"not well-formed XML: {message}", origin=origin,
                              line=error.lineno) from None  # fmt: skip
        self.root: ET.Element = self._builder.close()

    def _refuse(self, what: str) -> None:
        raise UsebioError(f"{what} refused: results files need none, and they can be used to "
                          "expand a small file into a huge one", origin=self.origin,
                          line=self._parser.CurrentLineNumber)  # fmt: skip

    def _doctype(self, name: str, system_id: str | None, public_id: str | None,
                 has_internal_subset: int) -> None:  # fmt: skip
        if has_internal_subset:
            self._refuse(f"DOCTYPE {name} with an internal subset")

    def _entity(self, name: str, *_: Any) -> None:
        self._refuse(f"ENTITY declaration {name!r}")

    def _unparsed_entity(self, name: str, *_: Any) -> None:
        self._refuse(f"ENTITY declaration {name!r}")

    def _external_entity(self, context: str | None, base: str | None, system_id: str | None,
                         public_id: str | None) -> int:  # fmt: skip
        self._refuse(f"external entity {system_id!r}")
        return 0

    def _skipped_entity(self, name: str, is_parameter_entity: int) -> None:
        self._refuse(f"undeclared entity &{name};")

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        element = self._builder.start(tag, attributes)
        self.lines[id(element)] = self._parser.CurrentLineNumber

    def line(self, element: ET.Element) -> int | None:
        return self.lines.get(id(element))


def read_usebio(path: str | Path) -> ResultsFile:
    """Read the travellers of the USEBIO file at ``path`` (see :func:`parse_usebio`)."""
    path = Path(path)
    return parse_usebio(path.read_bytes(), origin=str(path))


def parse_usebio(data: bytes | str, origin: str = "<usebio>") -> ResultsFile:
    """Read the travellers of a USEBIO document (bytes keep the encoding it declares).

    Raises :class:`UsebioError`, with the line, for XML that is not well-formed, a refused DTD
    or entity, a root that is not ``USEBIO``, a file with no traveller lines, and a traveller line
    whose pair, board number, score or figure cannot be read.
    """
    if isinstance(data, str):  # already decoded: whatever encoding the declaration names
        tree = _Tree(data.encode("utf-8"), origin, encoding="utf-8")
    else:
        tree = _Tree(data, origin)
    root = tree.root
    if root.tag != "USEBIO":
        raise UsebioError(f"not a USEBIO file: the root element is <{root.tag}>", origin=origin,
                          line=tree.line(root))  # fmt: skip
    events = root.findall("EVENT")
    lines: list[TravellerLine] = []
    ranking: list[tuple[str, float]] = []
    teams = _TeamsReader(tree)
    title, names = stage_names([_text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE")
                                or "" for event in events])
    stages = []
    for event, stage in zip(events, names, strict=True):
        sections = {section.get("SECTION_ID", "") for section in event.iter("SECTION")}
        prefix = len(sections) > 1
        teams.stage = stage
        found: list[tuple[str, float]] = []
        carried: list[tuple[str, float]] = []
        for container, section in _containers(event, ""):
            for board in container.findall("BOARD"):
                lines.extend(replace(line, stage=stage) if stage else line
                             for line in _board_lines(tree, board, section if prefix else ""))
            for participants in container.findall("PARTICIPANTS"):
                found.extend(_ranking(tree, participants, section if prefix else ""))
                found.extend(teams.ranking(participants))
                carried.extend(teams.carried(participants))
            for match in container.findall("MATCH"):
                teams.match(match)
        ranking.extend(found)
        stages.append(FileStage(stage, _match_scoring([event]), tuple(found), tuple(carried)))
    several = tuple(stages) if len(stages) > 1 else ()
    if teams.matches:
        if not teams.tables:
            raise UsebioError("no TRAVELLER_LINE in any MATCH: " + "; ".join(teams.missing[:3])
                              + (f" (and {len(teams.missing) - 3} more)"
                                 if len(teams.missing) > 3 else "")
                              + ": the file gives the program's IMPs, not the results to "
                              "rescore", origin=origin)  # fmt: skip
        return ResultsFile(source="usebio", method=_teams_method(events), lines=tuple(lines),
                           original_ranking=tuple(ranking), title=title,
                           team_tables=tuple(teams.tables), matches=tuple(teams.matches),
                           match_scoring=_match_scoring(events),
                           missing=tuple(teams.missing), stages=several)  # fmt: skip
    if not lines:
        raise UsebioError("no TRAVELLER_LINE: the file holds no travellers", origin=origin)
    return ResultsFile(source="usebio", method=_method(events), lines=tuple(lines),
                       original_ranking=tuple(ranking), title=title,
                       match_scoring=_match_scoring(events), stages=several)  # fmt: skip


def stage_names(descriptions: list[str]) -> tuple[str, list[str]]:
    """The title of a file's events and each event's stage: one event is the whole file (no
    stage); several that share a title before ``": "`` are its stages (``"League I:
    play-off"``), and several that do not are each their own stage, named in full."""
    if len(descriptions) < 2:
        return next((d for d in descriptions if d), ""), [""] * len(descriptions)
    heads = {d.split(": ", 1)[0] for d in descriptions if ": " in d}
    if len(heads) == 1 and all(": " in d for d in descriptions):
        (head,) = heads
        return head, [d.split(": ", 1)[1] or str(n) for n, d in enumerate(descriptions, 1)]
    return (next((d for d in descriptions if d), ""),
            [d or str(n) for n, d in enumerate(descriptions, 1)])


def _match_scoring(events: list[ET.Element]) -> str | None:
    for event in events:
        stated = (_text(event, "MATCH_SCORING_METHOD") or "").upper().replace("_", "")
        if stated.startswith("VP"):
            return "vp"
        if stated.startswith("IMP"):
            return "imps"
    return None


_ROOMS = {"OPEN": "NS", "CLOSED": "EW", "O": "NS", "C": "EW"}


class _TeamsReader:
    """The ``MATCH`` elements of a teams event: each a home ``TEAM`` against an
    ``OPPOSING_TEAM``, with its ``BOARD``s and each board's two ``TRAVELLER_LINE``s, the line's
    ``DIRECTION`` saying where the home team sat (``ROOM`` Open/Closed is read the same way)."""

    def __init__(self, tree: _Tree) -> None:
        self.tree = tree
        self.tables: list[TeamTable] = []
        self.matches: list[TeamMatch] = []
        self.missing: list[str] = []
        self.stage = ""
        """The stage of the event being read ("" in a file of one event)."""

    def _error(self, message: str, element: ET.Element) -> UsebioError:
        return UsebioError(message, origin=self.tree.origin, line=self.tree.line(element))

    def ranking(self, participants: ET.Element) -> list[tuple[str, float]]:
        """Each team's ``TOTAL_SCORE``."""
        return self._figures(participants, "TOTAL_SCORE")

    def carried(self, participants: ET.Element) -> list[tuple[str, float]]:
        """Each team's ``CARRIED_VP``: VP kept from an earlier stage, in its total."""
        return self._figures(participants, "CARRIED_VP")

    def _figures(self, participants: ET.Element, tag: str) -> list[tuple[str, float]]:
        """Each ``TEAM``'s number and its figure `tag`, for the teams that give both."""
        found = []
        for team in participants.iter("TEAM"):
            number = team.get("TEAM_ID") or _text(team, "TEAM_NUMBER") or _text(team, "TEAM_ID")
            figure = _text(team, tag)
            if number is None or figure is None:
                continue
            try:
                found.append((number.strip(), parse_number(figure)))
            except ValueError as error:
                raise self._error(str(error), team) from None
        return found

    def match(self, match: ET.Element) -> None:
        home, away = _text(match, "TEAM"), _text(match, "OPPOSING_TEAM")
        if home is None or away is None:
            if _text(match, "NS_PAIR_NUMBER") is not None:
                raise self._error("a MATCH between pairs (a Swiss pairs event) is not rescored: "
                                  "only team matches (TEAM, OPPOSING_TEAM) are", match)  # fmt: skip
            raise self._error(f"MATCH without its {'TEAM' if home is None else 'OPPOSING_TEAM'}",
                              match)  # fmt: skip
        round_ = _text(match, "ROUND_NUMBER") or ""
        try:
            scores = [parse_number(text) if text is not None else None
                      for text in (_text(match, "TEAM_SCORE"),
                                   _text(match, "OPPOSING_TEAM_SCORE"),
                                   _text(match, "CARRY_OVER"))]  # fmt: skip
        except ValueError as error:
            raise self._error(str(error), match) from None
        self.matches.append(TeamMatch(round_, home, away, scores[0], scores[1], self.stage,
                                      scores[2]))
        stage = f"{self.stage}, " if self.stage else ""
        name = f"{stage}{'round ' + round_ + ', ' if round_ else ''}{home} v {away}"
        for board in match.findall("BOARD"):
            self._board(board, round_, home, away, name)

    def _board(self, board: ET.Element, round_: str, home: str, away: str, name: str) -> None:
        number_text = _text(board, "BOARD_NUMBER") or ""
        if not number_text.isdigit() or int(number_text) < 1:
            raise self._error(f"invalid board number: {number_text!r}", board)
        number = int(number_text)
        imps_text = _text(board, "IMPS")
        try:
            original = parse_number(imps_text) if imps_text is not None else None
        except ValueError as error:
            raise self._error(str(error), board) from None
        lines = board.findall("TRAVELLER_LINE")
        if not lines:
            self.missing.append(f"{name}, board {number}: no TRAVELLER_LINE")
            return
        seats = []
        for traveller in lines:
            try:
                table = self._table(traveller, round_, home, away, number, original)
            except ValueError as error:
                raise self._error(str(error), traveller) from None
            seats.append(table.home_seat)
            self.tables.append(replace(table, stage=self.stage) if self.stage else table)
        if sorted(seats) != ["EW", "NS"]:
            self.missing.append(f"{name}, board {number}: the home team's tables are "
                                f"{'/'.join(seats)}, not one NS and one EW")  # fmt: skip

    def _table(self, traveller: ET.Element, round_: str, home: str, away: str, board: int,
               original: float | None) -> TeamTable:  # fmt: skip
        seat = (_text(traveller, "DIRECTION") or "").upper().replace("-", "").replace(" ", "")
        seat = {"NORTHSOUTH": "NS", "EASTWEST": "EW", "N": "NS", "E": "EW"}.get(seat, seat)
        if not seat:
            room = (_text(traveller, "ROOM") or "").upper()
            seat = _ROOMS.get(room, "")
        if not seat:
            ns_team = _text(traveller, "NS_PAIR_NUMBER") or _text(traveller, "NS_TEAM")
            ew_team = _text(traveller, "EW_PAIR_NUMBER") or _text(traveller, "EW_TEAM")
            seat = "NS" if ns_team == home or ew_team == away else (
                "EW" if ns_team == away or ew_team == home else "")
        if seat not in ("NS", "EW"):
            raise ValueError("TRAVELLER_LINE of a MATCH without the home team's DIRECTION "
                             "(NS or EW) or ROOM (Open or Closed)")  # fmt: skip
        line = _line(board, traveller, "", pairs=(home, away) if seat == "NS" else (away, home))
        assert line is not None
        return TeamTable(round=round_, home=home, away=away, board=board, home_seat=seat,
                         ns_score=line.ns_score, adjusted=line.adjusted, contract=line.contract,
                         declarer=line.declarer, tricks=line.tricks,
                         original_home_imps=original)  # fmt: skip


def _containers(element: ET.Element, section: str) -> list[tuple[ET.Element, str]]:
    """The event and every SESSION/SECTION inside it, each with the section it belongs to."""
    found = [(element, section)]
    for child in element:
        if child.tag in ("SESSION", "SECTION"):
            found.extend(_containers(child, child.get("SECTION_ID", section)
                                     if child.tag == "SECTION" else section))  # fmt: skip
    return found


def _method(events: list[ET.Element]) -> str | None:
    stated = []
    for event in events:
        stated.append(normalise_method(_text(event, "BOARD_SCORING_METHOD")))
        stated.append(normalise_method(event.get("EVENT_TYPE")))
        for participants in event.iter("PARTICIPANTS"):
            stated.append(normalise_method(participants.get("EVENT_TYPE")))
        stated.append(normalise_method(_text(event, "SCORING_METHOD")))
    for method in stated:
        if method in ("mp", "butler", "cross-imps"):
            return method
    return "imps" if "imps" in stated else None


def _teams_method(events: list[ET.Element]) -> str:
    """A team event's method: board-a-match or cross-IMPs where ``BOARD_SCORING_METHOD``,
    ``MATCH_SCORING_METHOD`` or ``EVENT_TYPE`` says so, else IMPs between the two tables."""
    stated = [teams_method(text) for event in events
              for text in (_text(event, "BOARD_SCORING_METHOD"),
                           _text(event, "MATCH_SCORING_METHOD"), event.get("EVENT_TYPE"))]
    return next((m for m in stated if m in ("bam", "cross-imps")), "imps")


def _text(element: ET.Element, tag: str) -> str | None:
    child = element.find(tag)
    if child is None or child.text is None:
        return None
    text = child.text.strip()
    return text or None


def _board_lines(tree: _Tree, board: ET.Element, section: str) -> list[TravellerLine]:
    number_text = _text(board, "BOARD_NUMBER") or board.get("BOARD_NUMBER", "").strip()
    if not number_text.isdigit() or int(number_text) < 1:
        raise UsebioError(f"invalid board number: {number_text!r}", origin=tree.origin,
                          line=tree.line(board))  # fmt: skip
    lines = []
    for traveller in board.findall("TRAVELLER_LINE"):
        try:
            line = _line(int(number_text), traveller, section)
        except ValueError as error:
            raise UsebioError(str(error), origin=tree.origin, line=tree.line(traveller)) from None
        if line is not None:
            lines.append(line)
    return lines


def _line(board: int, traveller: ET.Element, section: str,
          pairs: tuple[str, str] | None = None) -> TravellerLine | None:  # fmt: skip
    ns, ew = pairs or (
        section_pair(_text(traveller, "NS_PAIR_NUMBER"), section),
        section_pair(_text(traveller, "EW_PAIR_NUMBER"), section),
    )
    contract = _text(traveller, "CONTRACT")
    score = _text(traveller, "SCORE")
    marker = _text(traveller, "ADJUSTED_SCORE") or _text(traveller, "ARTIFICIAL_SCORE")
    adjusted = None
    if marker is not None:
        adjusted = parse_adjusted(marker, None)
        if adjusted is None:
            raise ValueError(f"adjusted score without its percentages: {marker!r} (expected "
                             "\"A60\", \"A60/40\", \"60%\", \"AVE+\" and the like)")  # fmt: skip
    elif score is not None:
        adjusted = parse_adjusted(score, None)
    ns_score = None
    if adjusted is None:
        ns_score = _ns_score(score, _text(traveller, "NS_SCORE"), _text(traveller, "EW_SCORE"),
                             contract)  # fmt: skip
    if ns is None or ew is None:
        if ns_score is None and adjusted is None:
            return None
        raise ValueError(f"traveller line without its {'NS' if ns is None else 'EW'}_PAIR_NUMBER")
    declarer_text = _text(traveller, "PLAYED_BY")
    declarer = _DECLARERS.get(declarer_text.upper()) if declarer_text else None
    if declarer_text and declarer is None:
        raise ValueError(f"invalid PLAYED_BY: {declarer_text!r}")
    passed = contract is not None and contract.upper() in _PASSED
    ns_mp, ew_mp = _text(traveller, "NS_MATCH_POINTS"), _text(traveller, "EW_MATCH_POINTS")
    # Butler's and cross-IMPs' own figures, as Compscore and EBUScore write them.
    ns_imps = _text(traveller, "NS_BUTLER_POINTS") or _text(traveller, "NS_CROSS_IMP_POINTS")
    ew_imps = _text(traveller, "EW_BUTLER_POINTS") or _text(traveller, "EW_CROSS_IMP_POINTS")
    return TravellerLine(
        board=board,
        ns=ns,
        ew=ew,
        ns_score=ns_score,
        adjusted=adjusted,
        contract=contract,
        declarer=None if passed else declarer,
        tricks=None if adjusted or passed else parse_tricks(_text(traveller, "TRICKS"), contract),
        original_ns_mp=parse_number(ns_mp) if ns_mp is not None else None,
        original_ew_mp=parse_number(ew_mp) if ew_mp is not None else None,
        section=section,
        original_ns_imps=figure_or_none(ns_imps),
        original_ew_imps=figure_or_none(ew_imps),
    )


def _ns_score(score: str | None, ns_text: str | None, ew_text: str | None,
              contract: str | None) -> int | None:  # fmt: skip
    for text in (score, ns_text, ew_text):
        if text is not None and text.upper() in NOT_PLAYED:
            return None
    if score is not None:
        return parse_score(score)
    if ns_text is not None:
        return parse_score(ns_text)
    if ew_text is not None:
        return -parse_score(ew_text)
    if contract is not None and contract.upper() in _PASSED:
        return 0
    return None


def _ranking(tree: _Tree, participants: ET.Element, section: str) -> list[tuple[str, float]]:
    ranking = []
    for pair in participants.iter("PAIR"):
        number = section_pair(_text(pair, "PAIR_NUMBER"), section)
        figure = _text(pair, "PERCENTAGE") or _text(pair, "TOTAL_SCORE")
        if number is None or figure is None:
            continue
        try:
            ranking.append((number, parse_number(figure.rstrip("%"))))
        except ValueError as error:
            raise UsebioError(str(error), origin=tree.origin, line=tree.line(pair)) from None
    return ranking
