// A board's traveller, once this table has played it and the event shows
// travellers: every result so far, best North-South score first, this
// table's line marked, with its matchpoints and percentage. The server
// computes the figures (get_traveller); this module only lays them out, with
// the board's hands below when hand records were loaded (hand.js).

import { h, contractNode } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { resultLine, scoreText } from "./format.js";
import { renderHand } from "./hand.js";
import { boardNumber } from "./names.js";

/** "62.5%" as the language writes it ("62,5%" in Polish and Indonesian). */
export function percentText(pct) {
  if (typeof pct !== "number") return "–";
  return `${formatNumber(Math.round(pct * 10) / 10)}%`;
}

/** This table's line with both sides' matchpoints and percentages, or null. */
export function ownLine(traveller) {
  const line = (traveller?.results ?? []).find((r) => r.this_table);
  if (!line) return null;
  const { top } = traveller;
  const ns_pct = typeof line.ns_pct === "number" ? line.ns_pct : null;
  return {
    ...line, top,
    ns_pct, ew_pct: ns_pct === null ? null : Math.round((100 - ns_pct) * 100) / 100,
  };
}

/**
 * @param {{board: number, status: "loading"|"shown"|"offline"|"error", data?: object, error?: string}} view
 * @param {{back(): void}} actions
 */
export function renderTraveller(view, actions) {
  const { board, status, data } = view;
  let body;
  if (status === "loading") body = h("p", {}, t("traveller.loading"));
  else if (status === "offline") body = h("p", { class: "warning" }, t("traveller.offline"));
  else if (status === "error") body = h("p", { class: "warning" }, view.error);
  else {
    const own = ownLine(data);
    body = [
      own && h("div", { class: "own", "data-testid": "traveller-own" },
        h("p", {}, t("traveller.own_ns", { mp: formatNumber(own.ns_mp), top: formatNumber(own.top), pct: percentText(own.ns_pct) })),
        h("p", {}, t("traveller.own_ew", { mp: formatNumber(own.ew_mp), top: formatNumber(own.top), pct: percentText(own.ew_pct) }))),
      h("table", { class: "traveller-lines" },
        h("thead", {}, h("tr", {},
          h("th", {}, t("header.ns")), h("th", {}, t("header.ew")), h("th", {}, t("traveller.contract")),
          h("th", {}, t("traveller.score")), h("th", {}, t("traveller.mp")))),
        h("tbody", {}, data.results.map((r) => h("tr", {
          class: r.this_table ? "mine" : "", "data-testid": "traveller-line", "data-this-table": r.this_table ? "true" : "false",
        },
          h("td", {}, r.ns_pair), h("td", {}, r.ew_pair), h("td", {}, contractNode(resultLine(r))),
          h("td", {}, scoreText(r.ns_score)), h("td", {}, formatNumber(r.ns_mp)))))),
      renderHand(data.deal),
    ];
  }
  return h("section", { class: "traveller", "data-testid": "traveller" },
    h("h2", {}, t("traveller.title", { board: boardNumber(board) })),
    body,
    h("button", { type: "button", class: "primary", "data-testid": "traveller-close", onclick: actions.back },
      t("traveller.back")));
}
