// What the table sees, derived from two sources: the server's last `state`
// and the outbox's unsent entries. A board with an unsent entry counts as
// played, so the players can go on while the Wi-Fi is down; the schedule in
// the state lets them move to the next round without the server. Pure.

import { dealer, vulnerability } from "./boards.js";
import { boardNumber, segmentOf } from "./names.js";

/** Every round of this table, in order (falls back to the current round alone). */
export function rounds(state) {
  if (!state) return [];
  if (Array.isArray(state.schedule) && state.schedule.length) {
    return [...state.schedule].sort((a, b) => a.round - b.round);
  }
  if (state.round == null) return [];
  return [{ round: state.round, ns_pair: state.ns_pair, ew_pair: state.ew_pair, boards: state.boards ?? [] }];
}

export function roundInfo(state, round) {
  return rounds(state).find((r) => r.round === round) ?? null;
}

function sameBoard(result, round, board) {
  return result.board === board && (result.round == null || round == null || result.round === round);
}

/**
 * Unsent entries that the server does not hold yet: one whose op_id is already
 * among the state's results (its ack was lost) is simply scored.
 */
export function unsent(state, pending) {
  const stored = new Set((state?.results ?? []).map((r) => r.op_id).filter(Boolean));
  return pending.filter((entry) => !stored.has(entry.op_id));
}

/**
 * A teams event's K12.1 lock shows as "locked": the board may not be played
 * here, so it counts as done and the pad never opens on it.
 * A board the director gave an adjusted score is "adjusted", done as well.
 * @returns {{status: "open"|"pending"|"scored"|"adjusted"|"locked", result: object|null}}
 */
export function boardStatus(state, pending, round, board) {
  const scored = (state?.results ?? []).find((r) => sameBoard(r, round, board));
  if (scored) return { status: "scored", result: scored };
  const waiting = unsent(state, pending).find((e) => sameBoard(e, round, board));
  if (waiting) return { status: "pending", result: waiting };
  // With East-West terminals: sent by North-South, not confirmed by East-West yet.
  const awaiting = (state?.pending ?? []).find((p) => p.status === "awaiting" && sameBoard(p, round, board));
  if (awaiting) return { status: "awaiting", result: awaiting };
  // The director's adjusted score stands for a board never played here: done, like a result.
  if ((state?.adjusted ?? []).some((a) => a.round === round && a.board === board)) {
    return { status: "adjusted", result: null };
  }
  const locked = (state?.teams?.locked ?? []).find((l) => l.round === round && l.board === board);
  if (locked) return { status: "locked", result: null, reason: locked.reason, code: locked.code };
  return { status: "open", result: null };
}

/** The boards of a round with dealer, vulnerability and status. */
export function roundBoards(state, pending, round) {
  const info = roundInfo(state, round);
  if (!info) return [];
  return info.boards.map((board) => ({
    board,
    number: boardNumber(board),
    segment: segmentOf(board),
    dealer: dealer(board),
    vulnerability: vulnerability(board),
    ...boardStatus(state, pending, round, board),
  }));
}

export function isRoundDone(state, pending, round) {
  // Where East-West confirms on its own terminal, a board is done only once the server holds
  // its result: the table may not move on with an entry East-West has not confirmed.
  const waits = state?.event?.ew_terminal ? ["open", "pending", "awaiting"] : ["open"];
  return roundBoards(state, pending, round).every((b) => !waits.includes(b.status));
}

/** The lowest round with a board still to play here, or null when all are played. */
export function currentRound(state, pending) {
  const open = rounds(state).find((r) => !isRoundDone(state, pending, r.round));
  return open ? open.round : null;
}

export function nextRound(state, round) {
  const later = rounds(state).find((r) => r.round > round);
  return later ? later.round : null;
}

/** The board to enter: `wanted` if it is still open, else the first open one. */
export function boardToEnter(state, pending, round, wanted) {
  const boards = roundBoards(state, pending, round).filter((b) => b.status === "open");
  return (boards.find((b) => b.board === wanted) ?? boards[0] ?? null)?.board ?? null;
}

/**
 * Whether the server's state holds an entry this terminal had acknowledged: its op_id among
 * the results or East-West's waiting entries, or its board done here another way (a result
 * the director entered or corrected, an adjusted score, a K12.1 lock). False only when the
 * board has nothing at all: the server lost it (a take-over from an older backup).
 */
export function isHeld(state, entry) {
  const results = state?.results ?? [];
  const waiting = state?.pending ?? [];
  if ([...results, ...waiting].some((r) => r.op_id === entry.op_id)) return true;
  const done = [...results, ...waiting, ...(state?.adjusted ?? []), ...(state?.teams?.locked ?? [])];
  return done.some((r) => sameBoard(r, entry.round, entry.board));
}

/** Adds an acknowledged entry to a state's results, so the board stays played until the next `state`. */
export function withResult(state, entry, ns_score) {
  if (!state || (state.results ?? []).some((r) => r.op_id === entry.op_id)) return state;
  const { op_id, board, round, contract, declarer, tricks, lead = null } = entry;
  const result = { op_id, board, round, contract, declarer, tricks, lead, ns_score };
  return { ...state, results: [...(state.results ?? []), result] };
}

/**
 * What the table is told at the end of `round`: where each of its pairs sits next round
 * ("stay", "switch" to the other direction here, "go" to another table, or "sit_out"), where
 * the boards go (a table, or a rest on a relay or bye stand), and whether nobody plays here
 * next round (a half table). From the schedule, so it works offline; null after the last round.
 * A state without `moves` (from an older server) falls back to the Mitchell's rule: North-South
 * stays, East-West goes to `ew_next_table`.
 */
export function movesAfter(state, round) {
  const info = roundInfo(state, round);
  if (!info) return null;
  const table = state.table;
  let moves = info.moves;
  if (moves === undefined) {
    const next = nextRound(state, round);
    moves = next === null ? null : {
      round: next, ns: { table, direction: "NS" },
      ew: { table: info.ew_next_table ?? table, direction: "EW" }, boards_rest: false,
    };
  }
  if (!moves) return null;
  const move = (pair, seat, direction) => {
    if (!seat) return { pair, direction, action: "sit_out" };
    if (seat.table !== table) return { pair, direction, action: "go", table: seat.table, to: seat.direction };
    return { pair, direction, action: seat.direction === direction ? "stay" : "switch", table, to: seat.direction };
  };
  const boards = info.boards_next_table ?? null;
  return {
    round: moves.round,
    ns: move(info.ns_pair, moves.ns, "NS"),
    ew: move(info.ew_pair, moves.ew, "EW"),
    boards: { table: boards === table ? null : boards, rest: boards === null && Boolean(moves.boards_rest) },
    idle: !rounds(state).some((r) => r.round === moves.round),
  };
}
