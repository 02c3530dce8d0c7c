"""Exporting an event's results: USEBIO, PBN, CSV or a static site, from the stored entries
scored as the results pages score them.

:func:`export_event` gathers the event into the plain values of
:mod:`server.formats.interchange` (a pairs session: every entry with its matchpoints and the
rankings with their tie-breaks; a teams event: every match with its IMPs and VPs, each table's
result and the ranking; a competition: the same stage by stage, :mod:`.export_stages`) and
hands them to a writer of :mod:`server.formats`; a teams league's CSV adds its players'
classification points (:mod:`.pkl`, D8). :func:`write_export` puts the result on disk
for ``traveller export``; the console serves the same bytes.

An export answers at every moment of an event: anything that goes wrong while the results are
gathered or written is an :class:`ExportError` (a :class:`TravellerError`, one line for the
command, the envelope for the console), never a traceback.
"""

from __future__ import annotations

import io
import logging
import time
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import TravellerError
from ..event.players import known
from ..formats.csv_write import write_csv
from ..formats.interchange import (
    ExportEvent,
    PairLine,
    PairsEvent,
    PairStanding,
    StageResult,
    TeamMatchResult,
    TeamsEvent,
    TeamStanding,
    TeamTableResult,
)
from ..formats.pbn_write import write_pbn
from ..formats.site_write import write_site
from ..formats.usebio_write import write_usebio
from ..stages.inputs import is_competition
from ..stages.view import current
from ..store import Store
from ..store import players as players_sql
from ..teams import lineups
from ..teams.matches import (
    Match,
    is_teams,
    match_summary,
    matches,
    names,
    options,
    segment_of,
    segments_at,
)
from . import export_stages, pkl, team_results
from .results import entries, score, shown_boards, shown_deals

log = logging.getLogger(__name__)

FORMATS = ("usebio", "pbn", "csv", "html")
"""The formats :func:`export_event` writes."""
SUFFIX = {"usebio": ".xml", "pbn": ".pbn"}


class ExportError(TravellerError):
    """An export that could not be made: the event's results could not be gathered or
    written (the reason, in one line)."""


def pairs_event(store: Store, public: bool = False) -> PairsEvent:
    """A pairs session as plain values: every entry played or adjusted, and the rankings;
    `public`: as the public results pages show it (a board held back until every table that
    plays it has played it, counted as the average in the rankings)."""
    scored = score(store, public=public)
    seated = _who_sat(store)
    lines = []
    for entry in scored.entries:
        if not entry.scored or scored.held_back(entry.key.board):
            continue
        figures = scored.figures.get(entry.key)
        result = entry.result if entry.adjustment is None else None
        ns = figures.ns if figures else None
        ew = figures.ew if figures else None
        lines.append(PairLine(
            section=entry.key.section, round=entry.key.round, table=entry.key.table_number,
            board=entry.key.board, ns=entry.ns_pair, ew=entry.ew_pair,
            contract=result.contract if result else None,
            declarer=result.declarer if result else None,
            tricks=result.tricks if result else None, lead=result.lead if result else None,
            ns_score=result.ns_score if result else None,
            adjusted=export_stages.adjusted_percents(entry.adjustment),
            ns_mp=ns.matchpoints if ns else None, ew_mp=ew.matchpoints if ew else None,
            ns_pct=ns.percentage if ns else None, ew_pct=ew.percentage if ew else None,
            players=seated.get((entry.key.section, entry.key.table_number, entry.key.round)),
            played_on=_played_on(result.entered_ms) if result else ""))
    lines.sort(key=lambda x: (x.section, x.board, x.round, x.table))
    standings = [PairStanding(section=row["section"], pair=int(row["pair"]), field=field,
                              rank=row["rank"], names=tuple(row["names"]), boards=row["boards"],
                              matchpoints=row["matchpoints"], percentage=row["percentage"])
                 for field, rows in scored.standings.items() for row in rows]  # fmt: skip
    sections = tuple(sorted({s.section for s in store.seatings()}))
    return PairsEvent(title=store.setting("name", "") or "", sections=sections,
                      standings=tuple(standings), lines=tuple(lines))  # fmt: skip


Seats = tuple[str, str, str, str]
"""North, East, South and West by name."""


def _namer(store: Store) -> Callable[[dict[str, Any]], Seats]:
    """The seats of a row of `table_players` by name: a number not on the players' list as
    "#number", a seat not given as "?"."""
    listed = known(store)

    def name(player: str | None) -> str:
        if not player:
            return "?"
        return listed[player]["name"] if player in listed else f"#{player}"

    return lambda row: (name(row["north"]), name(row["east"]), name(row["south"]),
                        name(row["west"]))


