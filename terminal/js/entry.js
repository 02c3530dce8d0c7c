// The contract pad North-South uses to enter a board: level, strain, X/XX,
// passed out, declarer, result. The pad's state is a plain object changed by
// press() (pure, tested); renderPad() draws it and reports presses. The score
// shows, large, as soon as the entry is complete.

import { contractCode, resultRange, STRAIN_SYMBOLS, STRAINS } from "./contract.js";
import { SEATS } from "./boards.js";
import { nsScore } from "./score.js";
import { contractText, scoreText } from "./format.js";
import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {{level: number|null, strain: string|null, doubled: 0|1|2, passout: boolean, declarer: string|null, difference: number|null}} Pad */

/** @returns {Pad} */
export function emptyPad() {
  return { level: null, strain: null, doubled: 0, passout: false, declarer: null, difference: null };
}

function fitResult(pad) {
  if (pad.level === null || pad.difference === null) return pad;
  const { most, least } = resultRange(pad.level);
  return pad.difference > most || pad.difference < least ? { ...pad, difference: null } : pad;
}

/**
 * The pad after one press. Keys: "level:4", "strain:S", "double", "redouble",
 * "passout", "declarer:N", "result:-2".
 * @returns {Pad}
 */
export function press(pad, key) {
  const [what, value] = key.split(":");
  switch (what) {
    case "level":
      return fitResult({ ...pad, passout: false, level: Number(value) });
    case "strain":
      return { ...pad, passout: false, strain: value };
    case "double":
      return { ...pad, passout: false, doubled: pad.doubled === 1 ? 0 : 1 };
    case "redouble":
      return { ...pad, passout: false, doubled: pad.doubled === 2 ? 0 : 2 };
    case "passout":
      return pad.passout ? emptyPad() : { ...emptyPad(), passout: true };
    case "declarer":
      return { ...pad, passout: false, declarer: value };
    case "result":
      return { ...pad, passout: false, difference: Number(value) };
    default:
      throw new RangeError(`unknown pad key: ${key}`);
  }
}

/** The wire entry of a complete pad, or null while something is missing. */
export function padEntry(pad) {
  if (pad.passout) return { contract: "PASS", declarer: null, tricks: 0 };
  if (pad.level === null || pad.strain === null || pad.declarer === null || pad.difference === null) {
    return null;
  }
  const contract = { level: pad.level, strain: pad.strain, doubled: pad.doubled };
  return { contract: contractCode(contract), declarer: pad.declarer, tricks: pad.level + 6 + pad.difference };
}

/** data-testid of a result button: result-eq, result-plus-1, result-minus-2. */
export function resultTestId(difference) {
  if (difference === 0) return "result-eq";
  return difference > 0 ? `result-plus-${difference}` : `result-minus-${-difference}`;
}

function resultLabel(difference) {
  if (difference === 0) return "=";
  return difference > 0 ? `+${difference}` : `−${-difference}`;
}

function key(label, testid, pressed, onclick, extra = {}) {
  return h("button", {
    type: "button", class: `key ${extra.class ?? ""}`.trim(), "data-testid": testid,
    "aria-pressed": pressed ? "true" : "false", "aria-label": extra.label, onclick,
  }, label);
}

/**
 * @param {Pad} pad
 * @param {{board: number, dealer: string, vulnerability: string}} board
 * @param {{change(pad: Pad): void, enter(entry: object): void}} actions
 */
export function renderPad(pad, board, actions) {
  const tap = (k) => () => actions.change(press(pad, k));
  const entry = padEntry(pad);

  const levels = [1, 2, 3, 4, 5, 6, 7].map((level) =>
    key(String(level), `level-${level}`, pad.level === level, tap(`level:${level}`)));
  const strains = STRAINS.map((strain) =>
    key(contractNode(STRAIN_SYMBOLS[strain]), `strain-${strain}`, pad.strain === strain, tap(`strain:${strain}`),
      { class: `strain ${strain === "H" || strain === "D" ? "red" : ""}` }));
  const modifiers = [
    key(t("entry.double"), "double", pad.doubled === 1, tap("double")),
    key(t("entry.redouble"), "redouble", pad.doubled === 2, tap("redouble")),
    key(t("entry.passout"), "passout", pad.passout, tap("passout"), { class: "wide" }),
  ];
  const seats = SEATS.map((seat) =>
    key(seat, `declarer-${seat}`, pad.declarer === seat, tap(`declarer:${seat}`),
      { label: t(`seat.${seat}`) }));

  let results;
  if (pad.level === null) {
    results = h("p", { class: "hint" }, t("entry.result_hint"));
  } else {
    const { most, least } = resultRange(pad.level);
    const made = [];
    for (let d = 0; d <= most; d += 1) made.push(d);
    const down = [];
    for (let d = -1; d >= least; d -= 1) down.push(d);
    const button = (d) => key(resultLabel(d), resultTestId(d), pad.difference === d, tap(`result:${d}`),
      { class: `${d < 0 ? "down" : "made"} ${d <= -10 ? "long" : ""}`.trim() });
    results = h("div", { class: "results" },
      h("div", { class: "keys seven" }, made.map(button)),
      h("div", { class: "keys seven" }, down.map(button)));
  }

  let contractLine = "";
  let score = "—";
  if (entry) {
    contractLine = pad.passout ? t("contract.passout")
      : t("contract.by", { contract: contractText(entry.contract), declarer: t(`seat.${entry.declarer}`) })
        + ` ${resultLabel(pad.difference)}`;
    score = scoreText(nsScore(entry.contract, entry.declarer, entry.tricks, board.vulnerability));
  }

  return h("section", { class: "pad", "aria-label": t("entry.title", { board: board.board }) },
    h("h2", { class: "pad-title" }, t("entry.title", { board: board.board }),
      h("span", { class: "pad-sub" }, t("entry.who"))),
    h("div", { class: "keys seven", role: "group", "aria-label": t("entry.level") }, levels),
    h("div", { class: "keys five", role: "group", "aria-label": t("entry.strain") }, strains),
    h("div", { class: "keys mods" }, modifiers),
    h("h3", { class: "label" }, t("entry.declarer")),
    h("div", { class: "keys four", role: "group", "aria-label": t("entry.declarer") }, seats),
    h("h3", { class: "label" }, t("entry.result")),
    results,
    h("div", { class: `preview ${entry ? "complete" : ""}`, "aria-live": "polite" },
      h("div", { class: "preview-contract" }, entry ? contractNode(contractLine) : t("entry.incomplete")),
      h("div", { class: "preview-score", "data-testid": "score-preview" }, score)),
    h("button", {
      type: "button", class: "primary", "data-testid": "enter", disabled: !entry,
      onclick: () => entry && actions.enter(entry),
    }, t("entry.enter")),
  );
}
