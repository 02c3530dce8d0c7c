import { test } from "node:test";
import assert from "node:assert/strict";
import {
  boardStatus, boardToEnter, currentRound, isRoundDone, movesAfter, nextRound, roundBoards, unsent, withResult,
} from "../js/table.js";

const STATE = {
  table: 3,
  round: 2,
  rounds: 3,
  ns_pair: 3,
  ew_pair: 9,
  boards: [4, 5, 6],
  schedule: [
    { round: 2, ns_pair: 3, ew_pair: 9, boards: [4, 5, 6], ew_next_table: 4, boards_next_table: 2 },
    { round: 1, ns_pair: 3, ew_pair: 10, boards: [1, 2, 3], ew_next_table: 4, boards_next_table: 2 },
    { round: 3, ns_pair: 3, ew_pair: 8, boards: [7, 8, 9], ew_next_table: null, boards_next_table: null },
  ],
  results: [1, 2, 3].map((board) => ({
    board, round: 1, contract: "3N", declarer: "N", tricks: 9, ns_score: 400, op_id: `s${board}`,
  })).concat([{ board: 4, round: 2, contract: "4SX", declarer: "N", tricks: 10, ns_score: 590, op_id: "s4" }]),
};

const pending = (board, round = 2, op_id = `p${board}`) =>
  ({ op_id, board, round, contract: "2H", declarer: "S", tricks: 8, ns_score: 110 });

test("a board with a stored result is scored, with an unsent entry pending, else open", () => {
  assert.equal(boardStatus(STATE, [], 2, 4).status, "scored");
  assert.equal(boardStatus(STATE, [pending(5)], 2, 5).status, "pending");
  assert.equal(boardStatus(STATE, [], 2, 6).status, "open");
});

test("the round's boards carry dealer and vulnerability", () => {
  const boards = roundBoards(STATE, [], 2);
  assert.deepEqual(boards.map((b) => [b.board, b.dealer, b.vulnerability, b.status]), [
    [4, "W", "Both", "scored"], [5, "N", "NS", "open"], [6, "E", "EW", "open"],
  ]);
});

test("an unsent entry the server already holds (lost ack) is not counted twice", () => {
  const replay = pending(4, 2, "s4");
  assert.deepEqual(unsent(STATE, [replay, pending(5)]).map((e) => e.op_id), ["p5"]);
});

test("pending entries let the table finish a round and move on without the server", () => {
  assert.equal(currentRound(STATE, []), 2);
  assert.equal(isRoundDone(STATE, [pending(5)], 2), false);
  const local = [pending(5), pending(6)];
  assert.equal(isRoundDone(STATE, local, 2), true);
  assert.equal(currentRound(STATE, local), 3);
  assert.equal(nextRound(STATE, 2), 3);
  assert.equal(nextRound(STATE, 3), null);
});

test("when every round is played there is no current round", () => {
  const local = [pending(5), pending(6), pending(7, 3), pending(8, 3), pending(9, 3)];
  assert.equal(currentRound(STATE, local), null);
});

test("the board to enter is the one tapped if still open, else the first open one", () => {
  assert.equal(boardToEnter(STATE, [], 2, null), 5);
  assert.equal(boardToEnter(STATE, [], 2, 6), 6);
  assert.equal(boardToEnter(STATE, [], 2, 4), 5);
  assert.equal(boardToEnter(STATE, [pending(5), pending(6)], 2, null), null);
});

test("a result of the same board number in another round does not count", () => {
  assert.equal(boardStatus(STATE, [pending(1, 2)], 2, 4).status, "scored");
  assert.equal(boardStatus(STATE, [], 3, 1).status, "open");
});

test("an acknowledged entry joins the results once", () => {
  const once = withResult(STATE, pending(5), 110);
  assert.equal(boardStatus(once, [], 2, 5).status, "scored");
  assert.equal(withResult(once, pending(5), 110), once);
  assert.equal(STATE.results.length, 4, "the old state is not changed");
});

test("without a schedule the current round alone is shown", () => {
  const bare = { ...STATE, schedule: [], results: [] };
  assert.deepEqual(roundBoards(bare, [], 2).map((b) => b.board), [4, 5, 6]);
  assert.equal(nextRound(bare, 2), null);
});

