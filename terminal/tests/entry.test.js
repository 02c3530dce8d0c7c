import { test } from "node:test";
import assert from "node:assert/strict";
import { emptyPad, padEntry, press, resultTestId } from "../js/entry.js";

const run = (...keys) => keys.reduce(press, emptyPad());

test("level, strain, declarer and result make a complete entry", () => {
  assert.deepEqual(padEntry(run("level:4", "strain:S", "declarer:N", "result:0")),
    { contract: "4S", declarer: "N", tricks: 10 });
  assert.deepEqual(padEntry(run("level:3", "strain:N", "declarer:E", "result:1")),
    { contract: "3N", declarer: "E", tricks: 10 });
  assert.deepEqual(padEntry(run("level:1", "strain:C", "double", "declarer:W", "result:-7")),
    { contract: "1CX", declarer: "W", tricks: 0 });
});

test("an entry is incomplete until every part is chosen", () => {
  assert.equal(padEntry(run("level:4", "strain:S", "declarer:N")), null);
  assert.equal(padEntry(run("level:4", "declarer:N", "result:0")), null);
  assert.equal(padEntry(emptyPad()), null);
});

test("X and XX toggle, and each replaces the other", () => {
  assert.equal(run("double").doubled, 1);
  assert.equal(run("double", "double").doubled, 0);
  assert.equal(run("double", "redouble").doubled, 2);
  assert.equal(run("redouble", "double").doubled, 1);
  assert.equal(run("redouble", "redouble").doubled, 0);
  assert.equal(padEntry(run("level:7", "strain:H", "redouble", "declarer:S", "result:0")).contract, "7HXX");
});

test("passed out needs nothing else and clears the pad", () => {
  assert.deepEqual(padEntry(run("level:4", "strain:S", "passout")), { contract: "PASS", declarer: null, tricks: 0 });
  assert.deepEqual(run("level:4", "passout", "passout"), emptyPad());
  assert.equal(run("passout", "level:2").passout, false);
});

test("a result the new level cannot have is cleared", () => {
  assert.equal(run("level:1", "result:6", "level:2").difference, null);
  assert.equal(run("level:1", "result:-7", "level:2").difference, -7);
  assert.equal(run("level:7", "result:-13", "level:6").difference, null);
  assert.equal(run("level:3", "result:1", "level:4").difference, 1);
});

test("result buttons are named result-eq, result-plus-n, result-minus-n", () => {
  assert.equal(resultTestId(0), "result-eq");
  assert.equal(resultTestId(2), "result-plus-2");
  assert.equal(resultTestId(-3), "result-minus-3");
});

test("an unknown key is a programming error", () => {
  assert.throws(() => press(emptyPad(), "colour:blue"), RangeError);
});
