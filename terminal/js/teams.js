// What a table of a teams event sees, derived from the server's last `state`
// (its `teams` block) and this terminal's own queues, so it works offline: the
// match of the round (home and away, who sits North-South here), the match
// panel board by board, the segment a board is played in and whether a
// line-up is due (D8.2; once a part of a longer match where the event says
// so, D3.6), the roster check of a line-up (D2.1), the seating rights of its
// segments (D3.6), the highly artificial systems announced (D3.4), the K12.1
// locks and each captain's confirmation of the result (KD1). The other room's
// results only come with a state from the server; this room's own entries
// count at once. Pure: no DOM, no clock, no socket.

import { hasList } from "./players.js";

/** Is this a teams event? */
export function isTeams(state) {
  return state?.event?.kind === "teams" && !!state?.teams;
}

/** The match of `round` at this table as the server last sent it, or null. */
export function matchOf(state, round) {
  return (state?.teams?.matches ?? []).find((m) => m.round === round) ?? null;
}

/** A team's name: the server's, else "#n". */
export function teamName(state, team) {
  if (team == null) return "";
  return state?.teams?.names?.[String(team)] ?? `#${team}`;
}

/**
 * The segment (from 1) a board of a match is played in. As the server counts
 * it (`server.teams.segment_of`): the match's boards cut into blocks of
 * boards ÷ segments, in play order.
 */
export function segmentOf(boards, board, segments = 1) {
  const size = Math.max(1, Math.floor(boards.length / Math.max(1, segments)));
  const at = boards.indexOf(board);
  return at < 0 ? null : Math.floor(at / size) + 1;
}

/** The boards of one segment of a match, in play order. */
export function segmentBoards(boards, segment, segments = 1) {
  return boards.filter((b) => segmentOf(boards, b, segments) === segment);
}

/** The number of segments a match of these boards has (the server's count, see segmentOf). */
export function segmentCount(boards, segments = 1) {
  return boards.length ? segmentOf(boards, boards.at(-1), segments) : 0;
}

/** K12.1: is this board of this round locked at this table? The lock's entry, or null. */
export function lockOf(state, round, board) {
  return (state?.teams?.locked ?? []).find((l) => l.round === round && l.board === board) ?? null;
}

/** This room's entries of a round by board: the server's results, then entries not sent yet. */
function ownEntries(state, pending, round) {
  const out = new Map();
  const stored = new Set();
  for (const r of state?.results ?? []) {
    if (r.round === round || r.round == null) {
      out.set(r.board, r);
      if (r.op_id) stored.add(r.op_id);
    }
  }
  for (const e of pending ?? []) {
    if (e.round === round && !stored.has(e.op_id) && !out.has(e.board)) out.set(e.board, e);
  }
  return out;
}

/** D2.1: must each table give its line-up before its first board (rosters "required")? */
export function lineupRequired(state) {
  return isTeams(state) && state.teams.rosters === "required";
}

/** Should this event ask each table for its line-ups? With a list of players or rosters. */
export function asksLineups(state) {
  if (!isTeams(state)) return false;
  const known = hasList(state);
  const rostered = Object.values(state?.teams?.roster ?? {}).some((ids) => ids?.length);
  return known || rostered || lineupRequired(state);
}

/**
 * D3.6: the part of a longer match a segment of this round's match is played in (1 where
 * the match is one part), as the server cuts it (`teams.parts`, one a segment).
 */
export function partOf(state, segment) {
  return state?.teams?.parts?.[segment - 1] ?? 1;
}

/** The parts of this round's match (D3.6): 1 where it is one part. */
export function partCount(state) {
  return Math.max(1, ...(state?.teams?.parts ?? [1]));
}

/** Is the line-up given once a part of the match (D3.6), not for each segment? */
export function lineupByPart(state) {
  return state?.teams?.lineup_rules?.every === "part";
}

/** The boards of one part of a match (D3.6), in play order. */
export function partBoards(state, boards, part, segments = 1) {
  return boards.filter((b) => partOf(state, segmentOf(boards, b, segments)) === part);
}

/** Does a line-up stand for a segment: its own, its part's (D3.6) or the whole match's? */
function standsFor(state, lineup, segment) {
  if (lineup.segment != null) return lineup.segment === segment;
  return lineup.part == null || lineup.part === partOf(state, segment);
}

