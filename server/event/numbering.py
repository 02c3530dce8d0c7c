"""Rounds and boards as the room numbers them.

Underneath, an event numbers its rounds and boards on through the whole event, so that each
round and each deal has one identity: a competition's knock-out may play event round 17 with
boards 913-1008. In the room (and on the hand records, the cards and the terminals) each stage
numbers its own rounds 1-R, and each match or session its boards 1-N; a long match plays them
in segments (boards 13-24 are segment 2 of a 96-board final, as its hand records number them;
restarting at 1 every segment would give board 13's deal the dealer and vulnerability of the
tray marked 1). A knock-out's extra boards follow its last board (73-76 after 72).

Everything people read goes through `numbering(store)`: the identity stays in the protocol,
the links and the file, and the room's numbers are what is shown. An event that is not a
competition is numbered as the room numbers it already: its names are its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..store import Store
from ..store import competition as competition_sql


@dataclass(frozen=True)
class RoundName:
    """An event round as the room names it."""

    round: int
    """The event's round: its identity in the file, the protocol and the links."""
    number: int
    """The round as the room numbers it: the stage's round (a team stage), the session's round
    (a pairs stage), 1 for a knock-out match (its segments are its rounds)."""
    rounds: int
    """Rounds of the stage (or of the session) as the room numbers them."""
    stage: str = ""
    """The stage's name ("semi-final", "regular phase"); "" outside a competition."""
    stage_id: str = ""
    match: str = ""
    """A knock-out match's round in its bracket ("semi-final", "line 2"); "" otherwise."""
    session: int | None = None
    """A pairs stage: the session (or a Swiss pairs round) this round belongs to."""
    sessions: int | None = None
    """A pairs stage: its sessions, when it has more than one."""
    group: str = ""

    def wire(self) -> dict[str, Any]:
        return {"round": self.round, "number": self.number, "rounds": self.rounds,
                "stage": self.stage, "stage_id": self.stage_id, "match": self.match,
                "session": self.session, "sessions": self.sessions, "group": self.group}

    def text(self) -> str:
        """In English, for files and the command line: "semi-final, round 1 of 1",
        "final, session 2, round 3 of 13", "round 4 of 7"."""
        parts = [p for p in (self.stage, self.match if self.match != self.stage else "")
                 if p]
        if self.sessions and self.sessions > 1 and self.session:
            parts.append(f"session {self.session}")
        if not self.match:
            parts.append(f"round {self.number} of {self.rounds}")
        return ", ".join(parts)


@dataclass(frozen=True)
class BoardName:
    """An event board as the room numbers it."""

    board: int
    """The event's board: its identity (one deal) in the file, the protocol and the links."""
    number: int
    """The board as the room, its tray and the hand records number it."""
    segment: int | None = None
    """The segment of a match played in several (D3.5: 12 boards each), else None."""
    segments: int | None = None
    first: int | None = None
    """The first and last numbers of its segment."""
    last: int | None = None

    def wire(self) -> dict[str, Any]:
        return {"number": self.number, "segment": self.segment, "segments": self.segments,
                "first": self.first, "last": self.last}


