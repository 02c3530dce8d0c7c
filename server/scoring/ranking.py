"""Team rankings: total VPs, then a configurable chain of tie-breaks, with the reason for every
place.

The input is one :class:`MatchRecord` per match (VPs and IMPs of both teams, any IMP penalty and
VP deduction) and optional event-level :class:`~server.scoring.penalties.VpDeduction` s. A chain
is a list of criterion names (:data:`CRITERIA`); the first splits the whole field, every later one
only splits teams still level. Criteria that compare the tied teams with each other (the direct
match, the mini-league) start again on a smaller group they leave level, so three teams level on
everything but one of them fall back to the direct match of the other two. The result says, for
every two neighbours, which criterion put one ahead and on what figures, so a results page can
print "ahead on IMP quotient 1.23 v 1.19". VP deductions (K10.1) lower a team's total but never
the VPs of its direct matches.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import count, pairwise

from server.scoring.penalties import VpDeduction


class RankingError(ValueError):
    """Bad ranking input: the base of every error raised here."""


class UnknownCriterionError(RankingError):
    """A tie-break criterion that is not known; the message lists those that are."""


class UnknownChainError(RankingError):
    """A tie-break chain that is not registered; the message lists those that are."""


class InvalidMatchRecordError(RankingError):
    """A match record that cannot be: a team against itself, a number that is not finite."""


@dataclass(frozen=True)
class MatchRecord:
    """The result of one team match as the ranking needs it."""

    team_a: int
    """One team (the home team, when there is one)."""
    team_b: int
    """The other team."""
    imps_a: float
    """IMPs scored by ``team_a`` over the boards (before its own IMP penalty). For a Swiss pairs
    event scored against a datum, the pair's datum IMPs in the match."""
    imps_b: float
    """IMPs scored by ``team_b``."""
    vp_a: float
    """VPs of ``team_a`` for the match, IMP penalties already counted in the conversion."""
    vp_b: float
    """VPs of ``team_b``."""
    imp_penalty_a: float = 0.0
    """IMPs taken from ``team_a`` in this match (K10.2); its opponent does not gain them."""
    imp_penalty_b: float = 0.0
    """IMPs taken from ``team_b``."""
    vp_penalty_a: float = 0.0
    """VPs taken off ``team_a``'s total for this match (K10.1): not off the direct match."""
    vp_penalty_b: float = 0.0
    """VPs taken off ``team_b``'s total for this match."""
    round: int = 0
    """The round (session) number, when known."""
    walkover: bool = False
    """A walk-over (K13): VPs count, IMPs do not ("tanpa imp")."""

    def __post_init__(self) -> None:
        if self.team_a == self.team_b:
            raise InvalidMatchRecordError(f"a team cannot play itself: {self.team_a!r}")
        for name in ("imps_a", "imps_b", "vp_a", "vp_b", "imp_penalty_a", "imp_penalty_b",
                     "vp_penalty_a", "vp_penalty_b"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not math.isfinite(value):
                raise InvalidMatchRecordError(f"invalid {name}: {value!r}")

    def involves(self, team: int) -> bool:
        """True when ``team`` played in this match."""
        return team in (self.team_a, self.team_b)

    def opponent(self, team: int) -> int:
        """The other team."""
        return self.team_b if team == self.team_a else self.team_a

    def imps_kept(self, team: int) -> float:
        """IMPs ``team`` keeps from the match: its IMPs less its own IMP penalty."""
        if team == self.team_a:
            return self.imps_a - self.imp_penalty_a
        return self.imps_b - self.imp_penalty_b

    def imps_conceded(self, team: int) -> float:
        """IMPs scored against ``team``: the opponent's IMPs, not lowered by the opponent's own
        penalty (K10.2: penalised IMPs go to nobody)."""
        return self.imps_b if team == self.team_a else self.imps_a

    def vp(self, team: int) -> float:
        """VPs of ``team`` for the match, before VP deductions."""
        return self.vp_a if team == self.team_a else self.vp_b

    def vp_penalty(self, team: int) -> float:
        """VPs taken off ``team``'s total for this match."""
        return self.vp_penalty_a if team == self.team_a else self.vp_penalty_b


def _exact(value: float) -> Fraction:
    # VPs such as 9.64 + 1.72 must add up to exactly 11.36: read each figure as the decimal it
    # was written as (to a millionth), never as its binary approximation.
    return Fraction(f"{value:.6f}")


@dataclass(frozen=True)
class TeamStanding:
    """One team's line in a ranking."""

    team: int
    """The team number."""
    rank: int
    """Place, 1 first; level teams share the place of the first of them."""
    shared: bool
    """True when another team shares the place ("3=")."""
    vp: float
    """Total VPs after every deduction, to two decimals."""
    vp_deducted: float
    """The VPs deducted (K10.1, K18.1)."""
    matches: int
    """Matches played or awarded."""
    imps_won: float
    """IMPs kept over all matches (own IMP penalties taken off; walk-overs count none)."""
    imps_lost: float
    """IMPs scored against the team."""
    imp_quotient: float
    """``imps_won / imps_lost``; infinite when none were lost, 1.0 with none either way."""
    imp_difference: float
    """``imps_won - imps_lost``."""


@dataclass(frozen=True)
class Separation:
    """Why one team is placed just ahead of the next."""

    ahead: int
    """The team placed higher."""
    behind: int
    """The team placed just below it."""
    criterion: str | None
    """The criterion that separated them; None when they are level (shared place)."""
    label: str
    """How a results page names the criterion ("IMP quotient")."""
    ahead_value: float | None
    """The figure of :attr:`ahead` on that criterion."""
    behind_value: float | None
    """The figure of :attr:`behind`."""

    @property
    def figures(self) -> tuple[str, str]:
        """:attr:`ahead_value` and :attr:`behind_value` as a results page prints them
        ("1.23", "∞", "-" for none): what a translated reason fills in. Two figures that
        differ never read the same: "0.893 v 0.887", not "0.89 v 0.89"."""
        for places in range(2, 7):
            ahead, behind = _show(self.ahead_value, places), _show(self.behind_value, places)
            if ahead != behind:
                break
        return ahead, behind

    def __str__(self) -> str:
        """The reason in English; :attr:`criterion`, :attr:`label` and :attr:`figures` are
        there to word it in another language."""
        if self.criterion is None:
            return level_words([self.ahead, self.behind])
        ahead, behind = self.figures
        return f"{self.ahead} ahead of {self.behind} on {self.label} {ahead} v {behind}"


def level_words(entries: Sequence[int]) -> str:
    """``"10 and 12 are level"`` (``"7, 2 and 9 are level"``): entries no criterion parts."""
    listed = [str(e) for e in entries]
    return f"{', '.join(listed[:-1])} and {listed[-1]} are level"


def _show(value: float | None, places: int = 2) -> str:
    if value is None:
        return "-"
    if math.isinf(value):
        return "∞"
    return (f"{value:.{places}f}".rstrip("0").rstrip(".") if value != int(value)
            else str(int(value)))


@dataclass(frozen=True)
class Ranking:
    """The ranking of a set of teams."""

    chain: tuple[str, ...]
    """The criteria applied, in order."""
    standings: tuple[TeamStanding, ...]
    """Best first."""
    separations: tuple[Separation, ...]
    """One per pair of neighbours: ``separations[i]`` is between places ``i`` and ``i + 1``."""

    def standing(self, team: int) -> TeamStanding:
        """The line of ``team``."""
        for line in self.standings:
            if line.team == team:
                return line
        raise RankingError(f"team not ranked: {team!r}")

    def order(self) -> list[int]:
        """The teams, best first."""
        return [line.team for line in self.standings]


class _Context:
    """Totals and the matches between teams, computed once per ranking."""

    def __init__(self, records: Sequence[MatchRecord], teams: Iterable[int],
                 deductions: Iterable[VpDeduction],
                 carried: Mapping[int, float] | None = None) -> None:
        self.records = records
        self.teams = sorted(set(teams))
        self.vp: dict[int, Fraction] = {team: Fraction(0) for team in self.teams}
        self.deducted: dict[int, Fraction] = {team: Fraction(0) for team in self.teams}
        self.won: dict[int, Fraction] = {team: Fraction(0) for team in self.teams}
        self.lost: dict[int, Fraction] = {team: Fraction(0) for team in self.teams}
        self.matches: dict[int, int] = {team: 0 for team in self.teams}
        for record in records:
            for team in (record.team_a, record.team_b):
                self.vp[team] += _exact(record.vp(team))
                self.deducted[team] += _exact(record.vp_penalty(team))
                self.matches[team] += 1
                if not record.walkover:
                    self.won[team] += _exact(record.imps_kept(team))
                    self.lost[team] += _exact(record.imps_conceded(team))
        self.carried: dict[int, Fraction] = {team: Fraction(0) for team in self.teams}
        for team, vp in (carried or {}).items():
            if team not in self.carried:
                raise RankingError(f"carried VP for a team not ranked: {team!r}")
            self.carried[team] = _exact(vp)
        for deduction in deductions:
            if deduction.team not in self.vp:
                raise RankingError(f"deduction for a team not ranked: {deduction.team!r}")
            self.deducted[deduction.team] += _exact(deduction.vp)

    def total_vp(self, team: int) -> Fraction:
        return self.vp[team] + self.carried[team] - self.deducted[team]

    def quotient(self, team: int) -> tuple[int, Fraction]:
        won, lost = self.won[team], self.lost[team]
        if lost == 0:
            return (1, Fraction(0)) if won > 0 else (0, Fraction(1))
        return (0, won / lost)

    def among(self, team: int, group: Sequence[int]) -> list[MatchRecord]:
        others = set(group) - {team}
        return [r for r in self.records if r.involves(team) and r.opponent(team) in others]


_Key = tuple[int, Fraction]
_Measure = Callable[[int, Sequence[int], _Context], tuple[_Key, float] | None]


@dataclass(frozen=True)
class Criterion:
    """A tie-break criterion: a measure of each team of a level group, higher is better."""

    name: str
    """The name a chain lists it by."""
    label: str
    """The name a results page shows."""
    measure: _Measure
    """``(team, group, context) -> (sort key, shown value)``, or None when the criterion does not
    apply to this group (it then leaves the group level)."""
    restart: bool = False
    """True when a smaller group it leaves level is measured again by the same criterion."""
    reported_as: tuple[str, str] | None = None
    """For a criterion that stands for two others: the one a separation names for two level
    teams, and the one for more."""

    def reported_for(self, group_size: int) -> str:
        """The criterion name a separation in a group of ``group_size`` teams shows."""
        if self.reported_as is None:
            return self.name
        return self.reported_as[0] if group_size == 2 else self.reported_as[1]


def _plain(value: Fraction) -> tuple[_Key, float]:
    return (0, value), float(value)


def _vp(team: int, group: Sequence[int], ctx: _Context) -> tuple[_Key, float]:
    return _plain(ctx.total_vp(team))


def _imp_quotient(team: int, group: Sequence[int], ctx: _Context) -> tuple[_Key, float]:
    key = ctx.quotient(team)
    return key, (math.inf if key[0] else float(key[1]))


def _imp_difference(team: int, group: Sequence[int], ctx: _Context) -> tuple[_Key, float]:
    return _plain(ctx.won[team] - ctx.lost[team])


def _total_imps(team: int, group: Sequence[int], ctx: _Context) -> tuple[_Key, float]:
    return _plain(ctx.won[team])


def _team_number(team: int, group: Sequence[int], ctx: _Context) -> tuple[_Key, float]:
    return (0, Fraction(-team)), float(team)


def _direct_imps(team: int, group: Sequence[int],
                 ctx: _Context) -> tuple[_Key, float] | None:
    matches = ctx.among(team, group)
    if len(group) != 2 or not [m for m in matches if not m.walkover]:
        return None
    return _plain(sum((_exact(m.imps_kept(team)) for m in matches if not m.walkover),
                      Fraction(0)))


def _direct_vp(team: int, group: Sequence[int],
               ctx: _Context) -> tuple[_Key, float] | None:
    matches = ctx.among(team, group)
    if len(group) != 2 or not matches:
        return None
    return _plain(sum((_exact(m.vp(team)) for m in matches), Fraction(0)))


def _league_vp(team: int, group: Sequence[int], ctx: _Context) -> tuple[_Key, float] | None:
    return _plain(sum((_exact(m.vp(team)) for m in ctx.among(team, group)), Fraction(0)))


def _league_imps(team: int, group: Sequence[int],
                 ctx: _Context) -> tuple[_Key, float] | None:
    matches = [m for m in ctx.among(team, group) if not m.walkover]
    return _plain(sum((_exact(m.imps_kept(team)) - _exact(m.imps_conceded(team))
                       for m in matches), Fraction(0)))


def _head_to_head(team: int, group: Sequence[int],
                  ctx: _Context) -> tuple[_Key, float] | None:
    return _direct_imps(team, group, ctx) if len(group) == 2 else _league_vp(team, group, ctx)


CRITERIA: dict[str, Criterion] = {c.name: c for c in (
    Criterion("vp", "VP", _vp),
    Criterion("imp_quotient", "IMP quotient", _imp_quotient),
    Criterion("imp_difference", "IMP difference", _imp_difference),
    Criterion("total_imps", "total IMPs", _total_imps),
    Criterion("team_number", "team number", _team_number),
    Criterion("direct_imps", "direct match (IMPs)", _direct_imps),
    Criterion("direct_vp", "direct match (VP)", _direct_vp),
    Criterion("mini_league_vp", "matches among the level teams (VP)", _league_vp, restart=True),
    Criterion("mini_league_imps", "matches among the level teams (IMPs)", _league_imps,
              restart=True),
    Criterion("head_to_head", "direct match (IMPs) / matches among the level teams (VP)",
              _head_to_head, restart=True, reported_as=("direct_imps", "mini_league_vp")),
)}
"""The criteria by name.

``vp``: total VPs after deductions. ``imp_quotient``: IMPs won / IMPs lost. ``imp_difference``:
won - lost. ``total_imps``: IMPs won (a datum-scored pair's own IMPs). ``team_number``: the lower
number first. ``direct_imps``: exactly two level teams that met: the IMPs of their match(es), 1 IMP
decides. ``direct_vp``: the same in VPs (before deductions). ``mini_league_vp`` /
``mini_league_imps``: the VPs / IMP difference of the matches among the level teams (two teams:
their direct matches). ``head_to_head``: K17.1 as written: the direct match in IMPs for two teams,
the mini-league in VPs for more.
"""

CHAINS: dict[str, tuple[str, ...]] = {
    "k17.1": ("vp", "imp_quotient", "head_to_head"),
    "k16.3": ("vp", "imp_quotient", "imp_difference", "team_number"),
    "kc1.4": ("vp", "direct_imps", "total_imps"),
    "d3.2": ("vp", "mini_league_vp", "mini_league_imps"),
}
"""The regulations' chains by rule ID (lower case).

K17.1: VP, IMP quotient, then the direct match (two teams) or the mini-league (more). K16.3 (Swiss
order): VP, IMP quotient, IMP difference, team number. KC1.4: VP, the direct match of two pairs,
else total IMPs. D3.2: VP, then the direct match(es) (VPs, then IMPs)."""


def find_criterion(name: str) -> Criterion:
    """The criterion called ``name``, any case."""
    criterion = CRITERIA.get(name.strip().lower()) if isinstance(name, str) else None
    if criterion is None:
        raise UnknownCriterionError(
            f"unknown tie-break criterion: {name!r} (known: {', '.join(sorted(CRITERIA))})")
    return criterion


def find_chain(name: str) -> tuple[str, ...]:
    """The chain registered for a rule ID, any case: ``find_chain("K17.1")``."""
    chain = CHAINS.get(name.strip().lower()) if isinstance(name, str) else None
    if chain is None:
        raise UnknownChainError(
            f"unknown tie-break chain: {name!r} (known: {', '.join(sorted(CHAINS))})")
    return chain


_Trail = list[tuple[int, str, _Key, float]]


def _order(group: list[int], chain: Sequence[Criterion], index: int, ctx: _Context,
           trails: dict[int, _Trail], ids: Iterator[int]) -> list[list[int]]:
    """``group`` split into level blocks, best first."""
    if len(group) == 1 or index == len(chain):
        return [group]
    criterion = chain[index]
    measured = {team: criterion.measure(team, group, ctx) for team in group}
    if any(value is None for value in measured.values()):
        return _order(group, chain, index + 1, ctx, trails, ids)
    keys = {team: value[0] for team, value in measured.items() if value is not None}
    blocks: list[list[int]] = []
    for team in sorted(group, key=lambda t: keys[t], reverse=True):
        if blocks and keys[blocks[-1][0]] == keys[team]:
            blocks[-1].append(team)
        else:
            blocks.append([team])
    if len(blocks) == 1:
        return _order(group, chain, index + 1, ctx, trails, ids)
    split = next(ids)
    for team, value in measured.items():
        if value is not None:
            trails[team].append((split, criterion.reported_for(len(group)), value[0], value[1]))
    result: list[list[int]] = []
    for block in blocks:
        again = criterion.restart and 1 < len(block) < len(group)
        result += _order(block, chain, index if again else index + 1, ctx, trails, ids)
    return result


def _separation(ahead: int, behind: int, trails: dict[int, _Trail]) -> Separation:
    for (split_a, name, key_a, value_a), (split_b, _, key_b, value_b) in zip(
            trails[ahead], trails[behind], strict=False):
        if split_a != split_b:
            break
        if key_a != key_b:
            return Separation(ahead, behind, name, CRITERIA[name].label, value_a, value_b)
    return Separation(ahead, behind, None, "", None, None)


def rank_teams(records: Iterable[MatchRecord], chain: str | Sequence[str] = "k17.1", *,
               deductions: Iterable[VpDeduction] = (),
               teams: Iterable[int] = (),
               carried: Mapping[int, float] | None = None) -> Ranking:
    """Rank every team of ``records`` (and of ``teams``, for teams with no match yet) by
    ``chain``: a registered rule ID (``"K16.3"``) or a list of criterion names.

    ``carried`` adds VPs that come from no match of ``records`` to a team's total: VPs kept
    from an earlier phase (D4.4, D5.5) or a bye's award. They count like match VPs in the
    total, never in a direct match."""
    names = find_chain(chain) if isinstance(chain, str) else tuple(chain)
    criteria = [find_criterion(name) for name in names]
    records = list(records)
    everyone = {team for r in records for team in (r.team_a, r.team_b)} | set(teams)
    everyone |= set(carried or {})
    ctx = _Context(records, everyone, deductions, carried)
    trails: dict[int, _Trail] = {team: [] for team in ctx.teams}
    blocks = _order(list(ctx.teams), criteria, 0, ctx, trails, count())
    standings: list[TeamStanding] = []
    for block in blocks:
        rank = len(standings) + 1
        for team in sorted(block):
            won, lost = ctx.won[team], ctx.lost[team]
            kind, quotient = ctx.quotient(team)
            standings.append(TeamStanding(
                team=team, rank=rank, shared=len(block) > 1,
                vp=round(float(ctx.total_vp(team)), 2),
                vp_deducted=round(float(ctx.deducted[team]), 2), matches=ctx.matches[team],
                imps_won=float(won), imps_lost=float(lost),
                imp_quotient=math.inf if kind else float(quotient),
                imp_difference=float(won - lost)))
    separations = tuple(_separation(a.team, b.team, trails)
                        for a, b in pairwise(standings))
    return Ranking(tuple(c.name for c in criteria), tuple(standings), separations)
