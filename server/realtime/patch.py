"""What changed in a table's state, as an RFC 6902 JSON Patch, and the same patch applied.

A table's terminal gets its whole state once, when it connects; after that each change comes
as a `state_patch` of the operations `add`, `remove` and `replace` only, so that any RFC 6902
library (or the terminal's own `terminal/js/patch.js`) applies it. `diff` favours small
patches where states grow at their end (a table's results, its calls, its seatings) and
replaces a whole value where that is as short.
"""

from __future__ import annotations

import copy
import json
from typing import Any

Patch = list[dict[str, Any]]


def _pointer(path: str, key: str | int) -> str:
    """`path` extended by one reference token (RFC 6901: "~" is "~0", "/" is "~1")."""
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def _size(value: Any) -> int:
    return len(text(value))


def same(a: Any, b: Any) -> bool:
    """Equal as JSON: `True` is not `1` and `1` is not `1.0` here, as they are in Python.

    Python's own comparison (in C) answers first: values it finds unequal are; those it finds
    equal are compared as JSON text, also in C, which tells `True` from `1` (walking a state
    in Python to do so was most of a push's cost, measured)."""
    if type(a) is not type(b):
        return False
    if a is b:
        return True
    if isinstance(a, (dict, list)):
        # Python's repr (in C, and cheaper than JSON text) tells `True` from `1` and `1` from
        # `1.0` as JSON does; members in the same order (as a state built by the same code
        # has them) need no sort.
        return bool(a == b) and (repr(a) == repr(b) or _canonical(a) == _canonical(b))
    return bool(a == b)


def _canonical(value: Any) -> str:
    """JSON text whatever the order of an object's members (which JSON does not count)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""One encoder for every text (json.dumps with options makes one a call)."""


def text(value: Any) -> str:
    """A JSON value as compact text, as a state's members are kept and compared."""
    return _COMPACT.encode(value)


def diff(old: Any, new: Any, path: str = "") -> Patch:
    """The operations that turn `old` into `new` (both JSON values)."""
    if isinstance(old, dict) and isinstance(new, dict):
        ops: Patch = [{"op": "remove", "path": _pointer(path, k)} for k in old if k not in new]
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": _pointer(path, key), "value": value})
            elif not same(old[key], value):
                ops.extend(diff(old[key], value, _pointer(path, key)))
        # An object of which several members changed (a match's board once both rooms have
        # played it) is often shorter replaced whole than patched member by member.
        if path and len(ops) > 1 and _size(ops) > _size(new) + len(path) + 30:
            return [{"op": "replace", "path": path, "value": new}]
        return ops
    if isinstance(old, list) and isinstance(new, list):
        ops = _list_diff(old, new, path)
        if _size(ops) <= _size(new) + 40:
            return ops
        return [{"op": "replace", "path": path, "value": new}]
    if same(old, new):
        return []
    return [{"op": "replace", "path": path, "value": new}]


def _list_diff(old: list[Any], new: list[Any], path: str) -> Patch:
    """A list's changes: the items kept at its start and end stay, those between are changed
    in place where both lists have one, removed or added where only one has."""
    head = 0
    while head < min(len(old), len(new)) and same(old[head], new[head]):
        head += 1
    tail = 0
    while (tail < min(len(old), len(new)) - head
           and same(old[len(old) - 1 - tail], new[len(new) - 1 - tail])):
        tail += 1
    old_mid, new_mid = old[head:len(old) - tail], new[head:len(new) - tail]
    ops: Patch = []
    both = min(len(old_mid), len(new_mid))
    for i in range(both):
        ops.extend(diff(old_mid[i], new_mid[i], _pointer(path, head + i)))
    # Removed from the last down, so that each index still names the item meant.
    for i in range(len(old_mid) - 1, both - 1, -1):
        ops.append({"op": "remove", "path": _pointer(path, head + i)})
    for i in range(both, len(new_mid)):
        ops.append({"op": "add", "path": _pointer(path, head + i), "value": new_mid[i]})
    return ops


def _tokens(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise ValueError(f"a JSON pointer starts with '/', not {path!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/")]


def _index(container: list[Any], token: str, adding: bool) -> int:
    if adding and token == "-":
        return len(container)
    if not token.isdigit() or (len(token) > 1 and token.startswith("0")):
        raise ValueError(f"{token!r} is not an array index")
    index = int(token)
    if index > len(container) or (index == len(container) and not adding):
        raise ValueError(f"index {index} is out of range")
    return index


def apply(document: Any, patch: Patch) -> Any:
    """`document` with `patch` applied (a new value; `document` is left as it was). Raises
    ValueError for an operation that does not apply."""
    doc = copy.deepcopy(document)
    for op in patch:
        kind, tokens, value = op.get("op"), _tokens(op.get("path", "")), op.get("value")
        if kind not in ("add", "remove", "replace"):
            raise ValueError(f"operation {kind!r} is not one a state patch uses")
        if not tokens:
            if kind == "remove":
                raise ValueError("cannot remove the whole document")
            doc = copy.deepcopy(value)
            continue
        parent = doc
        for token in tokens[:-1]:
            parent = parent[_index(parent, token, False)] if isinstance(parent, list) \
                else parent[token]
        last = tokens[-1]
        if isinstance(parent, list):
            index = _index(parent, last, kind == "add")
            if kind == "add":
                parent.insert(index, copy.deepcopy(value))
            elif kind == "remove":
                del parent[index]
            else:
                parent[index] = copy.deepcopy(value)
        elif isinstance(parent, dict):
            if kind != "add" and last not in parent:
                raise ValueError(f"no member {last!r} to {kind}")
            if kind == "remove":
                del parent[last]
            else:
                parent[last] = copy.deepcopy(value)
        else:
            raise ValueError(f"{op.get('path')!r} does not name a member of an object or array")
    return doc


def follow(state: Any, change: Any) -> Any | None:
    """The state after a `state_patch` when `state` is at its `base`, else None: a client then
    asks for the whole state (`get_state`). The server's twin of the terminal's
    `followState`."""
    if not isinstance(state, dict) or not isinstance(change, dict) \
            or state.get("version") != change.get("base"):
        return None
    try:
        return apply(state, change.get("patch") or [])
    except (ValueError, KeyError, IndexError, TypeError):
        return None
