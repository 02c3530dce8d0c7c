"""The print spool: printing never blocks scoring.

The console queues a job (the table cards, a round's slips, the standings, the pairs' guide cards,
a teams league's classification points) in the event file; a worker takes due jobs one at a time
and sends them to the configured printer, retrying a few times with growing pauses. A printer that
stays dead fails the job, which becomes an alert on the console instead of an error anywhere near a
table. The documents are the `printer` package's, built here from the event file as plain data;
which printer, paper width and print mode (the preview's picture, by default, or text in a code
page) and the paper's language (English, Indonesian or Polish: the printer package's labels worded
through the console's catalogs) are the event's `printer` setting, changed in the console and
audited. Every document takes the same way to paper (`printer.deliver`). A job keeps what it was
asked for (the round, the tables) and how it prints, so a retry prints the same thing the same way.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from typing import Any, TypeVar

from printer import (
    CODE_PAGES,
    DEFAULT_CODE_PAGE,
    DEFAULT_MODE,
    Document,
    GuideCardLabels,
    GuideRound,
    NextSeat,
    Offload,
    PrinterError,
    ResultsLabels,
    RoundSlip,
    RoundSlipLabels,
    SlipPair,
    StandingLine,
    StandingsField,
    TableCardLabels,
    deliver,
    find_profile,
    guide_card,
    parse_target,
    results_sheet,
    round_slip,
    run_here,
    table_card,
)

from ..errors import TravellerError, shown
from ..event.create import ROOMS
from ..event.numbering import RoundName, numbering
from ..event.players import pair_names
from ..event.venue import tables_here
from ..stages.inputs import is_competition
from ..store import SeatingRow, Store
from ..store import printing as sql
from ..table.terminals import table_url, urls
from ..teams.matches import is_teams
from ..texts import LANGUAGES, N_, Message, english, message, say, translate
from . import pkl, results
from .results_sheet import competition_sheet

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""Tries before a job fails and becomes an alert."""
RETRY_MS = 5_000
"""The pause before the second try; it doubles before each later one."""

FIELD_TITLES = {"NS": N_("North-South"), "EW": N_("East-West"), "ALL": N_("All pairs")}
SECTION_FIELD = N_("Section {section} {title}")
"""A field's title on a sheet of several sections: "Section A North-South"."""

K9_1_NOTE = N_("No psychic bids, no complex artificial systems (K9.1)")

DEFAULT_LANG = "en"
"""The paper's language of an event that has not chosen one."""

Labels = TypeVar("Labels", TableCardLabels, RoundSlipLabels, GuideCardLabels, ResultsLabels)


def worded(labels: Labels, lang: str) -> Labels:
    """`labels` (English, the printer package's) in `lang`; a label's `{name}` fields stay as
    they are for the printer package to fill in."""
    return type(labels)(**{f.name: translate(getattr(labels, f.name), lang)
                           for f in fields(labels)})


def table_card_documents(store: Store, only: Iterable[int] | None = None,
                         lang: str = DEFAULT_LANG) -> list[Document]:
    """One card per table: event, section, table number and the QR code of its terminal; a
    second card with the East-West terminal's QR code where East-West has its own."""
    chosen = None if only is None else set(only)
    base, name = store.setting("base_url", ""), store.setting("name", "")
    ew_urls = urls(store)
    # K9.1 is printed on the cards of the events that restrict systems.
    note = (translate(K9_1_NOTE, lang)
            if (store.setting("preset", {}) or {}).get("restricted_systems") else None)
    labels = worded(TableCardLabels(), lang)
    # A teams event's sections are the rooms of its matches: a card names its room.
    rooms = ({section: worded(TableCardLabels(section=ROOM_NAMES[room]), lang)
              for section, room in ROOMS.items()} if is_teams(store) else {})
    cards = []
    for t in tables_here(store):
        if chosen is None or t.number in chosen:
            mine = rooms.get(t.section, labels)
            cards.append(table_card(name, t.section, t.number, table_url(base, t.token),
                                    note=note, labels=mine))
            if (t.section, t.number) in ew_urls:
                cards.append(table_card(name, t.section, t.number,
                                        ew_urls[t.section, t.number], note=note,
                                        labels=mine, east_west=True))
    return cards


