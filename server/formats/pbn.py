"""Reading the travellers of a PBN file: its ``ScoreTable`` and ``TotalScoreTable`` sections.

PBN (Portable Bridge Notation, version 2.1) writes one game per deal: tag pairs such as
``[Board "7"]`` and ``[Scoring "MatchPoints"]``, some followed by lines of data. The results of a
board at every table are the ``ScoreTable`` section; the overall ranking is the
``TotalScoreTable`` section. Both name their columns in the tag's value (``"PairId_NS\\2R;
PairId_EW\\2R;Contract\\4L;..."``: a name, then the width and alignment we do not need), and each
following line holds one item per column: a word, a ``"quoted string"``, or ``-`` for nothing.
Scoring programs (Magic Contest, Ruter, ScoreBridge, JFR Pary...) export these sections, so a
PBN file they wrote carries the travellers we rescore. Lines starting with ``%`` (the escape
mechanism), ``{...}`` commentary and ``;`` comments are skipped, a tag value ``"#"`` repeats the
previous game's, and the first of two equal tags in a game counts, as the standard says.

Columns read from ``ScoreTable``, case-insensitively (others are ignored): ``PairId_NS``,
``PairId_EW``, ``Section`` (prefixed to pair numbers, so section A's pair 7 is ``"A7"``),
``Contract``, ``Declarer``, ``Result`` (tricks taken, or ``=``/``+1``/``-2``), ``Score_NS``,
``Score_EW``, ``Score`` (``"NS 420"``), ``MP_NS`` and ``MP_EW``. An artificial adjusted score
is written in the score cells: ``A+``/``AVE+``/``AVG+`` (60%), ``A``/``A=``/``AVE`` (50%),
``A-``/``AVE-`` (40%), ``A60`` or ``60%`` per side, or ``A60/40`` for both
(:func:`server.formats.travellers.parse_adjusted`). ``NP``, ``Bye`` and the like mark a board not
played. From ``TotalScoreTable``: ``PairId`` with ``TotalPercentage`` (else ``Percentage``, else
the first of the total-score columns such as ``TotalScoreMP`` or ``TotalScoreIMP``).

A file whose games name several ``[Stage]``s (a competition written stage by stage) is read
stage by stage: each game's lines or table belong to its stage, and each stage's
``TotalScoreTable`` (with ``CarriedVP``, the VP kept from an earlier stage in a team's total)
is its own ranking (:attr:`~server.formats.travellers.ResultsFile.stages`). A teams game's
``[CarryOver]`` is the IMPs the home team started its match with (negative: the visiting
team's). A teams game's ``[Room]`` says where the home team sat (North-South in the open room);
programs that do not know it write ``[Room ""]``, and the room is then inferred from the board's
other game, the team names, the ``[Table]``s or the file's order (:func:`_infer_rooms`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

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


class PbnError(ResultsFileError):
    """A PBN file whose travellers cannot be read; the message names the file and the line."""


_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_ESCAPE = re.compile(r'\\(["\\])')
_TABLES = ("scoretable", "totalscoretable")
_DECLARERS = frozenset("NESW")
_PERCENT_COLUMNS = ("totalpercentage", "percentage")
# A pairs file that totals VP ranks by them (Swiss pairs), whatever other totals it shows.
_TOTAL_COLUMNS = ("totalscorevp", "totalvp", "totalscore", "totalscoremp", "totalscoreimp",
                  "totalscorebam", "totalmp", "totalimp", "totalpoints")  # fmt: skip


@dataclass
class _Table:
    name: str
    columns: dict[str, int]
    """Each named column's position, by its name in lower case."""
    width: int
    """How many items a row holds: one per column, named or not."""
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class _Game:
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    tables: list[_Table] = field(default_factory=list)


