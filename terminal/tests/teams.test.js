import { test } from "node:test";
import assert from "node:assert/strict";
import {
  asksLineups, awaitingPairing, captainState, confirmationCurrent, hasLineup, isTeams, lineupByPart, lineupDue,
  lineupMissing, lockOf, matchPanel, partBoards, partCount, partOf, rosterProblems,
  roundsPlanned, seatingRights, segmentBoards, segmentCount, segmentOf, sides, swsNotices, toConfirm, withConfirmations,
  withKeptMatches, withLineup,
} from "../js/teams.js";
import { boardStatus, currentRound, isRoundDone, roundBoards } from "../js/table.js";

const board = (n, extra = {}) => ({
  board: n, state: "waiting", open_ns: null, closed_ns: null, home_imps: null, in_open: false, in_closed: false, ...extra,
});

/** A closed-room table of match 1: team 4 (away) sits North-South here, team 1 (home) East-West. */
function teamsState(overrides = {}) {
  return {
    event: { kind: "teams", name: "GABSI teams" },
    section: "C", table: 1, round: 1, rounds: 3, ns_pair: 4, ew_pair: 1,
    schedule: [
      { round: 1, ns_pair: 4, ew_pair: 1, boards: [1, 2, 3, 4] },
      { round: 2, ns_pair: 3, ew_pair: 4, boards: [5, 6, 7, 8] },
    ],
    results: [],
    players: { known: { 101: { name: "Ann", gender: "F" } }, seated: [], pairs: {} },
    teams: {
      room: "closed", rounds_planned: 3, swiss: false, match_imps: true,
      matches: [{
        round: 1, table: 1, home: { number: 1, name: "Jakarta" }, away: { number: 4, name: "Bandung" },
        boards: [board(1), board(2), board(3), board(4)],
        home_imps: 0, away_imps: 0, complete: false, vp: null, walkover: false,
        locked: { open: [], closed: [] },
        confirmations: { required: true, confirmed: [], stale: [], done: false },
      }],
      locked: [], names: { 1: "Jakarta", 3: "Medan", 4: "Bandung" },
      roster: { 1: ["101", "102"], 4: ["401", "402"] }, rosters: "warn", segments: 2, lineups: [],
      ...overrides,
    },
  };
}

test("a teams event is told apart from a pairs one", () => {
  assert.equal(isTeams(teamsState()), true);
  assert.equal(isTeams({ event: { kind: "pairs" }, teams: null }), false);
  assert.equal(isTeams(null), false);
});

test("d8_2 segments cut the match's boards into equal blocks, as the server counts them", () => {
  const boards = [1, 2, 3, 4, 5, 6];
  assert.deepEqual(boards.map((b) => segmentOf(boards, b, 2)), [1, 1, 1, 2, 2, 2]);
  assert.deepEqual(boards.map((b) => segmentOf(boards, b, 1)), [1, 1, 1, 1, 1, 1]);
  assert.deepEqual(segmentBoards(boards, 2, 2), [4, 5, 6]);
  assert.equal(segmentOf(boards, 9, 2), null);
  assert.equal(segmentCount(boards, 3), 3);
  // Seven boards in two segments: blocks of three, the seventh makes a third (server.teams.segment_of).
  assert.equal(segmentOf([1, 2, 3, 4, 5, 6, 7], 7, 2), 3);
});

test("the teams sitting here come from the schedule, named from the state", () => {
  assert.deepEqual(sides(teamsState(), 1), { ns: { number: 4, name: "Bandung" }, ew: { number: 1, name: "Jakarta" } });
  assert.deepEqual(sides(teamsState(), 2).ns, { number: 3, name: "Medan" });
  assert.equal(sides(teamsState(), 9), null);
});

