import { test } from "node:test";
import assert from "node:assert/strict";
import {
  answerFor, answerMessage, awaiting, confirmedEntries, ewScore, isEastWest, notAgreed, padFrom, sendsToEastWest,
  withAnswer, withEntry,
} from "../js/eastwest.js";
import { padEntry } from "../js/entry.js";
import { boardStatus, currentRound, isRoundDone } from "../js/table.js";
import { setLanguage } from "../js/i18n.js";
import { ewScoreText, reasonLabel } from "../js/ewview.js";

const entry = (board, status = "awaiting", extra = {}) => ({
  op_id: `e${board}`, board, round: 1, contract: "4S", declarer: "N", tricks: 10, lead: "HK", ns_score: 420,
  status, reason: null, note: null, ...extra,
});

const STATE = {
  side: "ew",
  event: { ew_terminal: true },
  schedule: [
    { round: 1, ns_pair: 1, ew_pair: 7, boards: [1, 2, 3] },
    { round: 2, ns_pair: 1, ew_pair: 6, boards: [4, 5, 6] },
  ],
  results: [{ op_id: "r1", board: 1, round: 1, contract: "3N", declarer: "S", tricks: 9, ns_score: 400 }],
  pending: [entry(2), entry(3, "not_agreed", { reason: "tricks" })],
};

test("the side comes from the state; North-South sends to East-West only where the event has it", () => {
  assert.equal(isEastWest(STATE), true);
  assert.equal(isEastWest({ ...STATE, side: "ns" }), false);
  assert.equal(sendsToEastWest({ ...STATE, side: "ns" }), true);
  assert.equal(sendsToEastWest(STATE), false);
  assert.equal(sendsToEastWest({ side: "ns", event: {} }), false);
  assert.equal(sendsToEastWest(null), false);
});

test("East-West answers the entries awaiting it, less those already answered offline", () => {
  assert.deepEqual(awaiting(STATE).map((e) => e.board), [2]);
  const answer = answerFor(entry(2), "confirm", "a1", { now: 5 });
  assert.deepEqual(awaiting(STATE, [answer]), []);
  assert.deepEqual(notAgreed(STATE, 1).map((e) => e.board), [3]);
  assert.deepEqual(notAgreed(STATE, 2), []);
});

test("answers carry the entry so the board shows without the server, and go out as their event", () => {
  const confirm = answerFor(entry(2), "confirm", "a1", { now: 5, reason: "tricks" });
  assert.deepEqual(confirm, {
    op_id: "a1", decision: "confirm", entry: "e2", board: 2, round: 1, contract: "4S", declarer: "N", tricks: 10,
    lead: "HK", ns_score: 420, created_ms: 5,
  });
  assert.deepEqual(answerMessage(confirm), { event: "confirm_result", payload: { op_id: "a1", entry: "e2" } });
  const reject = answerFor(entry(2), "reject", "a2", { now: 6, reason: "lead", note: "  it was ♠A ", call_director: 1 });
  assert.deepEqual(answerMessage(reject), {
    event: "reject_result",
    payload: { op_id: "a2", entry: "e2", reason: "lead", note: "it was ♠A", call_director: true },
  });
  assert.deepEqual(confirmedEntries([confirm, reject]).map((e) => [e.op_id, e.board]), [["e2", 2]]);
});

test("a board awaiting East-West is not done: the table stays in the round until it is confirmed", () => {
  assert.equal(boardStatus(STATE, [], 1, 2).status, "awaiting");
  assert.equal(boardStatus(STATE, [], 1, 3).status, "open"); // not agreed: North-South enters it again
  const all = { ...STATE, pending: [entry(2), entry(3)] };
  assert.equal(isRoundDone(all, [], 1), false);
  assert.equal(currentRound(all, []), 1);
  // An answer East-West gave offline does not end the round either, until the server has it.
  assert.equal(isRoundDone(all, confirmedEntries([answerFor(entry(2), "confirm", "a", {}), answerFor(entry(3), "confirm", "b", {})]), 1), false);
  const scored = { ...all, pending: [], results: [1, 2, 3].map((board) => ({ ...entry(board), op_id: `r${board}` })) };
  assert.equal(isRoundDone(scored, [], 1), true);
  // Without East-West terminals an unsent entry counts as played, as it always has.
  const plain = { ...STATE, event: {}, pending: [] };
  assert.equal(isRoundDone(plain, [2, 3].map((board) => ({ ...entry(board), op_id: `u${board}` })), 1), true);
});

test("North-South's acknowledged entry waits in the state, replacing an earlier entry of the board", () => {
  const ns = { ...STATE, side: "ns" };
  const next = withEntry(ns, { ...entry(3), op_id: "e3b", tricks: 9, ns_score: -50 });
  assert.deepEqual(next.pending.map((p) => [p.op_id, p.status]), [["e2", "awaiting"], ["e3b", "awaiting"]]);
  assert.equal(withEntry(null, entry(2)), null);
});

test("a confirmed answer turns the entry into a result; a refusal hands it back with the reason", () => {
  const confirmed = withAnswer(STATE, answerFor(entry(2), "confirm", "a1", {}));
  assert.deepEqual(confirmed.pending.map((p) => p.op_id), ["e3"]);
  assert.deepEqual(confirmed.results.at(-1), {
    op_id: "e2", board: 2, round: 1, contract: "4S", declarer: "N", tricks: 10, lead: "HK", ns_score: 420,
  });
  assert.equal(withAnswer(confirmed, answerFor(entry(2), "confirm", "a2", {})).results.length, 2);
  const refused = withAnswer(STATE, answerFor(entry(2), "reject", "a3", { reason: "declarer", note: "East" }));
  assert.deepEqual(refused.pending.find((p) => p.op_id === "e2"),
    { ...entry(2), status: "not_agreed", reason: "declarer", note: "East" });
  assert.equal(refused.results.length, 1);
});

test("the pad holds a disputed entry again, so North-South only corrects what is wrong", () => {
  const pad = padFrom({ contract: "4SX", declarer: "E", tricks: 8, lead: "HT" });
  assert.deepEqual(pad, {
    level: 4, strain: "S", doubled: 1, passout: false, declarer: "E", difference: -2, mini: null,
    leadSuit: "H", leadRank: "T",
  });
  assert.deepEqual(padEntry(pad, { lead: "optional" }), { contract: "4SX", declarer: "E", tricks: 8, lead: "HT" });
  assert.equal(padFrom({ contract: "PASS", declarer: null, tricks: 0 }).passout, true);
  const mini = padFrom({ contract: "3N", declarer: "S", tricks: 9, lead: null }, { mini_bridge: true });
  assert.equal(mini.mini, "game");
  assert.deepEqual(padEntry(mini, { mini_bridge: true }), { contract: "3N", declarer: "S", tricks: 9 });
  assert.equal(padFrom({ contract: "1H", declarer: "W", tricks: 7, lead: "S10" }).leadRank, "T");
});

test("East-West reads the score from its own side", () => {
  assert.equal(ewScore(620), -620);
  assert.equal(ewScore(-100), 100);
  assert.equal(ewScore(0), 0);
  setLanguage("en");
  assert.equal(ewScoreText(1100), "−1,100");
  assert.equal(ewScoreText(-50), "+50");
  assert.equal(ewScoreText(0), "0");
  setLanguage("pl");
  assert.equal(reasonLabel("tricks"), "Liczba lew");
  setLanguage("en");
  assert.equal(reasonLabel("lead"), "Opening lead");
});
