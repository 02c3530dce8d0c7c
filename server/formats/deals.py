"""Hand records: the deals of a PBN file as dealing machines and dealing programs write it.

A PBN deal is written ``[Deal "N:AKQ.T9.8765.432 ..."]``: the seat of the first hand, a colon,
then four hands clockwise from that seat, each four suits (spades, hearts, diamonds, clubs)
separated by dots, ``-`` for a void, ``10`` accepted for ``T``. A usable deal has 52 different
cards, 13 in each hand. A game's ``[Dealer]`` and ``[Vulnerable]`` must be its board number's
(the board in the players' hands says so), and its double-dummy tags, when present, become the
deal's :class:`Analysis`: ``[DoubleDummyTricks]`` (20 hex digits), ``[OptimumScore]``
(``"NS 420"``) and ``[ParContract]`` (``"EW 5DX"``). Comments (``{...}``, also over several
lines, and ``;`` to the end of a line), ``%`` lines and every other tag are skipped. Parsing is
strict: a bad game raises :class:`DealError` naming its board and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from server.bridge.board import Board, Vulnerability

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
STRAINS = ("NT", "S", "H", "D", "C")
"""The strains in the order of PBN's ``DoubleDummyTricks``."""
DECLARERS = "NSEW"
"""The declarers in the order of PBN's ``DoubleDummyTricks``."""


class DealError(ValueError):
    """A hand record that cannot be used; the message names the board and line."""


@dataclass(frozen=True)
class Analysis:
    """What a deal is worth double dummy: the tricks of each declarer in each strain, and par."""

    tricks: str | None
    """20 hex digits as PBN's ``DoubleDummyTricks`` writes them: declarer N, then S, E, W, each
    in NT, spades, hearts, diamonds, clubs (``"a"`` is 10 tricks); None when unknown."""
    par_score: int | None
    """North-South's par score (East-West's par is negative); None when unknown."""
    par_contract: str | None
    """The par contract(s) as text: ``"NS 4S"``, ``"EW 5DX"``, ``"Pass"``; None when unknown."""
    source: str
    """``"endplay"`` when computed on loading, ``"file"`` when read from the file's tags."""

    def tricks_of(self, declarer: str, strain: str) -> int | None:
        """The tricks ``declarer`` (N, E, S, W) takes in ``strain`` (NT, S, H, D, C)."""
        if self.tricks is None:
            return None
        index = DECLARERS.index(declarer.upper()) * 5 + STRAINS.index(strain.upper())
        return int(self.tricks[index], 16)

    def table(self) -> list[tuple[str, list[int]]]:
        """The 5x4 table: per strain (NT, S, H, D, C) the tricks of N, S, E and W; empty when
        the tricks are unknown."""
        if self.tricks is None:
            return []
        return [(strain, [self.tricks_of(d, strain) or 0 for d in DECLARERS])
                for strain in STRAINS]

    def wire(self) -> dict[str, Any]:
        """As the JSON carries it: ``{"tricks": {"NT": {"N": 10, "S": 10, "E": 2, "W": 2},
        ...} or None, "par_score", "par_contract", "source"}``."""
        return {"tricks": {strain: dict(zip(DECLARERS, row, strict=True))
                           for strain, row in self.table()} or None,
                "par_score": self.par_score, "par_contract": self.par_contract,
                "source": self.source}

    @property
    def par_text(self) -> str | None:
        """The par score as a hand record prints it: ``"NS 420"``, ``"EW 620"``, ``"0"``."""
        if self.par_score is None:
            return None
        if self.par_score == 0:
            return "0"
        return f"NS {self.par_score}" if self.par_score > 0 else f"EW {-self.par_score}"


def parse_tricks(text: str) -> str:
    """A ``DoubleDummyTricks`` value, lower case; raises :class:`DealError` unless it is 20 hex
    digits of 0 to 13."""
    value = text.strip().lower()
    if len(value) != 20 or any(c not in "0123456789abcd" for c in value):
        raise DealError(f"[DoubleDummyTricks {text!r}] is not 20 hex digits of 0 to d (N, S, "
                        "E, W declaring in NT, S, H, D, C)")
    return value


_OPTIMUM = re.compile(r"^(NS|EW)\s+(-?\d+)$|^(0)$", re.IGNORECASE)


def parse_optimum_score(text: str) -> int:
    """An ``OptimumScore`` value (``"NS 420"``, ``"EW 100"``, ``"0"``) as North-South's score."""
    match = _OPTIMUM.match(text.strip())
    if not match:
        raise DealError(f"[OptimumScore {text!r}] is not a side and a score, like \"NS 420\"")
    if match.group(3):
        return 0
    score = int(match.group(2))
    return score if match.group(1).upper() == "NS" else -score


@dataclass(frozen=True)
class Deal:
    """The four hands of one board, each as PBN writes it: ``"AKQ.T9.8765.432"``."""

    board: int
    """The board number, from the game's ``[Board]`` tag."""
    north: str
    east: str
    south: str
    west: str
    analysis: Analysis | None = None
    """Double-dummy tricks and par, when computed or given by the file."""

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


_TAG = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')

_VULNERABLE = {"none": Vulnerability.NONE, "love": Vulnerability.NONE, "-": Vulnerability.NONE,
               "ns": Vulnerability.NS, "ew": Vulnerability.EW, "all": Vulnerability.BOTH,
               "both": Vulnerability.BOTH}  # fmt: skip
_UNKNOWN = ("", "?", "#")
"""Values that say nothing: a dealer or vulnerability left open is taken from the board."""