test("d8_2 a line-up is due at the start of each segment of each match, once", () => {
  const state = teamsState();
  assert.equal(lineupDue(state, [], 1), 1);
  assert.equal(lineupDue(state, [], 2), 1, "every match, not only round 1");
  assert.equal(lineupDue(state, [{ round: 1, segment: 1 }], 1), null, "queued");
  assert.equal(lineupDue(state, [], 1, { skipped: ["1:1"] }), null, "put off");
  const first = { ...state, teams: { ...state.teams, lineups: [{ round: 1, segment: 1 }] } };
  assert.equal(lineupDue(first, [], 1), null);
  // Segment 1 played: segment 2's line-up is due before board 3.
  const played = { ...first, results: [{ round: 1, board: 1, op_id: "a" }, { round: 1, board: 2, op_id: "b" }] };
  assert.equal(lineupDue(played, [], 1), 2);
  // Already playing segment 2 without one: not asked in the middle of it.
  assert.equal(lineupDue(played, [], 1, { pending: [{ round: 1, board: 3, op_id: "c" }] }), null);
  // A line-up without a segment stands for every segment of the round.
  const whole = { ...played, teams: { ...played.teams, lineups: [{ round: 1, segment: null }] } };
  assert.equal(lineupDue(whole, [], 1), null);
});

test("no list of players and no rosters: no line-up is asked for", () => {
  const state = teamsState({ roster: {} });
  assert.equal(lineupDue({ ...state, players: { known: {} } }, [], 1), null);
  assert.equal(lineupDue(state, [], 1), 1, "the list alone is enough");
});

test("d2_1 a required line-up comes before the match's first board and cannot be put off", () => {
  const state = teamsState({ rosters: "required", roster: {} });
  assert.equal(asksLineups({ ...state, players: { known: {} } }), true, "required asks without a list");
  assert.equal(lineupMissing(state, [], 1), true);
  assert.equal(lineupDue(state, [], 1, { skipped: ["1:1"] }), 1, "not put off");
  // Results entered but not stored yet (waiting for the line-up) do not make it less due.
  const pending = [{ round: 1, board: 1, op_id: "a" }, { round: 1, board: 2, op_id: "b" }];
  assert.equal(lineupDue(state, [], 1, { pending }), 1);
  // The server holds boards 1-3 (the director entered them): the segment of board 4.
  const stored = { ...state, results: [1, 2, 3].map((b) => ({ round: 1, board: b, op_id: `s${b}` })) };
  assert.equal(lineupDue(stored, [], 1), 2);
  // One line-up of the match (any segment, sent or queued) is enough; then segments are as D8.2.
  assert.equal(lineupMissing(state, [{ round: 1, segment: 1 }], 1), false);
  const given = { ...state, teams: { ...state.teams, lineups: [{ round: 1, segment: 1 }] } };
  assert.equal(lineupMissing(given, [], 1), false);
  assert.equal(lineupDue(given, [], 1), null);
  // A round every board of which the server has: nothing to hold up.
  const done = { ...state, results: [1, 2, 3, 4].map((b) => ({ round: 1, board: b, op_id: `d${b}` })) };
  assert.equal(lineupMissing(done, [], 1), false);
  assert.equal(lineupMissing(teamsState(), [], 1), false, "rosters warn: never required");
});

test("d2_1 players not on the roster of the team sitting there are named", () => {
  const state = teamsState();
  // Closed room: team 4 sits North-South, team 1 East-West.
  assert.deepEqual(rosterProblems(state, 1, { north: "401", south: "402", east: "101", west: "102" }), []);
  assert.deepEqual(rosterProblems(state, 1, { north: "101", south: "402", east: " 999 ", west: "" }), [
    { seat: "north", player: "101", team: 4 },
    { seat: "east", player: "999", team: 1 },
  ]);
  const off = teamsState({ rosters: "off" });
  assert.deepEqual(rosterProblems(off, 1, { north: "999" }), []);
});

test("a line-up the server acknowledged replaces the one of its segment", () => {
  const state = withLineup(teamsState(), { round: 1, segment: 1, north: "401", south: "402", east: "101", west: "102" });
  const again = withLineup(state, { round: 1, segment: 1, north: "403", south: "402", east: "101", west: "102" });
  assert.deepEqual(again.teams.lineups.map((l) => l.north), ["403"]);
  assert.equal(lineupDue(again, [], 1), null);
  const pairs = { event: { kind: "pairs" }, teams: null };
  assert.equal(withLineup(pairs, { round: 1 }), pairs);
});

