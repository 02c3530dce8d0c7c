"""The projector of a competition: the stage in play, ranked as the competition ranks it.

The projector follows the stages in play (two at once when a league plays its play-off beside
its places 13-16) and shows each after the last round every table of it has finished, as
`traveller standings` ranks it: the places, and "6=" only where the stage's tie-breaks leave
entries level (K17.1, K16.3, D3.2 for teams; K17.3 for pairs).

- A pairs stage is ranked by the competition model (`server.competition.pairs.standings`)
  on its sessions played, the session in play up to its last round finished at every table
  and counted as the public may see it (a board counts the average until every table has
  played it); each pair's place after every round of the stage goes beside it (K4.3's
  barometer ranks after every round).
- A team stage (and a Swiss pairs) is the model's standings after the last round every match
  of the group has finished: a match of a later round that is over already waits for its round.
  League II's Butler ranking over all its groups (D5.2) is shown as those standings count it,
  its first :data:`BUTLER_SHOWN` pairs, with what it holds.
- A knock-out shows its matches with the carry-over (K15, D1.4) and the IMPs so far, live:
  a board counts once both rooms of every match that plays its deal have played it.
- A stage that has not finished its first round leaves the stage before it on the wall;
  when the competition is over, the final places.

Rounds are shown as the room numbers them (:func:`room_round`).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..competition import Competition, CompetitionView, Inputs, StageView
from ..competition.model import KnockoutLine, Standing
from ..competition.pairs import InPlay, standings
from ..event.numbering import RoundName, numbering
from ..formats.competition import CompetitionError, StageKind
from ..stages.inputs import own_entries
from ..stages.view import Current, current
from ..store import Store
from ..store import competition as sql
from ..teams.matches import Match, matches, scored
from .sessions import MATCHPOINTS, places_shown, records, sessions
from .team_results import quotient_text

BUTLER_SHOWN = 10
"""The pairs of a Butler ranking over all the groups (D5.2) the wall has room for."""


def room_round(store: Store, event_round: int, section: str | None = None,
               table: int | None = None) -> RoundName:
    """How the room numbers an event round (the stage's round, a session's round): the one
    place the projector reads board and round numbers from."""
    return numbering(store).round(event_round, section, table)


def projector(store: Store, now_ms: int) -> dict[str, Any]:
    try:
        now = current(store, now_ms)
    except CompetitionError:
        return _with_version({"kind": "competition", "competition": "", "complete": False,
                              "round": 0, "rounds": 0, "stages": [], "final_places": []})
    view = now.view
    names = {e.id: e.name for e in view.entries}
    data: dict[str, Any] = {"kind": "competition", "competition": view.spec.name,
                            "complete": view.complete, "stages": [], "final_places": []}
    if view.complete:
        grouped = bool(view.spec.entries.groups)
        data["final_places"] = [
            {"place": p.place, "entry": p.entry, "name": names.get(p.entry, str(p.entry)),
             "group": p.group if grouped else "", "why": p.why, "outcome": p.outcome or None,
             "shared": p.shared, "shown": p.shown}
            for p in view.final_places]
        data["round"] = data["rounds"] = 0
        return _with_version(data)
    fixtures = sql.fixtures(store)
    started = [s for s in view.stages if any(f["stage"] == s.spec.id for f in fixtures.values())]
    shown = [s for s in started if not s.complete] or started[-1:]
    panels = [_panel(store, now, stage, names, now_ms) for stage in shown]
    if panels and all(not p["round"] and p["kind"] != "knockout" for p in panels):
        # Nothing of the new stage is finished yet: the stage before it stays on the wall.
        before = [s for s in started if s.complete and s not in shown]
        if before:
            panels.insert(0, _panel(store, now, before[-1], names, now_ms))
    data["stages"] = panels
    head = next((p for p in panels if p["round"]), panels[0] if panels else None)
    data["round"] = head["round"] if head else 0
    data["rounds"] = head["rounds"] if head else 0
    return _with_version(data)


def _with_version(data: dict[str, Any]) -> dict[str, Any]:
    """`version`: changes whenever anything shown does (a page left open reloads then)."""
    text = json.dumps(data, sort_keys=True, default=str)
    return {**data, "version": hashlib.sha1(text.encode()).hexdigest()[:12]}


def _panel(store: Store, now: Current, stage: StageView, names: dict[int, str],
           now_ms: int) -> dict[str, Any]:
    spec = stage.spec
    panel: dict[str, Any] = {"id": spec.id, "name": spec.name, "rules": list(spec.rules),
                             "status": "complete" if stage.complete else "playing",
                             "round": 0, "rounds": 0, "session": None, "sessions": None,
                             "groups": [], "matches": []}
    if spec.kind is StageKind.KNOCKOUT:
        return {**panel, "kind": "knockout", **_knockout(store, now, stage, names, now_ms)}
    if spec.kind in MATCHPOINTS:
        return {**panel, "kind": "pairs", **_pairs(store, stage, names)}
    return {**panel, "kind": "teams", **_vp(store, now, stage, names)}


# --- pairs stages -------------------------------------------------------------------------

def _pairs(store: Store, stage: StageView, names: dict[int, str]) -> dict[str, Any]:
    """Each group's ranking after the last round every table of the session in play has
    finished, by the stage's own scoring, and each pair's places after the rounds before."""
    spec = stage.spec
    context = stage.context
    if context is None:
        return {}
    mine = records(store, [s for s in sessions(store) if s.spec.id == spec.id])
    # Each session counted as far as every table of it has played: the complete ones whole,
    # the one in play up to its last round finished everywhere, none after it.
    steps: list[tuple[int, int]] = []  # (index in `mine`, rounds of it counted)
    for index, record in enumerate(mine):
        steps.extend((index, r) for r in range(1, record.finished + 1))
        if record.finished < record.session.rounds:
            break
    if not steps:
        return {"groups": _pairs_groups({}, {}, {}, names), "boards_shown": 0,
                "boards_total": 0}

    def ranked(upto: int) -> tuple[dict[str, tuple[Standing, ...]], dict[int, int]]:
        played: dict[int, list[tuple[str, tuple[Any, ...]]]] = {}
        in_play: dict[int, InPlay] = {}
        boards: dict[int, int] = defaultdict(int)
        counted = steps[:upto]
        for index in sorted({i for i, _ in counted}):
            record = mine[index]
            rounds = max(r for i, r in counted if i == index)
            lines, seen = record.up_to(rounds)
            number = record.session.number
            played[number] = list(lines.items())
            if rounds < record.session.rounds:
                in_play[number] = seen
            for group_lines in lines.values():
                for line in group_lines:
                    boards[int(line.ns_pair)] += 1
                    boards[int(line.ew_pair)] += 1
        return standings(spec, context.groups, played, in_play), boards

    history: dict[int, list[int]] = defaultdict(list)
    for upto in range(1, len(steps) + 1):
        by_group, boards = ranked(upto)
        for lines in by_group.values():
            for line, place in zip(lines, places_shown(lines), strict=True):
                history[line.entry].append(place)
    index, rounds = steps[-1]
    record = mine[index]
    fixture = record.session.fixtures[0]
    name = room_round(store, fixture["first_round"] + rounds - 1, fixture["detail"]["section"])
    _, seen = record.up_to(rounds)
    return {"round": name.number, "rounds": name.rounds,
            "session": record.session.number if spec.sessions > 1 else None,
            "sessions": spec.sessions if spec.sessions > 1 else None,
            "top_integral": spec.top_integral,
            "groups": _pairs_groups(by_group, boards, history, names),
            "boards_shown": len(seen.shown or ()), "boards_total": len(record.last_round)}


def _pairs_groups(by_group: dict[str, tuple[Standing, ...]],
                  boards: dict[int, int], history: dict[int, list[int]],
                  names: dict[int, str]) -> list[dict[str, Any]]:
    out = []
    for group, lines in by_group.items():
        rows = []
        for line, rank in zip(lines, places_shown(lines), strict=True):
            places = history.get(line.entry, [])
            rows.append({"place": line.place, "rank": rank, "shared": line.shared,
                         "entry": line.entry, "name": names.get(line.entry, str(line.entry)),
                         "percent": line.percent, "boards": boards.get(line.entry, 0),
                         "places": places,
                         "moved": places[-2] - places[-1] if len(places) > 1 else 0,
                         "tie_break": line.tie_break or None})
        out.append({"name": group, "rows": rows})
    return out


# --- team stages and Swiss pairs ----------------------------------------------------------

def _stage_round(fixture: dict[str, Any]) -> int:
    detail = fixture["detail"]
    return int(detail.get("stage_round") or detail.get("session") or 1)


def _vp(store: Store, now: Current, stage: StageView, names: dict[int, str]) -> dict[str, Any]:
    """The model's standings after the last round every match of each group has finished."""
    spec = stage.spec
    mine = [(key, f) for key, f in sql.fixtures(store).items() if f["stage"] == spec.id]
    done = {**now.inputs.matches, **now.inputs.sessions}
    finished: dict[str, int] = {}
    for group in {f["grp"] or "" for _, f in mine}:
        rounds = defaultdict(list)
        for key, f in mine:
            if (f["grp"] or "") == group:
                rounds[_stage_round(f)].append(key in done)
        r = 0
        while r + 1 in rounds and all(rounds[r + 1]):
            r += 1
        finished[group] = r
    later = {key for key, f in mine if key in done
             and _stage_round(f) > finished.get(f["grp"] or "", 0)}
    shown = stage
    if later:
        # A match of a later round is over before its round: the standings wait for it.
        inputs = Inputs(
            matches={k: v for k, v in now.inputs.matches.items() if k not in later},
            sessions={k: v for k, v in now.inputs.sessions.items() if k not in later},
            choices=now.inputs.choices, picks=now.inputs.picks, joins=now.inputs.joins,
            replaced=now.inputs.replaced)
        view: CompetitionView = Competition(now.view.spec, own_entries(store)).view(inputs)
        shown = view.stage(spec.id)
    groups = []
    head = (0, 0)
    for group in (shown.progress.groups if shown.progress else []):
        r = finished.get(group.name, 0)
        total = spec.rounds or len(group.rounds) or r
        if r:
            fixture = min((f for _, f in mine
                           if (f["grp"] or "") == group.name and _stage_round(f) == r),
                          key=lambda f: f["first_round"])
            detail = fixture["detail"]
            if fixture["kind"] == "match":
                name = room_round(store, fixture["first_round"], "O", int(detail["table"]))
                number = name.number
            else:
                # A Swiss pairs round is a session of its own: the room counts those.
                name = room_round(store, fixture["first_round"], detail["section"])
                number = name.session or r
            number = number if name.stage_id == spec.id else r
            head = (max(head[0], number), head[1])
        head = (head[0], max(head[1], total))
        played: dict[int, int] = defaultdict(int)
        for line in group.rounds:
            for m in line.matches:
                played[m.home] += 1
                if m.away is not None:
                    played[m.away] += 1
        rows = []
        for line, rank in zip(group.standings, places_shown(group.standings), strict=True):
            won, lost = line.imps or (0.0, 0.0)
            rows.append({"place": line.place, "rank": rank, "shared": line.shared,
                         "entry": line.entry, "name": names.get(line.entry, str(line.entry)),
                         "vp": line.vp or 0.0, "carried_vp": line.carried_vp,
                         "matches": played[line.entry], "imps": [won, lost],
                         "imp_quotient": quotient_text(won, lost),
                         "tie_break": line.tie_break or None})
        groups.append({"name": group.name, "round": r, "rounds": total, "rows": rows})
    out: dict[str, Any] = {"round": head[0], "rounds": head[1], "groups": groups}
    progress = shown.progress
    combined = progress.butler_combined if progress else None
    if progress is not None and combined is not None:
        group_of = {e: g.name for g in progress.groups for e in g.entries}
        out["butler_combined"] = {
            "groups": combined.groups, "of": combined.of, "up_to_round": combined.up_to_round,
            "rounds": combined.rounds,
            "rows": [{"place": b.place, "entry": b.entry, "pair": b.pair,
                      "name": names.get(b.entry, str(b.entry)),
                      "group": group_of.get(b.entry, ""), "boards": b.boards, "imps": b.imps,
                      "per_board": b.per_board} for b in combined.lines[:BUTLER_SHOWN]]}
    return out