def decode_pbn(data: bytes) -> str:
    """The text of a PBN file: UTF-8 (a byte-order mark is dropped), else ISO 8859-1 as the
    standard prescribes."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_pbn(path: str | Path) -> ResultsFile:
    """Read the travellers of the PBN file at ``path`` (see :func:`parse_pbn`)."""
    path = Path(path)
    return parse_pbn(decode_pbn(path.read_bytes()), origin=str(path))


def parse_pbn(text: str, origin: str = "<pbn>") -> ResultsFile:
    """Read the travellers of a PBN file's text.

    Raises :class:`PbnError`, with the line, for a malformed tag or table row, a row whose items
    do not match its columns, an unreadable score, pair or board number, a ``ScoreTable`` without
    its pairs or scores, and a file with no ``ScoreTable`` at all.
    """
    games = _games(text, origin)
    names = list(dict.fromkeys(game.tags.get("Stage", "").strip() for game in games))
    several = len(names) > 1

    def stage_of(game: _Game) -> str:
        return game.tags.get("Stage", "").strip() if several else ""

    lines: list[TravellerLine] = []
    ranking: list[tuple[str, float]] = []
    by_stage: dict[str, list[tuple[str, float]]] = {name: [] for name in names}
    for game in games:
        for table in game.tables:
            if table.name == "scoretable":
                lines.extend(replace(line, stage=stage_of(game)) if several else line
                             for line in _traveller(game, table, origin))
            else:
                found = _totals(table, origin)
                ranking.extend(found)
                by_stage[stage_of(game) if several else names[0]].extend(found)
    method = next((m for game in games if (m := normalise_method(game.tags.get("Scoring")))), None)
    title = next((game.tags["Event"] for game in games if game.tags.get("Event")), "")
    if not any(table.name == "scoretable" for game in games for table in game.tables):
        played = [game for game in games if _is_table_record(game)]
        if not played:
            raise PbnError("no ScoreTable section: the file holds no travellers",
                           origin=origin)  # fmt: skip
        tables, missing = _team_tables(played, origin, several)
        stages = []
        team_ranking = []
        for name in names:
            mine = [game for game in games if stage_of(game) == (name if several else "")]
            totals = [table for game in mine for table in game.tables
                      if table.name == "totalscoretable"]
            found = [row for table in totals for row in _team_totals(table, origin)]
            team_ranking += found
            stages.append(FileStage(name, _team_scoring(mine), tuple(found),
                                    tuple(row for table in totals
                                          for row in _team_totals(table, origin, "carriedvp"))))
        carry = {(t.stage, t.round, t.home, t.away): _carry_over(game, origin)
                 for game, t in zip(played, tables, strict=True)}
        matches = {(t.stage, t.round, t.home, t.away): None for t in tables}
        stated = next((m for game in games if (m := teams_method(game.tags.get("Scoring")))),
                      "imps")  # fmt: skip
        return ResultsFile(source="pbn", method=stated, lines=(), original_ranking=tuple(
                               team_ranking), title=title, team_tables=tuple(tables),
                           matches=tuple(TeamMatch(r, h, a, None, None, st, carry.get(
                               (st, r, h, a))) for st, r, h, a in matches),
                           match_scoring=_team_scoring(games), missing=tuple(missing),
                           stages=tuple(stages) if several else ())  # fmt: skip
    stages_found = tuple(FileStage(name, _pairs_scoring(
        [game for game in games if stage_of(game) == (name if several else "")]),
        tuple(by_stage[name])) for name in names)
    return ResultsFile(source="pbn", method=method, lines=tuple(lines),
                       original_ranking=tuple(ranking), title=title,
                       match_scoring=_pairs_scoring(games),
                       stages=stages_found if several else ())  # fmt: skip


def _carry_over(game: _Game, origin: str) -> float | None:
    """A teams game's ``[CarryOver]``: the IMPs the home team started with."""
    text = game.tags.get("CarryOver", "").strip()
    if not text:
        return None
    try:
        return parse_number(text)
    except ValueError as error:
        raise PbnError(f"invalid CarryOver: {error}", origin=origin,
                       line=game.tag_lines.get("CarryOver", game.line)) from None


