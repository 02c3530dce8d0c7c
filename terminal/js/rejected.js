// Results the server refused for good (an error ack). They are never dropped
// silently: each stays on screen with the server's own sentence until the
// players have read it and tapped OK.

import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";
import { resultLine, scoreText } from "./format.js";
import { boardNumber } from "./names.js";

/**
 * @param {Array<{op_id: string, board: number, contract: string, declarer: string|null,
 *                tricks: number, ns_score: number, error: string, help?: string|null}>} rejected
 * @param {(op_id: string) => void} dismiss
 */
export function renderRejected(rejected, dismiss) {
  return h("section", { class: "rejected", "data-testid": "rejected", hidden: rejected.length === 0 },
    h("h2", {}, t("rejected.title")),
    h("ul", {}, rejected.map((r) =>
      h("li", { "data-testid": "rejected-item" },
        h("p", {}, h("b", {}, t("boards.board", { board: boardNumber(r.board) })), " ",
          contractNode(resultLine(r)), " ", scoreText(r.ns_score ?? 0)),
        h("p", { class: "error" }, r.error),
        h("p", { "data-testid": "rejected-help" }, r.help ?? t("rejected.help")),
        h("button", { type: "button", class: "secondary", "data-testid": "dismiss",
          onclick: () => dismiss(r.op_id) }, t("rejected.dismiss"))))));
}
