import { test } from "node:test";
import assert from "node:assert/strict";
import { contractCode, contractSymbols, parseContract, resultRange } from "../js/contract.js";
import { boardsText, contractText, resultLine, resultOf, scoreText } from "../js/format.js";
import { newOpId } from "../js/id.js";

test("contract codes round-trip", () => {
  for (const code of ["1C", "3N", "4SX", "7HXX", "PASS"]) assert.equal(contractCode(parseContract(code)), code);
  assert.equal(contractCode(parseContract("3nt")), "3N");
});

test("bad contract codes are refused with the bad input in the message", () => {
  assert.throws(() => parseContract("8S"), /invalid contract: "8S"/);
  assert.throws(() => parseContract("4SXXX"), RangeError);
  assert.throws(() => parseContract(""), RangeError);
});

test("players read suit symbols", () => {
  assert.equal(contractSymbols(parseContract("4SX")), "4♠X");
  assert.equal(contractText("3N"), "3NT");
  assert.equal(contractText("PASS"), "Passed out");
});

test("result range: up to 13 tricks over, down to 0 tricks", () => {
  assert.deepEqual(resultRange(1), { most: 6, least: -7 });
  assert.deepEqual(resultRange(7), { most: 0, least: -13 });
});

test("results and scores read the way players say them", () => {
  assert.equal(resultOf("4S", 10), "=");
  assert.equal(resultOf("4S", 11), "+1");
  assert.equal(resultOf("4S", 8), "-2");
  assert.equal(resultLine({ contract: "4SX", declarer: "N", tricks: 9 }), "4♠X N -1");
  assert.equal(resultLine({ contract: "PASS", declarer: null, tricks: 0 }), "Passed out");
  assert.equal(scoreText(620), "NS +620");
  assert.equal(scoreText(-100), "EW +100");
  assert.equal(scoreText(0), "0");
  assert.equal(boardsText([6, 4, 5]), "4–6");
  assert.equal(boardsText([1, 3]), "1, 3");
});

test("op ids are version 4 UUIDs, also without crypto.randomUUID (plain http)", () => {
  const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  assert.match(newOpId(), pattern);
  const fallback = { getRandomValues: (bytes) => globalThis.crypto.getRandomValues(bytes) };
  const ids = new Set(Array.from({ length: 100 }, () => newOpId(fallback)));
  assert.equal(ids.size, 100);
  for (const id of ids) assert.match(id, pattern);
});
