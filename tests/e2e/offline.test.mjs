// Offline use and installing: after one visit the app reloads with the network off and
// still generates, hints, solves and prints; a damaged cache is found and fetched again; a
// new deploy installs beside the running version, offers to reload, and never mixes its
// files with the old ones; the widget registers no service worker on its host's site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, withBrowser } from './harness.mjs';
import { staticServer } from '../../scripts/server.mjs';
import { precacheFiles, precacheManifest, writeServiceWorker } from '../../scripts/precache.mjs';
import { FORMS, moduleGraph } from '../../scripts/widget-size.mjs';
import { findClashes, fromLine } from '../../www/internal/grid.js';

// Service workers are what this file tests: its contexts allow them (see launch()).
const env = withBrowser({}, { serviceWorkers: 'allow' });

/** The service worker as built, or a message saying to build it. */
function builtManifest() {
  let text;
  try {
    text = readFileSync(join(ROOT, 'sw.js'), 'utf8');
  } catch {
    assert.fail('sw.js is missing: run `bash scripts/setup.sh` (the build writes it)');
  }
  return JSON.parse(text.match(/^self\.PRECACHE = ([\s\S]*?);\n/m)[1]);
}

/**
 * Waits until `fn` (run in the page, may be async) gives a truthy value; fails with
 * `what` after about a minute. (page.waitForFunction takes a returned promise for true.)
 */
async function until(page, fn, what, arg) {
  for (let i = 0; i < 600; i++) {
    if (await page.evaluate(fn, arg)) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`still waiting for ${what}`);
}

const activeWorker = (page) => until(page, () => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated'),
  'the service worker to be active');

const engineReady = (page) => page.waitForFunction(() => document.getElementById('engine-version').textContent);
const idle = (page) => page.waitForFunction(() => !document.body.dataset.busy);

/**
 * Opens `url` in `context`, waits for the service worker the first visit installs to be
 * active, and reloads: the reloaded page is controlled by it.
 */
async function openControlled(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  await page.goto(url);
  await engineReady(page);
  await activeWorker(page);
  if (!await page.evaluate(() => Boolean(navigator.serviceWorker.controller))) {
    await page.reload();
    await engineReady(page);
  }
  assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the page is controlled');
  return page;
}

/** The page's caches: {name: [path relative to the origin, ...]}. */
const cacheContents = (page) => page.evaluate(async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1)).sort();
  }
  return out;
});

