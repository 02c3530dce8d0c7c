"""Scoring: turning the results of boards into rankings.

A pure package (standard library and ``server.bridge`` only), one module per job:

- ``matchpoints``: matchpoints top-bottom (2/1 or the ACBL 1/½), Neuberg or own-top factoring,
  pairs percentages and rankings, top integral across sections (K4.2), live updates;
- ``adjusted``: artificial (60/50/40, K13.3), weighted (Law 12C1(c)) and split adjusted scores;
- ``butler``: the datum, Butler IMPs, cross-IMPs, IMP pairs, a league's Butler ranking (D4.1);
- ``barometer``: the ranking after every round (K4.3);
- ``running``: a session scored while it is played (a lone result is the average) and the
  public's view that counts a board held back as the average, after every round too;
- ``pairs_tiebreak``: the pairs tie-break of K17.3, each step explained;
- ``imps``: the WBF IMP scale; ``vp``: VP scales as data, found by name;
- ``teams``: team matches between rooms; ``carryover``: K15, D1.4, KC2.3;
- ``penalties``: IMP and VP penalties (K10), late start (K11), slow play (K12), procedural (K18);
- ``fines``: fines on a team's account and the fine a walk-over brings (D3.7, Law 74);
- ``walkover``: walk-overs (K13) and disqualification (K14);
- ``ranking``: team rankings by configurable tie-break chains (K17.1, K16.3, KC1.4, D3.2);
- ``pkl``: classification points, the premium of each final place and a player's part (D8).

The names most callers need are re-exported here; ``teams.BoardResult`` (two rooms) and
``matchpoints.BoardResult`` (one traveller line) are imported from their modules.
"""

from __future__ import annotations

from server.scoring.adjusted import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    OPPONENTS_CANNOT_CONTINUE,
    AdjustedScoreError,
    Artificial,
    TableResult,
    Weighted,
)
from server.scoring.barometer import RoundRanking, barometer_rankings
from server.scoring.butler import DatumRule, ImpMethod, Rounding, butler, cross_imps, datum
from server.scoring.carryover import CarryOver, carry_over, find_carry_over_rule
from server.scoring.imps import IMP_BANDS, imps
from server.scoring.matchpoints import (
    Comparison,
    Factoring,
    LiveMatchpoints,
    PairStanding,
    Played,
    Scale,
    ScoringError,
    matchpoints,
    neuberg,
    pair_standings,
    score_board,
    score_pairs,
)
from server.scoring.pairs_tiebreak import break_tie, rank_with_tiebreak
from server.scoring.penalties import find_minutes_scale
from server.scoring.pkl import PremiumTable, PremiumTableError, place_premium, player_pkl
from server.scoring.ranking import MatchRecord, Ranking, find_chain, rank_teams
from server.scoring.teams import TeamMatch, knockout_winner
from server.scoring.vp import VpScale, VpScaleError, find_scale, scale_names
from server.scoring.walkover import walkover_award

__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "IMP_BANDS",
    "OPPONENTS_CANNOT_CONTINUE",
    "AdjustedScoreError",
    "Artificial",
    "CarryOver",
    "Comparison",
    "DatumRule",
    "Factoring",
    "ImpMethod",
    "LiveMatchpoints",
    "MatchRecord",
    "PairStanding",
    "Played",
    "PremiumTable",
    "PremiumTableError",
    "Ranking",
    "RoundRanking",
    "Rounding",
    "Scale",
    "ScoringError",
    "TableResult",
    "TeamMatch",
    "VpScale",
    "VpScaleError",
    "Weighted",
    "barometer_rankings",
    "break_tie",
    "butler",
    "carry_over",
    "cross_imps",
    "datum",
    "find_carry_over_rule",
    "find_chain",
    "find_minutes_scale",
    "find_scale",
    "imps",
    "knockout_winner",
    "matchpoints",
    "neuberg",
    "pair_standings",
    "place_premium",
    "player_pkl",
    "rank_teams",
    "rank_with_tiebreak",
    "scale_names",
    "score_board",
    "score_pairs",
    "walkover_award",
]
