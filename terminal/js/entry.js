// The contract pad North-South uses to enter a board: level, strain, X/XX,
// passed out, declarer, the opening lead, result. The pad's state is a plain
// object changed by press() (pure, tested); renderPad() draws it and reports
// presses. The score shows, large, beside Enter as soon as the entry is
// complete. Laid out to fit a 360 x 640 phone with no scrolling: one row of
// seven keys per item, each key at least 44 px, one tap per item.
//
// The event's rules change the pad: `lead` ("off" | "optional" | "required")
// shows or hides the card picker and decides whether Enter waits for it;
// `mini_bridge` (K8.2) replaces levels and X/XX by Partscore / Game, whose
// level follows from the strain (partscore at the one level, game at 3NT,
// 4♥/4♠, 5♣/5♦). The result is entered as =/+n/−n or as tricks taken: both
// set the same `difference`, so both give the same `tricks` on the wire.

import { contractCode, gameLevel, resultRange, STRAIN_SYMBOLS, STRAINS } from "./contract.js";
import { SEATS } from "./boards.js";
import { nsScore } from "./score.js";
import { cardText, contractText, scoreText } from "./format.js";
import { h, contractNode } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The suits of the lead picker in the contract keys' order (clubs up to spades, as bids
 * rank), so a suit sits in the same place in both rows; the ranks, ten written "T" on the wire.
 */
export const LEAD_SUITS = STRAINS.filter((strain) => strain !== "N");
export const LEAD_RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

/**
 * @typedef {{level: number|null, strain: string|null, doubled: 0|1|2, passout: boolean,
 *            declarer: string|null, difference: number|null, mini: "part"|"game"|null,
 *            leadSuit: string|null, leadRank: string|null}} Pad
 * @typedef {{lead?: "off"|"optional"|"required", mini_bridge?: boolean}} Rules
 */

/** @returns {Pad} */
export function emptyPad() {
  return {
    level: null, strain: null, doubled: 0, passout: false, declarer: null, difference: null,
    mini: null, leadSuit: null, leadRank: null,
  };
}

function fitResult(pad) {
  if (pad.level === null || pad.difference === null) return pad;
  const { most, least } = resultRange(pad.level);
  return pad.difference > most || pad.difference < least ? { ...pad, difference: null } : pad;
}

/** In mini bridge the level follows from Partscore/Game and the strain. */
function miniLevel(pad) {
  if (pad.mini === null) return pad;
  const level = pad.mini === "part" ? 1 : pad.strain === null ? null : gameLevel(pad.strain);
  return fitResult({ ...pad, level, doubled: 0 });
}

/**
 * The pad after one press. Keys: "level:4", "strain:S", "double", "redouble",
 * "passout", "declarer:N", "result:-2", "tricks:10", "mini:part", "mini:game",
 * "lead-suit:H", "lead-rank:T".
 * @returns {Pad}
 */
export function press(pad, key) {
  const [what, value] = key.split(":");
  switch (what) {
    case "level":
      return fitResult({ ...pad, passout: false, mini: null, level: Number(value) });
    case "strain":
      return miniLevel({ ...pad, passout: false, strain: value });
    case "mini":
      return miniLevel({ ...pad, passout: false, mini: value === "game" ? "game" : "part" });
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
    case "tricks":
      // Tricks need a level to mean anything: without one the press is ignored.
      return pad.level === null ? pad : fitResult({ ...pad, passout: false, difference: Number(value) - pad.level - 6 });
    case "lead-suit":
      return { ...pad, leadSuit: pad.leadSuit === value ? null : value };
    case "lead-rank":
      return { ...pad, leadRank: pad.leadRank === value ? null : value };
    default:
      throw new RangeError(`unknown pad key: ${key}`);
  }
}

/** The lead as the wire writes it ("SA", "HT"), or null until suit and rank are chosen. */
export function padLead(pad) {
  return pad.leadSuit && pad.leadRank ? pad.leadSuit + pad.leadRank : null;
}

