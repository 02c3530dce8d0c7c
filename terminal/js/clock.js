// The round clock as the table sees it. The server owns the clock and sends
// its deadline in its own epoch milliseconds together with its `now_ms`; the
// terminal keeps the offset between the two clocks so a phone whose clock is
// minutes off still counts down the same seconds as the director's screen.

/** Milliseconds to add to Date.now() to get the server's time. */
export function offsetFrom(now_ms, local_ms) {
  return typeof now_ms === "number" ? now_ms - local_ms : 0;
}

/**
 * What the clock shows now, or null when there is nothing to show.
 * @returns {{remaining_ms: number, running: boolean, late: boolean} | null}
 */
export function reading(clock, offset_ms, local_ms) {
  if (!clock) return null;
  if (clock.running && typeof clock.deadline_ms === "number") {
    const remaining_ms = clock.deadline_ms - (local_ms + offset_ms);
    return { remaining_ms, running: true, late: remaining_ms < 0 };
  }
  if (typeof clock.remaining_ms === "number") {
    return { remaining_ms: clock.remaining_ms, running: false, late: clock.remaining_ms < 0 };
  }
  return null;
}

/** "12:05" while time is left (rounded up, so 0:00 is the deadline itself). */
export function formatRemaining(remaining_ms) {
  const seconds = Math.max(0, Math.ceil(remaining_ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Whole minutes past the deadline, at least 1 once it has passed. */
export function minutesLate(remaining_ms) {
  return remaining_ms >= 0 ? 0 : Math.max(1, Math.floor(-remaining_ms / 60000));
}
