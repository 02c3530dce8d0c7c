// Duplicate bridge scoring of one contract (Law 77), pure. The result is
// always from North-South's side: positive when NS score, negative when EW do.

import { parseContract } from "./contract.js";

const TRICK_VALUE = { C: 20, D: 20, H: 30, S: 30, N: 30 };

function contractPoints({ level, strain, doubled }) {
  const undoubled = TRICK_VALUE[strain] * level + (strain === "N" ? 10 : 0);
  return undoubled * 2 ** doubled;
}

function madeScore(contract, over, vulnerable) {
  const { level, strain, doubled } = contract;
  const points = contractPoints(contract);
  let score = points;
  score += points >= 100 ? (vulnerable ? 500 : 300) : 50;
  if (level === 6) score += vulnerable ? 750 : 500;
  if (level === 7) score += vulnerable ? 1500 : 1000;
  if (doubled) score += 50 * doubled;
  if (doubled === 0) score += over * TRICK_VALUE[strain];
  else score += over * (vulnerable ? 200 : 100) * doubled;
  return score;
}

function penalty(down, doubled, vulnerable) {
  if (doubled === 0) return down * (vulnerable ? 100 : 50);
  let doubledPenalty;
  if (vulnerable) doubledPenalty = 200 + (down - 1) * 300;
  else doubledPenalty = down <= 3 ? [0, 100, 300, 500][down] : 500 + (down - 3) * 300;
  return doubledPenalty * doubled;
}

/**
 * Score for the declaring side.
 * @param {import("./contract.js").Contract} contract
 * @param {number} tricks tricks the declarer took, 0-13
 * @param {boolean} vulnerable whether the declaring side is vulnerable
 */
export function declarerScore(contract, tricks, vulnerable) {
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
    throw new RangeError(`invalid tricks: ${tricks}`);
  }
  const over = tricks - (contract.level + 6);
  if (over >= 0) return madeScore(contract, over, vulnerable);
  return -penalty(-over, contract.doubled, vulnerable);
}

/**
 * North-South's score of a result as the wire carries it.
 * @param {string} code "4SX", "3N", "PASS"
 * @param {"N"|"E"|"S"|"W"|null} declarer
 * @param {number} tricks
 * @param {"None"|"NS"|"EW"|"Both"} vulnerability of the board
 */
export function nsScore(code, declarer, tricks, vulnerability) {
  const contract = parseContract(code);
  if (contract === null) return 0;
  const side = declarer === "N" || declarer === "S" ? "NS" : "EW";
  const vulnerable = vulnerability === "Both" || vulnerability === side;
  const score = declarerScore(contract, tricks, vulnerable);
  return side === "NS" ? score : -score;
}
