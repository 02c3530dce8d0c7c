"""Presets: how a competition runs, read from a TOML file in `seeds/`.

A preset is the regulation turned into settings: the movement, boards per round, scoring
method, time per board. Every rule the product applies is a setting here, so a new
regulation is a new file, not new code. Parsing is strict: unknown keys and wrong types are
reported all at once, each with its place in the file, the way a form shows every mistake.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class PresetError(ValueError):
    """A preset file that cannot be used; the message lists every problem found."""


@dataclass(frozen=True)
class Preset:
    name: str
    """The competition's name as players see it."""
    kind: str = "pairs"
    """"pairs" or "teams"."""
    movement: str = "mitchell"
    """The movement's name (see server.movements)."""
    tables: int = 7
    """Default number of tables; `traveller new --tables` overrides it."""
    boards_per_round: int = 3
    rounds: int | None = None
    """Rounds to play; None plays the movement's full length (a Mitchell: one per table)."""
    sections: int = 1
    """Sections playing the same boards, each with `tables` tables (A, B, C...)."""
    scoring: str = "mp"
    """Scoring method: "mp" (matchpoints, K17.3)."""
    clock_minutes: float = 8.0
    """Minutes allowed per `clock_per_boards` boards (K12.1-2: 8 per board; D3.5: 102 per 12)."""
    clock_per_boards: int = 1
    lead: str = "optional"
    """The opening lead at entry: "off", "optional" or "required"."""
    mini_bridge: bool = False
    """K8.2: contracts are only partscores (at the one level) or games, undoubled."""
    show_traveller: bool = True
    """Whether a table sees a board's traveller after it has played the board."""
    mixed: bool = False
    """K6.2, K7.3: a mixed pairs event, where the woman sits North or West (a warning)."""
    rules: tuple[str, ...] = ()
    """The rule IDs of REGULATIONS.md this preset configures, for people reading it."""
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    """Sections this version does not interpret yet, kept so nothing in the file is lost."""


_SCHEMA: dict[str, dict[str, type | tuple[type, ...]]] = {
    "event": {"name": str, "kind": str, "rules": list, "source": str},
    "movement": {"kind": str, "tables": int, "boards_per_round": int, "rounds": int,
                 "sections": int},
    "scoring": {"method": str},
    "clock": {"minutes": (int, float), "per_boards": int},
    "entry": {"lead": str, "mini_bridge": bool, "show_traveller": bool, "mixed": bool},
}
_KINDS = ("pairs", "teams")
_METHODS = ("mp",)
_LEADS = ("off", "optional", "required")


def parse_preset(text: str, origin: str = "<preset>") -> Preset:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{origin}: not valid TOML: {exc}") from None
    problems: list[str] = []
    known: dict[str, dict[str, Any]] = {}
    extra: dict[str, Any] = {}
    for section, value in data.items():
        if section not in _SCHEMA:
            extra[section] = value
            continue
        if not isinstance(value, dict):
            problems.append(f"[{section}] must be a table")
            continue
        known[section] = {}
        for key, item in value.items():
            expected = _SCHEMA[section].get(key)
            if expected is None:
                problems.append(f"[{section}] {key}: unknown setting")
            elif (isinstance(item, bool) and expected is not bool) or not isinstance(
                item, expected
            ):
                problems.append(f"[{section}] {key}: wrong type {type(item).__name__}")
            else:
                known[section][key] = item
    event = known.get("event", {})
    movement = known.get("movement", {})
    clock = known.get("clock", {})
    name = event.get("name", "")
    if not name:
        problems.append("[event] name: required")
    kind = event.get("kind", "pairs")
    if kind not in _KINDS:
        problems.append(f"[event] kind: {kind!r} is not one of {', '.join(_KINDS)}")
    method = known.get("scoring", {}).get("method", "mp")
    if method not in _METHODS:
        problems.append(f"[scoring] method: {method!r} is not one of {', '.join(_METHODS)}")
    for key, low in (("tables", 1), ("boards_per_round", 1), ("rounds", 1), ("sections", 1)):
        if key in movement and movement[key] < low:
            problems.append(f"[movement] {key}: must be at least {low}")
    entry = known.get("entry", {})
    if entry.get("lead", "optional") not in _LEADS:
        problems.append(f"[entry] lead: {entry['lead']!r} is not one of {', '.join(_LEADS)}")
    if clock.get("minutes", 8) <= 0 or clock.get("per_boards", 1) < 1:
        problems.append("[clock]: minutes must be positive and per_boards at least 1")
    if problems:
        raise PresetError(f"{origin}: " + "; ".join(problems))
    return Preset(
        name=name,
        kind=kind,
        movement=movement.get("kind", "mitchell"),
        tables=movement.get("tables", 7),
        boards_per_round=movement.get("boards_per_round", 3),
        rounds=movement.get("rounds"),
        sections=movement.get("sections", 1),
        scoring=method,
        clock_minutes=float(clock.get("minutes", 8)),
        clock_per_boards=clock.get("per_boards", 1),
        lead=entry.get("lead", "optional"),
        mini_bridge=entry.get("mini_bridge", False),
        show_traveller=entry.get("show_traveller", True),
        mixed=entry.get("mixed", False),
        rules=tuple(str(r) for r in event.get("rules", [])),
        source=event.get("source", ""),
        extra=extra,
    )


def load_preset(path: str | Path) -> Preset:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PresetError(f"cannot read preset {str(path)!r}: {exc.strerror}") from None
    return parse_preset(text, origin=str(path))
