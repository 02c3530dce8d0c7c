// What changed in the table's state: the server sends its whole state once per
// connection, then each change as a `state_patch` {base, version, patch}, the
// patch an RFC 6902 JSON Patch of add, remove and replace. followState() takes
// one: the patched state when this terminal's state is at `base`, else null
// (a push missed on the way: the terminal then asks for the whole state).

/** The reference tokens of a JSON pointer (RFC 6901). */
function tokens(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new RangeError(`not a JSON pointer: ${path}`);
  return path.slice(1).split("/").map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function index(list, token, adding) {
  if (adding && token === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new RangeError(`not an array index: ${token}`);
  const i = Number(token);
  if (i > list.length || (i === list.length && !adding)) throw new RangeError(`index ${i} out of range`);
  return i;
}

/** `doc` with `patch` applied: a new value, `doc` left as it was; throws when an operation does not apply. */
export function applyPatch(doc, patch) {
  let out = structuredClone(doc);
  for (const op of patch) {
    const path = tokens(op.path ?? "");
    if (!["add", "remove", "replace"].includes(op.op)) throw new RangeError(`not a state patch operation: ${op.op}`);
    if (!path.length) {
      if (op.op === "remove") throw new RangeError("cannot remove the whole state");
      out = structuredClone(op.value);
      continue;
    }
    let parent = out;
    for (const token of path.slice(0, -1)) {
      parent = Array.isArray(parent) ? parent[index(parent, token, false)] : parent?.[token];
      if (parent === null || typeof parent !== "object") throw new RangeError(`no such member: ${op.path}`);
    }
    const last = path.at(-1);
    if (Array.isArray(parent)) {
      const i = index(parent, last, op.op === "add");
      if (op.op === "add") parent.splice(i, 0, structuredClone(op.value));
      else if (op.op === "remove") parent.splice(i, 1);
      else parent[i] = structuredClone(op.value);
    } else {
      if (op.op !== "add" && !Object.hasOwn(parent, last)) throw new RangeError(`no member to ${op.op}: ${op.path}`);
      if (op.op === "remove") delete parent[last];
      else parent[last] = structuredClone(op.value);
    }
  }
  return out;
}

/** The state after `change` when `served` is at its base, else null (ask for the whole state). */
export function followState(served, change) {
  if (!served || !change || served.version !== change.base || !Array.isArray(change.patch)) return null;
  try {
    return applyPatch(served, change.patch);
  } catch {
    return null;
  }
}
