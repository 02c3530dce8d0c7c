"""Pairs stages scored by matchpoints: sessions added up, pools, top integral, the barometer.

Each group (pool) plays every session on the movement its size allows within the stage's
boards per session (K4.1: 22-28; K5.1, K6.1: 22-24): a Howell up to 16 pairs and a Mitchell
above unless the preset names one, at the preset's boards per round if the boards fit, else at
the nearest that does. An odd group leaves one pair out each round. Every group of a session
plays the same deals, so pools can be scored together, top integral (K4.2), or pool by pool.
Sessions add up: a pair's score is its matchpoints over the tops of every board it played, as a
percentage (K17.3), and pairs level on it are separated by K17.3. Session 2 seats the pairs of
each group in another order, so they meet other opponents. A barometer (K4.3) also gives the
ranking after every round.

The scoring is exposed for what the event shows while a stage is played: :func:`score_session`
scores a session's travellers as the stage does (the results pages' travellers and scorecards),
and :func:`standings` ranks a stage's groups on the sessions played so far, a session still in
play counted as the public may see it (the projector's ranking after each round).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..formats.competition import CompetitionError, StageKind, StageSpec
from ..movements import build_movement
from ..movements.base import Movement
from ..scoring.matchpoints import BoardResult as TravellerLine
from ..scoring.matchpoints import (
    Comparison,
    Field,
    Pair,
    PairBoard,
    PairsScore,
    score_pairs,
)
from ..scoring.pairs_tiebreak import break_tie
from ..scoring.running import running_pairs
from .model import GroupResult, Inputs, SessionFixture, Standing
from .stage import StageContext, StageProgress

HOWELL_UP_TO = 16
"""Pairs a group may have for "auto" to choose a Howell."""


def session_movement(spec: StageSpec, pairs: int) -> Movement:
    """The movement a group of ``pairs`` pairs plays in a session of ``spec``."""
    rules = ", ".join(spec.rules) or spec.id
    if pairs < 4:
        raise CompetitionError(f"{rules}: a pairs group needs at least 4 pairs, not {pairs}")
    tables = (pairs + 1) // 2
    kind = spec.movement
    if kind == "auto":
        kind = "howell" if pairs <= HOWELL_UP_TO else "mitchell"
    if kind == "howell" and tables > 12:
        raise CompetitionError(f"{rules}: a Howell has at most 12 tables, not {tables}")
    if kind == "mitchell" and tables < 3:
        kind = "howell"
    if kind == "mitchell":
        full = tables if tables % 2 else tables - 1
    else:
        full = 2 * tables - 1
    low, high = spec.session_boards
    tried = [spec.boards_per_round, *(b for b in range(1, 9) if b != spec.boards_per_round)]
    for per_round in tried:
        rounds = min(full, high // per_round)
        if rounds >= 1 and rounds * per_round >= low:
            return build_movement(kind, tables=tables, boards_per_round=per_round,
                                  rounds=rounds)
    raise CompetitionError(f"{rules}: {pairs} pairs cannot play a {kind} session of "
                           f"{low}-{high} boards")


def comparison_of(spec: StageSpec) -> Comparison:
    """How a stage compares a board's results: across its groups (top integral, K4.2) or
    group by group."""
    return Comparison.TOP_INTEGRAL if spec.top_integral else Comparison.SECTION


@dataclass(frozen=True)
class InPlay:
    """A session still being played, as far as it has gone."""

    planned: Mapping[tuple[str, int], int]
    """How many tables play each (group, board) of the session, by the movement."""
    shown: Collection[int] | None = None
    """The boards whose figures count (every table has played them); every other board
    counts the average for each pair that played it. None: every board counts."""


def score_session(spec: StageSpec, lines: Sequence[TravellerLine],
                  in_play: InPlay | None = None) -> PairsScore:
    """One session of a pairs stage, every group's travellers, scored as the stage scores it:
    one matchpoint comparison across the groups when the stage is top integral (K4.2), else
    group by group, Neuberg's N taken within the session. A session still being played
    (``in_play``) is scored as it stands (``server.scoring.running``): the same figures once
    every table has played every board."""
    if in_play is None:
        return score_pairs(lines, comparison=comparison_of(spec))
    return running_pairs(lines, in_play.planned, comparison=comparison_of(spec),
                         shown=in_play.shown)


Played = Mapping[int, Sequence[tuple[str, Sequence[TravellerLine]]]]
"""By session: each group's travellers (its name, its lines)."""


