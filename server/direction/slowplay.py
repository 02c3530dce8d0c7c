"""Slow play (K12.2): when each table finished each round, who was late, and what it costs.

A table finishes a round with the last entry of that round; it is late by the whole minutes
begun after its own deadline (the round's clock, or the table's own clock when the director
gave it one). Both pairs at the table carry those minutes; after the session a pair's minutes
are added up and assessed on the preset's minutes scale (`server.scoring.penalties`). The
director applies the proposed penalty, changes it or waives it, always with a reason; the
decision is stored and audited, and nothing here changes a score by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import TravellerError, shown
from ..event.clocks import ClockBook
from ..scoring.penalties import MINUTES_SCALES, MinutesScale, find_minutes_scale
from ..store import Store

SESSION = 1
"""One session per event for now; the stored rulings carry the session all the same."""


@dataclass(frozen=True)
class RoundFinish:
    """When one table finished one round, against its deadline."""

    section: str
    table: int
    round: int
    ns_pair: int
    ew_pair: int
    finished_ms: int
    """The time of the table's last entry of the round."""
    deadline_ms: int | None
    """The table's deadline for the round as its clock stands (None while paused)."""
    late_minutes: int


def scale_of(store: Store) -> MinutesScale:
    """The preset's slow-play scale: a K12 minutes scale among its rules, else K12.2."""
    preset = store.setting("preset", {})
    named = preset.get("slow_play")
    if isinstance(named, str):
        return find_minutes_scale(named)
    for rule in preset.get("rules", []):
        if str(rule).lower().startswith("k12") and str(rule).lower() in MINUTES_SCALES:
            return find_minutes_scale(str(rule))
    return find_minutes_scale("K12.2")


def finishes(store: Store) -> list[RoundFinish]:
    """Every round a table has finished under a started clock, in order."""
    clocks = ClockBook.load(store)
    entered: dict[tuple[str, int, int], dict[int, int]] = {}
    for result in store.results():
        boards = entered.setdefault((result.section, result.table_number, result.round), {})
        boards[result.board] = result.entered_ms
    out = []
    for seating in store.seatings():
        key = (seating.section, seating.table_number, seating.round)
        boards = entered.get(key, {})
        if seating.round not in clocks.rounds or not all(b in boards for b in seating.boards):
            continue
        clock = clocks.of(*key)
        assert clock is not None
        finished = max(boards.values())
        out.append(RoundFinish(seating.section, seating.table_number, seating.round,
                               seating.ns_pair, seating.ew_pair, finished, clock.deadline_ms(),
                               clock.late_minutes(finished)))
    return out


def proposals(store: Store) -> list[dict[str, Any]]:
    """Each pair that finished a round late: its minutes, the proposed sanction and the
    director's decision so far, by section and pair."""
    scale = scale_of(store)
    late: dict[tuple[str, int], list[RoundFinish]] = {}
    for finish in finishes(store):
        if finish.late_minutes:
            for pair in (finish.ns_pair, finish.ew_pair):
                late.setdefault((finish.section, pair), []).append(finish)
    rulings = {(r["section"], r["session"], r["pair_number"]): r
               for r in store.slow_play_rulings()}
    out = []
    for (section, pair), rounds in sorted(late.items()):
        earlier = sum(1 for (sec, session, p), r in rulings.items()
                      if (sec, p) == (section, pair) and session < SESSION and r["warning"])
        minutes = sum(f.late_minutes for f in rounds)
        sanction = scale.assess(minutes, earlier)
        out.append({
            "section": section, "pair": pair, "session": SESSION, "late_minutes": minutes,
            "rounds": [{"round": f.round, "table": f.table, "late_minutes": f.late_minutes,
                        "finished_ms": f.finished_ms} for f in rounds],
            "outcome": sanction.outcome.value, "penalty": _text(sanction.penalty),
            "unit": sanction.unit.value, "rule": sanction.rule, "warning": sanction.warning,
            "flagged": sanction.flagged, "earlier_warnings": earlier,
            "ruling": rulings.get((section, SESSION, pair)),
        })
    return out


def decide(store: Store, section: str, pair: int, action: str, now_ms: int, actor: str, *,
           penalty: str = "", reason: str = "") -> dict[str, Any]:
    """Apply (as proposed or changed) or waive a pair's slow-play penalty, with a reason."""
    proposal = next((p for p in proposals(store)
                     if (p["section"], p["pair"]) == (section, pair)), None)
    if proposal is None:
        raise TravellerError("not_late", f"pair {section}{pair} has no late minutes", 404)
    if action not in ("apply", "waive"):
        raise TravellerError("invalid_action", f"apply or waive, not {shown(action)}")
    reason = reason.strip()[:300]
    amount = proposal["penalty"]
    if action == "apply" and penalty.strip() and penalty.strip() != amount:
        try:
            value = Fraction(penalty.strip().replace(",", "."))
        except (ValueError, ZeroDivisionError):
            raise TravellerError("invalid_penalty", f"a penalty is a number of "
                                 f"{proposal['unit']}, not {shown(penalty)}") from None
        if not 0 <= value <= 100:
            raise TravellerError("invalid_penalty", "a penalty is 0 to 100 "
                                 f"{proposal['unit']}")
        amount = _text(value)
        if not reason:
            raise TravellerError("missing_reason", "say why the penalty differs from "
                                 f"{proposal['rule']}")
    if action == "waive" and not reason:
        raise TravellerError("missing_reason", "say why the penalty is waived")
    ruling = {
        "section": section, "session": SESSION, "pair_number": pair,
        "status": "applied" if action == "apply" else "waived",
        "late_minutes": proposal["late_minutes"],
        "penalty": amount if action == "apply" else "0", "unit": proposal["unit"],
        "rule": proposal["rule"], "warning": int(proposal["warning"] and action == "apply"),
        "reason": reason or f"{proposal['rule']} as assessed", "decided_ms": now_ms,
        "actor": actor,
    }
    with store.write() as db:
        store.save_slow_play(db, ruling, actor=actor, why=ruling["reason"])
    return ruling


def _text(value: Fraction) -> str:
    """A penalty as the director reads it: 5, 2.5 (never 5/2)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


__all__ = ["RoundFinish", "decide", "finishes", "proposals", "scale_of"]
