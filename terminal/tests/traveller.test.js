import { test } from "node:test";
import assert from "node:assert/strict";
import { ownLine, percentText } from "../js/traveller.js";
import { setLanguage } from "../js/i18n.js";

const TRAVELLER = {
  ok: true, board: 1, top: 2,
  results: [
    { ns_pair: 6, ew_pair: 12, contract: "4S", declarer: "N", tricks: 11, ns_score: 450, ns_mp: 2, ew_mp: 0, ns_pct: 100, this_table: false },
    { ns_pair: 3, ew_pair: 9, contract: "4S", declarer: "N", tricks: 10, ns_score: 420, ns_mp: 1, ew_mp: 1, ns_pct: 50, this_table: false },
    { ns_pair: 1, ew_pair: 7, contract: "3N", declarer: "S", tricks: 9, ns_score: 400, ns_mp: 0, ew_mp: 2, ns_pct: 0, this_table: true },
  ],
};

test("this table's line carries both sides' matchpoints and percentages", () => {
  const own = ownLine(TRAVELLER);
  assert.equal(own.ns_pair, 1);
  assert.deepEqual([own.ns_mp, own.ew_mp, own.top, own.ns_pct, own.ew_pct], [0, 2, 2, 0, 100]);
});

test("a board played once has no percentage yet; no line of ours, nothing to show", () => {
  const alone = { top: 0, results: [{ ...TRAVELLER.results[2], ns_mp: 0, ew_mp: 0, ns_pct: null }] };
  assert.equal(ownLine(alone).ns_pct, null);
  assert.equal(percentText(null), "–");
  assert.equal(ownLine({ top: 2, results: TRAVELLER.results.slice(0, 2) }), null);
});

test("percentages are written as the language writes decimals", () => {
  setLanguage("en");
  assert.equal(percentText(62.5), "62.5%");
  assert.equal(percentText(66.67), "66.7%");
  setLanguage("pl");
  assert.equal(percentText(62.5), "62,5%");
  setLanguage("en");
});
