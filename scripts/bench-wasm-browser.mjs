// The 9×9 solver inside the wasm build, in headless Chromium, against the native command,
// side by side: for each puzzle set, `sudoku64 bench solve --shuffle SEED SET` (native) and
// the wasm export `benchCount(text, seed)` in a page take turns ROUNDS times, and each keeps
// its best rate. Both count up to 2 under the same symmetries, and neither times the
// reading of the text. Build both first: `cargo build --release` and `npm run build`.
//
// With `--against DIR` (a copy of an earlier www/pkg under www/, e.g. www/pkg-base), that
// module runs in the same page too, alternating with the current one in each round, and
// the last column is the current module's best rate over the other's: an A/B comparison
// of two wasm builds that the machine's load hits alike.
//
//   node scripts/bench-wasm-browser.mjs [--rounds N] [--seed S] [--against DIR] SET...
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { serve, launch, openPage, ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
let rounds = 5;
let seed = 1;
let against = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--seed') seed = Number(args[++i]);
  else if (args[i] === '--against') against = args[++i].replace(/\/+$/, '');
  else files.push(args[i]);
}
if (files.length === 0 || !(rounds >= 1) || !Number.isInteger(seed)) {
  console.error('usage: node scripts/bench-wasm-browser.mjs [--rounds N] [--seed S] [--against DIR] SET...');
  process.exit(2);
}

const native = join(ROOT, 'target/release/sudoku64');
const server = await serve();
const browser = await launch({ full: true }); // a visitor's browser, not the tests' headless shell
try {
  const page = await openPage(browser, `${server.origin}/tests/e2e/blank.html`);
  // A module's path under the root, as the page imports it.
  const other = against && `/${relative(ROOT, resolve(against)).split(sep).join('/')}/sudoku64.js`;
  await page.evaluate(async (other) => {
    const load = async (path) => {
      const wasm = await import(path);
      await wasm.default();
      return wasm.benchCount;
    };
    globalThis.benchCount = await load('/www/pkg/sudoku64.js');
    if (other) globalThis.benchOther = await load(other);
  }, other);
  // One timed run of a module's benchCount (after an untimed one that lets the JIT tier
  // up), as puzzles per second.
  const wasmRate = (fn, text) => page.evaluate(({ fn, text, seed }) => {
    globalThis[fn](text, BigInt(seed));
    const [count, ms] = Array.from(globalThis[fn](text, BigInt(seed)), Number);
    return count / (ms / 1000);
  }, { fn, text, seed });
  const head = `${'set'.padEnd(34)} ${'native /s'.padStart(10)} ${'Chromium /s'.padStart(12)} ${'÷native'.padStart(8)}`;
  console.log(other ? `${head} ${'other /s'.padStart(10)} ${'÷other'.padStart(7)}` : head);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    let bestNative = 0;
    let bestWasm = 0;
    let bestOther = 0;
    for (let round = 0; round < rounds; round++) {
      const out = execFileSync(native, ['bench', 'solve', '--shuffle', String(seed), file], { encoding: 'utf8' });
      bestNative = Math.max(bestNative, Number(/^puzzles\/s\s+(\d+)/m.exec(out)[1]));
      // The two modules take turns going first.
      if (other && round % 2 === 0) bestOther = Math.max(bestOther, await wasmRate('benchOther', text));
      bestWasm = Math.max(bestWasm, await wasmRate('benchCount', text));
      if (other && round % 2 === 1) bestOther = Math.max(bestOther, await wasmRate('benchOther', text));
    }
    const line = `${basename(file).padEnd(34)} ${bestNative.toFixed(0).padStart(10)} ${bestWasm.toFixed(0).padStart(12)} ${(bestWasm / bestNative).toFixed(2).padStart(8)}`;
    console.log(other ? `${line} ${bestOther.toFixed(0).padStart(10)} ${(bestWasm / bestOther).toFixed(3).padStart(7)}` : line);
  }
  if (page.errors.length) throw page.errors[0];
} finally {
  await browser.close();
  await server.close();
}
