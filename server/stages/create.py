"""A competition event: one file for the whole competition, its first stage ready to play.

`traveller new EVENT.db --preset seeds/<competition>.toml --entries N` comes here: the event
keeps the preset's text (every later stage is created from it as the director advances), the
entries (numbered in the draw, named after the preset, in their registered groups), and the
first advance puts the first stage in play, with its tables and their secrets. The whole
creation is one event file or none.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..competition.simulate import make_entries
from ..errors import TravellerError
from ..event.create import discard_event, put_settings
from ..event.venue import new_competition_id
from ..formats import PresetError, parse_preset
from ..formats.competition import CompetitionError
from ..store import Store
from ..store import competition as sql
from ..store import teams as teams_sql
from . import actions


def create_competition(path: str | Path, preset_text: str, *, entries: int | None,
                       password: str, base_url: str, name: str | None = None,
                       origin: str = "<preset>") -> Store:
    """Create the event file of a whole competition at `path` (which must not exist yet)."""
    preset = parse_preset(preset_text, origin=origin)
    spec = preset.competition
    if spec is None:
        raise PresetError(f"{origin} is not a competition (it has no [[stage]])")
    count = entries if entries is not None else spec.entries.count
    if count is None:
        label = f" ({spec.entries.rule})" if spec.entries.rule else ""
        raise PresetError(f"--entries is needed: the regulation does not fix the number of "
                          f"entries{label}")
    try:
        spec.entries.check(count)
    except CompetitionError as exc:
        raise PresetError(str(exc)) from None
    path = Path(path)
    store = Store.create(path)
    try:
        with store.write() as db:
            put_settings(store, db, preset, name=name, password=password, base_url=base_url,
                         competition={"preset_text": preset_text, "entries": count},
                         movement={"kind": "competition", "rounds": 0, "boards_per_round": 1},
                         sections=[])
            # The competition's identity: its venues' files and their bundles carry it.
            store.put_setting(db, "competition_id", new_competition_id(), "setup",
                              "event created")
            own = make_entries(spec, count)
            sql.put_entries(store, db, [{"id": e.id, "name": e.name, "grp": e.group or None,
                                         "joined": None, "origin": None, "advance": None}
                                        for e in own], "setup", "event created")
            if spec.kind == "teams":
                for e in own:
                    teams_sql.put_team(store, db, {"number": e.id, "name": e.name,
                                                   "captain": None, "eligible": 1,
                                                   "note": None}, "setup", "event created")
        actions.advance(store, int(time.time() * 1000), "setup",
                        "event created: the first stage")
    except BaseException as exc:
        discard_event(store, path)
        if isinstance(exc, TravellerError):
            raise PresetError(exc.error) from None
        raise
    return store
