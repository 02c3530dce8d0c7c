// The boards of the round: as a row of tabs above the pad (renderBoardTabs), a
// board no longer open on its own (renderBoardView), or one row each in a list
// (renderBoards: number, dealer, vulnerability, whether it is to play, entered
// but not sent, or scored, and a scored board's traveller and correction).

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
    const body = boardBody(b, actions);
    return h("li", {
      class: `board ${b.status} ${b.board === selected ? "selected" : ""}`.trim(),
      "data-testid": `board-${b.board}`, "data-status": b.status,
    }, b.status === "open"
      ? h("button", { type: "button", "aria-pressed": b.board === selected ? "true" : "false",
          onclick: () => choose(b.board) }, body)
      : h("div", { class: "row" }, body));
  }));
}

/** A board's row: number, dealer and vulnerability, what was entered, its state, its actions. */
function boardBody(b, actions) {
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
  return [
    h("span", { class: "number" }, t("boards.board", { board: b.number ?? b.board })),
    h("span", { class: "facts" }, h("span", { class: "dealer" }, t("boards.dealer", { seat: b.dealer })), " ",
      vulBadge(b.vulnerability)),
    outcome,
    h("span", { class: "state" }, t(`boards.${b.status}`)),
    b.status === "scored" && actions && boardActions(b.board, actions),
  ];
}

const SHORT_STATES = new Set(["pending", "scored", "adjusted", "locked", "awaiting"]);

/**
 * The round's boards as one row of tabs above the pad, the board being entered marked: each
 * tab names its board and, until it is played, the vulnerability (red when a side is
 * vulnerable), then its state. Every tab is a button: an open board goes to the pad, a done
 * one to its view (renderBoardView), where its traveller and a correction are.
 * A long match shows one segment's boards (D3.5: 12 boards a segment) with the previous and
 * next segments a tap away at either end, so a 96-board final fits a phone.
 * @param {Array<{board: number, dealer: string, vulnerability: string, status: string}>} boards
 * @param {number|null} selected the board on screen
 * @param {(board: number) => void} choose
 * @param {{segment: number, segments: number, first: number, last: number,
 *          go(segment: number): void}|null} [segment] the segment shown
 */
export function renderBoardTabs(boards, selected, choose, segment = null) {
  const many = boards.length > 5 || segment !== null;
  const step = (delta) => {
    const to = segment.segment + delta;
    const label = t(delta < 0 ? "boards.segment_previous" : "boards.segment_next");
    return h("li", { class: "tab segment-step" }, h("button", {
      type: "button", "data-testid": delta < 0 ? "segment-previous" : "segment-next",
      "aria-label": label, title: label, disabled: to < 1 || to > segment.segments,
      onclick: () => segment.go(to),
    }, delta < 0 ? "◀" : "▶"));
  };
  const tabs = boards.map((b) => {
    const facts = SHORT_STATES.has(b.status)
      ? h("span", { class: "tab-state" }, t(`boards.${b.status}`))
      : h("span", { class: `tab-vul vul-${b.vulnerability}` }, t(`vul_short.${b.vulnerability}`));
    const label = `${t("boards.board", { board: b.number ?? b.board })}, ${t("boards.dealer", { seat: b.dealer })}, `
      + `${t("boards.vul", { vulnerability: t(`vul.${b.vulnerability}`) })}, ${t(`boards.${b.status}`)}`;
    return h("li", {
      class: `tab ${b.status} ${b.board === selected ? "selected" : ""}`.trim(),
      "data-testid": `board-${b.board}`, "data-status": b.status, "data-number": b.number ?? b.board,
    }, h("button", {
      type: "button", "aria-pressed": b.board === selected ? "true" : "false", "aria-label": label,
      onclick: () => choose(b.board),
    }, h("span", { class: "tab-board" }, many ? String(b.number ?? b.board)
      : t("boards.board", { board: b.number ?? b.board })), facts));
  });
  if (segment === null) return h("ul", { class: `tabs count-${many ? "many" : boards.length}` }, tabs);
  const name = t("boards.segment", { segment: segment.segment, segments: segment.segments, first: segment.first, last: segment.last });
  return h("ul", {
    class: "tabs count-segment", "data-testid": "segments", "data-segment": segment.segment,
    "aria-label": name, title: name,
  }, step(-1), ...tabs, step(1));
}

/**
 * A board of the round that is no longer open, on its own under the tabs: what was entered,
 * its state and, once scored, its traveller and the correction call.
 * @param {{board: number, dealer: string, vulnerability: string, status: string, result: object|null}} board
 * @param {{traveller?(board: number): void, correction(board: number): void}} actions
 */
export function renderBoardView(board, actions) {
  return h("section", { class: "board-view", "data-testid": "played-board", "data-board": board.board },
    h("div", { class: `board ${board.status}` }, h("div", { class: "row" }, boardBody(board, actions))));
}
