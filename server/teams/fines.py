"""Fines on a team's account (D3.7, Law 74): the preset's policy, the fine a walk-over brings
by itself, and each team's account.

A fine is a team ruling of kind ``fine`` (`team_rulings`: append-only, audited, taken back
with a reason) whose value is the amount and whose detail names the currency; it changes no
score. The director records one by hand (`server.teams.rulings.fine`); a W.O. the director
rules in an event whose preset says ``[penalties] walkover_fine`` adds one in the same
transaction, its detail naming the W.O., and taking the W.O. back takes it back too.

Reading: the W.O. wins a disqualification hands out (K14.1) are the disqualification's, not a
W.O. the team caused by not turning up, so they bring no fine.
"""

from __future__ import annotations

from typing import Any

from ..scoring.fines import Account, Fine, FinePolicy, accounts
from ..store import Store
from ..store import teams as sql
from .matches import names as team_names


def policy(store: Store) -> FinePolicy | None:
    """The event's fines (its preset's ``[penalties]``), or None when it records none."""
    return FinePolicy.from_setting((store.setting("preset", {}) or {}).get("penalties"))


def walkover_fine(store: Store, walkover: dict[str, Any]) -> dict[str, Any] | None:
    """The fine row a walk-over ruling brings (D3.7), to store beside it; None when the
    preset fines no walk-over. The W.O.'s id goes in ``detail.walkover`` once it is known."""
    given = policy(store)
    if given is None or not given.walkover_fine:
        return None
    return {"kind": "fine", "round": walkover["round"], "team": walkover["team"],
            "opponent": None, "value": given.walkover_fine, "rule": given.rule,
            "detail": {"currency": given.currency, "walkover": None,
                       "table": (walkover["detail"] or {}).get("table")},
            "why": f"{given.rule}: W.O. in round {walkover['round']}",
            "actor": walkover["actor"], "at_ms": walkover["at_ms"], "removed_ms": None}


def fine_of(ruling: dict[str, Any]) -> Fine:
    return Fine(int(ruling["team"]), float(ruling["value"]),
                str((ruling["detail"] or {}).get("currency") or ""))


def team_accounts(store: Store) -> list[dict[str, Any]]:
    """Every team with a fine in force: its fines, newest last, and its account's totals."""
    rulings = [r for r in sql.team_rulings(store) if r["kind"] == "fine"]
    names = team_names(store)
    found: dict[int, Account] = accounts(fine_of(r) for r in rulings)
    return [{"team": team, "name": names.get(team, f"Team {team}"), "fines": account.fines,
             "totals": [{"currency": c, "amount": amount} for c, amount in account.totals],
             "total": ", ".join(f"{amount:g} {c}" for c, amount in account.totals),
             "rulings": [{"id": r["id"], "amount": r["value"],
                          "currency": (r["detail"] or {}).get("currency"), "rule": r["rule"],
                          "round": r["round"], "why": r["why"],
                          "walkover": (r["detail"] or {}).get("walkover")}
                         for r in rulings if r["team"] == team]}
            for team, account in found.items()]
