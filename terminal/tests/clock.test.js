import { test } from "node:test";
import assert from "node:assert/strict";
import { formatRemaining, minutesLate, offsetFrom, reading } from "../js/clock.js";

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
