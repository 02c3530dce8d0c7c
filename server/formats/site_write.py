"""Writing an event's results as a static site: plain HTML pages that work opened from a folder.

Every page stands alone (its style inline, no script, no server, links relative), so the site
works from a USB stick, a zip unpacked anywhere, or any web host. The site has one folder per
language (``en``, ``id``, ``pl``) with the same pages in each, and an ``index.html`` at the top
that lists the languages. A pairs session: ``index.html`` (each field's ranking and the list of
travellers), ``board-A-1.html`` (a board's traveller) and ``pair-A-7.html`` (a pair's personal
scorecard). A teams event: ``index.html`` (the standings and the matches), ``match-1-2.html``
(round 1, match table 2, board by board) and ``team-3.html`` (a team's matches). A competition
adds a page per stage, ``stage-ID.html`` (its groups' standings, its Butler ranking where it
keeps one (D4.1, D5.2; League II's also over all its groups, with what it holds), its matches:
a knock-out's with IMPs, carry-over and winner, never VP, and who qualified where or the final
places it gave), listed on the index; its index lists the matches stage by stage (or the
travellers), and every team's or pair's page its matches or boards of every stage. Each session
of a competition numbers its boards from 1, so a board is named by where it was played, as the
results pages name it: its page ("preliminary · session 2 · Board 1"), its link (the index lists
the travellers session by session, and group by group) and its line of a scorecard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from html import escape

from server.formats.deals import Deal
from server.formats.hand_html import diagram
from server.formats.interchange import (
    ExportEvent,
    PairLine,
    PairsEvent,
    StageResult,
    TeamMatchResult,
    TeamsEvent,
    TeamTableResult,
)

EACH_MATCH = "Each match's boards"
SESSION = "session %(session)s"
GROUP = "Group %(group)s"
"""A competition's board is named by its stage, session and group, as the results pages name
it ("preliminary · session 2 · Board 1")."""
BUTLER_HOLDS = "%(groups)s of %(of)s groups, up to match %(round)s of %(rounds)s"
"""The heading of a stage page's list of matches, each linked to its boards."""
LANGUAGES = {"en": "English", "id": "Bahasa Indonesia", "pl": "Polski"}

_WORDS: dict[str, tuple[str, str]] = {  # English: (Indonesian, Polish)
    "Results": ("Hasil", "Wyniki"),
    "North-South": ("Utara-Selatan", "Północ-Południe"),
    "East-West": ("Timur-Barat", "Wschód-Zachód"),
    "All pairs": ("Semua pasangan", "Wszystkie pary"),
    "Rank": ("Peringkat", "Miejsce"),
    "Pair": ("Pasangan", "Para"),
    "Players": ("Pemain", "Zawodnicy"),
    "Boards": ("Board", "Rozdania"),
    "Board": ("Board", "Rozdanie"),
    "Travellers:": ("Traveller:", "Protokoły:"),
    "Traveller": ("Traveller", "Protokół"),
    "Scorecard": ("Kartu skor", "Karta wyników"),
    "Table": ("Meja", "Stół"),
    "Round": ("Ronde", "Runda"),
    "Contract": ("Kontrak", "Kontrakt"),
    "By": ("Oleh", "Rozgrywający"),
    "Tricks": ("Trik", "Lewy"),
    "Lead": ("Lead", "Wist"),
    "Score": ("Skor", "Zapis"),
    "Opponent": ("Lawan", "Przeciwnik"),
    "Adjusted score": ("Skor disesuaikan", "Wynik sędziowski"),
    "Standings": ("Klasemen", "Klasyfikacja"),
    "Team": ("Tim", "Drużyna"),
    "Matches": ("Pertandingan", "Mecze"),
    "Match": ("Pertandingan", "Mecz"),
    "IMPs won": ("IMP menang", "IMP zdobyte"),
    "IMPs lost": ("IMP kalah", "IMP stracone"),
    "IMPs": ("IMP", "IMP"),
    "Home": ("Tuan rumah", "Gospodarze"),
    "Away": ("Tamu", "Goście"),
    "Open": ("Terbuka", "Otwarta"),
    "Closed": ("Tertutup", "Zamknięta"),
    "Back to the results": ("Kembali ke hasil", "Powrót do wyników"),
    "not played in both rooms": ("belum dimainkan di kedua ruang", "nie rozegrane w obu pokojach"),
    "Rankings per stage": ("Peringkat per tahap", "Klasyfikacje etapów"),
    "Stage": ("Tahap", "Etap"),
    "Group": ("Grup", "Grupa"),
    "Name": ("Nama", "Nazwa"),
    "kept": ("dibawa", "przeniesione"),
    "in progress": ("sedang berlangsung", "w toku"),
    "complete": ("selesai", "zakończony"),
    "Qualified": ("Lolos", "Awans"),
    "Final places": ("Peringkat akhir", "Miejsca końcowe"),
    "Decided": ("Keputusan", "Rozstrzygnięcia"),
    "Why": ("Alasan", "Powód"),
    "Carry-over": ("Carry-over", "Przeniesienie"),
    "Winner": ("Pemenang", "Zwycięzca"),
    "Butler ranking": ("Peringkat Butler", "Ranking Butlera"),
    "IMPs a board": ("IMP per board", "IMP na rozdanie"),
    "Butler ranking over all groups": ("Peringkat Butler gabungan semua grup",
                                       "Łączny ranking Butlera wszystkich grup"),
    BUTLER_HOLDS: ("%(groups)s dari %(of)s grup, sampai pertandingan %(round)s dari %(rounds)s",
                   "%(groups)s z %(of)s grup, do meczu %(round)s z %(rounds)s"),
    "Extra boards": ("Board tambahan", "Dogrywka"),
    "Total": ("Total", "Razem"),
    EACH_MATCH: ("Board tiap pertandingan", "Rozdania meczów"),
    SESSION: ("sesi %(session)s", "sesja %(session)s"),
    GROUP: ("Grup %(group)s", "Grupa %(group)s"),
}  # fmt: skip