def _who_sat(store: Store) -> dict[tuple[str, int, int], Seats]:
    """Who sat North, East, South and West at each (section, table, round) whose table said
    so, by name."""
    seats = _namer(store)
    return {(row["section"], row["table_number"], row["round"]): seats(row)
            for row in players_sql.seatings(store)}


def _room_seats(store: Store) -> Callable[[Match], Callable[[str, int], Seats | None]]:
    """For a match, who sat North, East, South and West in a room ("O", "C") on one of its
    boards, by name: the room's line-up that stands for the board's segment (its own, its
    part's, else the match's, as D8.2 counts a player's boards); None where the room gave
    none. The match's parts are worked out once, not for each board."""
    seats = _namer(store)
    given = lineups.standing(players_sql.lineups(store))
    rules = lineups.lineup_rules(store)

    def of_match(match: Match) -> Callable[[str, int], Seats | None]:
        parts = rules.parts(len(match.boards), segments_at(store, match.round, match.table))

        def seated(room: str, board: int) -> Seats | None:
            segment = min(segment_of(match.boards, board, len(parts)), len(parts))
            row = lineups.lineup_of(given.get((room, match.table, match.round), {}), segment,
                                    parts[segment - 1])
            return None if row is None else seats(row)

        return seated

    return of_match


def _played_on(entered_ms: int) -> str:
    """The venue's day of a result entered at `entered_ms`, as PBN writes a date."""
    return time.strftime("%Y.%m.%d", time.localtime(entered_ms / 1000))


def teams_event(store: Store, now_ms: int) -> TeamsEvent:
    """A teams event as plain values: its matches, each table's result, the ranking."""
    team_names = names(store)
    adjusted = {(a["section"], a["table_number"], a["round"], a["board"]): a
                for a in _adjustments(store)}  # fmt: skip
    out_matches, tables = [], []
    room_seats = _room_seats(store)
    for match in matches(store, now_ms):
        if not match.open and not match.closed:
            continue  # not started: nothing to export
        seated = room_seats(match)
        summary = match_summary(store, match)
        board_imps = tuple(b["home_imps"] for b in summary["boards"])
        vp = summary["vp"]
        out_matches.append(TeamMatchResult(
            round=match.round, table=match.table, home=match.home, away=match.away,
            boards=tuple(match.boards), board_imps=board_imps,
            home_imps=summary["home_imps"], away_imps=summary["away_imps"],
            home_vp=vp[0] if vp else None, away_vp=vp[1] if vp else None))
        for room, seat, results in (("O", "NS", match.open), ("C", "EW", match.closed)):
            for board in match.boards:
                adjustment = adjusted.get((room, match.table, match.round, board))
                result = results.get(board)
                if adjustment is None and result is None:
                    continue
                percents = export_stages.adjusted_percents(adjustment)
                played = result if adjustment is None else None
                tables.append(TeamTableResult(
                    round=match.round, table=match.table, home=match.home, away=match.away,
                    board=board, home_seat=seat,
                    contract=played.contract if played else None,
                    declarer=played.declarer if played else None,
                    tricks=played.tricks if played else None,
                    lead=played.lead if played else None,
                    ns_score=played.ns_score if played else None, adjusted=percents,
                    players=seated(room, board),
                    played_on=_played_on(played.entered_ms) if played else ""))
    # A competition ranks stage by stage (`export_stages`): no one VP table of the event.
    ranking = ({"teams": []} if is_competition(store)
               else team_results.standings(store, now_ms))
    standings = [TeamStanding(team=row["team"], name=team_names.get(row["team"],
                                                                   f"Team {row['team']}"),
                              rank=row["rank"], vp=row["vp"], imps_won=row["imps_won"],
                              imps_lost=row["imps_lost"], players=())
                 for row in ranking["teams"]]  # fmt: skip
    return TeamsEvent(title=store.setting("name", "") or "", swiss=options(store)["kind"] ==
                      "swiss", standings=tuple(standings), matches=tuple(out_matches),
                      tables=tuple(tables))  # fmt: skip


def _adjustments(store: Store) -> list[dict[str, Any]]:
    from ..store import rulings as sql

    return list(sql.adjustments(store))


def event_values(store: Store, now_ms: int | None = None,
                 public: bool = False) -> ExportEvent:
    """The event as the writers take it, with the hand records the results may show; a
    competition stage by stage (:func:`server.publish.export_stages.competition_event`).
    `public`: what the public results pages show, for the results site on the web: a pairs
    board's results only once every table that plays it has played it (`results.score`), a
    teams board's only once both rooms of its match have."""
    now = int(time.time() * 1000) if now_ms is None else now_ms
    event: ExportEvent
    if is_teams(store):
        event = teams_event(store, now)
    else:
        event = pairs_event(store, public=public)
    event = replace(event, deals={board: deal.pbn()
                                  for board, deal in shown_deals(store).items()})
    if is_competition(store):
        event = export_stages.competition_event(store, event, now)
    if public:
        event = _held_back(event, shown_boards(entries(store)))
    return event


