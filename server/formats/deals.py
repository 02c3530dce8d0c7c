"""Hand records: the deals of a PBN file, read from its ``[Board]`` and ``[Deal]`` tags.

A PBN deal is written ``[Deal "N:AKQ.T9.8765.432 ..."]``: the seat of the first hand, a colon,
then four hands clockwise from that seat, each four suits (spades, hearts, diamonds, clubs)
separated by dots, ``-`` for a void, ``10`` accepted for ``T``. A usable deal has 52 different
cards, 13 in each hand. Everything else in the file (results, commentary, other tags) is
ignored here. Parsing is strict: a bad deal raises :class:`DealError` naming its board and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"


class DealError(ValueError):
    """A hand record that cannot be used; the message names the board and line."""


@dataclass(frozen=True)
class Deal:
    """The four hands of one board, each as PBN writes it: ``"AKQ.T9.8765.432"``."""

    board: int
    """The board number, from the game's ``[Board]`` tag."""
    north: str
    east: str
    south: str
    west: str

    def hand(self, seat: str) -> str:
        """The hand of ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return {"N": self.north, "E": self.east, "S": self.south, "W": self.west}[seat.upper()]

    def pbn(self) -> str:
        """The deal as a PBN ``Deal`` value, North first."""
        return f"N:{self.north} {self.east} {self.south} {self.west}"


def parse_hand(text: str) -> str:
    """A hand in the canonical form: ranks high to low, ``T`` for ten, empty for a void.

    Raises :class:`DealError` unless there are four suits of valid, distinct ranks."""
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError(f"hand {text!r} has {len(suits)} suits, not 4 (spades.hearts.diamonds."
                        "clubs)")
    out = []
    for suit_name, suit in zip(SUITS, suits, strict=True):
        cards = suit.upper().replace("10", "T")
        if cards == "-":
            cards = ""
        bad = [c for c in cards if c not in RANKS]
        if bad:
            raise DealError(f"hand {text!r}: {bad[0]!r} is not a card rank")
        if len(set(cards)) != len(cards):
            raise DealError(f"hand {text!r}: a card is repeated in {suit_name}")
        out.append("".join(sorted(cards, key=RANKS.index)))
    return ".".join(out)


def parse_deal(value: str, board: int = 0) -> Deal:
    """A ``[Deal]`` tag's value as a :class:`Deal`; raises :class:`DealError` with the reason."""
    first, colon, rest = value.strip().partition(":")
    if not colon or first.strip().upper() not in tuple(SEATS):
        raise DealError(f"deal {value!r} must start with the first hand's seat: N:, E:, S: or W:")
    hands_text = rest.split()
    if len(hands_text) != 4:
        raise DealError(f"deal {value!r} has {len(hands_text)} hands, not 4")
    start = SEATS.index(first.strip().upper())
    hands: dict[str, str] = {}
    seen: dict[tuple[str, str], str] = {}
    for i, text in enumerate(hands_text):
        seat = SEATS[(start + i) % 4]
        hand = parse_hand(text)
        count = sum(len(s) for s in hand.split("."))
        if count != 13:
            raise DealError(f"{seat}'s hand {text!r} has {count} cards, not 13")
        for suit, cards in zip(SUITS, hand.split("."), strict=True):
            for rank in cards:
                if (suit, rank) in seen:
                    raise DealError(f"{rank}{suit} is in both {seen[(suit, rank)]}'s and "
                                    f"{seat}'s hands")
                seen[(suit, rank)] = seat
        hands[seat] = hand
    return Deal(board, hands["N"], hands["E"], hands["S"], hands["W"])


_TAG = re.compile(r'^\s*\[\s*(\w+)\s+"([^"]*)"\s*\]')


def parse_deals(text: str, origin: str = "<pbn>") -> list[Deal]:
    """Every deal of a PBN file, in file order; a board given twice keeps its last deal.

    ``[Board "#"]`` or ``[Deal "#"]`` repeat the previous game's value, as PBN allows. Raises
    :class:`DealError` (naming the origin, board and line) on the first bad deal, and when the
    file holds no deal at all."""
    deals: dict[int, Deal] = {}
    board_text: str | None = None
    previous_deal: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("%") or line.lstrip().startswith(";"):
            continue
        match = _TAG.match(line)
        if not match:
            continue
        tag, value = match.group(1).lower(), match.group(2)
        if tag == "board":
            if value != "#":
                board_text = value.strip()
        elif tag == "deal":
            value = previous_deal if value == "#" and previous_deal else value
            previous_deal = value
            if board_text is None or not board_text.isdigit() or int(board_text) < 1:
                raise DealError(f"{origin} line {number}: a deal without a board number "
                                f"(board {board_text!r})")
            board = int(board_text)
            try:
                deals[board] = parse_deal(value, board)
            except DealError as exc:
                raise DealError(f"{origin} line {number}, board {board}: {exc}") from None
    if not deals:
        raise DealError(f"{origin}: no [Deal] tag found; is this a PBN hand record?")
    return list(deals.values())

