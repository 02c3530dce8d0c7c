"""Scoring: turning the results of boards into rankings.

A pure package (standard library and ``server.bridge`` only). Matchpoints and the two-field pairs
ranking live in :mod:`server.scoring.matchpoints`; IMPs, Butler, VP scales, carry-over, penalties
and tie-breaks join them as their own modules.
"""

from __future__ import annotations

from server.scoring.matchpoints import PairStanding, Played, matchpoints, pair_standings

__all__ = ["PairStanding", "Played", "matchpoints", "pair_standings"]