STYLE = ("body{font:16px/1.4 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}"
         "table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{padding:.2rem .6rem;"
         "border-bottom:1px solid #ccc;text-align:right}th:nth-child(2),td.name{text-align:left}"
         "nav{margin:.5rem 0}nav a{margin-right:1rem}.adj{color:#a40}"
         ".wide{overflow-x:auto}")  # fmt: skip


def words(lang: str) -> dict[str, str]:
    """The site's words in ``lang`` (``en``, ``id`` or ``pl``), keyed by their English."""
    index = {"id": 0, "pl": 1}.get(lang)
    return {key: key if index is None else pair[index] for key, pair in _WORDS.items()}


def _figure(value: float | None, places: int = 2) -> str:
    if value is None:
        return "–"
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _page(lang: str, title: str, body: Iterable[str], here: str) -> str:
    languages = " ".join(f'<a href="../{code}/{here}" lang="{code}">{name}</a>'
                         for code, name in LANGUAGES.items())  # fmt: skip
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>\n"
            f'<nav data-testid="languages">{languages}</nav>\n' + "\n".join(body)
            + "\n</body>\n</html>\n")  # fmt: skip


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], testid: str) -> str:
    heading = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "\n".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                     for row in rows)  # fmt: skip
    # A wide table scrolls on its own on a phone, and the page does not.
    return (f'<div class="wide"><table data-testid="{testid}"><thead><tr>{heading}</tr></thead>'
            f"\n<tbody>\n{body}\n</tbody></table></div>")


def _result(contract: str | None, declarer: str | None, tricks: int | None,
            adjusted: tuple[float, float] | None, w: dict[str, str]) -> list[str]:  # fmt: skip
    if adjusted is not None:
        return [f'<span class="adj">{escape(w["Adjusted score"])} '
                f"{_figure(adjusted[0])}% / {_figure(adjusted[1])}%</span>", "", ""]
    passed = contract is not None and contract.upper() == "PASS"
    return [escape(contract or "–"), escape("" if passed else declarer or ""),
            "" if passed or tricks is None else str(tricks)]