test("k12_1 a locked board counts as done and is never offered to the pad", () => {
  const state = teamsState({ locked: [{ round: 1, board: 4, reason: "K12.1" }] });
  assert.deepEqual(lockOf(state, 1, 4), { round: 1, board: 4, reason: "K12.1" });
  assert.equal(boardStatus(state, [], 1, 4).status, "locked");
  const done = { ...state, results: [1, 2, 3].map((b) => ({ round: 1, board: b, op_id: `r${b}`, ns_score: 0 })) };
  assert.equal(isRoundDone(done, [], 1), true);
  assert.equal(currentRound(done, []), 2);
  assert.deepEqual(roundBoards(done, [], 1).map((b) => b.status), ["scored", "scored", "scored", "locked"]);
  // An entry waiting to be sent stays pending: the server decides (board_locked) and the table sees why.
  assert.equal(boardStatus(state, [{ round: 1, board: 4, op_id: "x" }], 1, 4).status, "pending");
});

test("the match panel shows both rooms, the IMPs once both rooms have a board, the totals", () => {
  const state = teamsState();
  state.teams.matches[0] = {
    ...state.teams.matches[0],
    boards: [
      board(1, { state: "played", open_ns: 620, closed_ns: -170, home_imps: 10, in_open: true, in_closed: true }),
      board(2, { in_open: true, open_ns: null }),
      board(3),
      board(4, { state: "locked" }),
    ],
    home_imps: 10, away_imps: 0,
    locked: { open: [4], closed: [] },
  };
  // This room entered board 3 offline: it counts here at once, with its own score.
  const panel = matchPanel(state, [{ op_id: "p3", round: 1, board: 3, ns_score: 420 }], 1);
  assert.equal(panel.room, "closed");
  assert.deepEqual(panel.home, { number: 1, name: "Jakarta" });
  assert.deepEqual(panel.rows.map((r) => r.state), ["played", "waiting", "waiting", "locked"]);
  assert.deepEqual(panel.rows.map((r) => [r.in_open, r.in_closed]), [[true, true], [true, false], [false, true], [false, false]]);
  assert.equal(panel.rows[0].home_imps, 10);
  assert.equal(panel.rows[2].closed_ns, 420);
  assert.equal(panel.rows[2].home_imps, null, "IMPs only once the other room has it");
  assert.equal(panel.both_rooms, 1);
  // Board 4 is locked in the open room only (K12.1); this room may still play it.
  assert.deepEqual([panel.rows[3].locked_open, panel.rows[3].locked_closed], [true, false]);
  assert.deepEqual([panel.home_imps, panel.away_imps], [10, 0]);
  assert.equal(panel.vp, null);
  assert.equal(matchPanel(state, [], 7), null);
});

test("without match IMPs only which boards are done shows, until the match is over", () => {
  const state = teamsState({ match_imps: false });
  state.teams.matches[0] = { ...state.teams.matches[0], home_imps: null, away_imps: null,
    boards: [board(1, { in_open: true, in_closed: true, state: "played" }), board(2), board(3), board(4)] };
  const panel = matchPanel(state, [{ op_id: "p2", round: 1, board: 2, ns_score: 100 }], 1);
  assert.equal(panel.show_scores, false);
  assert.equal(panel.rows[1].closed_ns, null, "not even this room's score");
  assert.equal(panel.rows[1].in_closed, true);
  assert.equal(panel.home_imps, null);
  const over = teamsState({ match_imps: false });
  over.teams.matches[0] = { ...over.teams.matches[0], complete: true, vp: [15.5, 4.5], home_imps: 12, away_imps: 3 };
  const done = matchPanel(over, [], 1);
  assert.equal(done.show_scores, true);
  assert.deepEqual(done.vp, [15.5, 4.5]);
});

test("kd1 each captain's confirmation: waiting, queued here, confirmed, out of date", () => {
  const match = { round: 1, confirmations: { required: true, confirmed: [1], stale: [4], done: false } };
  assert.equal(captainState(match, 1), "confirmed");
  assert.equal(captainState(match, 4), "stale");
  assert.equal(captainState(match, 4, [{ round: 1, team: 4 }]), "queued");
  assert.equal(captainState({ round: 1, confirmations: {} }, 4), "waiting");
});

test("kd1 complete matches not confirmed by both captains are the ones to confirm", () => {
  const state = teamsState();
  assert.deepEqual(toConfirm(state), []);
  state.teams.matches[0] = { ...state.teams.matches[0], complete: true, home_imps: 12, away_imps: 3, vp: [15, 5] };
  assert.deepEqual(toConfirm(state).map((m) => m.round), [1]);
  const confirmed = withConfirmations(state, 1, { required: true, confirmed: [1, 4], stale: [], done: true });
  assert.deepEqual(toConfirm(confirmed), []);
  const optional = withConfirmations(state, 1, { required: false, confirmed: [], stale: [], done: false });
  assert.deepEqual(toConfirm(optional), [], "the event does not ask for it");
});

