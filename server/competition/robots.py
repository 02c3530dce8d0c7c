"""Robots that play boards: random but plausible results, deal by deal, for the simulator.

A deal is 52 cards shuffled from the seed and the deal's key, so every table that plays the
same board of the same round plays the same cards (D1.2) and a second run deals them again. The
side with more high-card points declares, in its longest major fit of eight or more, else
notrump with 23 points or more or no eight-card fit, else its longest minor fit. Its expected
tricks come from its points and its fit; each table then bids to its own reading of them (a
game with enough, a slam with a lot, a partscore otherwise; now and then the opponents compete
or double) and takes the expected tricks give or take a random error and the two sides'
strength, so better teams win more often. Scores are the real duplicate scores of those
contracts (:mod:`server.bridge`); mini bridge bids only partscores at the one level and games
(K8.2). Nothing here is meant to be good bridge: it is meant to give the scoring, the rankings
and the tie-breaks realistic work.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..bridge import Board, Contract, Seat, Strain, ns_score
from ..scoring.matchpoints import BoardResult as TravellerLine
from ..scoring.teams import BoardResult as TwoRooms
from .model import MatchFixture, MatchPlay, SessionFixture

_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_GAME_TRICKS = {Strain.SPADES: 10, Strain.HEARTS: 10, Strain.DIAMONDS: 11, Strain.CLUBS: 11,
                Strain.NOTRUMP: 9}
SKILL_TRICKS = 0.15
"""Tricks a unit of strength is worth against an average side."""


@dataclass(frozen=True)
class Played:
    """One table's result, as a terminal would enter it."""

    contract: Contract
    declarer: Seat | None
    """None when the board was passed out."""
    tricks: int
    ns_score: int


@dataclass(frozen=True)
class DealFacts:
    """What the robots read from a deal."""

    number: int
    """The board number (dealer and vulnerability)."""
    ns_declares: bool
    points: int
    """The declaring side's high-card points."""
    strain: Strain
    fit: int
    """The declaring side's cards in the strain (notrump: its longest suit)."""
    declarer: Seat
    expected: float
    """Tricks the declaring side expects in the strain."""
    second_strain: Strain
    """The other side's best suit, when it competes."""


class Robots:
    """Deals and plays every board of a simulation from one seed."""

    def __init__(self, seed: int, *, mini_bridge: bool = False) -> None:
        self.seed = seed
        self.mini = mini_bridge
        self._deals: dict[tuple[str, int], DealFacts] = {}
        self._skills: dict[int, float] = {}

    def skill(self, entry: int) -> float:
        """An entry's strength, drawn once from the seed (about -1.5 to +1.5)."""
        if entry not in self._skills:
            self._skills[entry] = random.Random(f"{self.seed}|skill|{entry}").gauss(0.0, 0.5)
        return self._skills[entry]

    def deal(self, deals: str, number: int) -> DealFacts:
        key = (deals, number)
        if key not in self._deals:
            self._deals[key] = _facts(number, random.Random(f"{self.seed}|deal|{deals}|{number}"))
        return self._deals[key]

    def play_match(self, fixture: MatchFixture) -> MatchPlay:
        """Both rooms of every board: the home team North-South in the open room."""
        boards = []
        for number in range(fixture.first_board, fixture.first_board + fixture.boards):
            open_ns = self.match_board(fixture, number, "open").ns_score
            closed_ns = self.match_board(fixture, number, "closed").ns_score
            boards.append(TwoRooms(number, open_ns, closed_ns))
        return MatchPlay(tuple(boards))

    def match_board(self, fixture: MatchFixture, number: int, room: str) -> Played:
        """One room's result on board ``number`` of a match (its home team North-South in the
        open room, East-West in the closed room)."""
        return self.room_board(fixture.key, fixture.deals, number, fixture.home, fixture.away,
                               room)

    def room_board(self, key: str, deals: str, number: int, home: int, away: int,
                   room: str) -> Played:
        """One room's result on board ``number`` (as the fixture numbers it) of match
        ``key``."""
        ns, ew = (home, away) if room == "open" else (away, home)
        return self.play(deals, number, ns, ew, f"{key}|{number}|{room}")

    def play_session(self, fixture: SessionFixture) -> tuple[TravellerLine, ...]:
        """Every table of every round of a pairs session (pairs missing from the group sit
        out the round)."""
        lines = []
        for rnd in fixture.movement.rounds:
            for seating in rnd.seatings:
                ns, ew = fixture.entry(seating.ns_pair), fixture.entry(seating.ew_pair)
                if ns is None or ew is None:
                    continue
                for number in seating.boards:
                    played = self.session_board(fixture, rnd.number, seating.table, number,
                                                ns, ew)
                    lines.append(TravellerLine.played(number, ns, ew, played.ns_score,
                                                      fixture.group, rnd.number))
        return tuple(lines)

    def session_board(self, fixture: SessionFixture, round_number: int, table: int,
                      number: int, ns: int, ew: int) -> Played:
        """One table's result on board ``number`` in round ``round_number`` of a session."""
        return self.table_board(fixture.key, fixture.deals, round_number, table, number, ns,
                                ew)

    def table_board(self, key: str, deals: str, round_number: int, table: int, number: int,
                    ns: int, ew: int) -> Played:
        """One table's result on board ``number`` (as the session numbers it) in round
        ``round_number`` of session ``key``."""
        return self.play(deals, number, ns, ew, f"{key}|{round_number}|{table}|{number}")

    def play(self, deals: str, number: int, ns: int, ew: int, where: str) -> Played:
        """The result at one table: ``where`` names the table and the board, so the same table
        plays the same whoever asks and in whatever order (the simulator, or robots at a
        venue's terminals)."""
        rng = random.Random(f"{self.seed}|table|{where}")
        return self._table(self.deal(deals, number), self.skill(ns), self.skill(ew), rng)

    def _table(self, facts: DealFacts, ns: float, ew: float, rng: random.Random) -> Played:
        """North-South's result at one table."""
        edge = (ns - ew) if facts.ns_declares else (ew - ns)
        vulnerability = Board(facts.number).vulnerability
        if facts.points <= 21 and rng.random() < 0.06:
            return Played(Contract(0, None), None, 0, 0)  # passed out
        strain, declarer, expected = facts.strain, facts.declarer, facts.expected
        if not self.mini and 18 <= facts.points <= 22 and rng.random() < 0.25:
            # The other side competes and buys it at the two level.
            strain = facts.second_strain
            declarer = _partner_or_left(declarer, rng)
            expected = 13 - facts.expected - 0.5
            edge = -edge
            level = 2
            doubled = 1 if rng.random() < 0.15 else 0
        else:
            judged = expected + rng.gauss(0.0, 0.7)
            level, doubled = self._bid(strain, judged, rng)
        tricks = round(expected + SKILL_TRICKS * edge + rng.gauss(0.0, 0.9))
        tricks = max(0, min(13, tricks))
        contract = Contract(level, strain, doubled)
        return Played(contract, declarer, tricks,
                      ns_score(contract, declarer, tricks, vulnerability))

    def _bid(self, strain: Strain, judged: float, rng: random.Random) -> tuple[int, int]:
        game = _GAME_TRICKS[strain]
        if self.mini:
            # K8.2: a partscore, scored at the one level, or a game; never doubled.
            return (game - 6 if judged >= game - 0.4 else 1), 0
        if judged >= 12.6:
            return (7 if judged >= 13.2 and rng.random() < 0.3 else 6), 0
        if judged >= game - 0.4:
            return game - 6, 1 if judged < game - 1.5 and rng.random() < 0.3 else 0
        level = max(1, min(game - 7, int(judged) - 6))
        doubled = 1 if judged < level + 5 and rng.random() < 0.3 else 0
        return level, doubled


