"""Knock-out stages: the bracket played out, with choices, carry-over and the tie rules.

The bracket (:class:`server.movements.knockout.BracketRule`, written in the preset) says who
meets whom as results and choices come in; this module plays it. Each match is played in its
segments; the carry-over is added to the score as the stage's rule says (K15: a share of the
two teams' direct match in the round robin; D1.4: a tenth of an IMP per board to the team placed
higher); IMP penalties count for the opponents (K10.2). A match level after its boards is
decided by the tie rule: 4 extra boards and then one sudden-death board at a time (K17.2), or
the team placed higher goes through (D1.4). A stage with groups (League II's play-offs, D5.7-9)
plays one bracket per group.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from ..movements.knockout import (
    EXTRA_BOARDS,
    BracketRule,
    BracketState,
    Chosen,
    ResolvedMatch,
    decide,
)
from ..scoring.carryover import CarryOver, carry_over, find_carry_over_rule
from ..scoring.penalties import ImpPenalty
from ..scoring.teams import TeamMatch
from .model import CarryOverLine, Due, GroupResult, Inputs, KnockoutLine, MatchFixture
from .stage import PlaceGiven, StageContext, StageProgress


def knockout_stage(ctx: StageContext, inputs: Inputs) -> StageProgress:
    """Every group's bracket, as far as it can be played."""
    progress = StageProgress()
    complete = True
    for group, seeded in ctx.groups.items():
        done = _Bracket(ctx, group, inputs, progress).play()
        progress.group_complete[group] = done
        complete &= done
        # Those knocked out in the same round are placed by their seeds.
        progress.order[group] = list(seeded)
        progress.groups.append(GroupResult(group, tuple(seeded)))
    progress.complete = complete
    return progress


class KnockoutInputError(ValueError):
    """A choice that the bracket does not allow (the message names the rule)."""


