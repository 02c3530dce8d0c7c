"""Swiss pairs scored by IMPs against the datum, in VP (KC1).

Every table of a round plays the same boards (KC1.1: 6 rounds of 8). On each board every
result is IMPed against the datum of all the round's tables (KC1.2, "GLB IMP Plus"); a match's
margin is the North-South pair's datum IMPs over the boards of the match (the East-West pair's
are the same with the sign turned), and goes to VP on the stage's scale. Rounds are paired by
KC1.3: round 1 by pair number, round 2 pair k against pair k + n/2, then *delayed pairing* on
the IMPs of all rounds but the last one played (so round n + 1 is paired while round n is still
being played), and the last round purely by VP, repeats allowed. Ties: KC1.4 (the direct match of
two pairs, else total IMPs).
"""

from __future__ import annotations

from collections import defaultdict

from ..movements.base import Movement, Round, Seating
from ..movements.swiss import PairScore, SwissRound, kc1_3_round
from ..scoring.butler import butler
from ..scoring.matchpoints import BoardResult as TravellerLine
from ..scoring.ranking import MatchRecord, rank_teams
from ..scoring.vp import find_scale
from .model import GroupResult, Inputs, MatchLine, RoundLine, SessionFixture
from .stage import StageContext, StageProgress, vp_standings


def swiss_pairs_stage(ctx: StageContext, inputs: Inputs) -> StageProgress:
    spec = ctx.spec
    scale = find_scale(spec.vp_scale)
    rounds = spec.rounds or 1
    boards = spec.boards_per_match
    progress = StageProgress()
    for group, members in ctx.groups.items():
        prefix = f"{spec.id}/{group}/" if group else f"{spec.id}/"
        paired: list[SwissRound] = []
        scores: list[dict[int, PairScore]] = []
        records: list[MatchRecord] = []
        lines_out: list[RoundLine] = []
        byes: dict[int, float] = defaultdict(float)
        won: dict[int, float] = defaultdict(float)
        lost: dict[int, float] = defaultdict(float)
        waiting = False
        for number in range(1, rounds + 1):
            if not _can_pair(number, rounds, len(paired), len(scores)):
                break
            swiss = kc1_3_round(number, members, paired, scores, rounds=rounds,
                                bye_score=spec.bye_vp)
            paired.append(swiss)
            key = f"{prefix}r{number}"
            lines = inputs.sessions.get(key)
            if lines is None:
                waiting = True
                progress.fixtures.append(_fixture(spec.id, group, key, number, swiss, boards))
                continue
            if waiting:
                continue  # scores must be added round after round
            round_scores: dict[int, PairScore] = {}
            match_lines = []
            for match in swiss.matches:
                board_imps = _match_imps(lines, match.home, match.away)
                margin = sum(board_imps)
                vp_home, vp_away = scale.convert(margin, boards)
                round_scores[match.home] = PairScore(match.home, margin, vp_home)
                round_scores[match.away] = PairScore(match.away, -margin, vp_away)
                for imp in board_imps:
                    won[match.home] += max(0, imp)
                    lost[match.home] += max(0, -imp)
                    won[match.away] += max(0, -imp)
                    lost[match.away] += max(0, imp)
                records.append(MatchRecord(match.home, match.away, float(margin),
                                           float(-margin), vp_home, vp_away, round=number))
                # Like a team match's: what each pair gained on the boards where it gained,
                # so that the margin that goes to VP is the first less the second.
                gained = (float(sum(max(0, i) for i in board_imps)),
                          float(sum(max(0, -i) for i in board_imps)))
                match_lines.append(MatchLine(match.home, match.away, boards, gained,
                                             (vp_home, vp_away)))
            if swiss.bye is not None:
                byes[swiss.bye] += spec.bye_vp
                round_scores[swiss.bye] = PairScore(swiss.bye, 0.0, spec.bye_vp)
                match_lines.append(MatchLine(swiss.bye, None, 0, (0.0, 0.0),
                                             (spec.bye_vp, 0.0)))
            scores.append(round_scores)
            lines_out.append(RoundLine(number, tuple(match_lines)))
        ranking = rank_teams(records, spec.tiebreak, teams=members, carried=byes)
        standings = vp_standings(ranking, {e: (won[e], lost[e]) for e in members}, {})
        for line in ranking.standings:
            progress.totals[line.team] = line.vp
            progress.per_match[line.team] = line.vp
        progress.groups.append(GroupResult(group, tuple(members), tuple(lines_out),
                                           standings))
        progress.order[group] = ranking.order()
        progress.records[group] = records
    progress.complete = not progress.fixtures
    return progress


def _can_pair(number: int, rounds: int, paired: int, scored: int) -> bool:
    """Round ``number`` can be paired once the rounds KC1.3 pairs it on are scored."""
    if paired != number - 1:
        return False
    if number <= 2:
        return True
    needed = number - 1 if number == rounds else number - 2
    return scored >= needed


def _fixture(stage: str, group: str, key: str, number: int, swiss: SwissRound,
             boards: int) -> SessionFixture:
    first = (number - 1) * boards + 1
    numbers = tuple(range(first, first + boards))
    seatings = tuple(Seating(m.table, m.home, m.away, numbers) for m in swiss.matches)
    movement = Movement(kind="swiss pairs", tables=len(seatings), boards_per_round=boards,
                        rounds=(Round(1, seatings),), duplicated=True)
    pairs = tuple((p, p) for m in swiss.matches for p in (m.home, m.away))
    return SessionFixture(key=key, stage=stage, group=group, label=f"round {number}",
                          movement=movement, pairs=pairs, deals=f"{stage}/r{number}",
                          round=number)


def _match_imps(lines: tuple[TravellerLine, ...], home: int, away: int) -> list[int]:
    """The home pair's datum IMPs on each board of its match (datum over the whole round)."""
    by_board: dict[int, list[TravellerLine]] = defaultdict(list)
    for line in lines:
        by_board[line.board].append(line)
    out = []
    for board in sorted(by_board):
        field = [line for line in by_board[board] if line.result.ns_score is not None]
        _, ns_imps = butler([line.result.ns_score or 0 for line in field])
        for line, imp in zip(field, ns_imps, strict=True):
            if line.ns_pair == home and line.ew_pair == away:
                out.append(imp)
    return out
