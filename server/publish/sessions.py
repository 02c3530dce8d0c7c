"""A competition's matchpoint sessions as the event file holds them, for what the event shows.

A pairs stage plays each session in every group at once, one section a group, on the same
deals (the fixtures of one session share their `deals`); the competition model scores the
session as a whole (`server.competition.pairs.score_session`: top integral across the groups,
K4.2, or group by group). The results pages' travellers and scorecards and the projector score
the stored results the same way, session by session, rather than one section over the whole
event: a semi-final's boards are never factored to the preliminary's field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..competition.model import Standing
from ..competition.pairs import InPlay
from ..formats.competition import StageKind, StageSpec
from ..scoring.matchpoints import BoardResult as TravellerLine
from ..stages.inputs import competition_spec, is_competition, scored_as, scored_entries
from ..store import Store
from ..store import competition as sql

MATCHPOINTS = (StageKind.PAIRS, StageKind.BAROMETER)
"""The stage kinds scored by matchpoints (a Swiss pairs is scored against the datum)."""


@dataclass(frozen=True)
class Session:
    """One session of a pairs stage: its fixtures, one a group, on the same deals."""

    spec: StageSpec
    number: int
    """The session of the stage (1, 2...)."""
    fixtures: tuple[dict[str, Any], ...]
    """The stored fixtures (`server.store.competition.fixtures`), one a group."""

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(f["key"] for f in self.fixtures)

    def holds(self, section: str, round_number: int) -> bool:
        """Whether an event round at a section belongs to this session."""
        return any(f["detail"]["section"] == section
                   and f["first_round"] <= round_number <= f["last_round"]
                   for f in self.fixtures)

    @property
    def rounds(self) -> int:
        """Rounds of the session (every group plays the same number)."""
        return max(f["last_round"] - f["first_round"] + 1 for f in self.fixtures)


def stage_specs(store: Store) -> dict[str, StageSpec]:
    """The competition's stages by id, for its number of entries."""
    entries = int((store.setting("competition") or {}).get("entries", 0))
    return {s.id: s for s in competition_spec(store).stages_for(entries)}


def sessions(store: Store) -> list[Session]:
    """Every matchpoint session in play or played, in the order they were put in play; none
    in an event that is not a competition."""
    if not is_competition(store):
        return []
    specs = stage_specs(store)
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for fixture in sql.fixtures(store).values():
        spec = specs.get(fixture["stage"])
        if fixture["kind"] != "session" or spec is None or spec.kind not in MATCHPOINTS:
            continue
        found.setdefault((fixture["stage"], fixture["detail"]["deals"]), []).append(fixture)
    out = [Session(specs[stage], int(fixtures[0]["detail"].get("session") or 1),
                   tuple(fixtures)) for (stage, _), fixtures in found.items()]
    return sorted(out, key=lambda s: min(f["first_round"] for f in s.fixtures))


@dataclass(frozen=True)
class SessionRecord:
    """A session's results as the competition model reads them (each group's name, boards
    numbered as the session numbers them, rounds from 1), round by round."""

    session: Session
    lines: tuple[tuple[str, TravellerLine], ...]
    """(group, line) for every result or adjusted score, in round order."""
    planned: dict[tuple[str, int], int]
    """How many tables play each (group, board), by the movement."""
    last_round: dict[int, int]
    """The last round of the session in which a table plays each board."""
    finished: int
    """Rounds 1..finished are scored at every table of every group."""

    def up_to(self, rounds: int) -> tuple[dict[str, tuple[TravellerLine, ...]], InPlay]:
        """The travellers of rounds 1..`rounds` (no more than :attr:`finished`) by group, and
        what the public may see of them: a board once every table has played it."""
        groups = {f["grp"] or "" for f in self.session.fixtures}
        lines = {g: tuple(line for group, line in self.lines
                          if group == g and (line.round or 0) <= rounds) for g in groups}
        shown = {board for board, last in self.last_round.items() if last <= rounds}
        return lines, InPlay(self.planned, shown)


def records(store: Store, found: Sequence[Session]) -> list[SessionRecord]:
    """Each session's record, as far as it is played (`server.stages.inputs` reads a
    session the same way once it is complete)."""
    results, adjusted = scored_entries(store)
    out = []
    for session in found:
        lines: list[tuple[str, TravellerLine]] = []
        planned: dict[tuple[str, int], int] = {}
        last_round: dict[int, int] = {}
        unfinished: set[int] = set()
        for fixture in session.fixtures:
            detail = fixture["detail"]
            group, section = fixture["grp"] or "", detail["section"]
            shift = detail["first_local"] - detail["first_board"]
            for seating in store.seatings(section):
                if not fixture["first_round"] <= seating.round <= fixture["last_round"]:
                    continue
                number = seating.round - fixture["first_round"] + 1
                for board in seating.boards:
                    local = board + shift
                    planned[group, local] = planned.get((group, local), 0) + 1
                    last_round[local] = max(last_round.get(local, 0), number)
                    result = scored_as((section, seating.table_number, seating.round, board),
                                       results, adjusted)
                    if result is None:
                        unfinished.add(number)
                        continue
                    lines.append((group, TravellerLine(local, seating.ns_pair,
                                                       seating.ew_pair, result, group,
                                                       number)))
        lines.sort(key=lambda item: item[1].round or 0)
        finished = min(unfinished, default=session.rounds + 1) - 1
        out.append(SessionRecord(session, tuple(lines), planned, last_round, finished))
    return out


def places_shown(lines: Sequence[Standing]) -> list[int]:
    """The place each line of a group's standings shows: its own, or, level with others
    (`shared`: the stage's tie-breaks could not part them), the first of theirs ("6=" twice,
    not "6=" and "7=")."""
    return [line.rank or line.place for line in lines]
