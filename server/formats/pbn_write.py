"""Writing an event's results as PBN 2.1: the standard's score tables, or one game per table.

The file is in PBN's export format: every game, pairs or teams, starts with the standard's
mandatory tag set in its order: ``Event``, ``Site``, ``Date``, ``Board``, ``West``, ``North``,
``East``, ``South``, ``Dealer``, ``Vulnerable``, ``Deal``, ``Scoring``, ``Declarer``,
``Contract``, ``Result``. The players, day and play are one table's, with its players as the
table gave them and the day it was entered. What the file does not know is ``"?"`` (the
``Site``, the players a table did not give, a ``Date`` of ``"????.??.??"``, the play of an
adjusted score, each hand of a ``Deal`` not shown: ``"N:- - - -"``); what does not apply is
empty (a pass-out's declarer and result). A competition's ``Stage`` follows the set.

A pairs event is one game per board (``Scoring "MatchPoints"``). Its tags of the play are one
table's, as programs that read one result a game expect: the first of the ``ScoreTable`` with
a contract played, named by the ``Table`` and ``Round`` tags that follow (and ``Section`` when
there are several). The board's ``ScoreTable`` follows (``Section``, ``Table``, ``Round``,
``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result``, ``Lead``, ``Score_NS``,
``Score_EW``, ``MP_NS``, ``MP_EW``, ``Percentage_NS``, ``Percentage_EW``); the first game
carries the ``TotalScoreTable`` (``Rank``, ``Section``, ``PairId``, ``Direction``,
``TotalScoreMP``, ``TotalPercentage``, ``Names``). A teams event is one game per table as teams
programs write it (``Scoring "IMP"``, its players the room's line-up for the board), then
``Round``, ``HomeTeam``, ``VisitTeam``, ``Room`` Open or Closed, ``Score "NS 420"`` and
``ScoreIMP`` for the side that sat North-South, the first game carrying the teams'
``TotalScoreTable`` (``Rank``, ``TeamId``, ``TotalScoreVP``, ``TotalScoreIMP``, ``TeamName``).
An artificial adjusted score is ``A6040`` in both score cells (a teams game's ``Score``). The
names are the last column of each ``TotalScoreTable``, since some readers (endplay's) split
rows at white space even inside quotes.
:mod:`server.formats.pbn` reads all of it back.

A competition is one event per stage begun, in order: every game of a stage carries the
competition's ``Event`` and the stage's ``Stage`` (PBN 2.1's tag for it), the stage's games
together, its first game the stage's ``TotalScoreTable`` (a team stage's VP, ``CarriedVP`` the VP
kept from an earlier stage in it, D4.4, D5.5, and ``Group`` when it has several; a pairs stage's
percentages). A knock-out stage has no ``TotalScoreTable``: its matches score IMPs, and every game
of a match with a carry-over (K15, D1.4) carries ``[CarryOver "12.5"]``, the IMPs the home team
started with (negative: the visiting team's). A Swiss pairs stage's boards are scored by IMPs
against the datum (``Scoring "Butler"``, ``IMP_NS``/``IMP_EW``) and ranked by
``TotalScoreVP``. ``CarryOver`` and ``CarriedVP`` are Traveller's, which readers that do not know
them pass over. A competition's team games give the round and board as the room numbers them
(the stage's round, a knock-out's rounds in its bracket's order; the match's boards 1-N, a
knock-out's extra boards after them); a pairs stage's boards keep the event's numbers, one a
deal through its sessions.
"""

from __future__ import annotations

from server.formats.interchange import (
    ExportEvent,
    PairLine,
    PairsEvent,
    TeamsEvent,
    TeamTableResult,
    artificial,
    dealer,
    vulnerable,
    written_contract,
)

HEADER = ("% PBN 2.1", "% EXPORT")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cell(value: str | int | float | None) -> str:
    if value is None or value == "":
        return "-"
    if isinstance(value, float):
        text = f"{round(value, 4):.4f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    text = str(value)
    return _quote(text) if any(c.isspace() for c in text) or '"' in text else text


def _tag(name: str, value: str | int) -> str:
    return f"[{name} {_quote(str(value))}]"


def _columns(name: str, value: str) -> str:
    # Column specs are written as programs write them: "Table\2R" with one backslash, which
    # escapes nothing in a PBN string.
    return f'[{name} "{value}"]'


def write_pbn(event: ExportEvent) -> str:
    """The PBN text of ``event`` (games separated by an empty line)."""
    parts = [stage.results for stage in event.stages if stage.results is not None]
    games = []
    for part in parts or [event]:
        games += _pairs(part) if isinstance(part, PairsEvent) else _teams(part)
    return "\n".join(HEADER) + "\n\n" + "\n\n".join("\n".join(game) for game in games) + "\n"


