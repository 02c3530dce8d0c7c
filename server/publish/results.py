"""Results as the director and the players read them: rankings, travellers, scorecards.

Everything here is derived from the stored entries by the pure scoring package: each entry of
the schedule is scored on its active adjusted score if it has one, else on its current result
(corrections included), else it is not played yet. Pairs are matchpointed with the event's
factoring (Neuberg unless the preset says `factoring = "own-top"`), procedural penalties
(K18.1) come off a pair's matchpoints as a share of the session's top, and level pairs are
separated by K17.3 with the reason shown. The projector shows the ranking after the last
completed round (the barometer of K4.3) with each pair's place after every round before.

A session is scored as it is played (`server.scoring.running`): a board with one result of the
several it will have is the average for both pairs. The public (the results pages, their JSON
and the projector, whoever looks) sees a board's results only once every table that plays it,
in every section, has played it or has an adjusted score on it: until then the traveller is
held back, the scorecards show the board without its result, and the rankings count it as the
average for each pair that played it. The director's console sees everything.

In a competition each session of a pairs stage is scored as the competition model scores it
(`server.publish.sessions`): top integral across the groups where the stage says so (K4.2),
Neuberg within the session; the travellers, scorecards and exports then agree with the
stage's ranking.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from ..competition.pairs import InPlay, score_session
from ..direction.latestart import late_penalties
from ..direction.rulings import adjusted_score, pair_field
from ..direction.setup import deal_wire
from ..event.players import pair_names
from ..formats.deals import Deal
from ..scoring.adjusted import TableResult
from ..scoring.matchpoints import (
    BoardResult,
    Factoring,
    Field,
    Movement,
    Pair,
    PairBoard,
    PairsScore,
    Scale,
    Standing,
    TableScore,
    rank_field,
)
from ..scoring.pairs_tiebreak import Step, rank_with_tiebreak
from ..scoring.running import rank_pairs, rankings_by_round, running_pairs
from ..stages.inputs import is_competition
from ..stages.view import current
from ..store import ResultRow, Store
from ..store import rulings as sql
from ..store import setup as setup_sql
from ..store.rulings import EntryKey
from ..table.schedule import board_info
from ..texts import N_, Message, english, message
from .sessions import Session, places_shown, sessions


@dataclass(frozen=True)
class Entry:
    """One line of the schedule: a board at a table in a round, and what it is scored on."""

    key: EntryKey
    ns_pair: int
    ew_pair: int
    result: ResultRow | None
    adjustment: dict[str, Any] | None

    @property
    def table_result(self) -> TableResult | None:
        if self.adjustment is not None:
            return TableResult.split(adjusted_score(self.adjustment["ns"]),
                                     adjusted_score(self.adjustment["ew"]))
        if self.result is not None:
            return TableResult.played(self.result.ns_score)
        return None

    @property
    def scored(self) -> bool:
        return self.result is not None or self.adjustment is not None

    def line(self) -> BoardResult:
        result = self.table_result
        assert result is not None
        return BoardResult(self.key.board, self.ns_pair, self.ew_pair, result,
                           self.key.section, self.key.round)


def adjustment_label(adjustment: dict[str, Any] | None) -> str | None:
    """"60% / 40%", "K13.3 60% / 40%", "40% of +420, 60% of -50"."""
    if adjustment is None:
        return None
    return english(adjustment_message(adjustment))


def adjustment_message(adjustment: dict[str, Any] | None) -> str | list[Message] | None:
    """The adjusted score as a text to translate (`server.texts`): a weighted score's parts
    as messages; an artificial one has no words, only percentages."""
    if adjustment is None:
        return None
    ns, ew = adjustment["ns"], adjustment["ew"]
    if "weighted" in ns:
        return [message(N_("%(percent)s of %(score)s"),
                        percent=f"{float(Fraction(w)) * 100:g}%", score=f"{s:+d}")
                for w, s in ns["weighted"]]
    text = f"{ns['percent']:g}% / {ew['percent']:g}%"
    return f"K13.3 {text}" if adjustment["rule"] == "K13.3" else text


def entries(store: Store, up_to_round: int | None = None) -> list[Entry]:
    """Every entry of the schedule, in round, table and board order."""
    results = {EntryKey(r.section, r.table_number, r.round, r.board): r
               for r in store.results()}
    adjusted = {EntryKey(a["section"], a["table_number"], a["round"], a["board"]): a
                for a in sql.adjustments(store)}
    out = []
    for seating in store.seatings():
        if up_to_round is not None and seating.round > up_to_round:
            continue
        for board in seating.boards:
            key = EntryKey(seating.section, seating.table_number, seating.round, board)
            out.append(Entry(key, seating.ns_pair, seating.ew_pair, results.get(key),
                             adjusted.get(key)))
    return out


def scoring_options(store: Store) -> tuple[Scale, Factoring, Movement | None]:
    """The event's scoring settings (preset keys `scale`, `factoring`; Neuberg by default)."""
    preset = store.setting("preset", {}) or {}
    scale = Scale.parse(str(preset.get("scale") or "2/1"))
    factoring = Factoring.parse(str(preset.get("factoring") or "neuberg"))
    kind = (store.setting("movement", {}) or {}).get("kind")
    movement = Movement.MITCHELL if kind == "mitchell" else Movement.HOWELL if kind == "howell" \
        else None
    return scale, factoring, movement


