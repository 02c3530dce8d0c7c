"""Presets: how a competition runs, read from a TOML file in `seeds/`.

A preset is the regulation turned into settings: the movement, boards per round, scoring
method, time per board. Every rule the product applies is a setting here, so a new
regulation is a new file, not new code. Parsing is strict: unknown keys and wrong types are
reported all at once, each with its place in the file, the way a form shows every mistake.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..movements import EvenTables, HalfTable, MovementError
from ..movements.lineups import LineupRules
from ..scoring import PremiumTable, find_chain, find_scale
from ..scoring.fines import FinePolicy
from ..scoring.pkl import FULL_SHARE
from .competition import CompetitionSpec, parse_entries, parse_stages


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
    even: str | None = None
    """A Mitchell with an even number of tables: "skip" (the default) or "relay"."""
    half_table: str | None = None
    """One pair short: "sit-out" (its opponents sit out in turn) or "phantom"."""
    scoring: str = "mp"
    """Scoring method: "mp" (matchpoints, K17.3) for pairs; "imps" (team matches, IMPs turned
    into VPs) for teams."""
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
    teams: int | None = None
    """Teams events: the number of teams (default: two per match table, 2 x `tables`)."""
    segments: int = 1
    """Teams events: segments a match is played in (D1.3: 24 boards as 2 x 12)."""
    double: bool = False
    """Teams round robins: play every match twice, home and away swapped (D4.4, D5.6)."""
    vp_scale: str = "wbf2013"
    """Teams events: the VP scale by name (see `traveller vp`; D1.3 names "wbf25")."""
    tiebreak: str = "k17.1"
    """Teams events: the tie-break chain by rule ID (K17.1, K16.3, D3.2)."""
    rank_rule: str = ""
    """The rule by which the event ranks its entries, cited by its final places (`[scoring]
    rule`, K17.3 for pairs by matchpoints; else the tie-break chain named, K17.1, KC1.4);
    empty: the first of `rules`."""
    match_imps: bool = True
    """Teams events: a table sees the match's IMPs on a board once both rooms have played it."""
    captains_confirm: bool = True
    """KD1: both captains confirm the match result on a terminal."""
    rosters: str = "warn"
    """D2.1: "off", "warn" (a line-up player not on the team's roster is a warning) or
    "required" (only rostered players can be entered in a line-up)."""
    board_lock: bool = True
    """K12.1: when a teams session's time runs out, boards not started may not be played."""
    walkover: str = "K13"
    """K13: the walk-over rule (by ID) the director's W.O. form applies."""
    procedural_vp: float = 1.0
    """K18.1: VP taken from a team for one procedural offence."""
    penalties: FinePolicy | None = None
    """D3.7 (Law 74): the director may fine a team; from ``[penalties]``, the rule, the
    currency and the fine a W.O. brings by itself (100 zł in the central leagues). None: the
    event records no fines."""
    ew_terminal: bool = False
    """Each table has a second terminal for East-West, which confirms on its own device."""
    restricted_systems: bool = False
    """K9.1: no psychic bids and no complex artificial systems (university, junior and school
    events); shown on the table cards and terminals."""
    publish: str = "live"
    """When the public may see the results: "live" (whenever the director switches the public
    pages on) or "after-end" (K8.3, closed rooms: no spectators; nothing public, the projector
    and the results site included, until the director publishes the results once the event is
    over)."""
    lineups: LineupRules | None = None
    """Teams events: what a line-up asks besides the players and how a long match is cut, from
    ``[lineups]``: each pair's bidding system (D3.3), a highly artificial system announced
    before play (D3.4), the parts of a longer match, each a match of its own for line-ups and
    seating rights (D3.6); None: a line-up is the four players, a segment's or the match's."""
    classification: PremiumTable | None = None
    """Teams leagues: the classification points (PKL) of each final place of the season
    (D8.1, D8.3) and the share of the team's boards that earns a player the full premium
    (D8.2), from ``[classification]``; None: the event reports boards played only."""
    rules: tuple[str, ...] = ()
    """The rule IDs of REGULATIONS.md this preset configures, for people reading it."""
    source: str = ""
    competition: CompetitionSpec | None = None
    """The stages of a whole competition (``[entries]`` and ``[[stage]]``), or None for a
    preset of one session or one stage."""

    @property
    def is_competition(self) -> bool:
        return self.competition is not None