/** Has the line-up of (round, segment) been given here (sent, or waiting to be sent)? */
export function hasLineup(state, seats, round, segment) {
  const given = (l) => l.round === round && standsFor(state, l, segment);
  return (state?.teams?.lineups ?? []).some(given) || (seats ?? []).some(given);
}

/** The boards of a round the server has no result for and that are not locked, in play order. */
function boardsToStore(state, round) {
  const info = (state?.schedule ?? []).find((s) => s.round === round);
  const stored = ownEntries(state, [], round);
  return (info?.boards ?? []).filter((b) => !stored.has(b) && !lockOf(state, round, b));
}

/**
 * D2.1 (rosters "required"): is the round's line-up missing here? The server
 * takes no result of the match before a line-up of it (for the match or any of
 * its segments, sent or waiting to be sent), so it comes before anything else
 * and cannot be put off; results entered meanwhile wait in the outbox.
 */
export function lineupMissing(state, seats, round) {
  if (!lineupRequired(state) || round == null) return false;
  const next = boardsToStore(state, round)[0];
  if (next === undefined) return false;
  // D3.6: each part of a longer match is a match of its own: a line-up of the next board's part.
  const info = (state?.schedule ?? []).find((s) => s.round === round);
  const segments = state.teams.segments ?? 1;
  const part = partOf(state, segmentOf(info.boards, next, segments));
  const given = (l) => l.round === round && (l.segment == null
    ? l.part == null || l.part === part : partOf(state, l.segment) === part);
  return !(state.teams.lineups ?? []).some(given) && !(seats ?? []).some(given);
}

/**
 * The segment whose line-up the table should give now (D8.2), or null: the
 * segment of the round's first board still to play, when none of its boards
 * is played yet, no line-up is known for it and the players did not put it
 * off (`skipped` holds "round:segment" keys). `seats` are line-ups not sent
 * yet; `pending` results not sent yet. Where D2.1 requires the match's
 * line-up and none is known, it is due whatever was entered or put off.
 */
export function lineupDue(state, seats, round, { pending = [], skipped = [] } = {}) {
  if (!asksLineups(state) || round == null) return null;
  const info = (state?.schedule ?? []).find((s) => s.round === round);
  if (!info?.boards?.length) return null;
  const segments = state.teams.segments ?? 1;
  // D2.1: the segment of the first board the server has no result for, whatever waits to be sent.
  if (lineupMissing(state, seats, round)) return segmentOf(info.boards, boardsToStore(state, round)[0], segments);
  const entries = ownEntries(state, pending, round);
  const next = info.boards.find((b) => !entries.has(b) && !lockOf(state, round, b));
  if (next === undefined) return null;
  const segment = segmentOf(info.boards, next, segments);
  if (skipped.includes(`${round}:${segment}`)) return null;
  if (hasLineup(state, seats, round, segment)) return null;
  // D3.6: given once a part, the line-up is due before the part's first board only.
  const unit = lineupByPart(state)
    ? partBoards(state, info.boards, partOf(state, segment), segments)
    : segmentBoards(info.boards, segment, segments);
  const played = unit.some((b) => entries.has(b));
  return played ? null : segment;
}

/**
 * The seating rights (D3.6) of the segments of this round's match the line-up stands for:
 * the team that seats last in each, and the one that seats first. [] where the event shows
 * none.
 */
export function seatingRights(state, round, segments) {
  const rights = state?.teams?.seating_rights ?? [];
  const match = matchOf(state, round);
  const here = sides(state, round);
  if (!rights.length || !here) return [];
  const teams = match ? [match.home.number, match.away.number] : [here.ns.number, here.ew.number];
  return segments.filter((s) => rights[s - 1] != null).map((segment) => {
    const last = rights[segment - 1];
    const first = teams.find((team) => team !== last) ?? null;
    return { segment, last, first };
  });
}

/**
 * D3.4: the highly artificial systems announced for this round's match, in either room, whose
 * part is still to come or in play at this table: the opponents see them before they play.
 */
export function swsNotices(state, pending, round) {
  if (!isTeams(state)) return [];
  const info = (state?.schedule ?? []).find((s) => s.round === round);
  if (!info?.boards?.length) return [];
  const entries = ownEntries(state, pending, round);
  const next = info.boards.find((b) => !entries.has(b) && !lockOf(state, round, b));
  if (next === undefined) return [];
  const now = partOf(state, segmentOf(info.boards, next, state.teams.segments ?? 1));
  return (state.teams.sws ?? []).filter((a) => a.round === round && Math.max(...(a.parts ?? [1])) >= now);
}

