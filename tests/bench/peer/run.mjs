// The bench's peer: npm bridge-scorer (pure JavaScript), timed on the field that
// tests/bench/bench_scoring.py generated. Usage: node run.mjs FIELD.json
// FIELD.json: {"runs": R, "boards": [[ns_score, ...], ...]}. Prints one JSON object: the
// version, the median milliseconds of each method over R runs (after one warm-up run, as the
// Python side does), and every number the peer produced, for the Python side to compare.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const scorer = require('bridge-scorer');
const { version } = require('bridge-scorer/package.json');

const field = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const runs = field.runs ?? 15;

// The peer reads a game as {contract: {declaror}, score} from the declarer's side; every score
// here is North-South's, so North "declares" them all. A score of 0 is its passed-out game.
const games = () =>
  field.boards.map((board) =>
    board.map((score) => (score === 0 ? { score: 0 } : { contract: { declaror: 'N' }, score })),
  );

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function time(method) {
  const boards = games();
  const times = [];
  let out;
  for (let run = 0; run <= runs; run += 1) {
    const start = process.hrtime.bigint();
    out = boards.map((board) => method(board));
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (run > 0) times.push(ms);
  }
  return { ms: median(times), boards, out };
}

const mp = time(scorer.matchpoints);
const butler = time(scorer.butler);
const cross = time(scorer.crossImps);

process.stdout.write(
  JSON.stringify({
    version,
    runs,
    ms: { mp: mp.ms, butler: butler.ms, cross: cross.ms },
    mp: mp.boards.map((board) => board.map((game) => game.matchpointsNS.value)),
    butler: {
      datum: butler.out,
      imps: butler.boards.map((board) => board.map((game) => game.impsNS.value)),
    },
    cross: cross.boards.map((board) => board.map((game) => game.impsNS.value)),
  }),
);
