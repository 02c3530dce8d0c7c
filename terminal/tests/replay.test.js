// Issue 14 item 4: a server taken over from a backup gets again what it acknowledged after the
// backup. The outbox keeps its acknowledged entries (bounded) and requeues those the server's
// state no longer holds, ahead of the unsent ones, in their first order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ACKED_KEEP, createOutbox } from "../js/outbox.js";
import { memoryStore } from "../js/store.js";
import { isHeld } from "../js/table.js";

function entry(n, round = 1) {
  return { op_id: `op-${n}`, board: n, round, contract: "4S", declarer: "N", tricks: 10, ns_score: 420 };
}

const ok = { ok: true, ns_score: 420, duplicate: false };

async function sent(outbox, ack = () => ok) {
  const received = [];
  await outbox.flush(async (e) => {
    received.push(e.op_id);
    return ack(e);
  });
  return received;
}

function stateWith(...boards) {
  return { results: boards.map((n) => ({ ...entry(n), op_id: `op-${n}` })), pending: [], adjusted: [] };
}

test("test_14_4_acknowledged_entries_are_kept_after_their_ack", async () => {
  const store = memoryStore();
  const outbox = createOutbox(store, "k");
  await outbox.load();
  for (const n of [1, 2]) await outbox.add(entry(n));
  await sent(outbox);
  assert.deepEqual(outbox.pending(), []);
  assert.deepEqual(outbox.acked().map((e) => e.op_id), ["op-1", "op-2"]);
  const reloaded = createOutbox(store, "k"); // a page reload keeps them too
  await reloaded.load();
  assert.deepEqual(reloaded.acked().map((e) => e.op_id), ["op-1", "op-2"]);
});

test("test_14_4_entries_the_state_lacks_are_sent_again_first_in_their_order", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  for (const n of [1, 2, 3, 4]) await outbox.add(entry(n));
  await sent(outbox);
  await outbox.add(entry(5, 2)); // not acknowledged when the server died
  // The backup held boards 1 and 2 only.
  const back = await outbox.requeue((e) => isHeld(stateWith(1, 2), e));
  assert.deepEqual(back.map((e) => e.op_id), ["op-3", "op-4"]);
  assert.deepEqual(outbox.pending().map((e) => e.op_id), ["op-3", "op-4", "op-5"]);
  assert.deepEqual(await sent(outbox), ["op-3", "op-4", "op-5"]);
  assert.deepEqual(outbox.acked().map((e) => e.op_id), ["op-1", "op-2", "op-3", "op-4", "op-5"]);
  // The server has them all now: nothing goes again.
  assert.deepEqual(await outbox.requeue((e) => isHeld(stateWith(1, 2, 3, 4, 5), e)), []);
});

test("test_14_4_nothing_is_requeued_when_the_state_holds_every_entry", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  for (const n of [1, 2]) await outbox.add(entry(n));
  await sent(outbox);
  assert.deepEqual(await outbox.requeue((e) => isHeld(stateWith(1, 2), e)), []);
  assert.deepEqual(outbox.pending(), []);
});

test("test_14_4_a_resend_the_server_calls_a_duplicate_is_settled_and_never_goes_round_again", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  await sent(outbox);
  // The director removed the result: the state lacks it, the server knows the op_id.
  assert.equal((await outbox.requeue(() => false)).length, 1);
  await sent(outbox, () => ({ ok: true, duplicate: true }));
  assert.deepEqual(outbox.acked(), []);
  assert.deepEqual(await outbox.requeue(() => false), []);
});

test("test_14_4_the_kept_entries_are_bounded", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  for (let n = 1; n <= ACKED_KEEP + 5; n += 1) await outbox.add(entry(n));
  await sent(outbox);
  const kept = outbox.acked();
  assert.equal(kept.length, ACKED_KEEP);
  assert.equal(kept[0].op_id, "op-6");
});

test("test_14_4_a_resend_is_sent_without_its_replay_mark", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  await sent(outbox);
  await outbox.requeue(() => false);
  const seen = [];
  await outbox.flush(async (e) => {
    seen.push(e);
    return ok;
  });
  assert.equal(seen[0].replay, true); // the outbox knows it is a resend...
  assert.equal(outbox.acked()[0].replay, undefined); // ...and keeps it as a plain entry
});

test("test_14_4_a_board_done_another_way_counts_as_held", () => {
  const e = entry(3);
  assert.equal(isHeld({ results: [{ ...entry(3), op_id: "director-fix" }] }, e), true); // corrected
  assert.equal(isHeld({ adjusted: [{ round: 1, board: 3 }] }, e), true);
  assert.equal(isHeld({ pending: [{ ...entry(3), status: "awaiting" }] }, e), true); // East-West
  assert.equal(isHeld({ teams: { locked: [{ round: 1, board: 3 }] } }, e), true);
  assert.equal(isHeld({ results: [{ ...entry(3), round: 2, op_id: "other" }] }, e), false); // another round
  assert.equal(isHeld({ results: [] }, e), false);
});
