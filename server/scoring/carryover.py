"""Carry-over: the IMPs a team brings into a knock-out match from an earlier stage.

GABSI (K15) carries part of the margin of the two teams' direct match in the preliminary round
robin, more when the higher-ranked team won it than when the lower-ranked team did, capped at half
the boards of that match; PZBS (D1.4) gives the team placed higher a tenth of an IMP per board
scheduled, whatever happened before; some finals have none (KC2.3). A :class:`CarryOverRule`
holds those numbers; :func:`carry_over` applies one. Amounts are exact fractions (a third of 10
IMPs is 10/3, shown as 3.33 by whoever prints it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction


class CarryOverError(ValueError):
    """Bad carry-over input: the base of every error raised here."""


class UnknownCarryOverRuleError(CarryOverError):
    """A rule name that is not registered; the message lists those that are."""


class CarryOverMethod(Enum):
    """How a rule computes the carry-over."""

    NONE = "none"
    """No carry-over (KC2.3)."""
    MARGIN_SHARE = "margin share"
    """A share of the direct match's margin to its winner, capped by its boards (K15)."""
    BOARDS_SHARE = "boards share"
    """A fixed number of IMPs per board scheduled, to the team placed higher (D1.4)."""


@dataclass(frozen=True)
class CarryOverRule:
    """The numbers of a carry-over regulation."""

    name: str
    """The rule ID it implements, found by it (``"K15"``, ``"D1.4"``, ``"KC2.3"``)."""
    method: CarryOverMethod
    """How it is computed."""
    higher_winner_share: Fraction = Fraction(1, 2)
    """Share of the margin when the higher-ranked team won the direct match (K15.1)."""
    lower_winner_share: Fraction = Fraction(1, 3)
    """Share of the margin when the lower-ranked team won it (K15.2)."""
    cap_per_board: Fraction = Fraction(1, 2)
    """The cap: this many IMPs per board of the direct match (half the boards)."""
    per_scheduled_board: Fraction = Fraction(1, 10)
    """IMPs per board scheduled in the knock-out match (D1.4: 72 boards give 7.2)."""


@dataclass(frozen=True)
class DirectMatch:
    """The earlier match between the two teams, as its official IMP score stands."""

    team_a: int
    """One team."""
    team_b: int
    """The other team."""
    imps_a: float
    """IMPs of ``team_a`` in the match (after any IMP penalty)."""
    imps_b: float
    """IMPs of ``team_b``."""
    boards: int
    """Boards of the match (the cap counts them)."""


@dataclass(frozen=True)
class CarryOver:
    """The carry-over into one knock-out match."""

    team: int | None
    """The team that starts with the IMPs; None when nobody does."""
    imps: Fraction
    """How many IMPs."""
    rule: str
    """The rule that gave them (``"K15.1"``, ``"K15.2"``, ``"D1.4"``, ``"KC2.3"``...)."""

    def for_team(self, team: int) -> Fraction:
        """The IMPs ``team`` starts with."""
        return self.imps if self.team == team else Fraction(0)


def _exact(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1000)


def carry_over(rule: CarryOverRule, higher: int, lower: int, *,
               direct: DirectMatch | None = None,
               boards_scheduled: int | None = None) -> CarryOver:
    """The carry-over between ``higher`` and ``lower`` (the teams as ranked after the earlier
    stage, VP deductions included: K10.1) under ``rule``.

    K15 needs the ``direct`` match and gives nothing when the teams never met or drew; D1.4 needs
    ``boards_scheduled``.
    """
    if higher == lower:
        raise CarryOverError(f"a team cannot meet itself: {higher!r}")
    if rule.method is CarryOverMethod.NONE:
        return CarryOver(None, Fraction(0), rule.name)
    if rule.method is CarryOverMethod.BOARDS_SHARE:
        if boards_scheduled is None or boards_scheduled < 1:
            raise CarryOverError(f"invalid boards scheduled: {boards_scheduled!r}")
        return CarryOver(higher, rule.per_scheduled_board * boards_scheduled, rule.name)
    if direct is None:
        return CarryOver(None, Fraction(0), rule.name)
    if {direct.team_a, direct.team_b} != {higher, lower}:
        raise CarryOverError(
            f"the direct match {direct.team_a!r} v {direct.team_b!r} is not between "
            f"{higher!r} and {lower!r}")
    if direct.boards < 1:
        raise CarryOverError(f"invalid boards in the direct match: {direct.boards!r}")
    margin = _exact(direct.imps_a) - _exact(direct.imps_b)
    winner = direct.team_a if margin > 0 else direct.team_b
    if margin == 0:
        return CarryOver(None, Fraction(0), rule.name)
    share, label = ((rule.higher_winner_share, f"{rule.name}.1") if winner == higher
                    else (rule.lower_winner_share, f"{rule.name}.2"))
    cap = rule.cap_per_board * direct.boards
    return CarryOver(winner, min(abs(margin) * share, cap), label)


GABSI_K15 = CarryOverRule("K15", CarryOverMethod.MARGIN_SHARE)
"""K15: 50% (higher-ranked winner) or 33 1/3% (lower-ranked winner) of the direct match's margin,
at most half its boards."""
PZBS_D14 = CarryOverRule("D1.4", CarryOverMethod.BOARDS_SHARE)
"""D1.4: 10% of the boards scheduled, to the team placed higher."""
NO_CARRY_OVER = CarryOverRule("KC2.3", CarryOverMethod.NONE)
"""KC2.3: no carry-over."""

CARRY_OVER_RULES: dict[str, CarryOverRule] = {
    "k15": GABSI_K15, "d1.4": PZBS_D14, "kc2.3": NO_CARRY_OVER, "none": NO_CARRY_OVER,
}
"""The presets by name (lower case)."""


def find_carry_over_rule(name: str) -> CarryOverRule:
    """The preset called ``name``, any case: ``find_carry_over_rule("D1.4")``."""
    rule = CARRY_OVER_RULES.get(name.strip().lower()) if isinstance(name, str) else None
    if rule is None:
        raise UnknownCarryOverRuleError(
            f"unknown carry-over rule: {name!r} (known: {', '.join(sorted(CARRY_OVER_RULES))})")
    return rule
