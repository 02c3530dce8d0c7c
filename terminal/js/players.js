// The players at the table: at the table's first round the terminal asks for
// the four player numbers (federation IDs) and shows each name. The register
// stays on the server: `state.players.known` holds the players this table
// meets (those seated here, the pairs or teams of its rounds), so they are
// named offline; a number it lacks is asked for online (`get_players`) or
// named by the seating's acknowledgement, and offline shows as the number
// until the link is back. An unknown number is accepted and named by the
// scorer later. The seating goes
// out through its own outbox (see app.js) as `set_players`. In a mixed event
// (K6.2, K7.3) the woman sits North or West: a seating that breaks it is
// warned about, never refused. The pure parts come first; renderPlayers last.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The seats in the order the form asks for them: the NS pair, then EW. */
export const SEATS = [
  { key: "north", seat: "N" },
  { key: "south", seat: "S" },
  { key: "east", seat: "E" },
  { key: "west", seat: "W" },
];

// Names the server gave for numbers typed here, and the numbers it said its
// register lacks: kept for as long as the page is open.
const learned = new Map();
const notListed = new Set();

/** A federation ID as the server takes it: letters and digits, then dots and dashes too. */
const PLAYER_ID = /^[A-Za-z0-9][A-Za-z0-9./-]{0,19}$/;

/** Keep what the server said of numbers typed here: `players` by number, `unknown` not listed. */
export function learnPlayers(players = {}, unknown = []) {
  for (const [id, player] of Object.entries(players ?? {})) {
    if (player?.name) learned.set(String(id), { name: player.name, gender: player.gender ?? "" });
    notListed.delete(String(id));
  }
  for (const id of unknown ?? []) if (!learned.has(String(id))) notListed.add(String(id));
}

/** A player of the event's list by number, or null. */
export function lookup(state, id) {
  const key = String(id ?? "").trim();
  return (key && (state?.players?.known?.[key] ?? learned.get(key))) || null;
}

/** Does the event have a players list (D2.1)? (A state from before `listed` has `known` only.) */
export function hasList(state) {
  return (state?.players?.listed ?? Object.keys(state?.players?.known ?? {}).length) > 0;
}

/** The numbers typed in `form`'s seats this terminal cannot name yet and has not asked about. */
export function toLookUp(state, form) {
  const typed = SEATS.map(({ key }) => String(form?.[key] ?? "").trim());
  return [...new Set(typed)].filter((id) => PLAYER_ID.test(id) && !lookup(state, id) && !notListed.has(id));
}

/** What shows beside a typed number: its name, "not on the list", or why it has none yet. */
export function nameOf(state, typed, online) {
  if (!typed) return "";
  const player = lookup(state, typed);
  if (player) return player.name;
  if (notListed.has(typed)) return t("players.unknown");
  return online ? "…" : t("players.offline");
}

/**
 * Should the table be asked for its players in `round`? Only at its first round, before its
 * first board there, once; and only in an event with a list of players (D2.1): one without a
 * list has no names to show and never asks. `entries` are results not sent yet.
 */
export function needsPlayers(state, pending, round, skipped = [], entries = []) {
  if (!hasList(state)) return false;
  if ([...(state?.results ?? []), ...entries].some((r) => r.round === round)) return false;
  const first = Array.isArray(state?.schedule) && state.schedule.length
    ? Math.min(...state.schedule.map((s) => s.round)) : state?.round;
  if (round == null || round !== first || skipped.includes(round)) return false;
  if ((state?.players?.seated ?? []).some((s) => s.round === round)) return false;
  return !pending.some((p) => p.round === round);
}

/** The four numbers typed, trimmed; null when one is missing. */
export function seatsEntered(form) {
  const seats = {};
  for (const { key } of SEATS) {
    const value = String(form?.[key] ?? "").trim();
    if (!value) return null;
    seats[key] = value;
  }
  return seats;
}

/** "same" when a number is typed in two seats. */
export function duplicateSeat(form) {
  const typed = SEATS.map(({ key }) => String(form?.[key] ?? "").trim()).filter(Boolean);
  return new Set(typed).size < typed.length;
}