test("kd1 a queued confirmation is sent only while the score is the one the captain saw", () => {
  const state = teamsState();
  state.teams.matches[0] = { ...state.teams.matches[0], complete: true, home_imps: 12, away_imps: 3 };
  assert.equal(confirmationCurrent(state, { round: 1, home_imps: 12, away_imps: 3 }), true);
  assert.equal(confirmationCurrent(state, { round: 1, home_imps: 10, away_imps: 3 }), false);
  assert.equal(confirmationCurrent(state, { round: 5, home_imps: 1, away_imps: 1 }), true, "no match shown: the server decides");
});

test("swiss: a table done with the rounds paired so far waits for the next pairing", () => {
  const swiss = teamsState({ swiss: true, rounds_planned: 6 });
  swiss.schedule = [swiss.schedule[0]];
  swiss.rounds = 1;
  assert.equal(awaitingPairing(swiss, 1), true);
  assert.equal(roundsPlanned(swiss), 6);
  assert.equal(awaitingPairing({ ...swiss, teams: { ...swiss.teams, rounds_planned: 1 } }, 1), false, "the last round");
  assert.equal(awaitingPairing(teamsState(), 2), false, "a round robin is seated whole");
  assert.equal(roundsPlanned({ rounds: 7, schedule: [] }), 7);
});

test("kd1 a match both captains confirmed stays on the table's screen after the server drops it", () => {
  const before = teamsState();
  before.teams.matches[0] = { ...before.teams.matches[0], complete: true, home_imps: 12, away_imps: 3,
    confirmations: { required: true, confirmed: [1], stale: [], done: false } };
  // The other room's captain confirmed: the server, now at round 2, sends round 2's match only.
  const next = teamsState();
  next.round = 2;
  next.teams.matches = [{ ...next.teams.matches[0], round: 2 }];
  const kept = withKeptMatches(before, next);
  assert.deepEqual(kept.teams.matches.map((m) => m.round), [1, 2]);
  assert.deepEqual(kept.teams.matches[0].confirmations, { required: true, confirmed: [1, 4], stale: [], done: true });
  // A match not over yet is never taken for confirmed.
  assert.deepEqual(withKeptMatches(teamsState(), next).teams.matches.map((m) => m.round), [2]);
  // Older than the server's last two rounds: dropped for its age, not kept.
  const later = { ...next, round: 3, schedule: [...next.schedule, { round: 3, ns_pair: 4, ew_pair: 2, boards: [9] }] };
  assert.deepEqual(withKeptMatches(before, later).teams.matches.map((m) => m.round), [2]);
  // The server's copy wins once it sends the match again.
  const again = teamsState();
  again.teams.matches[0] = { ...again.teams.matches[0], home_imps: 15 };
  assert.equal(withKeptMatches(before, again).teams.matches[0].home_imps, 15);
  assert.equal(withKeptMatches(null, next), next);
});

/** Round 1 as a match of two parts (D3.6): boards 1-8 in four segments, parts of two. */
function twoParts(overrides = {}) {
  const state = teamsState({ segments: 4, parts: [1, 1, 2, 2], ...overrides });
  return { ...state, schedule: [{ round: 1, ns_pair: 4, ew_pair: 1, boards: [1, 2, 3, 4, 5, 6, 7, 8] }] };
}

test("d3_6 a longer match's parts: each segment's part, the boards of a part", () => {
  const state = twoParts();
  assert.deepEqual([1, 2, 3, 4].map((s) => partOf(state, s)), [1, 1, 2, 2]);
  assert.equal(partCount(state), 2);
  assert.deepEqual(partBoards(state, [1, 2, 3, 4, 5, 6, 7, 8], 2, 4), [5, 6, 7, 8]);
  assert.equal(partOf(teamsState(), 2), 1, "a state without parts: one part");
  assert.equal(partCount(teamsState()), 1);
});