_SCHEMA: dict[str, dict[str, type | tuple[type, ...]]] = {
    "event": {"name": str, "kind": str, "rules": list, "source": str,
              "restricted_systems": bool, "publish": str},
    "movement": {"kind": str, "tables": int, "boards_per_round": int, "rounds": int,
                 "sections": int, "teams": int, "segments": int, "double": bool, "even": str,
                 "half_table": str},
    "scoring": {"method": str, "vp_scale": str, "tiebreak": str, "rule": str},
    "clock": {"minutes": (int, float), "per_boards": int},
    "entry": {"lead": str, "mini_bridge": bool, "show_traveller": bool, "mixed": bool,
              "ew_terminal": bool},
    "teams": {"match_imps": bool, "captains_confirm": bool, "rosters": str, "board_lock": bool,
              "walkover": str, "procedural_vp": (int, float)},
    "lineups": {"systems": bool, "sws_notice_minutes": int, "part_boards": int, "every": str,
                "seating_rights": str},
    "classification": {"premiums": list, "last": int, "full_share": (int, float)},
    "penalties": {"rule": str, "currency": str, "walkover_fine": (int, float)},
}
_KINDS = ("pairs", "teams")
_METHODS = {"pairs": ("mp",), "teams": ("imps",)}
_TEAM_MOVEMENTS = ("roundrobin", "swiss")
_LEADS = ("off", "optional", "required")
_ROSTERS = ("off", "warn", "required")
_PUBLISH = ("live", "after-end")


