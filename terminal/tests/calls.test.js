import { test } from "node:test";
import assert from "node:assert/strict";
import { REASONS, callsToShow, correctionReason, reasonText, withCall } from "../js/calls.js";
import { hasKey, setLanguage } from "../js/i18n.js";

test("every preset reason is translated in every language", () => {
  for (const language of ["en", "id", "pl"]) {
    for (const reason of REASONS) assert.ok(hasKey(`call.reason.${reason}`, language), `${language} ${reason}`);
  }
});

test("a preset reason is sent in the table's language; 'other' sends the players' words", () => {
  setLanguage("pl");
  assert.equal(reasonText("revoke"), "Renons");
  assert.equal(correctionReason(7), "Poprawka rozdania 7");
  setLanguage("en");
  assert.equal(reasonText("lead"), "Lead out of turn");
  assert.equal(correctionReason(7), "Correction of board 7");
  assert.equal(reasonText("other", "  the board fell on the floor "), "the board fell on the floor");
  assert.equal(reasonText("other", "   "), null);
  assert.equal(reasonText("other", "x".repeat(300)).length, 200);
});

test("a call made offline shows at once, and once only when the server has it", () => {
  const queued = [{ op_id: "call-aaaa1", reason: "Revoke", created_ms: 200 }];
  assert.deepEqual(callsToShow([], queued).map((c) => [c.op_id, c.state]), [["call-aaaa1", "queued"]]);
  const server = [{ id: 1, op_id: "call-aaaa1", reason: "Revoke", called_ms: 210, answer: null }];
  assert.deepEqual(callsToShow(server, queued).map((c) => [c.op_id, c.state]), [["call-aaaa1", "waiting"]]);
});

test("the director's answer replaces the waiting call, newest first, dismissed ones hidden", () => {
  let calls = [
    { id: 1, op_id: "call-aaaa1", reason: "Revoke", called_ms: 100, answer: null },
    { id: 2, op_id: "call-bbbb2", reason: "Claim", called_ms: 300, answer: null },
  ];
  calls = withCall(calls, { id: 1, op_id: "call-aaaa1", reason: "Revoke", called_ms: 100, answer: "Two tricks to EW" });
  const shown = callsToShow(calls, [], []);
  assert.deepEqual(shown.map((c) => [c.reason, c.state, c.answer]),
    [["Claim", "waiting", null], ["Revoke", "answered", "Two tricks to EW"]]);
  assert.deepEqual(callsToShow(calls, [], [], ["call-aaaa1"]).map((c) => c.op_id), ["call-bbbb2"]);
  assert.equal(withCall(calls, { id: 3, op_id: "call-cccc3", reason: "x" }).length, 3);
});

test("a call the server refused stays on screen with its reason", () => {
  const refused = [{ op_id: "call-dddd4", reason: "x", created_ms: 5, error: "the reason must be text" }];
  assert.deepEqual(callsToShow([], [], refused).map((c) => [c.state, c.error]), [["refused", "the reason must be text"]]);
});