class Numbering:
    """The room's numbers of an event's rounds and boards (`numbering(store)`)."""

    def __init__(self, store: Store) -> None:
        seatings = store.seatings()
        self._plain_rounds = max((s.round for s in seatings), default=0)
        self._boards: dict[int, BoardName] = {}
        self._matches: dict[tuple[int, int], RoundName] = {}
        self._sessions: dict[tuple[int, str], RoundName] = {}
        self._by_round: dict[int, RoundName] = {}
        self._sets: dict[int, tuple[int, ...]] = {}
        self._played_in: dict[int, RoundName] = {}
        self._deals: dict[int, str] = {}
        """Each board's set of deals (the competition's key: "final/s1", "regular/r8")."""
        self._round_of: dict[int, int] = {}
        """The event round that first plays each board."""
        fixtures = competition_sql.fixtures(store) if store.setting("competition") else {}
        self.competition = bool(fixtures)
        advances = ([a for a in competition_sql.advances(store) if a["undone_ms"] is None]
                    if self.competition else [])
        self.last_advance: int | None = advances[-1]["first_round"] if advances else None
        """A competition's first round put in play by its last advance (None otherwise)."""
        stage_rounds: dict[tuple[str, str], int] = {}
        for f in fixtures.values():
            if f["kind"] == "match":
                key = (f["stage"], f["grp"])
                stage_rounds[key] = max(stage_rounds.get(key, 0),
                                        int(f["detail"].get("stage_rounds") or 0),
                                        int(f["detail"].get("stage_round") or 1))
        boards_of: dict[tuple[int, str], set[int]] = {}
        for s in seatings:
            boards_of.setdefault((s.round, s.section), set()).update(s.boards)
        # K4.2: a top-integral session's groups (sections) play the same deals, compared as one.
        together: dict[str, set[str]] = {}
        for f in fixtures.values():
            if f["kind"] == "session" and f["detail"].get("top_integral"):
                together.setdefault(f["detail"]["deals"], set()).add(f["detail"]["section"])
        self._compared = {deals: tuple(sorted(sections)) for deals, sections in together.items()}
        for f in fixtures.values():
            detail = f["detail"]
            shift = int(detail["first_local"]) - int(detail["first_board"])
            if f["kind"] == "match":
                self._match(f, detail, shift, stage_rounds[f["stage"], f["grp"]])
            else:
                self._session(f, detail, shift, boards_of)

    def _match(self, f: dict[str, Any], detail: dict[str, Any], shift: int,
               rounds: int) -> None:
        knockout = bool(detail.get("knockout"))
        name = RoundName(
            round=f["first_round"], number=1 if knockout else int(detail.get("stage_round", 1)),
            rounds=1 if knockout else rounds, stage=str(detail.get("stage_name") or f["stage"]),
            stage_id=f["stage"], group=f["grp"] or "",
            match=str(detail.get("match_round") or detail.get("label") or "") if knockout
            else "")
        for r in range(f["first_round"], f["last_round"] + 1):
            self._matches[r, int(detail["table"])] = name
            self._by_round.setdefault(r, name)
        count, segments = int(detail["boards"]), max(1, int(detail.get("segments") or 1))
        size = count // segments if segments > 1 and count % segments == 0 else count
        first_local = int(detail["first_local"])
        played = tuple(range(int(detail["first_board"]), int(detail["first_board"]) + count))
        for i in range(count):
            board = int(detail["first_board"]) + i
            self._sets.setdefault(board, played)
            self._played_in.setdefault(board, name)
            self._deals.setdefault(board, str(detail["deals"]))
            self._round_of.setdefault(board, int(f["first_round"]))
            number = board + shift
            if segments > 1 and size < count:
                segment = i // size + 1
                first = first_local + (segment - 1) * size
                self._boards[board] = BoardName(board, number, segment, segments, first,
                                                first + size - 1)
            else:
                self._boards[board] = BoardName(board, number)

    def _session(self, f: dict[str, Any], detail: dict[str, Any], shift: int,
                 boards_of: dict[tuple[int, str], set[int]]) -> None:
        first, last = f["first_round"], f["last_round"]
        section = str(detail["section"])
        sessions = detail.get("sessions")
        played = tuple(sorted({b for r in range(first, last + 1)
                               for b in boards_of.get((r, section), ())}))
        for r in range(first, last + 1):
            name = RoundName(round=r, number=r - first + 1, rounds=last - first + 1,
                             stage=str(detail.get("stage_name") or f["stage"]),
                             stage_id=f["stage"], group=f["grp"] or "",
                             session=int(detail.get("session") or 1),
                             sessions=int(sessions) if sessions else None)
            self._sessions[r, section] = name
            self._by_round.setdefault(r, name)
            for board in boards_of.get((r, section), ()):
                self._boards[board] = BoardName(board, board + shift)
                self._deals[board] = str(detail["deals"])
                self._round_of.setdefault(board, r)
                self._sets.setdefault(board, played)
                self._played_in.setdefault(board, name)

    def round(self, round: int, section: str | None = None,
              table: int | None = None) -> RoundName:
        """How the room names event round `round` at a table (a competition may play two
        stages side by side in the same event round, at different tables)."""
        if table is not None and (round, table) in self._matches and section in (
                None, "O", "C"):
            return self._matches[round, table]
        if section is not None and (round, section) in self._sessions:
            return self._sessions[round, section]
        if round in self._by_round:
            return self._by_round[round]
        return RoundName(round=round, number=round, rounds=max(self._plain_rounds, round))

    def names(self, round: int) -> list[RoundName]:
        """Every name event round `round` has (two stages may share it, at different tables),
        in table order."""
        found = [n for (r, _), n in sorted(self._matches.items()) if r == round]
        found += [n for (r, _), n in sorted(self._sessions.items()) if r == round]
        unique = list(dict.fromkeys(found))
        return unique or [self.round(round)]

    def board(self, board: int) -> BoardName:
        """How the room numbers event board `board`."""
        return self._boards.get(board) or BoardName(board, board)

    def number(self, board: int) -> int:
        return self.board(board).number

    def played_in(self, board: int) -> RoundName | None:
        """The stage (and match or session) whose deal `board` is; None outside a
        competition."""
        return self._played_in.get(board)

    def compared_sections(self, board: int, section: str) -> tuple[str, ...]:
        """The sections whose results of `board` are compared with `section`'s: every group of
        a top-integral session (K4.2), else the section alone."""
        compared = self._compared.get(self._deals.get(board, ""), ())
        return compared if section in compared else (section,)

    def deal_sets(self, since: int | None = None) -> dict[str, tuple[RoundName, tuple[int, ...]]]:
        """A competition's sets of deals by key, each with the stage that plays it and its
        event boards; with `since`, only those played in that event round or later."""
        out: dict[str, tuple[RoundName, tuple[int, ...]]] = {}
        for board, key in sorted(self._deals.items()):
            if key in out or (since is not None and self._round_of.get(board, 0) < since):
                continue
            out[key] = (self._played_in[board], self._sets[board])
        return out

    def beside(self, board: int, boards: list[int]) -> list[int]:
        """The boards of `boards` a page of `board` goes through: in a competition those of its
        own set of deals (its match's or session's), else all of them."""
        own = [b for b in self._sets.get(board, ()) if b in boards]
        return own or boards


def numbering(store: Store) -> Numbering:
    """The event's numbering, built once until its schedule changes."""
    found: Numbering = store.schedule_memo(("numbering",), lambda: Numbering(store))
    return found


__all__ = ["BoardName", "Numbering", "RoundName", "numbering"]