def _games(text: str, origin: str) -> list[_Game]:
    games: list[_Game] = []
    game: _Game | None = None
    table: _Table | None = None
    in_commentary = False
    previous: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_commentary:
            in_commentary = "}" not in line
            continue
        if raw.startswith("%") or line.startswith(";"):
            continue
        if not line:  # an empty line ends a game
            if game is not None:
                previous = {**previous, **game.tags}
                games.append(game)
            game, table = None, None
            continue
        if line.startswith("{"):
            in_commentary = "}" not in line
            table = None
            continue
        if line.startswith("["):
            game = game or _Game(line=number)
            table = _tags(line, number, game, previous, origin)
            continue
        if table is not None:
            table.rows.append((number, _tokens(line, number, origin)))
        # Other sections' data (Auction, Play, OptimumResultTable...) are not travellers.
    if game is not None:
        games.append(game)
    return games


def _tags(
    line: str, number: int, game: _Game, previous: dict[str, str], origin: str
) -> _Table | None:
    """Record the line's tag pairs in ``game``. Returns the table the line's last tag opens, or
    None when that tag is not a table (its data lines, if any, are not travellers)."""
    end = 0
    opened: _Table | None = None
    for match in _TAG.finditer(line):
        if line[end : match.start()].strip():
            break
        end = match.end()
        name, value = match.group(1), _ESCAPE.sub(r"\1", match.group(2))
        if value == "#":
            value = previous.get(name, "")
        opened = None
        if name.lower() in _TABLES:
            columns, width = _columns(value, number, origin)
            opened = _Table(name=name.lower(), columns=columns, width=width, line=number)
            game.tables.append(opened)
        elif name not in game.tags:  # the first of two equal tags counts
            game.tags[name] = value
            game.tag_lines[name] = number
    rest = line[end:].strip()
    if end == 0 or (rest and not rest.startswith(";")):
        raise PbnError(f"invalid tag pair: {line!r}", origin=origin, line=number)
    return opened


def _columns(value: str, number: int, origin: str) -> tuple[dict[str, int], int]:
    columns: dict[str, int] = {}
    parts = value.split(";")
    while parts and not parts[-1].strip():
        parts.pop()  # "A;B;" has two columns
    for index, part in enumerate(parts):
        name = part.split("\\", 1)[0].strip().lower()
        if not name and part.strip():
            raise PbnError(f"invalid column: {part!r}", origin=origin, line=number)
        if name:
            columns.setdefault(name, index)
    if not columns:
        raise PbnError(f"table without columns: {value!r}", origin=origin, line=number)
    return columns, len(parts)


def _tokens(line: str, number: int, origin: str) -> list[str]:
    tokens: list[str] = []
    for match in _TOKEN.finditer(line):
        quoted, word = match.group(1), match.group(2)
        if word is not None and word.startswith(";"):
            break  # a comment to the end of the line
        if word is not None and '"' in word:
            raise PbnError(f"unterminated string: {line!r}", origin=origin, line=number)
        tokens.append(_ESCAPE.sub(r"\1", quoted) if quoted is not None else str(word))
    return tokens


def _traveller(game: _Game, table: _Table, origin: str) -> list[TravellerLine]:
    board = _board(game, table, origin)
    columns = table.columns
    missing = [name for name in ("PairId_NS", "PairId_EW") if name.lower() not in columns]
    if missing:
        raise PbnError(f"ScoreTable without a {missing[0]} column: "
                       "travellers without their pairs cannot be rescored",
                       origin=origin, line=table.line)  # fmt: skip
    if not {"score_ns", "score_ew", "score"} & columns.keys():
        raise PbnError("ScoreTable without a Score_NS, Score_EW or Score column",
                       origin=origin, line=table.line)  # fmt: skip
    lines = []
    for number, items in table.rows:
        if len(items) != table.width:
            raise PbnError(f"ScoreTable row has {len(items)} items for {table.width} "
                           f"columns: {' '.join(items)!r}", origin=origin, line=number)  # fmt: skip
        try:
            line = _line(board, columns, items)
        except ValueError as error:
            raise PbnError(str(error), origin=origin, line=number) from None
        if line is not None:
            lines.append(line)
    return lines