def write_site(event: ExportEvent, hands: Mapping[int, Deal] | None = None,
               stages: Sequence[StageResult] = ()) -> dict[str, str]:
    """The site's pages by their path in the site's folder (``"en/index.html"``...); ``hands``
    are the hand records to show, by board; ``stages`` a competition's stages, each on its own
    page (``stage-ID.html``) linked from the index."""
    pages = {"index.html": _languages(event.title)}
    hands = hands or {}
    stages = stages or event.stages
    for lang in LANGUAGES:
        w = words(lang)
        more = _stage_links(stages, w)
        found = (_pairs(event, lang, w, hands, more) if isinstance(event, PairsEvent)
                 else _teams(event, lang, w, hands, more))
        for stage in stages:
            page = _stage_page(stage)
            found[page] = _page(lang, f"{event.title}: {stage.name}",
                                _stage(event.title, stage, w), page)
        pages.update({f"{lang}/{name}": text for name, text in found.items()})
    return pages


# --- a competition's stages ------------------------------------------------------------------


def _stage_page(stage: StageResult) -> str:
    return f"stage-{''.join(c if c.isalnum() or c in '-_' else '_' for c in stage.id)}.html"


def _stage_links(stages: Sequence[StageResult], w: dict[str, str]) -> list[str]:
    if not stages:
        return []
    items = "\n".join(
        f'<li><a href="{_stage_page(s)}">{escape(s.name)}</a> '
        f"({escape(w['complete'] if s.complete else w['in progress'])})</li>" for s in stages)
    return [f"<h2>{escape(w['Rankings per stage'])}</h2>",
            f'<ul data-testid="stages">\n{items}\n</ul>']


def _stage(title: str, stage: StageResult, w: dict[str, str]) -> list[str]:
    back = f'<p><a href="index.html">{escape(w["Back to the results"])}</a></p>'
    body = [back, f"<h1>{escape(title)}</h1>",
            f"<h2>{escape(w['Stage'])}: {escape(stage.name)} "
            f"({escape(w['complete'] if stage.complete else w['in progress'])})</h2>"]
    for group in stage.groups:
        if group.name:
            body.append(f"<h3>{escape(w['Group'])} {escape(group.name)}</h3>")
        if group.lines:
            percent = any(line.percent is not None for line in group.lines)
            head = [w["Rank"], w["Name"], "%" if percent else "VP"]
            if not percent:
                head.append(f"VP {w['kept']}")
            rows = []
            for line in group.lines:
                row = [f"{line.place}{'=' if line.shared else ''}", escape(line.name),
                       _pct(line.percent) if percent else _figure(line.vp)]
                if not percent:
                    row.append(_figure(line.carried_vp) if line.carried_vp else "")
                rows.append(row)
            body.append(_table(head, rows, f"stage-{group.name or 'all'}"))
        if group.butler:
            body.append(f"<h4>{escape(w['Butler ranking'])} (D4.1, D5.2)</h4>")
            body.append(_table(
                [w["Rank"], w["Team"], w["Pair"], w["Boards"], w["IMPs"], w["IMPs a board"]],
                ([str(b.place) if b.place is not None else "–", escape(b.name),
                  escape(b.pair), str(b.boards), _figure(b.imps),
                  f"{round(b.per_board, 2) + 0.0:+.2f}"]
                 for b in group.butler), f"butler-{group.name or 'all'}"))
    holds = stage.butler_holds
    if holds is not None:
        figures = {"groups": holds.groups, "of": holds.of, "round": holds.up_to_round,
                   "rounds": holds.rounds}
        body.append(f"<h3>{escape(w['Butler ranking over all groups'])} (D5.2)</h3>")
        body.append(f'<p data-testid="butler-holds">{escape(w[BUTLER_HOLDS] % figures)}</p>')
        body.append(_table(
            [w["Rank"], w["Team"], w["Pair"], w["Group"], w["Boards"], w["IMPs"],
             w["IMPs a board"]],
            ([str(b.place) if b.place is not None else "–", escape(b.name), escape(b.pair),
              escape(b.group), str(b.boards), _figure(b.imps),
              f"{round(b.per_board, 2) + 0.0:+.2f}"]
             for b in stage.butler_combined), "butler-combined"))
    if stage.matches:
        body.append(f"<h3>{escape(w['Matches'])}</h3>")
        body.append(_table(
            [w["Round"], w["Home"], w["Away"], w["Carry-over"], w["IMPs"], w["Total"],
             w["Extra boards"], w["Winner"]],
            ([escape(m.round), escape(m.home), escape(m.away),
              # The IMPs and the team they go to (the home team's when positive).
              f"{_figure(abs(m.carry_over))} {escape(m.home if m.carry_over > 0 else m.away)} "
              f"{escape(m.carry_over_rule)}".strip() if m.carry_over else "",
              f"{_figure(m.imps[0])} – {_figure(m.imps[1])}",
              # With the carry-over, as the match list and the team pages give a match's IMPs.
              f"{_figure(m.imps[0] + max(m.carry_over, 0.0))} – "
              f"{_figure(m.imps[1] + max(-m.carry_over, 0.0))}",
              str(m.extra_boards) if m.extra_boards else "", escape(m.winner)]
             for m in stage.matches), "stage-matches"))
    if isinstance(stage.results, TeamsEvent) and stage.results.matches:
        body.append(f"<h3>{escape(w[EACH_MATCH])}</h3>")
        body.append(_match_list(stage.results, w, "stage-match-results"))
    for qualified, caption in ((True, w["Qualified"]), (False, w["Final places"])):
        decided = [d for d in stage.decided if d.qualified == qualified]
        if decided:
            body.append(f"<h3>{escape(caption)}</h3>")
            body.append(_table(
                [w["Name"], w["Stage"] if qualified else w["Rank"], w["Why"]],
                ([escape(d.name), escape(d.what), escape(d.why)] for d in decided),
                "qualified" if qualified else "final-places"))
    return body


