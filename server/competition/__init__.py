"""Whole competitions: stages, qualification, knock-outs, final places, and the simulator.

A pure package (no Flask, SQL or sockets), like the scoring and the movements it builds on. A
competition preset (:mod:`server.formats.competition`) says what the stages are; :mod:`.flow`
resolves where a competition stands from what was played and decided (:mod:`.model`), stage by
stage (:mod:`.teams`, :mod:`.knockout`, :mod:`.pairs`, :mod:`.swiss_pairs`); :mod:`.simulate`
plays a whole one with :mod:`.robots` and :mod:`.report` prints it.
"""

from __future__ import annotations

from .flow import Competition, CompetitionView, StageView
from .model import Due, Entry, FinalPlace, Inputs, MatchFixture, MatchPlay, SessionFixture
from .simulate import Simulation, competition_of, simulate

__all__ = [
    "Competition",
    "CompetitionView",
    "Due",
    "Entry",
    "FinalPlace",
    "Inputs",
    "MatchFixture",
    "MatchPlay",
    "SessionFixture",
    "Simulation",
    "StageView",
    "competition_of",
    "simulate",
]
