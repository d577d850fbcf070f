// The site `npm start` serves, dist/app/ (scripts/app-folder.mjs), made afresh from the
// sources of now: each page's modules bundled into a few minified files, with preload links
// for them, every other file the pages and the widget's example load, and a sw.js of its
// own; served as npm start serves it, the app starts, generates, solves, speaks French,
// prints, and the example's widgets load, in Chromium.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { launch, ROOT } from './harness.mjs';
import { staticServer } from '../../scripts/server.mjs';
import { EXAMPLE_PAGES, appFiles, assembleAppFolder } from '../../scripts/app-folder.mjs';
import { precacheFiles, precacheManifest } from '../../scripts/precache.mjs';
import { moduleGraph } from '../../scripts/widget-size.mjs';

/** Made here, beside the build's own dist/app/, so that the test never changes what npm start serves. */
const FOLDER = 'target/app-folder-test';
const SITE = join(ROOT, FOLDER);
after(() => rmSync(SITE, { recursive: true, force: true }));

/** The JavaScript files a page must load before it runs (its static imports), relative to `root`. */
async function startUp(root, page) {
  const html = join(root, page);
  return (await moduleGraph(html, { urls: false, dynamic: false }))
    .filter((path) => path.endsWith('.js')).map((path) => relative(root, path));
}

test('dist/app bundles each page into a few minified files, holds what the pages load, and lists it in its sw.js', async () => {
  const { files } = await assembleAppFolder(FOLDER);
  for (const file of await appFiles()) assert.ok(files.includes(file), `${file} is in the site`);
  for (const page of ['index.html', 'print.html']) {
    const sources = await startUp(ROOT, page);
    const built = await startUp(SITE, page);
    assert.ok(sources.length >= 15 && built.length <= 8, `${page}: ${built.length} files to start, against ${sources.length}`);
    // Each one the page fetches before it runs is preloaded, or the page's own script.
    const html = readFileSync(join(SITE, page), 'utf8');
    for (const file of built) assert.ok(html.includes(`href="${file}"`) || html.includes(`src="${file}"`), `${page} preloads ${file}`);
  }
  // What the service worker keeps: every file the pages load, minified, with its hash.
  const precached = await precacheFiles(SITE);
  let source = 0;
  let built = 0;
  for (const file of precached.filter((f) => f.endsWith('.js'))) built += statSync(join(SITE, file)).size;
  for (const file of (await precacheFiles()).filter((f) => f.endsWith('.js'))) source += statSync(join(ROOT, file)).size;
  assert.ok(built < 0.7 * source, `minified: ${built} bytes of JavaScript against ${source}`);
  for (const file of precached.filter((f) => !f.endsWith('.js') && !f.endsWith('.html'))) {
    assert.ok(readFileSync(join(SITE, file)).equals(readFileSync(join(ROOT, file))), `${file} copied as it is`);
  }
  const manifest = await precacheManifest(SITE);
  assert.ok(readFileSync(join(SITE, 'sw.js'), 'utf8').includes(JSON.stringify(manifest, null, 1)), 'sw.js carries the folder\'s list');
  assert.deepEqual(manifest.files.map((f) => f.path), precached);
  for (const file of precached) assert.ok(statSync(join(SITE, file)).isFile(), `${file} (precached) is there`);
  // And nothing else: every file is one the pages or the examples load (no module the
  // bundles replaced is left behind).
  const loaded = new Set(precached);
  for (const page of EXAMPLE_PAGES) {
    for (const path of await moduleGraph(join(SITE, page), { engine: 'light' })) loaded.add(relative(SITE, path));
  }
  assert.deepEqual(files.filter((file) => !loaded.has(file)), [], 'files nothing loads');
  assert.ok(precached.includes('www/internal/worker.js') && precached.includes('www/pkg/sudoku64_bg.wasm'));
  assert.ok(dirname(precached.find((f) => f.endsWith('app.js'))) === 'www/internal');
});

test('served as npm start serves it, the built app starts, generates, solves, speaks French and prints', async () => {
  const server = staticServer({ root: SITE });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    const missing = [];
    page.on('pageerror', (err) => errors.push(err));
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(new Error(`${msg.text()} (${msg.location().url})`)); });
    page.on('response', (response) => { if (response.status() >= 400) missing.push(response.url()); });
    await page.goto(`${origin}/#size=9&seed=5`);
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
    const givens = await page.$eval('#grid', (c) => c.dataset.givens);
    assert.match(givens, /^[1-9.]{81}$/);
    assert.ok(givens.includes('.'), givens);
    // A hint (the engine's logic), then Solve.
    await page.click('#hint');
    await page.waitForFunction(() => document.getElementById('grid').dataset.hintTarget);
    await page.click('#solve');
    await page.waitForFunction(() => !document.getElementById('grid').dataset.grid.includes('.'));
    const solved = await page.$eval('#grid', (c) => c.dataset.grid);
    for (let i = 0; i < 81; i++) if (givens[i] !== '.') assert.equal(solved[i], givens[i], `given ${i} kept`);
    // Another language's catalogs come in a chunk of their own.
    await page.selectOption('#lang', 'fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr' && /Résoudre/.test(document.getElementById('solve').textContent));

    // The print view: the puzzle and its answer key.
    await page.goto(`${origin}/print.html?puzzle=${givens}`);
    await page.waitForFunction(() => document.getElementById('sheets').dataset.pages);
    assert.equal(await page.getAttribute('#sheets', 'data-pages'), '2');

    // The widget's example host page, as the README says to open it.
    await page.goto(`${origin}/www/examples/embed.html`);
    await page.waitForFunction(() => ['play', 'generate'].every((id) => /[^.]/.test(document.getElementById(id)?.value ?? '')));
    assert.deepEqual(errors, []);
    assert.deepEqual(missing, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('after one visit, the built app reloads offline from its own service worker and generates', async () => {
  const server = staticServer({ root: SITE });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launch({ serviceWorkers: 'allow' });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    // (waitForFunction would take the promise for true.)
    for (let i = 0; !await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated')); i++) {
      assert.ok(i < 600, 'the service worker became active');
      await page.waitForTimeout(100);
    }
    const { version, files } = await precacheManifest(SITE);
    const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1)), `sudoku64-${version}`);
    assert.deepEqual(cached.sort(), files.map((f) => f.path).sort(), 'every file of the built site\'s list is cached');
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    await page.click('#generate');
    await page.waitForFunction(() => /[1-9]/.test(document.getElementById('grid').dataset.givens ?? ''));
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
