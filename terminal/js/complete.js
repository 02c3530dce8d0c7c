// The end of a round: where each pair and the boards go next, taken from the
// schedule so it works without the server, and the way to the next round.

import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";
import { boardsText, resultLine, scoreText } from "./format.js";
import { boardActions } from "./boardlist.js";
import { roundNumber } from "./names.js";

/** A pair's line: stay, change direction here, go to a table and direction, or sit out. */
function moveLine(move, round) {
  const words = (direction) => (direction === "NS" ? t("complete.side_ns") : t("complete.side_ew"));
  const params = { side: words(move.direction), pair: move.pair, table: move.table, direction: words(move.to), round: roundNumber(round) };
  let text;
  if (move.action === "sit_out") text = t("complete.sit_out", params);
  else if (move.action === "go") text = t("complete.go", params);
  else if (move.action === "switch") text = t("complete.switch", params);
  else text = move.direction === "NS" ? t("complete.ns", params) : t("complete.ew_stay", params);
  return h("li", { "data-testid": `move-${move.direction.toLowerCase()}`, "data-action": move.action }, text);
}

/**
 * @param {{round: number, moves: ReturnType<typeof import("./table.js").movesAfter>,
 *          boards: Array<object>, next: number|null, unsent: number}} view
 * @param {{next(): void, board?: {traveller?(board: number): void, correction(board: number): void}}} actions
 */
export function renderComplete(view, actions) {
  const { round, moves, boards, next, unsent } = view;
  const lines = [];
  if (moves) {
    lines.push(moveLine(moves.ns, moves.round), moveLine(moves.ew, moves.round));
    const numbers = boardsText(boards.map((b) => b.number ?? b.board));
    if (moves.boards.table !== null) {
      lines.push(h("li", { "data-testid": "move-boards" },
        t("complete.boards", { boards: numbers, count: boards.length, table: moves.boards.table })));
    } else if (moves.boards.rest) {
      lines.push(h("li", { "data-testid": "move-boards", "data-action": "rest" },
        t("complete.boards_rest", { boards: numbers, count: boards.length, round: roundNumber(moves.round) })));
    }
    if (moves.idle) lines.push(h("li", { "data-testid": "move-idle" }, t("complete.idle", { round: roundNumber(moves.round) })));
  }
  return h("section", { class: "complete", "data-testid": "round-complete" },
    h("h2", {}, t("complete.title", { round: roundNumber(round) })),
    h("ul", { class: "summary" }, boards.map((b) =>
      h("li", {}, h("span", { class: "number" }, t("boards.board", { board: b.number ?? b.board })),
        b.result && contractNode(resultLine(b.result)), " ",
        b.result && h("b", {}, scoreText(b.result.ns_score ?? 0)),
        b.status === "scored" && actions.board && boardActions(b.board, actions.board)))),
    lines.length > 0 && h("ul", { class: "moves", "data-testid": "moves" }, lines),
    next === null && h("p", { class: "finished" }, t("complete.finished")),
    unsent > 0 && h("p", { class: "warning" }, t("complete.waiting", { count: unsent })),
    next !== null && h("button", { type: "button", class: "primary", "data-testid": "next-round",
      onclick: actions.next }, `${t("complete.next")}: ${roundNumber(next)}`));
}
