// Count-to-2 timings in headless Chromium through the real page stack (engine.js ->
// worker -> wasm), side by side with the native build on the same puzzles in one run.
//
//   node scripts/bench-solve-browser.mjs [--timeout S] [--first N] FILE...
//
// For each file: the native `sudoku64 bench large` first, then `engine.count(puzzle, 2)`
// in the page for each puzzle (cancelled after the timeout). One line per puzzle with
// both times and the ratio (browser / native), then per file: decided, medians, totals
// and the ratio of the totals. Build both first: `npm run build` (the wasm) and
// `cargo build --release` (the native command).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, basename } from 'node:path';
import { serve, launch, openPage, ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
let timeout = 60;
let first = Infinity;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--timeout') timeout = Number(args[++i]);
  else if (args[i] === '--first') first = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node scripts/bench-solve-browser.mjs [--timeout S] [--first N] FILE...');
  process.exit(2);
}

/** Per puzzle {count, ms, engine} from the native command, in file order. */
function native(lines) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku64-bench-'));
  const path = join(dir, 'puzzles.txt');
  writeFileSync(path, `${lines.join('\n')}\n`);
  let out;
  try {
    out = execFileSync(join(ROOT, 'target/release/sudoku64'), ['bench', 'large', '--timeout', String(timeout), path],
      { encoding: 'utf8', maxBuffer: 1 << 26 });
  } catch (err) {
    // It exits with 1 when a puzzle was left undecided; its lines are still there.
    if (err.status !== 1 || typeof err.stdout !== 'string') {
      console.error(`the native command failed on ${lines.length} puzzles: ${err.stderr || err.message}`);
      process.exit(2);
    }
    out = err.stdout;
  }
  return out.split('\n').filter((l) => l && !l.startsWith('#') && !/^puzzle\s/.test(l)).map((l) => {
    const [, count, ms, engine] = l.trim().split(/\s+/);
    return { count: count === '?' ? null : Number(count), ms: Number(ms), engine };
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

const server = await serve();
const browser = await launch({ full: true }); // a visitor's browser, not the tests' headless shell
try {
  const page = await openPage(browser, `${server.origin}/tests/e2e/blank.html`);
  console.log('puzzle                     native ms   browser ms   ratio   count  engine');
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, first);
    const mine = native(lines);
    const rows = [];
    for (const [i, line] of lines.entries()) {
      // One engine (one worker) for the whole run, as in the app, so the wasm runs in
      // the browser's optimising tier; a new one only after a cancel ended the last.
      const r = await page.evaluate(async ({ line, timeout }) => {
        if (!globalThis.benchEngine) {
          const { createEngine } = await import('/www/engine.js');
          globalThis.benchEngine = createEngine();
          await globalThis.benchEngine.version();
        }
        const start = performance.now();
        try {
          const result = await globalThis.benchEngine.count(line, 2, { signal: AbortSignal.timeout(timeout * 1000) });
          return { ms: performance.now() - start, count: result.count, engine: result.stats?.engine };
        } catch {
          globalThis.benchEngine.terminate();
          globalThis.benchEngine = null;
          return { ms: timeout * 1000, count: null, engine: 'undecided' };
        }
      }, { line, timeout });
      const n = mine[i];
      if (n.count !== null && r.count !== null && n.count !== r.count) {
        console.error(`${file}:${i + 1}: native counts ${n.count}, browser ${r.count}`);
        process.exitCode = 1;
      }
      rows.push({ native: n.ms, browser: r.ms, decided: r.count !== null });
      console.log(`${`${basename(file)}:${i + 1}`.padEnd(24)} ${n.ms.toFixed(1).padStart(12)} ${r.ms.toFixed(1).padStart(12)} ${(r.ms / Math.max(n.ms, 0.01)).toFixed(2).padStart(7)} ${String(r.count ?? '?').padStart(7)}  ${r.engine}`);
    }
    const nat = rows.map((r) => r.native);
    const web = rows.map((r) => r.browser);
    console.log(`# ${basename(file)}: ${rows.length} puzzles, ${rows.filter((r) => r.decided).length} decided in the browser; median ${median(nat).toFixed(1)} ms native, ${median(web).toFixed(1)} ms browser; total ${(sum(nat) / 1000).toFixed(2)} s vs ${(sum(web) / 1000).toFixed(2)} s (ratio ${(sum(web) / Math.max(sum(nat), 0.01)).toFixed(2)})`);
  }
} finally {
  await browser.close();
  await server.close();
}
