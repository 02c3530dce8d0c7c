import { test } from "node:test";
import assert from "node:assert/strict";
import { dealer, isVulnerable, vulnerability } from "../js/boards.js";

const CYCLE = [
  [1, "N", "None"], [2, "E", "NS"], [3, "S", "EW"], [4, "W", "Both"],
  [5, "N", "NS"], [6, "E", "EW"], [7, "S", "Both"], [8, "W", "None"],
  [9, "N", "EW"], [10, "E", "Both"], [11, "S", "None"], [12, "W", "NS"],
  [13, "N", "Both"], [14, "E", "None"], [15, "S", "NS"], [16, "W", "EW"],
];

for (const [board, seat, vul] of CYCLE) {
  test(`board ${board}: dealer ${seat}, vulnerable ${vul}`, () => {
    assert.equal(dealer(board), seat);
    assert.equal(vulnerability(board), vul);
  });
}

test("boards 17-36 repeat the cycle of 16", () => {
  for (let board = 17; board <= 36; board += 1) {
    const [, seat, vul] = CYCLE[(board - 1) % 16];
    assert.equal(dealer(board), seat, `dealer of ${board}`);
    assert.equal(vulnerability(board), vul, `vulnerability of ${board}`);
  }
});

test("a side is vulnerable when the board names it or both", () => {
  assert.equal(isVulnerable(2, "N"), true);
  assert.equal(isVulnerable(2, "E"), false);
  assert.equal(isVulnerable(4, "W"), true);
  assert.equal(isVulnerable(1, "S"), false);
  assert.equal(isVulnerable(16, "W"), true);
});

test("board numbers below 1 or not whole are refused", () => {
  assert.throws(() => dealer(0), RangeError);
  assert.throws(() => vulnerability(1.5), RangeError);
});
