// Rounds and boards as the room numbers them. The protocol, the outbox and the
// data-testids keep the event's own numbers (unique through a competition: a
// knock-out's board 913); people read the room's: its board 1, "semi-final",
// round 2 of 7. The state carries both (`board_info[n].number`, `schedule[].name`,
// `round_name`); `learnNames` keeps the last state's, so a terminal offline names
// its boards as it did online. Without them a number is its own name.

let boards = {};
let rounds = new Map();

/** Keep the room's numbers of a state (called with every state the terminal takes). */
export function learnNames(state) {
  boards = state?.board_info ?? {};
  rounds = new Map((state?.schedule ?? []).filter((r) => r.name).map((r) => [r.round, r.name]));
  if (state?.round_name && state.round != null) rounds.set(state.round, state.round_name);
}

/** The board's number in the room: 1 for the event's board 913 of a knock-out. */
export function boardNumber(board) {
  return boards[String(board)]?.number ?? board;
}

/** A match's segment of the board, {segment, segments, first, last}, or null. */
export function segmentOf(board) {
  const info = boards[String(board)];
  return info?.segment ? { segment: info.segment, segments: info.segments, first: info.first, last: info.last } : null;
}

/**
 * The round as the room names it: {number, rounds, stage, match, session, sessions}.
 * Outside a competition the event's round is its own number.
 */
export function roundName(round, fallbackRounds = null) {
  const name = rounds.get(round);
  if (name) return name;
  return { round, number: round, rounds: fallbackRounds ?? round, stage: "", match: "", session: null, sessions: null };
}

/** The room's number of a round (the stage's round 3 for the event's round 18). */
export function roundNumber(round) {
  return round == null ? round : roundName(round).number;
}
