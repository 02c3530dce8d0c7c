"""Writing an event's results as PBN 2.1: the standard's score tables, or one game per table.

A pairs event is one game per board (``Event``, ``Board``, ``Dealer``, ``Vulnerable``,
``Scoring "MatchPoints"``) with its ``ScoreTable`` (``Section``, ``Table``, ``Round``,
``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result``, ``Lead``, ``Score_NS``,
``Score_EW``, ``MP_NS``, ``MP_EW``, ``Percentage_NS``, ``Percentage_EW``); the first game carries
the ``TotalScoreTable`` (``Rank``, ``Section``, ``PairId``, ``Direction``, ``TotalScoreMP``,
``TotalPercentage``, ``Names``). A teams event is one game per table as teams programs write it
(``Round``, ``HomeTeam``, ``VisitTeam``, ``Room`` Open or Closed, the result, ``Score "NS 420"``
and ``ScoreIMP`` for the side that sat North-South), the first game carrying the teams'
``TotalScoreTable`` (``Rank``, ``TeamId``, ``TotalScoreVP``, ``TotalScoreIMP``, ``TeamName``).
An artificial adjusted score is ``A6040`` in both score cells. Every game of a board whose hand
record may be shown carries its ``Deal`` (North first) after ``Vulnerable``. The names are the
last column of each ``TotalScoreTable``, since some readers (endplay's) split rows at white
space even inside quotes. :mod:`server.formats.pbn` reads all of it back.
"""

from __future__ import annotations

from server.formats.interchange import (
    ExportEvent,
    PairLine,
    PairsEvent,
    TeamsEvent,
    artificial,
    dealer,
    vulnerable,
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



def _deal(event: ExportEvent, board: int) -> list[str]:
    deal = event.deals.get(board)
    return [] if deal is None else [_tag("Deal", deal)]


def write_pbn(event: ExportEvent) -> str:
    """The PBN text of ``event`` (games separated by an empty line)."""
    games = _pairs(event) if isinstance(event, PairsEvent) else _teams(event)
    return "\n".join(HEADER) + "\n\n" + "\n\n".join("\n".join(game) for game in games) + "\n"


_SECTION = "Section\\1R;"
_SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\5L;"
                  "Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\7R;MP_EW\\7R;"
                  "Percentage_NS\\6R;Percentage_EW\\6R")  # fmt: skip
_TOTAL_COLUMNS = ("Rank\\3R;PairId\\3R;Direction\\3R;TotalScoreMP\\8R;"
                  "TotalPercentage\\6R;Names\\40L")  # fmt: skip


def _score_cells(line: PairLine) -> tuple[str, str]:
    if line.adjusted is not None:
        text = artificial(line.adjusted)
        return text, text
    if line.ns_score is None:
        return "-", "-"
    return (str(line.ns_score), "-") if line.ns_score >= 0 else ("-", str(-line.ns_score))


def _pairs(event: PairsEvent) -> list[list[str]]:
    games = []
    numbers = sorted({line.board for line in event.lines})
    # A section column only when there are several: a reader puts its letter before the pair.
    sections = len(event.sections) > 1
    prefix = _SECTION if sections else ""
    for index, number in enumerate(numbers):
        game = [_tag("Event", event.title), _tag("Board", number), _tag("Dealer", dealer(number)),
                _tag("Vulnerable", vulnerable(number)), *_deal(event, number),
                _tag("Scoring", "MatchPoints"),
                _columns("ScoreTable", prefix + _SCORE_COLUMNS)]  # fmt: skip
        for line in (line for line in event.lines if line.board == number):
            ns_cell, ew_cell = _score_cells(line)
            played = line.adjusted is None and line.contract is not None
            passed = played and (line.contract or "").upper() == "PASS"
            game.append(" ".join([_cell(line.section)] * sections + [
                _cell(line.table), _cell(line.round), _cell(line.ns),
                _cell(line.ew), _cell("Pass" if passed else line.contract if played else None),
                _cell(None if passed else line.declarer if played else None),
                _cell(None if passed else line.tricks if played else None),
                _cell(line.lead if played else None), ns_cell, ew_cell, _cell(line.ns_mp),
                _cell(line.ew_mp), _cell(line.ns_pct), _cell(line.ew_pct),
            ]))  # fmt: skip
        if index == 0:
            game.append(_columns("TotalScoreTable", _TOTAL_COLUMNS.replace(
                "Rank\\3R;", "Rank\\3R;" + prefix)))
            for s in event.standings:
                game.append(" ".join([_cell(s.rank)] + [_cell(s.section)] * sections + [
                    _cell(s.pair), _cell(s.field),
                    _cell(round(s.matchpoints, 2)),
                    _cell(round(s.percentage, 2) if s.percentage is not None else None),
                    _quote(" - ".join(s.names)),
                ]))  # fmt: skip
        games.append(game)
    return games


# The name last, as Names is in the pairs' table: a reader that splits rows at white space
# (endplay's does, quotes or not) still finds every other column where the header says.
_TEAM_TOTALS = "Rank\\3R;TeamId\\3R;TotalScoreVP\\7R;TotalScoreIMP\\7R;TeamName\\20L"


def _teams(event: TeamsEvent) -> list[list[str]]:
    games: list[list[str]] = []
    imps = {(m.round, m.table, board): value for m in event.matches
            for board, value in zip(m.boards, m.board_imps, strict=True)}  # fmt: skip
    for table in sorted(event.tables, key=lambda t: (t.round, t.table, t.board,
                                                     t.home_seat != "NS")):  # fmt: skip
        game = [_tag("Event", event.title), _tag("Board", table.board),
                _tag("Dealer", dealer(table.board)), _tag("Vulnerable", vulnerable(table.board)),
                *_deal(event, table.board), _tag("Scoring", "IMP"), _tag("Round", table.round),
                _tag("HomeTeam", event.name(table.home)), _tag("VisitTeam", event.name(table.away)),
                _tag("Room", "Open" if table.home_seat == "NS" else "Closed")]  # fmt: skip
        if table.adjusted is not None:
            game.append(_tag("Score", artificial(table.adjusted)))
        elif table.contract is not None:
            passed = table.contract.upper() == "PASS"
            game += [_tag("Contract", "Pass" if passed else table.contract)]
            if not passed:
                game += [_tag("Declarer", table.declarer or ""),
                         _tag("Result", "" if table.tricks is None else table.tricks)]
            game.append(_tag("Score", f"NS {table.ns_score}"))
        home_imps = imps.get((table.round, table.table, table.board))
        if home_imps is not None:
            game.append(_tag("ScoreIMP", f"{table.home_seat} {home_imps}"))
        if not games:
            game.append(_columns("TotalScoreTable", _TEAM_TOTALS))
            for s in event.standings:
                game.append(" ".join([_cell(s.rank), _cell(s.team), _cell(round(s.vp, 2)),
                                      _cell(round(s.imps_won - s.imps_lost, 2)),
                                      _quote(s.name)]))  # fmt: skip
        games.append(game)
    return games
