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
class SessionPlay:
    """A session's travellers as the competition model reads them (each group's name, its
    boards numbered as the session numbers them, rounds from 1), up to a round."""

    lines: dict[str, tuple[TravellerLine, ...]]
    """By group."""
    in_play: InPlay
    """The tables due to play each (group, board), and the boards every table has played."""
    complete: bool
    """Every board of every round asked for is scored at every table."""


def session_play(store: Store, session: Session, up_to: int | None = None) -> SessionPlay:
    """The session's results in rounds 1..`up_to` of it (all its rounds when None), as the
    model numbers them (`server.stages.inputs`), with what the public may see of them: a board
    counts once every table of the session has played it."""
    results, adjusted = scored_entries(store)
    lines: dict[str, list[TravellerLine]] = {}
    planned: dict[tuple[str, int], int] = {}
    done: dict[int, bool] = {}
    complete = True
    for fixture in session.fixtures:
        detail = fixture["detail"]
        group, section = fixture["grp"] or "", detail["section"]
        shift = detail["first_local"] - detail["first_board"]
        mine = lines.setdefault(group, [])
        for seating in store.seatings(section):
            if not fixture["first_round"] <= seating.round <= fixture["last_round"]:
                continue
            number = seating.round - fixture["first_round"] + 1
            counted = up_to is None or number <= up_to
            for board in seating.boards:
                local = board + shift
                planned[group, local] = planned.get((group, local), 0) + 1
                result = (scored_as((section, seating.table_number, seating.round, board),
                                    results, adjusted) if counted else None)
                done[local] = done.get(local, True) and result is not None
                if result is None:
                    complete = complete and not counted
                    continue
                mine.append(TravellerLine(local, seating.ns_pair, seating.ew_pair, result,
                                          group, number))
    shown = {board for board, finished in done.items() if finished}
    return SessionPlay({g: tuple(ls) for g, ls in lines.items()}, InPlay(planned, shown),
                       complete)


def places_shown(lines: Sequence[Standing]) -> list[int]:
    """The place each line of a group's standings shows: its own, or, level with the lines
    above it (`shared`: the stage's tie-breaks could not part them), the first of theirs
    ("6=" twice, not "6=" and "7=")."""
    out: list[int] = []
    for i, line in enumerate(lines):
        above = lines[i - 1] if i else None
        level = (above is not None and line.shared and above.shared
                 and (above.vp, above.imps, above.percent) == (line.vp, line.imps,
                                                                line.percent))
        out.append(out[-1] if level else line.place)
    return out
