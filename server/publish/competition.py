"""What a competition event shows and prints: the projector's ranking of the stage in play
and the results sheet of every stage with the final places.

The projector follows the stage whose rounds were put in play last. A pairs stage shows its
ranking after the last round every table of it has finished, with each pair's place after every
round before (K4.3's barometer: a ranking after every round), scored as the stage scores (top
integral across its groups, K4.2) and as the public may see it (a board counts the average
until every table of the stage has played it, `server.scoring.running`); sessions before the
one in play count in full (K4.1). A team stage shows its standings, VP kept included (D4.4,
D5.5). The results sheet prints every stage's standings, the knock-out matches with their
carry-over and winners, and the final places with promotion and relegation once they are known.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from printer.document import Document
from printer.results import plain_sheet

from ..scoring.matchpoints import BoardResult, Comparison
from ..scoring.running import rankings_by_round
from ..stages.inputs import competition_spec, scored_as, scored_entries
from ..stages.view import current
from ..store import Store
from ..store import competition as sql
from ..texts import N_, translate


def projector(store: Store, now_ms: int) -> dict[str, Any]:
    fixtures = sql.fixtures(store)
    if not fixtures:
        return {"kind": "pairs", "round": 0, "rounds": 0, "standings": {}, "boards_shown": 0,
                "boards_total": 0}
    latest = max(fixtures.values(), key=lambda f: f["first_round"])
    spec = competition_spec(store)
    stage = next(s for s in spec.stages_for(int((store.setting("competition") or {})
                                                 .get("entries", 0)))
                 if s.id == latest["stage"])
    mine = {k: f for k, f in fixtures.items() if f["stage"] == stage.id}
    if stage.kind.pairs and all(f["kind"] == "session" for f in mine.values()):
        return _pairs(store, stage.top_integral, mine, current(store, now_ms).view.entries)
    return _teams(store, stage.id, now_ms)


def _pairs(store: Store, top_integral: bool, fixtures: dict[str, dict[str, Any]],
           entries: list[Any]) -> dict[str, Any]:
    names = {e.id: e.name for e in entries}
    results, adjusted = scored_entries(store)
    rounds = sorted({n for f in fixtures.values()
                     for n in range(f["first_round"], f["last_round"] + 1)})
    by_round: dict[int, list[BoardResult]] = defaultdict(list)
    finished: dict[int, bool] = {}
    planned: dict[tuple[str, int], int] = defaultdict(int)
    last_played: dict[int, int] = {}
    unplayed: set[int] = set()
    sections = {f["detail"]["section"]: f["grp"] or "" for f in fixtures.values()}
    for section, group in sections.items():
        for seating in store.seatings(section):
            if seating.round not in rounds:
                continue
            for board in seating.boards:
                planned[group, board] += 1
                last_played[board] = max(last_played.get(board, 0), seating.round)
                result = scored_as((section, seating.table_number, seating.round, board),
                                   results, adjusted)
                if result is None:
                    finished[seating.round] = False
                    unplayed.add(board)
                    continue
                finished.setdefault(seating.round, True)
                by_round[seating.round].append(BoardResult(
                    board, seating.ns_pair, seating.ew_pair, result, group,
                    rounds.index(seating.round) + 1))
    last = 0
    for number in rounds:
        if not finished.get(number, False):
            break
        last = rounds.index(number) + 1
    lines = [line for n in rounds[:last] for line in by_round[n]]
    total = len(last_played)
    if not lines:
        return {"kind": "pairs", "round": 0, "rounds": len(rounds), "standings": {},
                "boards_shown": 0, "boards_total": total}
    comparison = Comparison.TOP_INTEGRAL if top_integral else Comparison.SECTION

    # The public sees a board once every table of the stage has played it (issue 15): after
    # the stage's round of its last table.
    shows_after = {b: rounds.index(r) + 1 for b, r in last_played.items() if b not in unplayed}
    by_count = rankings_by_round(lines, planned, shows_after, range(1, last + 1),
                                 comparison=comparison)

    def ranked(count: int) -> list[tuple[int, float, float, int, int]]:
        earned: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
        for s in by_count[count]:
            earned[int(s.pair.number)][0] += s.matchpoints
            earned[int(s.pair.number)][1] += s.top
            earned[int(s.pair.number)][2] += s.boards
        order = sorted(earned, key=lambda e: (-_ratio(earned[e]), e))
        out, place, previous = [], 0, None
        for index, entry in enumerate(order, start=1):
            ratio = round(_ratio(earned[entry]), 12)
            if ratio != previous:
                place, previous = index, ratio
            out.append((entry, earned[entry][0], earned[entry][1], int(earned[entry][2]),
                        place))
        return out

    history: dict[int, list[int]] = defaultdict(list)
    for count in range(1, last + 1):
        for entry, _, _, _, place in ranked(count):
            history[entry].append(place)
    final = ranked(last)
    shared = Counter(place for *_, place in final)
    rows = []
    for entry, earned, top, boards, place in final:
        places = history.get(entry, [])
        rows.append({"rank": place, "shared": shared[place] > 1,
                     "pair": names.get(entry, str(entry)),
                     "percentage": round(100 * _ratio([earned, top]), 2), "top": top,
                     "boards": boards, "places": places,
                     "moved": places[-2] - places[-1] if len(places) > 1 else 0})
    return {"kind": "pairs", "round": last, "rounds": len(rounds), "standings": {"ALL": rows},
            "boards_shown": sum(1 for r in shows_after.values() if r <= last),
            "boards_total": total}


def _ratio(figures: list[float]) -> float:
    return figures[0] / figures[1] if figures[1] else 0.0


def _teams(store: Store, stage_id: str, now_ms: int) -> dict[str, Any]:
    view = current(store, now_ms).view
    stage = view.stage(stage_id)
    names = {e.id: e.name for e in view.entries}
    rows = []
    played = 0
    if stage.progress is not None:
        for group in stage.progress.groups:
            played = max(played, len(group.rounds))
            for line in group.standings:
                rows.append({"rank": line.place, "shared": line.shared, "team": line.entry,
                             "name": names.get(line.entry, f"Team {line.entry}"),
                             "vp": line.vp or 0.0, "vp_deducted": 0.0, "bye_vp": 0.0,
                             "matches": 0, "imp_quotient": None, "group": group.name})
    return {"kind": "teams", "round": played, "rounds": played, "chain": [], "teams": rows,
            "stage": stage.spec.name}


def results_documents(store: Store, now_ms: int, lang: str = "en") -> list[Document]:
    """Every stage's standings and matches, and the final places once known; the sheet's own
    words in `lang` (the stages' names as the regulation gives them)."""
    view = current(store, now_ms).view
    names = {e.id: e.name for e in view.entries}
    parts: list[tuple[str, list[str]]] = []
    for stage in view.stages:
        if stage.progress is None:
            continue
        for group in stage.progress.groups:
            if not group.standings:
                continue
            title = f"{stage.spec.name} {group.name}".strip()
            lines = []
            for s in group.standings:
                score = (f"{s.percent:.2f}%" if s.percent is not None
                         else f"{s.vp:g} VP" if s.vp is not None else "")
                kept = (" " + translate(N_("(kept %(vp)s)"), lang, vp=f"{s.carried_vp:g}")
                        if s.carried_vp else "")
                lines.append(f"{s.place:>2} {names.get(s.entry, s.entry)}  {score}{kept}")
            parts.append((title, lines))
        if stage.progress.matches:
            lines = []
            for m in stage.progress.matches:
                carry = (f" c/o {m.carry_over.imps:g} {m.carry_over.rule}"
                         if m.carry_over else "")
                won = f" -> {names.get(m.winner, m.winner)}" if m.winner else ""
                lines.append(f"{m.id} {names.get(m.home, m.home)} v "
                             f"{names.get(m.away, m.away)} {m.imps[0]:g}-{m.imps[1]:g}"
                             f"{carry}{won}")
            parts.append((stage.spec.name, lines))
    if view.complete:
        parts.append((translate(N_("Final places"), lang), [
            f"{p.group + ' ' if p.group else ''}{p.place:>2} {names.get(p.entry, p.entry)}"
            f"{' - ' + p.outcome if p.outcome else ''}" for p in view.final_places]))
    heading = translate(N_("Final places") if view.complete else N_("Standings so far"), lang)
    return [plain_sheet(view.spec.name, heading, parts)]
