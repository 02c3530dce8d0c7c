import { test } from "node:test";
import assert from "node:assert/strict";
import { duplicateSeat, lookup, mixedProblems, needsPlayers, pairNames, seatsEntered, withSeated } from "../js/players.js";

const state = {
  round: 1,
  schedule: [{ round: 1, ns_pair: 1, ew_pair: 7, boards: [1, 2] }, { round: 2, ns_pair: 1, ew_pair: 8, boards: [3] }],
  players: {
    mixed: true,
    known: { 101: { name: "Ann", gender: "F" }, 102: { name: "Bob", gender: "M" },
      103: { name: "Cid", gender: "M" }, 104: { name: "Dee", gender: "F" } },
    seated: [],
    pairs: {},
  },
};

test("names are looked up from the event's list carried in the state", () => {
  assert.equal(lookup(state, " 101 ").name, "Ann");
  assert.equal(lookup(state, "999"), null);
  assert.equal(lookup(state, ""), null);
});

test("the table is asked for its players at its first round only, once", () => {
  assert.equal(needsPlayers(state, [], 1), true);
  assert.equal(needsPlayers(state, [], 2), false);
  assert.equal(needsPlayers(state, [], 1, [1]), false);
  assert.equal(needsPlayers(state, [{ round: 1 }], 1), false);
  assert.equal(needsPlayers(state, [], 1, [], [{ round: 1, board: 1 }]), false, "already playing");
  assert.equal(needsPlayers({ ...state, results: [{ round: 1, board: 2 }] }, [], 1), false);
  const noList = { ...state, players: { ...state.players, known: {} } };
  assert.equal(needsPlayers(noList, [], 1), false, "no list, nothing to ask");
  assert.equal(needsPlayers(withSeated(state, { round: 1, north: "1", south: "2", east: "3", west: "4" }), [], 1), false);
});

test("four numbers are needed, each in one seat", () => {
  assert.equal(seatsEntered({ north: "1", south: "2", east: "3" }), null);
  assert.deepEqual(seatsEntered({ north: " 1", south: "2", east: "3", west: "4 " }), { north: "1", south: "2", east: "3", west: "4" });
  assert.equal(duplicateSeat({ north: "1", south: "1" }), true);
  assert.equal(duplicateSeat({ north: "1", south: "2" }), false);
});

test("k6_2 mixed: the woman sits North or West, else a warning", () => {
  assert.deepEqual(mixedProblems(state, { north: "101", south: "102", east: "103", west: "104" }), []);
  assert.deepEqual(mixedProblems(state, { north: "102", south: "101", east: "104", west: "103" }), ["ns", "ew"]);
  assert.deepEqual(mixedProblems(state, { north: "999", south: "101" }), []);
  const open = { ...state, players: { ...state.players, mixed: false } };
  assert.deepEqual(mixedProblems(open, { north: "102", south: "101" }), []);
});

test("a pair's names come from the server, else from a seating not sent yet", () => {
  const pending = [{ round: 1, north: "101", south: "102", east: "103", west: "555" }];
  assert.deepEqual(pairNames(state, pending, 1), ["Ann", "Bob"]);
  assert.deepEqual(pairNames(state, pending, 7), ["Cid", "#555"]);
  const served = { ...state, players: { ...state.players, pairs: { 7: ["Cid", "Eve"] } } };
  assert.deepEqual(pairNames(served, pending, 7), ["Cid", "Eve"]);
  assert.deepEqual(pairNames(state, [], 1), []);
});