def _line(board: int, columns: dict[str, int], items: list[str]) -> TravellerLine | None:
    def cell(name: str) -> str | None:
        index = columns.get(name)
        if index is None:
            return None
        value = items[index].strip()
        return None if value in ("", "-") else value

    section = cell("section") or ""
    ns, ew = section_pair(cell("pairid_ns"), section), section_pair(cell("pairid_ew"), section)
    contract = cell("contract")
    declarer = cell("declarer")
    if declarer is not None:
        declarer = declarer.upper()[:1]
        if declarer not in _DECLARERS:
            raise ValueError(f"invalid declarer: {cell('declarer')!r}")
    ns_cell, ew_cell = cell("score_ns"), cell("score_ew")
    adjusted = parse_adjusted(ns_cell, ew_cell)
    ns_score = None if adjusted is not None else _ns_score(ns_cell, ew_cell, cell("score"),
                                                             contract)  # fmt: skip
    if ns is None or ew is None:
        if ns_score is None and adjusted is None:
            return None  # a sit-out line (Ruter's "Bye"): no pairs met
        raise ValueError(f"result without its {'North-South' if ns is None else 'East-West'} pair")
    mp_ns, mp_ew = cell("mp_ns"), cell("mp_ew")
    imp_ns, imp_ew = cell("imp_ns"), cell("imp_ew")
    return TravellerLine(
        board=board,
        ns=ns,
        ew=ew,
        ns_score=ns_score,
        adjusted=adjusted,
        contract=contract,
        declarer=declarer,
        tricks=parse_tricks(cell("result"), contract) if adjusted is None else None,
        original_ns_mp=parse_number(mp_ns) if mp_ns is not None else None,
        original_ew_mp=parse_number(mp_ew) if mp_ew is not None else None,
        section=section,
        original_ns_imps=figure_or_none(imp_ns),
        original_ew_imps=figure_or_none(imp_ew),
    )


def _ns_score(ns_cell: str | None, ew_cell: str | None, score_cell: str | None,
              contract: str | None) -> int | None:  # fmt: skip
    cells = [text for text in (ns_cell, ew_cell, score_cell) if text is not None]
    if any(text.upper() in NOT_PLAYED for text in cells):
        return None
    if ns_cell is not None or ew_cell is not None:
        ns = parse_score(ns_cell) if ns_cell is not None else None
        ew = parse_score(ew_cell) if ew_cell is not None else None
        if ns is not None and ew is not None and ns != -ew:
            raise ValueError(f"Score_NS {ns_cell!r} and Score_EW {ew_cell!r} disagree")
        if ns is not None:
            return ns
        assert ew is not None
        return -ew
    if score_cell is not None:
        side = re.fullmatch(r"(NS|EW)\s+([+-]?\d+)", score_cell.upper())
        if side is None:
            raise ValueError(f'invalid score: {score_cell!r} (expected "NS 420" or "EW 50")')
        score = int(side.group(2))
        return score if side.group(1) == "NS" else -score
    if contract is not None and contract.upper() in ("PASS", "AP", "P", "PASSED", "ALL PASS"):
        return 0
    return None


def _board(game: _Game, table: _Table, origin: str) -> int:
    text = game.tags.get("Board", "")
    line = game.tag_lines.get("Board", table.line)
    if not text:
        raise PbnError("ScoreTable in a game without a Board tag", origin=origin, line=table.line)
    if not text.strip().isdigit() or int(text) < 1:
        raise PbnError(f"invalid board number: {text!r}", origin=origin, line=line)
    return int(text)