class _Bracket:
    def __init__(self, ctx: StageContext, group: str, inputs: Inputs,
                 progress: StageProgress) -> None:
        bracket = ctx.spec.bracket
        assert bracket is not None
        self.ctx = ctx
        self.bracket: BracketRule = bracket
        self.group = group
        self.inputs = inputs
        self.progress = progress
        self.prefix = f"{ctx.spec.id}/{group}/" if group else f"{ctx.spec.id}/"
        self.placement = dict(ctx.labels.get(group, {}))
        self.choices = {c.id: inputs.choices[self.prefix + c.id] for c in bracket.choices
                        if self.prefix + c.id in inputs.choices}
        self.rule = find_carry_over_rule(ctx.spec.carry_over)

    def play(self) -> bool:
        results: dict[str, int] = {}
        lines: dict[str, KnockoutLine] = {}
        pending: dict[str, MatchFixture] = {}
        while True:
            state = self.bracket.resolve(self.placement, results, self.choices)
            self._check(state)
            fresh = False
            for match in state.matches:
                if match.id in lines:
                    continue
                line, fixture = self._match(match, state)
                if fixture is not None:
                    pending[match.id] = fixture
                    continue
                lines[match.id] = line
                if line.winner is not None:
                    results[match.id] = line.winner
                    fresh = True
            if not fresh:
                break
        for match in state.matches:
            if match.id in pending:
                lines[match.id] = self._match(match, state)[0]
        order = [m.id for m in self.bracket.matches]
        self.progress.matches.extend(lines[i] for i in order if i in lines)
        self.progress.fixtures.extend(pending.values())
        for choice in state.pending:
            self.progress.due.append(Due(
                key=self.prefix + choice.id, kind="choice", stage=self.ctx.spec.id,
                name=choice.id, rule=choice.rule, chooser=int(choice.chooser),
                allowed=tuple(int(t) for t in choice.allowed), group=self.group))
        complete = len(results) == len(self.bracket.matches)
        self._results(state, lines, complete)
        return complete

    def _check(self, state: BracketState) -> None:
        for problem in state.problems:
            rule = next((c.rule for c in self.bracket.choices if problem.startswith(
                f"choice {c.id}:")), self.ctx.spec.rules[0] if self.ctx.spec.rules else "")
            where = f"{self.ctx.spec.id}/{self.group}" if self.group else self.ctx.spec.id
            raise KnockoutInputError(f"{rule}: {where}: {problem}")

    def _carry(self, match: ResolvedMatch) -> CarryOver:
        home, away = int(match.home), int(match.away)
        higher = int(match.higher)
        lower = away if higher == home else home
        if self.rule.method.value == "margin share":
            found = self.ctx.direct(home, away) if self.ctx.direct else None
            if found is None:
                return CarryOver(None, Fraction(0), self.rule.name)
            direct, ranked_higher = found
            other = away if ranked_higher == home else home
            return carry_over(self.rule, ranked_higher, other, direct=direct)
        return carry_over(self.rule, higher, lower, boards_scheduled=match.boards)

    def _match(self, match: ResolvedMatch,
               state: BracketState) -> tuple[KnockoutLine, MatchFixture | None]:
        home, away = int(match.home), int(match.away)
        key = self.prefix + match.id
        carry = self._carry(match)
        chooser, allowed = self._choice_of(match, state)
        base = KnockoutLine(
            id=match.id, round=match.stage, group=self.group, home=home, away=away,
            boards=match.boards, segments=match.segments, chosen_by=chooser,
            choice_from=allowed,
            carry_over=(CarryOverLine(int(carry.team), round(float(carry.imps), 2), carry.rule)
                        if carry.team is not None and carry.imps else None),
            imps=(0.0, 0.0), imp_penalties=(0.0, 0.0), extra_boards=0, winner=None,
            loser=None, decided_by=None, rule=self.bracket.match(match.id).rule)
        play = self.inputs.matches.get(key)
        if play is None:
            return (base, self._fixture(key, match, f"{match.id} ({match.stage})", match.boards,
                                  match.segments, 1))
        if play.walkover is not None:
            # K13: the team that was there goes through.
            winner = home if play.walkover[0] >= play.walkover[1] else away
            return replace(base, winner=winner, loser=away if winner == home else home,
                           decided_by="walkover"), None
        penalties = [ImpPenalty(t, p) for t, p in zip((home, away), play.imp_penalties,
                                                      strict=True) if p]
        scored = TeamMatch.from_boards(home, away, play.boards, match.boards // match.segments,
                                       carry_over=carry, imp_penalties=penalties,
                                       knockout=True).score()
        board_imps = [float(scored.home_boards), float(scored.away_boards)]
        totals = {home: scored.home_total, away: scored.away_total}
        higher = int(match.higher)
        lower = away if higher == home else home
        scores = [(float(totals[higher]), float(totals[lower]))]
        extra = 0
        for n, part in enumerate(self._extra_parts(key)):
            h, a = part
            board_imps[0] += h
            board_imps[1] += a
            extra += EXTRA_BOARDS if n == 0 else 1
            scores.append((h, a) if higher == home else (a, h))
        decision = decide(self.ctx.spec.tie, higher, lower, scores)
        line = replace(base, imps=(board_imps[0], board_imps[1]),
                            imp_penalties=(play.imp_penalties[0], play.imp_penalties[1]),
                            extra_boards=extra,
                            winner=int(decision.winner) if decision.winner is not None else None,
                            loser=(None if decision.winner is None
                                   else (away if int(decision.winner) == home else home)),
                            decided_by=_decided_by(decision.reason, decision.winner))
        if decision.winner is not None:
            return line, None
        parts = len(scores) - 1
        suffix = "extra" if parts == 0 else f"sd{parts}"
        label = (f"{match.id}: {EXTRA_BOARDS} extra boards (K17.2)" if parts == 0
                 else f"{match.id}: sudden-death board {parts} (K17.2)")
        first = match.boards + (0 if parts == 0 else EXTRA_BOARDS + parts - 1) + 1
        return line, self._fixture(f"{key}/{suffix}", match, label, decision.play, 1, first)

    def _extra_parts(self, key: str) -> list[tuple[float, float]]:
        parts = []
        for suffix in ("extra", *(f"sd{n}" for n in range(1, 1000))):
            play = self.inputs.matches.get(f"{key}/{suffix}")
            if play is None:
                break
            home = sum(max(0, b.home_imps) for b in play.boards)
            away = sum(max(0, -b.home_imps) for b in play.boards)
            parts.append((float(home), float(away)))
        return parts

    def _fixture(self, key: str, match: ResolvedMatch, label: str, boards: int, segments: int,
                 first: int = 1) -> MatchFixture:
        # The matches of one round of the bracket play the same deals; extra and sudden-death
        # boards are a match's own.
        deals = self.prefix + (match.id if first > 1 else match.stage or match.id)
        return MatchFixture(key=key, stage=self.ctx.spec.id, group=self.group, label=label,
                            home=int(match.home), away=int(match.away), boards=boards,
                            segments=segments, deals=deals, first_board=first, knockout=True)

    def _choice_of(self, match: ResolvedMatch,
                   state: BracketState) -> tuple[int | None, tuple[int, ...]]:
        rule = self.bracket.match(match.id)
        for side in (rule.away, rule.home):
            if isinstance(side, Chosen):
                choice = next(c for c in self.bracket.choices if c.id == side.choice)
                resolver = self.bracket.resolve(self.placement, {
                    m.id: int(m.winner) for m in state.matches if m.winner is not None},
                    {k: v for k, v in self.choices.items() if k != side.choice})
                allowed = next((p.allowed for p in resolver.pending if p.id == choice.id), ())
                chooser = next((p.chooser for p in resolver.pending if p.id == choice.id),
                               None)
                return (int(chooser) if chooser is not None else None,
                        tuple(int(t) for t in allowed))
        return None, ()

    def _results(self, state: BracketState, lines: dict[str, KnockoutLine],
                 complete: bool) -> None:
        wins: dict[int, int] = defaultdict(int)
        for line in lines.values():
            if line.winner is not None:
                wins[line.winner] += 1
                if line.loser is not None:
                    ident = line.rule or (self.ctx.spec.rules[0] if self.ctx.spec.rules else "")
                    text = f"lost the {line.round} ({line.id})"
                    self.progress.exits.setdefault(line.loser,
                                                   f"{ident}: {text}" if ident else text)
        for team in self.placement.values():
            self.progress.progress[int(team)] = wins[int(team)]
        if not complete:
            return
        outcomes: dict[str, tuple[int, ...]] = {}
        for rule in self.bracket.places:
            if rule.label:
                outcomes[rule.label] = tuple(int(t) for t in state.outcomes[rule.label])
        self.progress.outcomes[self.group] = outcomes
        for rule in self.bracket.places:
            if rule.places:
                for place in rule.places:
                    placed = state.places.get(place)
                    if placed is None:
                        continue
                    self.progress.places.append(PlaceGiven(
                        int(placed), self.group, place, _why(rule.rule, rule.why), rule.label))
            elif rule.label:
                for named in state.outcomes.get(rule.label, ()):
                    self.progress.places.append(PlaceGiven(
                        int(named), self.group, None, _why(rule.rule, rule.why), rule.label))


def _why(rule: str, why: str) -> str:
    return f"{rule}: {why}" if rule and why else why or rule


def _decided_by(reason: str, winner: object) -> str | None:
    if winner is None:
        return None
    if "D1.4" in reason:
        return "higher_placed"
    if "extra boards" in reason:
        return "extra_boards"
    if "sudden-death" in reason:
        return "sudden_death"
    return "imps"