SESSION = N_("session {session}")


def stage_text(name: RoundName, lang: str) -> str:
    """A competition's stage as the paper names it: "final, session 2", "play-off, line 1";
    "" outside a competition."""
    if not name.stage:
        return ""
    parts = [name.stage]
    if name.match and name.match != name.stage:
        parts.append(name.match)
    if name.sessions and name.sessions > 1 and name.session:
        parts.append(translate(SESSION, lang).format(session=name.session))
    return ", ".join(parts)


def rounds_of(store: Store) -> int:
    """Rounds in the session: the movement's, or the seatings' when they say more."""
    seated = max((s.round for s in store.seatings()), default=0)
    return max(int((store.setting("movement", {}) or {}).get("rounds") or 0), seated)


def current_round(store: Store) -> int:
    """The first round not finished at every table (the last round once all are played)."""
    return max(1, min(results.completed_rounds(store) + 1, rounds_of(store)))


def _names(names: Mapping[tuple[str, int], list[str]], section: str, pair: int) -> SlipPair:
    return SlipPair(pair, tuple(names.get((section, pair), ())))


PAIRS_SLIP = RoundSlipLabels()
ROOM_NAMES = {"open": N_("Open room"), "closed": N_("Closed room")}
TEAMS_SLIP = {
    section: RoundSlipLabels(section=ROOM_NAMES[room], ns=N_("North-South: team {pair}"),
                             ew=N_("East-West: team {pair}"))
    for section, room in ROOMS.items()
}


def round_slip_documents(store: Store, number: int, only: Iterable[int] | None = None,
                         lang: str = DEFAULT_LANG) -> list[Document]:
    """One slip per table playing round `number`: its pairs, boards and the moves after it."""
    chosen = None if only is None else set(only)
    seatings = store.seatings()
    rounds, names, event = rounds_of(store), pair_names(store), store.setting("name", "")
    seats: dict[tuple[str, int], NextSeat] = {}
    for s in seatings:
        if s.round == number + 1:
            seats[s.section, s.ns_pair] = NextSeat(s.table_number, "NS")
            seats[s.section, s.ew_pair] = NextSeat(s.table_number, "EW")
    # A Swiss pairs its next round only when this one is over: nobody can be told where yet.
    drawn = {s.section for s in seatings if s.round == number + 1}
    # A teams event's sections are the rooms of its matches, and its pairs are teams.
    labels = ({section: worded(TEAMS_SLIP[section], lang) for section in ROOMS}
              if is_teams(store) else {})
    pairs_labels = worded(PAIRS_SLIP, lang)
    # Boards every table plays at once (a barometer, team matches) are done after the round.
    finished = (store.setting("movement", {}) or {}).get("kind") in (
        "barometer", "roundrobin", "swiss")
    room = numbering(store)
    docs = []
    for s in sorted((s for s in seatings if s.round == number),
                    key=lambda s: (s.section, s.table_number)):
        if chosen is not None and s.table_number not in chosen:
            continue
        # Numbered as in the room: the stage's round, the match's or session's boards.
        name = room.round(number, s.section, s.table_number)
        last = number >= rounds or (bool(name.stage) and name.number >= name.rounds)
        slip = RoundSlip(
            s.section, s.table_number, name.number, name.rounds if name.stage else rounds,
            _names(names, s.section, s.ns_pair), _names(names, s.section, s.ew_pair),
            tuple(room.number(b) for b in s.boards), ns_next=seats.get((s.section, s.ns_pair)),
            ew_next=seats.get((s.section, s.ew_pair)), boards_next_table=s.boards_next_table,
            moves_known=last or s.section in drawn, boards_finished=finished,
            stage=stage_text(name, lang))
        docs.append(round_slip(event, slip, labels=labels.get(s.section, pairs_labels)))
    return docs