def _totals(table: _Table, origin: str) -> list[tuple[str, float]]:
    columns = table.columns
    if "pairid" not in columns:
        return []  # a teams ranking (TeamId) ranks no pairs
    figure = next((name for name in _PERCENT_COLUMNS + _TOTAL_COLUMNS if name in columns), None)
    if figure is None:
        raise PbnError("TotalScoreTable without a total: expected TotalPercentage or a "
                       "TotalScore column", origin=origin, line=table.line)  # fmt: skip
    ranking = []
    for number, items in table.rows:
        if len(items) != table.width:
            raise PbnError(f"TotalScoreTable row has {len(items)} items for {table.width} "
                           f"columns: {' '.join(items)!r}", origin=origin, line=number)  # fmt: skip
        pair, value = items[columns["pairid"]].strip(), items[columns[figure]].strip()
        section = items[columns["section"]].strip() if "section" in columns else ""
        if pair in ("", "-") or value in ("", "-"):
            continue
        try:
            ranking.append((section_pair(pair, "" if section == "-" else section) or pair,
                            parse_number(value)))  # fmt: skip
        except ValueError as error:
            raise PbnError(str(error), origin=origin, line=number) from None
    return ranking


# --- teams: one game per table, without a ScoreTable -----------------------------------------

_ROOMS = {"open": "NS", "closed": "EW"}


def _is_table_record(game: _Game) -> bool:
    return bool(game.tags.get("Board")) and any(
        game.tags.get(tag, "").strip() not in ("", "?") for tag in ("Contract", "Score"))


@dataclass
class _Played:
    """A teams game as read, before its room is known for sure."""

    game: _Game
    stage: str
    round: str
    home: str
    away: str
    board: int
    seat: str | None
    """``"NS"`` or ``"EW"``: where the home team sat; None while the Room tag says nothing."""
    inferred: bool = False


def _team_tables(games: list[_Game], origin: str,
                 staged: bool = False) -> tuple[list[TeamTable], list[str]]:
    """A teams file written one game per table: ``[Board]``, ``[Room "Open"|"Closed"]`` (the home
    team sits North-South in the open room), ``[HomeTeam]``, ``[VisitTeam]``, ``[Round]`` (or
    ``[Stage]``), ``[Contract]``, ``[Declarer]``, ``[Result]``, ``[Score]`` and the program's
    ``[ScoreIMP]``. An empty ``[Room ""]`` (or none) is inferred (:func:`_infer_rooms`)."""
    played: list[_Played] = []
    for game in games:
        line = game.tag_lines.get("Board", game.line)
        tags = game.tags
        home, away = tags.get("HomeTeam", "").strip(), tags.get("VisitTeam", "").strip()
        if not home or not away:
            lacking = "HomeTeam" if not home else "VisitTeam"
            raise PbnError("a game with a result but no ScoreTable needs its HomeTeam and "
                           f"VisitTeam tags (a teams file): the {lacking} tag is missing",
                           origin=origin, line=line)  # fmt: skip
        room = tags.get("Room", "").strip()
        seat = _ROOMS.get(room.lower())
        if seat is None and room not in _NO_ROOM:
            raise PbnError(f"invalid Room {tags.get('Room', '')!r}: a teams game says where it "
                           "was played, \"Open\" or \"Closed\"", origin=origin,
                           line=game.tag_lines.get("Room", line))  # fmt: skip
        board = _board(game, _Table("", {}, 0, line), origin)
        round_ = (tags.get("Round") or tags.get("Stage") or "").strip()
        stage = tags.get("Stage", "").strip() if staged else ""
        played.append(_Played(game, stage, round_, home, away, board, seat))
    _infer_rooms(played)
    tables: list[TeamTable] = []
    seats: dict[tuple[str, str, str, str, int], list[_Played]] = {}
    for one in played:
        try:
            assert one.seat is not None
            table = _team_table(one.game.tags, one.round, one.home, one.away, one.board,
                                one.seat)  # fmt: skip
        except ValueError as error:
            raise PbnError(str(error), origin=origin,
                           line=one.game.tag_lines.get("Board", one.game.line)) from None
        tables.append(replace(table, stage=one.stage) if one.stage else table)
        seats.setdefault((one.stage, one.round, one.home, one.away, one.board), []).append(one)
    missing = []
    for (stage, round_, home, away, board), found in seats.items():
        if sorted(one.seat or "" for one in found) != ["EW", "NS"]:
            name = (f"{stage + ', ' if stage else ''}{'round ' + round_ + ', ' if round_ else ''}"
                    f"{home} v {away}, board {board}")
            if len(found) == 1 and found[0].inferred:
                missing.append(f"{name}: one table's result only (its Room not stated)")
                continue
            rooms = "/".join("Open" if one.seat == "NS" else "Closed" for one in found)
            missing.append(f"{name}: the rooms are {rooms}, not one Open and one Closed")
    return tables, missing


