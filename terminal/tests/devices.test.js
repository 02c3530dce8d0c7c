import { test } from "node:test";
import assert from "node:assert/strict";
import { explainRejection, noticeFor } from "../js/devices.js";
import { setLanguage } from "../js/i18n.js";

const state = { results: [{ board: 3, contract: "4S", declarer: "N", tricks: 10, ns_score: 420 }] };

test("15.4: a board another device scored first names its result and says what to do", () => {
  setLanguage("en");
  const differs = explainRejection({ code: "already_scored", board: 3, contract: "3N", declarer: "S", tricks: 9,
                                      error: "board 3 is already scored at this table" }, state);
  assert.match(differs.error, /^Board 3 already has a result at this table: 4♠ N =/);
  assert.match(differs.help, /director has both/);
  const same = explainRejection({ code: "already_scored", board: 3, contract: "4S", declarer: "N", tricks: 10 }, state);
  assert.match(same.help, /same result/);
});

test("15.4: the reason is in the table's language", () => {
  setLanguage("pl");
  const shown = explainRejection({ code: "already_scored", board: 3, contract: "3N", declarer: "S", tricks: 9 }, state);
  assert.match(shown.error, /^Rozdanie 3 ma już wynik/);
  setLanguage("en");
});

test("15.4: other refusals keep the server's sentence", () => {
  assert.deepEqual(explainRejection({ code: "board_not_in_round", error: "not here" }, state),
    { error: "not here", help: null });
});

test("15.4: a device is warned only while another is connected", () => {
  assert.equal(noticeFor("t1", 1), "warn");
  assert.equal(noticeFor("t1", 0), null);
});
