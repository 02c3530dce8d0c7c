import { test } from "node:test";
import assert from "node:assert/strict";
import { declarerScore, nsScore } from "../js/score.js";
import { parseContract } from "../js/contract.js";

// [contract, declarer, tricks, vulnerability, ns_score]
const SPOT_CHECKS = [
  ["4S", "N", 10, "None", 420],
  ["4SX", "S", 10, "NS", 790],
  ["3N", "N", 10, "None", 430],
  ["7NXX", "N", 13, "Both", 2980],
  ["1CX", "N", 6, "None", -100],
  ["6H", "S", 12, "NS", 1430],
  ["2SX", "N", 8, "None", 470],
  // 1NTXX-7 vul: doubled 200 + 6 x 300 = 2000, redoubled 4000 (7NTXX-13 vul is the 7600).
  ["1NXX", "N", 0, "Both", -4000],
  ["7NXX", "N", 0, "Both", -7600],
  ["PASS", null, 0, "Both", 0],
  ["3N", "E", 9, "EW", -600],
  ["4H", "W", 9, "NS", 50],
  ["1N", "N", 7, "None", 90],
  ["2C", "S", 8, "None", 90],
  ["2D", "S", 11, "None", 150],
  ["5C", "E", 11, "None", -400],
  ["5D", "E", 11, "EW", -600],
  ["6N", "N", 12, "None", 990],
  ["7S", "W", 13, "Both", -2210],
  ["1CX", "N", 7, "None", 140],
  ["1CXX", "N", 7, "None", 230],
  ["1CXX", "N", 7, "NS", 230],
  ["1CXX", "N", 8, "NS", 630],
  ["2HX", "N", 8, "NS", 670],
  ["3SX", "N", 6, "None", -500],
  ["3SX", "N", 5, "None", -800],
  ["3SX", "N", 4, "None", -1100],
  ["3SX", "N", 6, "NS", -800],
  ["4SXX", "N", 9, "NS", -400],
  ["4SXX", "N", 9, "None", -200],
  ["4S", "N", 9, "NS", -100],
  ["1NX", "N", 8, "None", 280],
  ["1NX", "N", 8, "NS", 380],
  ["3NX", "E", 9, "None", -550],
];

for (const [contract, declarer, tricks, vul, expected] of SPOT_CHECKS) {
  test(`${contract} by ${declarer} taking ${tricks}, vul ${vul}, scores NS ${expected}`, () => {
    assert.equal(nsScore(contract, declarer, tricks, vul), expected);
  });
}

test("undoubled undertricks cost 50 a trick not vulnerable and 100 vulnerable", () => {
  const contract = parseContract("7N");
  for (let down = 1; down <= 13; down += 1) {
    assert.equal(declarerScore(contract, 13 - down, false), -50 * down);
    assert.equal(declarerScore(contract, 13 - down, true), -100 * down);
  }
});

test("doubled undertricks follow 100, 300, 500, then 300 more each (nv) and 200, then 300 each (vul)", () => {
  const contract = parseContract("7NX");
  const nv = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500];
  const vul = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800];
  for (let down = 1; down <= 13; down += 1) {
    assert.equal(declarerScore(contract, 13 - down, false), -nv[down - 1]);
    assert.equal(declarerScore(contract, 13 - down, true), -vul[down - 1]);
  }
});

test("redoubled undertricks are twice the doubled ones", () => {
  for (let down = 1; down <= 13; down += 1) {
    for (const vulnerable of [false, true]) {
      assert.equal(
        declarerScore(parseContract("7NXX"), 13 - down, vulnerable),
        2 * declarerScore(parseContract("7NX"), 13 - down, vulnerable),
      );
    }
  }
});

test("the east-west side's score is north-south's negated", () => {
  assert.equal(nsScore("4S", "E", 10, "None"), -nsScore("4S", "N", 10, "None"));
  assert.equal(nsScore("4S", "W", 10, "Both"), -nsScore("4S", "S", 10, "Both"));
});

test("vulnerability counts only for the declaring side", () => {
  assert.equal(nsScore("4S", "N", 10, "EW"), 420);
  assert.equal(nsScore("4S", "E", 10, "NS"), -420);
});

test("tricks outside 0-13 are refused", () => {
  assert.throws(() => declarerScore(parseContract("1C"), 14, false), RangeError);
  assert.throws(() => declarerScore(parseContract("1C"), -1, false), RangeError);
});
