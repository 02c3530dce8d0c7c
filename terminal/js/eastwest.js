// East-West's own terminal (an event whose preset says `[entry] ew_terminal`):
// which side this terminal is, the entries North-South sent that wait for
// East-West (`state.pending`), the answers East-West has queued, and the pad
// filled again from an entry East-West did not agree with. Pure: app.js keeps
// the answers in their own outbox, so an answer given offline survives a
// reload and is sent when the terminal is back.
//
// An answer in the outbox: {op_id, decision: "confirm" | "reject", entry (the
// entry's op_id), board, round, contract, declarer, tricks, lead, ns_score,
// reason, note, call_director, created_ms}. The entry's own fields come along
// so the board list and the rejected list can show it without the server.

import { parseContract } from "./contract.js";

/** What East-West may say is wrong, in the order the form shows them. */
export const REASONS = ["contract", "declarer", "tricks", "lead", "other"];

/** Whether this terminal is the table's East-West terminal. */
export function isEastWest(state) {
  return state?.side === "ew";
}

/** Whether North-South's entries go to an East-West terminal rather than to a confirm screen here. */
export function sendsToEastWest(state) {
  return Boolean(state?.event?.ew_terminal) && !isEastWest(state);
}

function sameBoard(a, b) {
  return a.board === b.board && (a.round == null || b.round == null || a.round === b.round);
}

/**
 * The entries East-West has to answer, oldest first: waiting in the state and
 * not answered yet by an answer still in the outbox.
 */
export function awaiting(state, answers = []) {
  const answered = new Set(answers.map((a) => a.entry));
  return (state?.pending ?? []).filter((p) => p.status === "awaiting" && !answered.has(p.op_id));
}

/** Entries East-West did not agree with, in a round (North-South enters them again). */
export function notAgreed(state, round) {
  return (state?.pending ?? []).filter((p) => p.status === "not_agreed" && (round == null || p.round === round));
}

/** Confirmations still in the outbox, as entries: their boards count as entered. */
export function confirmedEntries(answers = []) {
  return answers.filter((a) => a.decision === "confirm").map(({ entry, board, round, contract, declarer, tricks, lead, ns_score }) =>
    ({ op_id: entry, board, round, contract, declarer, tricks, lead, ns_score }));
}

/** An answer for the outbox. */
export function answerFor(entry, decision, op_id, details = {}) {
  const { board, round, contract, declarer, tricks, lead = null, ns_score } = entry;
  const answer = { op_id, decision, entry: entry.op_id, board, round, contract, declarer, tricks, lead, ns_score, created_ms: details.now ?? Date.now() };
  if (decision === "reject") {
    return { ...answer, reason: details.reason, note: (details.note ?? "").trim().slice(0, 200), call_director: Boolean(details.call_director) };
  }
  return answer;
}

/** The socket event and payload of an answer. */
export function answerMessage(answer) {
  if (answer.decision === "confirm") return { event: "confirm_result", payload: { op_id: answer.op_id, entry: answer.entry } };
  return {
    event: "reject_result",
    payload: { op_id: answer.op_id, entry: answer.entry, reason: answer.reason, note: answer.note ?? "", call_director: Boolean(answer.call_director) },
  };
}

/** North-South's entry, acknowledged as waiting for East-West, put into the state until the next `state`. */
export function withEntry(state, entry) {
  if (!state) return state;
  const { op_id, board, round, contract, declarer, tricks, lead = null, ns_score } = entry;
  const waiting = { op_id, board, round, contract, declarer, tricks, lead, ns_score, status: "awaiting", reason: null, note: null };
  const others = (state.pending ?? []).filter((p) => p.op_id !== op_id && !sameBoard(p, waiting));
  return { ...state, pending: [...others, waiting] };
}

/** An acknowledged answer: a confirmed entry becomes a result, a disputed one goes back to North-South. */
export function withAnswer(state, answer) {
  if (!state) return state;
  const rest = (state.pending ?? []).filter((p) => p.op_id !== answer.entry);
  if (answer.decision === "reject") {
    const entry = (state.pending ?? []).find((p) => p.op_id === answer.entry);
    const back = entry ? [{ ...entry, status: "not_agreed", reason: answer.reason, note: answer.note || null }] : [];
    return { ...state, pending: [...rest, ...back] };
  }
  if ((state.results ?? []).some((r) => r.op_id === answer.entry)) return { ...state, pending: rest };
  const { board, round, contract, declarer, tricks, lead = null, ns_score } = answer;
  const result = { op_id: answer.entry, board, round, contract, declarer, tricks, lead, ns_score };
  return { ...state, pending: rest, results: [...(state.results ?? []), result] };
}

/** East-West's side of a score: what North-South gains East-West loses. */
export function ewScore(ns_score) {
  return ns_score === 0 ? 0 : -ns_score;
}

/**
 * The pad (see entry.js) holding an entry again, so North-South corrects it
 * rather than entering it from nothing.
 */
export function padFrom(entry, rules = {}) {
  const pad = {
    level: null, strain: null, doubled: 0, passout: false, declarer: null, difference: null,
    mini: null, leadSuit: null, leadRank: null,
  };
  const contract = parseContract(entry.contract);
  if (contract === null) return { ...pad, passout: true };
  const lead = typeof entry.lead === "string" && entry.lead.length >= 2 ? entry.lead.toUpperCase() : null;
  return {
    ...pad,
    level: contract.level,
    strain: contract.strain,
    doubled: rules.mini_bridge ? 0 : contract.doubled,
    mini: rules.mini_bridge ? (contract.level === 1 ? "part" : "game") : null,
    declarer: entry.declarer ?? null,
    difference: entry.tricks - contract.level - 6,
    leadSuit: lead ? lead[0] : null,
    leadRank: lead ? (lead.slice(1) === "10" ? "T" : lead.slice(1)) : null,
  };
}
