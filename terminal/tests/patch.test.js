import { test } from "node:test";
import assert from "node:assert/strict";
import { applyPatch, followState } from "../js/patch.js";

const served = {
  version: "e.1", side: "ns", round: 1, now_ms: 10,
  results: [{ round: 1, board: 1, ns_score: 420 }],
  players: { known: {}, "a/b": 1, "c~d": 2 },
  clock: { round: 1, running: true, now_ms: 10 },
};

test("a state patch adds, removes and replaces, and leaves the state it was given as it was", () => {
  const change = {
    base: "e.1", version: "e.2",
    patch: [
      { op: "add", path: "/results/1", value: { round: 1, board: 2, ns_score: -50 } },
      { op: "add", path: "/players/known/101", value: { name: "Ann North", gender: "F" } },
      { op: "remove", path: "/players/a~1b" },
      { op: "replace", path: "/players/c~0d", value: 3 },
      { op: "replace", path: "/version", value: "e.2" },
      { op: "add", path: "/clock/now_ms", value: 20 },
      { op: "add", path: "/now_ms", value: 20 },
    ],
  };
  const next = followState(served, change);
  assert.equal(next.version, "e.2");
  assert.deepEqual(next.results.map((r) => r.board), [1, 2]);
  assert.deepEqual(next.players, { known: { 101: { name: "Ann North", gender: "F" } }, "c~d": 3 });
  assert.equal(next.side, "ns");
  assert.equal(next.now_ms, 20);
  assert.equal(served.results.length, 1);
  assert.equal(served.players["a/b"], 1);
});

test("a patch from another version, or one that does not apply, asks for the whole state", () => {
  assert.equal(followState(served, { base: "e.0", version: "e.2", patch: [] }), null);
  assert.equal(followState(null, { base: "e.1", version: "e.2", patch: [] }), null);
  assert.equal(followState(served, { base: "e.1", version: "e.2", patch: [{ op: "remove", path: "/nothing" }] }), null);
  assert.equal(followState(served, { base: "e.1", version: "e.2", patch: [{ op: "add", path: "/results/5", value: 1 }] }), null);
  assert.equal(followState(served, { base: "e.1", version: "e.2", patch: [{ op: "move", from: "/round", path: "/x" }] }), null);
});

test("removing from a list by index and appending with '-'", () => {
  const doc = { list: [1, 2, 3] };
  assert.deepEqual(applyPatch(doc, [{ op: "remove", path: "/list/0" }, { op: "add", path: "/list/-", value: 4 }]),
    { list: [2, 3, 4] });
  assert.throws(() => applyPatch(doc, [{ op: "replace", path: "/list/01", value: 0 }]));
});