@dataclass
class Scored:
    """A session scored, with everything the pages need."""

    entries: list[Entry]
    score: PairsScore
    figures: dict[EntryKey, TableScore]
    top: float
    """The session's largest board top: what K18.1's share of a top is taken of."""
    standings: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    shown: set[int] | None = None
    """The public's view: the boards whose results it may see (None: the director's)."""
    compared: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Boards whose results are compared across sections (top integral, K4.2): the sections."""

    def held_back(self, board: int) -> bool:
        return self.shown is not None and board not in self.shown


def _field_name(pair: Pair) -> str:
    return pair.field.value


def planned(lines: list[Entry]) -> dict[tuple[str, int], int]:
    """How many tables play each board of each section, by the movement."""
    tables: dict[tuple[str, int], int] = defaultdict(int)
    for e in lines:
        tables[e.key.section, e.key.board] += 1
    return tables


def shown_boards(lines: list[Entry], up_to_round: int | None = None) -> set[int]:
    """The boards every table that plays them (in every section: the sections play the same
    deals) has played or has an adjusted score on: the boards the public may see. Counting
    only rounds up to `up_to_round`, a board still to be played in a later round is not."""
    done: dict[int, bool] = {}
    for e in lines:
        counted = up_to_round is None or e.key.round <= up_to_round
        done[e.key.board] = done.get(e.key.board, True) and e.scored and counted
    return {board for board, complete in done.items() if complete}


def score(store: Store, up_to_round: int | None = None, public: bool = False) -> Scored:
    """The session scored as it stands; `public`: as the public may see it (boards not yet
    played at every table held back), counting only rounds up to `up_to_round`."""
    scale, factoring, movement = scoring_options(store)
    everything = entries(store)
    lines = [e for e in everything if up_to_round is None or e.key.round <= up_to_round]
    played = [e for e in lines if e.scored]
    shown = shown_boards(everything, up_to_round) if public else None
    compared: dict[int, tuple[str, ...]] = {}
    scored = _by_session(played, everything, shown, sessions(store), compared)
    if scored is None:
        scored = running_pairs([e.line() for e in played], planned(everything), scale=scale,
                               factoring=factoring, movement=movement, shown=shown)
    figures: dict[EntryKey, TableScore] = {}
    by_line: dict[tuple[str, int, Any, Any], EntryKey] = {
        (e.key.section, e.key.board, e.ns_pair, e.ew_pair): e.key for e in played}
    for board in scored.boards:
        for line, table in zip(board.results, board.score.tables, strict=True):
            key = by_line[(line.section, line.board, line.ns_pair, line.ew_pair)]
            figures[key] = table
    top = max((board.score.top for board in scored.boards), default=0.0)
    out = Scored(lines, scored, figures, top, shown=shown, compared=compared)
    out.standings = _standings(store, scored, top, shown)
    return out


def _by_session(played: list[Entry], everything: list[Entry], shown: set[int] | None,
                found: list[Session], compared: dict[int, tuple[str, ...]]) -> PairsScore | None:
    """A competition's results scored session by session as its stages score them (None in
    an event without matchpoint sessions); results of no such session (a Swiss pairs round)
    on the event's own scoring, together."""
    if not found:
        return None
    where: dict[tuple[str, int], int] = {}
    for index, session in enumerate(found):
        for fixture in session.fixtures:
            for number in range(fixture["first_round"], fixture["last_round"] + 1):
                where[fixture["detail"]["section"], number] = index
    lines: dict[int, list[BoardResult]] = defaultdict(list)
    tables: dict[int, dict[tuple[str, int], int]] = defaultdict(lambda: defaultdict(int))
    for e in everything:
        index = where.get((e.key.section, e.key.round), -1)
        tables[index][e.key.section, e.key.board] += 1
    for e in played:
        lines[where.get((e.key.section, e.key.round), -1)].append(e.line())
    boards: list[Any] = []
    pair_boards: dict[Pair, list[PairBoard]] = defaultdict(list)
    movement = None
    for index, session_lines in sorted(lines.items()):
        if index < 0:
            part = running_pairs(session_lines, tables[index], shown=shown)
        else:
            spec = found[index].spec
            part = score_session(spec, session_lines, InPlay(tables[index], shown))
            if spec.top_integral:
                sections = tuple(sorted({f["detail"]["section"]
                                         for f in found[index].fixtures}))
                compared.update((line.board, sections) for line in session_lines)
        movement = movement or part.movement
        boards.extend(part.boards)
        for pair, mine in part.pair_boards.items():
            pair_boards[pair].extend(mine)
    if movement is None:
        return None
    return PairsScore(movement=movement, boards=tuple(boards),
                      standings=tuple(rank_pairs(pair_boards)),
                      pair_boards={pair: tuple(mine) for pair, mine in pair_boards.items()})