def parse_preset(text: str, origin: str = "<preset>") -> Preset:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{origin}: not valid TOML: {exc}") from None
    problems: list[str] = []
    known: dict[str, dict[str, Any]] = {}
    for section, value in data.items():
        if section in _COMPETITION_SECTIONS:
            continue
        if section not in _SCHEMA:
            problems.append(f"[{section}]: unknown section (known: "
                            f"{', '.join([*_SCHEMA, *_COMPETITION_SECTIONS])})")
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
    scoring = known.get("scoring", {})
    teams = known.get("teams", {})
    method = scoring.get("method", "imps" if kind == "teams" else "mp")
    methods = _METHODS.get(kind, ("mp",))
    if method not in methods:
        problems.append(f"[scoring] method: {method!r} is not one of {', '.join(methods)} "
                        f"for a {kind} event")
    default_movement = "roundrobin" if kind == "teams" else "mitchell"
    movement_kind = movement.get("kind", default_movement)
    if kind == "teams" and movement_kind not in _TEAM_MOVEMENTS:
        problems.append(f"[movement] kind: a teams event plays {' or '.join(_TEAM_MOVEMENTS)}, "
                        f"not {movement_kind!r}")
    if kind == "teams" and movement.get("teams", 2) < 2:
        problems.append("[movement] teams: must be at least 2")
    segments = movement.get("segments", 1)
    if segments < 1 or movement.get("boards_per_round", 3) % segments:
        problems.append("[movement] segments: the boards of a match must split into equal "
                        "segments")
    if teams.get("rosters", "warn") not in _ROSTERS:
        problems.append(f"[teams] rosters: {teams['rosters']!r} is not one of "
                        f"{', '.join(_ROSTERS)}")
    if "vp_scale" in scoring or "tiebreak" in scoring:
        try:
            scale = find_scale(scoring.get("vp_scale", "wbf2013"))
        except ValueError as exc:
            problems.append(f"[scoring] vp_scale: {exc}")
            scale = None
        if scale is not None and "stage" not in data:
            # A competition checks its scale against each stage's matches instead.
            boards = movement.get("boards_per_round", 3)
            try:
                scale.convert(0, boards)
            except ValueError as exc:
                # Found now, not when the first match ends: a scale without this match length.
                problems.append(f"[scoring] vp_scale: {scoring.get('vp_scale')} cannot score "
                                f"{boards}-board matches ({exc})")
        try:
            find_chain(scoring.get("tiebreak", "k17.1"))
        except ValueError as exc:
            problems.append(f"[scoring] tiebreak: {exc}")
    for key, parse in (("even", EvenTables.parse), ("half_table", HalfTable.parse)):
        if key in movement:
            try:
                parse(movement[key])
            except MovementError as exc:
                problems.append(f"[movement] {key}: {exc}")
    for key, low in (("tables", 1), ("boards_per_round", 1), ("rounds", 1), ("sections", 1)):
        if key in movement and movement[key] < low:
            problems.append(f"[movement] {key}: must be at least {low}")
    if event.get("publish", "live") not in _PUBLISH:
        problems.append(f"[event] publish: {event['publish']!r} is not one of "
                        f"{', '.join(_PUBLISH)} (\"after-end\": closed rooms, K8.3: nothing "
                        "public until the director publishes the results after the end)")
    entry = known.get("entry", {})
    if entry.get("lead", "optional") not in _LEADS:
        problems.append(f"[entry] lead: {entry['lead']!r} is not one of {', '.join(_LEADS)}")
    if clock.get("minutes", 8) <= 0 or clock.get("per_boards", 1) < 1:
        problems.append("[clock]: minutes must be positive and per_boards at least 1")
    competition = None
    entries = data.get("entries")
    classification = _classification(known.get("classification"), problems, kind=kind,
                                     teams=_group_size(movement, entries, "stage" in data))
    penalties = _penalties(known.get("penalties"), problems, kind=kind)
    lineups = _lineups(known.get("lineups"), problems, kind=kind)
    if "stage" in data or "entries" in data:
        competition = _competition(data, problems, name=name, kind=kind,
                                   vp_scale=scoring.get("vp_scale", "wbf2013"),
                                   tiebreak=scoring.get("tiebreak", "k17.1"),
                                   rules=event.get("rules", []),
                                   mini_bridge=entry.get("mini_bridge", False),
                                   restricted=event.get("restricted_systems", False))
    if problems:
        raise PresetError(f"{origin}: " + "; ".join(problems))
    return Preset(
        name=name,
        kind=kind,
        movement=movement_kind,
        tables=movement.get("tables", 7),
        boards_per_round=movement.get("boards_per_round", 3),
        rounds=movement.get("rounds"),
        sections=movement.get("sections", 1),
        even=movement.get("even"),
        half_table=movement.get("half_table"),
        scoring=method,
        clock_minutes=float(clock.get("minutes", 8)),
        clock_per_boards=clock.get("per_boards", 1),
        lead=entry.get("lead", "optional"),
        mini_bridge=entry.get("mini_bridge", False),
        show_traveller=entry.get("show_traveller", True),
        mixed=entry.get("mixed", False),
        teams=movement.get("teams"),
        segments=segments,
        double=movement.get("double", False),
        vp_scale=scoring.get("vp_scale", "wbf2013"),
        tiebreak=scoring.get("tiebreak", "k17.1"),
        rank_rule=str(scoring.get("rule") or scoring.get("tiebreak", "")).upper(),
        match_imps=teams.get("match_imps", True),
        captains_confirm=teams.get("captains_confirm", True),
        rosters=teams.get("rosters", "warn"),
        board_lock=teams.get("board_lock", True),
        walkover=teams.get("walkover", "K13"),
        procedural_vp=float(teams.get("procedural_vp", 1.0)),
        penalties=penalties,
        ew_terminal=entry.get("ew_terminal", False),
        restricted_systems=event.get("restricted_systems", False),
        publish=event.get("publish", "live"),
        classification=classification,
        lineups=lineups,
        rules=tuple(str(r) for r in event.get("rules", [])),
        source=event.get("source", ""),
        competition=competition,
    )


