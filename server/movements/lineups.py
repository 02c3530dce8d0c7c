"""What a team match's line-ups say besides who sits where, and the parts a long match is cut
into (PZBS D3.3, D3.4, D3.6), as a preset's ``[lineups]`` sets them (:class:`LineupRules`).

A match of N boards is played in segments (D1.3: 24 boards as 2 x 12). D3.6 makes each
24-board part of a longer match (a 72-board play-off: three parts of two segments) a match of
its own "for regulatory matters, seating rights etc.": a table gives the line-up of each part
before its first board, and the seating rights are decided again at each part as at the start
of a match. Seating rights here are the right to seat last: in each segment one team seats
its pairs after the other has seated (given its line-up); the rights go to the home team (or
the away team, as the preset says) in the first segment of a match, or of each part, then
alternate. Each pair plays one bidding system a half match (D3.3), recorded with the line-up;
a pair playing a highly artificial system (SWS) is announced to the opposing captain at least
`sws_notice_minutes` before play (D3.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

EVERY = ("segment", "part")
"""When a table gives its line-up: for each segment, or once for each part of the match."""

RIGHTS = ("home", "away", "off")
"""Who has the seating rights in the first segment of a match (of each part): they alternate
after; "off": the event shows none."""

SYSTEM_LENGTH = 40
"""The longest bidding system's name a line-up takes ("WJ", "Polish Club", "Precision")."""


@dataclass(frozen=True)
class LineupRules:
    """A preset's ``[lineups]``: what a teams table's line-up asks and how a long match is cut."""

    systems: bool = False
    """D3.3: the line-up form asks each pair's bidding system (a short text)."""
    sws_notice_minutes: int | None = None
    """D3.4: the form asks whether each pair plays a highly artificial system (SWS), which must
    be announced at least this many minutes before play; None: the form does not ask."""
    part_boards: int | None = None
    """D3.6: a match longer than this is cut into parts of this many boards, each a match of
    its own for line-ups and seating rights; None: a match is one part."""
    every: str = "segment"
    """"segment": a line-up for each segment (D8.2); "part": one for each part."""
    seating_rights: str = "off"
    """Who seats last in a match's (each part's) first segment: "home", "away" or "off"."""

    def problems(self) -> list[str]:
        """Every reason these rules cannot be used, each naming its setting."""
        out = []
        if self.every not in EVERY:
            out.append(f"every: {self.every!r} is not one of {', '.join(EVERY)}")
        if self.seating_rights not in RIGHTS:
            out.append(f"seating_rights: {self.seating_rights!r} is not one of "
                       f"{', '.join(RIGHTS)}")
        if self.part_boards is not None and self.part_boards < 1:
            out.append(f"part_boards: {self.part_boards} is not a number of boards")
        if self.sws_notice_minutes is not None and not 0 <= self.sws_notice_minutes <= 24 * 60:
            out.append(f"sws_notice_minutes: {self.sws_notice_minutes} is not 0 to 1440 "
                       "minutes")
        return out

    @classmethod
    def from_setting(cls, value: object) -> LineupRules:
        """The rules an event stored with its preset (a dict); the defaults when it has none."""
        if not isinstance(value, Mapping):
            return cls()

        def whole(key: str) -> int | None:
            item = value.get(key)
            return item if isinstance(item, int) and not isinstance(item, bool) else None

        return cls(systems=bool(value.get("systems")),
                   sws_notice_minutes=whole("sws_notice_minutes"),
                   part_boards=whole("part_boards"),
                   every=str(value.get("every") or "segment"),
                   seating_rights=str(value.get("seating_rights") or "off"))

    def parts(self, boards: int, segments: int) -> tuple[int, ...]:
        """The part (from 1) of each segment of a match of `boards` boards in `segments`
        segments, in order: a segment belongs to the part of its first board."""
        segments = max(1, segments)
        size = max(1, boards // segments)
        if self.part_boards is None or boards <= self.part_boards:
            return (1,) * segments
        return tuple(index * size // self.part_boards + 1 for index in range(segments))

    def rights(self, boards: int, segments: int) -> tuple[str, ...]:
        """Who seats last in each segment ("home" or "away"), the rights alternating from the
        first segment of the match, and again from the first of each part (D3.6); () when
        the event shows none."""
        if self.seating_rights not in ("home", "away"):
            return ()
        other = "away" if self.seating_rights == "home" else "home"
        parts = self.parts(boards, segments)
        out: list[str] = []
        for index, part in enumerate(parts):
            within = index - parts.index(part)
            out.append(self.seating_rights if within % 2 == 0 else other)
        return tuple(out)


def parse_system(value: object) -> str | None:
    """A pair's bidding system as a line-up takes it: None for nothing or blank, else the
    trimmed text; raises ValueError naming a wrong value."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"a bidding system is a short text, not {value!r}")
    text = " ".join(value.split())
    if len(text) > SYSTEM_LENGTH:
        raise ValueError(f"a bidding system's name has at most {SYSTEM_LENGTH} characters, "
                         f"not {len(text)}: {text[:SYSTEM_LENGTH]!r}...")
    if any(not ch.isprintable() for ch in text):
        raise ValueError(f"a bidding system's name is plain text, not {value!r}")
    return text or None
