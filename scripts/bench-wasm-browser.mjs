// The 9×9 solver inside the wasm build, in headless Chromium, against the native command,
// side by side: for each puzzle set, `sudoku64 bench solve --shuffle SEED SET` (native) and
// the wasm export `benchCount(text, seed)` in a page take turns ROUNDS times, and each keeps
// its best rate. Both count up to 2 under the same symmetries, and neither times the
// reading of the text. Build both first: `cargo build --release` and `npm run build`.
//
//   node scripts/bench-wasm-browser.mjs [--rounds N] [--seed S] SET...
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serve, launch, openPage, ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
let rounds = 5;
let seed = 1;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--seed') seed = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0 || !(rounds >= 1) || !Number.isInteger(seed)) {
  console.error('usage: node scripts/bench-wasm-browser.mjs [--rounds N] [--seed S] SET...');
  process.exit(2);
}

const native = join(ROOT, 'target/release/sudoku64');
const server = await serve();
const browser = await launch();
try {
  const page = await openPage(browser, `${server.origin}/tests/e2e/blank.html`);
  await page.evaluate(async () => {
    const wasm = await import('/www/pkg/sudoku64.js');
    await wasm.default();
    globalThis.benchCount = wasm.benchCount;
  });
  console.log(`${'set'.padEnd(34)} ${'native /s'.padStart(10)} ${'Chromium /s'.padStart(12)} ${'÷native'.padStart(8)}`);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    let bestNative = 0;
    let bestWasm = 0;
    for (let round = 0; round < rounds; round++) {
      const out = execFileSync(native, ['bench', 'solve', '--shuffle', String(seed), file], { encoding: 'utf8' });
      bestNative = Math.max(bestNative, Number(/^puzzles\/s\s+(\d+)/m.exec(out)[1]));
      const [count, ms] = await page.evaluate(({ text, seed }) => {
        // The first run lets the JIT tier up; the second is timed.
        globalThis.benchCount(text, BigInt(seed));
        return Array.from(globalThis.benchCount(text, BigInt(seed)), Number);
      }, { text, seed });
      bestWasm = Math.max(bestWasm, count / (ms / 1000));
    }
    console.log(`${basename(file).padEnd(34)} ${bestNative.toFixed(0).padStart(10)} ${bestWasm.toFixed(0).padStart(12)} ${(bestWasm / bestNative).toFixed(2).padStart(8)}`);
  }
  if (page.errors.length) throw page.errors[0];
} finally {
  await browser.close();
  await server.close();
}