def results_documents(store: Store, after_round: int,
                      lang: str = DEFAULT_LANG) -> list[Document]:
    """The standings of every section and field after `after_round`, on one sheet."""
    ranking = results.standings(store, up_to_round=after_round)
    sections = list(store.setting("sections", []) or []) or sorted(
        {row["section"] for rows in ranking.values() for row in rows}) or ["A"]
    fields = []
    for section in sections:
        for field_name in ("NS", "EW", "ALL"):
            if field_name not in ranking:
                continue
            title = translate(FIELD_TITLES[field_name], lang)
            if len(sections) > 1:
                title = translate(SECTION_FIELD, lang).format(section=section, title=title)
            rows = [r for r in ranking[field_name] if r["section"] == section]
            fields.append(StandingsField(title, tuple(_standing_lines(rows, lang))))
    return [results_sheet(store.setting("name", ""), after_round, rounds_of(store), fields,
                          labels=worded(ResultsLabels(), lang))]


def _standing_lines(rows: list[dict[str, Any]], lang: str) -> list[StandingLine]:
    lines: list[StandingLine] = []
    last: tuple[Any, str] | None = None
    for row in rows:
        # K17.3's last step is the one that decided (or says the pairs stay level); the
        # console shows every step. The pairs of one tie (level on percentage) share it:
        # it prints once, under the first of them.
        reasons = row.get("tie_messages") or row.get("tie") or [""]
        note = say(reasons[-1], lang)
        group = (row["percentage"], note)
        lines.append(StandingLine(int(row["rank"]), str(row["pair"]),
                                  tuple(row.get("names") or ()), row["matchpoints"],
                                  row["percentage"], "" if group == last else note))
        last = group
    return lines


def guide_card_documents(store: Store, lang: str = DEFAULT_LANG) -> list[Document]:
    """One guide card per pair: every round's table, direction, opponents and boards."""
    seatings = store.seatings()
    names, event = pair_names(store), store.setting("name", "")
    seat: dict[tuple[str, int, int], tuple[SeatingRow, str]] = {}
    for s in seatings:
        seat[s.section, s.round, s.ns_pair] = (s, "NS")
        seat[s.section, s.round, s.ew_pair] = (s, "EW")
    rounds = sorted({s.round for s in seatings})
    room = numbering(store)
    if room.last_advance is not None:
        # A competition's cards are the stage's in play: the rounds of its last advance.
        rounds = [r for r in rounds if r >= room.last_advance]
        seatings = [s for s in seatings if s.round >= room.last_advance]
    labels = worded(GuideCardLabels(), lang)
    docs = []
    for section in sorted({s.section for s in seatings}):
        pairs = sorted({p for s in seatings if s.section == section
                        for p in (s.ns_pair, s.ew_pair)})
        for pair in pairs:
            lines = []
            for number in rounds:
                found = seat.get((section, number, pair))
                if found is None:
                    lines.append(GuideRound(room.round(number, section).number, None, None,
                                            None, ()))
                    continue
                here, direction = found
                opponent = here.ew_pair if direction == "NS" else here.ns_pair
                lines.append(GuideRound(room.round(number, section, here.table_number).number,
                                        here.table_number, direction, opponent,
                                        tuple(room.number(b) for b in here.boards)))
            stage = stage_text(room.round(rounds[0], section), lang) if rounds else ""
            docs.append(guide_card(event, section, _names(names, section, pair), lines,
                                   labels=labels, stage=stage))
    return docs


DocumentBuilder = Callable[[Store, Mapping[str, Any], str], list[Document]]

DOCUMENTS: dict[str, DocumentBuilder] = {
    N_("table-cards"): lambda store, o, lang: table_card_documents(store, o.get("tables"), lang),
    N_("round-slips"): lambda store, o, lang: round_slip_documents(store, o["round"],
                                                                  o.get("tables"), lang),
    N_("results"): lambda store, o, lang: (
        competition_sheet(store, int(time.time() * 1000), lang)
        if is_competition(store) else results_documents(store, o["round"], lang)),
    N_("guide-cards"): lambda store, o, lang: guide_card_documents(store, lang),
    N_("pkl"): lambda store, o, lang: pkl.documents(store, int(time.time() * 1000), lang),
}
"""Every document the spool and `traveller print` know, by name, with its builder, which words
it in the language it is given (the name is also how the console lists it, translated)."""


