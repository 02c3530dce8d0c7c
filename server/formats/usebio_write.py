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

A competition is one ``EVENT`` per stage begun, in order, its ``EVENT_DESCRIPTION`` the
competition's name and the stage's (``"League I: play-off"``) and one ``SECTION`` per group
(``SECTION_ID`` the group's name, ``A`` for a stage of one group). A round robin's or a Swiss's
matches score VPs (``MATCH_SCORING_METHOD`` ``VPS``), each team's ``TOTAL_SCORE`` its VP in the
stage with the VP kept from an earlier stage (D4.4, D5.5) also given apart in ``CARRIED_VP``. A
knock-out scores IMPs (``MATCH_SCORING_METHOD`` ``IMPS``, ``EVENT_TYPE`` ``KNOCKOUT_TEAMS``):
each ``MATCH``'s ``CARRY_OVER`` is the IMPs the home team started with (negative: the opposing
team's), and ``TEAM_SCORE`` / ``OPPOSING_TEAM_SCORE`` are IMPs with it, no VP, no
``PARTICIPANTS`` ranking. A pairs stage is an ``MP_PAIRS`` event; a Swiss pairs stage
(``SWISS_PAIRS``) scores its boards by IMPs against the datum (``BOARD_SCORING_METHOD``
``BUTLER``) and ranks by VP (each pair's ``TOTAL_SCORE``). ``CARRIED_VP`` and ``CARRY_OVER``
are Traveller's additions, after the elements USEBIO 1.2 places there. A competition's matches
give their rounds and boards as the room numbers them (the stage's round, a knock-out's rounds
in its bracket's order; the match's boards 1-N, a knock-out's extra boards after them, in its
own ``MATCH``); a pairs stage's boards keep the event's numbers, one a deal through the stage's
sessions.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from server.formats.interchange import (
    ExportEvent,
    PairLine,
    PairsEvent,
    TeamsEvent,
    TeamTableResult,
    artificial,
    written_contract,
)

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
    parts = [stage.results for stage in event.stages if stage.results is not None]
    for part in parts or [event]:
        if isinstance(part, PairsEvent):
            _pairs(root, part)
        else:
            _teams(root, part)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def description(title: str, stage: str) -> str:
    """An event's ``EVENT_DESCRIPTION``: its title, and a competition stage's name after it."""
    return f"{title}: {stage}" if title and stage else title or stage


def _pairs(root: ET.Element, event: PairsEvent) -> None:
    swiss = event.method == "butler"
    node = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "SWISS_PAIRS" if swiss else "MP_PAIRS"})
    _add(node, "EVENT_DESCRIPTION", description(event.title, event.stage))
    if swiss:
        _add(node, "MATCH_SCORING_METHOD", "VPS")
    _add(node, "BOARD_SCORING_METHOD", "BUTLER" if swiss else "MATCH_POINTS")
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
            _add(pair, "TOTAL_SCORE", round(standing.vp if standing.vp is not None
                                            else standing.matchpoints, 2))
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
    _add(traveller, "CONTRACT", "PASS" if passed else
         written_contract(contract) if contract is not None else None)
    if not passed:
        _add(traveller, "PLAYED_BY", declarer)
        _add(traveller, "LEAD", lead)
        _add(traveller, "TRICKS", tricks)
    _add(traveller, "SCORE", ns_score)


def _teams(root: ET.Element, event: TeamsEvent) -> None:
    kind = "KNOCKOUT_TEAMS" if event.knockout else "SWISS_TEAMS" if event.swiss else "TEAMS"
    node = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind})
    _add(node, "EVENT_DESCRIPTION", description(event.title, event.stage))
    _add(node, "MATCH_SCORING_METHOD", "IMPS" if event.knockout else "VPS")
    _add(node, "BOARD_SCORING_METHOD", "IMPS")
    groups = sorted({s.group for s in event.standings} | {m.group for m in event.matches}) or [""]
    _add(node, "SESSION_COUNT", 1)
    _add(node, "SECTION_COUNT", len(groups))
    session = ET.SubElement(node, "SESSION", {"SESSION_ID": "1"})
    for group in groups:
        section = ET.SubElement(session, "SECTION", {"SECTION_ID": group or "A"})
        _team_section(section, event, group)


def _team_section(section: ET.Element, event: TeamsEvent, group: str) -> None:
    by_board: dict[tuple[int, int, int], list[TeamTableResult]] = {}
    for t in event.tables:
        by_board.setdefault((t.round, t.table, t.board), []).append(t)
    participants = ET.SubElement(section, "PARTICIPANTS")
    for standing in event.standings:
        if standing.group != group:
            continue
        team = ET.SubElement(participants, "TEAM",
                             {"TEAM_ID": str(standing.team), "TEAM_NAME": standing.name})
        for player in standing.players:
            _add(ET.SubElement(team, "PLAYER"), "PLAYER_NAME", player)
        _add(team, "PLACE", standing.rank)
        _add(team, "TOTAL_SCORE", round(standing.vp, 2))
        if standing.carried_vp:
            _add(team, "CARRIED_VP", round(standing.carried_vp, 2))
    for match in event.matches:
        if match.group != group:
            continue
        node = ET.SubElement(section, "MATCH")
        _add(node, "ROUND_NUMBER", match.shown_round)
        _add(node, "TEAM", match.home)
        _add(node, "OPPOSING_TEAM", match.away)
        if match.boards:
            shown = [match.shown(b) for b in match.boards]
            _add(node, "START_BOARD_NUMBER", min(shown))
            _add(node, "END_BOARD_NUMBER", max(shown))
        if match.knockout:
            # A knock-out scores IMPs, the carry-over in them (K15, D1.4); no VP.
            _add(node, "CARRY_OVER", float(match.carry_over))
            _add(node, "TEAM_SCORE", float(match.home_imps))
            _add(node, "OPPOSING_TEAM_SCORE", float(match.away_imps))
        else:
            _add(node, "TEAM_SCORE", match.home_vp)
            _add(node, "OPPOSING_TEAM_SCORE", match.away_vp)
        for number, imps in zip(match.boards, match.board_imps, strict=True):
            tables = by_board.get((match.round, match.table, number), [])
            if not tables:
                continue
            board = ET.SubElement(node, "BOARD")
            _add(board, "BOARD_NUMBER", match.shown(number))
            _add(board, "IMPS", imps)
            for table in sorted(tables, key=lambda t: t.home_seat != "NS"):
                traveller = ET.SubElement(board, "TRAVELLER_LINE")
                _add(traveller, "DIRECTION", table.home_seat)
                _result(traveller, table.contract, table.declarer, table.lead, table.tricks,
                        table.ns_score, table.adjusted)  # fmt: skip