def _group_size(movement: dict[str, Any], entries: Any, staged: bool) -> int | None:
    """The teams of one classification as far as the preset fixes them (D8.3: those
    starting in the group): a competition's exact entries split into its groups, a one-stage
    event's `teams`; None when `traveller new` decides."""
    if isinstance(entries, dict):
        count, groups = entries.get("count"), entries.get("groups") or []
        if isinstance(count, int) and isinstance(groups, list) and count > 0:
            return count // len(groups) if groups and count % len(groups) == 0 else (
                None if groups else count)
        return None
    return None if staged else movement.get("teams")


def _classification(given: dict[str, Any] | None, problems: list[str], *, kind: str,
                    teams: int | None) -> PremiumTable | None:
    """``[classification]``: D8's premium table, checked whole (each problem named), and
    against the number of teams where the preset fixes it."""
    if given is None:
        return None
    if kind != "teams":
        problems.append("[classification]: classification points (D8) go to teams for their "
                        "final place: a pairs event has none")
        return None
    premiums = given.get("premiums")
    if premiums is None:
        problems.append("[classification] premiums: required (the premium of 1st place, 2nd "
                        "place and so on, D8.1)")
        return None
    if not premiums or any(isinstance(p, bool) or not isinstance(p, int) for p in premiums):
        problems.append(f"[classification] premiums: {premiums!r} is not a list of whole "
                        "numbers of PKL, best place first")
        return None
    table = PremiumTable(premiums=tuple(premiums), last=given.get("last"),
                         full_share=given.get("full_share", FULL_SHARE))
    wrong = table.problems(teams)
    problems.extend(f"[classification] {problem}" for problem in wrong)
    return None if wrong else table


def _penalties(given: dict[str, Any] | None, problems: list[str], *,
               kind: str) -> FinePolicy | None:
    """``[penalties]``: D3.7's fines (Law 74), checked whole."""
    if given is None:
        return None
    if kind != "teams":
        problems.append("[penalties]: fines (D3.7) go on a team's account: a pairs event has "
                        "none")
        return None
    policy = FinePolicy(currency=given.get("currency", ""), rule=given.get("rule", "Law 74"),
                        walkover_fine=float(given.get("walkover_fine", 0)))
    wrong = policy.problems()
    problems.extend(f"[penalties] {problem}" for problem in wrong)
    return None if wrong else policy


def _lineups(given: dict[str, Any] | None, problems: list[str], *,
             kind: str) -> LineupRules | None:
    """``[lineups]``: D3.3's systems, D3.4's notice of a highly artificial system and D3.6's
    parts of a longer match, checked whole."""
    if given is None:
        return None
    if kind != "teams":
        problems.append("[lineups]: line-ups (D3.3-D3.6) are a teams match's: a pairs event "
                        "has none")
        return None
    rules = LineupRules(systems=given.get("systems", False),
                        sws_notice_minutes=given.get("sws_notice_minutes"),
                        part_boards=given.get("part_boards"),
                        every=given.get("every", "part" if "part_boards" in given
                                        else "segment"),
                        seating_rights=given.get("seating_rights", "off"))
    wrong = rules.problems()
    problems.extend(f"[lineups] {problem}" for problem in wrong)
    return None if wrong else rules


_COMPETITION_SECTIONS = ("entries", "stage")


def _competition(data: dict[str, Any], problems: list[str], *, name: str, kind: str,
                 vp_scale: str, tiebreak: str, rules: list[Any], mini_bridge: bool,
                 restricted: bool) -> CompetitionSpec | None:
    entries = data.get("entries")
    if entries is not None and not isinstance(entries, dict):
        problems.append("[entries] must be a table")
        entries = None
    stages = parse_stages(data.get("stage"), problems, kind=kind, vp_scale=vp_scale,
                          tiebreak=tiebreak)
    if not stages:
        problems.append("[[stage]]: a competition needs at least one stage")
        return None
    return CompetitionSpec(name=name, kind=kind, entries=parse_entries(entries, problems),
                           stages=stages, rules=tuple(str(r) for r in rules),
                           mini_bridge=mini_bridge, restricted_systems=restricted)


def load_preset(path: str | Path) -> Preset:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PresetError(f"cannot read preset {str(path)!r}: {exc.strerror}") from None
    return parse_preset(text, origin=str(path))
