// Times every hint on the way from each puzzle to its solution inside the wasm build,
// under node: the same walk as `sudoku64 bench hint FILE`, plus reading and writing the
// grid (its one-line form, or its game ID for killers and other variants) on each call.
// Build first (see BENCHMARKS.md, "Hints"):
//
//   node bench/hint-wasm/run.mjs [--limit N] FILE...
import { readFileSync } from 'node:fs';
import { initSync, afterHint } from '../../target/hint-wasm/sudoku64_hint_wasm.js';

initSync({
  module: readFileSync(new URL('../../target/hint-wasm/sudoku64_hint_wasm_bg.wasm', import.meta.url)),
});

const args = process.argv.slice(2);
let limit = Infinity;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--limit') limit = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node bench/hint-wasm/run.mjs [--limit N] FILE...');
  process.exit(2);
}

const pct = (sorted, p) => sorted[Math.round((sorted.length - 1) * p)];
for (const file of files) {
  const puzzles = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    // A line of `sudoku64 generate` carries the solution after the puzzle: the puzzle only.
    .map((l) => l.split(/\s+/)[0])
    .slice(0, limit);
  // One untimed walk lets the engine's JIT tier up.
  for (let g = puzzles[0]; g; ) g = afterHint(g);
  const times = [];
  let slowest = { ms: 0, grid: '' };
  for (const puzzle of puzzles) {
    let grid = puzzle;
    while (grid) {
      const start = performance.now();
      const next = afterHint(grid);
      const ms = performance.now() - start;
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, grid };
      grid = next;
    }
  }
  // The slowest hint again, five times: a one-off pause shows as a much lower figure.
  const again = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    afterHint(slowest.grid);
    again.push(((performance.now() - start) * 1e3).toFixed(0));
  }
  times.sort((a, b) => a - b);
  const name = file.split('/').pop();
  console.log(
    `${name}: ${puzzles.length} puzzles, ${times.length} hints (wasm, node ${process.version}): ` +
      `median ${(pct(times, 0.5) * 1e3).toFixed(1)} µs, p99 ${(pct(times, 0.99) * 1e3).toFixed(1)} µs, ` +
      `max ${(times[times.length - 1] * 1e3).toFixed(1)} µs (that grid again: ${again.join(', ')} µs)`,
  );
}