def _held_back(event: ExportEvent, shown: set[int]) -> ExportEvent:
    """`event` without the results the public may not see yet: a pairs line of a board not in
    `shown` (a Swiss pairs stage's lines come from the entries, not the public scoring), a
    teams board played in one room of its match only."""
    if isinstance(event, PairsEvent):
        event = replace(event, lines=tuple(x for x in event.lines if x.board in shown))
    else:
        rooms: dict[tuple[int, int, int], set[str]] = {}
        for t in event.tables:
            rooms.setdefault((t.round, t.table, t.board), set()).add(t.home_seat)
        event = replace(event, tables=tuple(
            t for t in event.tables if len(rooms[t.round, t.table, t.board]) == 2))
    return replace(event, stages=tuple(
        replace(stage, results=_held_back(stage.results, shown))
        if stage.results is not None else stage for stage in event.stages))


def stage_values(store: Store, now_ms: int | None = None) -> tuple[StageResult, ...]:
    """A competition's stages that have begun (:func:`export_stages.stage_values`); nothing
    for an event that is not a competition."""
    if not is_competition(store):
        return ()
    view = current(store, int(time.time() * 1000) if now_ms is None else now_ms).view
    return export_stages.stage_values(view)


def export_event(store: Store, fmt: str, now_ms: int | None = None,
                 event: ExportEvent | None = None) -> dict[str, bytes]:
    """The files of the export in ``fmt`` (one of :data:`FORMATS`), by file name: one file for
    USEBIO (``results.xml``) and PBN (``results.pbn``), several for CSV, a folder's worth for
    HTML (a static site: ``index.html``, then ``en/``, ``id/``, ``pl/``). ``event``: the event
    as :func:`event_values` gave it, to write several formats of one moment."""
    if fmt not in FORMATS:
        raise TravellerError("invalid_format",
                             f"unknown export format {fmt!r} (one of {', '.join(FORMATS)})")
    try:
        return _files(store, fmt, now_ms, event)
    except TravellerError:
        raise
    except Exception as exc:
        # A fault of ours, not of the event: one line to whoever asked, the traceback kept
        # as the cause (the console's download logs it for the director's laptop).
        raise ExportError("export_failed", f"the {fmt.upper()} export could not be made: "
                          f"{type(exc).__name__}: {exc}"[:300], 500) from exc


def _files(store: Store, fmt: str, now_ms: int | None,
           event: ExportEvent | None) -> dict[str, bytes]:
    event = event_values(store, now_ms) if event is None else event
    if fmt == "usebio":
        return {"results.xml": write_usebio(event)}
    if fmt == "pbn":
        return {"results.pbn": write_pbn(event).encode("utf-8")}
    pages = (write_csv(event) if fmt == "csv"
             else write_site(event, shown_deals(store), event.stages))
    if fmt == "csv" and is_teams(store) and pkl.premium_table(store) is not None:
        # D8: the players' classification points, for the federation's central ranking.
        pages[pkl.FILE_NAME] = pkl.csv_text(store, int(time.time() * 1000)
                                            if now_ms is None else now_ms)
    return {name: text.encode("utf-8") for name, text in pages.items()}


def write_export(store: Store, fmt: str, out: str | Path) -> list[Path]:
    """Write the export to ``out``: the file itself for USEBIO and PBN, a folder (created when
    needed) for CSV and HTML. Returns the paths written."""
    files = export_event(store, fmt)
    target = Path(out)
    if fmt in ("csv", "html"):
        if target.exists() and not target.is_dir():
            raise TravellerError("not_a_folder", f"{str(target)!r} is a file: {fmt.upper()} "
                                 "export writes a folder of files")  # fmt: skip
        written = []
        for name, data in files.items():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_bytes(data)
            written.append(target / name)
        return written
    if target.is_dir():
        raise TravellerError("is_a_folder", f"{str(target)!r} is a folder: give the file to "
                             "write")  # fmt: skip
    (data,) = files.values()
    target.write_bytes(data)
    return [target]


MEDIA = {"usebio": "application/xml", "pbn": "text/plain; charset=utf-8"}


def download(store: Store, fmt: str, now_ms: int | None = None) -> tuple[str, bytes, str]:
    """The export as one download: ``(file name, bytes, media type)``; CSV's files and the
    HTML site in a zip. An export that cannot be made is logged with its traceback."""
    try:
        files = export_event(store, fmt, now_ms)
    except ExportError as exc:
        log.error("the %s export failed", fmt, exc_info=exc.__cause__)
        raise
    if len(files) == 1:
        ((name, data),) = files.items()
        return name, data, MEDIA[fmt]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return f"results-{fmt}.zip", buffer.getvalue(), "application/zip"