# --- knock-outs ----------------------------------------------------------------------------

def _knockout(store: Store, now: Current, stage: StageView, names: dict[int, str],
              now_ms: int) -> dict[str, Any]:
    spec = stage.spec
    fixtures = {key: f for key, f in sql.fixtures(store).items() if f["stage"] == spec.id}
    in_play = {key: f for key, f in fixtures.items() if key not in now.inputs.matches}
    played = {(m.round, m.table): m for m in matches(store, now_ms)} if in_play else {}
    finished = finished_boards(played.values())
    rows = []
    for line in (stage.progress.matches if stage.progress else []):
        prefix = f"{spec.id}/{line.group}/" if line.group else f"{spec.id}/"
        key = prefix + line.id
        live = (0.0, 0.0)
        boards_played = line.boards + line.extra_boards if key in now.inputs.matches else 0
        playing = [f for k, f in in_play.items() if k == key or k.startswith(key + "/")]
        for fixture in playing:
            match = played.get((fixture["first_round"], fixture["detail"]["table"]))
            if match is None:
                continue
            counted = _counted(match, finished)
            score = scored(store, counted).score()
            live = (live[0] + float(score.home_boards), live[1] + float(score.away_boards))
            boards_played += sum(1 for b in counted.board_results() if b.played)
        rows.append(_knockout_row(line, live, boards_played, names,
                                  "complete" if line.winner is not None
                                  else "playing" if playing else "waiting"))
    return {"matches": rows}


