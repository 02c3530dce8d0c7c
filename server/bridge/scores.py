"""The duplicate score of a contract, by the Laws of Duplicate Bridge (Law 77).

:func:`score` is the declaring side's score, the number the Laws' scoring table gives;
:func:`ns_score` turns it into North-South's point of view, the one number a traveller records
per result and the one that matchpoints and IMPs compare.
"""

from __future__ import annotations

from server.bridge.board import Vulnerability
from server.bridge.contract import Contract, Strain
from server.bridge.errors import InvalidSeatError, InvalidTricksError
from server.bridge.seat import Seat

# Law 77 trick scores: (first odd trick, each later odd trick), undoubled. Only notrump's first
# trick differs; the later value is also what an undoubled overtrick scores.
_TRICK_SCORES = {
    Strain.CLUBS: (20, 20),
    Strain.DIAMONDS: (20, 20),
    Strain.HEARTS: (30, 30),
    Strain.SPADES: (30, 30),
    Strain.NOTRUMP: (40, 30),
}


def check_tricks(tricks: int) -> None:
    """Raise :class:`InvalidTricksError` unless ``tricks`` is a whole number from 0 to 13."""
    # type() rather than isinstance(): True and 10.0 are not trick counts, and a float would
    # quietly turn every score into a float.
    if type(tricks) is not int or not 0 <= tricks <= 13:
        raise InvalidTricksError(f"invalid tricks: {tricks!r} (expected 0 to 13)")


def score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """The duplicate score for the declaring side, which takes ``tricks`` of the 13.

    Positive when the contract makes, negative when it goes down, 0 when passed out. Raises
    :class:`InvalidTricksError` unless ``tricks`` is 0 to 13.
    """
    check_tricks(tricks)
    if contract.strain is None:
        return 0
    if tricks >= contract.tricks_needed:
        return _made(contract, contract.strain, vulnerable, tricks - contract.tricks_needed)
    return -_undertricks(contract.doubling, vulnerable, contract.tricks_needed - tricks)


def ns_score(
    contract: Contract, declarer: Seat | None, tricks: int, vulnerability: Vulnerability
) -> int:
    """The score from North-South's point of view: negative when East-West score.

    ``declarer`` is ``None`` exactly when the board was passed out; anything else raises
    :class:`InvalidSeatError`.
    """
    if contract.is_passed_out:
        if declarer is not None:
            raise InvalidSeatError(f"invalid declarer for a passed-out board: {declarer!r}")
        check_tricks(tricks)
        return 0
    if not isinstance(declarer, Seat):
        raise InvalidSeatError(f"invalid declarer for {contract.code}: {declarer!r}")
    points = score(contract, vulnerability.is_vulnerable(declarer), tricks)
    return points if declarer.is_ns else -points


def _made(contract: Contract, strain: Strain, vulnerable: bool, overtricks: int) -> int:
    first, later = _TRICK_SCORES[strain]
    # Doubling doubles the trick score and redoubling quadruples it; the doubled trick score is
    # what decides between game and part-score (so 2SX, 120, is a game).
    trick_score = (first + later * (contract.level - 1)) * (1, 2, 4)[contract.doubling]
    if trick_score >= 100:
        bonus = 500 if vulnerable else 300
    else:
        bonus = 50
    if contract.level == 6:
        bonus += 750 if vulnerable else 500
    elif contract.level == 7:
        bonus += 1500 if vulnerable else 1000
    # "For making a doubled contract": 50 doubled, 100 redoubled.
    bonus += 50 * contract.doubling
    if contract.doubling == 0:
        overtrick_value = later
    else:
        overtrick_value = (200 if vulnerable else 100) * contract.doubling
    return trick_score + bonus + overtrick_value * overtricks


def _undertricks(doubling: int, vulnerable: bool, down: int) -> int:
    if doubling == 0:
        return (100 if vulnerable else 50) * down
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        # Not vulnerable: 100 for the first, 200 each for the second and third, 300 thereafter.
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * 2 if doubling == 2 else doubled