def document_options(store: Store, document: str, asked: Mapping[str, Any]) -> dict[str, Any]:
    """What `document` is printed with, checked, defaults filled in: `round` for the slips
    (the current round) and the standings (the last finished round); `tables` for cards
    and slips (every table)."""
    if document not in DOCUMENTS:
        raise TravellerError("unknown_document", f"unknown document: {shown(document)} "
                             f"(known: {', '.join(DOCUMENTS)})", 404)
    if document == "pkl" and not is_teams(store):
        raise TravellerError("not_teams", "classification points (D8) are a teams league's: "
                             "this is a pairs event", 409)
    options: dict[str, Any] = {}
    if document in ("round-slips", "results"):
        options["round"] = _round(store, document, asked.get("round"))
    tables = asked.get("tables")
    if document in ("table-cards", "round-slips") and tables is not None:
        try:
            options["tables"] = sorted({int(t) for t in tables})
        except (TypeError, ValueError):
            raise TravellerError("invalid_tables", f"invalid tables: {shown(tables)}") from None
    return options


def _round(store: Store, document: str, asked: Any) -> int:
    rounds, finished = rounds_of(store), results.completed_rounds(store)
    if asked is None or str(asked).strip() == "":
        if document == "round-slips":
            return current_round(store)
        if finished == 0:
            raise TravellerError("no_round_finished", "no round is finished yet: the standings "
                                 "print once every table has played round 1", 409)
        return finished
    try:
        number = int(str(asked).strip())
    except ValueError:
        raise TravellerError("invalid_round",
                             f"invalid round: {shown(asked)} (a round number, e.g. 2)") from None
    if not 1 <= number <= rounds:
        raise TravellerError("unknown_round", f"there is no round {number}: the event plays "
                             f"rounds 1 to {rounds}", 404)
    if document == "results" and number > finished:
        done = f"rounds 1 to {finished}" if finished else "no round yet"
        raise TravellerError("round_not_finished", f"round {number} is not finished at every "
                             f"table: the standings print after {done}", 409)
    return number


def describe(job: Mapping[str, Any]) -> str:
    """A job's document as the console lists it: "round-slips, round 2"."""
    return english(describe_message(job))


def describe_message(job: Mapping[str, Any]) -> Message:
    """`describe` as a message to translate (`server.texts`)."""
    options = json.loads(job.get("options") or "{}")
    what = message(str(job["document"]))
    if "round" in options:
        what = message(N_("%(what)s, after round %(round)s") if job["document"] == "results"
                       else N_("%(what)s, round %(round)s"), what=what, round=options["round"])
    if options.get("tables"):
        what = message(N_("%(what)s, tables %(tables)s"), what=what,
                       tables=", ".join(map(str, options["tables"])))
    return what


def documents(store: Store, document: str, options: Mapping[str, Any],
              lang: str = DEFAULT_LANG) -> list[Document]:
    """The documents a job prints, built from the event file as it is now, in `lang`."""
    if document not in DOCUMENTS:
        raise TravellerError("unknown_document", f"unknown document: {shown(document)}", 404)
    return DOCUMENTS[document](store, options, paper_language(lang))


def paper_language(lang: str) -> str:
    """`lang` checked: one of LANGUAGES' codes (case and spaces forgiven)."""
    code = str(lang).strip().lower()
    if code not in LANGUAGES:
        raise TravellerError("unknown_language", f"unknown paper language: {shown(lang)} "
                             f"(known: {', '.join(LANGUAGES)})")
    return code


PRINTER_DEFAULTS = {"profile": "80mm", "mode": DEFAULT_MODE.value, "code_page": DEFAULT_CODE_PAGE,
                    "lang": DEFAULT_LANG}
"""The paper, the print mode, text mode's code page and the paper's language of an event that
has not chosen."""

CODE_PAGE_NAMES = tuple(CODE_PAGES)
"""The code pages the console offers for text mode, most useful first."""

HOW = ("mode", "code_page", "lang")
"""How a job prints, kept in its options beside what it prints."""


def printer_settings(store: Store) -> dict[str, Any]:
    saved = store.setting("printer", {}) or {}
    return {"target": saved.get("target"),
            **{key: saved.get(key, default) for key, default in PRINTER_DEFAULTS.items()}}


