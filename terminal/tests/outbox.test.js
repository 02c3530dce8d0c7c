import { test } from "node:test";
import assert from "node:assert/strict";
import { createOutbox } from "../js/outbox.js";
import { memoryStore } from "../js/store.js";

function entry(n) {
  return { op_id: `op-${n}`, board: n, round: 1, contract: "4S", declarer: "N", tricks: 10, ns_score: 420 };
}

async function until(check) {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((r) => setImmediate(r));
  assert.ok(check(), "condition never became true");
}

/** A server stand-in: acks in the order it got the entries, when told to. */
function slowServer() {
  const waiting = [];
  const received = [];
  return {
    received,
    waiting,
    send(e) {
      received.push(e.op_id);
      return new Promise((resolve, reject) => waiting.push({ e, resolve, reject }));
    },
    async ackNext(ack = { ok: true, ns_score: 420, duplicate: false }) {
      while (!waiting.length) await new Promise((r) => setImmediate(r));
      waiting.shift().resolve(ack);
    },
  };
}

test("entries are sent oldest first and each waits for the previous ack", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  for (const n of [1, 2, 3]) await outbox.add(entry(n));
  const server = slowServer();
  const done = outbox.flush(server.send);
  await until(() => server.received.length === 1);
  assert.deepEqual(server.received, ["op-1"]);
  await server.ackNext();
  await until(() => server.received.length === 2);
  assert.deepEqual(server.received, ["op-1", "op-2"]);
  assert.deepEqual(outbox.pending().map((e) => e.op_id), ["op-2", "op-3"]);
  await server.ackNext();
  await server.ackNext();
  const outcome = await done;
  assert.deepEqual(server.received, ["op-1", "op-2", "op-3"]);
  assert.deepEqual(outcome, { sent: 3, stopped: null });
  assert.deepEqual(outbox.pending(), []);
});

test("while the first send waits, nothing else goes out", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  await outbox.add(entry(2));
  const server = slowServer();
  const done = outbox.flush(server.send);
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(server.received, ["op-1"]);
  await server.ackNext();
  await server.ackNext();
  await done;
});

test("an entry is stored before add() resolves and survives a new outbox on the same store", async () => {
  const store = memoryStore();
  const first = createOutbox(store, "k");
  await first.load();
  await first.add(entry(1));
  await first.add(entry(2));
  const second = createOutbox(store, "k");
  await second.load();
  assert.deepEqual(second.pending().map((e) => e.op_id), ["op-1", "op-2"]);
});

test("a failed send stops the flush and keeps the entry first in line for the next one", async () => {
  const store = memoryStore();
  const outbox = createOutbox(store, "k");
  await outbox.load();
  for (const n of [1, 2, 3]) await outbox.add(entry(n));
  let calls = 0;
  const flaky = async (e) => {
    calls += 1;
    if (e.op_id === "op-2") throw new Error("timeout");
    return { ok: true, ns_score: 420 };
  };
  const outcome = await outbox.flush(flaky);
  assert.equal(outcome.sent, 1);
  assert.equal(outcome.stopped.message, "timeout");
  assert.equal(calls, 2);
  assert.deepEqual(outbox.pending().map((e) => e.op_id), ["op-2", "op-3"]);
  const order = [];
  await outbox.flush(async (e) => {
    order.push(e.op_id);
    return { ok: true };
  });
  assert.deepEqual(order, ["op-2", "op-3"]);
  const reloaded = createOutbox(store, "k");
  await reloaded.load();
  assert.deepEqual(reloaded.pending(), []);
});

test("a duplicate ack (lost ack replayed) counts as accepted", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  const accepted = [];
  await outbox.flush(async () => ({ ok: true, ns_score: 420, duplicate: true }), {
    onAccepted: (e, ack) => accepted.push([e.op_id, ack.duplicate]),
  });
  assert.deepEqual(accepted, [["op-1", true]]);
  assert.deepEqual(outbox.pending(), []);
});

test("an error ack is final: the entry moves to the rejected list with the server's sentence", async () => {
  const store = memoryStore();
  const outbox = createOutbox(store, "k");
  await outbox.load();
  for (const n of [1, 2]) await outbox.add(entry(n));
  const rejected = [];
  const sent = [];
  await outbox.flush(async (e) => {
    sent.push(e.op_id);
    return e.op_id === "op-1"
      ? { ok: false, code: "board_already_scored", error: "Board 1 is already scored.", status: 409 }
      : { ok: true };
  }, { onRejected: (r) => rejected.push(r.op_id) });
  assert.deepEqual(sent, ["op-1", "op-2"]);
  assert.deepEqual(rejected, ["op-1"]);
  assert.deepEqual(outbox.pending(), []);
  const [rejection] = outbox.rejected();
  assert.equal(rejection.error, "Board 1 is already scored.");
  assert.equal(rejection.code, "board_already_scored");
  assert.equal(rejection.board, 1);
  const reloaded = createOutbox(store, "k");
  await reloaded.load();
  assert.equal(reloaded.rejected().length, 1, "the rejection is stored, not only shown");
  await reloaded.dismiss("op-1");
  assert.deepEqual(reloaded.rejected(), []);
});

