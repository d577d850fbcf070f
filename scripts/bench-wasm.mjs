// The solver benchmark inside the wasm build, under node: the same work as
// `sudoku64 bench solve --shuffle SEED FILE` (count up to 2, each puzzle under a random
// symmetry), timed from JS. Run `npm run build` first.
//
//   node scripts/bench-wasm.mjs [--seed S] FILE...
import { readFileSync } from 'node:fs';
import { initSync, benchCount } from '../www/pkg/sudoku64.js';

const args = process.argv.slice(2);
let seed = 1n;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seed') seed = BigInt(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node scripts/bench-wasm.mjs [--seed S] FILE...');
  process.exit(2);
}
initSync({ module: readFileSync(new URL('../www/pkg/sudoku64_bg.wasm', import.meta.url)) });
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  // A first, untimed run lets the engine's JIT tier up (a small set would otherwise be
  // timed mostly in the baseline compiler).
  benchCount(text, seed);
  const [count, ms] = benchCount(text, seed);
  const secs = ms / 1000;
  console.log(`${file.split('/').pop().padEnd(34)} ${String(count).padStart(8)} puzzles  ${(count / secs).toFixed(0).padStart(10)} puzzles/s (wasm, node ${process.version})`);
}
