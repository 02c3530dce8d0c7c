"""What the fuzz tests of issue 14 item 6 share: hostile inputs, the event's state as a digest,
and a log handler that catches every traceback the server logs.

The inputs are what an outside checker threw at the server: wrong types, huge and non-finite
numbers, huge strings, lone surrogates, objects nested too deep or too wide, unknown fields,
extra arguments, and near-valid values (a real op_id with a newline after it), mixed with
plausible fields so that the checks past the first are reached too.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from server.store import Store

FUZZ = settings(
    derandomize=True,  # the same cases on every run: a failure is a failure again
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    print_blob=False,
    # No targeting or explaining: they cost time on every passing case, and a failure is
    # still shrunk to its smallest input.
    phases=(Phase.explicit, Phase.generate, Phase.shrink),
)
"""The fixed profile of every fuzz test."""

KEYS = ("op_id", "board", "contract", "declarer", "tricks", "lead", "reason", "round", "team",
        "north", "south", "east", "west", "entry", "note", "call_director", "home_imps",
        "away_imps", "segment", "token", "section", "table", "minutes", "why", "answer",
        "action", "pair", "penalty", "key", "value", "password", "name", "clock_minutes",
        "session", "last_round", "number", "score", "imps", "vp", "document", "printer")
"""Field names the handlers and forms read: a fuzz that never names them stops at the first
check."""

# Cheap strategies: ten thousand cases must run in seconds, so every value is drawn from a few
# integers or a fixed list rather than character by character.
lone_surrogates = st.sampled_from(["\ud800", "a\udfffb", "\udc00\ud800", "3N\ud83d"])
huge_text = st.sampled_from([10_001, 40_000, 200_000]).map(lambda n: "Z" * n)
op_ids = st.integers(0, 2**64).map(lambda n: f"op-{n:016x}")
near_op_ids = st.one_of(op_ids.map(lambda s: s + "\n"), op_ids.map(lambda s: s + "é"),
                        st.sampled_from(["short", "x" * 65, "op id with spaces", ""]))
numbers = st.one_of(
    st.integers(-5, 60),
    st.sampled_from([2**31, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**30, 1e300, -1e300,
                     float("inf"), float("-inf"), float("nan"), 0.5, -0.0, 3.0]),
    st.integers(),
)
texts = st.one_of(
    st.sampled_from(["", " ", "²", "٣", "1\n", "3NT", "4SX", "PASS", "N", "E", "S", "W",
                     "SA", "H10", "A1", "A", "B7", "start", "pause", "resume", "extend",
                     "apply", "waive", "change", "true", "1e300", "inf", "nan", "-1", "0", "1",
                     "2", "7", "99999999999999999999", "<script>", "' or 1=1 --", "A\x00"]),
    st.text(max_size=6),
    lone_surrogates,
    huge_text,
    op_ids,
    near_op_ids,
)
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
_keys = st.sampled_from(["a", "op_id", "board", "x"])
_containers = st.one_of(st.lists(scalars, max_size=3),
                        st.dictionaries(_keys, scalars, max_size=3))
values = st.one_of(scalars, scalars, _containers,
                   st.lists(_containers, max_size=2), st.dictionaries(_keys, _containers,
                                                                      max_size=2))
"""Any JSON value, two levels deep at most (deeper ones are `oversized`)."""


def _nested(depth: int) -> Any:
    value: Any = "deep"
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


oversized = st.one_of(
    st.integers(5, 60).map(_nested),
    st.just({str(i): i for i in range(1_500)}),
    st.just(list(range(1_500))),
)
plausible = {
    "op_id": st.one_of(op_ids, near_op_ids),
    "board": st.integers(-2, 40),
    "contract": st.sampled_from(["3NT", "4S", "PASS", "7NTXX", "4SX", "1C", "8S", "3N"]),
    "declarer": st.sampled_from(["N", "E", "S", "W", "X", "n"]),
    "tricks": st.integers(-1, 14),
    "lead": st.sampled_from(["SA", "H10", "D2", "C", "ZZ", ""]),
    "round": st.integers(-1, 8),
    "reason": st.sampled_from(["contract", "declarer", "tricks", "lead", "other", "slow"]),
    "team": st.integers(-1, 9),
    "entry": op_ids,
    "call_director": st.booleans(),
}
fields = st.lists(st.sampled_from((*KEYS, "unknown")), max_size=6, unique=True).flatmap(
    lambda keys: st.fixed_dictionaries(
        {k: st.one_of(plausible[k], scalars) if k in plausible else scalars for k in keys}))
"""An object naming fields the handlers read, with plausible or hostile values."""

payloads = st.one_of(values, oversized, fields, fields, fields)
"""A socket event's payload, or a JSON body."""

