// A board's hands, shown with its traveller once the table has played it and
// only when the director loaded hand records (get_traveller's `deal`). North
// on top, West left, East right, South below; each hand four lines ♠ ♥ ♦ ♣,
// ten written "10", "—" for a void, honours as the language names them
// (Polish A K D W). Below them, when the deal has its analysis, the
// double-dummy tricks (a row per strain NT ♠ ♥ ♦ ♣, a column per declarer
// N S E W) and the par contract and score. The pure part (handLines, diagram,
// analysisView) is tested on its own.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const SUITS = /** @type {const} */ (["S", "H", "D", "C"]);
const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SEAT_NAMES = { N: "north", E: "east", S: "south", W: "west" };
const VULNERABILITY = { none: "None", ns: "NS", ew: "EW", both: "Both" };
const VOID = "—";
const STRAINS = ["NT", "S", "H", "D", "C"];
const DECLARERS = ["N", "S", "E", "W"];

/** One rank as the players read it: "T" → "10", "Q" → "D" in Polish. */
export function rankText(rank) {
  if (rank === "T") return "10";
  if (["A", "K", "Q", "J"].includes(rank)) return t(`rank.${rank}`);
  return rank;
}

/**
 * A hand as the wire writes it ("AKQ.T98..432": spades.hearts.diamonds.clubs)
 * as four lines, spades first.
 * @returns {Array<{suit: string, symbol: string, red: boolean, cards: string}>}
 */
export function handLines(hand) {
  const suits = String(hand ?? "").split(".");
  if (suits.length !== 4) throw new RangeError(`invalid hand: ${JSON.stringify(hand)}`);
  return SUITS.map((suit, i) => {
    const ranks = [...suits[i].toUpperCase().replace(/10/g, "T").replace("-", "")];
    return {
      suit, symbol: SYMBOLS[suit], red: suit === "H" || suit === "D",
      cards: ranks.length ? ranks.map(rankText).join(" ") : VOID,
    };
  });
}

/**
 * What the diagram shows of a get_traveller `deal`: per seat its lines and
 * whether it deals and is vulnerable; the board's dealer and vulnerability.
 */
export function diagram(deal) {
  const vulnerability = VULNERABILITY[String(deal.vulnerability).toLowerCase()] ?? "None";
  const hands = Object.fromEntries(Object.entries(SEAT_NAMES).map(([seat, name]) => [seat, {
    seat, lines: handLines(deal[name]),
    dealer: deal.dealer === seat,
    vulnerable: vulnerability === "Both" || (vulnerability !== "None" && vulnerability.includes(seat)),
  }]));
  return { dealer: deal.dealer, vulnerability, hands };
}

/** The par score as hand records print it: "NS 420", "EW 100", "0". */
export function parScore(score) {
  if (score === null || score === undefined) return "";
  if (score === 0) return "0";
  return score > 0 ? `NS ${score}` : `EW ${-score}`;
}

/**
 * What the analysis shows: a row per strain with the tricks of N, S, E and W
 * (none when the tricks are unknown) and the par line ("" when unknown).
 * @returns {{rows: Array<{strain: string, label: string, red: boolean, tricks: Array<number|string>}>, par: string} | null}
 */
export function analysisView(analysis) {
  if (!analysis) return null;
  const rows = analysis.tricks ? STRAINS.map((strain) => ({
    strain, label: strain === "NT" ? t("hand.nt") : SYMBOLS[strain], red: strain === "H" || strain === "D",
    tricks: DECLARERS.map((seat) => analysis.tricks[strain]?.[seat] ?? ""),
  })) : [];
  const par = [analysis.par_contract, parScore(analysis.par_score)].filter(Boolean).join(", ");
  return { rows, par };
}

function renderAnalysis(analysis) {
  const view = analysisView(analysis);
  if (!view) return null;
  return [
    view.rows.length ? h("table", { class: "hand-dd", "data-testid": "hand-dd" },
      h("caption", {}, t("hand.tricks")),
      h("thead", {}, h("tr", {}, h("th", {}, ""), DECLARERS.map((seat) => h("th", {}, seat)))),
      h("tbody", {}, view.rows.map((row) => h("tr", { "data-strain": row.strain },
        h("th", { class: row.red ? "red" : "" }, row.label),
        row.tricks.map((n) => h("td", {}, String(n))))))) : null,
    view.par ? h("p", { class: "hand-par", "data-testid": "hand-par" }, t("hand.par", { par: view.par })) : null,
  ];
}

function renderSeat(hand) {
  const { seat } = hand;
  return h("div", {
    class: `hand-seat seat-${seat}${hand.vulnerable ? " vulnerable" : ""}`,
    "data-testid": `hand-${seat}`,
  },
    h("div", { class: "hand-name" }, t(`seat.${seat}`)),
    hand.lines.map((line) => h("div", { class: "hand-line", "aria-label": `${t(`suit.${line.suit}`)}: ${line.cards}` },
      h("span", { class: line.red ? "suit red" : "suit" }, line.symbol),
      h("span", { class: "cards" }, line.cards))));
}

function renderCompass(view) {
  return h("div", { class: "hand-compass", "aria-hidden": "true" },
    ["N", "W", "E", "S"].map((seat) => h("span", {
      class: `compass-${seat}${view.hands[seat].vulnerable ? " vulnerable" : ""}${view.hands[seat].dealer ? " dealer" : ""}`,
    }, seat)));
}

/** The hand diagram, or nothing when the event has no hand records. */
export function renderHand(deal) {
  if (!deal) return null;
  const view = diagram(deal);
  return h("section", {
    class: "hand", "data-testid": "hand", "data-dealer": view.dealer, "data-vulnerability": view.vulnerability,
  },
    h("h3", {}, t("hand.title")),
    h("p", { class: "hand-facts" },
      t("boards.dealer", { seat: t(`seat.${view.dealer}`) }), " · ",
      h("span", { class: `vul vul-${view.vulnerability}` }, t("boards.vul", { vulnerability: t(`vul.${view.vulnerability}`) }))),
    h("div", { class: "hand-grid" },
      renderSeat(view.hands.N), renderSeat(view.hands.W), renderCompass(view),
      renderSeat(view.hands.E), renderSeat(view.hands.S)),
    renderAnalysis(deal.analysis));
}