_SECTION = "Section\\1R;"
_SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\5L;"
                  "Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\7R;MP_EW\\7R;"
                  "Percentage_NS\\6R;Percentage_EW\\6R")  # fmt: skip
_TOTAL_COLUMNS = ("Rank\\3R;PairId\\3R;Direction\\3R;TotalScoreMP\\8R;"
                  "TotalPercentage\\6R;Names\\40L")  # fmt: skip
# A Swiss pairs stage (KC1): IMPs against the datum on each board, VP in total.
_IMP_COLUMNS = _SCORE_COLUMNS.replace("MP_NS\\7R;MP_EW\\7R;Percentage_NS\\6R;Percentage_EW\\6R",
                                      "IMP_NS\\6R;IMP_EW\\6R")
_VP_TOTALS = "Rank\\3R;PairId\\3R;TotalScoreVP\\7R;TotalScoreIMP\\7R;Names\\40L"


def _score_cells(line: PairLine) -> tuple[str, str]:
    if line.adjusted is not None:
        text = artificial(line.adjusted)
        return text, text
    if line.ns_score is None:
        return "-", "-"
    return (str(line.ns_score), "-") if line.ns_score >= 0 else ("-", str(-line.ns_score))


UNKNOWN = "?"
UNKNOWN_DATE = "????.??.??"
UNKNOWN_DEAL = "N:- - - -"
"""A deal whose hands the file may not give: each hand unknown (``-``), as PBN writes it."""


def _shown(lines: list[PairLine]) -> PairLine:
    """The table whose play a pairs game's own tags give: the first in its ``ScoreTable``
    with a contract played, else the first."""
    return next((x for x in lines if x.adjusted is None and x.contract is not None), lines[0])


def _play(line: PairLine | TeamTableResult) -> list[str]:
    """``Declarer``, ``Contract`` and ``Result`` of a table: a pass-out has no declarer and no
    result (empty, as the standard writes what does not apply), an adjusted score no
    contract that the file knows ("?")."""
    if line.adjusted is not None or line.contract is None:
        return [_tag("Declarer", UNKNOWN), _tag("Contract", UNKNOWN), _tag("Result", UNKNOWN)]
    if line.contract.upper() == "PASS":
        return [_tag("Declarer", ""), _tag("Contract", "Pass"), _tag("Result", "")]
    return [_tag("Declarer", line.declarer or UNKNOWN),
            _tag("Contract", written_contract(line.contract)),
            _tag("Result", UNKNOWN if line.tricks is None else line.tricks)]


def _mandatory(event: ExportEvent, number: int, board: int, line: PairLine | TeamTableResult,
               scoring: str) -> list[str]:
    """PBN's mandatory tag set in its order: of the board (`number` as the room numbers it;
    the dealer, vulnerability and deal of the event's `board`) and of the table `line` (its
    players, day and play)."""
    north, east, south, west = line.players or (UNKNOWN,) * 4
    return [_tag("Event", event.title), _tag("Site", UNKNOWN),
            _tag("Date", line.played_on or UNKNOWN_DATE), _tag("Board", number),
            _tag("West", west), _tag("North", north), _tag("East", east),
            _tag("South", south), _tag("Dealer", dealer(board)),
            _tag("Vulnerable", vulnerable(board)),
            _tag("Deal", event.deals.get(board, UNKNOWN_DEAL)), _tag("Scoring", scoring),
            *_play(line)]


def _identification(event: PairsEvent, number: int, line: PairLine, scoring: str,
                    sections: bool) -> list[str]:
    """A pairs game's tags: PBN's mandatory tag set, of the board and of the table `line`,
    then the stage and the table's place."""
    tags = _mandatory(event, number, number, line, scoring)
    if event.stage:
        tags.append(_tag("Stage", event.stage))
    if sections:
        tags.append(_tag("Section", line.section))
    return [*tags, _tag("Table", line.table), _tag("Round", line.round)]


def _pairs(event: PairsEvent) -> list[list[str]]:
    games = []
    numbers = sorted({line.board for line in event.lines})
    # A section column only when there are several: a reader puts its letter before the pair.
    sections = len(event.sections) > 1
    prefix = _SECTION if sections else ""
    imps = event.method == "butler"
    for index, number in enumerate(numbers):
        lines = [line for line in event.lines if line.board == number]
        game = [*_identification(event, number, _shown(lines),
                                 "Butler" if imps else "MatchPoints", sections),
                _columns("ScoreTable", prefix + (_IMP_COLUMNS if imps else _SCORE_COLUMNS))]
        for line in lines:
            ns_cell, ew_cell = _score_cells(line)
            played = line.adjusted is None and line.contract is not None
            passed = played and (line.contract or "").upper() == "PASS"
            figures = ([_cell(line.ns_imps), _cell(line.ew_imps)] if imps else
                       [_cell(line.ns_mp), _cell(line.ew_mp), _cell(line.ns_pct),
                        _cell(line.ew_pct)])
            game.append(" ".join([_cell(line.section)] * sections + [
                _cell(line.table), _cell(line.round), _cell(line.ns),
                _cell(line.ew), _cell("Pass" if passed else written_contract(line.contract)
                                      if played and line.contract else None),
                _cell(None if passed else line.declarer if played else None),
                _cell(None if passed else line.tricks if played else None),
                _cell(line.lead if played else None), ns_cell, ew_cell, *figures,
            ]))  # fmt: skip
        if index == 0:
            game += _pair_totals(event, prefix, sections)
        games.append(game)
    return games