def _languages(title: str) -> str:
    links = "\n".join(f'<li><a href="{code}/index.html" lang="{code}">{name}</a></li>'
                      for code, name in LANGUAGES.items())  # fmt: skip
    return (f'<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>{escape(title)}'
            f"</title><style>{STYLE}</style></head>\n<body>\n<h1>{escape(title)}</h1>\n"
            f'<ul data-testid="languages">\n{links}\n</ul>\n</body>\n</html>\n')


# --- pairs -----------------------------------------------------------------------------------


def _pair_page(section: str, pair: int) -> str:
    return f"pair-{section}-{pair}.html"


def _board_page(section: str, board: int) -> str:
    return f"board-{section}-{board}.html"


def _where(line: PairLine, w: dict[str, str]) -> str:
    """Where the room played a board: its stage, session and group ("preliminary · session
    2"); "" outside a competition."""
    parts = [line.stage] if line.stage else []
    if line.session:
        parts.append(w[SESSION] % {"session": line.session})
    if line.group:
        parts.append(w[GROUP] % {"group": line.group})
    return " · ".join(parts)


def _board_names(lines: Iterable[PairLine], w: dict[str, str],
                 several: bool) -> dict[tuple[str, int], str]:
    """Each board's name by (section, board), one of its own in the event: the room's number
    after where it was played ("preliminary · session 2 · Board 1"), or with its section
    ("Board B7") outside a competition of several sections. A name two boards would still
    share (two sections of one group) takes their sections too."""
    found = {(x.section, x.board): x for x in lines}

    def name(x: PairLine, section: bool) -> str:
        where = _where(x, w)
        board = f"{w['Board']} {x.section if section else ''}{x.number or x.board}"
        return f"{where} · {board}" if where else board

    names = {key: name(x, several and not x.stage) for key, x in found.items()}
    shared = Counter(names.values())
    return {key: name(found[key], True) if shared[text] > 1 else text
            for key, text in names.items()}


