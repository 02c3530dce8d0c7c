// East-West's check of what North-South entered, before it is stored.

import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";
import { cardText, contractText, resultOf, scoreText } from "./format.js";

/**
 * @param {{board: number, contract: string, declarer: string|null, tricks: number, lead?: string|null, ns_score: number}} entry
 * @param {{confirm(): void, correct(): void}} actions
 */
export function renderConfirm(entry, actions) {
  const passed = entry.contract === "PASS";
  const row = (label, value) => h("div", { class: "fact" }, h("dt", {}, label), h("dd", {}, value));
  return h("section", { class: "confirm", "data-testid": "confirm-screen" },
    h("h2", {}, t("confirm.title")),
    h("dl", { class: "facts-list" },
      row(t("confirm.board"), String(entry.board)),
      row(t("confirm.contract"), contractNode(contractText(entry.contract))),
      !passed && row(t("confirm.declarer"), t(`seat.${entry.declarer}`)),
      !passed && entry.lead && row(t("confirm.lead"),
        h("span", { "data-testid": "confirm-lead" }, contractNode(cardText(entry.lead)))),
      !passed && row(t("confirm.result"), [resultOf(entry.contract, entry.tricks),
        h("span", { class: "tricks" }, t("result.tricks", { count: entry.tricks }))]),
      row(t("confirm.score"), h("b", { class: "big-score" }, scoreText(entry.ns_score)))),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", "data-testid": "confirm", onclick: actions.confirm },
        t("confirm.confirm")),
      h("button", { type: "button", class: "secondary", "data-testid": "correct", onclick: actions.correct },
        t("confirm.correct"))));
}
