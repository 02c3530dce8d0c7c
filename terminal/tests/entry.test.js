import { test } from "node:test";
import assert from "node:assert/strict";
import { LEAD_SUITS, emptyPad, padEntry, press, resultKeys, resultTestId } from "../js/entry.js";
import { STRAINS } from "../js/contract.js";

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

const runWith = (...keys) => keys.reduce(press, emptyPad());

test("tricks taken and =/+n/−n give the same tricks", () => {
  const byDifference = padEntry(runWith("level:4", "strain:H", "declarer:S", "result:-2"));
  const byTricks = padEntry(runWith("level:4", "strain:H", "declarer:S", "tricks:8"));
  assert.deepEqual(byTricks, byDifference);
  assert.equal(byTricks.tricks, 8);
  assert.equal(padEntry(runWith("level:3", "strain:N", "declarer:W", "tricks:13")).tricks, 13);
  assert.equal(runWith("tricks:9").difference, null, "tricks mean nothing before a level");
});

test("the lead is off, optional or required as the event says", () => {
  const base = ["level:4", "strain:S", "declarer:N", "result:0"];
  assert.deepEqual(padEntry(runWith(...base), { lead: "required" }), null);
  assert.deepEqual(padEntry(runWith(...base, "lead-suit:H"), { lead: "required" }), null);
  assert.deepEqual(padEntry(runWith(...base, "lead-suit:H", "lead-rank:T"), { lead: "required" }),
    { contract: "4S", declarer: "N", tricks: 10, lead: "HT" });
  assert.deepEqual(padEntry(runWith(...base), { lead: "optional" }), { contract: "4S", declarer: "N", tricks: 10 });
  assert.equal(padEntry(runWith(...base, "lead-suit:S", "lead-rank:A"), { lead: "optional" }).lead, "SA");
  assert.equal(padEntry(runWith(...base, "lead-suit:S", "lead-rank:A"), { lead: "off" }).lead, undefined);
  assert.deepEqual(padEntry(runWith("passout"), { lead: "required" }), { contract: "PASS", declarer: null, tricks: 0 });
  assert.equal(runWith("lead-suit:C", "lead-suit:C").leadSuit, null, "a second tap takes the suit back");
});

test("k8_2 mini bridge: a partscore is at the one level, a game at the game level", () => {
  const mini = { mini_bridge: true };
  assert.equal(padEntry(runWith("mini:part", "strain:S", "declarer:N", "result:0"), mini).contract, "1S");
  const games = { C: "5C", D: "5D", H: "4H", S: "4S", N: "3N" };
  for (const [strain, code] of Object.entries(games)) {
    assert.equal(padEntry(runWith("mini:game", `strain:${strain}`, "declarer:E", "result:0"), mini).contract, code);
  }
  // Results count from that level: 4♥ making ten tricks is "=", nine is "−1".
  assert.equal(padEntry(runWith("strain:H", "mini:game", "declarer:S", "tricks:9"), mini).tricks, 9);
  assert.equal(runWith("mini:game", "strain:H", "tricks:9").difference, -1);
  // Switching from a game to a partscore keeps a result the new level allows, drops one it does not.
  assert.equal(runWith("mini:game", "strain:N", "result:4", "mini:part").difference, 4);
  assert.equal(runWith("mini:part", "strain:N", "result:6", "mini:game").difference, null);
  assert.equal(runWith("mini:game").level, null, "a game's level waits for the strain");
});

test("7 the lead's suits come in the contract keys' order, clubs to spades", () => {
  assert.deepEqual(LEAD_SUITS, ["C", "D", "H", "S"]);
  assert.deepEqual(LEAD_SUITS, STRAINS.filter((strain) => strain !== "N"));
});

test("2 the result keys are fourteen, in the order of the tricks, whatever the level or mode", () => {
  for (let level = 1; level <= 7; level += 1) {
    const keys = resultKeys(level);
    assert.equal(keys.length, 14);
    assert.deepEqual(keys.map((k) => k.tricks), [...Array(14).keys()]);
    assert.equal(keys[level + 6].label, "=");
    assert.equal(keys[level + 6].testid, "result-eq");
    assert.deepEqual(resultKeys(level, "tricks").map((k) => k.difference), keys.map((k) => k.difference));
  }
  assert.deepEqual(resultKeys(4).slice(5, 10).map((k) => k.label), ["−5", "−4", "−3", "−2", "−1"]);
  assert.deepEqual(resultKeys(4).slice(10).map((k) => k.testid), ["result-eq", "result-plus-1", "result-plus-2", "result-plus-3"]);
  assert.deepEqual(resultKeys(4, "tricks").slice(7, 9).map((k) => k.testid), ["tricks-7", "tricks-8"]);
  // Each key's press gives the tricks the key stands for.
  for (const k of resultKeys(3)) {
    const pad = ["level:3", "strain:N", "declarer:S", `result:${k.difference}`].reduce(press, emptyPad());
    assert.equal(padEntry(pad).tricks, k.tricks);
  }
});
