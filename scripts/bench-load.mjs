// How fast the app loads on a slow phone: Chromium with its CPU slowed 4×, and the network
// at 1.6 Mbps down, 750 kbps up and 150 ms latency (Chrome DevTools' "Slow 4G"). For a
// first visit (a fresh browser profile) and a repeat visit (the same profile, the service
// worker installed), prints when the grid is first drawn and when the engine is ready
// (the footer names its version), in ms from the start of navigation, and the bytes the
// server sent. The site is dist/app/ (the pages and their files, JavaScript minified),
// served by scripts/server.mjs compressed as `npm start` serves it, and, for comparison,
// as it is. Then the widget's first visit on a host page, loading the folder a site copies
// (dist/sudoku64/), given a puzzle (the light engine) and generating one (the full
// engine): when its board is drawn and when the engine's first answer is on it. Not a
// test: it asserts nothing and prints figures.
//
//   node scripts/bench-load.mjs [--runs N] [--persistent] [--widget]
//     --runs N       runs, each a first and a repeat visit (default 3; medians are printed)
//     --widget       only the widget's visits
//     --persistent   each run in a browser profile on disk, as a phone's browser keeps one,
//                    instead of an in-memory one: the compiled code of the scripts and the
//                    wasm is then kept between visits as it would be
// Build first (npm run build); uses Debian's Chromium like the e2e tests.
import { staticServer } from './server.mjs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, launchPersistent, ROOT, TEST_PATHS } from '../tests/e2e/harness.mjs';
import { precacheFiles } from './precache.mjs';
import { APP_FOLDER } from './app-folder.mjs';
import { EMBED_FOLDER } from './widget-size.mjs';

const args = process.argv.slice(2);
let runs = 3;
let persistent = false;
let widgetOnly = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--persistent') persistent = true;
  else if (args[i] === '--widget') widgetOnly = true;
  else {
    console.error(`unknown option ${args[i]}: use --runs N, --persistent and --widget`);
    process.exit(2);
  }
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1');
  process.exit(2);
}

/** The throttling: DevTools' CPU rate and network conditions (bytes per second). */
const CPU_RATE = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/**
 * A server on a free port that counts the bytes it writes: of `root` (the built site,
 * dist/app/, as `npm start` serves it), or of the checkout for the widget's host page
 * (which loads the folder a site copies, dist/sudoku64/).
 */