def standings(spec: StageSpec, groups: Mapping[str, Sequence[int]], played: Played,
              in_play: Mapping[int, InPlay] | None = None) -> dict[str, tuple[Standing, ...]]:
    """Each group's standings on the sessions ``played``, as the stage ranks them: the
    percentage over every board played, K17.3 between pairs level on it. A session in
    ``in_play`` is scored as it stands (:func:`score_session`)."""
    scores = _Scores(spec, played, in_play)
    return {group: scores.standings(members) for group, members in groups.items()}


def _seating(members: Sequence[int], session: int) -> list[int]:
    order = list(members)
    for _ in range(session - 1):
        # The pairs of even places first: a Mitchell's North-South and East-West lines mix,
        # and a Howell's pairs start elsewhere.
        order = order[::2] + order[1::2]
    return order


def pairs_stage(ctx: StageContext, inputs: Inputs) -> StageProgress:
    spec = ctx.spec
    progress = StageProgress()
    movements = {group: session_movement(spec, len(members))
                 for group, members in ctx.groups.items()}
    played: dict[int, list[tuple[str, tuple[TravellerLine, ...]]]] = defaultdict(list)
    for session in range(1, spec.sessions + 1):
        for group, members in ctx.groups.items():
            key = f"{spec.id}/{group}/s{session}" if group else f"{spec.id}/s{session}"
            movement = movements[group]
            seats = _seating(members, session)
            pairs = tuple((n, e) for n, e in enumerate(seats, start=1))
            lines = inputs.sessions.get(key)
            if lines is None:
                label = f"session {session}" + (f", group {group}" if group else "")
                progress.fixtures.append(SessionFixture(
                    key=key, stage=spec.id, group=group, label=label, movement=movement,
                    pairs=pairs, deals=f"{spec.id}/s{session}", round=session))
                continue
            played[session].append((group, lines))
    complete = not progress.fixtures
    progress.complete = complete
    scores = _Scores(spec, played, names=ctx.names)
    for group, members in ctx.groups.items():
        ranked = scores.standings(members)
        progress.order[group] = [line.entry for line in ranked]
        after = (scores.after_rounds(group, members) if spec.kind is StageKind.BAROMETER
                 else ())
        progress.groups.append(GroupResult(
            name=group, entries=tuple(members), standings=ranked,
            after_rounds=after,
            boards_per_session=len(movements[group].rounds) * movements[group].boards_per_round))
        for entry in members:
            progress.totals[entry] = scores.percent(entry)
            progress.per_match[entry] = scores.percent(entry)
    return progress