/** The teams at this table in a round: North-South and East-West, by number and name. */
export function sides(state, round) {
  const info = (state?.schedule ?? []).find((s) => s.round === round)
    ?? (state?.round === round ? { ns_pair: state.ns_pair, ew_pair: state.ew_pair } : null);
  if (!info) return null;
  return {
    ns: { number: info.ns_pair, name: teamName(state, info.ns_pair) },
    ew: { number: info.ew_pair, name: teamName(state, info.ew_pair) },
  };
}

/**
 * D2.1: the seats of a line-up whose player is not on the roster of the team
 * sitting there, as the server checks it ([] when the event's rosters are
 * "off"). `form` holds the typed numbers by seat.
 * @returns {Array<{seat: string, player: string, team: number}>}
 */
export function rosterProblems(state, round, form) {
  if (!isTeams(state) || (state.teams.rosters ?? "off") === "off") return [];
  const here = sides(state, round);
  if (!here) return [];
  const teamOf = new Map();
  for (const [team, ids] of Object.entries(state.teams.roster ?? {})) {
    for (const id of ids ?? []) teamOf.set(String(id), Number(team));
  }
  const out = [];
  for (const seat of ["north", "south", "east", "west"]) {
    const player = String(form?.[seat] ?? "").trim();
    if (!player) continue;
    const team = seat === "north" || seat === "south" ? here.ns.number : here.ew.number;
    if (teamOf.get(player) !== team) out.push({ seat, player, team });
  }
  return out;
}

/** A line-up the server acknowledged, put into the state until the next state arrives. */
export function withLineup(state, entry) {
  if (!isTeams(state)) return state;
  const { round, segment = null, part = null, north, south, east, west } = entry;
  const said = {
    ns_system: entry.ns_system || null, ew_system: entry.ew_system || null,
    ns_sws: Boolean(entry.ns_sws), ew_sws: Boolean(entry.ew_sws),
  };
  const lineups = (state.teams.lineups ?? []).filter((l) =>
    !(l.round === round && l.segment === segment && (l.part ?? null) === part));
  return { ...state, teams: { ...state.teams, lineups: [...lineups, { round, segment, part, north, south, east, west, ...said }] } };
}

/**
 * The match panel of a round: each board with both rooms' scores (North-South
 * in each room: the home team's in the open room, the away team's in the
 * closed one) and the IMPs once both rooms have it, the running totals, the
 * VPs once complete. This room's own entries count as played here at once;
 * when the event hides the match's IMPs until it is over (`match_imps`
 * false), only which boards are done shows. Null when the state has no match
 * for the round.
 */
export function matchPanel(state, pending, round) {
  const match = matchOf(state, round);
  if (!match || !isTeams(state)) return null;
  const room = state.teams.room === "closed" ? "closed" : "open";
  const showScores = Boolean(state.teams.match_imps) || Boolean(match.complete);
  const entries = ownEntries(state, pending, round);
  const rows = (match.boards ?? []).map((b) => {
    const own = entries.get(b.board);
    const inOpen = Boolean(b.in_open) || (room === "open" && own !== undefined);
    const inClosed = Boolean(b.in_closed) || (room === "closed" && own !== undefined);
    let open_ns = b.open_ns ?? null;
    let closed_ns = b.closed_ns ?? null;
    if (showScores && own && typeof own.ns_score === "number") {
      if (room === "open" && open_ns === null) open_ns = own.ns_score;
      if (room === "closed" && closed_ns === null) closed_ns = own.ns_score;
    }
    if (!showScores) {
      open_ns = null;
      closed_ns = null;
    }
    // Each room's K12.1 locks: the server's per room, this room's own also from `teams.locked`.
    const lockedIn = {
      open: (match.locked?.open ?? []).includes(b.board) || (room === "open" && Boolean(lockOf(state, round, b.board))),
      closed: (match.locked?.closed ?? []).includes(b.board) || (room === "closed" && Boolean(lockOf(state, round, b.board))),
    };
    const locked = b.state === "locked" || lockedIn.open || lockedIn.closed;
    let status = "waiting";
    if (b.state === "played" || (inOpen && inClosed)) status = "played";
    else if (b.state === "adjusted") status = "adjusted";
    else if (locked) status = "locked";
    const home_imps = showScores && typeof b.home_imps === "number" ? b.home_imps : null;
    return {
      board: b.board, state: status, in_open: inOpen, in_closed: inClosed, here: room === "open" ? inOpen : inClosed,
      locked_open: lockedIn.open && !inOpen, locked_closed: lockedIn.closed && !inClosed,
      open_ns, closed_ns, home_imps,
    };
  });
  return {
    round: match.round, table: match.table, room,
    home: match.home, away: match.away,
    rows,
    show_scores: showScores,
    home_imps: showScores && typeof match.home_imps === "number" ? match.home_imps : null,
    away_imps: showScores && typeof match.away_imps === "number" ? match.away_imps : null,
    both_rooms: rows.filter((r) => r.state === "played").length,
    complete: Boolean(match.complete),
    vp: match.complete && Array.isArray(match.vp) ? match.vp : null,
    walkover: Boolean(match.walkover),
    confirmations: match.confirmations ?? null,
    // A competition's match: its stage, and a knock-out's carry-over (in the totals above).
    stage: match.stage ?? null,
    carry_over: match.carry_over ?? null,
  };
}

