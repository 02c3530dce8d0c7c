"""Fines: money a team owes the organiser for an offence, beside the score (D3.7, Law 74).

A fine changes no score and no ranking: it is an entry on the team's account with the
organiser. Which rule fines are given under, their currency and the fine a walk-over brings by
itself are a preset's ``[penalties]`` (:class:`FinePolicy`; D3.7: "a W.O. in the central
leagues costs a 100 zl fine", so League I and II say ``walkover_fine = 100`` and League III
does not). :func:`accounts` adds up the fines in force team by team, each currency apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

MOST = 1_000_000.0
"""The largest fine one ruling may record: a typing slip, not a fine, above it."""


@dataclass(frozen=True)
class FinePolicy:
    """A preset's ``[penalties]``: how its director fines teams."""

    currency: str
    """What fines are counted in, as the players read it ("zł")."""
    rule: str = "Law 74"
    """The rule fines and procedural penalties are given under ("D3.7"), named on each one."""
    walkover_fine: float = 0.0
    """The fine a team's walk-over brings by itself (D3.7: 100 in the central leagues); 0:
    none."""

    def problems(self) -> list[str]:
        """Every reason this policy cannot be used, each naming its setting."""
        out = []
        if not self.currency.strip():
            out.append("currency: required (what fines are counted in, e.g. \"zł\")")
        if not self.rule.strip():
            out.append("rule: must name the rule fines are given under (e.g. \"D3.7\")")
        if not math.isfinite(self.walkover_fine) or not 0 <= self.walkover_fine <= MOST:
            out.append(f"walkover_fine: {self.walkover_fine:g} is not an amount from 0 to "
                       f"{MOST:g}")
        return out

    @classmethod
    def from_setting(cls, value: object) -> FinePolicy | None:
        """The policy an event stored with its preset (a dict), or None when it has none."""
        if not isinstance(value, Mapping) or not value.get("currency"):
            return None
        fine = value.get("walkover_fine") or 0
        return cls(currency=str(value["currency"]), rule=str(value.get("rule") or "Law 74"),
                   walkover_fine=float(fine) if isinstance(fine, int | float) else 0.0)


@dataclass(frozen=True)
class Fine:
    """One fine in force."""

    team: int
    amount: float
    currency: str


@dataclass(frozen=True)
class Account:
    """What a team owes: its fines in force and their totals, one per currency."""

    team: int
    fines: int
    """How many fines are in force."""
    totals: tuple[tuple[str, float], ...]
    """(currency, total), in the order the currencies first appear."""


def accounts(fines: Iterable[Fine]) -> dict[int, Account]:
    """Each fined team's account, by team number."""
    counts: dict[int, int] = {}
    totals: dict[int, dict[str, float]] = {}
    for fine in fines:
        counts[fine.team] = counts.get(fine.team, 0) + 1
        mine = totals.setdefault(fine.team, {})
        mine[fine.currency] = round(mine.get(fine.currency, 0.0) + fine.amount, 2)
    return {team: Account(team, counts[team], tuple(totals[team].items()))
            for team in sorted(counts)}
