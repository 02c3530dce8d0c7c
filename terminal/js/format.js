// Words and symbols for results as players read them, from the wire form.
// Pure: no DOM, so the tests can check them.

import { contractSymbols, overtricks, parseContract, resultText } from "./contract.js";
import { formatNumber, t } from "./i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** "NS +620", "EW +1,100" (grouped as the language writes numbers), "0" */
export function scoreText(ns_score) {
  if (ns_score > 0) return t("score.ns", { points: formatNumber(ns_score) });
  if (ns_score < 0) return t("score.ew", { points: formatNumber(-ns_score) });
  return t("score.zero");
}

/** "4♠X", "3NT" (Polish "3BA"), or "Passed out" */
export function contractText(code) {
  const contract = parseContract(code);
  if (contract === null) return t("contract.passout");
  return contractSymbols(contract).replace("NT", t("strain.nt"));
}

/** A card from its wire form: "SA" → "♠A", "HT" and "H10" → "♥10". */
export function cardText(code) {
  const text = String(code ?? "").toUpperCase();
  const suit = SUITS[text[0]];
  if (!suit) return text;
  const rank = text.slice(1) === "T" ? "10" : text.slice(1);
  return suit + rank;
}

/** "=", "+1", "-2"; empty for a passed-out board. */
export function resultOf(code, tricks) {
  const contract = parseContract(code);
  return contract === null ? "" : resultText(overtricks(contract, tricks));
}

/** "4♠X N =" — the short line in the board list. */
export function resultLine(entry) {
  if (parseContract(entry.contract) === null) return t("contract.passout");
  return `${contractText(entry.contract)} ${entry.declarer} ${resultOf(entry.contract, entry.tricks)}`;
}

/** "Boards 4-6", "Board 4", "Boards 1, 3, 5" */
export function boardsText(boards) {
  const sorted = [...boards].sort((a, b) => a - b);
  const consecutive = sorted.every((b, i) => i === 0 || b === sorted[i - 1] + 1);
  if (sorted.length > 2 && consecutive) return `${sorted[0]}–${sorted.at(-1)}`;
  return sorted.join(", ");
}
