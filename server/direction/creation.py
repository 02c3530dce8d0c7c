"""Creating an event in the director console: the presets on offer and the creation form.

`traveller serve` on a file that does not exist yet lets the director create the event in the
browser, from any preset of a folder (the repository's `seeds/` by default), as `traveller new`
does on the command line. The form arrives as text; `read_form` checks every field and reports
every mistake at once, so nothing is created until all of it is right. The director's password
is set here, at creation, as the design requires, and the creation is one audit row more.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TravellerError, shown
from ..event.access import MIN_PASSWORD
from ..event.create import create_event
from ..formats import Preset, PresetError, load_preset
from ..movements import MovementError
from ..store import Store, StoreError
from . import setup

DEMO = "demo.toml"
"""The demo's preset: offered last, since it is there for trying Traveller out."""
LIMITS = {"tables": 200, "sections": 26, "boards_per_round": 64, "rounds": 200}
"""Upper bounds on the numbers, so a slip of the finger cannot build a movement for hours."""
NUMBERS = ("tables", "boards_per_round", "rounds", "sections")


@dataclass(frozen=True)
class PresetChoice:
    """A preset the console offers: its file name in the folder, and what it holds."""

    file: str
    """The file name, e.g. "gabsi-pairs.toml": the form's value."""
    preset: Preset

    def wire(self) -> dict[str, Any]:
        p = self.preset
        return {"file": self.file, "name": p.name, "kind": p.kind, "movement": p.movement,
                "tables": p.tables, "boards_per_round": p.boards_per_round, "rounds": p.rounds,
                "sections": p.sections, "scoring": p.scoring, "clock_minutes": p.clock_minutes,
                "clock_per_boards": p.clock_per_boards, "lead": p.lead,
                "mini_bridge": p.mini_bridge, "mixed": p.mixed, "rules": list(p.rules)}


def list_presets(folder: str | Path) -> tuple[list[PresetChoice], list[str]]:
    """Every preset of `folder` by file name (the demo's last), and the files that are broken."""
    files = sorted(Path(folder).glob("*.toml"), key=lambda p: (p.name == DEMO, p.name))
    choices: list[PresetChoice] = []
    broken: list[str] = []
    for path in files:
        try:
            preset = load_preset(path)
        except PresetError as exc:
            broken.append(str(exc))
            continue
        if preset.competition is None:  # a whole competition is not one event file yet
            choices.append(PresetChoice(path.name, preset))
    return choices, broken


@dataclass(frozen=True)
class NewEvent:
    """A checked creation form. Numbers left as None take the preset's own."""

    choice: PresetChoice
    name: str
    tables: int | None
    boards_per_round: int | None
    rounds: int | None
    sections: int | None
    password: str


class FormProblems(TravellerError):
    """The creation form has mistakes; `problems` lists every one, for the form to show."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("invalid_event", "; ".join(problems), 400)
        self.problems = problems


def _text(form: Mapping[str, Any], key: str) -> str:
    value = form.get(key)
    return "" if value is None else str(value).strip()


def read_form(form: Mapping[str, Any],
              choices: list[PresetChoice]) -> tuple[NewEvent | None, list[str]]:
    """The form checked and typed, or None, and every problem found."""
    problems: list[str] = []
    by_file = {c.file: c for c in choices}
    file = _text(form, "preset")
    choice = by_file.get(file)
    if choice is None:
        problems.append(f"Preset: {shown(file)} is not one of the presets offered" if file
                        else "Preset: choose one")
    # The numbers and the name are read as the set-up page reads them; blank keeps the preset's.
    given = {key: form[key] for key in ("name", *NUMBERS) if _text(form, key)}
    values, found = setup.read_form(given)
    problems += found
    for key, high in LIMITS.items():
        if isinstance(values.get(key), int) and values[key] > high:
            problems.append(f"{setup.BY_NAME[key].label}: at most {high}")
    if len(str(values.get("name", ""))) > 200:
        problems.append("Event name: at most 200 characters")
    if choice is not None and choice.preset.kind == "teams" and values.get("sections", 1) > 1:
        problems.append("Sections: a teams event plays in its two rooms, not in sections")
    password = str(form.get("password") or "")
    if len(password) < MIN_PASSWORD:
        problems.append(f"Director password: at least {MIN_PASSWORD} characters")
    elif password != str(form.get("password_again") or ""):
        problems.append("Director password: the two passwords are not the same")
    if problems or choice is None:
        return None, problems
    return NewEvent(choice, values.get("name") or choice.preset.name, values.get("tables"),
                    values.get("boards_per_round"), values.get("rounds"),
                    values.get("sections"), password), []


def create(path: str | Path, form: Mapping[str, Any], choices: list[PresetChoice],
           base_url: str, actor: str = "director") -> Store:
    """Create the event file at `path` from the form, audited; return its open store.

    Raises FormProblems (400) listing every mistake, `event_exists` (409) when the file is
    already there, `cannot_create` (500) when it cannot be written. Nothing is left on disk
    unless the whole event was written."""
    new, problems = read_form(form, choices)
    if new is None:
        raise FormProblems(problems)
    path = Path(path)
    if path.exists():
        raise TravellerError("event_exists", f"{path.name} exists already: this server serves "
                             "it; log in to the console", 409)
    try:
        store = create_event(path, new.choice.preset, password=new.password,
                             base_url=base_url, name=new.name, tables=new.tables,
                             boards_per_round=new.boards_per_round, rounds=new.rounds,
                             sections=new.sections)
    except StoreError as exc:
        raise TravellerError("event_exists", str(exc), 409) from None
    except (MovementError, TypeError, ValueError) as exc:
        raise FormProblems([f"Movement: that movement cannot be built: {exc}"]) from None
    except (OSError, sqlite3.Error) as exc:
        raise TravellerError("cannot_create", f"cannot write {path}: {exc}", 500) from None
    shape = {"preset": new.choice.file, "name": new.name, "tables": new.tables,
             "boards_per_round": new.boards_per_round, "rounds": new.rounds,
             "sections": new.sections}
    with store.write() as db:
        store.audit(db, actor, "create", "event", path.name, None, json.dumps(shape),
                    "created in the director console")
    return store