test("d3_6 a line-up of a part stands for its segments, not the other part's", () => {
  const state = twoParts();
  const given = [{ round: 1, segment: null, part: 1 }];
  assert.equal(hasLineup(state, given, 1, 2), true);
  assert.equal(hasLineup(state, given, 1, 3), false);
  assert.equal(hasLineup(state, [{ round: 1, segment: null, part: null }], 1, 4), true, "the match's");
});

test("d3_6 asked once a part: due before each part's first board, not at its second segment", () => {
  const rules = { lineup_rules: { every: "part", systems: true, sws_notice_minutes: 20 } };
  const state = twoParts(rules);
  assert.equal(lineupByPart(state), true);
  assert.equal(lineupDue(state, [], 1), 1);
  const first = twoParts({ ...rules, lineups: [{ round: 1, segment: null, part: 1 }] });
  assert.equal(lineupDue(first, [], 1), null);
  const half = { ...first, results: [1, 2].map((b) => ({ round: 1, board: b, op_id: `h${b}` })) };
  assert.equal(lineupDue(half, [], 1), null, "segment 2 belongs to part 1");
  const part2 = { ...first, results: [1, 2, 3, 4].map((b) => ({ round: 1, board: b, op_id: `p${b}` })) };
  assert.equal(lineupDue(part2, [], 1), 3, "part 2 begins with segment 3");
  // Asked each segment (the default), segment 2 needs its own.
  const segments = twoParts({ lineups: [{ round: 1, segment: 1 }] });
  assert.equal(lineupDue({ ...segments, results: half.results }, [], 1), 2);
});

test("d3_6 where the line-up is required, each part's first board waits for that part's", () => {
  const state = twoParts({ rosters: "required", lineups: [{ round: 1, segment: 1 }] });
  assert.equal(lineupMissing(state, [], 1), false);
  const part2 = { ...state, results: [1, 2, 3, 4].map((b) => ({ round: 1, board: b, op_id: `r${b}` })) };
  assert.equal(lineupMissing(part2, [], 1), true);
  assert.equal(lineupDue(part2, [], 1, { skipped: ["1:3"] }), 3, "not put off");
  assert.equal(lineupMissing(part2, [{ round: 1, segment: 4 }], 1), false, "a segment of part 2 will do");
  assert.equal(lineupMissing(part2, [{ round: 1, segment: null, part: 2 }], 1), false);
});

test("d3_6 seating rights of the segments a line-up stands for: who seats last and first", () => {
  // The server's list, one team a segment: home (1) in each part's first segment.
  const state = twoParts({ seating_rights: [1, 4, 1, 4] });
  assert.deepEqual(seatingRights(state, 1, [3, 4]), [
    { segment: 3, last: 1, first: 4 }, { segment: 4, last: 4, first: 1 }]);
  assert.deepEqual(seatingRights(teamsState(), 1, [1]), [], "none shown");
});

test("d3_4 highly artificial systems announced for the match show until their part is played", () => {
  const sws = [
    { round: 1, room: "open", unit: "segment", number: 1, parts: [1], team: 4, side: "ew", system: "Polish Club" },
    { round: 1, room: "closed", unit: "part", number: 2, parts: [2], team: 1, side: "ew", system: null },
    { round: 2, room: "open", unit: "match", number: null, parts: [1], team: 3, side: "ns", system: "WJ" },
  ];
  const state = twoParts({ sws });
  assert.deepEqual(swsNotices(state, [], 1).map((a) => a.team), [4, 1]);
  const part2 = { ...state, results: [1, 2, 3, 4].map((b) => ({ round: 1, board: b, op_id: `r${b}` })) };
  assert.deepEqual(swsNotices(part2, [], 1).map((a) => a.team), [1]);
  assert.deepEqual(swsNotices(state, [], 2), [], "round 2's boards are not in this state's schedule");
});

test("d3_3 a line-up acknowledged keeps each pair's system and SWS, by segment or part", () => {
  const state = twoParts();
  const next = withLineup(state, { round: 1, segment: null, part: 2, north: "401", south: "402", east: "101",
    west: "102", ns_system: "WJ", ew_sws: true });
  assert.deepEqual(next.teams.lineups, [{ round: 1, segment: null, part: 2, north: "401", south: "402", east: "101",
    west: "102", ns_system: "WJ", ew_system: null, ns_sws: false, ew_sws: true }]);
});
