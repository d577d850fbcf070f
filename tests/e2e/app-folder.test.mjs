// The site `npm start` serves, dist/app/ (scripts/app-folder.mjs), made afresh from the
// sources of now: the pages and every file they load, JavaScript minified, with a sw.js of
// its own, and the widget's example host page; served as npm start serves it, the app
// starts, generates and solves in Chromium, and the example's widgets load.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { launch, ROOT } from './harness.mjs';
import { staticServer } from '../../scripts/server.mjs';
import { appFiles, assembleAppFolder } from '../../scripts/app-folder.mjs';
import { precacheFiles, precacheManifest } from '../../scripts/precache.mjs';

/** Made here, beside the build's own dist/app/, so that the test never changes what npm start serves. */
const FOLDER = 'target/app-folder-test';
after(() => rmSync(join(ROOT, FOLDER), { recursive: true, force: true }));

/** Every file under `dir`, relative to it, with '/' separators. */
function walk(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path, base) : [relative(base, path).split('\\').join('/')];
  });
}

test('dist/app holds the pages and what they load, minified, with a service worker that lists them as they are', async () => {
  const { files } = await assembleAppFolder(FOLDER);
  const site = join(ROOT, FOLDER);
  const precached = await precacheFiles();
  assert.deepEqual(files, await appFiles());
  for (const file of [...precached, 'www/examples/embed.html', 'www/widget.js', 'www/pkg/sudoku64_light_bg.wasm']) {
    assert.ok(files.includes(file), `${file} is in the site`);
  }
  assert.deepEqual(walk(site).sort(), [...files, 'sw.js'].sort(), 'those files, its sw.js, and nothing else');
  let source = 0;
  let built = 0;
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    source += statSync(join(ROOT, file)).size;
    built += statSync(join(site, file)).size;
  }
  assert.ok(built < 0.75 * source, `minified: ${built} bytes of JavaScript against ${source}`);
  for (const file of files.filter((f) => !f.endsWith('.js'))) {
    assert.ok(readFileSync(join(site, file)).equals(readFileSync(join(ROOT, file))), `${file} copied as it is`);
  }
  // The worker's list is the folder's own files with their own hashes.
  const manifest = await precacheManifest(site);
  const written = readFileSync(join(site, 'sw.js'), 'utf8');
  assert.ok(written.includes(JSON.stringify(manifest, null, 1)), 'sw.js carries the folder\'s precache list');
  assert.deepEqual(manifest.files.map((f) => f.path), precached, 'the app\'s files, not the example\'s');
});

test('served as npm start serves it, the built app starts, generates and solves', async () => {
  const site = join(ROOT, FOLDER);
  const server = staticServer({ root: site });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err));
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(new Error(`${msg.text()} (${msg.location().url})`)); });
    await page.goto(`http://127.0.0.1:${server.address().port}/#size=9&seed=5`);
    await page.waitForFunction(() => document.getElementById('engine-version').textContent);
    await page.waitForFunction(() => /Generated/.test(document.getElementById('status').textContent));
    const givens = await page.$eval('#grid', (c) => c.dataset.givens);
    assert.match(givens, /^[1-9.]{81}$/);
    assert.ok(givens.includes('.'), givens);
    await page.click('#solve');
    await page.waitForFunction(() => !document.getElementById('grid').dataset.grid.includes('.'));
    const solved = await page.$eval('#grid', (c) => c.dataset.grid);
    for (let i = 0; i < 81; i++) if (givens[i] !== '.') assert.equal(solved[i], givens[i], `given ${i} kept`);
    // The widget's example host page, as the README says to open it.
    await page.goto(`http://127.0.0.1:${server.address().port}/www/examples/embed.html`);
    await page.waitForFunction(() => ['play', 'generate'].every((id) => /[^.]/.test(document.getElementById(id)?.value ?? '')));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
