"""Where a competition event stands: the model resolved from the event file, and as the
console and the JSON API show it.

`current` resolves the competition from the event's entries, results and decisions;
`wire` turns it into the README's JSON for the console (the same shape `traveller simulate
--json` prints, with the event's own fields: what is in play, what the director may do next).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..competition import Competition, CompetitionView, Inputs
from ..competition.report import stage_json, view_json, view_text
from ..event.venue import venue_group
from ..formats.competition import CompetitionError
from ..store import Store
from ..store import competition as sql
from . import decisions
from .inputs import competition_spec, load, own_entries
from .schedule import Batch, next_batch


@dataclass(frozen=True)
class Current:
    view: CompetitionView
    inputs: Inputs
    teams: bool


def current(store: Store, now_ms: int) -> Current:
    """The competition as the event file has it now."""
    spec = competition_spec(store)
    inputs = load(store, now_ms)
    view = Competition(spec, own_entries(store), focus=venue_group(store)).view(inputs)
    return Current(view, inputs, spec.kind == "teams")


def batch(store: Store, now: Current) -> Batch | None:
    return next_batch(store, now.view, now.inputs, teams=now.teams)


def played_in(store: Store, advance: dict[str, Any]) -> int:
    """The results entered in the rounds an advance put in play (0: it can be undone)."""
    return sum(1 for r in store.results()
               if advance["first_round"] <= r.round <= advance["last_round"])


def draw(rows: list[dict[str, Any]], names: dict[int, str]) -> list[dict[str, Any]]:
    """Every match and session an advance puts in play, in play order, from its fixture rows."""
    out = []
    for row in sorted(rows, key=lambda r: (r["first_round"], r["detail"].get("table", 0),
                                           r["key"])):
        detail = row["detail"]
        line = {"key": row["key"], "stage": detail.get("stage_name") or row["stage"],
                "group": row["grp"] or "", "label": detail.get("label") or row["key"],
                "first_round": row["first_round"], "last_round": row["last_round"]}
        if row["kind"] == "match":
            line.update(table=detail["table"], home=detail["home"], away=detail["away"],
                        home_name=names.get(detail["home"], ""),
                        away_name=names.get(detail["away"], ""))
        else:
            line.update(section=detail["section"], tables=detail["tables"],
                        pairs=len(detail.get("pairs", [])))
        out.append(line)
    return out


def wire(store: Store, now_ms: int, *, director: bool = False) -> dict[str, Any]:
    """The competition for the console: every stage as far as it has gone, the decisions
    due, what an advance would put in play, and the final places once they are known.
    `director` adds the decisions taken (who, why, whether they may still change)."""
    try:
        now = current(store, now_ms)
    except CompetitionError as exc:
        return {"ok": False, "code": "competition_error", "error": str(exc), "status": 409}
    view = now.view
    nxt = batch(store, now)
    in_play = sql.fixtures(store)
    advances = [a for a in sql.advances(store) if a["undone_ms"] is None]
    grouped = bool(view.spec.entries.groups)
    entries = [{"id": e.id, "name": e.name, **({"group": e.group} if grouped else {}),
                **({"joined": e.joined, "from": e.origin} if e.joined else {})}
               for e in view.entries]
    return {
        "ok": True,
        "competition": view.spec.name,
        "kind": view.spec.kind,
        "rules": list(view.spec.rules),
        "restricted_systems": view.spec.restricted_systems,
        "entries": entries,
        "stages": [{**stage_json(s), "status": _status(s, in_play),
                    "waiting_for": s.waiting_for} for s in view.stages],
        "due": [{"key": d.key, "kind": d.kind, "stage": d.stage, "name": d.name,
                 "rule": d.rule, "chooser": d.chooser, "allowed": list(d.allowed),
                 "count": d.count, "group": d.group} for d in view.due],
        "next": None if nxt is None else {"first_round": nxt.first_round,
                                          "last_round": nxt.last_round,
                                          "summary": nxt.summary,
                                          "draw": draw(nxt.fixture_rows,
                                                       {e.id: e.name for e in view.entries}),
                                          "new_tables": [list(t) for t in nxt.new_tables]},
        "last_advance": None if not advances else {
            "id": advances[-1]["id"], "first_round": advances[-1]["first_round"],
            "last_round": advances[-1]["last_round"],
            "played": played_in(store, advances[-1])},
        **({"decided": decisions.taken(store, view, now_ms)} if director else {}),
        "complete": view.complete,
        "final_places": [{"place": p.place, "entry": p.entry, "why": p.why,
                          **({"group": p.group} if grouped else {}),
                          "outcome": p.outcome or None, **({"shared": True} if p.shared else {})}
                         for p in view.final_places],
    }


def _status(stage: Any, in_play: dict[str, dict[str, Any]]) -> str:
    if stage.progress is None:
        return "waiting"
    if stage.complete:
        return "complete"
    if any(f["stage"] == stage.spec.id for f in in_play.values()):
        return "playing"
    return "ready"


STANDING_STATUS = {"waiting": "waiting", "ready": "waiting", "playing": "playing",
                   "complete": "complete"}
"""`traveller standings` tells three states: a stage ready for its first advance is waiting."""


def standings(store: Store, now_ms: int) -> tuple[dict[str, Any], str]:
    """`traveller standings`: the competition as it stands, in `simulate --json`'s schema, each
    stage with its `status`; and the same for people."""
    now = current(store, now_ms)
    in_play = sql.fixtures(store)
    status = {s.spec.id: STANDING_STATUS[_status(s, in_play)] for s in now.view.stages}
    data = view_json(now.view, now.view.spec, preset=None, seed=None)
    for stage in data["stages"]:
        stage["status"] = status[stage["id"]]
    data["complete"] = now.view.complete
    played = len(store.results())
    return data, view_text(now.view, now.view.spec, f"{played} table results so far", status)