async function start(compress, root = join(ROOT, APP_FOLDER)) {
  const server = root === ROOT
    ? staticServer({ root, allow: [...TEST_PATHS, `${EMBED_FOLDER}/`], compress })
    : staticServer({ root, compress });
  const sockets = new Set();
  let closedBytes = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => { closedBytes += socket.bytesWritten; sockets.delete(socket); });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  // Every file compressed once before timing (the server keeps them).
  for (const path of await precacheFiles(root)) await fetch(`${origin}/${path}`, { headers: { 'accept-encoding': 'br' } });
  return {
    origin,
    bytes: () => closedBytes + [...sockets].reduce((sum, s) => sum + s.bytesWritten, 0),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Records, in the page, when the grid is first sized and when the engine's version shows. */
function watch() {
  window.loadTimes = {};
  new MutationObserver(() => {
    const grid = document.getElementById('grid');
    if (!window.loadTimes.grid && grid?.width > 0) window.loadTimes.grid = performance.now();
    if (!window.loadTimes.ready && document.getElementById('engine-version')?.textContent) window.loadTimes.ready = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** A new page in `context`, its CPU and network slowed as a phone's (CPU_RATE, NETWORK). */
async function throttledPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  return page;
}

/** One visit of the app in `context`: {grid, ready} in ms and the bytes sent. */
async function visit(context, server) {
  const page = await throttledPage(context);
  const before = server.bytes();
  await page.goto(`${server.origin}/`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.loadTimes?.ready, null, { timeout: 120_000, polling: 100 });
  const times = await page.evaluate(() => window.loadTimes);
  const bytes = server.bytes() - before;
  // Let the service worker's install finish before the next visit.
  // (waitForFunction would take the promise for true.)
  for (let i = 0; !await page.evaluate(() => navigator.serviceWorker.getRegistration()
    .then((r) => r?.active?.state === 'activated' && !r.installing && !r.waiting)); i++) {
    if (i === 600) throw new Error('the service worker did not install within a minute');
    await page.waitForTimeout(100);
  }
  await page.close();
  return { ...times, bytes };
}

/** A puzzle for the widget's visits (the first of tests/data/9x9.txt with one solution). */
const PUZZLE = (await readFile(join(ROOT, 'tests/data/9x9.txt'), 'utf8')).split('\n')
  .find((line) => !line.startsWith('#') && line.split(':')[1] === '1').split(':')[0];

/**
 * One first visit of a page with the widget, in a fresh context: `play`, given a puzzle and
 * asked to solve it at once (the light engine answers), or `generate` (the full engine
 * makes a 9×9). {drawn, answered}: ms from the start of navigation until the widget's
 * board is sized, and until the engine's first answer is on it.
 */
async function widgetVisit(server, mode) {
  const context = await browser.newContext();
  const page = await throttledPage(context);
  await page.goto(`${server.origin}/tests/e2e/blank.html`, { waitUntil: 'commit' });
  const times = await page.evaluate(async ({ mode, puzzle }) => {
    const widget = document.createElement('sudoku-widget');
    if (mode === 'play') widget.setAttribute('puzzle', puzzle);
    else widget.setAttribute('mode', 'generate');
    document.body.append(widget);
    await import('/dist/sudoku64/widget.js');
    const times = {};
    const board = () => widget.shadowRoot?.querySelector('canvas');
    while (!(board()?.width > 0)) await new Promise((resolve) => setTimeout(resolve, 10));
    times.drawn = performance.now();
    if (mode === 'play') await widget.solve();
    else while (!/[^.]/.test(widget.value)) await new Promise((resolve) => setTimeout(resolve, 10));
    times.answered = performance.now();
    return times;
  }, { mode, puzzle: PUZZLE });
  await context.close();
  return times;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const browser = await launch({ serviceWorkers: 'allow', full: true }); // as a visitor's browser: the repeat visit is the service worker's
try {
  console.log(`app load, Chromium with CPU ${CPU_RATE}× slower, ${NETWORK.downloadThroughput * 8 / 1e6} Mbps down, `
    + `${NETWORK.latency} ms latency; median of ${runs} run${runs === 1 ? '' : 's'}; `
    + `${persistent ? 'a browser profile on disk' : 'an in-memory browser profile'} per run`);
  console.log('served as        visit     grid drawn ms   engine ready ms   KB sent');
  for (const compress of widgetOnly ? [] : [true, false]) {
    const server = await start(compress);
    const results = { first: [], repeat: [] };
    for (let run = 0; run < runs; run++) {
      const profile = persistent ? await mkdtemp(join(tmpdir(), 'sudoku64-profile-')) : null;
      const context = profile ? await launchPersistent(profile, { full: true }) : await browser.newContext();
      await context.addInitScript(watch);
      results.first.push(await visit(context, server));
      results.repeat.push(await visit(context, server));
      await context.close();
      if (profile) await rm(profile, { recursive: true, force: true });
    }
    for (const kind of ['first', 'repeat']) {
      const r = results[kind];
      console.log(`${(compress ? 'compressed' : 'uncompressed').padEnd(16)} ${kind.padEnd(9)} `
        + `${median(r.map((x) => x.grid)).toFixed(0).padStart(13)}   ${median(r.map((x) => x.ready)).toFixed(0).padStart(15)}   `
        + `${(median(r.map((x) => x.bytes)) / 1024).toFixed(1).padStart(7)}`);
    }
    await server.close();
  }
  // The widget: given a puzzle it starts the light engine; generating, the full one.
  console.log('widget, first visit, compressed:  drawn ms   first answer ms');
  const server = await start(true, ROOT);
  for (const mode of ['play', 'generate']) {
    const r = [];
    for (let run = 0; run < runs; run++) r.push(await widgetVisit(server, mode));
    console.log(`${(mode === 'play' ? 'given a puzzle, solving it' : 'generating a 9×9').padEnd(32)} `
      + `${median(r.map((x) => x.drawn)).toFixed(0).padStart(8)}   ${median(r.map((x) => x.answered)).toFixed(0).padStart(15)}`);
  }
  await server.close();
} finally {
  await browser.close();
}
