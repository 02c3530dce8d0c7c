// The end of a round: where each pair and the boards go next, taken from the
// schedule so it works without the server, and the way to the next round.

import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";
import { boardsText, resultLine, scoreText } from "./format.js";
import { boardActions } from "./boardlist.js";

/**
 * @param {{round: number, info: object, table: number, boards: Array<object>,
 *          next: number|null, unsent: number}} view
 * @param {{next(): void, board?: {traveller?(board: number): void, correction(board: number): void}}} actions
 */
export function renderComplete(view, actions) {
  const { round, info, table, boards, next, unsent } = view;
  const moves = [];
  if (next !== null) {
    moves.push(h("li", {}, t("complete.ns", { pair: info.ns_pair })));
    moves.push(h("li", {}, info.ew_next_table == null || info.ew_next_table === table
      ? t("complete.ew_stay", { pair: info.ew_pair })
      : t("complete.ew", { pair: info.ew_pair, table: info.ew_next_table })));
    if (info.boards_next_table != null && info.boards_next_table !== table) {
      moves.push(h("li", {}, t("complete.boards", { boards: boardsText(info.boards), table: info.boards_next_table })));
    }
  }
  return h("section", { class: "complete", "data-testid": "round-complete" },
    h("h2", {}, t("complete.title", { round })),
    h("ul", { class: "summary" }, boards.map((b) =>
      h("li", {}, h("span", { class: "number" }, t("boards.board", { board: b.board })),
        b.result && contractNode(resultLine(b.result)), " ",
        b.result && h("b", {}, scoreText(b.result.ns_score ?? 0)),
        b.status === "scored" && actions.board && boardActions(b.board, actions.board)))),
    next === null
      ? h("p", { class: "finished" }, t("complete.finished"))
      : h("ul", { class: "moves" }, moves),
    unsent > 0 && h("p", { class: "warning" }, t("complete.waiting", { count: unsent })),
    next !== null && h("button", { type: "button", class: "primary", "data-testid": "next-round",
      onclick: actions.next }, `${t("complete.next")}: ${next}`));
}