/**
 * One captain's confirmation of a match (KD1): "queued" (confirmed here, not
 * sent yet), "confirmed" (at the current score), "stale" (the score changed
 * after the confirmation: confirm again) or "waiting".
 */
export function captainState(match, team, queued = []) {
  if (queued.some((q) => q.round === match.round && q.team === team)) return "queued";
  const c = match.confirmations ?? {};
  if ((c.confirmed ?? []).includes(team)) return "confirmed";
  if ((c.stale ?? []).includes(team)) return "stale";
  return "waiting";
}

/**
 * The matches whose result the captains should confirm now: complete, the
 * event asks for it (KD1) and not both confirmed yet.
 */
export function toConfirm(state) {
  return (state?.teams?.matches ?? []).filter((m) =>
    m.complete && m.confirmations?.required && !m.confirmations?.done);
}

/** A queued confirmation still matches the score the state shows (else it is out of date). */
export function confirmationCurrent(state, entry) {
  const match = matchOf(state, entry.round);
  if (!match || typeof match.home_imps !== "number") return true;
  return match.home_imps === entry.home_imps && match.away_imps === entry.away_imps;
}

/**
 * A new state from the server, keeping a match it stopped sending because
 * both captains confirmed it: the server sends the matches of the table's
 * last two rounds up to its current one, minus earlier ones both captains
 * confirmed, so a complete match of those rounds that is missing now was
 * confirmed (by the other room's captain, say). The table still looking at it
 * keeps its panel and sees "both confirmed". A later correction makes the
 * server send the match again, and its copy wins.
 */
export function withKeptMatches(previous, next) {
  if (!isTeams(previous) || !isTeams(next)) return next;
  const sent = new Set((next.teams.matches ?? []).map((m) => m.round));
  const upTo = next.round ?? Infinity;
  const recent = (next.schedule ?? []).map((s) => s.round).filter((r) => r <= upTo)
    .sort((a, b) => a - b).slice(-2);
  const kept = (previous.teams.matches ?? [])
    .filter((m) => !sent.has(m.round) && m.complete && recent.includes(m.round) && m.table === next.table)
    .map((m) => (m.confirmations?.done ? m : {
      ...m, confirmations: { ...m.confirmations, confirmed: [m.home.number, m.away.number], stale: [], done: true },
    }));
  if (!kept.length) return next;
  const matches = [...kept, ...next.teams.matches].sort((a, b) => a.round - b.round);
  return { ...next, teams: { ...next.teams, matches } };
}

/** The confirmations of an acknowledged `confirm_match`, put into the state's match. */
export function withConfirmations(state, round, confirmations) {
  if (!isTeams(state) || !confirmations) return state;
  const matches = state.teams.matches.map((m) => (m.round === round ? { ...m, confirmations } : m));
  return { ...state, teams: { ...state.teams, matches } };
}

/**
 * Swiss: has this table finished every round paired so far with more rounds
 * to come? Then it waits for the next round's pairing, not "finished".
 */
export function awaitingPairing(state, round) {
  if (!isTeams(state) || !state.teams.swiss) return false;
  const paired = (state.schedule ?? []).map((s) => s.round);
  const last = paired.length ? Math.max(...paired) : 0;
  return round === last && last < (state.teams.rounds_planned ?? 0);
}

/** The rounds the header counts: the planned ones in a Swiss, whose schedule grows round by round. */
export function roundsPlanned(state) {
  const seated = state?.rounds ?? state?.schedule?.length ?? 0;
  return isTeams(state) ? Math.max(seated, state.teams.rounds_planned ?? 0) : seated;
}