test("an entry added during a flush is sent after the ones before it", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  const server = slowServer();
  const done = outbox.flush(server.send);
  await outbox.add(entry(2));
  await server.ackNext();
  await server.ackNext();
  await done;
  assert.deepEqual(server.received, ["op-1", "op-2"]);
  assert.deepEqual(outbox.pending(), []);
});

test("a second flush while one runs does not send anything twice", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  for (const n of [1, 2]) await outbox.add(entry(n));
  const server = slowServer();
  const one = outbox.flush(server.send);
  const two = outbox.flush(server.send);
  await server.ackNext();
  await server.ackNext();
  await Promise.all([one, two]);
  assert.deepEqual(server.received, ["op-1", "op-2"]);
});

test("a flush asked for during a failing one runs again (a reconnect during a timeout)", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  const server = slowServer();
  const first = outbox.flush(server.send);
  outbox.flush(server.send);
  while (!server.waiting.length) await new Promise((r) => setImmediate(r));
  server.waiting.shift().reject(new Error("socket has been disconnected"));
  await server.ackNext();
  const outcome = await first;
  assert.deepEqual(server.received, ["op-1", "op-1"]);
  assert.equal(outcome.stopped, null);
  assert.deepEqual(outbox.pending(), []);
});

test("when the store refuses a write, add() fails and nothing is queued", async () => {
  const broken = { get: async () => undefined, set: async () => { throw new Error("quota"); } };
  const outbox = createOutbox(broken, "k");
  await outbox.load();
  await assert.rejects(outbox.add(entry(1)), /quota/);
  assert.deepEqual(outbox.pending(), []);
});

test("a server fault (status 500) is not the entry's fault: it stays queued for a retry", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  await outbox.add(entry(2));
  const outcome = await outbox.flush(async () =>
    ({ ok: false, code: "internal_error", error: "the server could not store this result", status: 500 }));
  assert.equal(outcome.sent, 0);
  assert.equal(outcome.stopped.ack.code, "internal_error");
  assert.deepEqual(outbox.pending().map((e) => e.op_id), ["op-1", "op-2"]);
  assert.deepEqual(outbox.rejected(), []);
});

test("a table past its message budget (429) keeps its entries queued, in order, for a retry", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  await outbox.add(entry(1));
  await outbox.add(entry(2));
  let budget = false;
  const send = async () => (budget ? { ok: true, ns_score: 420, duplicate: false }
    : { ok: false, code: "too_many_messages", error: "this table sent more than 120 messages", status: 429 });
  const first = await outbox.flush(send);
  assert.equal(first.sent, 0);
  assert.equal(first.stopped.ack.code, "too_many_messages");
  assert.deepEqual(outbox.pending().map((e) => e.op_id), ["op-1", "op-2"]);
  assert.deepEqual(outbox.rejected(), []);
  budget = true;
  assert.equal((await outbox.flush(send)).sent, 2);
  assert.deepEqual(outbox.pending(), []);
});

test("d2_1 an entry refused until the line-up is given stays first in line, then goes", async () => {
  const outbox = createOutbox(memoryStore(), "k");
  await outbox.load();
  for (const n of [1, 2]) await outbox.add(entry(n));
  const refused = { ok: false, code: "lineup_required", error: "D2.1: the line-up is missing", status: 409 };
  let lineUp = false;
  const sent = [];
  const send = async (e) => {
    sent.push(e.op_id);
    return lineUp ? { ok: true, ns_score: 420, duplicate: false } : refused;
  };
  const hold = (ack) => ack.code === "lineup_required";
  const first = await outbox.flush(send, { hold });
  assert.equal(first.sent, 0);
  assert.equal(first.stopped.held, true);
  assert.deepEqual(outbox.pending().map((e) => e.op_id), ["op-1", "op-2"], "nothing lost, nothing reordered");
  assert.deepEqual(outbox.rejected(), []);
  assert.deepEqual(sent, ["op-1"], "stopped at the first");
  lineUp = true;
  const second = await outbox.flush(send, { hold });
  assert.equal(second.sent, 2);
  assert.deepEqual(outbox.pending(), []);
  // Without the hook the same refusal is final, as any other.
  await outbox.add(entry(3));
  lineUp = false;
  await outbox.flush(send);
  assert.deepEqual(outbox.rejected().map((r) => r.code), ["lineup_required"]);
});