def _penalties(store: Store, top: float) -> dict[tuple[str, int], list[dict[str, Any]]]:
    by_pair: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for row in sql.penalties(store):
        by_pair[row["section"], row["pair"]].append({"rule": "K18.1", **row,
                                                     "matchpoints": row["share"] / 100 * top})
    # Slow play (K12.2) the director applied in matchpoints comes off the pair's total too.
    for ruling in store.slow_play_rulings():
        if ruling["status"] == "applied" and ruling["unit"] == "MP":
            points = float(Fraction(ruling["penalty"] or "0"))
            if points:
                by_pair[ruling["section"], ruling["pair_number"]].append(
                    {"matchpoints": points, "rule": ruling["rule"] or "K12.2",
                     "why": ruling["reason"]})
    # A late start (K11.3) the director applied comes off the same way.
    for late in late_penalties(store):
        by_pair[late["section"], late["pair"]].append(
            {"matchpoints": late["matchpoints"], "rule": late["rule"], "why": late["why"]})
    return by_pair


def _standings(store: Store, scored: PairsScore, top: float,
               shown: set[int] | None = None) -> dict[str, list[dict[str, Any]]]:
    penalties = _penalties(store, top)
    names = pair_names(store)
    groups: dict[tuple[str, Field], list[tuple[Pair, int, float, float]]] = defaultdict(list)
    for s in scored.standings:
        off = sum(p["matchpoints"] for p in penalties.get((s.pair.section, int(s.pair.number)),
                                                            []))
        groups[s.pair.section, s.pair.field].append((s.pair, s.boards, s.matchpoints - off,
                                                     s.top))
    ranked: list[Standing] = []
    for key in groups:
        ranked.extend(rank_field(groups[key]))
    final, breaks = rank_with_tiebreak(ranked, scored.pair_boards)
    reasons: dict[Pair, list[Message]] = {}
    for tie in breaks:
        explained = [step_message(step) for step in tie.steps]
        for group in tie.order:
            for pair in group:
                reasons[pair] = explained + (
                    [message(N_("still level after every step of K17.3"))]
                    if len(group) > 1 else [])
    out: dict[str, list[dict[str, Any]]] = {}
    places = Counter((s.pair.section, s.pair.field, s.rank) for s in final)
    for s in final:
        pair_penalties = penalties.get((s.pair.section, int(s.pair.number)), [])
        boards_played = scored.pair_boards.get(s.pair, ())
        out.setdefault(_field_name(s.pair), []).append({
            "pair": s.pair.number, "section": s.pair.section, "rank": s.rank,
            "shared": places[s.pair.section, s.pair.field, s.rank] > 1,
            "boards": s.boards,
            # The boards whose own figures the percentage rests on; the rest count the average.
            "counted": sum(1 for b in boards_played if shown is None or b.board in shown),
            "matchpoints": s.matchpoints, "top": s.top,
            "percentage": s.percentage,
            "penalty": sum(p["matchpoints"] for p in pair_penalties),
            "penalties": pair_penalties,
            "tie": [english(m) for m in reasons[s.pair]] if s.pair in reasons else None,
            "tie_messages": reasons.get(s.pair),
            "names": names.get((s.pair.section, int(s.pair.number)), []),
        })
    return out