def _tags(text: str) -> Iterator[tuple[int, str, str]]:
    """Each tag pair of a PBN text outside comments, as (line, name in lower case, value), and
    ``(line, "", "")`` at each blank line, which ends a game."""
    in_comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        rest = raw
        if in_comment:
            end = raw.find("}")
            if end < 0:
                continue
            rest, in_comment = raw[end + 1:], False
        elif raw.startswith("%"):
            continue
        elif not raw.strip():
            yield number, "", ""
            continue
        pos = 0
        while pos < len(rest):
            char = rest[pos]
            if char == "{":
                end = rest.find("}", pos + 1)
                if end < 0:
                    in_comment = True
                    break
                pos = end + 1
            elif char == ";":
                break
            elif char == "[" and (match := _TAG.match(rest, pos)):
                value = re.sub(r"\\(.)", r"\1", match.group(2))
                yield number, match.group(1).lower(), value
                pos = match.end()
            elif char == '"':  # a string of a table row: a brace or a semicolon in it is text
                end = rest.find('"', pos + 1)
                pos = len(rest) if end < 0 else end + 1
            else:
                pos += 1


# Tags a game has once: one of them again starts the next game. (Others, like `Note`, repeat
# within a game.)
_ONCE = frozenset({"board", "dealer", "vulnerable", "deal", "doubledummytricks",
                   "optimumscore", "parcontract"})


def _games(text: str) -> Iterator[dict[str, tuple[int, str]]]:
    """The games of a PBN text, each its tags by name with their line (the last of a repeated
    tag). A game ends at a blank line, or where a tag a game has once comes again (files that
    run games together)."""
    game: dict[str, tuple[int, str]] = {}
    for number, tag, value in _tags(text):
        if not tag or (tag in _ONCE and tag in game):
            if game:
                yield game
            game = {}
        if tag:
            game[tag] = (number, value)
    if game:
        yield game


class _TagError(DealError):
    """A bad tag of a game, with its line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _value(game: dict[str, tuple[int, str]], tag: str) -> tuple[int, str] | None:
    """A tag's line and value, unless the game lacks it or leaves it open."""
    if tag not in game or game[tag][1].strip() in _UNKNOWN:
        return None
    return game[tag][0], game[tag][1].strip()


def _check_board(game: dict[str, tuple[int, str]], board: int) -> None:
    """Refuse a dealer or vulnerability that is not the board number's."""
    facts = Board(board)
    if found := _value(game, "dealer"):
        line, text = found
        if text.upper() not in tuple(SEATS):
            raise _TagError(line, f"[Dealer {text!r}] is not N, E, S or W")
        if text.upper() != facts.dealer.value:
            raise _TagError(line, f"[Dealer {text!r}] contradicts the board number: "
                                  f"{facts.dealer.full_name} deals board {board}")
    if found := _value(game, "vulnerable"):
        line, text = found
        if text.lower() not in _VULNERABLE:
            raise _TagError(line, f"[Vulnerable {text!r}] is not None, NS, EW or All")
        if _VULNERABLE[text.lower()] is not facts.vulnerability:
            raise _TagError(line, f"[Vulnerable {text!r}] contradicts the board number: board "
                                  f"{board} is {facts.vulnerability.label} vulnerable")


def _file_analysis(game: dict[str, tuple[int, str]]) -> Analysis | None:
    """The double-dummy tags of a game, when it has any."""
    tricks, score = _value(game, "doubledummytricks"), _value(game, "optimumscore")
    contract = _value(game, "parcontract")
    if tricks is None and score is None and contract is None:
        return None
    try:
        return Analysis(
            tricks=None if tricks is None else parse_tricks(tricks[1]),
            par_score=None if score is None else parse_optimum_score(score[1]),
            par_contract=None if contract is None else " ".join(contract[1].split()),
            source="file")
    except DealError as exc:
        bad = tricks if "DoubleDummyTricks" in str(exc) else score
        raise _TagError(bad[0] if bad else 0, str(exc)) from None


def parse_deals(text: str, origin: str = "<pbn>") -> list[Deal]:
    """Every deal of a PBN file, in file order; a board given twice keeps its last deal.

    ``[Board "#"]`` or ``[Deal "#"]`` repeat the previous game's value, as PBN allows. Raises
    :class:`DealError` (naming the origin, board and line) on the first bad game, and when the
    file holds no deal at all."""
    deals: dict[int, Deal] = {}
    board_text: str | None = None
    previous_deal: str | None = None
    for game in _games(text):
        if "board" in game and game["board"][1].strip() != "#":
            board_text = game["board"][1].strip()
        if "deal" not in game:
            continue
        number, value = game["deal"]
        value = previous_deal if value.strip() == "#" and previous_deal else value
        previous_deal = value
        if board_text is None or not board_text.isdigit() or int(board_text) < 1:
            raise DealError(f"{origin} line {number}: a deal without a board number "
                            f"(board {board_text!r})")
        board = int(board_text)
        try:
            deal = parse_deal(value, board)
            _check_board(game, board)
            analysis = _file_analysis(game)
        except DealError as exc:
            line = exc.line if isinstance(exc, _TagError) else number
            raise DealError(f"{origin} line {line}, board {board}: {exc}") from None
        deals[board] = Deal(board, deal.north, deal.east, deal.south, deal.west, analysis)
    if not deals:
        raise DealError(f"{origin}: no [Deal] tag found; is this a PBN hand record?")
    return list(deals.values())
