"""A pair's late start (K11.3): the sanction proposed for the minutes it was late, and the
director's ruling that applies it (as proposed or changed) or waives it, with a reason.

Nothing here changes a score by itself: an applied penalty is read by the standings
(`server.publish.results`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import TravellerError, is_number_text, shown
from ..scoring.penalties import GABSI_LATE_PAIRS, MinutesScale, Outcome
from ..store import Store
from ..store import players as sql

SESSION = 1
"""One session per event for now (as in `server.direction.slowplay`); late starts carry it all
the same."""


def scale_of(store: Store) -> MinutesScale:
    """The late-start scale for pairs; GABSI's K11.3 (the only one a preset names so far)."""
    return GABSI_LATE_PAIRS


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def propose(store: Store, minutes: Any) -> dict[str, Any]:
    """The K11.3 sanction for a pair `minutes` late."""
    if isinstance(minutes, str):
        minutes = minutes.strip()
        minutes = int(minutes) if is_number_text(minutes) else minutes
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 600:
        raise TravellerError("invalid_minutes", f"minutes late must be a whole number from 1 "
                             f"to 600, not {shown(minutes)}")
    scale = scale_of(store)
    sanction = scale.assess(minutes)
    return {"minutes": minutes, "outcome": sanction.outcome.value,
            "penalty": _text(sanction.penalty), "unit": sanction.unit.value,
            "rule": sanction.rule,
            "flagged": sanction.flagged or sanction.outcome is Outcome.DISQUALIFIED}


def section_pairs(store: Store, section: str) -> set[int]:
    return {p for s in store.seatings() if s.section == section for p in (s.ns_pair, s.ew_pair)}


def decide_late(store: Store, section: str, pair: Any, minutes: Any, action: str,
                now_ms: int, actor: str, *, penalty: str = "",
                reason: str = "") -> dict[str, Any]:
    """Apply (as proposed or changed) or waive a pair's late-start penalty, with a reason
    when it differs from the proposal."""
    try:
        pair = int(str(pair).strip())
    except ValueError:
        raise TravellerError("invalid_pair", f"a pair is a number, not {shown(pair)}") from None
    if pair not in section_pairs(store, section):
        raise TravellerError("unknown_pair", f"there is no pair {section}{pair}", 404)
    if action not in ("apply", "waive"):
        raise TravellerError("invalid_action", f"apply or waive, not {shown(action)}")
    proposal = propose(store, minutes)
    reason = reason.strip()[:300]
    amount = proposal["penalty"]
    if action == "apply" and proposal["outcome"] == "penalty" and penalty.strip() \
            and penalty.strip() != amount:
        try:
            value = Fraction(penalty.strip().replace(",", "."))
        except (ValueError, ZeroDivisionError):
            raise TravellerError("invalid_penalty", f"a penalty is a number of "
                                 f"{proposal['unit']}, not {shown(penalty)}") from None
        if value < 0 or value > 100:
            raise TravellerError("invalid_penalty", "a penalty is 0 to 100 MP")
        if not reason:
            raise TravellerError("missing_reason", "say why the penalty differs from K11.3")
        amount = _text(value)
    if action == "waive" and not reason:
        raise TravellerError("missing_reason", "say why the penalty is waived")
    ruling = {
        "section": section, "session": SESSION, "pair_number": pair,
        "minutes": proposal["minutes"], "status": "applied" if action == "apply" else "waived",
        "outcome": proposal["outcome"], "proposed": proposal["penalty"],
        "penalty": amount if action == "apply" and proposal["outcome"] == "penalty" else "0",
        "unit": proposal["unit"], "rule": proposal["rule"], "flagged": int(proposal["flagged"]),
        "reason": reason, "actor": actor, "at_ms": now_ms,
    }
    with store.write() as db:
        sql.save_late_start(store, db, ruling, actor, reason or f"{proposal['rule']} as proposed")
    return ruling


def late_penalties(store: Store) -> list[dict[str, Any]]:
    """Applied late-start penalties in matchpoints, for the standings."""
    out = []
    for r in sql.late_starts(store):
        if r["status"] == "applied" and r["outcome"] == "penalty" and r["unit"] == "MP":
            points = float(Fraction(r["penalty"] or "0"))
            if points:
                out.append({"section": r["section"], "pair": r["pair_number"],
                            "matchpoints": points, "rule": r["rule"] or "K11.3",
                            "why": r["reason"] or f"{r['minutes']} min late"})
    return out