/** SHA-256 (hex) of what the version's cache holds for `path`, or null. */
const cachedHash = (page, name, path) => page.evaluate(async ([cacheName, file]) => {
  const kept = await (await caches.open(cacheName)).match(new URL(file, location.origin));
  if (!kept) return null;
  const digest = await crypto.subtle.digest('SHA-256', await kept.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}, [name, path]);

/** Throws unless `grid` (one line) is complete, clash-free and keeps every given of `givens`. */
function assertSolved(givens, grid) {
  assert.doesNotMatch(grid, /\./, 'every cell filled');
  assert.equal(grid.length, givens.length);
  for (let i = 0; i < givens.length; i++) if (givens[i] !== '.') assert.equal(grid[i], givens[i], `given ${i} kept`);
  const read = fromLine(grid);
  assert.deepEqual(findClashes(read.values, read.size), [], 'no clash');
}

test('the precache list is every file the pages load, and the build wrote it with its hashes', async () => {
  const files = await precacheFiles();
  for (const page of ['index.html', 'print.html']) {
    for (const path of await moduleGraph(page)) assert.ok(files.includes(path.slice(ROOT.length)), `${path} is precached`);
  }
  for (const asset of ['www/manifest.webmanifest', 'www/icon.svg', 'www/icon-192.png', 'www/icon-maskable-512.png',
    'www/pkg/sudoku64_bg.wasm', 'www/internal/worker.js', 'www/internal/offline.js']) {
    assert.ok(files.includes(asset), `${asset} is precached`);
  }
  assert.deepEqual(builtManifest(), await precacheManifest(), 'sw.js is up to date with the files (run the build)');
});

test('Chromium finds the manifest installable: icons, colours, a start URL, standalone', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.origin}/`);
  await engineReady(page);
  await activeWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { errors, data } = await cdp.send('Page.getAppManifest');
  assert.deepEqual(errors, [], 'the manifest parses without errors');
  const manifest = JSON.parse(data);
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
  // A test browser's profile is incognito, which alone keeps it from installing.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
  await page.close();
});

test('after one visit the app reloads offline and generates, hints, solves and prints', async () => {
  const context = await env.browser.newContext();
  const page = await openControlled(context, `${env.server.origin}/`);
  const { version, files } = builtManifest();
  const cached = await cacheContents(page);
  assert.deepEqual(cached[`sudoku64-${version}`], files.map((f) => f.path).sort(), 'every file in the version\'s cache');

  await context.setOffline(true);
  await page.reload();
  await engineReady(page);
  // The network is really off: a file outside the precache list cannot be had.
  assert.equal(await page.evaluate(() => fetch('tests/e2e/blank.html').then(() => 'fetched', () => 'failed')), 'failed');

  await page.selectOption('#size', '9');
  await page.click('#generate');
  await page.waitForFunction(() => /[1-9]/.test(document.getElementById('grid').dataset.givens ?? ''));
  await idle(page);
  const givens = await page.$eval('#grid', (c) => c.dataset.givens);
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('grid').dataset.hintStage === '1');
  await page.click('#solve');
  await page.waitForFunction(() => !document.getElementById('grid').dataset.grid.includes('.'));
  await idle(page);
  assertSolved(givens, await page.$eval('#grid', (c) => c.dataset.grid));

  const print = await context.newPage();
  await print.goto(`${env.server.origin}/print.html`);
  await print.fill('#count', '2');
  await print.click('#make');
  await print.waitForFunction(() => document.getElementById('sheets').dataset.pages);
  assert.ok(await print.$$eval('#sheets svg', (svgs) => svgs.length) >= 1, 'the sheets are drawn offline');
  assert.deepEqual([...page.errors], []);
  await context.close();
});

test('a file missing from the cache, or damaged in it, is fetched again before the page is served', async () => {
  const context = await env.browser.newContext();
  const page = await openControlled(context, `${env.server.origin}/`);
  const { version, files } = builtManifest();
  const name = `sudoku64-${version}`;
  const hashOf = (path) => files.find((f) => f.path === path).sha256;
  await page.evaluate(async (cacheName) => {
    const cache = await caches.open(cacheName);
    await cache.delete(new URL('www/internal/grid.js', location.origin));
    await cache.put(new URL('www/internal/board.js', location.origin),
      new Response('export const broken = true;', { headers: { 'content-type': 'text/javascript' } }));
  }, name);
  assert.equal(await cachedHash(page, name, 'www/internal/grid.js'), null);
  await page.reload();
  await engineReady(page);
  assert.equal(await cachedHash(page, name, 'www/internal/grid.js'), hashOf('www/internal/grid.js'), 'the missing file is back');
  assert.equal(await cachedHash(page, name, 'www/internal/board.js'), hashOf('www/internal/board.js'), 'the damaged file is replaced');
  // And the page runs on the intact files, offline too.
  await context.setOffline(true);
  await page.reload();
  await engineReady(page);
  await page.click('#generate');
  await page.waitForFunction(() => /[1-9]/.test(document.getElementById('grid').dataset.givens ?? ''));
  assert.deepEqual([...page.errors], []);
  await context.close();
});

test('a new version installs beside the old, offers a reload, and no page mixes the two', async () => {
  // A copy of the site, so the test can deploy a second version of it.
  const site = mkdtempSync(join(tmpdir(), 'sudoku64-site-'));
  let server;
  const context = await env.browser.newContext();
  try {
    for (const path of ['index.html', 'print.html']) cpSync(join(ROOT, path), join(site, path));
    cpSync(join(ROOT, 'www'), join(site, 'www'), { recursive: true, filter: (src) => !/[/\\]pkg-[^/\\]*$/.test(src) });
    const first = await writeServiceWorker(site);
    server = staticServer({ root: site });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${server.address().port}`;
    const page = await openControlled(context, `${origin}/`);
    const other = await openControlled(context, `${origin}/`);
    assert.ok(await other.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the second page is controlled');
    const styleOf = (p) => p.evaluate(() => fetch('www/style.css').then((r) => r.text()));
    const MARK = '/* the second deploy */';

    // Deploy a second version: one file changes, and so does the worker's list.
    writeFileSync(join(site, 'www/style.css'), `${readFileSync(join(site, 'www/style.css'), 'utf8')}\n${MARK}\n`);
    const second = await writeServiceWorker(site);
    assert.notEqual(second.version, first.version);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));

    await page.waitForSelector('#update-prompt:not([hidden])');
    assert.match(await page.textContent('#update-message'), /new version .* ready/i);
    assert.equal(await page.getAttribute('#update-message', 'aria-live'), 'polite');
    // Both versions are kept while the new one waits; the pages still get the old files.
    const names = Object.keys(await cacheContents(page));
    assert.ok(names.includes(`sudoku64-${first.version}`) && names.includes(`sudoku64-${second.version}`), names.join(', '));
    assert.ok(!(await styleOf(page)).includes(MARK), 'the running page gets its own version\'s files');

    // The prompt is reached from the keyboard, and Enter reloads on the new version.
    await page.focus('#grid');
    let reached = false;
    for (let i = 0; i < 200 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'update-reload');
    }
    assert.ok(reached, 'Tab reaches the Reload button');
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await engineReady(page);
    assert.ok((await styleOf(page)).includes(MARK), 'the reloaded page runs on the new version');

    // The other tab, opened on the old version, keeps getting the old files, and is told.
    await other.waitForSelector('#update-prompt:not([hidden])');
    assert.ok(!(await styleOf(other)).includes(MARK), 'a page opened on the old version never gets a new file');
    // Once no page uses the old version, its cache goes (at a page's opening, once the
    // browser no longer lists the closed tab).
    await other.close();
    const oldKept = () => page.evaluate((old) => caches.keys().then((keys) => keys.includes(old)), `sudoku64-${first.version}`);
    for (let i = 0; await oldKept(); i++) {
      assert.ok(i < 50, 'the old version\'s cache is deleted once no page uses it');
      await page.reload();
      await engineReady(page);
      await page.waitForTimeout(200);
    }
    assert.deepEqual([...page.errors], []);
  } finally {
    await context.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
    rmSync(site, { recursive: true, force: true });
  }
});

test('the widget never registers a service worker on its host\'s site', async () => {
  // Nothing the two forms load speaks of service workers.
  for (const [, entry] of FORMS) {
    for (const path of await moduleGraph(`www/${entry}`, { engine: 'light' })) {
      if (path.endsWith('.wasm')) continue;
      assert.doesNotMatch(readFileSync(path, 'utf8'), /serviceWorker|offline\.js/, `${path} (loaded by www/${entry})`);
    }
  }
  // And in a browser: the example host page, with both widgets and the iframe form working.
  const page = await env.browser.newPage(); // a context of its own: no worker from other tests
  try {
    await page.goto(`${env.server.origin}/www/examples/embed.html`);
    await page.waitForFunction(() => ['play', 'generate'].every((id) => /[^.]/.test(document.getElementById(id)?.value ?? '')));
    const frames = page.frames().filter((f) => f !== page.mainFrame());
    for (const frame of frames) await frame.waitForLoadState('load');
    assert.deepEqual(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.map((x) => x.scope))), []);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
  } finally {
    await page.close();
  }
});
