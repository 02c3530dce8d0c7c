// The screens and parts of a teams event's terminal: the room bar (room,
// match, the teams sitting North-South and East-West here, boards still to
// play in this room), the match panel, the captains' confirmation of the
// result (KD1), the line-up at the start of each segment (D8.2) or part
// (D3.6) with the roster check (D2.1), each pair's bidding system (D3.3), its
// highly artificial system (D3.4) and the seating rights (D3.6), the highly
// artificial systems the opponents announced, and the end of a match in this
// room. The figures come from teams.js; this module lays them out.

import { h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { boardsText } from "./format.js";
import { SEATS as PLAYER_SEATS, duplicateSeat, lookup, mixedProblems, mixedText, nameOf, seatsEntered } from "./players.js";
import { captainState } from "./teams.js";
import { boardNumber, roundNumber } from "./names.js";

/** IMPs and VPs as the language writes them, at most two decimals. */
export function pointsText(value) {
  if (typeof value !== "number") return "–";
  return formatNumber(Math.round(value * 100) / 100);
}

/** A room's North-South score in the panel: "620", "−100", "0". */
function nsText(score) {
  if (typeof score !== "number") return "";
  return score < 0 ? `−${formatNumber(-score)}` : formatNumber(score);
}

function roomName(room) {
  return room === "closed" ? t("teams.closed_room") : t("teams.open_room");
}

function seatName(key) {
  const seat = PLAYER_SEATS.find((s) => s.key === key)?.seat ?? "N";
  return t(`seat.${seat}`);
}

/**
 * @param {{room: string, match: number|null, sides: {ns: object, ew: object}|null, toPlay: number}} view
 */
export function renderRoomBar(view) {
  const { room, match, sides, toPlay } = view;
  return h("section", { class: "teams-bar", "data-testid": "teams-bar" },
    h("div", { class: "teams-where" },
      h("b", { class: `room room-${room}`, "data-testid": "teams-room", "data-room": room }, roomName(room)),
      match != null && h("span", { "data-testid": "teams-match" }, t("teams.match", { match }))),
    sides && h("div", { class: "teams-sides" },
      h("span", { class: "cell" }, h("span", { class: "tag" }, t("header.ns")),
        h("b", { "data-testid": "teams-ns" }, sides.ns.name)),
      h("span", { class: "cell" }, h("span", { class: "tag" }, t("header.ew")),
        h("b", { "data-testid": "teams-ew" }, sides.ew.name))),
    h("p", { class: "teams-to-play", "data-testid": "teams-to-play" }, t("teams.to_play", { count: toPlay })));
}

function cell(row, room, score) {
  if (room === "open" ? row.locked_open : row.locked_closed) return h("td", { class: "locked" }, t("boards.locked"));
  const done = room === "open" ? row.in_open : row.in_closed;
  if (typeof score === "number") return h("td", { class: "score" }, nsText(score));
  return h("td", { class: done ? "done" : "waiting" }, done ? "✓" : "–");
}

/** The match board by board: both rooms, the IMPs, the running totals, the VPs once over. */
export function renderMatchPanel(panel, options = {}) {
  if (!panel) return null;
  const imps = (row, side) => {
    if (typeof row.home_imps !== "number" || row.home_imps === 0) {
      return h("td", { class: "imps" }, row.state === "played" && row.home_imps === 0 ? "0" : "");
    }
    const mine = side === "home" ? row.home_imps > 0 : row.home_imps < 0;
    return h("td", { class: "imps" }, mine ? pointsText(Math.abs(row.home_imps)) : "");
  };
  const rows = panel.rows.map((row) => h("tr", {
    class: `match-row ${row.state}`, "data-testid": `match-board-${row.board}`, "data-state": row.state,
  },
  h("th", { scope: "row" }, boardNumber(row.board)),
  cell(row, "open", row.open_ns),
  cell(row, "closed", row.closed_ns),
  imps(row, "home"),
  imps(row, "away")));
  const carry = panel.show_scores && panel.carry_over && h("tr", {
    class: "carry-over", "data-testid": "match-carry-over",
  },
  h("th", { scope: "row", colspan: 3 }, t("teams.carry_over", { rule: panel.carry_over.rule })),
  h("td", { class: "imps" }, panel.carry_over.team === panel.home.number ? pointsText(panel.carry_over.imps) : ""),
  h("td", { class: "imps" }, panel.carry_over.team === panel.away.number ? pointsText(panel.carry_over.imps) : ""));
  const total = panel.show_scores && h("tr", { class: "total" },
    h("th", { scope: "row", colspan: 3 }, t("teams.total")),
    h("td", { class: "imps", "data-testid": "match-imps-home" }, pointsText(panel.home_imps)),
    h("td", { class: "imps", "data-testid": "match-imps-away" }, pointsText(panel.away_imps)));
  return h("section", { class: "match-panel", "data-testid": "match-panel" },
    h("h2", {}, t("teams.panel_title", { match: panel.table, home: panel.home.name, away: panel.away.name })),
    options.round && h("p", { class: "match-round" }, t("teams.of_round", { round: roundNumber(panel.round) })),
    panel.stage && h("p", { class: "match-stage", "data-testid": "match-stage" }, panel.stage),
    panel.walkover && h("p", { class: "warning" }, t("teams.walkover")),
    h("table", { class: "match-lines" },
      h("thead", {}, h("tr", {},
        h("th", {}, t("teams.col_board")),
        h("th", {}, t("teams.col_open")),
        h("th", {}, t("teams.col_closed")),
        h("th", { class: "team", title: panel.home.name }, panel.home.name),
        h("th", { class: "team", title: panel.away.name }, panel.away.name))),
      h("tbody", {}, rows, carry, total)),
    h("p", { class: "match-progress", "data-testid": "match-progress" },
      t("teams.in_both", { done: panel.both_rooms, total: panel.rows.length })),
    !panel.show_scores && h("p", { class: "hint" }, t("teams.hidden_imps")),
    panel.vp && h("p", { class: "match-vp", "data-testid": "match-vp" },
      t("teams.vp_line", { home: panel.home.name, away: panel.away.name,
        home_vp: pointsText(panel.vp[0]), away_vp: pointsText(panel.vp[1]) })),
    !panel.complete && !options.online && h("p", { class: "hint" }, t("teams.offline_note")));
}

/** One line under the pad: the running score, and a button to the whole panel. */
export function renderMatchSummary(panel, open) {
  if (!panel) return null;
  return h("section", { class: "match-summary", "data-testid": "match-summary" },
    h("span", {}, panel.show_scores
      ? t("teams.imps_line", { home: panel.home.name, away: panel.away.name,
        home_imps: pointsText(panel.home_imps), away_imps: pointsText(panel.away_imps) })
      : t("teams.in_both", { done: panel.both_rooms, total: panel.rows.length })),
    h("button", { type: "button", class: "secondary small", "data-testid": "match-open", onclick: open },
      t("teams.open_panel")));
}

/**
 * KD1: each captain confirms the result of a complete match, on either room's
 * terminal (or both on one, one after the other).
 * @param {object} panel matchPanel() of a complete match
 * @param {{queued: object[], rejected: object[]}} box the confirmations not sent yet, and refused
 * @param {{confirm(team: number): void, dismiss(op_id: string): void}} actions
 * @param {{round?: boolean}} [options] round: name the round (a match of an earlier round)
 */
export function renderConfirmStep(panel, box, actions, options = {}) {
  if (!panel?.complete || !panel.confirmations?.required) return null;
  const match = { round: panel.round, confirmations: panel.confirmations };
  const teams = [panel.home, panel.away];
  const states = teams.map((team) => captainState(match, team.number, box.queued));
  const done = panel.confirmations.done && states.every((s) => s === "confirmed");
  const some = states.some((s) => s === "confirmed" || s === "queued");
  const refused = box.rejected.filter((r) => r.round === panel.round);
  return h("section", { class: `match-confirm ${done ? "done" : ""}`.trim(), "data-testid": "match-confirm",
    "data-round": panel.round },
  h("h2", {}, t("teams.confirm_title")),
  options.round && h("p", { class: "match-round" }, t("teams.of_round", { round: roundNumber(panel.round) })),
  h("p", { class: "match-result" },
    t("teams.panel_title", { match: panel.table, home: panel.home.name, away: panel.away.name })),
  h("p", { class: "match-result big" },
    t("teams.imps_line", { home: panel.home.name, away: panel.away.name,
      home_imps: pointsText(panel.home_imps), away_imps: pointsText(panel.away_imps) })),
  panel.vp && h("p", { class: "match-result big" },
    t("teams.vp_line", { home: panel.home.name, away: panel.away.name,
      home_vp: pointsText(panel.vp[0]), away_vp: pointsText(panel.vp[1]) })),
  !done && h("p", { class: "help" }, t("teams.confirm_help")),
  h("ul", { class: "captains" }, teams.map((team, i) => {
    const state = states[i];
    let status = t("teams.captain_waiting");
    if (state === "confirmed") status = t("teams.captain_confirmed");
    else if (state === "stale") status = t("teams.captain_stale");
    else if (state === "queued") status = t("teams.captain_queued");
    return h("li", { class: `captain ${state}`, "data-testid": `captain-${team.number}`, "data-state": state },
      h("span", { class: "who" }, t("teams.captain", { team: team.name })),
      h("span", { class: "status" }, status),
      (state === "waiting" || state === "stale") && h("button", {
        type: "button", class: "primary", "data-testid": `captain-confirm-${team.number}`,
        onclick: () => actions.confirm(team.number),
      }, t("teams.confirm")));
  })),
  done && h("p", { class: "confirmed-all", "data-testid": "match-confirm-done" }, t("teams.confirm_done")),
  !done && some && h("p", { class: "hint", "data-testid": "match-confirm-other" }, t("teams.confirm_other")),
  refused.map((r) => h("p", { class: "warning", "data-testid": "match-confirm-refused" },
    // Our own check (the score moved before it was sent) says it all; the server's codes get a lead-in.
    r.code === "score_changed" ? r.error : t("teams.confirm_refused", { error: r.error }), " ",
    h("button", { type: "button", class: "secondary small", "data-testid": "match-confirm-dismiss",
      onclick: () => actions.dismiss(r.op_id) }, t("rejected.dismiss")))));
}

/** The roster problems of a line-up in the table's language. */
export function rosterText(problems, teamName) {
  return problems.map((p) => t("lineup.not_on_roster", {
    player: p.player, seat: seatName(p.seat), team: teamName(p.team),
  })).join(" ");
}

/** A pair's bidding system (D3.3) and highly artificial system (D3.4) on the line-up form. */
function renderPairSystem(form, side, lineup, change) {
  const system = `${side}_system`;
  const sws = `${side}_sws`;
  return [
    lineup.systems && h("label", { class: "pair-system" },
      h("span", { class: "label" }, t("lineup.system")),
      h("input", {
        type: "text", autocomplete: "off", maxlength: 40, value: form[system] ?? "",
        "data-testid": `lineup-system-${side}`, placeholder: t("lineup.system_hint"),
        oninput: (event) => change(system, event.target.value),
      })),
    lineup.sws && h("label", { class: "pair-sws" },
      h("input", {
        type: "checkbox", checked: Boolean(form[sws]), "data-testid": `lineup-sws-${side}`,
        onchange: (event) => change(sws, event.target.checked),
      }),
      h("span", {}, t("lineup.sws"))),
  ];
}

/**
 * The line-up of one segment of a match (D8.2), or of one part of a longer
 * one (D3.6): the two players of each team at this table, named from the
 * event's list, checked against the rosters; each pair's bidding system
 * (D3.3) and highly artificial system (D3.4) where the event asks; who has
 * the seating rights (D3.6).
 * @param {{form: object, error: string|null}} view
 * @param {object} state
 * @param {{round: number, segment: number, segments: number, part: number|null, parts: number,
 *          match: number|null, boards: number[], sides: {ns: object, ew: object}, problems: object[],
 *          rosters: string, required: boolean, systems: boolean, sws: boolean, sws_minutes: number|null,
 *          rights: {segment: number, last: number, first: number}[],
 *          teamName(team: number): string}} lineup  `required`: D2.1, no "Later"
 * @param {{change(key: string, value: string|boolean): void, save(): void, skip(): void}} actions
 */
export function renderLineup(view, state, lineup, actions) {
  const { form } = view;
  const complete = seatsEntered(form) !== null && !duplicateSeat(form);
  const mixed = mixedProblems(state, form);
  const seat = ({ key, seat: letter }) => {
    const typed = String(form[key] ?? "").trim();
    const player = lookup(state, typed);
    const off = lineup.problems.some((p) => p.seat === key);
    return h("label", { class: `player-seat ${off ? "off-roster" : ""}`.trim() },
      h("span", { class: "seat" }, t(`seat.${letter}`)),
      h("input", {
        type: "text", inputmode: "numeric", autocomplete: "off", value: form[key] ?? "",
        "data-testid": `player-${key}`, "aria-label": t(`seat.${letter}`),
        oninput: (event) => actions.change(key, event.target.value),
      }),
      h("span", { class: `player-name ${player ? "" : "unknown"}`.trim(), "data-testid": `player-name-${key}` },
        nameOf(state, typed, view.online)));
  };
  const [north, south, east, west] = PLAYER_SEATS;
  const boards = boardsText(lineup.boards.map(boardNumber));
  let unit = t("lineup.boards", { boards, count: lineup.boards.length });
  if (lineup.part != null) {
    unit = t("lineup.part", { part: lineup.part, parts: lineup.parts, boards, count: lineup.boards.length });
  } else if (lineup.segments > 1) {
    unit = t("lineup.segment", { segment: lineup.segment, segments: lineup.segments, boards, count: lineup.boards.length });
  }
  const rights = lineup.rights ?? [];
  return h("section", { class: "players-form lineup-form", "data-testid": "lineup-form",
    "data-round": lineup.round, "data-segment": lineup.segment, "data-part": lineup.part },
  h("h2", {}, t("lineup.title", { match: lineup.match ?? "" })),
  h("p", { class: "lineup-boards", "data-testid": "lineup-segment" }, unit),
  h("p", { class: "help" }, t("lineup.help")),
  lineup.required && h("p", { class: "help", "data-testid": "lineup-required" }, t("lineup.required")),
  rights.length > 0 && h("ul", { class: "lineup-rights", "data-testid": "lineup-rights" },
    rights.map((r) => h("li", { "data-segment": r.segment, "data-team": r.last },
      t("lineup.rights", { segment: r.segment, last: lineup.teamName(r.last), first: lineup.teamName(r.first) })))),
  h("h3", { class: "label" }, t("lineup.team_ns", { team: lineup.sides.ns.name })),
  seat(north), seat(south),
  renderPairSystem(form, "ns", lineup, actions.change),
  h("h3", { class: "label" }, t("lineup.team_ew", { team: lineup.sides.ew.name })),
  seat(east), seat(west),
  renderPairSystem(form, "ew", lineup, actions.change),
  lineup.sws && h("p", { class: "hint", "data-testid": "lineup-sws-notice" },
    t("lineup.sws_notice", { minutes: lineup.sws_minutes ?? 0 })),
  duplicateSeat(form) && h("p", { class: "warning" }, t("players.same")),
  mixed.length > 0 && h("p", { class: "warning", role: "alert" }, mixedText(mixed)),
  lineup.problems.length > 0 && h("p", { class: "warning", "data-testid": "lineup-roster", role: "alert" },
    rosterText(lineup.problems, lineup.teamName), " ",
    lineup.rosters === "required" ? t("lineup.roster_required") : t("lineup.roster_warn")),
  view.error && h("p", { class: "warning refused", "data-testid": "lineup-error", role: "alert" }, view.error),
  h("div", { class: "actions" },
    h("button", { type: "button", class: "primary", "data-testid": "lineup-save", disabled: !complete,
      onclick: actions.save }, t("lineup.save")),
    // D2.1: a required line-up cannot be put off (the server takes no result before it).
    !lineup.required && h("button", { type: "button", class: "secondary", "data-testid": "lineup-skip",
      onclick: actions.skip }, t("players.skip"))));
}

/** The banner after a line-up with players not on their roster was saved (rosters "warn"). */
export function renderLineupWarning(text, dismiss) {
  if (!text) return null;
  return h("section", { class: "warning", "data-testid": "lineup-warning", role: "alert" },
    h("span", {}, text, " ", t("lineup.roster_warn")),
    " ",
    h("button", { type: "button", class: "secondary small", "data-testid": "lineup-warning-dismiss",
      onclick: dismiss }, t("players.ok")));
}

/**
 * The end of a match in this room: the panel, the captains' confirmation once
 * both rooms are done, and what comes next at this table (the next match, the
 * Swiss pairing still to come, or the end).
 * @param {{panel: object|null, next: {round: number, ns: string, ew: string}|null, pairing: boolean,
 *          unsent: number, online: boolean, confirm: Node|null, match: number|null}} view
 * @param {{next(): void}} actions
 */
export function renderTeamsComplete(view, actions) {
  const { panel, next, pairing, unsent } = view;
  let after;
  if (next) after = h("p", { class: "moves-next", "data-testid": "next-match" },
    t("teams.next_match", { round: roundNumber(next.round), ns: next.ns, ew: next.ew }));
  else if (pairing) after = h("p", { class: "finished", "data-testid": "waiting-pairing" }, t("teams.waiting_pairing"));
  else after = h("p", { class: "finished" }, t("complete.finished"));
  return h("section", { class: "complete", "data-testid": "round-complete" },
    h("h2", {}, t("teams.complete_title", { match: view.match ?? "" })),
    panel && !panel.complete && h("p", { class: "warning", "data-testid": "waiting-other-room" }, t("teams.waiting_other")),
    view.confirm,
    renderMatchPanel(panel, { online: view.online }),
    after,
    unsent > 0 && h("p", { class: "warning" }, t("complete.waiting", { count: unsent })),
    next && h("button", { type: "button", class: "primary", "data-testid": "next-round",
      onclick: actions.next }, `${t("complete.next")}: ${next.round}`));
}

/**
 * D3.4: the highly artificial systems announced for this match, in either
 * room, for the players who meet them (the other side of this table, the
 * other room's pairs).
 * @param {{round: number, room: string, unit: string, number: number|null, team: number,
 *          side: string, system: string|null}[]} notices  swsNotices()
 * @param {(team: number) => string} teamName
 */
export function renderSwsNotices(notices, teamName) {
  if (!notices?.length) return null;
  return h("section", { class: "sws-notices warning", "data-testid": "sws-notices", role: "status" },
    h("strong", {}, t("teams.sws_title")),
    h("ul", {}, notices.map((a) => {
      const where = [roomName(a.room), a.side === "ns" ? t("header.ns") : t("header.ew")];
      if (a.unit === "segment") where.push(t("teams.sws_segment", { segment: a.number }));
      else if (a.unit === "part") where.push(t("teams.sws_part", { part: a.number }));
      return h("li", { "data-testid": `sws-${a.team}`, "data-room": a.room, "data-side": a.side },
        t("teams.sws_line", { team: teamName(a.team), where: where.join(", ") }),
        a.system ? `: ${a.system}` : "");
    })));
}
