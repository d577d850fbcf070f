// Generation timings in headless Chromium, through the real page stack (engine.js ->
// worker -> wasm): median and worst over seeds 1..N for each size.
//
//   node scripts/bench-browser.mjs [--seeds N] [--symmetry S] [--minimal | --empty F]
//                                  [--box RxC] [--variant LIST] [--difficulty LEVEL] [SIZE...]
//   (default: 20 seeds, no symmetry, default targets, the sides' usual boxes, no variant,
//   no level, 9 16 25 36 49 64). --variant takes the engine's names, comma-separated: x,
//   windoku, jigsaw (`--variant jigsaw 9 25 64`); --difficulty a level, easy to diabolical
//   (each search within the engine's default budget, 10 s), and a column counts the
//   puzzles that reached it.
// Build first (npm run build); uses Debian's Chromium like the e2e tests.
import { serve, launch, openPage } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
let seeds = 20;
let symmetry = 'none';
let minimal = false;
let empty;
let box = '';
let variant = [];
let difficulty;
const sizes = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seeds') seeds = Number(args[++i]);
  else if (args[i] === '--symmetry') symmetry = args[++i];
  else if (args[i] === '--minimal') minimal = true;
  else if (args[i] === '--empty') empty = Number(args[++i]);
  else if (args[i] === '--box') box = args[++i];
  else if (args[i] === '--variant') variant = args[++i].split(',').filter(Boolean);
  else if (args[i] === '--difficulty') difficulty = args[++i];
  else sizes.push(Number(args[i]));
}
if (sizes.length === 0) sizes.push(9, 16, 25, 36, 49, 64);

const server = await serve();
const browser = await launch({ share: false, full: true }); // each page as a first visit: cold caches, in a visitor's browser
try {
  const page = await openPage(browser, `${server.origin}/tests/e2e/blank.html`);
  const layout = `${box ? `${box} boxes` : 'usual boxes'}${variant.length ? `, ${variant.join(' ')}` : ''}${difficulty ? `, level ${difficulty}` : ''}`;
  console.log(`generation in headless Chromium, seeds 1..${seeds}, ${minimal ? 'minimal' : empty === undefined ? 'default targets' : `${empty * 100}% empty`}, symmetry ${symmetry}, ${layout}`);
  console.log(`size     median ms   worst ms   clues (min-max)   empty % (min)   targets reached   minimal${difficulty ? '   level reached' : ''}`);
  for (const size of sizes) {
    const runs = await page.evaluate(async ({ size, seeds, symmetry, minimal, empty, box, variant, difficulty }) => {
      const { createEngine } = await import('/www/engine.js');
      const engine = createEngine();
      await engine.version();
      const out = [];
      for (let seed = 1; seed <= seeds; seed++) {
        const start = performance.now();
        const r = await engine.generate({ size, seed, symmetry, minimal, empty, box, variant, difficulty });
        out.push({
          ms: performance.now() - start, clues: r.clues, empty: r.empty, reached: r.targetReached, minimal: r.minimal,
          level: r.difficultyReached,
        });
      }
      engine.terminate();
      return out;
    }, { size, seeds, symmetry, minimal, empty, box, variant, difficulty });
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const median = ms[Math.floor((ms.length - 1) / 2)];
    const clues = runs.map((r) => r.clues);
    const empties = runs.map((r) => r.empty * 100);
    console.log(`${`${size}×${size}`.padEnd(8)} ${median.toFixed(1).padStart(9)} ${ms.at(-1).toFixed(1).padStart(10)}   ${`${Math.min(...clues)}-${Math.max(...clues)}`.padStart(15)}   ${Math.min(...empties).toFixed(1).padStart(13)}   ${`${runs.filter((r) => r.reached).length}/${runs.length}`.padStart(15)}   ${runs.filter((r) => r.minimal).length}/${runs.length}${difficulty ? `   ${`${runs.filter((r) => r.level).length}/${runs.length}`.padStart(13)}` : ''}`);
  }
} finally {
  await browser.close();
  await server.close();
}
