import { test } from "node:test";
import assert from "node:assert/strict";
import { formatRemaining, minutesLate, offsetFrom, reading, warn, warningLevel } from "../js/clock.js";

test("the offset corrects a terminal whose clock runs behind the server's", () => {
  const offset = offsetFrom(1_000_000, 400_000); // terminal 10 minutes behind
  const clock = { running: true, deadline_ms: 1_000_000 + 5 * 60_000, remaining_ms: null };
  assert.equal(reading(clock, offset, 400_000).remaining_ms, 5 * 60_000);
});

test("a paused clock shows its remaining time", () => {
  const shown = reading({ running: false, deadline_ms: null, remaining_ms: 90_000 }, 0, 0);
  assert.deepEqual(shown, { remaining_ms: 90_000, running: false, late: false });
});

test("no clock, or a stopped one with nothing left to show, shows nothing", () => {
  assert.equal(reading(null, 0, 0), null);
  assert.equal(reading({ running: false, deadline_ms: null, remaining_ms: null }, 0, 0), null);
});

test("past the deadline the clock is late, by whole minutes, at least one", () => {
  const clock = { running: true, deadline_ms: 100_000 };
  assert.equal(reading(clock, 0, 100_500).late, true);
  assert.equal(minutesLate(-500), 1);
  assert.equal(minutesLate(-185_000), 3);
  assert.equal(minutesLate(10), 0);
});

test("remaining time reads m:ss, rounded up", () => {
  assert.equal(formatRemaining(12 * 60_000 + 5_000), "12:05");
  assert.equal(formatRemaining(500), "0:01");
  assert.equal(formatRemaining(0), "0:00");
  assert.equal(formatRemaining(-5000), "0:00");
});

test("warnings come at 10, 5 and 0 minutes left, each once", () => {
  const min = 60_000;
  let raised = null;
  const seen = [];
  for (let left = 12 * min; left >= -2 * min; left -= 15_000) {
    const step = warn(left, raised);
    raised = step.raised;
    if (step.raise !== null) seen.push([step.raise, left / min]);
  }
  assert.deepEqual(seen, [[10, 10], [5, 5], [0, 0]]);
});

test("a terminal opened late raises only the warning that applies now", () => {
  assert.equal(warningLevel(11 * 60_000), null);
  assert.equal(warningLevel(3 * 60_000), 5);
  assert.deepEqual(warn(3 * 60_000, null), { raise: 5, raised: 5 });
  assert.deepEqual(warn(3 * 60_000, 5), { raise: null, raised: 5 });
  assert.deepEqual(warn(-1, 5), { raise: 0, raised: 0 });
  assert.deepEqual(warn(-60_000, 0), { raise: null, raised: 0 });
});

test("time added by the director brings the warnings it passed back", () => {
  let step = warn(-30_000, 0); // late
  step = warn(7 * 60_000, step.raised); // the director adds 7:30
  assert.deepEqual(step, { raise: null, raised: 10 });
  assert.equal(warn(5 * 60_000, step.raised).raise, 5);
  assert.deepEqual(warn(20 * 60_000, 0), { raise: null, raised: null });
});