/**
 * The wire entry of a complete pad, or null while something is missing.
 * @param {Pad} pad
 * @param {Rules} rules
 */
export function padEntry(pad, rules = {}) {
  if (pad.passout) return { contract: "PASS", declarer: null, tricks: 0 };
  if (pad.level === null || pad.strain === null || pad.declarer === null || pad.difference === null) {
    return null;
  }
  const rule = rules.lead ?? "off";
  const lead = rule === "off" ? null : padLead(pad);
  if (rule === "required" && lead === null) return null;
  const contract = { level: pad.level, strain: pad.strain, doubled: rules.mini_bridge ? 0 : pad.doubled };
  const entry = { contract: contractCode(contract), declarer: pad.declarer, tricks: pad.level + 6 + pad.difference };
  return lead ? { ...entry, lead } : entry;
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

function suitClass(suit) {
  return suit === "H" || suit === "D" ? "red" : "";
}

/** A row of keys on the pad's seven-column grid, named for screen readers. */
function keys(label, ...children) {
  return h("div", { class: "keys", role: "group", "aria-label": label }, children);
}

/**
 * The fourteen result keys of a level, in the order of the tricks they mean, 0 to 13: the
 * same key stands for the same tricks whether it reads "−2" (`mode` "difference") or "8"
 * ("tricks"). Each is {tricks, difference, label, testid}.
 */
export function resultKeys(level, mode = "difference") {
  const keys = [];
  for (let tricks = 0; tricks <= 13; tricks += 1) {
    const difference = tricks - level - 6;
    keys.push(mode === "tricks"
      ? { tricks, difference, label: String(tricks), testid: `tricks-${tricks}` }
      : { tricks, difference, label: resultLabel(difference), testid: resultTestId(difference) });
  }
  return keys;
}

/** The result keys as two rows of seven; until a level is chosen a note keeps their place. */
function renderResults(pad, mode, tap) {
  if (pad.level === null) {
    return h("p", { class: "result-hint", "data-testid": "result-hint" }, t("entry.result_hint"));
  }
  return h("div", { class: "keys results", role: "group", "aria-label": t("entry.result") },
    resultKeys(pad.level, mode).map((k) => key(k.label, k.testid, pad.difference === k.difference,
      tap(mode === "tricks" ? `tricks:${k.tricks}` : `result:${k.difference}`),
      { class: `${k.difference < 0 ? "down" : "made"} ${k.difference <= -10 && mode !== "tricks" ? "long" : ""}`.trim() })));
}

function renderLead(pad, rule, tap) {
  if (rule === "off" || pad.passout) return [];
  const suits = LEAD_SUITS.map((suit) =>
    key(contractNode(STRAIN_SYMBOLS[suit]), `lead-suit-${suit}`, pad.leadSuit === suit, tap(`lead-suit:${suit}`),
      { class: `strain lead ${suitClass(suit)}`.trim(), label: t(`suit.${suit}`) }));
  const ranks = LEAD_RANKS.map((rank) =>
    key(rank === "T" ? "10" : rank, `lead-rank-${rank}`, pad.leadRank === rank, tap(`lead-rank:${rank}`),
      { class: "rank" }));
  const caption = rule === "required" ? t("entry.lead_required") : t("entry.lead_optional");
  return [
    keys(t("entry.lead"), h("span", { class: "caption span-3" }, caption), suits),
    keys(t("entry.lead"), ranks),
  ];
}

/**
 * The whole entry on one phone screen: a row of seven keys per item (level; strain with X
 * and XX; declarer with passed out; the lead's suit and card; the result), then the score
 * beside Enter, then the result mode and the director's call (`options.call`, a node).
 * @param {Pad} pad
 * @param {{board: number, dealer: string, vulnerability: string}} board
 * @param {{change(pad: Pad): void, enter(entry: object): void, mode?(mode: string): void}} actions
 * @param {{rules?: Rules, mode?: "difference"|"tricks", call?: Node|null}} options
 */
export function renderPad(pad, board, actions, options = {}) {
  const rules = options.rules ?? {};
  const mode = options.mode ?? "difference";
  const rule = rules.lead ?? "off";
  const tap = (k) => () => actions.change(press(pad, k));
  const entry = padEntry(pad, rules);

  const strains = STRAINS.map((strain) =>
    key(contractNode(strain === "N" ? t("strain.nt") : STRAIN_SYMBOLS[strain]), `strain-${strain}`,
      pad.strain === strain, tap(`strain:${strain}`),
      { class: `strain ${suitClass(strain)}`.trim(), label: strain === "N" ? undefined : t(`suit.${strain}`) }));
  const seats = SEATS.map((seat) =>
    key(seat, `declarer-${seat}`, pad.declarer === seat, tap(`declarer:${seat}`),
      { label: t(`seat.${seat}`) }));
  const passout = key(t("entry.passout"), "passout", pad.passout, tap("passout"), { class: "wide span-3" });

  let contractKeys;
  if (rules.mini_bridge) {
    contractKeys = [
      h("div", { class: "keys mini", role: "group", "aria-label": t("entry.level") },
        key(t("entry.partscore"), "mini-part", pad.mini === "part", tap("mini:part"), { class: "wide" }),
        key(t("entry.game"), "mini-game", pad.mini === "game", tap("mini:game"), { class: "wide" })),
      h("div", { class: "keys five", role: "group", "aria-label": t("entry.strain") }, strains),
    ];
  } else {
    const levels = [1, 2, 3, 4, 5, 6, 7].map((level) =>
      key(String(level), `level-${level}`, pad.level === level, tap(`level:${level}`)));
    contractKeys = [
      keys(t("entry.level"), levels),
      keys(t("entry.strain"), strains,
        key(t("entry.double"), "double", pad.doubled === 1, tap("double"), { class: "mod", label: t("entry.double_name") }),
        key(t("entry.redouble"), "redouble", pad.doubled === 2, tap("redouble"), { class: "mod", label: t("entry.redouble_name") })),
    ];
  }

  let contractLine = "";
  let score = "—";
  if (entry) {
    contractLine = pad.passout ? t("contract.passout")
      : t("contract.by", { contract: contractText(entry.contract), declarer: t(`seat.${entry.declarer}`) })
        + ` ${resultLabel(pad.difference)}`;
    if (entry.lead) contractLine += ` · ${cardText(entry.lead)}`;
    score = scoreText(nsScore(entry.contract, entry.declarer, entry.tricks, board.vulnerability));
  }
  let missing = t("entry.incomplete");
  if (!entry && rule === "required" && padEntry(pad, { ...rules, lead: "optional" })) missing = t("entry.lead_missing");

  const toggle = h("button", {
    type: "button", class: "mode", "data-testid": "result-mode",
    "aria-pressed": mode === "tricks" ? "true" : "false",
    onclick: () => actions.mode?.(mode === "tricks" ? "difference" : "tricks"),
  }, mode === "tricks" ? t("entry.show_difference") : t("entry.show_tricks"));

  return h("section", {
    class: "pad", "data-board": board.board,
    "aria-label": `${t("entry.title", { board: board.number ?? board.board })}: ${t("entry.who")}`,
  },
    contractKeys,
    keys(t("entry.declarer"), seats, passout),
    renderLead(pad, rule, tap),
    renderResults(pad, mode, tap),
    h("div", { class: "finish" },
      h("div", { class: `preview ${entry ? "ready" : ""}`.trim(), "aria-live": "polite" },
        h("div", { class: "preview-contract", "data-testid": "preview-contract", title: entry ? contractLine : null },
          entry ? contractNode(contractLine) : missing),
        entry && h("div", { class: "preview-score", "data-testid": "score-preview" }, score)),
      h("button", {
        type: "button", class: "primary", "data-testid": "enter", disabled: !entry,
        onclick: () => entry && actions.enter(entry),
      }, t("entry.enter"))),
    h("div", { class: "tools" }, toggle, options.call ?? null),
  );
}