def _pairs(event: PairsEvent, lang: str, w: dict[str, str], hands: Mapping[int, Deal],
           more: Sequence[str] = ()) -> dict[str, str]:
    fields = {"NS": w["North-South"], "EW": w["East-West"], "ALL": w["All pairs"]}
    several = len(event.sections) > 1
    body = [f"<h1>{escape(event.title)}</h1>", f"<h2>{escape(w['Results'])}</h2>"]
    for section in event.sections:
        for field, caption in fields.items():
            rows = [s for s in event.standings if s.section == section and s.field == field]
            if not rows:
                continue
            body.append(f"<h3>{escape((section + ' ') if several else '')}{escape(caption)}</h3>")
            body.append(_table(
                [w["Rank"], w["Pair"], w["Players"], w["Boards"], "MP", "%"],
                ([str(s.rank), f'<a href="{_pair_page(s.section, s.pair)}">{s.pair}</a>',
                  escape(" – ".join(s.names)), str(s.boards), _figure(s.matchpoints),
                  _pct(s.percentage)]
                 for s in rows), f"ranking-{section}-{field}"))  # fmt: skip
    boards = sorted({(line.section, line.board) for line in event.lines})
    # The room's numbers (a competition's session boards 1-N, named by where they were
    # played); the pages are the event's.
    names = _board_names(event.lines, w, several)
    body.extend(_travellers(event.lines, boards, names, w, several))
    body.extend(more)
    pages = {"index.html": _page(lang, event.title, body, "index.html")}
    back = f'<p><a href="index.html">{escape(w["Back to the results"])}</a></p>'
    head = [w["Round"], w["Table"], "NS", "EW", w["Contract"], w["By"], w["Tricks"], w["Lead"],
            w["Score"], "MP NS", "MP EW", "% NS", "% EW"]  # fmt: skip
    for section, board in boards:
        lines = sorted((x for x in event.lines if (x.section, x.board) == (section, board)),
                       key=lambda x: -(x.ns_mp or 0))  # fmt: skip
        cells = [[str(x.round_number or x.round), str(x.table),
                  f'<a href="{_pair_page(section, x.ns)}">{x.ns}</a>',
                 f'<a href="{_pair_page(section, x.ew)}">{x.ew}</a>',
                 *_result(x.contract, x.declarer, x.tricks, x.adjusted, w),
                 escape(x.lead or ""), "" if x.ns_score is None else str(x.ns_score),
                 _figure(x.ns_mp), _figure(x.ew_mp), _pct(x.ns_pct), _pct(x.ew_pct)]
                for x in lines]  # fmt: skip
        title = f"{w['Traveller']}: {names[section, board]}"
        page = _board_page(section, board)
        hand = diagram(hands[board], lang) if board in hands else ""
        body = [back, f"<h1>{escape(title)}</h1>", _table(head, cells, "traveller"), hand]
        pages[page] = _page(lang, title, body, page)
    for standing in event.standings:
        mine = [x for x in event.lines if x.section == standing.section
                and standing.pair in (x.ns, x.ew)]  # fmt: skip
        page = _pair_page(standing.section, standing.pair)
        pages[page] = _page(lang, event.title, [back, *_scorecard(
            standing.pair, mine, w, standing.section, several, names)], page)
    if event.stages:
        # A competition's pairs: a page each of every section (group) they played in.
        for section, pair in sorted({(x.section, p) for x in event.lines for p in (x.ns, x.ew)}):
            page = _pair_page(section, pair)
            if page in pages:
                continue
            mine = [x for x in event.lines if x.section == section and pair in (x.ns, x.ew)]
            name = event.entries.get(pair)
            pages[page] = _page(lang, event.title, [
                back, f"<p>{escape(name)}</p>" if name else "",
                *_scorecard(pair, mine, w, section, several, names)], page)
    return pages


def _link(line: PairLine, names: Mapping[tuple[str, int], str], text: str) -> str:
    """A link to a board's traveller that reads as the board's whole name."""
    return (f'<a href="{_board_page(line.section, line.board)}" '
            f'aria-label="{escape(names[line.section, line.board])}">{escape(text)}</a>')


def _travellers(lines: Sequence[PairLine], boards: Sequence[tuple[str, int]],
                names: Mapping[tuple[str, int], str], w: dict[str, str],
                several: bool) -> list[str]:
    """The index's links to the travellers: one line of them, or in a competition a line of
    each stage's session (and group), named so."""
    found = {(x.section, x.board): x for x in lines}
    sets: dict[str, list[PairLine]] = {}
    for key in boards:
        sets.setdefault(_where(found[key], w), []).append(found[key])
    if list(sets) == [""]:
        links = " ".join(_link(x, names, f"{x.section if several else ''}{x.number or x.board}")
                         for x in sets[""])
        return [f'<p data-testid="travellers">{escape(w["Travellers:"])} {links}</p>']
    items = []
    for where, shown in sorted(sets.items(), key=lambda s: (min(x.board for x in s[1]), s[0])):
        # A number two boards of the set share (one group's sections) takes their sections.
        numbers = [x.number or x.board for x in shown]
        links = " ".join(_link(x, names, f"{x.section if numbers.count(n) > 1 else ''}{n}")
                         for x, n in zip(shown, numbers, strict=True))
        items.append(f"<li>{escape(where or w['Boards'])}: {links}</li>")
    return [f"<h2>{escape(w['Travellers:'].rstrip(':'))}</h2>",
            '<ul data-testid="travellers">\n' + "\n".join(items) + "\n</ul>"]


