// The bar at the top: event, section, table, round, pairs (and their players'
// names once the table has entered them), the connection
// light, the count of unsent results and the round clock.

import { h } from "./dom.js";
import { LANGUAGE_NAMES, language, languages, t } from "./i18n.js";
import { formatRemaining, minutesLate, reading } from "./clock.js";

/** The clock's element, or an empty hidden one; app.js refreshes it every second. */
export function renderClock(clock, offset_ms, now_ms = Date.now()) {
  const shown = reading(clock, offset_ms, now_ms);
  if (!shown) return h("span", { class: "clock", "data-testid": "clock", hidden: true });
  const text = shown.late
    ? t("clock.late", { minutes: minutesLate(shown.remaining_ms) })
    : formatRemaining(shown.remaining_ms) + (shown.running ? "" : ` ${t("clock.paused")}`);
  return h("span", {
    class: `clock ${shown.late ? "late" : ""} ${shown.running ? "" : "paused"}`.trim(),
    "data-testid": "clock", "data-late": shown.late ? "true" : "false", role: "timer",
  }, text);
}

/** The language chooser: short codes (EN, ID, PL), each named in itself as its title. */
function renderLanguage(choose) {
  const current = language();
  return h("select", {
    class: "language", "data-testid": "language", "aria-label": t("header.language"),
    onchange: (event) => choose?.(event.target.value),
  }, languages().map((code) =>
    h("option", { value: code, selected: code === current, lang: code, title: LANGUAGE_NAMES[code] },
      code.toUpperCase())));
}

/**
 * @param {{state: object, info: object|null, round: number|null, online: boolean,
 *          unsent: number, offset_ms: number, names?: {ns: string[], ew: string[]},
 *          chooseLanguage?(code: string): void, roomBar?: Node|null}} view
 */
const ROOM_KEYS = { open: "teams.open_room", closed: "teams.closed_room" };

export function renderHeader(view) {
  const { state, info, round, online, unsent, offset_ms } = view;
  const rounds = state?.rounds ?? (state?.schedule?.length || "?");
  // In a competition the stage names the round, numbered in the stage (a knock-out match: its
  // segment of the board on screen instead).
  const name = view.roundName ?? null;
  const stage = name?.stage ? [name.stage, name.match !== name.stage ? name.match : ""].filter(Boolean) : [];
  const segment = name?.match ? view.segment : null;
  const roundText = segment ? `${segment.segment} / ${segment.segments}`
    : name?.stage ? `${name.number} / ${name.rounds}`
      : round === null ? `${rounds} / ${rounds}` : `${round} / ${rounds}`;
  // Two rows, so that the pad fits a phone: the table and round, the connection and the
  // language on the first; where, the pairs, what is unsent and the clock on the second.
  return h("header", { class: "bar" },
    h("div", { class: "bar-row big" },
      h("span", { class: "cell" }, h("span", { class: "tag" }, t("header.table")),
        h("b", { "data-testid": "table" }, state?.table ?? "")),
      h("span", { class: "cell round-cell" },
        h("span", { class: "tag" }, t(segment ? "header.segment" : "header.round")),
        h("b", { "data-testid": "round", "data-round": round ?? "" }, roundText)),
      h("span", {
        class: `connection ${online ? "online" : "offline"}`, "data-testid": "connection",
        "data-state": online ? "online" : "offline", role: "status",
      }, t(online ? "header.online" : "header.offline")),
      renderLanguage(view.chooseLanguage)),
    h("div", { class: "bar-row small" },
      // A teams table's room bar (the room and the two teams) in place of the event's name and
      // the teams' numbers.
      view.roomBar ?? [
        // The section first: a long event name is cut short, the section never.
        h("span", { class: "event" },
          // A teams event's two sections are its rooms: name the room, not a section letter.
          state?.teams?.room ? `${t(ROOM_KEYS[state.teams.room] ?? "teams.open_room")} · `
            : state?.section ? `${t("header.section", { section: state.section })} · ` : "",
          state?.event?.name ?? ""),
        h("span", { class: "cell" }, h("span", { class: "tag" }, t("header.ns")),
          h("b", { "data-testid": "ns-pair" }, info?.ns_pair ?? "")),
        h("span", { class: "cell" }, h("span", { class: "tag" }, t("header.ew")),
          h("b", { "data-testid": "ew-pair" }, info?.ew_pair ?? ""))],
      h("span", { class: `cell unsent ${unsent ? "waiting" : ""}`.trim() },
        h("span", { class: "tag" }, t("header.unsent")), h("b", { "data-testid": "unsent" }, unsent)),
      renderClock(state?.clock, offset_ms)),
    // The stage (and a knock-out match's round) the table plays: "semi-final · line 1".
    stage.length ? h("div", { class: "bar-row small stage-line", "data-testid": "stage" },
      h("b", {}, stage.join(" · ")),
      name.sessions > 1 && name.session ? ` · ${t("header.session", { session: name.session })}` : "") : null,
    (view.names?.ns?.length || view.names?.ew?.length) ? h("div", { class: "bar-row names" },
      h("span", { class: "cell", "data-testid": "ns-names", title: (view.names.ns ?? []).join(" – ") },
        (view.names.ns ?? []).join(" – ")),
      h("span", { class: "cell", "data-testid": "ew-names", title: (view.names.ew ?? []).join(" – ") },
        (view.names.ew ?? []).join(" – "))) : null,
    state?.event?.restricted_systems ? h("div", { class: "bar-row small", "data-testid": "k9-1" },
      t("header.k9_1")) : null);
}