def set_printer(store: Store, target: str, profile: str, actor: str, why: str = "",
                mode: str = DEFAULT_MODE.value,
                code_page: str = DEFAULT_CODE_PAGE, lang: str = DEFAULT_LANG) -> dict[str, Any]:
    """Check and store the printer (`network:HOST[:PORT]`, `usb:VID:PID`, `serial:DEV`, `file:`),
    its paper, how it prints (`raster`, every language, or `text` on `code_page`) and the
    paper's language (`en`, `id` or `pl`)."""
    try:
        words = paper_language(lang.strip() or DEFAULT_LANG)
    except TravellerError as exc:
        raise TravellerError("invalid_printer", exc.error) from None
    try:
        parsed = parse_target(target.strip())
        paper = find_profile(profile.strip() or PRINTER_DEFAULTS["profile"],
                             mode.strip() or DEFAULT_MODE.value,
                             code_page.strip() or DEFAULT_CODE_PAGE)
    except ValueError as exc:
        raise TravellerError("invalid_printer", str(exc)) from None
    value = {"target": str(parsed), "profile": paper.name, "mode": paper.mode.value,
             "code_page": paper.code_page.name, "lang": words}
    with store.write() as db:
        store.put_setting(db, "printer", value, actor=actor, why=why or "printer set up")
    return value


def queue(store: Store, document: str, now_ms: int, actor: str,
          options: Mapping[str, Any] | None = None) -> int:
    """Queue a document for the configured printer; returns the job's id.

    `options` are checked now (`document_options`), so a bad round is refused at the console
    and nothing is queued."""
    chosen = document_options(store, document, options or {})
    printer = printer_settings(store)
    if not printer["target"]:
        raise TravellerError("no_printer", "set up a printer first", 409)
    chosen.update({key: printer[key] for key in HOW})
    with store.write() as db:
        return sql.enqueue(store, db, {"document": document, "target": printer["target"],
                                       "profile": printer["profile"], "created_ms": now_ms,
                                       "next_try_ms": now_ms,
                                       "options": json.dumps(chosen, sort_keys=True)}, actor)


def run_due(store: Store, now_ms: int, offload: Offload = run_here) -> dict[str, Any] | None:
    """Print the oldest due job, if any, and record how it went; drawing a raster job's
    pictures (tens of milliseconds a document) goes to `offload`, away from the tables."""
    with store.read() as db:
        job = sql.due(db, now_ms)
    if job is None:
        return None
    try:
        # Checked again: the event may have been reshaped since the job was queued.
        asked = json.loads(job.get("options") or "{}")
        how = {key: asked.pop(key, PRINTER_DEFAULTS[key]) for key in HOW}
        lang = how.pop("lang")
        docs = documents(store, job["document"], document_options(store, job["document"], asked),
                         lang)
        deliver(docs, parse_target(job["target"]), find_profile(job["profile"], **how),
                offload=offload)
    except (PrinterError, ValueError, OSError, TravellerError) as exc:
        tries = job["attempts"] + 1
        # A document that cannot be built (its round reshaped away) will not print on a retry.
        status = "failed" if tries >= ATTEMPTS or isinstance(exc, TravellerError) \
            else "retrying"
        pause = None if status == "failed" else now_ms + RETRY_MS * 2 ** (tries - 1)
        with store.write() as db:
            sql.finish(store, db, job["id"], status, str(exc), now_ms, pause)
        return {**job, "status": status, "error": str(exc)}
    with store.write() as db:
        sql.finish(store, db, job["id"], "done", None, now_ms, None)
    return {**job, "status": "done"}


def work(store: Store, sleep: Any, stop: Any = None, interval: float = 2.0,
         offload: Offload = run_here) -> None:
    """The worker's loop: print what is due, then wait; `sleep` is the server's (gevent) sleep
    and `offload` its thread pool."""
    while stop is None or not stop():
        try:
            while run_due(store, int(time.time() * 1000), offload) is not None:
                pass
        except Exception:
            log.exception("the print worker failed; it goes on")
        sleep(interval)