DELIBERATE = {"already_scored"}
"""Refusals that keep something on purpose: a second, different entry of a board already
scored is refused and kept for the director (an entry conflict), so no entry is lost."""

COUNTED = ("tables", "seatings", "results", "calls", "settings", "audit", "pending_results",
           "ew_decisions", "entry_conflicts", "table_players", "adjustments", "penalties",
           "clocks", "table_clocks", "slow_play", "alert_acks", "print_jobs", "players",
           "match_confirmations", "result_changes", "late_starts")
HASHED = ("results", "calls", "settings", "clocks", "table_clocks")


def digest(store: Store) -> str:
    """The event's state in a few bytes: every table's row count and last rowid (in one
    query), and the whole of the tables a change may update in place (every change is audited
    besides, so the audit's count moves with any change)."""
    with store.read() as db:
        names = set(db.table_names())
        counted = [n for n in COUNTED if n in names]
        totals = list(db.execute("select " + ", ".join(
            f"(select count(*) || '/' || ifnull(max(rowid), 0) from [{n}])"
            for n in counted)).fetchone())
        rows = [list(db.execute(f"select * from [{n}] order by rowid").fetchall())
                for n in HASHED if n in names]
    return hashlib.sha256(repr([totals, rows]).encode("utf-8", "backslashreplace")).hexdigest()


class Tracebacks(logging.Handler):
    """Every log record at ERROR or above, or with a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)

    def text(self) -> str:
        return "\n".join(self.format(r) for r in self.records)


@contextmanager
def tracebacks() -> Iterator[Tracebacks]:
    handler = Tracebacks()
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def is_envelope(body: Any) -> bool:
    """The one envelope: `ok` true, or `ok` false with a snake_case code, a sentence and the
    status, and never a large echo of the input."""
    if not isinstance(body, dict) or not isinstance(body.get("ok"), bool):
        return False
    if body["ok"]:
        return True
    return (isinstance(body.get("code"), str) and body["code"].replace("_", "").isalnum()
            and isinstance(body.get("error"), str) and len(body["error"]) <= 400
            and isinstance(body.get("status"), int) and 400 <= body["status"] < 600)


VALID = {
    "submit_result": {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "lead": "SA"},
    "call_director": {"reason": "a revoke"},
    "set_players": {"round": 1, "north": "101", "south": "102", "east": "103", "west": "104"},
    "confirm_match": {"round": 1, "team": 1, "home_imps": 0, "away_imps": 0},
    "confirm_result": {"entry": "op-entry-0001"},
    "reject_result": {"entry": "op-entry-0001", "reason": "tricks", "note": "",
                      "call_director": False},
    "get_traveller": {"board": 1},
}
"""A valid payload of each `/table` event (with a fresh op_id added): the fuzz changes one or
two of its fields, so every check after the first is reached with a hostile value."""


def near_valid(event: str) -> st.SearchStrategy[dict[str, Any]]:
    """`event`'s valid payload with one or two fields replaced, added or removed."""
    base = VALID.get(event, {})
    keys = st.sampled_from(sorted({"op_id", *base, *KEYS[:12]}))
    changes = st.dictionaries(keys, st.one_of(st.just(None), scalars), min_size=1, max_size=2)
    return st.builds(
        lambda op_id, changed: {k: v for k, v in ({"op_id": op_id, **base} | changed).items()
                                if v is not None},
        op_ids, changes)


class Watch:
    """Whether a message changed the event: the connection's count of changed rows first
    (free), the digest only when it moved."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.changes = store.db.conn.total_changes
        self.digest = digest(store)

    def before(self) -> None:
        if self.store.db.conn.total_changes != self.changes:
            self.changes, self.digest = self.store.db.conn.total_changes, digest(self.store)

    def unchanged(self) -> bool:
        """Whether the event is as it was at `before` (rows written and rolled back count as
        unchanged only if the digest says so)."""
        return (self.store.db.conn.total_changes == self.changes
                or digest(self.store) == self.digest)


BATCH = 4
"""Messages per hypothesis case: drawing a case costs more than sending a message, so each
case sends a few."""
