"""What the teams tests share: a teams event from a preset in `seeds/`, its app, and matches
played by entering both rooms' results through the same code the table terminals use."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from server.store import Store, TableRow
from tests.conftest import PASSWORD, REPO

SEEDS = REPO / "seeds"
PASS = ("PASS", 0, "N")


def create(path: Path, preset: str = "gabsi-teams", **options: Any) -> Path:
    """A teams event file; `tables` counts match tables (two teams each)."""
    from server.event.create import create_event
    from server.formats import load_preset

    store = create_event(path, load_preset(SEEDS / f"{preset}.toml"), password=PASSWORD,
                         base_url="http://testserver", **options)
    store.close()
    return path


@contextmanager
def app_for(path: Path) -> Iterator[Any]:
    from server.app import create_app

    app = create_app({"DATABASE": str(path), "TESTING": True})
    try:
        yield app
    finally:
        time.sleep(0.3)  # let the last background push finish before the file closes
        app.extensions["traveller.store"].close()


def table(store: Store, section: str, number: int) -> TableRow:
    return next(t for t in store.tables() if (t.section, t.number) == (section, number))


def enter(store: Store, section: str, number: int, board: int, contract: str = "PASS",
          tricks: int = 0, declarer: str = "N", now_ms: int = 0) -> dict[str, Any]:
    """A result as a table enters it (North-South's score in that room): the acknowledgement
    the terminal would get."""
    from server.errors import TravellerError
    from server.table.entry import submit_result

    try:
        return submit_result(store, table(store, section, number),
                             {"op_id": str(uuid.uuid4()), "board": board, "contract": contract,
                              "declarer": declarer, "tricks": tricks}, now_ms,
                             f"table {section}{number}")
    except TravellerError as exc:
        return exc.body()


def play_match(store: Store, round_number: int, number: int,
               open_room: Mapping[int, tuple[str, int, str]] | None = None,
               closed_room: Mapping[int, tuple[str, int, str]] | None = None) -> None:
    """Every board of a match in both rooms: the results given (by the board's place in the
    match, 1 for its first board), passed out otherwise."""
    seating = next(s for s in store.seatings("O", number) if s.round == round_number)
    for section, given in (("O", open_room or {}), ("C", closed_room or {})):
        for place, board in enumerate(seating.boards, 1):
            contract, tricks, declarer = given.get(place, PASS)
            ack = enter(store, section, number, board, contract, tricks, declarer)
            assert ack["ok"], ack


def boards_of(store: Store, round_number: int, number: int = 1) -> tuple[int, ...]:
    return next(s.boards for s in store.seatings("O", number) if s.round == round_number)


def match_of(store: Store, round_number: int, team: int) -> tuple[int, int, int]:
    """(table, home, away) of a team's match in a round."""
    seating = next(s for s in store.seatings("O") if s.round == round_number
                   and team in (s.ns_pair, s.ew_pair))
    return seating.table_number, seating.ns_pair, seating.ew_pair


def win_by(store: Store, round_number: int, winner: int, imps: str = "big") -> None:
    """Play a team's match of a round so that `winner` wins: "big" (a vulnerable slam made in
    one room, the game in the other) or "small" (an overtrick)."""
    number, home, _ = match_of(store, round_number, winner)
    first = 1
    if imps == "big":
        made, other = ("6NT", 12, "N"), ("3NT", 12, "N")
    else:
        made, other = ("3NT", 10, "N"), ("3NT", 9, "N")
    if winner == home:
        play_match(store, round_number, number, {first: made}, {first: other})
    else:
        play_match(store, round_number, number, {first: other}, {first: made})
