// The boards of the round, one row each: number, dealer, vulnerability and
// whether it is to play, entered but not sent, or scored. Open boards are
// buttons that open the pad.

import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";
import { resultLine, scoreText } from "./format.js";

function vulBadge(vulnerability) {
  return h("span", { class: `vul vul-${vulnerability}` }, t("boards.vul", { vulnerability: t(`vul.${vulnerability}`) }));
}

/**
 * A scored board's actions: its traveller (when the event shows them) and a
 * call asking the director to correct it, since only the director can.
 * @param {{traveller?(board: number): void, correction(board: number): void}} actions
 */
export function boardActions(board, actions) {
  return h("span", { class: "board-actions" },
    actions.traveller && h("button", { type: "button", class: "secondary small", "data-testid": `traveller-${board}`,
      onclick: () => actions.traveller(board) }, t("boards.traveller")),
    h("button", { type: "button", class: "secondary small", "data-testid": `correction-${board}`,
      onclick: () => actions.correction(board) }, t("boards.correct")));
}

/**
 * @param {Array<{board: number, dealer: string, vulnerability: string, status: string, result: object|null}>} boards
 * @param {number|null} selected
 * @param {(board: number) => void} choose
 * @param {{traveller?(board: number): void, correction(board: number): void}} [actions] for scored boards
 */
export function renderBoards(boards, selected, choose, actions) {
  return h("ul", { class: "boards" }, boards.map((b) => {
    const outcome = b.result
      ? h("span", { class: "outcome" }, contractNode(resultLine(b.result)), " ",
          h("b", {}, scoreText(b.result.ns_score ?? 0)))
      : b.status === "adjusted"
        ? h("span", { class: "outcome", "data-testid": `adjusted-${b.board}` }, t("boards.adjusted_reason"))
      : b.status === "locked"
        ? h("span", { class: "outcome lock-reason", "data-testid": `locked-reason-${b.board}` },
            // Teams: K12.1's time lock, or a match the director took out of play (K13, K14.1).
            (b.code ?? (String(b.reason ?? "K12.1").startsWith("K12.1") ? "k12_1" : "not_played")) === "k12_1"
              ? t("boards.locked_reason") : t("boards.not_played_reason"))
        : h("span", { class: "outcome" }, t("boards.open"));
    const body = [
      h("span", { class: "number" }, t("boards.board", { board: b.board })),
      h("span", { class: "facts" }, t("boards.dealer", { seat: b.dealer }), " ", vulBadge(b.vulnerability)),
      outcome,
      h("span", { class: "state" }, t(`boards.${b.status}`)),
      b.status === "scored" && actions && boardActions(b.board, actions),
    ];
    return h("li", {
      class: `board ${b.status} ${b.board === selected ? "selected" : ""}`.trim(),
      "data-testid": `board-${b.board}`, "data-status": b.status,
    }, b.status === "open"
      ? h("button", { type: "button", "aria-pressed": b.board === selected ? "true" : "false",
          onclick: () => choose(b.board) }, body)
      : h("div", { class: "row" }, body));
  }));
}
