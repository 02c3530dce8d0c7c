"""The patches a table's state changes are sent as (server/realtime/patch.py): RFC 6902, so
that another implementation (the `jsonpatch` package here) applies them to the same result."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.realtime.patch import apply, diff, follow, same
from server.realtime.versions import Versions

SCALARS = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from([0.5, 1.0]) \
    | st.text("ab/~", max_size=3)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text("ab/~0", max_size=3), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=400)
@given(old=JSON, new=JSON)
def test_a_patch_turns_the_old_state_into_the_new_by_any_rfc_6902_library(old: Any,
                                                                          new: Any) -> None:
    patch = diff(old, new)
    assert {op["op"] for op in patch} <= {"add", "remove", "replace"}
    assert same(apply(old, patch), new)
    assert same(jsonpatch.apply_patch(old, patch), new)
    json.dumps(patch)  # what goes on the wire


@given(old=st.lists(st.integers(), min_size=4, max_size=30),
       extra=st.lists(st.integers(), min_size=1, max_size=3))
def test_a_list_that_grows_at_its_end_is_patched_by_its_new_items_only(old: list[int],
                                                                        extra: list[int]) -> None:
    rows = [{"round": 1, "board": b, "ns_score": 420} for b in old]
    added = [{"round": 2, "board": b, "ns_score": -50} for b in extra]
    patch = diff({"results": rows}, {"results": rows + added})
    assert [op["op"] for op in patch] == ["add"] * len(extra)


def test_true_is_not_one_and_one_is_not_one_point_zero() -> None:
    assert diff({"a": 1}, {"a": True}) == [{"op": "replace", "path": "/a", "value": True}]
    assert diff([1], [1.0]) != []


def test_a_patch_that_does_not_apply_is_refused() -> None:
    for patch in ([{"op": "remove", "path": "/x"}], [{"op": "move", "from": "/a", "path": "/b"}],
                  [{"op": "add", "path": "/a/7", "value": 1}]):
        with pytest.raises(ValueError):
            apply({"a": [1]}, patch)


def test_versions_change_only_with_the_state_not_with_the_time_it_is_sent() -> None:
    versions = Versions("e1")
    clock = {"round": 1, "deadline_ms": 9000, "running": True, "remaining_ms": 5000,
             "now_ms": 4000}
    first = versions.sent(("A", 1), {"round": 1, "clock": clock, "now_ms": 4000})
    assert (first.version, first.base, first.patch) == ("e1.1", None, None)
    later = versions.sent(("A", 1), {"round": 1, "clock": clock | {"remaining_ms": 4000,
                                                                    "now_ms": 5000},
                                     "now_ms": 5000})
    assert (later.version, later.patch) == ("e1.1", None)
    moved = versions.sent(("A", 1), {"round": 2, "clock": clock | {"now_ms": 6000},
                                     "now_ms": 6000})
    assert (moved.base, moved.version) == ("e1.1", "e1.2")
    patched = jsonpatch.apply_patch(first.state, moved.patch)
    assert patched == moved.state
    assert Versions().epoch != Versions().epoch  # a restarted server's versions never match


def test_a_client_follows_a_patch_only_from_its_base() -> None:
    state = {"version": "e.1", "round": 1}
    change = {"base": "e.1", "version": "e.2",
              "patch": [{"op": "replace", "path": "/round", "value": 2},
                        {"op": "replace", "path": "/version", "value": "e.2"}]}
    assert follow(state, change) == {"version": "e.2", "round": 2}
    assert follow(state, change | {"base": "e.0"}) is None
    assert follow(state, change | {"patch": [{"op": "remove", "path": "/x"}]}) is None


def test_a_shared_member_sent_again_is_unchanged_and_a_new_one_is_compared() -> None:
    """The members a state takes from the store's memos (board_info, schedule, players) are
    known unchanged by reference; a new object of them is compared as any member is."""
    versions = Versions("e1")
    players = {"known": {"101": {"name": "Ayu"}}}
    first = versions.sent(("A", 1), {"players": players, "round": 1})
    again = versions.sent(("A", 1), {"players": players, "round": 1})
    assert (again.version, again.patch) == ("e1.1", None)
    equal = versions.sent(("A", 1), {"players": {"known": {"101": {"name": "Ayu"}}},
                                     "round": 1})
    assert (equal.version, equal.patch) == ("e1.1", None)
    renamed = versions.sent(("A", 1), {"players": {"known": {"101": {"name": "Ayu W."}}},
                                       "round": 1})
    assert renamed.version == "e1.2"
    assert jsonpatch.apply_patch(first.state, renamed.patch) == renamed.state
    # The new object is the one kept: sent again, nothing changed.
    kept = {"players": renamed.state["players"], "round": 1}
    assert versions.sent(("A", 1), kept).version == "e1.2"
