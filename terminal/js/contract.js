// Contracts as the terminal writes them on the wire ("4SX", "3N", "7HXX",
// "PASS") and as players read them ("4♠X"). Parsing is strict: a bad code is
// a programming error, so it throws.

export const STRAINS = /** @type {const} */ (["C", "D", "H", "S", "N"]);

export const STRAIN_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠", N: "NT" };

/**
 * @typedef {{level: number, strain: "C"|"D"|"H"|"S"|"N", doubled: 0|1|2}} Contract
 * `doubled` is 0 (undoubled), 1 (doubled) or 2 (redoubled).
 */

const PATTERN = /^([1-7])(C|D|H|S|N|NT)(X{0,2})$/;

/** @returns {Contract|null} null for a passed-out board. */
export function parseContract(code) {
  const text = String(code).trim().toUpperCase();
  if (text === "PASS") return null;
  const match = PATTERN.exec(text);
  if (!match) throw new RangeError(`invalid contract: ${JSON.stringify(code)}`);
  const strain = /** @type {Contract["strain"]} */ (match[2] === "NT" ? "N" : match[2]);
  return { level: Number(match[1]), strain, doubled: /** @type {0|1|2} */ (match[3].length) };
}

/** The wire code of a contract; null means passed out. */
export function contractCode(contract) {
  if (contract === null) return "PASS";
  return `${contract.level}${contract.strain}${"X".repeat(contract.doubled)}`;
}

/** "4♠X", "3NT"; passed out is left to the caller's words. */
export function contractSymbols(contract) {
  return `${contract.level}${STRAIN_SYMBOLS[contract.strain]}${"X".repeat(contract.doubled)}`;
}

/** Tricks over (+) or under (-) the contract; 0 means made exactly. */
export function overtricks(contract, tricks) {
  return tricks - (contract.level + 6);
}

/** The result buttons a contract allows: "+n" up to 13 tricks, "-n" down to 0 tricks. */
export function resultRange(level) {
  return { most: 7 - level, least: -(level + 6) };
}

/** "=", "+1", "-2" */
export function resultText(difference) {
  if (difference === 0) return "=";
  return difference > 0 ? `+${difference}` : `${difference}`;
}

/** K8.2 mini bridge: the level a game is played at in each strain. */
export function gameLevel(strain) {
  return { C: 5, D: 5, H: 4, S: 4, N: 3 }[strain];
}
