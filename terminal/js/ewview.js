// The screens of East-West's own terminal: North-South's entry shown large
// with Confirm and Not agreed (and why), the wait for the next entry, and on
// North-South's terminal the entries East-West did not agree with.

import { h, contractNode } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { cardText, contractText, resultLine, resultOf, scoreText } from "./format.js";
import { REASONS, ewScore } from "./eastwest.js";
import { boardNumber } from "./names.js";

/** The words of a reason East-West can give. */
export function reasonLabel(reason) {
  switch (reason) {
    case "contract": return t("ew.reason.contract");
    case "declarer": return t("ew.reason.declarer");
    case "tricks": return t("ew.reason.tricks");
    case "lead": return t("ew.reason.lead");
    default: return t("ew.reason.other");
  }
}

/** "+100", "−620", "0": the score as East-West reads it. */
export function ewScoreText(ns_score) {
  const score = ewScore(ns_score);
  if (score > 0) return `+${formatNumber(score)}`;
  if (score < 0) return `−${formatNumber(-score)}`;
  return "0";
}

function renderReasons(entry, form, actions) {
  const chosen = form.reason;
  return h("div", { class: "ew-reasons", "data-testid": "ew-reasons" },
    h("h3", { class: "label" }, t("ew.what")),
    h("div", { class: "keys reasons", role: "group", "aria-label": t("ew.what") }, REASONS.map((reason) =>
      h("button", {
        type: "button", class: "key wide", "data-testid": `ew-reason-${reason}`,
        "aria-pressed": chosen === reason ? "true" : "false", onclick: () => actions.reason(reason),
      }, reasonLabel(reason)))),
    h("label", { class: "ew-note" }, t("ew.note"),
      h("input", {
        type: "text", maxlength: 200, value: form.note ?? "", "data-testid": "ew-note",
        oninput: (event) => actions.note(event.target.value),
      })),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", "data-testid": "ew-send", disabled: !chosen,
        onclick: () => chosen && actions.reject(entry, false) }, t("ew.send")),
      h("button", { type: "button", class: "secondary", "data-testid": "ew-send-call", disabled: !chosen,
        onclick: () => chosen && actions.reject(entry, true) }, t("ew.send_call")),
      h("button", { type: "button", class: "secondary", "data-testid": "ew-cancel", onclick: actions.cancel },
        t("ew.back"))));
}

/**
 * North-South's entry on East-West's terminal, to confirm or dispute.
 * @param {object} entry a `state.pending` entry
 * @param {{entry: string|null, reason: string|null, note: string}} form the open "Not agreed" form
 * @param {number} more other entries waiting after this one
 * @param {{confirm(entry): void, open(entry): void, reason(r): void, note(text): void,
 *          reject(entry, call: boolean): void, cancel(): void}} actions
 */
export function renderEwConfirm(entry, form, more, actions) {
  const passed = entry.contract === "PASS";
  const disputing = form.entry === entry.op_id;
  const row = (label, value) => h("div", { class: "fact" }, h("dt", {}, label), h("dd", {}, value));
  return h("section", { class: "confirm ew-confirm", "data-testid": "ew-confirm-screen", "data-board": entry.board },
    h("h2", {}, t("ew.title")),
    h("dl", { class: "facts-list" },
      row(t("confirm.board"), h("span", { "data-testid": "ew-board" }, String(entry.board))),
      row(t("confirm.contract"), contractNode(contractText(entry.contract))),
      !passed && row(t("confirm.declarer"), t(`seat.${entry.declarer}`)),
      !passed && entry.lead && row(t("confirm.lead"), contractNode(cardText(entry.lead))),
      !passed && row(t("confirm.result"), [resultOf(entry.contract, entry.tricks),
        h("span", { class: "tricks" }, t("result.tricks", { count: entry.tricks }))]),
      row(t("confirm.score"), h("b", { class: "big-score", "data-testid": "ew-score" }, scoreText(entry.ns_score))),
      row(t("ew.for_ew"), h("b", { class: "big-score", "data-testid": "ew-score-ew" }, ewScoreText(entry.ns_score)))),
    disputing
      ? renderReasons(entry, form, actions)
      : h("div", { class: "actions" },
        h("button", { type: "button", class: "primary", "data-testid": "ew-confirm", onclick: () => actions.confirm(entry) },
          t("ew.confirm")),
        h("button", { type: "button", class: "secondary", "data-testid": "ew-not-agreed", onclick: () => actions.open(entry) },
          t("ew.not_agreed"))),
    more > 0 && h("p", { class: "hint" }, t("ew.more", { count: more })));
}

/** East-West's terminal between entries. */
export function renderEwWaiting() {
  return h("p", { class: "ew-waiting", "data-testid": "ew-waiting", role: "status" }, t("ew.waiting"));
}

/** On North-South's terminal: every board whose entry is with East-West still. */
export function renderNsWaiting() {
  return h("p", { class: "ew-waiting", "data-testid": "ns-waiting", role: "status" }, t("ew.ns_waiting"));
}

/**
 * On North-South's terminal: the entries East-West did not agree with, each
 * with East-West's reason and a way to correct it.
 * @param {Array<object>} entries `state.pending` entries with status "not_agreed"
 * @param {(entry: object) => void} correct
 */
export function renderNotAgreed(entries, correct) {
  return h("section", { class: "rejected not-agreed", "data-testid": "not-agreed", hidden: entries.length === 0 },
    h("h2", {}, t("ew.not_agreed_title")),
    h("ul", {}, entries.map((entry) =>
      h("li", { "data-testid": "not-agreed-item", "data-board": entry.board },
        h("p", {}, h("b", {}, t("boards.board", { board: boardNumber(entry.board) })), " ",
          contractNode(resultLine(entry)), " ", scoreText(entry.ns_score ?? 0)),
        h("p", { class: "error" }, t("ew.reason_is", { reason: reasonLabel(entry.reason) })),
        entry.note && h("p", { class: "note" }, `“${entry.note}”`),
        h("button", { type: "button", class: "primary", "data-testid": "not-agreed-correct",
          onclick: () => correct(entry) }, t("ew.correct"))))));
}

/**
 * East-West's answers the server refused for good (the entry was changed or
 * the board scored meanwhile), each with the server's sentence until read.
 * @param {Array<object>} refused the answers' outbox rejections
 * @param {(op_id: string) => void} dismiss
 */
export function renderAnswersRefused(refused, dismiss) {
  return h("section", { class: "rejected", "data-testid": "ew-refused", hidden: refused.length === 0 },
    h("h2", {}, t("rejected.title")),
    h("ul", {}, refused.map((r) =>
      h("li", { "data-testid": "ew-refused-item" },
        h("p", {}, h("b", {}, t("boards.board", { board: boardNumber(r.board) })), " ",
          contractNode(resultLine(r)), " ", scoreText(r.ns_score ?? 0)),
        h("p", { class: "error" }, r.error),
        h("p", {}, t("ew.refused_help")),
        h("button", { type: "button", class: "secondary", "data-testid": "ew-refused-dismiss",
          onclick: () => dismiss(r.op_id) }, t("rejected.dismiss"))))));
}
