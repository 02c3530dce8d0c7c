"""Classification points (PKL, D8): the premium of each final place of a season and each
player's part of it.

PZBS awards PKL only for the final place in the season's classification, to every team down to
the last (D8.1). The premiums come from the federation's table, which the regulation refers to
but does not print, so a preset lists them; below the regional league the table gives the top
places and D8.3 the rest: "from place 3 the fall in PKL is a whole number depending on the
number of teams starting in the group, so that the last place's premium is 20 PKL". A
:class:`PremiumTable` holds both: the listed premiums and, for D8.3, the last place's premium.

The places after the listed ones fall by the same whole number a place, the largest that
never gives a place more than the place above it, and the last place gets exactly ``last``:
with ``k`` places listed and ``n`` teams, the step is ``(premiums[k-1] - last) // (n - k)`` and
place ``p > k`` gets ``last + step * (n - p)``. Whatever the division leaves over falls between
the last listed place and the next (with 1st and 2nd listed: between 2nd and 3rd).

A player who played at least 40% of the team's boards over the season gets the full premium;
any other player the same percentage of the premium as of the boards (D8.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

FULL_SHARE = 40
"""D8.2: the share of the team's boards (in percent) from which a player gets the full
premium."""


class PremiumTableError(ValueError):
    """A premium table that cannot give every place of the group its premium."""


@dataclass(frozen=True)
class PremiumTable:
    """The premiums of a season's final places (D8.1), as a preset's ``[classification]``
    gives them."""

    premiums: tuple[int, ...]
    """The federation's table: the premium of 1st place, 2nd place and so on, in PKL."""
    last: int | None = None
    """D8.3: the last place's premium; the places after the listed ones fall to it by a whole
    number a place. None: the list gives every place."""
    full_share: float = FULL_SHARE
    """D8.2: the full premium from this share of the team's boards, in percent."""

    def problems(self, teams: int | None = None) -> list[str]:
        """What is wrong with the table, each as a sentence (empty when it is fine); with
        `teams`, also whether it gives each of that many places a premium."""
        found = []
        if not self.premiums:
            found.append("premiums: give at least the premium of 1st place")
        if any(p < 0 for p in self.premiums):
            found.append("premiums: a premium cannot be negative")
        if any(a < b for a, b in zip(self.premiums, self.premiums[1:], strict=False)):
            found.append("premiums: a place cannot get more than the place above it")
        if self.last is not None:
            if self.last < 0:
                found.append("last: the last place's premium cannot be negative")
            elif self.premiums and self.last > self.premiums[-1]:
                found.append(f"last: {self.last} is more than the premium of the last place "
                             f"listed ({self.premiums[-1]}): the premium falls to the last place")
        if not 0 < self.full_share <= 100:
            found.append(f"full_share: {self.full_share:g} is not a percentage above 0 and at "
                         "most 100")
        if teams is not None and not found and self.last is None and teams > len(
                self.premiums):
            found.append(f"premiums: D8.1 gives every team down to the last a premium: "
                         f"{teams} teams, and the list stops at place {len(self.premiums)} "
                         "(list every place, or give `last` for D8.3's rule)")
        return found

    def step(self, teams: int) -> int | None:
        """D8.3: the whole number the premium falls by a place after the listed places, for
        `teams` teams; None when the list gives every place."""
        listed = len(self.premiums)
        if self.last is None or teams <= listed or not self.premiums:
            return None
        return (self.premiums[-1] - self.last) // (teams - listed)

    def for_teams(self, teams: int) -> tuple[int, ...]:
        """The premium of each place from 1st to `teams`-th (D8.1, D8.3)."""
        if teams < 1:
            raise PremiumTableError(f"no places to give premiums to: {teams} teams")
        wrong = self.problems(teams)
        if wrong:
            raise PremiumTableError("; ".join(wrong))
        listed = len(self.premiums)
        step = self.step(teams)
        if step is None or self.last is None:
            return self.premiums[:teams]
        return self.premiums + tuple(self.last + step * (teams - place)
                                     for place in range(listed + 1, teams + 1))


def place_premium(premiums: Sequence[int], place: int, shared: int = 1) -> float:
    """The premium of `place` (from 1); teams sharing `shared` places from it share their
    premiums equally."""
    if not 1 <= place <= len(premiums) or shared < 1:
        raise PremiumTableError(f"no premium for place {place} of {len(premiums)}")
    taken = premiums[place - 1:place - 1 + shared]
    return float(Fraction(sum(taken), len(taken)))


def player_pkl(premium: float, boards: int, team_boards: int,
               full_share: float = FULL_SHARE) -> float:
    """D8.2: a player's PKL from the team's premium: all of it from `full_share` percent of the
    team's boards, else the share of the boards played; rounded to a hundredth."""
    if boards < 0 or team_boards < 0 or boards > team_boards:
        raise ValueError(f"a player cannot play {boards} of the team's {team_boards} boards")
    if not team_boards:
        return 0.0
    share = Fraction(boards, team_boards)
    if share * 100 >= Fraction(full_share):
        return float(premium)
    return round(float(Fraction(premium) * share), 2) + 0.0
