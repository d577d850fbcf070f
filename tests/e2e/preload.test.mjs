// The preload links of the app's pages (scripts/preload.mjs): they are the ones the script
// would write, and in Chromium a page fetches at its start exactly the modules it
// preloads (a module missed would load a level of imports later again, one preloaded for
// nothing would cost bandwidth), the wasm in full once (the prefetch's; the worker's own
// request finds it in the HTTP cache), and says nothing of it in the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ROOT, withBrowser } from './harness.mjs';
import { PRELOAD_PAGES, preloadsOf, withPreloads } from '../../scripts/preload.mjs';
import { moduleGraph, references } from '../../scripts/widget-size.mjs';

const env = withBrowser();

test('every module a page imports statically is preloaded: none is fetched a level late', async () => {
  // A module that is imported (not with import()) must be there before the page runs; one
  // that is not preloaded is asked for only once its importer has been read.
  for (const page of PRELOAD_PAGES) {
    const entries = new Set(references(join(ROOT, page), await readFile(join(ROOT, page), 'utf8')).map((path) => relative(ROOT, path)));
    const seen = new Set();
    const queue = [join(ROOT, page)];
    while (queue.length) {
      const path = queue.shift();
      if (seen.has(path)) continue;
      seen.add(path);
      if (!/\.(?:m?js|html)$/.test(path)) continue;
      queue.push(...references(path, await readFile(path, 'utf8'), { urls: false, dynamic: false }));
    }
    const needed = [...seen].map((path) => relative(ROOT, path)).filter((path) => path.endsWith('.js') && !entries.has(path));
    const { modules } = await preloadsOf(page);
    assert.deepEqual(needed.filter((path) => !modules.includes(path)), [], `${page}: imported, not preloaded`);
  }
});

test('each page holds the preload links its module graph gives', async () => {
  for (const page of PRELOAD_PAGES) {
    const html = await readFile(join(ROOT, page), 'utf8');
    const preloads = await preloadsOf(page);
    assert.ok(preloads.modules.length > 5, `${page}: ${preloads.modules}`);
    assert.deepEqual(preloads.wasm, ['www/pkg/sudoku64_bg.wasm'], page);
    assert.equal(withPreloads(page, html, preloads), html, `${page}: run node scripts/preload.mjs`);
    // Written twice, the block stays one block.
    assert.equal(withPreloads(page, withPreloads(page, html, preloads), preloads), html, page);
  }
});

test('a page fetches at its start the modules it preloads, no others, and the wasm once', async () => {
  const rel = (path) => relative(ROOT, path).split('\\').join('/');
  const worker = new Set((await moduleGraph('www/internal/worker.js')).map(rel));
  for (const page of PRELOAD_PAGES) {
    const { modules } = await preloadsOf(page);
    const entries = (await readFile(join(ROOT, page), 'utf8')).match(/<script\b[^>]*\bsrc="[^"]+"/g)
      .map((tag) => /src="([^"]+)"/.exec(tag)[1]);
    // What loads only on demand (a hint's words, a link reader) may come later: not asked.
    const eager = new Set((await moduleGraph(page, { lazy: false })).map(rel));
    const onDemand = (await moduleGraph(page)).map(rel).filter((path) => !eager.has(path));

    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const tab = await context.newPage();
    const scripts = [];
    const wasm = [];
    const warnings = [];
    tab.on('requestfinished', async (request) => {
      const path = new URL(request.url()).pathname.slice(1);
      if (path.endsWith('.wasm')) wasm.push({ status: (await request.response())?.status(), ...await request.sizes() });
      else if (path.endsWith('.js') && !worker.has(path) && !onDemand.includes(path)) scripts.push(path);
    });
    tab.on('console', (message) => { if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text()); });
    await tab.goto(`${env.server.origin}/${page}`);
    // Both pages ask the engine its version at once: the prefetch's request, then the
    // worker's own.
    for (let i = 0; wasm.length < 2 && i < 300; i++) await tab.waitForTimeout(100);
    await tab.waitForTimeout(3500); // Chromium warns of an unused preload 3 s after the load event
    await context.close();

    assert.deepEqual([...new Set(scripts)].sort(), [...modules, ...entries].sort(), `${page}: the modules fetched`);
    assert.equal(scripts.length, new Set(scripts).size, `${page}: a module fetched twice: ${scripts}`);
    // The prefetch's, and the worker's own from the HTTP cache (a revalidation at most).
    assert.equal(wasm.length, 2, `${page}: ${JSON.stringify(wasm)}`);
    const full = wasm.filter((r) => r.responseBodySize > 0);
    assert.equal(full.length, 1, `${page}: the wasm sent in full once: ${JSON.stringify(wasm)}`);
    assert.deepEqual(warnings.filter((w) => /preload|prefetch/i.test(w)), [], page);
  }
});