/** K6.2 / K7.3: "ns" when South is the woman and North a man, "ew" when East is and West a man. */
export function mixedProblems(state, form) {
  if (!state?.players?.mixed) return [];
  const gender = (key) => lookup(state, form?.[key])?.gender ?? "";
  const out = [];
  if (gender("south") === "F" && gender("north") === "M") out.push("ns");
  if (gender("east") === "F" && gender("west") === "M") out.push("ew");
  return out;
}

/** A pair's names: the server's, else the ones this table has queued but not sent yet. */
export function pairNames(state, pending, pair) {
  if (pair == null) return [];
  const known = state?.players?.pairs?.[String(pair)];
  if (known?.length) return known;
  const name = (id) => lookup(state, id)?.name ?? `#${id}`;
  for (const entry of [...pending].reverse()) {
    const seating = (state?.schedule ?? []).find((s) => s.round === entry.round);
    if (seating?.ns_pair === pair) return [name(entry.north), name(entry.south)];
    if (seating?.ew_pair === pair) return [name(entry.east), name(entry.west)];
  }
  return [];
}

/** A seating the server acknowledged, put into the state until the next state arrives. */
export function withSeated(state, entry) {
  const players = state?.players ?? {};
  const seated = (players.seated ?? []).filter((s) => s.round !== entry.round);
  const { round, north, south, east, west } = entry;
  return { ...state, players: { ...players, seated: [...seated, { round, north, south, east, west }] } };
}

/** The mixed-seating warning in the table's language. */
export function mixedText(problems) {
  return problems.map((p) => (p === "ns" ? t("players.mixed_ns") : t("players.mixed_ew"))).join(" ");
}

/**
 * @param {{form: object, error: string|null, online: boolean}} view
 * @param {object} state
 * @param {{change(key: string, value: string): void, save(): void, skip(): void}} actions
 */
export function renderPlayers(view, state, actions) {
  const { form } = view;
  const problems = mixedProblems(state, form);
  const complete = seatsEntered(form) !== null && !duplicateSeat(form);
  return h("section", { class: "players-form", "data-testid": "players-form" },
    h("h2", {}, t("players.title")),
    h("p", { class: "help" }, t("players.help")),
    SEATS.map(({ key, seat }) => {
      const typed = String(form[key] ?? "").trim();
      const player = lookup(state, typed);
      return h("label", { class: "player-seat" },
        h("span", { class: "seat" }, t(`seat.${seat}`)),
        h("input", {
          type: "text", inputmode: "numeric", autocomplete: "off", value: form[key] ?? "",
          "data-testid": `player-${key}`, "aria-label": t(`seat.${seat}`),
          oninput: (event) => actions.change(key, event.target.value),
        }),
        h("span", { class: `player-name ${player ? "" : "unknown"}`.trim(), "data-testid": `player-name-${key}` },
          nameOf(state, typed, view.online)));
    }),
    duplicateSeat(form) && h("p", { class: "warning" }, t("players.same")),
    problems.length > 0 && h("p", { class: "warning", "data-testid": "players-warning", role: "alert" },
      mixedText(problems)),
    view.error && h("p", { class: "warning", "data-testid": "players-error" }, t("players.refused", { error: view.error })),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", "data-testid": "players-save", disabled: !complete,
        onclick: actions.save }, t("players.save")),
      h("button", { type: "button", class: "secondary", "data-testid": "players-skip", onclick: actions.skip },
        t("players.skip"))));
}

/** The banner after saving, when the seating breaks the mixed rule (also the server's warning). */
export function renderSeatWarning(problems, dismiss) {
  if (!problems?.length) return null;
  return h("section", { class: "warning", "data-testid": "players-warning", role: "alert" },
    h("span", {}, mixedText(problems)),
    " ",
    h("button", { type: "button", class: "secondary small", "data-testid": "players-warning-dismiss",
      onclick: dismiss }, t("players.ok")));
}