def _partner_or_left(declarer: Seat, rng: random.Random) -> Seat:
    opponents = {Seat.N: (Seat.E, Seat.W), Seat.S: (Seat.E, Seat.W), Seat.E: (Seat.N, Seat.S),
                 Seat.W: (Seat.N, Seat.S)}[declarer]
    return opponents[rng.random() < 0.5]


def _facts(number: int, rng: random.Random) -> DealFacts:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [cards[i * 13:(i + 1) * 13] for i in range(4)]  # N, E, S, W
    points = [sum(max(0, c % 13 - 8) for c in hand) for hand in hands]
    lengths = [[sum(1 for c in hand if c // 13 == s) for s in range(4)] for hand in hands]
    ns_points = points[0] + points[2]
    ns_declares = ns_points > 20 or (ns_points == 20 and rng.random() < 0.5)
    mine = (0, 2) if ns_declares else (1, 3)
    theirs = (1, 3) if ns_declares else (0, 2)
    side_points = ns_points if ns_declares else 40 - ns_points
    fits = [lengths[mine[0]][s] + lengths[mine[1]][s] for s in range(4)]
    their_fits = [lengths[theirs[0]][s] + lengths[theirs[1]][s] for s in range(4)]
    majors = [s for s in (0, 1) if fits[s] >= 8]
    minors = [s for s in (2, 3) if fits[s] >= 8]
    if majors:
        suit = max(majors, key=lambda s: fits[s])
        strain, fit = _STRAINS[suit], fits[suit]
    elif side_points >= 23 or not minors:
        strain, fit = Strain.NOTRUMP, max(fits)
    else:
        suit = max(minors, key=lambda s: fits[s])
        strain, fit = _STRAINS[suit], fits[suit]
    if strain is Strain.NOTRUMP:
        expected = 7.1 + 0.42 * (side_points - 20) + 0.2 * max(0, fit - 8)
        declarer_index = max(mine, key=lambda h: points[h])
    else:
        expected = 7.6 + 0.38 * (side_points - 20) + 0.55 * (fit - 8)
        suit = _STRAINS.index(strain)
        declarer_index = max(mine, key=lambda h: (lengths[h][suit], points[h]))
    second = _STRAINS[max(range(4), key=lambda s: their_fits[s])]
    return DealFacts(number, ns_declares, side_points, strain, fit,
                     (Seat.N, Seat.E, Seat.S, Seat.W)[declarer_index],
                     max(0.0, min(13.0, expected)), second)