class _Scores:
    """Every session scored, and the pairs' totals."""

    def __init__(self, spec: StageSpec, played: Played,
                 in_play: Mapping[int, InPlay] | None = None,
                 names: Mapping[int, str] | None = None) -> None:
        self.spec = spec
        self.played = played
        self.names = names or {}
        """The entries' names, which the tie-breaks' reasons give (an entry that joined the
        competition later has a number that is not its name's)."""
        self.earned: dict[int, float] = defaultdict(float)
        self.top: dict[int, float] = defaultdict(float)
        self.by_session: dict[tuple[int, int], tuple[float, float]] = {}
        self.boards: dict[Pair, list[PairBoard]] = defaultdict(list)
        self.reasons: dict[int, str] = {}
        for session, groups in sorted(played.items()):
            lines = [line for _, group_lines in groups for line in group_lines]
            if not lines:
                continue
            scored = score_session(spec, lines, (in_play or {}).get(session))
            for standing in scored.standings:
                entry = int(standing.pair.number)
                self.earned[entry] += standing.matchpoints
                self.top[entry] += standing.top
                self.by_session[entry, session] = (standing.matchpoints, standing.top)
            for pair, pair_boards in scored.pair_boards.items():
                own = _canonical(int(pair.number))
                for board in pair_boards:
                    # One pair id across sessions and fields, for K17.3's direct match; boards
                    # of later sessions numbered on, so no two sessions share a number.
                    self.boards[own].append(PairBoard(
                        board.board + 1000 * session, _canonical(int(board.opponent.number)),
                        board.score))

    def percent(self, entry: int) -> float:
        top = self.top.get(entry, 0.0)
        return round(100 * self.earned[entry] / top, 2) if top else 0.0

    def session_percent(self, entry: int, session: int) -> float:
        earned, top = self.by_session.get((entry, session), (0.0, 0.0))
        return round(100 * earned / top, 2) if top else 0.0

    def _ratio(self, entry: int) -> float:
        top = self.top.get(entry, 0.0)
        return self.earned[entry] / top if top else 0.0

    def _name(self, pair: str) -> str:
        return self.names.get(int(pair), pair) if pair.isdigit() else pair

    def order(self, members: Sequence[int]) -> list[int]:
        ranked = sorted(members, key=lambda e: (-self._ratio(e), e))
        out: list[int] = []
        i = 0
        while i < len(ranked):
            j = i + 1
            while j < len(ranked) and math.isclose(self._ratio(ranked[i]),
                                                   self._ratio(ranked[j]), abs_tol=1e-9):
                j += 1
            level = ranked[i:j]
            if len(level) > 1 and all(_canonical(e) in self.boards for e in level):
                broken = break_tie([_canonical(e) for e in level], self.boards)
                flat = [int(p.number) for group in broken.order for p in group]
                explained = "; ".join(step.explain(self._name) for step in broken.steps)
                for entry in flat[:-1]:
                    self.reasons[entry] = explained
                level = flat
            out.extend(level)
            i = j
        return out

    def standings(self, members: Sequence[int]) -> tuple[Standing, ...]:
        """A group's lines, best first."""
        order = self.order(members)
        out: list[Standing] = []
        for place, entry in enumerate(order, start=1):
            shared = self.level_with_next(entry, order)
            above = out[-1] if out else None
            level = (above is not None and shared and above.shared and math.isclose(
                self._ratio(above.entry), self._ratio(entry), abs_tol=1e-9))
            out.append(Standing(
                place=place, entry=entry, percent=self.percent(entry), shared=shared,
                rank=above.rank if level and above is not None else place,
                tie_break=self.reasons.get(entry, ""),
                sessions=tuple(self.session_percent(entry, s)
                               for s in range(1, self.spec.sessions + 1) if s in self.played)))
        return tuple(out)

    def level_with_next(self, entry: int, order: list[int]) -> bool:
        i = order.index(entry)
        neighbours = order[max(0, i - 1):i] + order[i + 1:i + 2]
        return any(math.isclose(self._ratio(entry), self._ratio(n), abs_tol=1e-9)
                   and entry not in self.reasons and n not in self.reasons
                   for n in neighbours)

    def after_rounds(self, group: str,
                     members: Sequence[int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The group's ranking after each round (K4.3), by the stage's own rules: the
        percentage, and K17.3 between pairs level on it."""
        offset = 0
        numbered: list[tuple[int, int, TravellerLine]] = []  # (round overall, session, line)
        for session, groups in sorted(self.played.items()):
            mine = [line for name, lines in groups if name == group for line in lines]
            for line in mine:
                numbered.append(((line.round or 0) + offset, session, line))
            offset += max(((line.round or 0) for line in mine), default=0)
        out = []
        for upto in range(1, offset + 1):
            played: dict[int, list[tuple[str, tuple[TravellerLine, ...]]]] = defaultdict(list)
            for session in sorted({s for _, s, _ in numbered}):
                lines = tuple(line for r, s, line in numbered if s == session and r <= upto)
                played[session].append((group, lines))
            out.append((upto, tuple(_Scores(self.spec, played).order(members))))
        return tuple(out)


def _canonical(entry: int) -> Pair:
    return Pair("", Field.ALL, entry)
