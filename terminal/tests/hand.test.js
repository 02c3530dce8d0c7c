import { test } from "node:test";
import assert from "node:assert/strict";
import { analysisView, diagram, handLines, parScore, rankText } from "../js/hand.js";
import { setLanguage } from "../js/i18n.js";

const DEAL = {
  north: "AKQJ.T98.765.432", east: "T98.AKQ.432.8765", south: "765.765.AKQJ.AKQ", west: "432.J432.T98.JT9",
  dealer: "E", vulnerability: "ns",
};

test("a hand is four lines, spades first, ten written 10, red hearts and diamonds", () => {
  setLanguage("en");
  const lines = handLines("AKQJ.T98.765.432");
  assert.deepEqual(lines.map((l) => l.symbol + " " + l.cards), ["♠ A K Q J", "♥ 10 9 8", "♦ 7 6 5", "♣ 4 3 2"]);
  assert.deepEqual(lines.map((l) => l.red), [false, true, true, false]);
});

test("a void is a dash; a 10 already spelled out stays one card", () => {
  const lines = handLines("AKQJT98765432...");
  assert.equal(lines[0].cards, "A K Q J 10 9 8 7 6 5 4 3 2");
  assert.deepEqual(lines.slice(1).map((l) => l.cards), ["—", "—", "—"]);
  assert.equal(handLines("A109.-.K.Q")[0].cards, "A 10 9");
  assert.equal(handLines("A109.-.K.Q")[1].cards, "—");
});

test("honours are named as the language names them: Polish A K D W", () => {
  setLanguage("pl");
  assert.equal(handLines("AKQJT.2.3.4")[0].cards, "A K D W 10");
  assert.equal(rankText("Q"), "D");
  setLanguage("id");
  assert.equal(handLines("AKQJT.2.3.4")[0].cards, "A K Q J 10");
  setLanguage("en");
});

test("a hand that is not four suits is refused", () => {
  assert.throws(() => handLines("AKQ.T98"), RangeError);
  assert.throws(() => handLines(undefined), RangeError);
});

test("the diagram marks the dealer and the vulnerable seats", () => {
  const view = diagram(DEAL);
  assert.equal(view.dealer, "E");
  assert.equal(view.vulnerability, "NS");
  assert.deepEqual(["N", "E", "S", "W"].map((s) => view.hands[s].vulnerable), [true, false, true, false]);
  assert.deepEqual(["N", "E", "S", "W"].map((s) => view.hands[s].dealer), [false, true, false, false]);
  assert.equal(view.hands.W.lines[1].cards, "J 4 3 2");
  const both = diagram({ ...DEAL, vulnerability: "both" });
  assert.ok(["N", "E", "S", "W"].every((s) => both.hands[s].vulnerable));
  const none = diagram({ ...DEAL, vulnerability: "none" });
  assert.ok(["N", "E", "S", "W"].every((s) => !none.hands[s].vulnerable));
});

test("the analysis is a row per strain, tricks of N S E W, and the par line", () => {
  setLanguage("en");
  const tricks = { NT: { N: 10, S: 10, E: 2, W: 2 }, S: { N: 10, S: 10, E: 2, W: 2 },
    H: { N: 9, S: 9, E: 4, W: 4 }, D: { N: 10, S: 10, E: 2, W: 2 }, C: { N: 9, S: 9, E: 4, W: 4 } };
  const view = analysisView({ tricks, par_score: 430, par_contract: "NS 3NT+1", source: "file" });
  assert.deepEqual(view.rows.map((r) => r.strain), ["NT", "S", "H", "D", "C"]);
  assert.deepEqual(view.rows[2], { strain: "H", label: "♥", red: true, tricks: [9, 9, 4, 4] });
  assert.equal(view.par, "NS 3NT+1, NS 430");
  setLanguage("pl");
  assert.equal(analysisView({ tricks, par_score: null, par_contract: null }).rows[0].label, "BA");
  setLanguage("en");
  assert.deepEqual(analysisView({ tricks: null, par_score: -100, par_contract: null }), { rows: [], par: "EW 100" });
  assert.equal(analysisView(null), null);
  assert.equal(parScore(0), "0");
});