def _scorecard(pair: int, lines: list[PairLine], w: dict[str, str], section: str,
               several: bool, names: Mapping[tuple[str, int], str]) -> list[str]:
    staged = any(x.stage for x in lines)
    rows = []
    for x in sorted(lines, key=lambda x: (x.round, x.board)):
        ns = x.ns == pair
        own = None if x.ns_score is None else x.ns_score if ns else -x.ns_score
        imps = x.ns_imps if ns else x.ew_imps
        # In a competition the stage's session comes first: each numbers its boards from 1.
        rows.append([escape(_where(x, w))] * staged + [
                     _link(x, names, str(x.number or x.board)),
                     str(x.round_number or x.round),
                     "NS" if ns else "EW", str(x.ew if ns else x.ns),
                     *_result(x.contract, x.declarer, x.tricks, x.adjusted, w),
                     "" if own is None else str(own),
                     _figure(x.ns_mp if ns else x.ew_mp) if imps is None
                     else f"{_figure(imps)} IMP",
                     _pct(x.ns_pct if ns else x.ew_pct)])  # fmt: skip
    title = f"{w['Scorecard']}: {w['Pair']} {section if several else ''}{pair}"
    return [f"<h1>{escape(title)}</h1>", _table(
        [w["Stage"]] * staged + [w["Board"], w["Round"], "", w["Opponent"], w["Contract"],
                                 w["By"], w["Tricks"], w["Score"], "MP", "%"], rows,
        "scorecard")]  # fmt: skip


# --- teams -----------------------------------------------------------------------------------


def _match_page(match: TeamMatchResult) -> str:
    return f"match-{match.round}-{match.table}.html"


def _team_page(team: int) -> str:
    return f"team-{team}.html"


def _match_list(event: TeamsEvent, w: dict[str, str], testid: str) -> str:
    """Every match with its IMPs and VP; in a competition with its stage, a knock-out's with
    its carry-over and winner instead of VP."""
    staged = any(m.stage for m in event.matches)
    head = ([w["Stage"]] if staged else []) + [w["Round"], w["Match"], w["IMPs"], "VP"]
    if staged:
        head += [w["Carry-over"], w["Winner"]]
    rows = []
    for m in event.matches:
        row = ([escape(m.stage)] if staged else []) + [
            _round(m), f'<a href="{_match_page(m)}">{escape(event.name(m.home))} – '
            f"{escape(event.name(m.away))}</a>",
            f"{_figure(m.home_imps)} – {_figure(m.away_imps)}",
            "" if m.knockout else f"{_figure(m.home_vp)} – {_figure(m.away_vp)}"]
        if staged:
            to = event.name(m.home if m.carry_over > 0 else m.away)
            row += [f"{_figure(abs(m.carry_over))} {escape(to)}"
                    if m.knockout and m.carry_over else "",
                    escape(event.name(m.winner)) if m.winner is not None else ""]
        rows.append(row)
    return _table(head, rows, testid)