def _pair_totals(event: PairsEvent, prefix: str, sections: bool) -> list[str]:
    """The first game's ``TotalScoreTable``: percentages, or a Swiss pairs stage's VP."""
    if event.method == "butler":
        rows = [_columns("TotalScoreTable", _VP_TOTALS.replace("Rank\\3R;", "Rank\\3R;" + prefix))]
        for s in event.standings:
            rows.append(" ".join([_cell(s.rank)] + [_cell(s.section)] * sections + [
                _cell(s.pair), _cell(round(s.vp or 0.0, 2)), _cell(round(s.matchpoints, 2)),
                _quote(" - ".join(s.names))]))
        return rows
    rows = [_columns("TotalScoreTable", _TOTAL_COLUMNS.replace("Rank\\3R;", "Rank\\3R;" + prefix))]
    for s in event.standings:
        rows.append(" ".join([_cell(s.rank)] + [_cell(s.section)] * sections + [
            _cell(s.pair), _cell(s.field),
            _cell(round(s.matchpoints, 2)),
            _cell(round(s.percentage, 2) if s.percentage is not None else None),
            _quote(" - ".join(s.names)),
        ]))  # fmt: skip
    return rows


# The name last, as Names is in the pairs' table: a reader that splits rows at white space
# (endplay's does, quotes or not) still finds every other column where the header says.
_TEAM_TOTALS = "Rank\\3R;TeamId\\3R;TotalScoreVP\\7R;TotalScoreIMP\\7R;TeamName\\20L"


def _teams(event: TeamsEvent) -> list[list[str]]:
    games: list[list[str]] = []
    imps = {(m.round, m.table, board): value for m in event.matches
            for board, value in zip(m.boards, m.board_imps, strict=True)}  # fmt: skip
    carry = {(m.round, m.table): m.carry_over for m in event.matches
             if m.knockout and m.carry_over}
    rounds = {(m.round, m.table): m.shown_round for m in event.matches}
    for table in sorted(event.tables, key=lambda t: (t.round, t.table, t.board,
                                                     t.home_seat != "NS")):  # fmt: skip
        # The room's numbers; the deal (and its dealer and vulnerability) is the event's board.
        game = _mandatory(event, table.number or table.board, table.board, table, "IMP")
        if event.stage:
            game.append(_tag("Stage", event.stage))
        game += [_tag("Round", rounds.get((table.round, table.table), table.round)),
                 _tag("HomeTeam", event.name(table.home)),
                 _tag("VisitTeam", event.name(table.away)),
                 _tag("Room", "Open" if table.home_seat == "NS" else "Closed")]
        if table.adjusted is not None:
            game.append(_tag("Score", artificial(table.adjusted)))
        elif table.contract is not None:
            game.append(_tag("Score", f"NS {table.ns_score}"))
        home_imps = imps.get((table.round, table.table, table.board))
        if home_imps is not None:
            game.append(_tag("ScoreIMP", f"{table.home_seat} {home_imps}"))
        if (table.round, table.table) in carry:
            game.append(_tag("CarryOver", _cell(float(carry[table.round, table.table]))))
        if not games and not event.knockout:
            game += _team_totals(event)
        games.append(game)
    return games


def _team_totals(event: TeamsEvent) -> list[str]:
    """The teams' ``TotalScoreTable``: VP, kept VP and the group in a competition's stage."""
    groups = len({s.group for s in event.standings}) > 1
    carried = any(s.carried_vp for s in event.standings)
    columns = _TEAM_TOTALS
    if carried:
        columns = columns.replace("TotalScoreIMP\\7R;", "TotalScoreIMP\\7R;CarriedVP\\7R;")
    if groups:
        columns = "Group\\4L;" + columns
    rows = [_columns("TotalScoreTable", columns)]
    for s in event.standings:
        rows.append(" ".join([_cell(s.group)] * groups + [
            _cell(s.rank), _cell(s.team), _cell(round(s.vp, 2)),
            _cell(round(s.imps_won - s.imps_lost, 2))] + [
            _cell(round(s.carried_vp, 2))] * carried + [_quote(s.name)]))
    return rows
