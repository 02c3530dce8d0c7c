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

/** The warnings a table gets, in minutes left: 10, 5 and the deadline itself. */
export const WARNINGS = [10, 5, 0];

/**
 * The warning that applies at this remaining time: the smallest threshold
 * already reached (10, 5 or 0), or null with more than 10 minutes left.
 */
export function warningLevel(remaining_ms) {
  const reached = WARNINGS.filter((minutes) => remaining_ms <= minutes * 60000);
  return reached.length ? Math.min(...reached) : null;
}

/**
 * What to do at this remaining time, given the last warning raised this round
 * (null for none): `raise` is the warning to show now, or null; `raised` is
 * what to remember. Each threshold is raised once; a terminal opened with 3
 * minutes left raises only the 5-minute one; time added by the director
 * lowers `raised` again, so the warnings it passed come back.
 * @returns {{raise: number|null, raised: number|null}}
 */
export function warn(remaining_ms, raised) {
  const level = warningLevel(remaining_ms);
  if (level !== null && (raised === null || raised === undefined || level < raised)) {
    return { raise: level, raised: level };
  }
  return { raise: null, raised: level };
}