def _teams(event: TeamsEvent, lang: str, w: dict[str, str], hands: Mapping[int, Deal],
           more: Sequence[str] = ()) -> dict[str, str]:
    body = [f"<h1>{escape(event.title)}</h1>"]
    if event.standings:
        body += [f"<h2>{escape(w['Standings'])}</h2>", _table(
            [w["Rank"], w["Team"], "VP", w["IMPs won"], w["IMPs lost"]],
            ([str(s.rank), f'<a href="{_team_page(s.team)}">{escape(s.name)}</a>',
              _figure(s.vp), _figure(s.imps_won), _figure(s.imps_lost)]
             for s in event.standings), "standings")]
    body.extend(more)
    body.append(f"<h2>{escape(w['Matches'])}</h2>")
    body.append(_match_list(event, w, "matches"))
    pages = {"index.html": _page(lang, event.title, body, "index.html")}
    back = f'<p><a href="index.html">{escape(w["Back to the results"])}</a></p>'
    by_match: dict[tuple[int, int], dict[tuple[int, str], TeamTableResult]] = {}
    for t in event.tables:
        by_match.setdefault((t.round, t.table), {})[t.board, t.home_seat] = t
    for match in event.matches:
        page = _match_page(match)
        shown = [diagram(hands[b], lang) for b in match.boards if b in hands]
        tables = by_match.get((match.round, match.table), {})
        pages[page] = _page(lang, event.title, [back, *_match(event, match, w, tables), *shown],
                            page)
    teams = [(s.team, s.name, s.players) for s in event.standings] or [
        (team, event.name(team), ()) for team in sorted(
            {t for m in event.matches for t in (m.home, m.away)})]
    staged = any(m.stage for m in event.matches)
    for team, name, players in teams:
        page = _team_page(team)
        rows = []
        for m in event.matches:
            if team not in (m.home, m.away):
                continue
            home = m.home == team
            other = m.away if home else m.home
            carry = m.carry_over if home else -m.carry_over
            rows.append(([escape(m.stage)] if staged else []) + [
                _round(m), f'<a href="{_match_page(m)}">{escape(event.name(other))}</a>',
                _figure(m.home_imps if home else m.away_imps),
                _figure(m.away_imps if home else m.home_imps),
                "" if m.knockout else _figure(m.home_vp if home else m.away_vp)] + (
                [_figure(carry) if m.knockout and carry else ""] if staged else []))
        head = ([w["Stage"]] if staged else []) + [
            w["Round"], w["Opponent"], w["IMPs won"], w["IMPs lost"], "VP"] + (
            [w["Carry-over"]] if staged else [])
        pages[page] = _page(lang, event.title, [
            back, f"<h1>{escape(name)}</h1>",
            f'<p>{escape(" – ".join(players))}</p>' if players else "",
            _table(head, rows, "team-matches")], page)  # fmt: skip
    return pages


def _round(match: TeamMatchResult) -> str:
    """A match's round as people name it: the stage's round, a knock-out match's label."""
    return escape(match.label) if match.knockout and match.label else str(match.shown_round)


def _match(event: TeamsEvent, match: TeamMatchResult, w: dict[str, str],
           tables: dict[tuple[int, str], TeamTableResult]) -> list[str]:
    """A match's page: board by board, both rooms (``tables`` by board and home seat)."""
    rows = []
    for board, imps in zip(match.boards, match.board_imps, strict=True):
        cells = [str(match.shown(board))]
        for seat in ("NS", "EW"):
            t = tables.get((board, seat))
            if t is None:
                cells += ["–", "", "", ""]
            else:
                cells += [*_result(t.contract, t.declarer, t.tricks, t.adjusted, w),
                          "" if t.ns_score is None else str(t.ns_score)]
        cells += ([str(imps) if imps > 0 else "", str(-imps) if imps < 0 else ""]
                  if imps is not None else [escape(w["not played in both rooms"]), ""])
        rows.append(cells)
    stage = f"{match.stage}, " if match.stage else ""
    when = (match.label if match.knockout and match.label
            else f"{w['Round']} {match.shown_round}")
    title = f"{stage}{when}: {event.name(match.home)} – {event.name(match.away)}"
    head = [w["Board"], *(f"{room}: {word}" for room in (w["Open"], w["Closed"])
                          for word in (w["Contract"], w["By"], w["Tricks"], w["Score"])),
            w["Home"], w["Away"]]  # fmt: skip
    if match.knockout:
        # A knock-out scores no VP: its IMPs hold the carry-over, and it has a winner.
        to = event.name(match.home if match.carry_over > 0 else match.away)
        carry = (f"; {escape(w['Carry-over'])}: {_figure(abs(match.carry_over))} {escape(to)}"
                 if match.carry_over else "")
        winner = (f"; {escape(w['Winner'])}: {escape(event.name(match.winner))}"
                  if match.winner is not None else "")
        total = (f'<p data-testid="match-total">{escape(w["IMPs"])}: '
                 f"{_figure(match.home_imps)} – {_figure(match.away_imps)}{carry}{winner}</p>")
    else:
        total = (f'<p data-testid="match-total">{escape(w["IMPs"])}: '
                 f"{_figure(match.home_imps)} – {_figure(match.away_imps)}"
                 f"; VP: {_figure(match.home_vp)} – {_figure(match.away_vp)}</p>")
    return [f"<h1>{escape(title)}</h1>", _table(head, rows, "match-boards"), total]
