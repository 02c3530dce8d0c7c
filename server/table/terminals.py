"""A table's terminals: the secrets and URLs that open them, and the event's rules they enter
results by.

Every table has a secret in the URL its QR card holds. Where the preset says
`[entry] ew_terminal = true`, every table has a second secret that opens the terminal in
East-West mode (`server.table.eastwest`); without the setting none of those secrets opens
anything, and East-West confirms on North-South's device.
"""

from __future__ import annotations

from typing import Any

from ..event.create import new_token
from ..event.venue import tables_here
from ..store import Store, TableRow
from ..store import ew as sql


def table_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/t/{token}"


def event_wire(store: Store) -> dict[str, Any]:
    """What a terminal needs to know of the event's rules to enter results offline (read on
    every submission and state: kept until a setting changes)."""
    def build() -> dict[str, Any]:
        preset = store.setting("preset", {})
        return {
            "name": store.setting("name", ""),
            "kind": preset.get("kind", "pairs"),
            "ew_terminal": bool(preset.get("ew_terminal", False)),
            "lead": preset.get("lead", "optional"),
            "mini_bridge": bool(preset.get("mini_bridge", False)),
            "show_traveller": bool(preset.get("show_traveller", True)),
            # K9.1: no psychic bids, no complex artificial systems (university, junior,
            # school).
            "restricted_systems": bool(preset.get("restricted_systems", False)),
        }

    return dict(store.settings_memo("event_wire", build))


def enabled(store: Store) -> bool:
    """Whether East-West confirms on its own terminal in this event."""
    return bool(event_wire(store)["ew_terminal"])


def table_by_token(store: Store, token: str) -> TableRow | None:
    """The table an East-West secret opens, while the event has East-West terminals."""
    return sql.table_by_ew_token(store, token) if enabled(store) else None


def tokens(store: Store) -> dict[tuple[str, int], str]:
    """Each table's East-West secret, by (section, number); empty without East-West
    terminals (a secret given earlier stays stored, but opens nothing)."""
    return sql.ew_tokens(store) if enabled(store) else {}


def urls(store: Store) -> dict[tuple[str, int], str]:
    """Each table's East-West terminal URL, by (section, number); empty without them."""
    base = store.setting("base_url", "")
    return {key: table_url(base, token) for key, token in tokens(store).items()}


def give_terminals(store: Store, db: Any, actor: str, why: str) -> list[str]:
    """Give every table that has none an East-West secret (inside the caller's write
    transaction); returns the tables given one, as "A3"."""
    return sql.fill_ew_tokens(store, db, new_token, actor, why)


def table_list(store: Store) -> list[dict[str, Any]]:
    """Each table's section, number, terminal URL and secret (`traveller tables --json`), with
    East-West's own where it has one."""
    base = store.setting("base_url", "")
    ew_tokens = tokens(store)
    rows = []
    for t in tables_here(store):
        row = {"section": t.section, "table": t.number, "url": table_url(base, t.token),
               "token": t.token}
        # Only an event with East-West terminals has these: other output stays as it was.
        if ew_token := ew_tokens.get((t.section, t.number)):
            row |= {"ew_url": table_url(base, ew_token), "ew_token": ew_token}
        rows.append(row)
    return rows