_NO_ROOM = frozenset({"", "?", "-"})


def _infer_rooms(played: list[_Played]) -> None:
    """Give each game whose Room is empty the room its file implies, in this order:

    1. the board's other game states its room: this one is the other room;
    2. the match's games name the teams both ways round (``HomeTeam`` ``"B"``, ``VisitTeam``
       ``"A"`` in some): the file names the team that sat North-South as ``HomeTeam``, so the
       match's home team (the one its first game names so) sat North-South where it is named
       home and East-West where it is named visitor;
    3. the board's two games name different ``[Table]``s: the lower table is the open room (a
       match's home team sits North-South at its first table);
    4. else the file's order: the first of the board's two games is the open room, the second
       the closed room, as programs list them.

    A board of one game whose Room is empty cannot be told: it is named missing.
    """
    matches: dict[tuple[str, str, frozenset[str]], list[_Played]] = {}
    for one in played:
        matches.setdefault((one.stage, one.round, frozenset((one.home, one.away))), []).append(one)
    for games in matches.values():
        if all(one.seat is not None for one in games):
            continue
        first = games[0]
        both_ways = any(one.home != first.home for one in games)
        boards: dict[int, list[_Played]] = {}
        for one in games:
            boards.setdefault(one.board, []).append(one)
        for board in boards.values():
            unknown = [one for one in board if one.seat is None]
            if not unknown:
                continue
            for one in unknown:
                one.inferred = True
            known = [one.seat for one in board if one.seat is not None]
            if len(board) == 2 and len(known) == 1:
                unknown[0].seat = "EW" if known[0] == "NS" else "NS"
            elif both_ways and not known:
                for one in board:
                    one.seat = "NS" if one.home == first.home else "EW"
                    one.home, one.away = first.home, first.away
            elif len(board) == 2 and not known and _tables_differ(board):
                lower = min(board, key=lambda one: int(one.game.tags["Table"]))
                for one in board:
                    one.seat = "NS" if one is lower else "EW"
            else:
                for index, one in enumerate(unknown):
                    one.seat = "NS" if index % 2 == 0 else "EW"


def _tables_differ(board: list[_Played]) -> bool:
    numbers = [one.game.tags.get("Table", "").strip() for one in board]
    return all(number.isdigit() for number in numbers) and len(set(map(int, numbers))) == 2


