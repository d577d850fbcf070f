// Hint timings in headless Chromium, through the real page stack (engine.js -> worker ->
// wasm): the first hint of each puzzle of 9×9 sets, and hints on generated large grids
// (the first one, and one halfway to the solution).
//
//   node scripts/bench-hint-browser.mjs [--limit N] [--langs en,fr] [SET...]
//     (default: 200 puzzles of each set, worded in English and then in French, side by side:
//     the hint's sentences are made in the page, in the language in use)
// Build first (npm run build); uses Debian's Chromium like the e2e tests.
import { readFile } from 'node:fs/promises';
import { serve, launch, openPage, ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
let limit = 200;
let langs = ['en', 'fr'];
const sets = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--limit') limit = Number(args[++i]);
  else if (args[i] === '--langs') langs = args[++i].split(',');
  else sets.push(args[i]);
}
if (sets.length === 0) {
  for (const name of ['puzzles2_17_clue', 'puzzles3_magictour_top1465', 'puzzles5_forum_hardest_1905_11+']) {
    sets.push(`${ROOT}/../shared/puzzles/${name}`);
  }
}

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))];
  return `median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${s.at(-1).toFixed(2)} ms`;
};

const server = await serve();
const browser = await launch({ full: true }); // a visitor's browser, not the tests' headless shell
try {
  const page = await openPage(browser, `${server.origin}/tests/e2e/blank.html`);
  await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine.js');
    window.engine = createEngine();
    await window.engine.version();
  });
  console.log('first hint of each puzzle, timed in the page around engine.hint');
  for (const file of sets) {
    const lines = (await readFile(file, 'utf8')).split('\n')
      .map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map((l) => l.split(/\s/)[0]).slice(0, limit);
    // Each language twice, alternated, so that a drift of the machine falls on both.
    for (const lang of [...langs, ...langs]) {
      const ms = await page.evaluate(async ({ puzzles, lang }) => {
        const { setLanguage } = await import('/www/internal/i18n.js');
        await setLanguage(lang, ['core', 'hints']);
        const out = [];
        for (const p of puzzles) {
          const t = performance.now();
          const r = await window.engine.hint(p);
          if (r.status !== 'ok' || !r.steps.every((s) => s.text && s.focus)) throw new Error(`${p}: ${r.status}`);
          out.push(performance.now() - t);
        }
        return out;
      }, { puzzles: lines, lang });
      console.log(`${file.split('/').pop().padEnd(36)} ${lang} ${String(ms.length).padStart(5)} puzzles: ${stats(ms)}`);
    }
  }
  for (const size of [16, 25, 36, 49, 64]) {
    const ms = await page.evaluate(async (size) => {
      const out = [];
      for (let seed = 1; seed <= 3; seed++) {
        const made = await window.engine.generate({ size, seed });
        let t = performance.now();
        await window.engine.hint(made.puzzle);
        out.push(performance.now() - t);
        // Halfway: fill half of the empty cells from the solution.
        const cells = [...made.puzzle];
        let left = cells.filter((c) => c === '.').length / 2;
        for (let i = 0; i < cells.length && left > 0; i++) {
          if (cells[i] === '.') { cells[i] = made.solution[i]; left--; }
        }
        t = performance.now();
        await window.engine.hint(cells.join(''));
        out.push(performance.now() - t);
      }
      return out;
    }, size);
    console.log(`generated ${`${size}×${size}`.padEnd(26)} ${String(ms.length).padStart(5)} hints:   ${stats(ms)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