def step_message(step: Step) -> Message:
    """A step of K17.3 as a message (`step.explain()` in English): the step's text, the
    pairs' figures and whether it separated them."""
    name = message(step.criterion.value)
    if step.values is None:
        first, second = (str(pair) for pair in step.pairs)
        return message(N_("%(step)s: %(first)s and %(second)s did not meet"), step=name,
                       first=first, second=second)
    figures = ", ".join(f"{pair} {figure}" for pair, figure in step.figures)
    if step.separated:
        return message(N_("%(step)s: %(figures)s: separated"), step=name, figures=figures)
    return message(N_("%(step)s: %(figures)s: still level"), step=name, figures=figures)


def standings(store: Store, up_to_round: int | None = None,
              public: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Each field's ranking (NS, EW; or ALL in a Howell), best first, penalties included;
    `public`: boards held back count the average."""
    ranking = score(store, up_to_round, public).standings
    if "ALL" not in ranking:
        ranking.setdefault("NS", [])
        ranking.setdefault("EW", [])
    return ranking


def _side(table: TableScore | None, ns: bool) -> dict[str, Any]:
    if table is None:
        return {"mp": None, "pct": None}
    side = table.ns if ns else table.ew
    return {"mp": round(side.matchpoints, 2),
            "pct": None if side.percentage is None else round(side.percentage, 2)}


def entry_wire(entry: Entry, table: TableScore | None) -> dict[str, Any]:
    result = entry.result
    ns, ew = _side(table, True), _side(table, False)
    return {
        "section": entry.key.section, "table": entry.key.table_number, "round": entry.key.round,
        "board": entry.key.board, "ns_pair": entry.ns_pair, "ew_pair": entry.ew_pair,
        "contract": result.contract if result else None,
        "declarer": result.declarer if result else None,
        "tricks": result.tricks if result else None,
        "lead": result.lead if result else None,
        "ns_score": result.ns_score if result else None,
        "adjusted": adjustment_label(entry.adjustment),
        "adjusted_message": adjustment_message(entry.adjustment),
        "adjustment_rule": entry.adjustment["rule"] if entry.adjustment else None,
        "ns_mp": ns["mp"], "ew_mp": ew["mp"], "ns_pct": ns["pct"], "ew_pct": ew["pct"],
        "scored": entry.scored,
    }


def traveller(store: Store, section: str, board: int,
              scored: Scored | None = None) -> dict[str, Any]:
    """A board's traveller: every table that plays it, best North-South score first. In the
    public's view (`scored.shown`), a board not yet played at every table has no lines and
    says how many of its tables have played it."""
    scored = scored or score(store)
    lines = [e for e in scored.entries if e.key.section == section and e.key.board == board]
    if scored.held_back(board):
        return {"section": section, "board": board, "top": None, "results": [],
                "held_back": True, "played": sum(1 for e in lines if e.scored),
                "tables": len(lines)}
    rows = [entry_wire(e, scored.figures.get(e.key)) for e in lines]
    rows.sort(key=lambda r: (not r["scored"], -(r["ns_mp"] or 0), r["table"]))
    board_top = next((b.score.top for b in scored.score.boards
                      if b.board == board and b.section in ("", section)), None)
    return {"section": section, "board": board, "top": board_top, "results": rows,
            "held_back": False, "played": sum(1 for e in lines if e.scored),
            "tables": len(lines),
            "compared_sections": list(scored.compared.get(board, (section,)))}


_RESULT_FIELDS = ("contract", "declarer", "tricks", "lead", "ns_score", "adjusted",
                  "adjusted_message", "adjustment_rule", "ns_mp", "ew_mp", "ns_pct", "ew_pct",
                  "score", "mp", "pct")


def boards(store: Store) -> list[int]:
    return sorted({b for s in store.seatings() for b in s.boards})


def finished_boards(store: Store, scored: Scored | None = None) -> set[int]:
    """Boards that every table due to play them has played (a result or an adjusted score)."""
    done: dict[int, bool] = {}
    for entry in scored.entries if scored else entries(store):
        done[entry.key.board] = done.get(entry.key.board, True) and entry.scored
    return {board for board, finished in done.items() if finished}


def shown_deals(store: Store, scored: Scored | None = None) -> dict[int, Deal]:
    """The hand records the results may show, by board: those of finished boards only, since
    a player yet to play a board must not read its hands on a phone."""
    finished = finished_boards(store, scored)
    return {d.board: d for d in setup_sql.deals(store) if d.board in finished}


def shown_deal(store: Store, board: int) -> Deal | None:
    """A board's hand record, when the results may show it."""
    deal = setup_sql.deal(store, board)
    if deal is None or board not in finished_boards(store):
        return None
    return deal


def with_deal(data: dict[str, Any], store: Store) -> tuple[dict[str, Any], Deal | None]:
    """A board's traveller with its `deal` (hands and analysis, or None when there is no
    hand record or it may not be shown yet), and the deal itself."""
    deal = shown_deal(store, int(data["board"]))
    return {**data, "deal": None if deal is None else deal_wire(deal)}, deal


def scorecard(store: Store, section: str, pair: int,
              scored: Scored | None = None) -> dict[str, Any]:
    """A pair's personal scorecard: every board it played, from its own side; in the
    public's view (`scored.shown`), a board held back without its result."""
    direction = pair_field(store, section, pair)
    scored = scored or score(store)
    rows = []
    for e in scored.entries:
        if e.key.section != section or pair not in (e.ns_pair, e.ew_pair):
            continue
        ns = e.ns_pair == pair
        wire = entry_wire(e, scored.figures.get(e.key))
        own = wire["ns_score"] if ns or wire["ns_score"] is None else -wire["ns_score"]
        row = {**wire, "direction": "NS" if ns else "EW",
               "opponent": e.ew_pair if ns else e.ns_pair, "score": own,
               "mp": wire["ns_mp"] if ns else wire["ew_mp"],
               "pct": wire["ns_pct"] if ns else wire["ew_pct"],
               "held_back": scored.held_back(e.key.board)}
        if row["held_back"]:
            # Not every table has played it: the pair's own result would tell them.
            row.update(dict.fromkeys(_RESULT_FIELDS))
        rows.append(row)
    rows.sort(key=lambda r: (r["round"], r["board"]))
    line = next((s for s in scored.standings.get(direction, [])
                 if s["pair"] == pair and s["section"] == section), None)
    data = {"section": section, "pair": pair, "direction": direction, "boards": rows,
            "standing": line}
    if is_competition(store):
        # A competition ranks stage by stage: the pair's lines in the stages' standings, the
        # last of them its standing.
        data["stages"] = stage_lines(store, pair, scored)
        data["standing"] = data["stages"][-1] if data["stages"] else None
    return data


def stage_lines(store: Store, pair: int, scored: Scored) -> list[dict[str, Any]]:
    """A pair's line in the standings of every matchpoint stage it played, as the stage ranks
    it (places, K17.3 ties), with the matchpoints and tops of its boards in the sessions the
    standings count (those every table of its group has finished)."""
    now = current(store, int(time.time() * 1000))
    session_of = {}
    for session in sessions(store):
        for fixture in session.fixtures:
            for number in range(fixture["first_round"], fixture["last_round"] + 1):
                session_of[fixture["detail"]["section"], number] = fixture
    counted: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for e in scored.entries:
        fixture = session_of.get((e.key.section, e.key.round))
        figures = scored.figures.get(e.key)
        if (fixture is None or figures is None or fixture["key"] not in now.inputs.sessions
                or pair not in (e.ns_pair, e.ew_pair)):
            continue
        side = figures.ns if e.ns_pair == pair else figures.ew
        totals = counted[fixture["stage"]]
        totals[0] += side.matchpoints
        totals[1] += side.out_of
        totals[2] += 1
    out = []
    for stage in now.view.stages:
        if stage.progress is None or stage.spec.id not in counted:
            continue
        for group in stage.progress.groups:
            places = places_shown(group.standings)
            for standing, place in zip(group.standings, places, strict=True):
                if standing.entry != pair or standing.percent is None:
                    continue
                earned, top, boards = counted[stage.spec.id]
                out.append({
                    "stage": stage.spec.name, "stage_id": stage.spec.id, "group": group.name,
                    "place": standing.place, "rank": place, "shared": standing.shared,
                    "percentage": standing.percent, "sessions": list(standing.sessions),
                    "tie": standing.tie_break or None, "matchpoints": round(earned, 2),
                    "top": top, "boards": int(boards), "penalty": 0, "penalties": []})
    return out


def completed_rounds(store: Store) -> int:
    """The last round r such that every board of rounds 1..r has a result or an adjustment."""
    done: dict[int, bool] = {}
    for e in entries(store):
        done[e.key.round] = done.get(e.key.round, True) and e.scored
    last = 0
    for number in sorted(done):
        if not done[number]:
            break
        last = number
    return last


def projector(store: Store) -> dict[str, Any]:
    """K4.3: the ranking after the last completed round, and each pair's place after each,
    as the public sees it (the projector is on the wall, whoever opened it): a board counts
    its figures once every table has played it and the average until then."""
    last = completed_rounds(store)
    scored = score(store, up_to_round=last, public=True)
    ranking = scored.standings
    if "ALL" not in ranking:
        ranking.setdefault("NS", [])
        ranking.setdefault("EW", [])
    history: dict[tuple[str, str, int], list[int]] = defaultdict(list)
    scale, factoring, movement = scoring_options(store)
    everything = entries(store)
    complete = shown_boards(everything)
    shows_after: dict[int, int] = {}  # the round after which each complete board shows
    for e in everything:
        if e.key.board in complete:
            shows_after[e.key.board] = max(shows_after.get(e.key.board, 0), e.key.round)
    # The places before: the ranking by percentage after each round, as K4.3's barometer has.
    before = rankings_by_round([e.line() for e in everything if e.scored and e.key.round < last],
                               planned(everything), shows_after, range(1, last),
                               scale=scale, factoring=factoring, movement=movement)
    for after in range(1, last):
        for s in before[after]:
            history[s.pair.field.value, s.pair.section, int(s.pair.number)].append(s.rank)
    for field_name, rows in ranking.items():
        for row in rows:
            history[field_name, row["section"], int(row["pair"])].append(row["rank"])
    for field_name, rows in ranking.items():
        for row in rows:
            places = history.get((field_name, row["section"], int(row["pair"])), [])
            row["places"] = places
            row["moved"] = places[-2] - places[-1] if len(places) > 1 else 0
    rounds = (store.setting("movement", {}) or {}).get("rounds")
    return {"round": last, "rounds": rounds, "standings": ranking,
            "boards_shown": len(scored.shown or set()), "boards_total": len(boards(store))}


def _summary(text: str | None) -> str:
    """An audit row's old or new value in a few words."""
    return english(_summary_message(text))


def _summary_message(text: str | None) -> Any:
    """`_summary` as a text to translate (`server.texts`)."""
    if text is None:
        return "–"
    try:
        value = json.loads(text)
    except ValueError:
        return text
    if isinstance(value, dict) and "contract" in value:
        if value["contract"] == "PASS":
            return message(N_("passed out (0)"))
        played = {"contract": value["contract"], "declarer": value["declarer"],
                  "tricks": value["tricks"], "score": f"{value['ns_score']:+d}"}
        if value.get("lead"):
            return message(N_("%(contract)s by %(declarer)s, %(tricks)s tricks, lead %(lead)s "
                              "(%(score)s)"), lead=value["lead"], **played)
        return message(N_("%(contract)s by %(declarer)s, %(tricks)s tricks (%(score)s)"),
                       **played)
    if isinstance(value, dict) and "kind" in value:
        return message(N_("%(rule)s: %(adjustment)s"), rule=message(value["rule"]),
                       adjustment=adjustment_message(value))
    return text


def audit_wire(row: dict[str, Any]) -> dict[str, Any]:
    """An audit row as the console lists it: `old_text` and `new_text` in English, and as
    texts to translate (`old_message`, `new_message`)."""
    return {**row, "when": datetime.fromtimestamp(row["at_ms"] / 1000).strftime("%H:%M:%S"),
            "old_text": _summary(row["old"]), "new_text": _summary(row["new"]),
            "old_message": _summary_message(row["old"]),
            "new_message": _summary_message(row["new"])}


def director_board(store: Store, section: str, board: int) -> dict[str, Any]:
    """A board's traveller for the console: each entry with its audit trail and undo state."""
    data = traveller(store, section, board)
    trail = [audit_wire(r) for r in sql.board_audit(store, section, board)]
    changes = [c for c in sql.change_rows(store) if c["section"] == section
               and c["board"] == board]
    for row in data["results"]:
        audit_id = f"{section}/{row['table']}/{row['round']}/{board}"
        row["audit"] = [a for a in trail if a["entity_id"] == audit_id]
        row["undoable"] = any(c["table_number"] == row["table"] and c["round"] == row["round"]
                              and c["action"] in ("entered", "corrected", "deleted")
                              and c["undone_by"] is None for c in changes)
    data["results"].sort(key=lambda r: (r["table"], r["round"]))
    data["audit"] = trail
    data["info"] = board_info(board)
    return data