def finished_boards(played: Iterable[Match]) -> set[int]:
    """Boards every match that plays them has finished in both rooms: what the public may
    see (the matches of a round play the same deals, numbered alike)."""
    done: dict[int, bool] = {}
    for match in played:
        for board in match.boards:
            finished = all(board in (match.open if room == "O" else match.closed)
                           or board in match.locked.get(room, ())
                           or board in match.adjusted.get(room, frozenset())
                           for room in ("O", "C"))
            done[board] = done.get(board, True) and finished
    return {board for board, finished in done.items() if finished}


def _counted(match: Match, finished: set[int]) -> Match:
    return replace(match, open={b: r for b, r in match.open.items() if b in finished},
                   closed={b: r for b, r in match.closed.items() if b in finished})


def _knockout_row(line: KnockoutLine, live: tuple[float, float], boards_played: int,
                  names: dict[int, str], status: str) -> dict[str, Any]:
    carry = line.carry_over
    imps = (line.imps[0] + live[0], line.imps[1] + live[1])
    carried = ((carry.imps if carry and carry.to == line.home else 0.0),
               (carry.imps if carry and carry.to == line.away else 0.0))
    total = [round(imps[0] + carried[0] - line.imp_penalties[0], 2),
             round(imps[1] + carried[1] - line.imp_penalties[1], 2)]
    return {
        "id": f"{line.group}/{line.id}" if line.group else line.id, "round": line.round,
        "group": line.group, "status": status,
        "home": {"entry": line.home, "name": names.get(line.home, str(line.home))},
        "away": {"entry": line.away, "name": names.get(line.away, str(line.away))},
        "boards": line.boards, "boards_played": boards_played,
        "carry_over": (None if carry is None else
                       {"to": carry.to, "imps": carry.imps, "rule": carry.rule}),
        "imps": [round(imps[0], 2), round(imps[1], 2)],
        "imp_penalties": list(line.imp_penalties), "total": total,
        "winner": line.winner, "decided_by": line.decided_by}