test("a board the director gave an adjusted score is done: the table moves on", () => {
  const adjusted = { ...STATE, adjusted: [{ round: 2, board: 5 }, { round: 2, board: 6 }] };
  assert.equal(boardStatus(adjusted, [], 2, 5).status, "adjusted");
  assert.equal(isRoundDone(adjusted, [], 2), true);
  assert.equal(currentRound(adjusted, []), 3);
});

// Table 2 of a 3-table Howell's first three rounds (as `traveller movement howell --tables 3`
// seats it), and table 1 of a 3-table Mitchell with a half table (pair 6 missing: its
// opponents sit out, and table 1 is empty in round 2).
const seat = (table, direction) => ({ table, direction });
const HOWELL = {
  table: 2,
  schedule: [
    { round: 1, ns_pair: 3, ew_pair: 4, boards: [3, 4], ew_next_table: 1, boards_next_table: null,
      moves: { round: 2, ns: seat(3, "EW"), ew: seat(1, "NS"), boards_rest: true } },
    { round: 2, ns_pair: 5, ew_pair: 2, boards: [7, 8], ew_next_table: 3, boards_next_table: 2,
      moves: { round: 3, ns: seat(2, "EW"), ew: seat(3, "NS"), boards_rest: false } },
    { round: 3, ns_pair: 1, ew_pair: 4, boards: [7, 8], ew_next_table: null, boards_next_table: null,
      moves: null },
  ],
};
const SIT_OUT = {
  table: 1,
  schedule: [
    { round: 1, ns_pair: 1, ew_pair: 4, boards: [1, 2], ew_next_table: 2, boards_next_table: 3,
      moves: { round: 2, ns: null, ew: seat(2, "EW"), boards_rest: false } },
    { round: 3, ns_pair: 1, ew_pair: 5, boards: [5, 6], ew_next_table: null, boards_next_table: null,
      moves: null },
  ],
};

test("a Howell's pairs are told their next table and direction; unplayed boards rest", () => {
  const after = movesAfter(HOWELL, 1);
  assert.equal(after.round, 2);
  assert.deepEqual(after.ns, { pair: 3, direction: "NS", action: "go", table: 3, to: "EW" });
  assert.deepEqual(after.ew, { pair: 4, direction: "EW", action: "go", table: 1, to: "NS" });
  assert.deepEqual(after.boards, { table: null, rest: true });
  assert.equal(after.idle, false);
  // Boards that stay at this table need no line.
  assert.deepEqual(movesAfter(HOWELL, 2).boards, { table: null, rest: false });
});

test("a pair that changes direction at the same table is told so", () => {
  assert.deepEqual(movesAfter(HOWELL, 2).ns, { pair: 5, direction: "NS", action: "switch", table: 2, to: "EW" });
});

test("after the last round, or for a round not played here, there are no moves", () => {
  assert.equal(movesAfter(HOWELL, 3), null);
  assert.equal(movesAfter(HOWELL, 4), null);
});

test("a half table: the pair without a table sits out, and this table is empty next round", () => {
  const after = movesAfter(SIT_OUT, 1);
  assert.deepEqual(after.ns, { pair: 1, direction: "NS", action: "sit_out" });
  assert.deepEqual(after.ew, { pair: 4, direction: "EW", action: "go", table: 2, to: "EW" });
  assert.deepEqual(after.boards, { table: 3, rest: false });
  assert.equal(after.round, 2);
  assert.equal(after.idle, true);
  assert.equal(nextRound(SIT_OUT, 1), 3, "the table's own next round");
});

test("a state without moves falls back to the Mitchell: North-South stays, East-West moves", () => {
  const after = movesAfter(STATE, 1);
  assert.deepEqual(after.ns, { pair: 3, direction: "NS", action: "stay", table: 3, to: "NS" });
  assert.deepEqual(after.ew, { pair: 10, direction: "EW", action: "go", table: 4, to: "EW" });
  assert.deepEqual(after.boards, { table: 2, rest: false });
  assert.equal(movesAfter(STATE, 3), null);
});