def _side_value(text: str, declarer: str | None, what: str) -> float:
    """A ``Score``/``ScoreIMP`` value as North-South's figure: ``"NS 420"``, ``"EW 50"``, or a
    bare number, which is the declaring side's (North-South's when no declarer is given)."""
    side = re.fullmatch(r"(NS|EW)?\s*([+-]?\d+(?:[.,]\d+)?)", text.strip().upper())
    if side is None:
        raise ValueError(f"invalid {what}: {text!r} (expected \"NS 420\", \"EW 50\" or a number)")
    value = parse_number(side.group(2))
    east_west = side.group(1) == "EW" or (side.group(1) is None and declarer in ("E", "W"))
    return -value if east_west else value


def _team_table(tags: dict[str, str], round_: str, home: str, away: str, board: int,
                seat: str) -> TeamTable:  # fmt: skip
    def tag(name: str) -> str | None:
        value = tags.get(name, "").strip()
        return None if value in ("", "?", "-") else value

    contract, declarer = tag("Contract"), tag("Declarer")
    if declarer is not None:
        declarer = declarer.upper()[:1]
        if declarer not in _DECLARERS:
            raise ValueError(f"invalid declarer: {tags.get('Declarer')!r}")
    score = tag("Score")
    adjusted = parse_adjusted(score, None) if score is not None else None
    ns_score: int | None = None
    passed = contract is not None and contract.upper() in ("PASS", "AP", "P", "PASSED")
    if adjusted is None:
        if score is not None and score.upper() not in NOT_PLAYED:
            ns_score = int(_side_value(score, declarer, "Score"))
        elif passed:
            ns_score = 0
    imps_text = tag("ScoreIMP")
    original = None
    if imps_text is not None:
        ns_imps = _side_value(imps_text, None, "ScoreIMP")
        original = ns_imps if seat == "NS" else -ns_imps
    return TeamTable(
        round=round_, home=home, away=away, board=board, home_seat=seat, ns_score=ns_score,
        adjusted=adjusted, contract=contract, declarer=None if passed else declarer,
        tricks=None if adjusted or passed else parse_tricks(tag("Result"), contract),
        original_home_imps=original,
    )


def _pairs_scoring(games: list[_Game]) -> str | None:
    """``"vp"`` when a pairs file's totals are victory points (a Swiss pairs event, whose
    matches go to VP: ``TotalScoreVP``), else None."""
    for game in games:
        for table in game.tables:
            if (table.name == "totalscoretable" and "pairid" in table.columns
                    and {"totalscorevp", "totalvp"} & table.columns.keys()):
                return "vp"
    return None


def _team_scoring(games: list[_Game]) -> str | None:
    for game in games:
        for table in game.tables:
            if table.name == "totalscoretable" and "teamid" in table.columns:
                if {"totalscorevp", "totalvp"} & table.columns.keys():
                    return "vp"
                if {"totalscoreimp", "totalimp"} & table.columns.keys():
                    return "imps"
    return None


def _team_totals(table: _Table, origin: str, column: str = "") -> list[tuple[str, float]]:
    """Each team's total (or the figure of ``column`` when given, e.g. ``"carriedvp"``)."""
    columns = table.columns
    if "teamid" not in columns:
        return []
    figure = column if column in columns else None if column else next(
        (name for name in ("totalscorevp", "totalvp", "totalscoreimp", "totalimp",
                           "totalscorebam", "totalbam", "totalscore")
         if name in columns), None)  # fmt: skip
    if figure is None:
        return []
    ranking = []
    for number, items in table.rows:
        if len(items) != table.width:
            raise PbnError(f"TotalScoreTable row has {len(items)} items for {table.width} "
                           f"columns: {' '.join(items)!r}", origin=origin, line=number)  # fmt: skip
        # Games name teams in HomeTeam/VisitTeam as the TeamName column does.
        key = "teamname" if "teamname" in columns else "teamid"
        team, value = items[columns[key]].strip(), items[columns[figure]].strip()
        if team in ("", "-") or value in ("", "-"):
            continue
        try:
            ranking.append((team, parse_number(value)))
        except ValueError as error:
            raise PbnError(str(error), origin=origin, line=number) from None
    return ranking
