// Dealer and vulnerability of a duplicate board, from its number alone.
// The cycle of 16 is the one printed on every board (Law 2): dealer turns
// N, E, S, W; vulnerability follows the standard 16-board pattern.

/** @typedef {"N"|"E"|"S"|"W"} Seat */
/** @typedef {"None"|"NS"|"EW"|"Both"} Vulnerability */

export const SEATS = /** @type {const} */ (["N", "E", "S", "W"]);

const VULNERABILITY = /** @type {const} */ ([
  "None", "NS", "EW", "Both",
  "NS", "EW", "Both", "None",
  "EW", "Both", "None", "NS",
  "Both", "None", "NS", "EW",
]);

function check(board_number) {
  if (!Number.isInteger(board_number) || board_number < 1) {
    throw new RangeError(`invalid board number: ${board_number}`);
  }
}

/** @returns {Seat} */
export function dealer(board_number) {
  check(board_number);
  return SEATS[(board_number - 1) % 4];
}

/** @returns {Vulnerability} */
export function vulnerability(board_number) {
  check(board_number);
  return VULNERABILITY[(board_number - 1) % 16];
}

/** Whether the side of `seat` is vulnerable on this board. */
export function isVulnerable(board_number, seat) {
  const vul = vulnerability(board_number);
  if (vul === "Both") return true;
  if (vul === "None") return false;
  return vul.includes(seat);
}
