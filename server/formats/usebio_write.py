"""Writing an event's results as USEBIO 1.2 XML, the EBU's interchange format.

A pairs event is one ``EVENT`` (``EVENT_TYPE`` ``MP_PAIRS``, ``BOARD_SCORING_METHOD``
``MATCH_POINTS``) holding a ``SESSION`` with one ``SECTION`` per section: its ``PARTICIPANTS``
(each ``PAIR`` with its ``PAIR_NUMBER``, ``DIRECTION``, ``PLAYER``s, ``PLACE``, ``TOTAL_SCORE``,
``PERCENTAGE`` and ``BOARDS_PLAYED``) and its ``BOARD``s, one ``TRAVELLER_LINE`` per table
(``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``,
``SCORE`` and the matchpoints). A teams event's ``SECTION`` holds the ``TEAM``s and one ``MATCH``
per match (``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``, the board range, ``TEAM_SCORE`` and
``OPPOSING_TEAM_SCORE`` in VPs, then each ``BOARD`` with the home team's ``IMPS`` and the two
tables' ``TRAVELLER_LINE``s, each with the home team's ``DIRECTION``). An artificial adjusted
score is written ``A6040`` in ``SCORE``. :mod:`server.formats.usebio` reads all of it back.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from server.formats.interchange import ExportEvent, PairLine, PairsEvent, TeamsEvent, artificial

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'


def _number(value: float) -> str:
    """A figure without a useless ``.0``: 12.77, 3.5, 7, -0.33."""
    text = f"{round(value, 4):.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _add(parent: ET.Element, tag: str, text: str | int | float | None) -> None:
    if text is None:
        return
    child = ET.SubElement(parent, tag)
    child.text = _number(text) if isinstance(text, float) else str(text)


def write_usebio(event: ExportEvent) -> bytes:
    """The USEBIO document of ``event``, UTF-8, with its declaration and DOCTYPE."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    if isinstance(event, PairsEvent):
        _pairs(root, event)
    else:
        _teams(root, event)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _pairs(root: ET.Element, event: PairsEvent) -> None:
    node = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "MP_PAIRS"})
    _add(node, "EVENT_DESCRIPTION", event.title)
    _add(node, "BOARD_SCORING_METHOD", "MATCH_POINTS")
    _add(node, "SESSION_COUNT", 1)
    _add(node, "SECTION_COUNT", len(event.sections))
    session = ET.SubElement(node, "SESSION", {"SESSION_ID": "1"})
    for name in event.sections:
        section = ET.SubElement(session, "SECTION", {"SECTION_ID": name})
        participants = ET.SubElement(section, "PARTICIPANTS")
        for standing in (s for s in event.standings if s.section == name):
            pair = ET.SubElement(participants, "PAIR")
            _add(pair, "PAIR_NUMBER", standing.pair)
            if standing.field in ("NS", "EW"):
                _add(pair, "DIRECTION", standing.field)
            for player in standing.names:
                _add(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME", player)
            _add(pair, "PLACE", standing.rank)
            _add(pair, "TOTAL_SCORE", round(standing.matchpoints, 2))
            if standing.percentage is not None:
                _add(pair, "PERCENTAGE", round(standing.percentage, 2))
            _add(pair, "BOARDS_PLAYED", standing.boards)
        boards: dict[int, list[PairLine]] = {}
        for line in event.lines:
            if line.section == name:
                boards.setdefault(line.board, []).append(line)
        for number in sorted(boards):
            board = ET.SubElement(section, "BOARD")
            _add(board, "BOARD_NUMBER", number)
            for line in boards[number]:
                traveller = ET.SubElement(board, "TRAVELLER_LINE")
                _add(traveller, "NS_PAIR_NUMBER", line.ns)
                _add(traveller, "EW_PAIR_NUMBER", line.ew)
                _result(traveller, line.contract, line.declarer, line.lead, line.tricks,
                        line.ns_score, line.adjusted)  # fmt: skip
                _add(traveller, "NS_MATCH_POINTS", line.ns_mp)
                _add(traveller, "EW_MATCH_POINTS", line.ew_mp)


def _result(traveller: ET.Element, contract: str | None, declarer: str | None, lead: str | None,
            tricks: int | None, ns_score: int | None,
            adjusted: tuple[float, float] | None) -> None:  # fmt: skip
    if adjusted is not None:
        _add(traveller, "SCORE", artificial(adjusted))
        return
    passed = contract is not None and contract.upper() == "PASS"
    _add(traveller, "CONTRACT", "PASS" if passed else contract)
    if not passed:
        _add(traveller, "PLAYED_BY", declarer)
        _add(traveller, "LEAD", lead)
        _add(traveller, "TRICKS", tricks)
    _add(traveller, "SCORE", ns_score)


def _teams(root: ET.Element, event: TeamsEvent) -> None:
    node = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "SWISS_TEAMS" if event.swiss else "TEAMS"})
    _add(node, "EVENT_DESCRIPTION", event.title)
    _add(node, "MATCH_SCORING_METHOD", "VPS")
    _add(node, "BOARD_SCORING_METHOD", "IMPS")
    _add(node, "SESSION_COUNT", 1)
    _add(node, "SECTION_COUNT", 1)
    session = ET.SubElement(node, "SESSION", {"SESSION_ID": "1"})
    section = ET.SubElement(session, "SECTION", {"SECTION_ID": "A"})
    participants = ET.SubElement(section, "PARTICIPANTS")
    for standing in event.standings:
        team = ET.SubElement(participants, "TEAM",
                             {"TEAM_ID": str(standing.team), "TEAM_NAME": standing.name})
        for player in standing.players:
            _add(ET.SubElement(team, "PLAYER"), "PLAYER_NAME", player)
        _add(team, "PLACE", standing.rank)
        _add(team, "TOTAL_SCORE", round(standing.vp, 2))
    for match in event.matches:
        node = ET.SubElement(section, "MATCH")
        _add(node, "ROUND_NUMBER", match.round)
        _add(node, "TEAM", match.home)
        _add(node, "OPPOSING_TEAM", match.away)
        if match.boards:
            _add(node, "START_BOARD_NUMBER", min(match.boards))
            _add(node, "END_BOARD_NUMBER", max(match.boards))
        _add(node, "TEAM_SCORE", match.home_vp)
        _add(node, "OPPOSING_TEAM_SCORE", match.away_vp)
        for number, imps in zip(match.boards, match.board_imps, strict=True):
            tables = [t for t in event.tables if (t.round, t.table, t.board) == (
                match.round, match.table, number)]
            if not tables:
                continue
            board = ET.SubElement(node, "BOARD")
            _add(board, "BOARD_NUMBER", number)
            _add(board, "IMPS", imps)
            for table in sorted(tables, key=lambda t: t.home_seat != "NS"):
                traveller = ET.SubElement(board, "TRAVELLER_LINE")
                _add(traveller, "DIRECTION", table.home_seat)
                _result(traveller, table.contract, table.declarer, table.lead, table.tricks,
                        table.ns_score, table.adjusted)  # fmt: skip
