"""A PBN hand-record file as a dealing machine's software writes one, made for the tests.

Dealing programs export a game per board: a header of ``%`` lines, then ``[Event]``, ``[Site]``,
``[Date]``, ``[Board]``, the four player tags left empty, ``[Dealer]``, ``[Vulnerable]``,
``[Deal]`` (North first), and often the double-dummy tags ``[DoubleDummyTricks]``,
``[OptimumScore]`` and ``[ParContract]``; with Windows line ends, sometimes a byte-order mark,
and comments. The deals here are shuffled from a seed, so every run writes the same file.
"""

from __future__ import annotations

import random

from server.bridge.board import Board

SUITS = "SHDC"
RANKS = "AKQJT98765432"
VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}

# Board 1 of the file: the tricks and par that a double-dummy solver gives for it (North and
# South take 10 tricks in notrump, spades and diamonds, 9 in hearts and clubs; 3NT+1 is par).
BOARD_ONE = "N:AKQJ.T98.765.432 T98.AKQ.432.8765 765.765.AKQJ.AKQ 432.J432.T98.JT9"
BOARD_ONE_TRICKS = "aa9a9aa9a92242422424"


def shuffled(board: int, seed: int = 16) -> str:
    """A deal of 52 cards, 13 a hand, the same for the same board and seed."""
    if board == 1:
        return BOARD_ONE
    cards = [suit + rank for suit in SUITS for rank in RANKS]
    random.Random(f"{seed}/{board}").shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * 13:(seat + 1) * 13]
        hands.append(".".join("".join(r for s, r in sorted(
            (c for c in hand if c[0] == suit), key=lambda c: RANKS.index(c[1])))
            for suit in SUITS))  # fmt: skip
    return "N:" + " ".join(hands)


def game(board: int, deal: str | None = None, dealer: str | None = None,
         vulnerable: str | None = None, analysis: bool = True) -> str:
    """One board's game, with the board's own dealer and vulnerability unless told."""
    facts = Board(board)
    lines = [
        '[Event "Club pairs"]', '[Site "Club rooms"]', '[Date "2026.12.03"]',
        f'[Board "{board}"]', '[West ""]', '[North ""]', '[East ""]', '[South ""]',
        f'[Dealer "{dealer or facts.dealer.value}"]',
        f'[Vulnerable "{vulnerable or VULNERABLE[facts.vulnerability.label]}"]',
        f'[Deal "{deal or shuffled(board)}"]', '[Scoring ""]', '[Declarer ""]',
        '[Contract ""]', '[Result ""]',
    ]  # fmt: skip
    if analysis and board == 1:
        lines += [f'[DoubleDummyTricks "{BOARD_ONE_TRICKS}"]', '[OptimumScore "NS 430"]',
                  '[ParContract "NS 3NT+1"]']  # fmt: skip
    return "\r\n".join(lines) + "\r\n"


def dealing_machine_file(boards: range | list[int], games: dict[int, str] | None = None,
                         bom: bool = True) -> bytes:
    """The whole file: a header, a comment, then a game per board (``games`` replaces some)."""
    header = ("% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=ISO-8859-1\r\n"
              "%Creator: a dealing program\r\n{ Hand records for the club night:\r\n"
              "  [Board \"99\"] in a comment is no board. }\r\n; made for the tests\r\n\r\n")
    body = "\r\n".join((games or {}).get(b) or game(b) for b in boards)
    data = (header + body).encode("utf-8")
    return (b"\xef\xbb\xbf" + data) if bom else data
