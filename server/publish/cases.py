"""K14.3: the cases reported to the federation, read from the audit log.

Every ruling the director gave in the event, oldest first, as the audit keeps it (who, when,
what, why): score corrections, adjusted scores (Law 12, K13.3), procedural penalties (K18.1),
late starts and slow play (K11, K12.2), a team's walk-overs (K13), disqualifications (K14.1),
VP and IMP penalties (K10), and each of them taken back. A case is one audit row; nothing
here is stored, so the report is always the audit's own.

The console shows the report as a printable page (A4, from the browser) and gives it as
``cases.csv`` (UTF-8, a header row, RFC 4180 quoting): ``when, kind, rule, table_or_match,
pair_or_team, what, why, who``. Texts are messages (`server.texts`): in English in the CSV
and the JSON, in the page's language on the console.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..event.numbering import Numbering, numbering
from ..store import Store
from ..teams.matches import is_teams
from ..teams.matches import names as team_names
from ..teams.rulings import describe_message
from ..texts import N_, english, message
from .results import adjustment_message, audit_wire

FILE_NAME = "cases.csv"
COLUMNS = ("when", "kind", "rule", "table_or_match", "pair_or_team", "what", "why", "who")
"""The columns of ``cases.csv``."""

KINDS: dict[str, str] = {
    "correction": N_("Score corrected"),
    "correction_deleted": N_("Score deleted"),
    "correction_undone": N_("Correction undone"),
    "adjusted_score": N_("Adjusted score"),
    "adjusted_score_removed": N_("Adjusted score removed"),
    "penalty": N_("Penalty"),
    "penalty_removed": N_("Penalty removed"),
    "late_start": N_("Late start"),
    "slow_play": N_("Slow play"),
    "walkover": N_("Walk-over"),
    "walkover_removed": N_("Walk-over removed"),
    "disqualification": N_("Disqualification"),
    "disqualification_removed": N_("Disqualification removed"),
}
"""Each kind of case (the CSV's `kind`) and its name on the page."""

_RESULTS = {"result_corrected": "correction", "result_entered": "correction",
            "result_deleted": "correction_deleted", "result_undone": "correction_undone",
            "adjusted_score": "adjusted_score",
            "adjusted_score_removed": "adjusted_score_removed"}
_TEAMS = {"walkover": "walkover", "disqualified": "disqualification",
          "vp_penalty": "penalty", "imp_penalty": "penalty"}


@dataclass(frozen=True)
class Case:
    """One ruling as the audit recorded it."""

    at_ms: int
    kind: str
    """A key of KINDS (a team ruling of a kind they do not name: its own kind)."""
    rule: str
    """The rule the ruling applied, as stored ("K13.1", "Law 12C2"); "" when it names none."""
    where: Any
    """The table, round and board, or the match (a message); "" for the whole event."""
    whom: Any
    """The pairs or the team concerned (a message or text)."""
    what: Any
    """What the ruling did (a message)."""
    why: str
    who: str
    """Who ruled (the audit's actor)."""

    @property
    def when(self) -> str:
        return datetime.fromtimestamp(self.at_ms / 1000).strftime("%Y-%m-%d %H:%M:%S")

    def wire(self) -> dict[str, Any]:
        """The case in English (the CSV's row), with its messages for the page."""
        return {"when": self.when, "kind": self.kind, "rule": self.rule,
                "table_or_match": english(self.where), "pair_or_team": english(self.whom),
                "what": english(self.what), "why": self.why, "who": self.who,
                "at_ms": self.at_ms, "kind_name": KINDS.get(self.kind, self.kind),
                "where_message": self.where, "whom_message": self.whom,
                "what_message": self.what}


def cases(store: Store) -> list[Case]:
    """Every ruling of the event, oldest first."""
    teams = is_teams(store)
    names = team_names(store) if teams else {}
    room = numbering(store)

    def entry(number: Any, section: str) -> str:
        if number is None:
            return "-"
        return names.get(number, f"Team {number}") if teams else f"{section}{number}"

    out = []
    for row in store.audit_rows():
        reader = _reader(str(row["action"]), str(row["entity"]))
        case = None if reader is None else reader(row, entry, names, room)
        if case is not None:
            out.append(case)
    return out


Entry = Callable[[Any, str], str]


def _base(row: Mapping[str, Any], kind: str, rule: str, where: Any, whom: Any,
          what: Any) -> Case:
    return Case(int(row["at_ms"]), kind, rule or "", where, whom, what, str(row["why"] or ""),
                str(row["actor"] or ""))


def _load(text: Any) -> dict[str, Any]:
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _board(entity_id: str, room: Numbering) -> tuple[Any, str]:
    """A traveller's line ("A/3/2/7") as the room names it, and its section."""
    try:
        section, table, round_text, board_text = entity_id.split("/")
        number, board = int(round_text), int(board_text)
        at = int(table)
    except ValueError:
        return entity_id, ""
    name = room.round(number, section, at)
    where = message(N_("table %(table)s, round %(round)s, board %(board)s"),
                    table=f"{section}{at}", round=name.number, board=room.number(board))
    return ([name.stage, where] if name.stage else where), section


def _result(row: Mapping[str, Any], entry: Entry, names: Mapping[int, str],
            room: Numbering) -> Case | None:
    action = str(row["action"])
    if action == "result_entered" and not row["why"]:
        return None  # a table's own entry; the director's always carries a reason
    where, section = _board(str(row["entity_id"]), room)
    old, new = _load(row["old"]), _load(row["new"])
    either = new or old
    whom = message(N_("%(ns)s v %(ew)s"), ns=entry(either.get("ns_pair"), section),
                   ew=entry(either.get("ew_pair"), section))
    shown = audit_wire(dict(row))
    kind = _RESULTS[action]
    if kind.startswith("adjusted_score"):
        return _base(row, kind, str(either.get("rule") or ""), where, whom,
                     adjustment_message(either))
    what = message(N_("%(old)s → %(new)s"), old=shown["old_message"],
                   new=shown["new_message"])
    return _base(row, kind, "", where, whom, what)


def _penalty(row: Mapping[str, Any], entry: Entry, names: Mapping[int, str],
             room: Numbering) -> Case:
    section, _, pair = str(row["entity_id"]).partition("/")
    given = _load(row["new"]) or _load(row["old"])
    removed = row["action"] == "procedural_penalty_removed"
    what = message(N_("%(share)s%% of a top"), share=f"{given.get('share_of_top', 0):g}")
    return _base(row, "penalty_removed" if removed else "penalty",
                 str(given.get("rule") or ""), "", entry(_number(pair), section), what)


def _late(row: Mapping[str, Any], entry: Entry, names: Mapping[int, str],
          room: Numbering) -> Case:
    ruling = _load(row["new"])
    late = str(row["action"]).startswith("late_start_")
    minutes = ruling.get("minutes" if late else "late_minutes")
    what = message(N_("%(minutes)s min late: %(penalty)s %(unit)s, %(status)s"),
                   minutes=minutes, penalty=ruling.get("penalty") or "0",
                   unit=ruling.get("unit") or "", status=message(str(ruling.get("status"))))
    where = message(N_("session %(session)s"), session=ruling.get("session"))
    section = str(ruling.get("section") or "")
    return _base(row, "late_start" if late else "slow_play", str(ruling.get("rule") or ""),
                 where, entry(ruling.get("pair_number"), section), what)


def _team_ruling(row: Mapping[str, Any], entry: Entry, names: Mapping[int, str],
                 room: Numbering) -> Case | None:
    removed = str(row["action"]).endswith("_removed")
    ruling = _load(row["old"] if removed else row["new"])
    if ruling.get("kind") in (None, "bye"):
        return None  # a Swiss bye is the pairing's, not a ruling
    # A kind this report does not name (a fine, D3.7) is listed under its own.
    kind = _TEAMS.get(str(ruling["kind"]), str(ruling["kind"]))
    detail = ruling.get("detail")
    ruling["detail"] = _load(detail) if isinstance(detail, str) else (detail or {})
    where: Any = ""
    if ruling.get("round") is not None:
        table = ruling["detail"].get("table")
        where = (message(N_("round %(round)s, match %(table)s"), round=ruling["round"],
                         table=table) if table is not None else
                 message(N_("round %(round)s"), round=ruling["round"]))
    return _base(row, f"{kind}_removed" if removed else kind, str(ruling.get("rule") or ""),
                 where, entry(ruling.get("team"), ""), describe_message(ruling, names))


def _number(text: str) -> int | str:
    return int(text) if text.isdigit() else text


def _reader(action: str, entity: str) -> Callable[..., Case | None] | None:
    """How to read an audit row as a case; None for a row that is no ruling."""
    if action in _RESULTS:
        return _result
    if action in ("procedural_penalty", "procedural_penalty_removed"):
        return _penalty
    if action.startswith(("late_start_", "slow_play_")):
        return _late
    return _team_ruling if entity == "team_ruling" else None


def csv_text(store: Store) -> str:
    """``cases.csv``: a case a row, by COLUMNS."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for case in cases(store):
        wired = case.wire()
        writer.writerow([wired[column] for column in COLUMNS])
    return out.getvalue()
